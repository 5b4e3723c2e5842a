"""Ncuva (RULES-SPEC 6): hand-worked sowings on the 4-column board, the endings, the words.

Boards are written as on screen: North's outer row 4 on top, then rows 3, 2 and South's outer
row 1, columns a to d left to right. South sows a1 b1 c1 d1 d2 c2 b2 a2; North d4 c4 b4 a4
a3 b3 c3 d3.
"""

import random
from textwrap import dedent

import pytest
from positions import refuse, untranslated

from rules import game_spec, load_game, load_state
from rules.effects import replay_counts
from rules.kinds import Detail, EffectKind, EndCode, MoveKind, NoteCode, Phase
from rules.words import words_of


def position(board: str, turn: str = "S", extra: str = "", **options: object):
    """A state from four rows of counts (row 4 first), through the public text form; under the
    source's rules (sow again after a capture, two stones in every hole at the start: 16 a side on
    four columns) unless the options say otherwise."""
    game = load_game("ncuva", **{"after_capture": "sow-again", "start": "even", **options})
    rows = "/".join(",".join(line.split()) for line in dedent(board).strip().splitlines())
    text = f"{game.header()}; board={rows}; turn={turn}"
    return load_state(text + (f"; {extra}" if extra else ""))


def rows(state) -> str:
    """The board as four rows of counts, row 4 first (the form ``position`` reads)."""
    cols = state.game.cols
    counts = state.counts()
    return "\n".join(" ".join(str(counts[r * cols + c]) for c in range(cols)) for r in (3, 2, 1, 0))


def board(text: str) -> str:
    return dedent(text).strip()


def texts(state) -> list[str]:
    return [state.move_text(m) for m in state.legal_moves()]


def play_checked(state, text: str):
    """Play ``text`` after checking that its effects, replayed, give the board it leaves."""
    move = state.parse_move(text)
    before = state.counts()
    after, taken = replay_counts(before, state.effects(move))
    stores = state.stores()
    state.play(move)
    assert state.counts() == after
    assert [state.stores()[p] - stores[p] for p in (0, 1)] == taken
    return move


# --- the start ---------------------------------------------------------------------------------


def test_start_and_names():
    s = load_game("ncuva", start="even").new_initial_state()
    assert rows(s) == board("""
        2 2 2 2
        2 2 2 2
        2 2 2 2
        2 2 2 2""")
    assert s.to_move == 0 and s.turns == 0 and s.stores() == (0, 0)
    assert texts(s) == ["a1", "b1", "c1", "d1", "d2x", "c2x", "b2x", "a2x"]
    g = s.game
    assert [g.point_name(c) for c in g.layout.circuits[0]] == "a1 b1 c1 d1 d2 c2 b2 a2".split()
    assert [g.point_name(c) for c in g.layout.circuits[1]] == "d4 c4 b4 a4 a3 b3 c3 d3".split()
    assert g.point_name(g.layout.opposite[g.point_index("b2")]) == "b3"
    assert [g.point_name(c) for c in g.layout.rows[0]] == ["a1", "b1", "c1", "d1"]
    assert g.point_index("D4") == g.point_index("d4")
    with pytest.raises(ValueError, match="not a hole"):
        g.point_index("e1")
    assert "1  2  2  2  2" in s.picture()


def test_maruba_start_leaves_a_gap_on_each_players_far_left():
    """The default start: in South's inner row a2 (South's far left) is empty and b2 holds one
    stone; in North's inner row the far left seen from North's seat is d3, then c3."""
    s = load_game("ncuva").new_initial_state()
    assert rows(s) == board("""
        2 2 2 2
        2 2 1 0
        0 1 2 2
        2 2 2 2""")
    assert s.game.total_stones == 26 and s.to_move == 0
    assert texts(s) == ["a1", "b1", "c1x", "d1", "d2x", "c2x"]
    wide = load_game("ncuva", columns=12).new_initial_state()
    counts = wide.counts()
    assert [counts[wide.game.point_index(h)] for h in ("a2", "b2", "c2", "l3", "k3", "j3", "a3")] == [
        0,
        1,
        2,
        0,
        1,
        2,
        2,
    ]


