"""A line board on screen: where each point goes in a rectangle, and the board drawn from its
lines (RULES-SPEC section 1: a board is nothing but its straight lines).

The view maps the layout's (x, y) to pixels with y upwards; short, wide boards (the
triangles) are stretched upwards a little so they do not look flat.
"""

from __future__ import annotations

import pygame

from rules import Layout
from rules.kinds import Pieces

from ... import theme
from ..board_view import CachedBoard, wooden_frame


class BoardView(CachedBoard):
    """Pixel layout of a ``lines`` layout inside ``rect`` plus a cached drawing of the empty board."""

    def __init__(self, layout: Layout, rect: pygame.Rect, labels: bool = True) -> None:
        self.layout = layout
        self.labels = labels
        self.col0, self.row0, self.col1, self.row1 = layout.bounds()
        self.rotated = False  # turned half round: the top player's side at the bottom
        self._bg: pygame.Surface | None = None
        self.set_rect(rect)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        span_c = max(1, self.col1 - self.col0)
        span_r = max(1, self.row1 - self.row0)
        margin = 1.1 if self.labels else 0.7
        sx = self.rect.width / (span_c + 2 * margin)
        sy = self.rect.height / (span_r + 2 * margin)
        s = min(sx, sy)
        self.dx = s
        self.dy = min(sy, s * 1.6)
        self.spacing = min(self.dx, self.dy)
        w = self.dx * span_c
        h = self.dy * span_r
        self.origin = (self.rect.centerx - w / 2, self.rect.centery + h / 2)
        self.unit = s
        self.frame = pygame.Rect(0, 0, int(w + 2 * margin * s * 0.85), int(h + 2 * margin * s * 0.85))
        self.frame.center = (int(self.rect.centerx), int(self.rect.centery))
        self._bg = None
        self._centers = {c.index: self._pos(c.x, c.y) for c in self.layout.cells}

    def set_rotated(self, rotated: bool) -> None:
        if rotated != self.rotated:
            self.rotated = rotated
            self.set_rect(self.rect)

    def _pos(self, col: float, row: float) -> tuple[float, float]:
        if self.rotated:
            col, row = self.col0 + self.col1 - col, self.row0 + self.row1 - row
        return (self.origin[0] + (col - self.col0) * self.dx, self.origin[1] - (row - self.row0) * self.dy)

    def pos(self, point: int) -> tuple[float, float]:
        """Pixel centre of ``point``."""
        return self._centers[point]

    @property
    def piece_radius(self) -> float:
        return self.spacing * 0.36

    def cell_at(self, xy: tuple[float, float]) -> int | None:
        """The point under ``xy`` (within a generous radius), or None."""
        best, best_d = None, (self.spacing * 0.48) ** 2
        for p, (x, y) in self._centers.items():
            d = (x - xy[0]) ** 2 + (y - xy[1]) ** 2
            if d <= best_d:
                best, best_d = p, d
        return best

    def _render(self) -> pygame.Surface:
        f = self.frame
        bg = wooden_frame(f.size, max(6, int(self.spacing * 0.3)))
        ox, oy = -f.left, -f.top
        width = max(2, int(self.spacing * 0.06))
        for line in self.layout.lines:
            pts = [(self._centers[p][0] + ox, self._centers[p][1] + oy) for p in line]
            pygame.draw.lines(bg, theme.BOARD_LINE, False, pts, width)
        pr = max(3, int(self.spacing * 0.11))
        for p in self._centers:
            x, y = self._centers[p]
            pygame.draw.circle(bg, theme.BOARD_WOOD, (x + ox, y + oy), pr + 2)
            pygame.draw.circle(bg, theme.POINT, (x + ox, y + oy), pr)
        if self.labels and self.spacing >= 28:
            self._draw_labels(bg, ox, oy)
        return bg

    def _draw_labels(self, bg: pygame.Surface, ox: float, oy: float) -> None:
        size = max(12, int(self.spacing * 0.3))
        color = theme.BOARD_LINE
        files: dict[str, float] = {}
        ranks: dict[str, float] = {}
        for cell in self.layout.cells:  # a point's name is its column letter and row number
            x, y = self._centers[cell.index]
            files[cell.name[0]] = x
            ranks[cell.name[1:]] = y
        bottom = self.origin[1] + self.unit * 0.64
        left = self.origin[0] - self.unit * 0.64
        for name, x in files.items():
            theme.blit_text(bg, name, size, color, (int(x + ox), int(bottom + oy)), "center")
        for name, y in ranks.items():
            theme.blit_text(bg, name, size, color, (int(left + ox), int(y + oy)), "center")


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, layout: Layout, pieces: Pieces) -> None:
    """A small drawing of a board and its start position for the game chooser's cards."""
    from ...render.pieces import draw_piece

    view = BoardView(layout, rect, labels=False)
    view.draw(surface)
    r = max(3, view.piece_radius * 0.95)
    for p, (owner, kind) in pieces.items():
        draw_piece(surface, view.pos(p), r, owner, kind)
