"""War games (RULES-SPEC section 2): starts, captures, the three capture rules, endings."""

import random

import pytest
from positions import refuse, untranslated, war_state

from rules import game_spec, load_game, load_state
from rules.kinds import EndCode, MoveKind
from rules.words import words_of


def names(state, mask_or_points):
    return sorted(state.game.point_name(p) for p in mask_or_points)


def texts(state):
    return sorted(state.move_text(m) for m in state.legal_moves())


# --- start positions ---------------------------------------------------------------------------


def occupied(state, player):
    return sorted(state.game.point_name(p) for p, (owner, _) in state.pieces().items() if owner == player)


def empty_points(state):
    b = state.game.board
    taken = state.pieces()
    return sorted(b.name_of(p) for p in b.points if p not in taken)


def test_sixteen_soldiers_start():
    s = load_game("sixteen_soldiers").new_initial_state()
    south = "c1 e1 g1 d2 e2 f2 c3 d3 e3 f3 g3 c4 d4 e4 f4 g4".split()
    north = "g9 e9 c9 f8 e8 d8 g7 f7 e7 d7 c7 g6 f6 e6 d6 c6".split()
    assert occupied(s, 0) == sorted(south)
    assert occupied(s, 1) == sorted(north)
    assert empty_points(s) == sorted("a3 a5 a7 b4 b5 b6 c5 d5 e5 f5 g5 h4 h5 h6 i3 i5 i7".split())


def test_peralikatuma_start():
    s = load_game("peralikatuma").new_initial_state()
    assert len(occupied(s, 0)) == len(occupied(s, 1)) == 23
    assert empty_points(s) == ["d5", "e5", "f5"]
    assert {"h4", "h5", "h6", "i3", "i5", "i7", "g5"} <= set(occupied(s, 0))
    assert {"b4", "b5", "b6", "a3", "a5", "a7", "c5"} <= set(occupied(s, 1))


def test_kotu_ellima_start():
    s = load_game("kotu_ellima").new_initial_state()
    assert len(occupied(s, 0)) == len(occupied(s, 1)) == 24
    assert empty_points(s) == ["e5"]
    assert "f5" in occupied(s, 0) and "d5" in occupied(s, 1)
    assert texts(s) == ["d4-e5", "e4-e5", "f4-e5", "f5-e5"]


def test_two_wing_sixteen_soldiers_start():
    s = load_game("sixteen_soldiers", board="two-wing").new_initial_state()
    assert len(s.game.board.points) == 37
    assert empty_points(s) == ["c5", "d5", "e5", "f5", "g5"]


def test_first_player_option_and_coin_toss():
    assert load_game("kotu_ellima", first="north").new_initial_state().to_move == 1
    seen = {
        load_game("kotu_ellima", first="coin").new_initial_state(random.Random(i)).to_move for i in range(20)
    }
    assert seen == {0, 1}


# --- options -------------------------------------------------------------------------------------


def test_unknown_option_names_the_option():
    with pytest.raises(ValueError, match="unknown option 'colour'.*capture"):
        load_game("kotu_ellima", colour="red")


def test_bad_option_value_names_allowed_values():
    with pytest.raises(ValueError, match=r"option 'capture'.*allowed: forced, huff, free"):
        load_game("kotu_ellima", capture="sometimes")
    with pytest.raises(ValueError, match="option 'target'"):
        load_game("sixteen_soldiers", target=17)


def test_options_accept_text_values():
    g = load_game("sixteen_soldiers", limit="60", target="3")
    assert g.options["limit"] == 60 and g.options["target"] == 3
    assert load_game("kotu_ellima", capture=" Huff ", first="NORTH").options["capture"] == "huff"
    assert load_game("kotu_ellima", capture=" Huff ", first="NORTH").new_initial_state().to_move == 1


def test_unknown_game():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        load_game("chess")


def test_registry_entries_are_complete():
    for gid in ("sixteen_soldiers", "peralikatuma", "kotu_ellima"):
        spec = game_spec(gid)
        assert spec.name and spec.description and spec.origin and spec.sides == ("South", "North")
        assert "huff" in spec.rules_text.lower()
        for opt in spec.options:
            assert opt.default in opt.choices and opt.help
            if opt.house_rule:
                assert "house rule" in spec.rules_text.lower()


