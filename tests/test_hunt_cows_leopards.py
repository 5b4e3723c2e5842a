"""Cows and Leopards (RULES-SPEC section 3): placement, leopard chains, cows' moves, endings."""

import pytest
from hunt_positions import hunt_state
from positions import refuse

from rules import IllegalMoveError, game_spec, load_game, load_state
from rules.kinds import EndCode, MoveKind, NoteCode, Phase, PieceKind

GAME = "cows_leopards"
COW_START = sorted("d4 e4 f4 d5 f5 d6 e6 f6".split())
# Twelve cows boxed into the south and west wings, which leopards on e3 and c5 close off.
WING_COWS = "c1 d2 e1 f2 g1 e2 a3 a5 a7 b4 b5 b6"


def names(state, points):
    return sorted(state.game.point_name(p) for p in points)


def points_of(state, player):
    return names(state, [p for p, (owner, _) in state.pieces().items() if owner == player])


def texts(state):
    return sorted(state.move_text(m) for m in state.legal_moves())


# --- start and placement ---------------------------------------------------------------------------


def test_start_position():
    s = load_game(GAME).new_initial_state()
    assert s.game.sides == game_spec(GAME).sides == ("Leopards", "Cows")
    assert points_of(s, 1) == COW_START and points_of(s, 0) == []
    assert {kind for _, kind in s.pieces().values()} == {PieceKind.COW}
    assert s.hands() == (2, 16) and s.captured_counts() == (0, 0)
    assert s.to_move == 0 and s.phase == Phase.DROP
    moves = s.legal_moves()
    assert len(moves) == 49 - 8 and all(m.kind == MoveKind.DROP for m in moves)
    assert "phase=drop" in s.to_text() and "hands=2/16" in s.to_text()


def test_placement_order_leopards_then_cows_then_leopards_move_while_cows_drop():
    s = load_game(GAME).new_initial_state()
    s.play("@e3")
    assert (s.to_move, s.phase, s.hands()) == (1, Phase.DROP, (1, 16))
    s.play("@a5")
    assert (s.to_move, s.phase) == (0, Phase.DROP)
    s.play("@c5")
    assert s.hands() == (0, 15)
    s.play("@i5")
    # The leopards now move; the cows still drop.
    assert (s.to_move, s.phase, s.hands()) == (0, Phase.MOVE, (0, 14))
    assert all(m.kind != MoveKind.DROP for m in s.legal_moves())
    s.play("e3-e2")
    assert (s.to_move, s.phase) == (1, Phase.DROP)
    assert {kind for p, (o, kind) in s.pieces().items() if o == 0} == {PieceKind.LEOPARD}


def test_drops_only_onto_empty_points():
    s = load_game(GAME).new_initial_state()
    refuse(s, "@e4", "e4 is not empty")
    drops = {s.game.point_name(m.path[0]) for m in s.legal_moves()}
    assert "e5" in drops and not drops & set(COW_START)


def test_drops_only_while_the_hand_is_not_empty():
    s = hunt_state(GAME, "e3 c5", WING_COWS + " e5", hands="0/3")
    refuse(s, "@g5", "all your leopards are on the board: move one")
    s2 = hunt_state(GAME, "e3 c5", "e5 " + WING_COWS, turn=1, hands="0/0")
    refuse(s2, "@g5", "all your cows are on the board: move one")


def test_leopards_cannot_move_until_both_are_on_the_board():
    s = load_game(GAME).new_initial_state()
    s.play("@e3")
    s.play("@a5")
    refuse(s, "e3-e2", "leopards cannot move until all are on the board")
    assert all(m.kind == MoveKind.DROP for m in s.legal_moves())


def test_cows_cannot_move_until_their_hand_is_empty():
    s = hunt_state(GAME, "a3 i7", "e5 e4", turn=1, hands="0/12")
    assert s.phase == Phase.DROP
    refuse(s, "e5-e6", "cows cannot move until all are on the board")
    assert all(m.kind == MoveKind.DROP for m in s.legal_moves())
    assert "cows cannot move until all are on the board" in [n.words for n in s.turn_notes()]


def test_cows_step_once_all_are_down_and_never_jump():
    s = hunt_state(GAME, "e3 i7", " ".join(COW_START) + " a3 a5 a7 b4", turn=1)
    assert s.phase == Phase.MOVE
    assert all(len(m.path) == 2 and not m.captured for m in s.legal_moves())
    refuse(s, "e4xe2", "cows never jump")
    s.play("e6-e7")
    assert s.to_move == 0


# --- leopard captures -------------------------------------------------------------------------------


def test_a_leopard_never_jumps_a_leopard():
    s = hunt_state(GAME, "e3 e4", WING_COWS, hands="0/4")
    refuse(s, "e3xe5", "a leopard never jumps a leopard")
    assert "e3xe5" not in texts(s)


