"""BattleHalma (RULES-SPEC section 5): directions, leaps, chains, captures, kings, endings,
notation, routes and the registry entry."""

import pytest

from rules import IllegalMoveError, game_spec, load_game, load_state
from rules.battlehalma_games import VARIANTS
from rules.effects import replay_pieces
from rules.kinds import BoardKind, Detail, EffectKind, EndCode, MoveKind, NoteCode, Phase, PieceKind


def bh_state(pieces: str, turn: str = "R", extra: str = "", **options):
    """A position from 'd4:r e5:B ...' (r/b counters, R/B kings) on an otherwise empty board."""
    game = load_game("battlehalma", **options)
    chars = {}
    for item in pieces.split():
        name, ch = item.split(":")
        chars[game.point_index(name)] = ch
    rows = "/".join("".join(chars.get(p, ".") for p in row) for row in game.geo.rows_top_down())
    text = f"{game.header()}; board={rows}; turn={turn}" + (f"; {extra}" if extra else "")
    return load_state(text)


def texts(state, origin=None):
    g = state.game
    return sorted(
        state.move_text(m)
        for m in state.legal_moves()
        if origin is None or m.path[0] == g.point_index(origin)
    )


def ends(state, origin):
    g = state.game
    return sorted(g.point_name(m.path[-1]) for m in state.legal_moves() if m.path[0] == g.point_index(origin))


def name_set(state, cells):
    return sorted(state.game.point_name(c) for c in cells)


# --- start and registry ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variants_start_with_their_yards(name):
    opts = VARIANTS[name]
    state = load_game("battlehalma", **opts).new_initial_state()
    n = opts["size"]
    pieces = state.pieces()
    red = [p for p, (o, _) in pieces.items() if o == 0]
    blue = [p for p, (o, _) in pieces.items() if o == 1]
    assert len(red) == len(blue) == opts["counters"]
    assert n - 1 in red and (n - 1) * n in blue  # each side holds its own corner
    assert {k for _, k in pieces.values()} == {PieceKind.COUNTER}
    assert state.to_move == 0 and state.phase == Phase.MOVE and state.outcome() is None
    assert game_spec("battlehalma").variant_of(state.game.options) == name


def test_registry_entry():
    spec = game_spec("battlehalma")
    assert spec.sides == ("Red", "Blue")
    assert [o.name for o in spec.options] == ["rule", "size", "counters", "limit", "repetition"]
    assert spec.option("limit").default == 100 and spec.option("limit").house_rule
    assert spec.option("repetition").house_rule
    text = spec.rules_text.lower()
    assert text.count("house rule") >= 6
    for phrase in (
        "red moves first",
        "visited",
        "ends the move",
        "removed at once",
        "cannot move loses",
        "100 moves",
        "seed",
    ):
        assert phrase in text
    assert game_spec("battlehalma").variant_of({"rule": "terminal", "size": 8, "counters": 15}) == "custom"
    load_game("battlehalma", rule="terminal", size=8, counters=15)  # sound: the yards do not overlap


