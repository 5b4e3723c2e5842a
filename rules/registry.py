"""The registry of games, by the ids of RULES-SPEC (used by the command line, saves, tests)."""

from __future__ import annotations

from typing import Any

from .core import Game, GameSpec
from .words import Words

_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _GAMES:
        raise ValueError(Words("game id '{id}' registered twice", id=spec.id))
    _GAMES[spec.id] = spec
    return spec


def game_ids() -> list[str]:
    """Registered ids in menu order."""
    return list(_GAMES)


def game_spec(game_id: str) -> GameSpec:
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):  # TypeError: not even a name (an unhashable value from a file)
        from .position import shown

        known = ", ".join(_GAMES)
        raise ValueError(Words("unknown game '{game_id}' (Keliya's games: {known})", game_id=shown(game_id), known=known)) from None


def load_game(game_id: str, /, **options: Any) -> Game:
    """A game with ``options`` over the defaults; unknown options or values raise ValueError.
    (``game_id`` is positional only: an option read from a file may have any name.)"""
    spec = game_spec(game_id)
    return spec.make(spec, spec.resolve_options(options))
