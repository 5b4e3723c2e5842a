"""The words that guide a player on each kind of board: whose turn and what to click
(``intro``), what the chosen piece may do next (``guide``) and the line under the board
(``help_line``). Picked by ``game.layout.kind``, like the board families that draw; pure words,
so a match can be tested without a window."""

from __future__ import annotations

from typing import Protocol

from rules.kinds import BoardKind

from ..events import Said
from ..read import BoardSource
from . import holes, routes, squares


class Guide(Protocol):
    """What each kind of board's guide module offers."""

    def intro(self, m: BoardSource) -> Said: ...
    def guide(self, m: BoardSource) -> Said: ...
    def help_line(self, m: BoardSource) -> str: ...


GUIDES: dict[BoardKind, Guide] = {BoardKind.LINES: routes, BoardKind.SQUARES: squares, BoardKind.HOLES: holes}


def guides_for(kind: BoardKind) -> Guide:
    """The guide for a kind of board."""
    return GUIDES[kind]