def test_chains_may_stop_after_any_jump_and_change_direction():
    s = hunt_state(GAME, "e3 i7", "e4 d5 " + WING_COWS, hands="0/2")
    t = texts(s)
    assert "e3xe5" in t and "e3xe5xc5" in t
    assert "e3-d3" in t  # captures are never forced
    move = s.play("e3xe5")
    assert names(s, move.captured) == ["e4"]
    assert s.captured_counts() == (8 + 1, 0) and s.to_move == 1


def test_full_chain_captures_each_cow_once_and_may_revisit_a_point():
    s = hunt_state(GAME, "e5 i7", "d4 c4 d5 " + WING_COWS, hands="0/1")
    assert "e5xc3xc5xe5" in texts(s)
    move = s.play("e5xc3xc5xe5")
    assert move.kind == MoveKind.JUMP and names(s, move.captured) == ["c4", "d4", "d5"]
    assert s.captured_counts() == (8 + 3, 0)
    assert points_of(s, 0) == ["e5", "i7"]


def test_chain_cannot_land_on_the_other_leopard_or_jump_an_empty_point():
    s = hunt_state(GAME, "e3 c5", "e4 d5 " + WING_COWS, hands="0/2")
    assert "e3xe5xc5" not in texts(s)
    refuse(s, "e3xe5xc5", "c5 is not empty")
    refuse(s, "e3xg5", "a jump must go over a cow")


def test_illegal_move_reasons():
    s = hunt_state(GAME, "e3 i7", "e4 " + WING_COWS, hands="0/3")
    refuse(s, "e4-e5", "the piece on e4 is a cow")
    refuse(s, "d3-d4", "no leopard on d3")
    refuse(s, "e3-e4", "e4 is taken")
    refuse(s, "i7-a7", "a7 is taken")
    refuse(s, "i7-e8", "not joined by a line")
    refuse(s, "e3xe5-e6", "^after a capture the leopard may only jump again$")
    with pytest.raises(ValueError, match="not a point"):
        s.play("z9-e4")


# --- endings ----------------------------------------------------------------------------------------


def test_both_leopards_blocked_wins_for_the_cows():
    cows = "d2 e1 f2 e3 " + " ".join(COW_START)
    s = hunt_state(GAME, "c1 g1", cows, hands="0/12")  # 12 cows on the board, 12 in hand: none taken
    assert s.captured_counts() == (0, 0)
    out = s.outcome()
    assert out.winner == 1 and out.reason == "the leopards cannot move"
    assert s.legal_moves() == []


def test_one_blocked_leopard_is_not_enough():
    cows = "d2 e1 f2 e3 g1 " + " ".join(COW_START)
    s = hunt_state(GAME, "c1 a5", cows, hands="0/11")
    assert s.outcome() is None
    assert {s.game.point_name(m.path[0]) for m in s.legal_moves()} == {"a5"}


def test_blocking_the_leopards_while_the_cows_still_drop():
    cows = "d2 e1 f2 " + " ".join(COW_START)
    s = hunt_state(GAME, "c1 g1", cows, turn=1, hands="0/8")
    s.play("@e3")
    assert s.outcome().winner == 1


@pytest.mark.parametrize("target", [8, 12, 13])
def test_capture_goal_ends_the_game(target):
    # target - 1 cows taken so far; e3xe5 takes one more. Two of the cows left are in hand.
    left = 24 - (target - 1)
    pool = WING_COWS.split() + "c3 c4 c6 c7 d3 d7 g3 g4 g6 g7 h4 h5 h6 i3 i5 i7".split()
    cows = ["e4"] + pool[: left - 1 - 2]
    s = hunt_state(GAME, "e3 e9", " ".join(cows), hands="0/2", target=target)
    assert s.captured_counts() == (target - 1, 0) and s.outcome() is None
    s.play("e3xe5")
    out = s.outcome()
    assert out.winner == 0 and out.reason == f"the leopards captured {target} cows"
    assert s.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        s.play("e5-e6")


def test_capture_goal_comes_before_stuck_cows():
    # A chain from e3 back to e3 reaches the goal and leaves the cows boxed in their wings.
    s = hunt_state(GAME, "e3 c5", WING_COWS + " e4 d4 d3", target=12)
    assert s.captured_counts() == (9, 0) and s.outcome() is None
    s.play("e3xe5xc3xe3")
    assert s.captured_counts() == (12, 0)
    assert s.outcome() == (0, "the leopards captured 12 cows", EndCode.TARGET)
    stuck = load_state(s.to_text().replace("target=12", "target=13"))
    assert stuck.outcome() == (0, "the cows cannot move", EndCode.NO_MOVES)  # the cows are stuck as well


