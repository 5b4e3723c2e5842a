"""Board families: one package per kind of board (``lines``, ``squares``, ``holes``), each with
its view, input, drawing and animation. The play scene picks the family from
``game.layout.kind`` and nothing else, and talks to it through ``BoardFamily``; a family's
drawing reads the match through ``MatchView`` and changes nothing.

A family package exports ``Family`` (a ``BoardFamily`` for one match) and
``draw_thumbnail(surface, rect, game, state)`` for the chooser's cards. A kind whose package
is missing is simply not offered in the chooser.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

import pygame

from rules import Effect, Game, Move, Note, State

if TYPE_CHECKING:
    from ..physics import Bursts
    from .routes import ClickResult, MoveBuilder

#: kind of board -> the package that draws it
FAMILY_PACKAGES = {
    "lines": "game.boards.lines",
    "squares": "game.boards.squares",
    "holes": "game.boards.holes",
}


class Animation(Protocol):
    """A move being shown; ``board`` is what stands still while it runs (piece boards);
    ``speed`` multiplies the time (the player's speed setting)."""

    board: dict[int, tuple[int, str]]
    speed: float

    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> None: ...

    def finish(self) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class MatchView(Protocol):
    """What a family's drawing may read of the match (read only)."""

    state: State
    builder: MoveBuilder
    animation: Animation | None
    pieces_now: dict[int, tuple[int, str]]
    last_move: Move | None
    last_effects: list[Effect]
    last_mover: int | None
    suggestion: Move | None
    suggestion_effects: list[Effect]
    flash: tuple[int, float] | None
    pulse: float
    time: float
    notes: list[Note]  # the rules' turn notes for this position
    note_codes: frozenset[str]
    human_to_move: bool
    busy: bool
    show_legal: bool  # the player's setting: mark the pieces that may move and their targets
    bursts: Bursts

    def side(self, player: int) -> str: ...


class MatchInput(Protocol):
    """What a family's input may ask of the match: whether the board takes input now, and to
    act on a click's result."""

    builder: MoveBuilder
    state: State

    def board_input_allowed(self, cell: int | None) -> bool: ...

    def apply_click(self, result: ClickResult, cell: int | None) -> None: ...


class BoardFamily(Protocol):
    """One kind of board on screen for one match."""

    kind: str
    hover: int | None  # the cell under the pointer
    mouse: tuple[int, int]
    dragging: bool

    def cancel_drag(self) -> None: ...

    def set_rotated(self, rotated: bool) -> None: ...

    def set_rect(self, rect: pygame.Rect) -> None: ...

    @property
    def frame(self) -> pygame.Rect: ...

    @property
    def unit(self) -> float: ...

    def cell_at(self, xy: tuple[float, float]) -> int | None: ...

    def pos(self, cell: int) -> tuple[float, float]: ...

    def draw(self, surface: pygame.Surface, match: MatchView) -> None: ...

    def animate(self, effects: list[Effect], before: dict[int, tuple[int, str]], on_event,
                shown_hops: int = 0) -> Animation: ...

    def position_changed(self, match: MatchView, played: bool = False) -> None:
        """The position on the board changed: ``played`` when a move was just played (its
        animation follows), else an undo, a position looked back at or a new position."""

    def handle_event(self, event: pygame.event.Event, match: MatchInput) -> bool: ...

    def intro(self, match: MatchView) -> tuple[str, tuple[int, int, int]]:
        """What to tell the person to move, and in which colour."""

    def guide(self, match: MatchView) -> tuple[str, tuple[int, int, int]]:
        """What the current selection allows next."""

    def help_line(self, match: MatchView) -> str: ...


def _package(kind: str) -> ModuleType | None:
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
