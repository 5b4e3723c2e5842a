"""Randomised whole war games (hypothesis): invariants at every ply, and every game ends."""

import random

from hypothesis import given
from hypothesis import strategies as st

from rules import load_game, load_state, war_fast
from rules.war import HUFF

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
        if move.kind == HUFF:
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


@given(GAMES, RULES, st.integers(0, 2**32), st.sampled_from([20, 40, 60]), st.sampled_from([0.0, 0.5, 1.0]))
def test_fast_playout_plays_only_legal_moves(game_id, rule, seed, limit, greedy):
    """Replay the compiled loop's trace through the checked API: same moves, same end."""
    game = load_game(game_id, limit=limit, capture=rule)
    start = game.new_initial_state()
    trace: list = []
    war_fast.playout(game.board, rule == "forced", rule == "huff", random.Random(seed), start.army(0),
                     start.army(1), 0, 0, 0, 10**9, game.start_count - game.target, game.limit, greedy, trace)
    state = start.copy()
    for origin, dest, taken in trace:
        if origin == -1:
            matches = [m for m in state.legal_moves() if m.kind == HUFF and m.path == (dest,)]
        else:
            matches = [m for m in state.legal_moves()
                       if m.kind != HUFF and m.path[0] == origin and m.path[-1] == dest
                       and sum(1 << c for c in m.captured) == taken]
        assert matches, f"fast playout made an illegal move in {state.to_text()}"
        state.play(matches[0])
    assert state.outcome() is not None
    fast = start.copy()
    played = fast.playout(random.Random(seed), greedy=greedy)
    assert played == len(trace)
    assert fast.to_text().rsplit("; ply=", 1)[0] == state.to_text().rsplit("; ply=", 1)[0]
    assert fast.outcome() == state.outcome()
