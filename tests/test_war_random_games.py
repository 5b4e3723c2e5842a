"""Randomised whole war games (hypothesis): invariants at every ply, and every game ends."""

import random

from hypothesis import given
from hypothesis import strategies as st

from rules import load_game, load_state
from rules.kinds import MoveKind

GAMES = st.sampled_from(["sixteen_soldiers", "peralikatuma", "kotu_ellima"])
RULES = st.sampled_from(["forced", "huff", "free"])


def army_points(state, player):
    return {p for p, (owner, _) in state.pieces().items() if owner == player}


@given(GAMES, RULES, st.integers(0, 2**32), st.floats(0, 1))
def test_random_game_invariants(game_id, rule, seed, greedy):
    rng = random.Random(seed)
    game = load_game(game_id, capture=rule)
    state = game.new_initial_state(rng)
    start_text = state.to_text()
    start_count = game.start_count
    plies = 0
    while state.outcome() is None:
        legal = state.legal_moves()
        move = state.playout_move(rng, greedy)
        assert move in legal
        mover = state.to_move
        before_own, before_opp = army_points(state, mover), army_points(state, mover ^ 1)
        text = state.to_text()
        state.apply(move)
        after_own, after_opp = army_points(state, mover), army_points(state, mover ^ 1)
        # Pieces vanish only by capture (or a huff), and only the opponent's.
        removed = before_opp - after_opp
        if move.kind == MoveKind.HUFF:
            assert removed == {move.path[0]} and after_own == before_own and state.to_move == mover
        else:
            assert removed == set(move.captured)
            assert after_own == (before_own - {move.path[0]}) | {move.path[-1]}
        assert after_opp <= before_opp
        # Counts agree.
        taken = state.captured_counts()
        assert taken[0] + len(army_points(state, 1)) == start_count
        assert taken[1] + len(army_points(state, 0)) == start_count
        # Text round-trips, and undo restores an equal state.
        assert load_state(state.to_text()).to_text() == state.to_text()
        state.undo()
        assert state.to_text() == text
        state.apply(move)
        plies += 1
        assert plies < 5000, "game did not end"
    assert state.legal_moves() == []
    while state.ply:
        state.undo()
    assert state.to_text() == start_text


@given(GAMES, st.integers(0, 2**32))
def test_loaded_position_has_same_moves_and_outcome(game_id, seed):
    rng = random.Random(seed)
    state = load_game(game_id, capture="huff").new_initial_state()
    for _ in range(rng.randrange(60)):
        move = state.playout_move(rng)
        if move is None or state.outcome():
            break
        state.apply(move)
    loaded = load_state(state.to_text())
    assert loaded.legal_moves() == state.legal_moves()
    assert loaded.outcome() == state.outcome()
