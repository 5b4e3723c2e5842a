"""Drawing a square board in play. The marks are the line boards' (``LinesRenderer``: last move,
movable and capturing pieces, targets, the chain being built, the hint, a dragged piece, the
animation); a square board adds the square under the pointer and, round the chosen piece,
arrows for the directions it may take: a counter's forbidden directions have none. It only
reads the match; it changes nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rules.layout import DIRECTIONS

from ...match.guides.squares import allowed_directions
from ...render.marks import alpha_circle
from ..lines.draw import LinesRenderer
from .view import SquaresView

if TYPE_CHECKING:
    from ..look import BoardLook

ARROW = (255, 248, 230)
ARROW_EDGE = (60, 36, 16)


class SquaresRenderer(LinesRenderer):
    """Draws the board area of a match on a square board."""

    def __init__(self, view: SquaresView) -> None:
        super().__init__(view)
        self.squares = view

    def _last_move(self, surface: pygame.Surface, m: BoardLook) -> None:
        self._hover(surface, m)
        super()._last_move(surface, m)

    def _hover(self, surface: pygame.Surface, m: BoardLook) -> None:
        """A light frame on the square under the pointer while the player may click."""
        cell = m.hover
        if cell is None or not m.human_to_move or m.busy:
            return
        rect = self.squares.square(cell)
        mark = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(mark, (255, 255, 255, 60), mark.get_rect())
        pygame.draw.rect(mark, (255, 255, 255, 150), mark.get_rect(), max(2, int(self.view.spacing * 0.04)))
        surface.blit(mark, rect)

    def _choice(self, surface: pygame.Surface, m: BoardLook, chain: tuple[int, ...], dragging: bool) -> None:
        super()._choice(surface, m, chain, dragging)
        b = m.builder
        if b.path and b.path[0] in m.pieces_now and not dragging:
            owner, kind = m.pieces_now[b.path[0]]
            self._arrows(surface, b.path[-1], allowed_directions(owner, kind))

    def _arrows(self, surface: pygame.Surface, cell: int, directions: tuple[str, ...]) -> None:
        """Small arrows on the square's edges for each direction the piece may take (within the board)."""
        view = self.squares
        n = view.n
        x, y = view.pos(cell)
        s = view.spacing
        k = max(4.0, s * 0.11)
        col, row = cell % n, cell // n
        for name in directions:
            dc, dr = DIRECTIONS[name]
            if not (0 <= col + dc < n and 0 <= row + dr < n):
                continue
            nx, ny = view.pos((row + dr) * n + col + dc)  # on screen, wherever the board is turned
            ux, uy = nx - x, ny - y
            length = math.hypot(ux, uy)
            ux, uy = ux / length, uy / length
            reach = 0.5 * s * (1.0 if dc == 0 or dr == 0 else 1.2)
            cx, cy = x + ux * reach, y + uy * reach
            tip = (cx + ux * k, cy + uy * k)
            left = (cx - ux * k * 0.6 - uy * k, cy - uy * k * 0.6 + ux * k)
            right = (cx - ux * k * 0.6 + uy * k, cy - uy * k * 0.6 - ux * k)
            pygame.draw.polygon(surface, ARROW_EDGE, _grow([tip, left, right], (cx, cy), 1.35))
            pygame.draw.polygon(surface, ARROW, [tip, left, right])
        alpha_circle(surface, ARROW, 60, (x, y), view.piece_radius * 1.05, 2)


def _grow(
    points: list[tuple[float, float]], center: tuple[float, float], f: float
) -> list[tuple[float, float]]:
    return [(center[0] + (px - center[0]) * f, center[1] + (py - center[1]) * f) for px, py in points]