# --- captures ------------------------------------------------------------------------------------


def test_chain_with_direction_change():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7")
    assert texts(s) == ["e3xe5xc5"]
    move = s.play("e3xe5xc5")
    assert names(s, move.captured) == ["d5", "e4"]
    assert occupied(s, 1) == ["i7"]


def test_chain_may_revisit_a_point_but_not_jump_a_piece_twice():
    # e5 jumps d4->c3, then c3 over c4 -> c5, then c5 over d5 -> e5 (back to its start).
    s = war_state("kotu_ellima", south="e5", north="d4 c4 d5 i7")
    assert "e5xc3xc5xe5" in texts(s)
    s.play("e5xc3xc5xe5")
    assert occupied(s, 1) == ["i7"]
    assert occupied(s, 0) == ["e5"]


def test_forced_capture_refuses_a_plain_move_with_reason():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 i7")
    before = s.to_text()
    refuse(s, "a3-a5", "a capture is available: captures are forced")
    assert s.to_text() == before


def test_forced_chain_must_be_finished():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7")
    refuse(s, "e3xe5", "the capture must go on")
    assert texts(s) == ["e3xe5xc5"]


def test_any_capturing_piece_and_any_maximal_chain():
    # Two capturing pieces; one chain takes two, the other one: both are legal.
    s = war_state("kotu_ellima", south="e3 g3", north="e4 d5 g4 i7")
    assert texts(s) == ["e3xe5xc5", "g3xg5"]


def test_free_rule_allows_stopping_and_plain_moves():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7", capture="free")
    t = texts(s)
    assert "e3xe5" in t and "e3xe5xc5" in t and "a3-a5" in t
    s.play("e3xe5")
    assert not [m for m in s.legal_moves() if m.kind == MoveKind.HUFF]


def test_illegal_move_reasons():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 i7", capture="free")
    refuse(s, "e3-e4", "e4 is taken")
    refuse(s, "e3-i7", "i7 is taken")  # not even on a line: that the point is taken comes first
    refuse(s, "e4-e5", "North's")
    refuse(s, "d3-d4", "no South piece on d3")
    refuse(s, "a3-c4", "not joined by a line")
    with pytest.raises(ValueError, match="not a point"):
        s.play("z9-e4")


# --- huff ----------------------------------------------------------------------------------------


def huffs(state):
    return sorted(state.move_text(m) for m in state.legal_moves() if m.kind == MoveKind.HUFF)


def test_huff_after_a_plain_move_that_skipped_a_capture():
    s = war_state("kotu_ellima", south="e3 g3 a3", north="e4 g4 i7", capture="huff")
    s.play("a3-a5")  # both e3 and g3 could have captured
    assert s.to_move == 1
    assert huffs(s) == ["~e3", "~g3"]
    s.play("~e3")  # does not use up North's turn
    assert s.to_move == 1 and "e3" not in occupied(s, 0)
    assert huffs(s) == []  # only once
    s.play("i7-i5")
    assert s.to_move == 0


def test_huff_moved_piece_counts_at_its_new_point():
    s = war_state("kotu_ellima", south="e3", north="e4 i7", capture="huff")
    s.play("e3-d3")
    assert huffs(s) == ["~d3"]


def test_huff_after_a_chain_stopped_early():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7", capture="huff")
    s.play("e3xe5")
    assert huffs(s) == ["~e5"]


def test_no_huff_after_a_full_chain_or_when_nothing_was_missed():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7", capture="huff")
    s.play("e3xe5xc5")
    assert huffs(s) == []
    s2 = war_state("kotu_ellima", south="a3", north="e4 i7", capture="huff")
    s2.play("a3-a5")
    assert huffs(s2) == []


def test_huff_offer_lapses_when_declined():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 i7 a7", capture="huff")
    s.play("a3-b4")
    assert huffs(s) == ["~e3"]
    s.play("i7-i5")  # North declines by moving
    s.play("b4-a3")  # South again skips the capture...
    assert huffs(s) == ["~e3"]  # ...so a new offer, for this move only
    s.play("i5-i7")
    s.play("e3xe5")
    assert huffs(s) == []


