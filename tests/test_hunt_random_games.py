"""Randomised whole hunt games (hypothesis): invariants at every ply, and every game ends."""

import random

from hypothesis import given
from hypothesis import strategies as st

from rules import load_game, load_state
from rules.kinds import MoveKind, Phase

VARIANTS = st.sampled_from(
    [
        ("cows_leopards", {}),
        ("cows_leopards", {"target": 8, "stuck": "draw"}),
        ("cows_leopards", {"limit": 40}),
        ("hat_diviyan_keliya", {}),
        ("hat_diviyan_keliya", {"board": "large"}),
        ("hat_diviyan_keliya", {"board": "large", "large_left": 4, "limit": 100}),
    ]
)


def army_points(state, player):
    return {p for p, (owner, _) in state.pieces().items() if owner == player}


def check_counts(state):
    """Every piece is on the board, in hand or (prey only) captured: nothing else."""
    totals = state.game.totals
    hands = state.hands()
    taken = state.captured_counts()
    assert len(army_points(state, 0)) + hands[0] == totals[0]
    assert len(army_points(state, 1)) + hands[1] + taken[0] == totals[1]
    assert taken[1] == 0 and min(hands) >= 0
    assert state.phase == (Phase.DROP if hands[state.to_move] else Phase.MOVE)


@given(VARIANTS, st.integers(0, 2**32), st.floats(0, 1))
def test_random_game_invariants(variant, seed, greedy):
    game_id, options = variant
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state(rng)
    start_text = state.to_text()
    plies = 0
    while state.outcome() is None:
        legal = state.legal_moves()
        move = state.playout_move(rng, greedy)
        assert move in legal
        if state.phase == Phase.DROP:
            assert all(m.kind == MoveKind.DROP for m in legal)
        else:
            assert all(m.kind != MoveKind.DROP for m in legal)
        mover = state.to_move
        before_own, before_opp = army_points(state, mover), army_points(state, mover ^ 1)
        hands_before = state.hands()
        text = state.to_text()
        state.apply(move)
        after_own, after_opp = army_points(state, mover), army_points(state, mover ^ 1)
        # Pieces vanish only by capture, and only the prey; a drop adds one from hand.
        assert before_opp - after_opp == set(move.captured) and after_opp <= before_opp
        if move.kind == MoveKind.DROP:
            assert after_own == before_own | {move.path[0]} and move.path[0] not in before_own | before_opp
            assert state.hands()[mover] == hands_before[mover] - 1
        else:
            assert after_own == (before_own - {move.path[0]}) | {move.path[-1]}
            assert state.hands() == hands_before
        assert state.to_move == mover ^ 1
        check_counts(state)
        # Text round-trips, and undo restores an equal state.
        assert load_state(state.to_text()).to_text() == state.to_text()
        state.undo()
        assert state.to_text() == text
        state.apply(move)
        plies += 1
        assert plies < 5000, "game did not end"
    assert state.legal_moves() == []
    assert -1.0 <= state.heuristic() <= 1.0
    while state.ply:
        state.undo()
    assert state.to_text() == start_text


@given(VARIANTS, st.integers(0, 2**32))
def test_loaded_position_has_same_moves_outcome_and_heuristic(variant, seed):
    game_id, options = variant
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state()
    for _ in range(rng.randrange(80)):
        move = state.playout_move(rng)
        if move is None:
            break
        state.apply(move)
    loaded = load_state(state.to_text())
    assert loaded.legal_moves() == state.legal_moves()
    assert loaded.outcome() == state.outcome()
    assert loaded.heuristic() == state.heuristic()
    assert -1.0 <= state.heuristic() <= 1.0
    assert loaded.turn_notes() == state.turn_notes()


@given(VARIANTS, st.integers(0, 2**32), st.sampled_from([0.0, 0.5, 1.0]), st.integers(0, 60))
def test_playout_plays_legal_undoable_moves_to_the_end(variant, seed, greedy, opening):
    """The fast playout records its moves: replay them through the checked API."""
    game_id, options = variant
    rng = random.Random(seed)
    start = load_game(game_id, **options).new_initial_state()
    for _ in range(opening):
        move = start.playout_move(rng)
        if move is None:
            break
        start.apply(move)
    fast = start.copy()
    played = fast.playout(rng)
    assert fast.outcome() is not None
    assert fast.ply == start.ply + played
    checked = start.copy()
    for move in fast.history()[start.ply :]:
        checked.play(move)
    assert checked.to_text() == fast.to_text()
    assert checked.outcome() == fast.outcome()
    for _ in range(played):
        fast.undo()
    assert fast.to_text() == start.to_text()


@given(VARIANTS, st.integers(0, 2**32), st.integers(1, 30))
def test_playout_stops_at_max_plies(variant, seed, max_plies):
    game_id, options = variant
    state = load_game(game_id, **options).new_initial_state()
    played = state.playout(random.Random(seed), max_plies=max_plies)
    assert played == max_plies or state.outcome() is not None
    assert state.ply == played
