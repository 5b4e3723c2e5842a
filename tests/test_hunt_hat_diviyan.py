"""Hat Diviyan Keliya (RULES-SPEC section 4): both boards, drops, the tiger's jump, traps, goals."""

from itertools import combinations

import pytest
from hunt_positions import hunt_state
from positions import refuse

from rules import load_game, load_state
from rules.boards import bits
from rules.kinds import EndCode, MoveKind, NoteCode, Phase, PieceKind

GAME = "hat_diviyan_keliya"


def texts(state):
    return sorted(state.move_text(m) for m in state.legal_moves())


# --- start and placement ---------------------------------------------------------------------------


def test_standard_start():
    s = load_game(GAME).new_initial_state()
    assert s.game.sides == ("Tiger", "Leopards")
    assert len(s.game.board.points) == 10 and s.pieces() == {}
    assert s.hands() == (1, 7) and s.to_move == 0 and s.phase == Phase.DROP
    assert len(s.legal_moves()) == 10 and all(m.kind == MoveKind.DROP for m in s.legal_moves())
    assert s.turn_notes() == [(NoteCode.DROP, "drop a tiger on any empty point (1 in hand)")]


def test_the_tiger_moves_between_the_leopards_drops():
    s = load_game(GAME).new_initial_state()
    refuse(s, "d4-d3", "first drop the tiger on the board")
    s.play("@d4")
    assert (s.to_move, s.phase, s.hands()) == (1, Phase.DROP, (0, 7))
    refuse(s, "@d4", "d4 is not empty")
    s.play("@d3")
    assert (s.to_move, s.phase) == (0, Phase.MOVE)
    refuse(s, "@a1", "the tiger is already on the board: move it")
    assert texts(s) == ["d4-c3", "d4-e3", "d4xd2"]
    s.play("d4xd2")
    assert s.captured_counts() == (1, 0) and s.hands() == (0, 6)
    assert s.pieces() == {s.game.point_index("d2"): (0, PieceKind.TIGER)}


def test_leopards_cannot_move_until_all_are_dropped():
    s = hunt_state(GAME, "d4", "a1 b2", turn=1, hands="0/5")
    assert s.phase == Phase.DROP
    refuse(s, "a1-d1", "leopards cannot move until all are on the board")
    assert all(m.kind == MoveKind.DROP for m in s.legal_moves())
    assert len(s.legal_moves()) == 7


def test_leopards_step_only_once_all_are_down():
    s = hunt_state(GAME, "d4", "a1 b2 c3 d1 g1 f2 e3", turn=1)
    assert s.phase == Phase.MOVE
    assert texts(s) == ["b2-d2", "c3-d3", "d1-d2", "e3-d3", "f2-d2"]
    assert s.turn_notes() == [(NoteCode.STEPS_ONLY, "leopards step only and never capture")]


def test_leopards_never_jump():
    s = hunt_state(GAME, "g1", "a1 b2 c3 d1 d2 e3 d4", turn=1)
    refuse(s, "d1xd3", "leopards never jump")


# --- the tiger's capture ------------------------------------------------------------------------------


def test_one_capture_per_turn_and_never_compulsory():
    s = hunt_state(GAME, "a1", "b2 d3 g1 f2")
    assert texts(s) == ["a1-d1", "a1xc3"]
    refuse(s, "a1xc3xe3", "the tiger captures one leopard per turn")
    s.play("a1-d1")  # declining the capture is allowed
    assert s.captured_counts() == (3, 0)


def test_tiger_jump_needs_a_leopard_and_an_empty_landing():
    s = hunt_state(GAME, "d4", "c3 b2 d3 e3 f2 g1")
    refuse(s, "d4xb2", "b2 is taken")
    refuse(s, "d4xf2", "f2 is taken")
    refuse(s, "d4-c3", "c3 is taken")
    assert "d4xd2" in texts(s)
    s2 = hunt_state(GAME, "d1", "c3 b2 e3 f2 g1")
    refuse(s2, "d1xd3", r"a jump must go over a leopard \(d2 is empty\)")
    refuse(s2, "c3-d3", "the piece on c3 is a leopard")
    refuse(s2, "a1-d1", "there is no tiger on a1")


def test_tiger_goal_three_leopards_left():
    s = hunt_state(GAME, "d4", "d3 a1 g1 f2")
    assert s.captured_counts() == (3, 0) and s.outcome() is None
    s.play("d4xd2")
    assert s.outcome() == (0, "the tiger captured 4 leopards: 3 left are too few to trap it", EndCode.TARGET)
    assert s.legal_moves() == []


# --- traps --------------------------------------------------------------------------------------------


def test_tiger_trapped_at_a1_by_four_leopards_loses():
    s = hunt_state(GAME, "a1", "b2 c3 d1 g1")
    assert s.outcome() == (1, "the tiger cannot move", EndCode.NO_MOVES)
    assert s.legal_moves() == []
    assert s.heuristic() == -1.0


@pytest.mark.parametrize("missing", ["b2", "c3", "d1", "g1"])
def test_three_leopards_cannot_hold_a1(missing):
    leopards = [p for p in "b2 c3 d1 g1".split() if p != missing]
    s = hunt_state(GAME, "a1", " ".join(leopards), hands="0/1")  # one in hand: 4 are left
    assert s.outcome() is None and s.legal_moves()


