"""One contract suite over the registry: every game in ``rules.game_ids()``, every option value.

Cases are built at collection time from the registry, so a game registered later is covered
without editing this file. CI plays the defaults plus each option value once (one option varied
at a time); ``python -m benchmarks.fuzz`` plays the full option product with the same checks
(``tests/contract.py``).
"""

from __future__ import annotations

import random

import pytest
from contract import check_game, label, play_random_game, variants

import rules
from rules import game_ids, load_game
from rules.registry import _GAMES

#: Random games per variant: the default options get more, as every player starts there.
GAMES_DEFAULT = 4
GAMES_VARIANT = 1
#: Plies checked in full per game; the rest of the game is played unchecked to its end.
CHECKED_PLIES = 400

CASES = [(gid, opts) for gid in game_ids() for opts in variants(gid, full=False)]


def test_registry_is_covered() -> None:
    ids = rules.game_ids()
    assert ids, "no game is registered"
    assert ids == list(_GAMES), "game_ids() must list every registered game, in order"
    assert len(set(ids)) == len(ids)
    assert {gid for gid, _ in CASES} == set(ids), "every registered game has contract cases"


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[label(g, o) for g, o in CASES])
def test_contract(game_id: str, options: dict) -> None:
    game = load_game(game_id, **options)
    check_game(game)
    count = GAMES_DEFAULT if not options else GAMES_VARIANT
    for seed in range(count):
        result = play_random_game(game, seed, checked_plies=CHECKED_PLIES)
        assert result.plies > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_playout_counts_its_plies(game_id: str) -> None:
    """After ``playout`` the position is right, and its ply count is part of it (the ``ply=``
    field of the position text): ``ply`` goes up by the plies the playout returns. (The war
    games' compiled playout once left ``ply`` where it was; this test found it.)
    """
    game = load_game(game_id)
    for seed in range(3):
        state = game.new_initial_state(random.Random(seed))
        sim = state.copy()
        played = sim.playout(random.Random(seed))
        assert sim.ply == state.ply + played, f"{game_id}: ply {sim.ply} after a playout of {played} plies"