def test_huff_of_last_piece_wins():
    s = war_state("kotu_ellima", south="e3", north="e4 i7", capture="huff")
    s.play("e3-d3")
    s.play("~d3")
    assert s.outcome().winner == 1


def test_a_playout_that_huffs_the_last_piece_ends_the_game():
    """The quick simulation's huff of the last piece wins, as the checked move does."""
    s = war_state("kotu_ellima", south="e3", north="e4 i7", capture="huff")
    s.play("e3-d3")
    huffed = 0
    for seed in range(10):
        sim = s.copy()
        assert sim.playout(random.Random(seed), max_plies=1) == 1
        if not any(owner == 0 for owner, _ in sim.pieces().values()):
            huffed += 1
            assert sim.outcome() is not None and sim.outcome().winner == 1
    assert huffed


# --- endings -------------------------------------------------------------------------------------


def test_capturing_everything_wins():
    s = war_state("kotu_ellima", south="e3", north="e4")
    s.play("e3xe5")
    assert s.outcome().winner == 0
    assert "captured" in s.outcome().reason
    assert s.legal_moves() == []
    refuse(s, "e5-e4", "game is over")


def test_capture_target():
    # North started with 16 and has 4 left: South has taken 12 and needs one more for 13.
    s = war_state("sixteen_soldiers", south="e3 a3 a5 a7", north="e4 d5 c7 c6", target=13)
    assert s.outcome() is None
    s.play("e3xe5xc5")
    assert s.outcome().winner == 0 and s.outcome().code == EndCode.TARGET
    assert "target of 13" in s.outcome().reason


def test_player_without_moves_loses():
    s = war_state("kotu_ellima", south="e1 d2 e3 g1", north="c1", turn="N")
    out = s.outcome()
    assert out.winner == 0 and out.reason == "North cannot move"


def test_no_capture_limit_more_pieces_wins():
    s = war_state("kotu_ellima", south="a3 c3", north="i7", extra="quiet=19")
    assert s.outcome() is None
    s.play("a3-a5")
    out = s.outcome()
    assert out.winner == 0 and "20 plies without a capture" in out.reason


def test_no_capture_limit_equal_is_draw():
    s = war_state("kotu_ellima", south="a3", north="i7", extra="quiet=19")
    s.play("a3-a5")
    assert s.outcome().winner is None


def test_no_capture_limit_resets_on_capture():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 i7 i5", extra="quiet=19")
    s.play("e3xe5")
    assert s.outcome() is None and s.quiet_plies == 0


def test_win_by_capture_comes_before_no_move_and_limit():
    # South's last capture also leaves North nothing: the capture win is reported.
    s = war_state("kotu_ellima", south="e3", north="e4", extra="quiet=19")
    s.play("e3xe5")
    assert "captured" in s.outcome().reason


def test_no_move_comes_before_the_limit():
    s2 = war_state("kotu_ellima", south="e1 d2 e3 g1 a3", north="c1", extra="quiet=19")
    s2.play("a3-a5")
    assert s2.outcome().reason == "North cannot move"


def test_threefold_repetition_when_limit_off():
    s = war_state("kotu_ellima", south="a3", north="i7", limit="off")
    for _ in range(2):
        for m in ("a3-a5", "i7-i5", "a5-a3", "i5-i7"):
            assert s.outcome() is None
            s.play(m)
    assert s.outcome() == (None, "the same position came up three times", EndCode.REPETITION)
    s.undo()
    assert s.outcome() is None


# --- text forms ---------------------------------------------------------------------------------


def test_notation_round_trip_and_forms():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7", capture="free")
    for m in s.legal_moves():
        assert s.parse_move(s.move_text(m)) == m
    assert s.parse_move(" E3-e4 ".replace("-e4", "xE5")).captured


def test_position_text_round_trip_with_huff_and_counters():
    s = war_state("kotu_ellima", south="e3 g3 a3", north="e4 g4 i7", capture="huff")
    s.play("a3-a5")
    text = s.to_text()
    assert "huff=e3,g3" in text
    again = load_state(text)
    assert again.to_text() == text
    assert huffs(again) == ["~e3", "~g3"]