def test_coin_toss_decides_who_sows_first():
    game = load_game("ncuva")
    assert game.options["first"] == "coin"
    starters = {game.new_initial_state(random.Random(seed)).to_move for seed in range(20)}
    assert starters == {0, 1}
    assert load_game("ncuva", first="north").new_initial_state(random.Random(1)).to_move == 1
    assert game.new_initial_state().to_move == 0  # no source of chance, no toss: South starts


def test_registry_entry_names_every_house_rule():
    spec = game_spec("ncuva")
    assert spec.sides == ("South", "North")
    assert [o.name for o in spec.options] == ["columns", "after_capture", "start", "first", "only_two"]
    text = " ".join(spec.rules_text.lower().split())
    assert text.count("house rule") >= 7
    for words in (
        "200 turns",
        "cycle",
        "100,000 lifts",
        "only two left",
        "maruba",
        "mefuvha",
        "singles",
        "cannot move",
        "the first player can take everything in the first turn",
        "coin toss",
    ):
        assert words in text
    for opt in spec.options:
        assert opt.default in opt.choices and opt.help
    # The defaults the measurement chose are not the source's, so they are labelled house rules,
    # and the source's choice is one of the values, named as the source's.
    for name, source in (("after_capture", "sow-again"), ("start", "even")):
        opt = spec.option(name)
        assert opt.default != source and opt.house_rule and "source" in opt.label_of(source)
    assert "first player can take everything" in spec.option("after_capture").help
    assert spec.option("first").default == "coin" and not spec.option("first").house_rule


# --- hand-worked sowings ------------------------------------------------------------------------


def test_plain_sowing_ends_in_an_empty_outer_hole():
    s = position("""
        2 2 2 2
        0 0 0 0
        0 0 0 1
        2 0 0 0""")
    play_checked(s, "a1")
    assert rows(s) == board("""
        2 2 2 2
        0 0 0 0
        0 0 0 1
        0 1 1 0""")
    assert s.to_move == 1 and s.turns == 1


def test_start_sowing_relays_and_laps_onto_the_emptied_start_hole():
    # a1 (2) -> b1 c1; c1 held 2: relay 3 -> d1 d2 c2; c2 held 2: relay 3 -> b2 a2 a1,
    # and a1, emptied at the start, is an ordinary empty hole: the sowing ends there.
    s = load_game("ncuva", start="even").new_initial_state()
    move = s.parse_move("a1")
    kinds = [(e.kind, s.game.point_name(e.cell), e.count) for e in s.effects(move)]
    assert kinds == [
        (EffectKind.LIFT, "a1", 2),
        (EffectKind.DROP, "b1", 0),
        (EffectKind.DROP, "c1", 0),
        (EffectKind.RELAY, "c1", 3),
        (EffectKind.DROP, "d1", 0),
        (EffectKind.DROP, "d2", 0),
        (EffectKind.DROP, "c2", 0),
        (EffectKind.RELAY, "c2", 3),
        (EffectKind.DROP, "b2", 0),
        (EffectKind.DROP, "a2", 0),
        (EffectKind.DROP, "a1", 0),
        (EffectKind.STOP, "a1", 0),
    ]
    assert s.effects(move)[-1].detail == Detail.SLEEP
    play_checked(s, "a1")
    assert rows(s) == board("""
        2 2 2 2
        2 2 2 2
        3 3 0 3
        1 3 0 3""")
    assert s.to_move == 1


def test_relay_of_two_laps():
    # a1 (9) goes all round and on to b1 (2): relay b1 -> c1 d1 (2): relay d1 -> d2 c2 (2):
    # relay c2 -> b2 a2 (2): relay a2 -> a1 b1, and b1 (lifted before) is empty: sleep.
    s = position("""
        1 1 1 1
        0 0 0 0
        0 0 0 0
        9 0 0 0""")
    play_checked(s, "a1")
    assert rows(s) == board("""
        1 1 1 1
        0 0 0 0
        0 2 0 2
        2 1 2 0""")


