"""The ``lines`` board family: boards that are nothing but their straight lines (the war and
hunt games). View (``view``), drawing (``draw``), animation (``anim``); input is the shared
route input (click or drag, chains built landing by landing)."""

from __future__ import annotations

import pygame

from rules import Effect, Game

from ..piece_anim import MoveAnimation
from ..route_input import RouteInput
from ..route_words import route_guide, route_intro
from .draw import LinesRenderer
from .view import BoardView
from .view import draw_thumbnail as _thumbnail


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, state) -> None:
    _thumbnail(surface, rect, game.layout, state.pieces())


class Family:
    """A line board on screen for one match."""

    kind = "lines"

    def __init__(self, game: Game, rect: pygame.Rect) -> None:
        self.view = BoardView(game.layout, rect)
        self.renderer = LinesRenderer(self.view)
        self.input = RouteInput(self.view.cell_at)

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
        """About one cell's spacing in pixels (bursts and marks scale with it)."""
        return self.view.spacing

    def cell_at(self, xy: tuple[float, float]) -> int | None:
        return self.view.cell_at(xy)

    def pos(self, cell: int) -> tuple[float, float]:
        return self.view.pos(cell)

    def draw(self, surface: pygame.Surface, match) -> None:
        self.renderer.draw(surface, match)

    def animate(self, effects: list[Effect], before: dict[int, tuple[int, str]], on_event,
                shown_hops: int = 0) -> MoveAnimation:
        return MoveAnimation(effects, before, self.view, on_event, shown_hops)

    def handle_event(self, event: pygame.event.Event, match) -> bool:
        return self.input.handle_event(event, match)

    def position_changed(self, match) -> None:
        """Line boards draw the rules' pieces every frame: nothing to reconcile."""

    def intro(self, match):
        return route_intro(match)

    def guide(self, match):
        return route_guide(match)

    def help_line(self, match) -> str:
        if match.builder.drop_points():
            return "Click an empty point to place a piece from hand."
        return "Click a piece, then a marked point (dot: move, diamond: capture) — or drag it. Right-click cancels."
