"""Keliya's rules: pure Python, no pygame. One API for every game (see ``core``).

Typical use::

    from rules import load_game
    state = load_game("kotu_ellima", capture="huff").new_initial_state()
    state.play("d4-e5")

The registry (``game_ids``, ``game_spec``, ``load_game``) is imported with the package; the other
names are imported from their modules the first time they are used, and a game's rules module the
first time the game is asked for (``registry.GAME_MODULES``): a program that only lists the games,
as the title screen does, loads no engine (issue 29, item 5).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .registry import game_ids, game_spec, load_game

if TYPE_CHECKING:
    from .core import (
        AmbiguousMoveError,
        Game,
        GameSpec,
        IllegalMoveError,
        Move,
        NotationError,
        Note,
        Option,
        Outcome,
        PositionError,
        State,
    )
    from .effects import Effect
    from .layout import Cell, Layout
    from .position import load_state

#: each name this package offers beyond the registry -> the module that defines it
_LAZY: dict[str, str] = {
    "Game": "core",
    "GameSpec": "core",
    "IllegalMoveError": "core",
    "AmbiguousMoveError": "core",
    "NotationError": "core",
    "PositionError": "core",
    "Move": "core",
    "Note": "core",
    "Option": "core",
    "Outcome": "core",
    "State": "core",
    "Effect": "effects",
    "Cell": "layout",
    "Layout": "layout",
    "load_state": "position",
}

__all__ = [
    "AmbiguousMoveError",
    "Cell",
    "Effect",
    "Game",
    "GameSpec",
    "IllegalMoveError",
    "Layout",
    "Move",
    "NotationError",
    "Note",
    "Option",
    "PositionError",
    "Outcome",
    "State",
    "load_state",
    "game_ids",
    "game_spec",
    "load_game",
]


def __getattr__(name: str) -> Any:
    """``rules.Move`` and the like, from their module on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # once: later uses are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