def test_relay_effects_of_two_laps():
    s = position("""
        1 1 1 1
        0 0 0 0
        0 0 0 0
        9 0 0 0""")
    effects = s.effects(s.parse_move("a1"))
    name = s.game.point_name
    assert [(name(e.cell), e.count) for e in effects if e.kind in (EffectKind.LIFT, EffectKind.RELAY)] == [
        ("a1", 9),
        ("b1", 2),
        ("d1", 2),
        ("c2", 2),
        ("a2", 2),
    ]
    assert sum(e.kind == EffectKind.DROP for e in effects) == 17
    assert (effects[-1].kind, name(effects[-1].cell), effects[-1].detail) == (
        EffectKind.STOP,
        "b1",
        Detail.SLEEP,
    )


CAPTURE_BOARD = """
    1 1 2 2
    1 0 3 0
    0 0 0 0
    0 0 0 2"""


def test_capture_takes_the_inner_and_outer_hole_then_sow_again():
    # d1 -> d2 c2; c2 was empty and c3 holds 3: take c3 (3) and c4 (2).
    s = position(CAPTURE_BOARD)
    before = s.stores()  # what the stones missing from the board say each side captured
    assert before == (16 - 10, 16 - 2)
    assert texts(s) == ["d1x"]
    move = s.parse_move("d1")
    assert s.move_gain(move) == 5 and len(s.captures(move)) == 2 and move.captured == ()
    effects = s.effects(move)
    assert [
        (e.kind, s.game.point_name(e.cell), e.count, e.player)
        for e in effects
        if e.kind == EffectKind.CAPTURE
    ] == [
        (EffectKind.CAPTURE, "c3", 3, 0),
        (EffectKind.CAPTURE, "c4", 2, 0),
    ]
    assert effects[-1].detail == Detail.CAPTURE
    play_checked(s, "d1x")
    assert rows(s) == board("""
        1 1 0 2
        1 0 0 0
        0 0 1 1
        0 0 0 0""")
    assert s.stores() == (before[0] + 5, before[1]) and s.captured_counts() == s.stores()
    # South decides again, in the same turn: no hole of two, so a single stone (c2 -> b2).
    assert s.to_move == 0 and s.turns == 0
    assert [n.code for n in s.turn_notes()] == [NoteCode.SOW_AGAIN, NoteCode.SINGLES]
    assert texts(s) == ["c2>b2"]
    play_checked(s, "c2>b2")
    assert rows(s) == board("""
        1 1 0 2
        1 0 0 0
        0 1 0 1
        0 0 0 0""")
    assert s.to_move == 1 and s.turns == 1


def test_capture_with_end_turn():
    s = position(CAPTURE_BOARD, after_capture="end-turn")
    before = s.stores()
    play_checked(s, "d1")
    assert s.stores() == (before[0] + 5, before[1])
    assert s.to_move == 1 and s.turns == 1


def test_outer_hole_alone_is_not_taken():
    # c2 is reached empty, but c3 is empty: nothing is taken even though c4 holds 5.
    s = position("""
        0 0 5 0
        1 0 0 0
        0 0 0 0
        0 0 0 2""")
    before = s.stores()
    assert texts(s) == ["d1"]
    play_checked(s, "d1")
    assert rows(s) == board("""
        0 0 5 0
        1 0 0 0
        0 0 1 1
        0 0 0 0""")
    assert s.stores() == before and s.to_move == 1


def test_north_captures_from_its_inner_row():
    # North sows a4 -> a3 b3; b3 was empty, b2 holds 2 and b1 holds 1: North takes 3.
    s = position(
        """
        2 0 0 1
        0 0 0 1
        1 2 0 0
        0 1 0 2""",
        turn="N",
        extra="turns=1",
    )
    before = s.stores()
    assert "a4x" in texts(s)
    play_checked(s, "a4x")
    assert rows(s) == board("""
        0 0 0 1
        1 1 0 1
        1 0 0 0
        0 0 0 2""")
    assert s.stores() == (before[0], before[1] + 3)