def test_layout_and_names():
    game = load_game("battlehalma", size=10, counters=15)
    lay = game.layout
    assert lay.kind == BoardKind.SQUARES and lay.size == (10, 10) and len(lay.cells) == 100
    assert set(lay.directions) == {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
    a1, j10 = game.point_index("a1"), game.point_index("j10")
    assert (lay.cell(a1).x, lay.cell(a1).y) == (0, 0) and (lay.cell(j10).x, lay.cell(j10).y) == (9, 9)
    assert game.point_name(game.point_index("c7")) == "c7"
    with pytest.raises(ValueError, match="not a square"):
        game.point_index("k1")
    for beyond in (-1, 100, 101):  # past j10: no square, not a name on another row
        with pytest.raises(ValueError, match="not a square"):
            game.point_name(beyond)


# --- directions ---------------------------------------------------------------------------------------


def test_red_counter_never_moves_east_south_or_south_east():
    s = bh_state("d4:r h8:b")
    assert ends(s, "d4") == ["c3", "c4", "c5", "d5", "e5"]
    assert s.why_not_path((s.game.point_index("d4"), s.game.point_index("e4"))) == (
        "a counter never moves toward its own yard (east, south or south-east)"
    )


def test_blue_counter_never_moves_west_north_or_north_west():
    s = bh_state("a1:r d4:b", turn="B")
    assert ends(s, "d4") == ["c3", "d3", "e3", "e4", "e5"]
    assert s.why_not_path((s.game.point_index("d4"), s.game.point_index("d5"))) == (
        "a counter never moves toward its own yard (west, north or north-west)"
    )


def test_king_moves_all_eight_ways_and_counters_leap_only_allowed_ways():
    s = bh_state("d4:R h8:b")
    assert ends(s, "d4") == ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    # A counter leaps in its own directions only: over e4 (east) is refused.
    s = bh_state("d4:r e4:r d5:r h8:b")
    assert "d4:f4" not in texts(s) and "d4:d6" in texts(s)
    s = bh_state("d4:R e4:r h8:b")
    assert "d4:f4" in texts(s)


# --- leaps and chains -----------------------------------------------------------------------------------


def test_leaps_over_own_and_enemy_counters_leave_them():
    s = bh_state("d4:r d5:r c4:b h1:r", turn="R")
    assert {"d4:d6", "d4:b4"} <= set(texts(s, "d4"))
    before = s.captured_counts()
    s.play("d4:b4")
    assert s.pieces()[s.game.point_index("c4")] == (1, PieceKind.COUNTER)
    assert s.captured_counts() == before


def test_chain_with_several_landings_may_stop_anywhere():
    s = bh_state("h1:r g2:r e4:r c5:b a8:b")
    assert {"h1:f3", "h1:f3:d5", "h1:f3:d5:b5"} <= set(texts(s, "h1"))
    move = s.parse_move("h1:f3:d5:b5")
    assert move.kind == MoveKind.LEAP and name_set(s, move.path) == sorted(["h1", "f3", "d5", "b5"])
    s.play(move)
    assert s.pieces()[s.game.point_index("b5")] == (0, PieceKind.COUNTER)


def test_no_immediate_return_and_no_revisit():
    g = load_game("battlehalma")
    s = bh_state("d4:r e5:r h8:b")
    d4, f6 = g.point_index("d4"), g.point_index("f6")
    nexts, complete = s.continuations((d4, f6))
    assert complete and d4 not in nexts
    assert s.why_not_path((d4, f6, d4)) == "a leap never returns to a square already visited in this move"
    # A king's longer loop back to its start: c3 -> e5 -> e3 -> c3 is refused.
    k = bh_state("c3:R d4:r e4:r d3:r h8:b")
    c3, e5, e3 = (g.point_index(n) for n in ("c3", "e5", "e3"))
    assert k._trace((c3, e5, e3))[1] is not None
    assert k.why_not_path((c3, e5, e3, c3)) == "a leap never returns to a square already visited in this move"
    assert all(m.path[-1] != c3 for m in k.legal_moves())


def test_different_routes_to_one_end_are_one_move():
    # d2 reaches d6 by d2:d4:d6 and by d2:f4:d6: one move, either route accepted.
    s = bh_state("d2:r d3:r d5:r e3:r e5:r h8:b")
    g = s.game
    to_d6 = [
        m for m in s.legal_moves() if g.point_name(m.path[-1]) == "d6" and g.point_name(m.path[0]) == "d2"
    ]
    assert len(to_d6) == 1
    routes = {":".join(g.point_name(p) for p in r) for r in s.routes(to_d6[0])}
    assert routes == {"d2:d4:d6", "d2:f4:d6"}
    assert s.move_text(to_d6[0]) == "d2:d4:d6"  # breadth first, directions in compass order
    for route in routes:
        assert s.parse_move(route) == to_d6[0]
    d2, f4 = g.point_index("d2"), g.point_index("f4")
    assert sorted(g.point_name(m.path[-1]) for m in s.moves_with_prefix((d2, f4))) == ["d6", "f4"]


# --- captures -------------------------------------------------------------------------------------------


def test_capture_by_step():
    s = bh_state("d4:r d5:b h8:b")
    assert "d4xd5" in texts(s)
    move = s.play("d4xd5")
    assert name_set(s, move.captured) == ["d5"]
    assert s.pieces()[s.game.point_index("d5")] == (0, PieceKind.COUNTER)


def test_capture_by_leap_landing_ends_the_move():
    s = bh_state("d4:r d5:r d6:b c7:r h8:b")
    move = s.parse_move("d4xd6")
    assert move.captured == (s.game.point_index("d6"),)
    assert not any(len(m.path) > 2 and m.path[1] == s.game.point_index("d6") for m in s.legal_moves())
    assert s.why_not_path(move.path + (s.game.point_index("b8"),)) == "landing on an enemy ends the move"


def test_king_captures_leapt_enemies_at_once():
    s = bh_state("d4:R d5:b d7:b a1:b")
    assert {"d4xd6", "d4xd6xd8"} <= set(texts(s, "d4"))
    move = s.parse_move("d4:d6:d8")
    assert name_set(s, move.captured) == ["d5", "d7"]
    d4, d6 = s.game.point_index("d4"), s.game.point_index("d6")
    assert sorted(s.move_text(m) for m in s.moves_with_prefix((d4, d6))) == ["d4xd6", "d4xd6xd8"]
    before = s.captured_counts()[0]
    s.play(move)
    assert s.captured_counts()[0] == before + 2
    # The removed enemy cannot be leapt again: c4 -> e6 (takes d5) -> c6 -> e4 would need d5.
    k = bh_state("c4:R d5:b d6:r a1:b")
    g = k.game
    path = tuple(g.point_index(n) for n in ("c4", "e6", "c6", "e4"))
    assert k.why_not_path(path) == "a leap goes over a piece, and d5 is empty"


def test_king_leaping_own_pieces_does_not_capture_them():
    s = bh_state("d4:R d5:r a1:b")
    assert s.parse_move("d4:d6").captured == ()


# --- promotion and terminal --------------------------------------------------------------------------------


def test_promotion_only_when_the_move_ends_on_the_corner():
    s = bh_state("b7:r c6:r a1:b", counters=3)
    g = s.game
    crown = s.parse_move("b7-a8")
    assert crown.kind == MoveKind.STEP_KING and s.move_text(crown) == "b7-a8=K"
    assert s.parse_move("b7-b8").kind == MoveKind.STEP
    assert s.parse_move("c6:a8").kind == MoveKind.LEAP_KING
    effects = s.effects(crown)
    assert effects[-1].kind == EffectKind.PROMOTE and effects[-1].detail == PieceKind.KING
    s.play(crown)
    assert s.pieces()[g.point_index("a8")] == (0, PieceKind.KING)
    # A counter that passes through other squares is not crowned; a king is not crowned again.
    k = bh_state("b7:R a1:b", counters=3)
    assert k.parse_move("b7-a8").kind == MoveKind.STEP


def test_terminal_rule_first_counter_on_the_corner_wins():
    s = bh_state("b7:r a8:b h1:r g1:r", rule="terminal", counters=6)
    move = s.play("b7xa8")
    assert move.captured
    out = s.outcome()
    assert out.winner == 0 and out.code == EndCode.TERMINAL and s.legal_moves() == []
    assert load_state(s.to_text()).outcome() == out
    with pytest.raises(ValueError, match="no kings"):
        bh_state("b7:R a1:b", rule="terminal", counters=6)


def test_all_captured_wins():
    s = bh_state("d4:r d5:b a1:r")
    s.play("d4xd5")
    assert s.outcome().code == EndCode.ALL_CAPTURED and s.outcome().winner == 0


def test_player_who_cannot_move_loses():
    red = "a4 a5 a6 a7 b5 b6 b7 b8 c6 c7 c8 d7 d8 e8".split()
    s = bh_state(" ".join(f"{n}:r" for n in red) + " a8:R g1:b", counters=15)
    out = s.outcome()
    assert out.winner == 1 and out.code == EndCode.NO_MOVES and s.legal_moves() == []
    assert load_state(s.to_text()).outcome() == out


# --- draws ---------------------------------------------------------------------------------------------


def test_threefold_repetition_draws_and_the_start_counts():
    s = bh_state("d4:r e8:b a1:b h1:r")  # a loaded position counts once, like the start
    cycle = ["d4-e5", "e8-d7", "e5-d4", "d7-e8"]
    for text in cycle:
        s.play(text)
    assert s.repetitions() == 2 and s.outcome() is None
    assert any(n.code == NoteCode.REPETITION_NEAR for n in s.turn_notes())
    reloaded = load_state(s.to_text())
    assert reloaded.repetitions() == 2
    for text in cycle:
        s.play(text)
        reloaded.play(text)
    assert s.outcome().code == EndCode.REPETITION and s.outcome().winner is None
    assert reloaded.outcome() == s.outcome()
    assert load_state(s.to_text()).outcome() == s.outcome()
    off = bh_state("d4:r e8:b a1:b h1:r", repetition="off")
    for text in cycle * 3:
        off.play(text)
    assert off.outcome() is None and "rep" not in off.body_fields()


def test_a_capture_forgets_the_positions_before_it():
    s = bh_state("d4:r e8:b a1:b h1:r g7:b")
    s.play("d4-e5")
    s.play("g7-f6")
    s.play("e5xf6")
    assert s.body_fields()["rep"].count("*") == 1


def test_no_capture_limit_and_a_capture_resets_it():
    s = bh_state("d4:r h8:b f6:b", extra="quiet=99")
    s.play("d4-d5")
    assert s.outcome().code == EndCode.LIMIT and s.outcome().winner is None
    s = bh_state("d4:r d5:b h8:b", extra="quiet=99")
    s.play("d4xd5")
    assert s.outcome() is None and s.quiet_plies == 0
    s = bh_state("d4:r h8:b f6:b", extra="quiet=150", limit=200)
    s.play("d4-d5")
    assert s.outcome() is None
    off = bh_state("d4:r h8:b", extra="quiet=500", limit="off")
    assert off.outcome() is None


def test_outcome_priority_win_before_draws():
    s = bh_state("d4:r d5:b", extra="quiet=99")
    s.play("d4xd5")
    assert s.outcome().code == EndCode.ALL_CAPTURED


# --- notation, routes, words ------------------------------------------------------------------------------


def test_notation_forms():
    s = bh_state("h1:r g2:r e4:r d5:b c6:b a8:b")
    assert "h1:f3xd5" in texts(s) and "h1-h2" in texts(s)
    k = bh_state("d4:R d5:b a1:b")
    assert "d4xd6" in texts(k)
    with pytest.raises(ValueError, match="cannot read move"):
        s.parse_move("h1")
    with pytest.raises(ValueError, match="not a square"):
        s.parse_move("h1-z9")
    with pytest.raises(IllegalMoveError, match="own piece"):
        s.parse_move("h1-g2")


def test_continuations_and_prefixes_for_a_chain_built_square_by_square():
    s = bh_state("h1:r g2:r e4:r c5:b a8:b")
    g = s.game
    h1, f3, d5 = (g.point_index(n) for n in ("h1", "f3", "d5"))
    nexts, complete = s.continuations((h1,))
    assert f3 in nexts and not complete
    nexts, complete = s.continuations((h1, f3))
    assert d5 in nexts and complete
    prefixed = s.moves_with_prefix((h1, f3))
    assert {g.point_name(m.path[-1]) for m in prefixed} == {"f3", "d5", "b5"}
    assert s.continuations((h1, g.point_index("h3"))) == ([], False)


def test_refusals_in_player_words():
    s = bh_state("d4:r e8:b a1:b")
    g = s.game
    d4 = g.point_index("d4")
    assert s.why_not_from(g.point_index("e8")) == "the piece on e8 is Blue's"
    assert s.why_not_from(g.point_index("c2")) == "there is no Red piece on c2"
    assert s.why_not_path((d4, g.point_index("d6"))) == "a leap goes over a piece, and d5 is empty"
    assert s.why_not_path((d4, g.point_index("e6"))) == "e6 is neither a step nor a leap from d4"
    # asked of a route that is fine, the rules say so
    assert s.why_not_from(d4) == "the counter on d4 can move: pick where to"
    assert s.why_not_path((d4,)) == "that route is legal so far"
    assert s.why_not_path((d4, g.point_index("d5"))) == "that move is legal"
    stuck = bh_state("a7:r a8:R b8:r b7:r a6:r c8:r c6:r a1:b", counters=10)
    assert stuck.why_not_from(g.point_index("b7")) == (
        "the counter on b7 has no move: counters never move east, south or south-east, and cannot land on "
        "their own pieces"
    )
    assert stuck.why_not_from(g.point_index("a8")) == "the king on a8 is hemmed in by your own pieces"
    assert stuck.why_not_path((g.point_index("a8"),)) == "the king on a8 is hemmed in by your own pieces"
    assert "can move" in stuck.why_not_from(g.point_index("c6"))


def test_effects_replay_for_a_king_chain_with_exchange():
    s = bh_state("d4:R d5:b d7:b d8:b e5:r a1:b")
    for m in s.legal_moves():
        before = s.pieces()
        effects = s.effects(m)
        s.apply(m)
        assert replay_pieces(before, effects) == s.pieces(), s.move_text(m)
        s.undo()
    move = s.parse_move("d4xd6xd8")
    kinds = [(e.kind, e.detail) for e in s.effects(move)]
    assert kinds == [
        (EffectKind.MOVE, Detail.HOP),
        (EffectKind.REMOVE, Detail.CAPTURE),
        (EffectKind.REMOVE, Detail.EXCHANGE),
        (EffectKind.MOVE, Detail.HOP),
        (EffectKind.REMOVE, Detail.CAPTURE),
    ]


def test_material_outweighs_progress_in_the_quick_judgement():
    """Three counters at home against one far along: Red is judged ahead (material counts 0.7,
    progress 0.3); the same picture with the sides' numbers swapped judges Red behind."""
    assert bh_state("h1:r g1:r h2:r b1:b").heuristic() > 0
    assert bh_state("g7:r a8:b b8:b a7:b").heuristic() < 0
    # mirror images are even, however far along each piece is; a draw is even
    assert bh_state("g2:r e4:r b7:b d5:b").heuristic() == 0.0
    drawn = bh_state("d4:r h8:b", extra="quiet=100")
    assert drawn.outcome().winner is None and drawn.heuristic() == 0.0


def test_refusals_of_a_route_text_and_an_undo_say_why():
    s = bh_state("d4:r h8:b")
    g = s.game
    with pytest.raises(IllegalMoveError) as err:
        s.move_for_route((g.point_index("d4"), g.point_index("d6")))
    assert str(err.value) == "a leap goes over a piece, and d5 is empty"
    with pytest.raises(ValueError) as bad:
        load_state(s.to_text() + "; colour=red")
    assert (
        str(bad.value)
        == "a BattleHalma position has no colour= part (its parts: board, turn, quiet, ply, rep)"
    )
    with pytest.raises(IndexError, match="^no move to undo$"):
        load_game("battlehalma").new_initial_state().undo()


def test_a_greedy_playout_takes_the_biggest_capture():
    """With greedy 1 the quick simulation always plays a move that takes the most: here the one
    capture among eight moves, whatever the seed."""
    import random

    s = bh_state("d4:r d5:b a1:r h8:b")
    assert len(s.legal_moves()) == 8
    for seed in range(10):
        sim = s.copy()
        assert sim.playout(random.Random(seed), max_plies=1, greedy=1.0) == 1
        assert sorted(name_set(sim, [p for p, (owner, _) in sim.pieces().items() if owner == 1])) == ["h8"]


def test_kings_shuffling_back_and_forth_keep_their_repetition_counts_in_the_text():
    """Two kings stepping out and back: the start comes up again, and the text (every position
    since the last capture, kings among them) loads as the same position with the same count."""
    s = bh_state("d4:R g7:B")
    for move in ("d4-d5", "g7-g6", "d5-d4", "g6-g7"):
        s.play(move)
    assert s.repetitions() == 2
    again = load_state(s.to_text())
    assert again.to_text() == s.to_text() and again.repetitions() == 2
