"""The hunt games' fast playout: which moves it picks, and how often."""

import random
from collections import Counter

from hunt_positions import hunt_state

WING_COWS = "c1 d2 e1 f2 g1 e2 a3 a5 a7 b4 b5 b6"


def one_ply(state, rng, greedy):
    scratch = state.copy()
    assert scratch.playout(rng, max_plies=1, greedy=greedy) == 1
    return scratch.history()[-1]


def test_uniform_over_every_legal_move_including_chain_prefixes():
    state = hunt_state("cows_leopards", "e3 i7", "e4 d5 " + WING_COWS, hands="0/2")
    legal = state.legal_moves()
    rng = random.Random(11)
    n = 300 * len(legal)
    seen = Counter(one_ply(state, rng, 0.0) for _ in range(n))
    assert set(seen) == set(legal)
    assert all(200 <= count <= 400 for count in seen.values()), seen


def test_greedy_plays_the_biggest_capture():
    state = hunt_state("cows_leopards", "e3 i7", "e4 d5 " + WING_COWS, hands="0/2")
    rng = random.Random(5)
    for _ in range(50):
        assert state.move_text(one_ply(state, rng, 1.0)) == "e3xe5xc5"


def test_uniform_drops_and_flock_steps():
    drops = hunt_state("hat_diviyan_keliya", "d4", "a1 b2", turn=1, hands="0/5")
    steps = hunt_state("hat_diviyan_keliya", "d4", "a1 b2 c3 d1 g1 f2 e3", turn=1)
    for state in (drops, steps):
        legal = state.legal_moves()
        rng = random.Random(3)
        seen = Counter(one_ply(state, rng, 0.0) for _ in range(300 * len(legal)))
        assert set(seen) == set(legal)
        assert all(200 <= count <= 400 for count in seen.values()), seen
