"""What every board family does the same way: a view that maps cells to pixels, the shared
pointer input, a renderer that draws from the look. A family subclasses ``FamilyBase`` and
adds its own view, renderer and animation."""

from __future__ import annotations

import pygame

from rules.kinds import Pieces

from ..match.read import BoardSource
from ..render.pieces import draw_piece
from .look import BoardLook
from .route_input import Intent, RouteInput


class FamilyBase:
    """The plumbing of a ``BoardFamily``: ``view`` (``rect``, ``frame``, ``spacing``, ``pos``,
    ``cell_at``, ``set_rect``), ``renderer`` (``draw(surface, look)``) and ``input``."""

    kind = ""

    def __init__(self, view, renderer) -> None:
        self.view = view
        self.renderer = renderer
        self.input = RouteInput(self.view.cell_at)

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

    def set_rotated(self, rotated: bool) -> None:
        """Turn the board half round (pass and play: the player to move at the bottom)."""
        self.view.set_rotated(rotated)

    def cell_at(self, xy: tuple[float, float]) -> int | None:
        return self.view.cell_at(xy)

    def pos(self, cell: int) -> tuple[float, float]:
        return self.view.pos(cell)

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        self.renderer.draw(surface, look)

    def handle_event(self, event: pygame.event.Event, look: BoardLook) -> list[Intent]:
        return self.input.handle_event(event, look)

    def draw_still(
        self,
        surface: pygame.Surface,
        pieces: Pieces,
        counts: dict[int, int],
        stores: tuple[int, int],
    ) -> None:
        """A position standing still with no marks (the position editor's, which may be no
        position of the rules yet): the board and its pieces."""
        self.view.draw(surface)
        r = self.view.piece_radius
        for p, (owner, kind) in pieces.items():
            draw_piece(surface, self.view.pos(p), r, owner, kind)

    def position_changed(self, source: BoardSource, played: bool = False) -> None:
        """Boards that draw the rules' pieces every frame have nothing to reconcile."""