def test_singles_move_and_refused_onto_a_stone():
    s = position("""
        2 2 0 0
        0 0 0 0
        0 0 0 0
        1 1 0 0""")
    assert s.phase == Phase.SINGLES
    assert texts(s) == ["b1>c1"]
    assert [m.kind for m in s.legal_moves()] == [MoveKind.SINGLE]
    refuse(s, "a1", "next hole b1 is not empty")
    refuse(s, "b1>d1", "next hole along the circuit, c1")
    play_checked(s, "b1>c1")
    assert rows(s) == board("""
        2 2 0 0
        0 0 0 0
        0 0 0 0
        1 0 1 0""")
    assert s.to_move == 1


def test_single_stone_not_allowed_while_a_hole_holds_two():
    s = position("""
        2 2 2 2
        0 0 0 0
        0 0 0 0
        1 0 2 0""")
    assert texts(s) == ["c1"]
    refuse(s, "a1", "holds one stone")
    refuse(s, "b1", "^b1 is empty$")
    refuse(s, "a4", "North's hole")
    refuse(s, s.legal_moves()[0]._replace(kind=MoveKind.SINGLE), "sow the whole hole")


def test_relay_cycle_stops_the_sowing_and_ends_the_turn():
    # From b2 this relay sowing comes back to the very state it started from (board and
    # hole about to be lifted): it stops there, stones where they fell, and the turn ends.
    start = """
        2 2 2 2
        0 0 0 0
        0 2 1 0
        2 1 0 1"""
    s = position(start)
    before = s.stores()
    effects = s.effects(s.parse_move("b2"))
    assert (effects[-1].kind, s.game.point_name(effects[-1].cell), effects[-1].detail) == (
        EffectKind.STOP,
        "b2",
        Detail.CYCLE,
    )
    assert sum(e.kind == EffectKind.RELAY for e in effects) > 10
    play_checked(s, "b2")
    assert rows(s) == board(start)
    assert s.to_move == 1 and s.turns == 1 and s.stores() == before


# --- the endings ---------------------------------------------------------------------------------


def test_all_stones_captured():
    s = position("""
        0 0 1 0
        0 0 1 0
        0 0 0 0
        0 0 0 2""")
    play_checked(s, "d1x")
    out = s.outcome()
    assert out.winner == 0 and out.code == EndCode.ALL_CAPTURED and "North has no stones" in out.reason
    assert s.legal_moves() == []


def test_neither_player_has_a_hole_of_two():
    s = position("""
        1 0 0 0
        0 0 0 0
        0 0 0 0
        2 0 0 0""")
    play_checked(s, "a1")
    out = s.outcome()
    assert out.code == EndCode.STONES and out.winner == 0 and "2 stones to 1" in out.reason
    equal = position("""
        1 0 0 0
        0 0 0 1
        0 0 0 0
        1 0 1 0""")
    assert equal.outcome().code == EndCode.STONES and equal.outcome().winner is None


def test_a_player_who_cannot_move_ends_the_game():
    s = position("""
        2 2 0 0
        0 0 0 0
        1 1 1 1
        1 1 1 1""")
    out = s.outcome()
    assert out.code == EndCode.NO_MOVES and out.winner == 0
    assert out.reason == "South cannot move: South wins with 8 stones to 4"


def test_turn_count_ends_the_game():
    s = position(
        """
        0 0 0 2
        1 0 0 0
        0 0 0 0
        2 2 2 2""",
        turn="N",
        extra="turns=199",
    )  # North plays the last turn (South played the first)
    assert s.outcome() is None
    assert [n.code for n in s.turn_notes()] == [NoteCode.TURN_LIMIT]
    play_checked(s, "d4")
    out = s.outcome()
    assert s.turns == 200 and out.code == EndCode.LIMIT and out.winner == 0 and "200 turns" in out.reason


def test_turn_count_counts_turns_not_sowings():
    s = position(CAPTURE_BOARD)
    s.play("d1")  # a capture: South sows again, still turn 0
    assert s.turns == 0 and s.ply == 1
    s.play("c2>b2")
    assert s.turns == 1 and s.ply == 2
    s.undo()
    assert s.turns == 0 and s.to_move == 0