def test_tiger_at_the_apex_needs_six_leopards():
    ring = "c3 d3 e3 b2 d2 f2".split()
    s = hunt_state(GAME, "d4", " ".join(ring))
    assert s.outcome() == (1, "the tiger cannot move", EndCode.NO_MOVES)
    for missing in ring:
        five = hunt_state(GAME, "d4", " ".join(p for p in ring if p != missing), hands="0/1")
        assert five.outcome() is None and five.legal_moves(), missing


def test_four_leopards_are_the_fewest_that_trap_the_tiger():
    """What the rules text says: the tiger wins at 3 left because 3 can never trap it."""
    game = load_game(GAME)
    b = game.board
    for tiger in b.points:
        others = [p for p in b.points if p != tiger]
        for three in combinations(others, 3):
            leopards = sum(1 << p for p in three)
            empty = b.mask & ~(leopards | 1 << tiger)
            assert game.hunter_mobility(1 << tiger, leopards, empty) > 0


@pytest.mark.parametrize("board", ["standard", "large"])
def test_leopards_always_have_a_move_while_the_game_goes_on(board):
    """What the rules text says: only the tiger can be left without a move."""
    game = load_game(GAME, board=board)
    b = game.board
    tigers_on_board = game.totals[0]
    fewest = game.totals[1] - game.target + 1
    for tigers in combinations(b.points, tigers_on_board):
        tiger_mask = sum(1 << t for t in tigers)
        others = [p for p in b.points if p not in tigers]
        for n in range(fewest, game.totals[1] + 1):
            for leopards in combinations(others, n):
                mask = sum(1 << p for p in leopards)
                assert game.can_step(mask, b.mask & ~(mask | tiger_mask)), (tigers, leopards)


# --- the large board ------------------------------------------------------------------------------------


def test_large_board_start_and_names():
    g = load_game(GAME, board="large")
    s = g.new_initial_state()
    assert g.sides == ("Tigers", "Leopards")
    assert len(g.board.points) == 13 and s.hands() == (2, 8)
    assert len(s.legal_moves()) == 13


def test_large_board_tigers_drop_one_per_turn_before_moving():
    s = load_game(GAME, board="large").new_initial_state()
    s.play("@e5")
    s.play("@a1")
    assert (s.to_move, s.phase, s.hands()) == (0, Phase.DROP, (1, 7))
    refuse(s, "e5-e4", "tigers cannot move until all are on the board")
    s.play("@i1")
    s.play("@e1")
    assert (s.to_move, s.phase) == (0, Phase.MOVE)
    assert {kind for owner, kind in s.pieces().values() if owner == 0} == {PieceKind.TIGER}
    refuse(s, "@e3", "all your tigers are on the board: move one")


def test_a_tiger_never_jumps_a_tiger():
    s = hunt_state(GAME, "e5 e4", "a1 b2 c3 d4 e1 i1", board="large")
    refuse(s, "e5xe3", "a tiger never jumps a tiger")
    assert "e5xc3" not in texts(s)


def test_large_board_both_tigers_must_be_trapped():
    leopards = "i1 b2 e2 c3 e3"
    one_free = hunt_state(GAME, "a1 g3", leopards, board="large", large_left=4)
    assert one_free.outcome() is None
    trapped = hunt_state(GAME, "a1 e1", leopards, board="large", large_left=4)
    assert trapped.outcome() == (1, "the tigers cannot move", EndCode.NO_MOVES)


def test_large_board_goal_comes_before_the_trap():
    # By the default house rule five leopards left is already the tigers' win, trapped or not: the
    # capture that took the third left both tigers boxed in (the leopards are to move after it).
    s = hunt_state(GAME, "a1 e1", "i1 b2 e2 c3 e3", board="large", turn=1)
    assert s.outcome() == (
        0,
        "the tigers captured 3 leopards: 5 left are too few to trap them",
        EndCode.TARGET,
    )


@pytest.mark.parametrize("left", [5, 4])
def test_large_board_goal_option(left):
    pool = "a1 b2 c3 e3 e2 h2 i1".split()
    s = hunt_state(GAME, "d4 e5", "e4 " + " ".join(pool[:left]), board="large", large_left=left)
    assert s.outcome() is None
    s.play("d4xf4")
    assert s.outcome().winner == 0 and f"{left} left" in s.outcome().reason


# --- draws --------------------------------------------------------------------------------------------


def test_no_capture_limit_counts_once_all_leopards_are_down():
    s = hunt_state(GAME, "d4", "a1 b2 d1 g1 f2", hands="0/2")
    s.play("d4-d3")
    s.play("@e3")
    assert s.quiet_plies == 0
    s = hunt_state(GAME, "d4", "a1 b2 d1 g1 f2 c3 e3", extra="quiet=59")
    s.play("d4-d3")
    assert s.outcome() == (None, "60 plies without a capture: a draw", EndCode.LIMIT)
    s = hunt_state(GAME, "d4", "a1 b2 d1 g1 f2 c3 e3", extra="quiet=59", limit=100)
    s.play("d4-d3")
    assert s.outcome() is None and s.quiet_plies == 60


def test_notation_and_text_round_trip():
    s = hunt_state(GAME, "d4 e5", "e4 a1 b2 c3 e3 e2 h2", board="large", hands="0/1")
    for m in s.legal_moves():
        assert s.parse_move(s.move_text(m)) == m
    text = s.to_text()
    assert text.startswith("hat_diviyan_keliya board=large large_left=5 limit=60; board=")
    assert load_state(text).to_text() == text
    assert "turn=T; phase=move; hands=0/1" in text
    assert sorted(s.game.point_name(p) for p in bits(s.army(0))) == ["d4", "e5"]