@pytest.mark.parametrize(
    "bad, why",
    [
        ("", "empty"),
        ("chess; board=x", "unknown game"),
        ("kotu_ellima capture=sometimes; board=x", "option 'capture'"),
        ("kotu_ellima; turn=S", "does not say the board"),
        ("kotu_ellima; board=...; turn=S", "rows"),
        (
            "kotu_ellima; board=NNN/NNN/NNNNNNS/NNNNNNS/NNNN.SSSS/NSSSSSS/NSSSSSS/SSS/SSQ; turn=S",
            r"'Q' on the board is not a piece of this game: use S, N, or \.",
        ),
        ("kotu_ellima; board=NNN/NNN/NNNNNNS/NNNNNNS/NNNN.SSSS/NSSSSSS/NSSSSSS/SSS/SSS; turn=X", "turn"),
        (
            "kotu_ellima; board=NNN/NNN/NNNNNNS/NNNNNNS/NNNN.SSSS/NSSSSSS/NSSSSSS/SSS/SSS; turn=S; quiet=-1",
            "negative",
        ),
        (
            "kotu_ellima; board=NNN/NNN/NNNNNNS/NNNNNNS/NNNN.SSSS/NSSSSSS/NSSSSSS/SSS/SSS; turn=S; huff=e5",
            "huff",
        ),
        (
            "kotu_ellima; board=NNN/NNN/NNNNNNS/NNNNNNS/NNNN.SSSS/NSSSSSS/NSSSSSS/SSS/SSS; turn=S; colour=3",
            "a Kotu Ellima position has no colour= part",
        ),
    ],
)
def test_corrupt_position_text_is_refused_with_a_reason(bad, why):
    with pytest.raises(ValueError, match=why) as err:
        load_state(bad)
    assert untranslated(words_of(err.value)) == "", "a Sinhala player would read the reason in English"


def test_undo_restores_state_and_refuses_at_start():
    s = load_game("kotu_ellima").new_initial_state()
    start = s.to_text()
    s.play("d4-e5")
    s.play(s.legal_moves()[0])
    s.undo()
    s.undo()
    assert s.to_text() == start
    with pytest.raises(IndexError):
        s.undo()


def test_copy_is_independent():
    s = load_game("kotu_ellima").new_initial_state()
    c = s.copy()
    c.play("d4-e5")
    assert s.to_text() != c.to_text() and s.ply == 0 and c.ply == 1
    c.undo()
    assert c.to_text() == s.to_text()


def test_moves_with_prefix_builds_a_chain_jump_by_jump():
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7", capture="free")
    e3, e5, c5 = (s.game.point_index(n) for n in ("e3", "e5", "c5"))
    first = s.moves_with_prefix([e3])
    assert {m.path[1] for m in first} == {
        e5,
        s.game.point_index("d3"),
        s.game.point_index("f3"),
        s.game.point_index("d4"),
        s.game.point_index("f4"),
        s.game.point_index("d2"),
        s.game.point_index("e2"),
        s.game.point_index("f2"),
    }
    after = s.moves_with_prefix([e3, e5])
    assert sorted(m.path for m in after) == [(e3, e5), (e3, e5, c5)]


def test_illegal_chain_reasons():
    s = war_state("kotu_ellima", south="e3 e4 a3", north="i7 d5 c5", capture="free")
    refuse(s, "e3xe5", r"over an enemy piece \(e4 is not one\)")
    s2 = war_state("kotu_ellima", south="e5 a3", north="d5 c5 i7", capture="free")
    refuse(s2, "e5xc5", "c5 is taken")
    assert s2.to_text() == war_state("kotu_ellima", south="e5 a3", north="d5 c5 i7", capture="free").to_text()


