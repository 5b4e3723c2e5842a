"""The words that guide a player on each kind of board: whose turn and what to click
(``intro``), what the chosen piece may do next (``guide``) and the line under the board
(``help_line``). Picked by ``game.layout.kind``, like the board families that draw; pure words,
so a match can be tested without a window."""

from __future__ import annotations

from types import ModuleType

from . import holes, routes, squares

GUIDES: dict[str, ModuleType] = {"lines": routes, "squares": squares, "holes": holes}


def guides_for(kind: str) -> ModuleType:
    """The guide module for a kind of board (each has ``intro``, ``guide`` and ``help_line``)."""
    return GUIDES[kind]
