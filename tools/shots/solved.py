"""Screenshot scenes of Hat Diviyan Keliya's solved table (``--screenshots``): the proven value
under the turn box (V shows it), with the solver's notices as a player meets them: the table
being built (none on disk yet), a damaged one set aside and rebuilt, and one that could not be
built. So the pseudo-language and layout checks see every one of those sentences.

The worker that reads the table is the app's own; only the build is this process's (the
standard board's table, built once, well under a second), written where the tour keeps its
files, never the player's. The solver's state for the run is kept and put back afterwards."""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

import pygame

from game.config import MatchConfig, Mode
from tools.scenarios import pump, random_play, wait_until

GAME = "hat_diviyan_keliya"


@cache
def _table():
    """The standard board's solved table, built in this process once."""
    from game.ai import solver
    from rules import load_game

    return solver.build(load_game(GAME))


def take(app, shot, mouse, play) -> None:
    from game.ai import solver

    kept = (
        solver._tables,
        solver._working,
        solver._notices,
        solver._distrusted,
        solver._build,
        solver.builds_allowed,
    )
    solver.builds_allowed = True
    try:
        path = solver.cache_path(_table().variant)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        _meet(app, shot, mouse, play, "16c_hat_diviyan_keliya_table_being_built", _write_table)

        damaged = bytearray(path.read_bytes())
        damaged[-10] ^= 0xFF  # a byte of the contents changed: the checksum no longer matches
        path.write_bytes(bytes(damaged))
        _meet(app, shot, mouse, play, "16d_hat_diviyan_keliya_table_damaged", _write_table)

        path.unlink(missing_ok=True)
        _meet(app, shot, mouse, play, "16e_hat_diviyan_keliya_table_not_built", _write_nothing)
        path.unlink(missing_ok=True)
    finally:
        (
            solver._tables,
            solver._working,
            solver._notices,
            solver._distrusted,
            solver._build,
            solver.builds_allowed,
        ) = kept


def _write_table(game, variant: str, path: Path) -> None:
    """The build, as the app's worker asks for it: the table written where it is read."""
    from game.ai import solver

    solver.save(_table(), path)


def _write_nothing(game, variant: str, path: Path) -> None:
    """A build that leaves no table behind (a build process that died)."""


def _meet(app, shot, mouse, play, name: str, build) -> None:
    """A game opened with no table in this process and V pressed: frames until the worker has
    ended and its every notice is said (the last one stays on screen), then the shot."""
    from game.ai import solver

    solver._tables, solver._working, solver._notices, solver._distrusted = {}, set(), [], set()
    solver._build = build
    play(app, MatchConfig(GAME, mode=Mode.PASS), random_play(GAME, 5, lambda s: s.ply >= 9))
    mouse.key(pygame.K_v)

    def settled() -> bool:
        working = any(t.name == "keliya-solver" and t.is_alive() for t in threading.enumerate())
        return bool(solver._working or solver._tables) and not working and not solver._notices

    wait_until(settled, between=lambda: app.frame([], 1 / 60))
    pump(app, 0.1)
    shot(name)
