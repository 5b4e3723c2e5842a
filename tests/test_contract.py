"""One contract suite over the registry: every game in ``rules.game_ids()``, every option value.

Cases are built at collection time from the registry, so a game registered later is covered
without editing this file. CI plays the defaults plus each option value once (one option varied
at a time); ``python -m benchmarks.fuzz`` plays the full option product with the same checks
(``tests/contract.py``).
"""

from __future__ import annotations

import importlib
import pkgutil
import random

import pytest
from contract import check_game, label, play_random_game, variants

import rules
from rules import game_ids, load_game
from rules.registry import _GAMES, GAME_MODULES

#: Random games per variant: the default options get more, as every player starts there.
GAMES_DEFAULT = 4
GAMES_VARIANT = 1
#: Plies checked in full per game; the rest of the game is played unchecked to its end.
CHECKED_PLIES = 400

CASES = [(gid, opts) for gid in game_ids() for opts in variants(gid, full=False)]


def test_registry_is_covered() -> None:
    ids = rules.game_ids()
    assert ids, "no game is registered"
    assert ids == list(GAME_MODULES), "game_ids() lists every game, in menu order"
    assert len(set(ids)) == len(ids)
    for gid in ids:  # each game's module registers it under its own id (loaded on first use)
        assert rules.game_spec(gid).id == gid
    for module in pkgutil.iter_modules(rules.__path__):  # a game module left out of the list is
        importlib.import_module(f"rules.{module.name}")  # refused as it registers (LookupError)
    assert set(_GAMES) == set(ids), "every game registered is listed by game_ids()"
    assert {gid for gid, _ in CASES} == set(ids), "every registered game has contract cases"


def test_listing_the_games_loads_no_engine() -> None:
    """game_ids() and the registry are read without importing any game's rules (the title
    screen and --help list the games before any is played): checked in a fresh interpreter."""
    import subprocess
    import sys

    code = ("import sys, rules; ids = rules.game_ids(); "
            "print(len(ids), sorted(m for m in sys.modules if m.startswith('rules.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, loaded = out.stdout.split(" ", 1)
    assert int(count) == len(GAME_MODULES)
    assert loaded.strip() == "['rules.kinds', 'rules.registry', 'rules.words']"


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