def test_cows_without_a_move_lose_by_the_house_rule():
    s = hunt_state(GAME, "e3 c5", WING_COWS, turn=1)
    assert s.captured_counts() == (12, 0)
    out = s.outcome()
    assert out.winner == 0 and out.reason == "the cows cannot move"


def test_cows_without_a_move_draw_when_chosen():
    s = hunt_state(GAME, "e3 c5", WING_COWS, turn=1, stuck="draw")
    out = s.outcome()
    assert out.winner is None and "the cows cannot move" in out.reason


def test_no_capture_limit_counts_only_once_all_cows_are_down():
    s = hunt_state(GAME, "e3 i7", "e5 " + WING_COWS, hands="0/1", extra="quiet=0")
    s.play("i7-i5")
    assert s.quiet_plies == 0  # a cow is still in hand
    s.play("@g5")
    assert s.quiet_plies == 0
    s.play("i5-i3")
    assert s.quiet_plies == 1
    s59 = hunt_state(GAME, "e3 i7", "e5 " + WING_COWS + " g5", extra="quiet=59")
    s59.play("i7-i5")
    out = s59.outcome()
    assert out.winner is None and out.reason == "60 plies without a capture: a draw"
    s_off = hunt_state(GAME, "e3 i7", "e5 " + WING_COWS + " g5", extra="quiet=500", limit="off")
    assert s_off.outcome() is None


def test_capture_resets_the_quiet_count():
    s = hunt_state(GAME, "e3 i7", "e4 " + WING_COWS + " g5", extra="quiet=59")
    s.play("e3xe5")
    assert s.quiet_plies == 0 and s.outcome() is None


# --- words and numbers for the UI -------------------------------------------------------------------


def test_turn_notes():
    s = load_game(GAME).new_initial_state()
    assert s.turn_notes()[0] == (NoteCode.DROP, "drop a leopard on any empty point (2 in hand)")
    s = hunt_state(GAME, "e3 i7", "e4 " + WING_COWS, hands="0/3")
    assert any("chain may stop" in n.words for n in s.turn_notes())
    s = hunt_state(GAME, "e3 i7", "e5 " + WING_COWS, turn=1)
    assert s.turn_notes() == [(NoteCode.STEPS_ONLY, "cows step only and never capture")]


def test_heuristic_is_in_range_and_prefers_free_leopards():
    free = hunt_state(GAME, "a5 i5", " ".join(COW_START) + " c3 g3 c7 g7", hands="0/12")
    boxed = hunt_state(GAME, "c1 i5", " ".join(COW_START) + " d2 e1 e3 g1", hands="0/12")
    assert -1 <= boxed.heuristic() < free.heuristic() <= 1
    ahead = hunt_state(GAME, "a5 i5", " ".join(COW_START) + " c3 g3 c7 g7", hands="0/2")
    assert free.heuristic() < ahead.heuristic() <= 1
    won = hunt_state(GAME, "c1 g1", "d2 e1 f2 e3 " + " ".join(COW_START), hands="0/12")
    assert won.heuristic() == -1.0
    # the cows to move, the leopards penned (each jump lands on a piece): nothing taken, no
    # move open, the worst judgement short of the end
    penned = hunt_state(GAME, "c1 g1", "d2 e1 f2 e3 " + " ".join(COW_START), turn=1, hands="0/12")
    assert penned.outcome() is None and penned.heuristic() == -1.0


def test_notation_round_trips_for_drops_steps_and_chains():
    for s in (
        load_game(GAME).new_initial_state(),
        hunt_state(GAME, "e5 i7", "d4 c4 d5 " + WING_COWS, hands="0/1"),
    ):
        for m in s.legal_moves():
            assert s.parse_move(s.move_text(m)) == m
    s = hunt_state(GAME, "e5 i7", "d4 c4 d5 " + WING_COWS, hands="0/1")
    assert s.parse_move(" E5xC3 ").captured == (s.game.point_index("d4"),)


def test_moves_with_prefix_builds_a_chain_jump_by_jump():
    s = hunt_state(GAME, "e5 i7", "d4 c4 d5 " + WING_COWS, hands="0/1")
    e5, c3, c5 = (s.game.point_index(n) for n in ("e5", "c3", "c5"))
    after = s.moves_with_prefix([e5, c3])
    assert sorted(m.path for m in after) == [(e5, c3), (e5, c3, c5), (e5, c3, c5, e5)]


def test_position_text_round_trips():
    s = hunt_state(GAME, "e3 i7", "e4 d5 " + WING_COWS, hands="0/2", extra="quiet=0; ply=9", target=12)
    text = s.to_text()
    assert text.startswith("cows_leopards limit=60 stuck=lose target=12; board=")
    assert "turn=L; phase=move; hands=0/2; quiet=0; ply=9" in text
    assert load_state(text).to_text() == text
    assert load_state(text).legal_moves() == s.legal_moves()
