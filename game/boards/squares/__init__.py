"""The ``squares`` board family: checkered square boards (BattleHalma). View and empty board
(``view``), drawing (``draw``, the line boards' marks plus direction arrows), animation
(``anim``, the shared piece animation plus the crowning), words (``words``); input is the
shared route input (click or drag, leap chains built square by square)."""

from __future__ import annotations

import pygame

from rules import Effect, Game, Move

from ..route_input import RouteInput
from . import words
from .anim import SquaresAnimation
from .draw import SquaresRenderer
from .view import SquaresView
from .view import draw_thumbnail as _thumbnail


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, state) -> None:
    _thumbnail(surface, rect, game, state.pieces())


class Family:
    """A square board on screen for one match."""

    kind = "squares"

    def __init__(self, game: Game, rect: pygame.Rect) -> None:
        self.view = SquaresView(game, rect)
        self.renderer = SquaresRenderer(self.view)
        self.input = RouteInput(self.view.cell_at)
        self._clicked: tuple[Move, list[Effect]] | None = None  # the last move as the player clicked it

    @property
    def hover(self) -> int | None:
        return self.input.hover

    @property
    def mouse(self) -> tuple[int, int]:
        return self.input.mouse

    @property
    def dragging(self) -> bool:
        return self.input.dragging

    def cancel_drag(self) -> None:
        self.input.cancel_drag()

    def set_rect(self, rect: pygame.Rect) -> None:
        if self.view.rect != rect:
            self.view.set_rect(rect)

    @property
    def frame(self) -> pygame.Rect:
        return self.view.frame

    @property
    def unit(self) -> float:
        """One square's side in pixels (bursts and marks scale with it)."""
        return self.view.spacing

    def cell_at(self, xy: tuple[float, float]) -> int | None:
        return self.view.cell_at(xy)

    def pos(self, cell: int) -> tuple[float, float]:
        return self.view.pos(cell)

    def draw(self, surface: pygame.Surface, match) -> None:
        self.renderer.draw(surface, match)

    def position_changed(self, match) -> None:
        """Square boards draw the rules' pieces every frame: nothing to reconcile."""

    def animate(self, effects: list[Effect], before: dict[int, tuple[int, str]], on_event,
                shown_hops: int = 0) -> SquaresAnimation:
        return SquaresAnimation(effects, before, self.view, on_event, shown_hops)

    def handle_event(self, event: pygame.event.Event, match) -> bool:
        return self.input.handle_event(event, match)

    def intro(self, match):
        return words.intro(match)

    def guide(self, match):
        return words.guide(match)

    def help_line(self, match) -> str:
        return words.help_line(match)

