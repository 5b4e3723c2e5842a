"""Board families: one package per kind of board (``lines``, ``squares``, ``holes``), each with
its view, input, drawing and animation. The play scene picks the family from
``game.layout.kind`` and nothing else, and talks to it through ``BoardFamily``; a family's
drawing reads a ``BoardLook`` (the match, or a past position, plus what is moving on screen)
and changes nothing, and its input hands back ``Intent``s for the scene to give the match.

A family package exports ``Family`` (a ``BoardFamily`` for one match) and
``draw_thumbnail(surface, rect, game, state)`` for the chooser's cards. A kind whose package
is missing is simply not offered in the chooser. The words that guide a player on each kind of
board live with the match (``game.match.guides``), so they are tested without a window.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Protocol

import pygame

from rules import Effect, Game, State
from rules.kinds import BoardKind, Pieces

from ..match.read import BoardSource
from .beats import EventSink
from .look import Animation, BoardLook
from .route_input import Intent, RouteInput

__all__ = ["Animation", "BoardFamily", "BoardLook", "Intent", "draw_thumbnail", "drawable", "family_for"]

#: kind of board -> the package that draws it
FAMILY_PACKAGES = {
    BoardKind.LINES: "game.boards.lines",
    BoardKind.SQUARES: "game.boards.squares",
    BoardKind.HOLES: "game.boards.holes",
}


class BoardFamily(Protocol):
    """One kind of board on screen for one match: it draws a ``BoardLook``, animates a move's
    effects, and turns pointer events into ``Intent``s (never acting on the match itself)."""

    kind: str
    input: RouteInput  # the pointer: hover, mouse position, dragging

    def cancel_drag(self) -> None: ...

    def set_rotated(self, rotated: bool) -> None: ...

    def set_rect(self, rect: pygame.Rect) -> None: ...

    @property
    def frame(self) -> pygame.Rect: ...

    @property
    def unit(self) -> float: ...

    def cell_at(self, xy: tuple[float, float]) -> int | None: ...

    def pos(self, cell: int) -> tuple[float, float]: ...

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None: ...

    def draw_still(
        self, surface: pygame.Surface, pieces: Pieces, counts: dict[int, int], stores: tuple[int, int]
    ) -> None:
        """A position standing still with no marks, from its pieces (a board of pieces) or its
        counts and stores (a board of holes): the position editor's, which the rules may refuse."""

    def animate(
        self, effects: list[Effect], before: Pieces, on_event: EventSink, shown_hops: int = 0
    ) -> Animation: ...

    def position_changed(self, source: BoardSource, played: bool = False) -> None:
        """The position on the board changed: ``played`` when a move was just played (its
        animation follows), else an undo, a position looked back at or a new position."""

    def handle_event(self, event: pygame.event.Event, look: BoardLook) -> list[Intent]: ...


def _package(kind: BoardKind) -> ModuleType | None:
    name = FAMILY_PACKAGES.get(kind)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


def family_for(game: Game, rect: pygame.Rect) -> BoardFamily:
    """The board family that draws ``game``; ValueError for a kind no family draws yet."""
    package = _package(game.layout.kind)
    if package is None:
        raise ValueError(f"no board family draws '{game.layout.kind}' boards yet")
    return package.Family(game, rect)


def drawable(game: Game) -> bool:
    """True when a board family exists for the game's kind of board."""
    return _package(game.layout.kind) is not None


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, state: State) -> None:
    """A small drawing of the board and its start for the chooser's cards."""
    package = _package(game.layout.kind)
    if package is not None:
        package.draw_thumbnail(surface, rect, game, state)
