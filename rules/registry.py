"""The registry of games, by the ids of RULES-SPEC (used by the command line, saves, tests).

Every game is listed here, in menu order, with the module whose import registers it; that module
(and the engine it brings) is imported the first time the game is asked for, not before: the
title screen and ``--help`` list the games without loading any rules engine (issue 29, item 5).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .words import Words

if TYPE_CHECKING:
    from .core import Game, GameSpec

#: every game's id, in menu order -> the module that registers it (with its engine)
GAME_MODULES: dict[str, str] = {
    "sixteen_soldiers": "rules.war_games",
    "peralikatuma": "rules.war_games",
    "kotu_ellima": "rules.war_games",
    "cows_leopards": "rules.hunt_games",
    "hat_diviyan_keliya": "rules.hunt_games",
    "battlehalma": "rules.battlehalma_games",
    "ncuva": "rules.ncuva_games",
}

#: every game's name as its module registers it (``register`` checks they agree): a saved game
#: is named ("Kotu Ellima against Hard, move 23") without importing its engine
GAME_NAMES: dict[str, str] = {
    "sixteen_soldiers": "Sixteen Soldiers",
    "peralikatuma": "Peralikatuma",
    "kotu_ellima": "Kotu Ellima",
    "cows_leopards": "Cows and Leopards",
    "hat_diviyan_keliya": "Hat Diviyan Keliya",
    "battlehalma": "BattleHalma",
    "ncuva": "Ncuva",
}

_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Called by a game's module as it is imported. A game must be listed in ``GAME_MODULES``
    under that module: otherwise ``game_ids`` would not name it until something else loaded it."""
    if spec.id in _GAMES:
        raise ValueError(Words("game id '{id}' registered twice", id=spec.id))
    if spec.id not in GAME_MODULES:  # a programming error, never a player's: not in the catalogue
        raise LookupError(f"game id '{spec.id}' is not listed in rules.registry.GAME_MODULES")
    if GAME_NAMES.get(spec.id) != spec.name:
        raise LookupError(
            f"game id '{spec.id}' is named {spec.name!r}, not as rules.registry.GAME_NAMES says"
        )
    _GAMES[spec.id] = spec
    return spec


def game_ids() -> list[str]:
    """Every game's id in menu order (no rules module is imported to list them)."""
    return list(GAME_MODULES)


def game_name(game_id: str) -> str:
    """The name of a game (its spec's ``name``), without importing its engine; ValueError for an
    id that is no game's."""
    name = GAME_NAMES.get(game_id) if isinstance(game_id, str) else None
    return game_spec(game_id).name if name is None else name  # game_spec says why it is unknown


def game_spec(game_id: str) -> GameSpec:
    """The registry entry of ``game_id``, its module imported on first use; ValueError with a
    player's reason for an id that is no game's."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):  # TypeError: not even a name (an unhashable value from a file)
        pass
    module = GAME_MODULES.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        from .position import shown

        known = ", ".join(GAME_MODULES)
        raise ValueError(
            Words("unknown game '{game_id}' (Keliya's games: {known})", game_id=shown(game_id), known=known)
        )
    importlib.import_module(module)
    spec = _GAMES.get(game_id)
    if spec is None:  # a wrong line in GAME_MODULES: a programming error, never a player's
        raise LookupError(f"{module} did not register '{game_id}' (see rules.registry.GAME_MODULES)")
    return spec


def load_game(game_id: str, /, **options: Any) -> Game:
    """A game with ``options`` over the defaults; unknown options or values raise ValueError.
    (``game_id`` is positional only: an option read from a file may have any name.)"""
    spec = game_spec(game_id)
    return spec.make(spec, spec.resolve_options(options))