def test_why_illegal_names_what_is_wrong_with_a_move_given_as_a_route():
    """A move built from clicks (a route, not text) is refused with the rules' own reason: a step
    onto a piece of one's own, a hop between points no line joins, a chain that stops where it
    could go on after coming back over its starting point (which it left empty)."""
    from rules import Move
    from rules.kinds import MoveKind

    s = war_state("kotu_ellima", south="e3 e4 a3", north="i7 d5 c5")
    p = s.game.point_index
    assert s.why_illegal(Move(MoveKind.STEP, (p("e3"), p("e4")))) == "e4 is not empty"
    assert (
        s.why_illegal(Move(MoveKind.JUMP, (p("e4"), p("c6"), p("c4"))))
        == "e4 and c6 are not joined by a line"
    )
    assert (
        s.why_illegal(Move(MoveKind.JUMP, (p("e3"), p("e5"))))
        == "a jump must go over an enemy piece (e4 is not one)"
    )
    # the one capture, given as a step: nothing is wrong with its route, only with what it says
    lone = war_state("kotu_ellima", south="e3 a3", north="e4 i7")
    assert (
        lone.why_illegal(Move(MoveKind.STEP, (p("e3"), p("e5")), (p("e4"),)))
        == "that move is not allowed here"
    )
    blocked = war_state("kotu_ellima", south="e5 a3", north="d5 c5 i7", capture="free")
    assert blocked.why_illegal(Move(MoveKind.JUMP, (p("e5"), p("c5")))) == "c5 is not empty"
    # on the north wing a chain can land where it jumped a piece (e9): that point is empty again
    wing = war_state("kotu_ellima", south="c9 a3", north="e9 f8 e8 i7")
    assert [wing.move_text(m) for m in wing.legal_moves()] == ["c9xg9xe7xe9"]
    assert wing.why_illegal(Move(MoveKind.JUMP, tuple(p(n) for n in ("c9", "g9", "e7", "e9", "e5")))) == (
        "e9 and e5 are not joined by a line"
    )
    # stopped at c3, whose one jump left lands on the empty start e3
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d4 d3 i7")
    assert s.why_illegal(Move(MoveKind.JUMP, (p("e3"), p("e5"), p("c3")))) == (
        "the capture must go on: another jump is possible from c3"
    )
    s = war_state("kotu_ellima", south="e5 a3", north="d4 c4 d5 f5 i7")
    back = Move(MoveKind.JUMP, (p("e5"), p("c3"), p("c5"), p("e5")))
    assert back not in s.legal_moves()
    assert s.why_illegal(back) == "the capture must go on: another jump is possible from e5"


def test_huff_refusals_name_the_pieces_that_may_be_huffed():
    """Under the Huff rule, only the pieces that failed to capture may be huffed: the refusal
    lists them all; with none, there is nothing to huff."""
    from rules import Move

    s = war_state("kotu_ellima", south="e3 a3 c3", north="e5 c5 i7", capture="huff", extra="huff=e5,c5")
    p = s.game.point_index
    assert s.why_not_from(p("i7")) == "only a piece that failed to capture may be huffed (c5, e5)"
    assert (
        s.why_illegal(Move(MoveKind.HUFF, (p("i7"),)))
        == "only a piece that failed to capture may be huffed (c5, e5)"
    )
    calm = war_state("kotu_ellima", south="e3 a3", north="e7 a7", capture="huff")
    assert calm.why_illegal(Move(MoveKind.HUFF, (p("e7"),))) == "there is nothing to huff now"


def test_heuristic_is_the_share_of_the_material_lead():
    """Between ends, the war games' quick judgement is South's lead over all the pieces left:
    even material is 0, North ahead is below 0."""
    assert war_state("kotu_ellima", south="e3 a3", north="e7 a7").heuristic() == 0.0
    assert war_state("kotu_ellima", south="e3 a3", north="e7 a7 i7").heuristic() == pytest.approx(-0.2)
    assert war_state("kotu_ellima", south="e3 a3 i3", north="e7").heuristic() == pytest.approx(0.5)


def test_route_takes_names_each_hops_capture_even_before_the_chain_is_complete():
    """Clicking a forced chain hop by hop: the first hop (not yet a legal move on its own) already
    shows the piece it jumps, and the second the next one."""
    s = war_state("kotu_ellima", south="e3 a3", north="e4 d5 i7")
    p = s.game.point_index
    assert s.route_takes((p("e3"), p("e5"))) == [p("e4")]
    assert s.route_takes((p("e3"), p("e5"), p("c5"))) == [p("d5")]
    assert s.route_takes((p("e3"),)) == []
    assert s.route_takes((p("a3"), p("a5"))) == []  # no capture, and not a legal move here
