"""Board families: one folder per kind of board (``lines`` now; ``squares`` and ``holes`` next),
each with its view, input and animation. The play scene picks the family from
``game.layout.kind`` and nothing else, and talks to it through ``BoardFamily``; the family's
drawing reads the match through ``MatchView`` and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from rules import Effect, Game, Move, State

if TYPE_CHECKING:
    from ..physics import Bursts
    from .routes import ClickResult, MoveBuilder


class Animation(Protocol):
    """A move being shown; ``board`` is what stands still while it runs."""

    board: dict[int, tuple[int, str]]

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
    suggestion: Move | None
    suggestion_effects: list[Effect]
    hover: int | None
    mouse: tuple[int, int]
    dragging: bool
    flash: tuple[int, float] | None
    pulse: float
    note_codes: frozenset[str]
    human_to_move: bool
    busy: bool
    bursts: Bursts


class MatchInput(Protocol):
    """What a family's input may ask of the match: whether the board takes input now, and to
    act on a click's result."""

    builder: MoveBuilder

    def board_input_allowed(self, cell: int | None) -> bool: ...

    def apply_click(self, result: ClickResult, cell: int | None) -> None: ...


class BoardFamily(Protocol):
    """One kind of board on screen for one match."""

    kind: str
    hover: int | None  # the cell under the pointer
    mouse: tuple[int, int]
    dragging: bool

    def cancel_drag(self) -> None: ...

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

    def handle_event(self, event: pygame.event.Event, match: MatchInput) -> bool: ...

    def help_line(self, match: MatchView) -> str: ...


def family_for(game: Game, rect: pygame.Rect) -> BoardFamily:
    """The board family that draws ``game``; ValueError for a kind no family draws yet."""
    kind = game.layout.kind
    if kind == "lines":
        from .lines import LinesFamily

        return LinesFamily(game, rect)
    raise ValueError(f"no board family draws '{kind}' boards yet")


def drawable(game: Game) -> bool:
    """True when a board family exists for the game's kind of board."""
    return game.layout.kind in ("lines",)


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, state: State) -> None:
    """A small drawing of the board and its start for the chooser's cards."""
    if game.layout.kind == "lines":
        from .lines.view import draw_thumbnail as lines_thumbnail

        lines_thumbnail(surface, rect, game.layout, state.pieces())