def test_only_two_left_option():
    board_text = """
        2 2 2 2
        0 0 0 0
        0 0 0 0
        3 0 0 0"""
    assert texts(position(board_text)) == ["a1"]
    s = position(board_text, only_two="on")
    assert s.outcome().code == EndCode.NO_MOVES and s.outcome().winner == 1
    assert s.phase == Phase.SOW  # a hole holds three: blocked by the rule, not a position of singles
    two_holes = position(board_text.replace("3 0 0 0", "3 2 0 0"), only_two="on")
    assert texts(two_holes) == ["a1", "b1"]


# --- text and notation ---------------------------------------------------------------------------


def test_position_text_round_trip_keeps_everything():
    s = position(CAPTURE_BOARD, extra="turns=8")
    before = s.stores()
    s.play("d1")
    text = s.to_text()
    assert f"store={before[0] + 5}/{before[1]}" in text and "sown=1" in text and "turns=8" in text
    again = load_state(text)
    assert again.to_text() == text
    assert again.legal_moves() == s.legal_moves() and again.to_move == 0
    assert [n.code for n in again.turn_notes()] == [NoteCode.SOW_AGAIN, NoteCode.SINGLES]


def refused_text(make, why):
    """``make()`` (reading a position) refuses it for the reason ``why`` (a pattern), in words the
    catalogue translates."""
    with pytest.raises(ValueError, match=why) as err:
        make()
    assert untranslated(words_of(err.value)) == "", "a Sinhala player would read the reason in English"


def test_bad_position_text():
    game = load_game("ncuva")
    refused_text(lambda: game.state_from_fields({"board": "2,2,2,2", "turn": "S"}), "4 rows")
    refused_text(
        lambda: game.state_from_fields({"board": "2,2,2/2,2,2,2/2,2,2,2/2,2,2,2", "turn": "S"}),
        "should have 4 counts",
    )
    refused_text(
        lambda: game.state_from_fields({"board": "x,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2", "turn": "S"}),
        "^'x' in row 4 of the board is not a number of stones$",
    )
    refused_text(
        lambda: game.state_from_fields({"board": "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2", "turn": "X"}),
        "whose turn it is must be S",
    )
    refused_text(
        lambda: game.state_from_fields({"board": "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2", "turn": "S", "foo": "1"}),
        r"^a Ncuva position has no foo= part \(its parts: board, turn, turns, store, sown, ply\)$",
    )


def test_notation():
    s = load_game("ncuva", start="even").new_initial_state()
    for move in s.legal_moves():
        assert s.parse_move(s.move_text(move)) == move
    assert s.parse_move("d2") == s.parse_move("d2x")
    assert s.parse_move("d2").kind == MoveKind.SOW
    with pytest.raises(ValueError, match="cannot read"):
        s.parse_move("zz")
    with pytest.raises(ValueError, match="not a hole"):
        s.parse_move("f1")


def test_why_illegal_says_what_is_wrong_with_a_move_given_as_a_value():
    """A move built by a caller, not read from text: a legal hole with a wrong capture list, the
    wrong kind for the hole, a route, a hole off the board, an empty hole of one's own."""
    from rules import Move

    s = load_game("ncuva", start="even").new_initial_state()
    first = s.legal_moves()[0]
    assert s.why_illegal(first._replace(captured=(5,))) == "that move does not capture what it says"
    assert s.why_illegal(first._replace(kind=MoveKind.SINGLE)) == (
        "sow the whole hole: a single stone moves only when no hole holds two"
    )
    assert (
        s.why_illegal(Move(MoveKind.SOW, (first.origin, s.legal_moves()[1].origin)))
        == "choose one of your holes to sow"
    )
    assert s.why_illegal(Move(MoveKind.SOW, (99,))) == "no such hole"
    gap = position("""
        2 2 2 2
        2 2 2 2
        2 2 2 2
        0 2 2 4""")
    assert s.game.point_name(0) == "a1"
    assert gap.why_illegal(Move(MoveKind.SOW, (0,))) == "a1 is empty"
