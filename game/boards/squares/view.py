"""A square board on screen: where each square goes in a rectangle, and the empty board drawn
once per size (checkers, both yards tinted in their owner's colour, the goal corners marked,
coordinates around). RULES-SPEC section 5: a1 is bottom-left, Red's yard bottom-right, Blue's
top-left; each side heads for the other's corner.
"""

from __future__ import annotations

import math

import pygame

from rules import Game
from rules.kinds import Pieces

from ... import theme
from ...render.pieces import CROWN_GOLD, HALMA_COLORS
from ..board_view import CachedBoard, wooden_frame

LIGHT = (238, 216, 176)
DARK = (184, 140, 96)
#: yard squares (light, dark) in their owner's colour: mixing blue into wood gives grey, so set apart
YARD_SQUARES = {0: ((244, 184, 164), (214, 132, 112)), 1: ((182, 204, 246), (128, 156, 220))}
MARGIN = 0.62  # the frame around the squares, in squares (room for the coordinates)


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5) -> list[tuple[float, float]]:
    return [
        (
            cx + math.cos(-math.pi / 2 + math.pi * i / n) * (r_out if i % 2 == 0 else r_in),
            cy + math.sin(-math.pi / 2 + math.pi * i / n) * (r_out if i % 2 == 0 else r_in),
        )
        for i in range(2 * n)
    ]


class SquaresView(CachedBoard):
    """Pixel layout of an n×n ``squares`` board inside ``rect`` (``pos``, ``cell_at``,
    ``piece_radius``, ``spacing``: what the shared renderer and animation ask of a view)."""

    def __init__(self, game: Game, rect: pygame.Rect, labels: bool = True) -> None:
        self.game = game
        self.n = game.layout.size[0]
        self.labels = labels
        self.yards = self._yards(game)
        self.rotated = False  # turned half round: Blue's side at the bottom
        self._bg: pygame.Surface | None = None
        self.set_rect(rect)

    @staticmethod
    def _yards(game: Game) -> tuple[frozenset[int], frozenset[int]]:
        """Each side's yard (the layout's ``yard0``/``yard1`` regions)."""
        regions = game.layout.regions
        return frozenset(regions.get("yard0", ())), frozenset(regions.get("yard1", ()))

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        margin = MARGIN if self.labels else 0.15
        s = min(self.rect.width, self.rect.height) / (self.n + 2 * margin)
        self.spacing = self.unit = s
        side = s * self.n
        self.left = self.rect.centerx - side / 2
        self.top = self.rect.centery - side / 2
        self.grid = pygame.Rect(round(self.left), round(self.top), round(side), round(side))
        self.frame = self.grid.inflate(round(2 * margin * s), round(2 * margin * s))
        self._bg = None
        self._centers = {
            p: (self.left + (self._screen(p)[0] + 0.5) * s, self.top + (self._screen(p)[1] + 0.5) * s)
            for p in range(self.n * self.n)
        }

    def _screen(self, p: int) -> tuple[int, int]:
        """(column from the left, row from the top) where square ``p`` is drawn."""
        col, row = p % self.n, p // self.n
        if self.rotated:
            return self.n - 1 - col, row
        return col, self.n - 1 - row

    def set_rotated(self, rotated: bool) -> None:
        if rotated != self.rotated:
            self.rotated = rotated
            self.set_rect(self.rect)

    def pos(self, cell: int) -> tuple[float, float]:
        """Pixel centre of square ``cell``."""
        return self._centers[cell]

    def square(self, cell: int) -> pygame.Rect:
        x, y = self._centers[cell]
        s = self.spacing
        return pygame.Rect(round(x - s / 2), round(y - s / 2), math.ceil(s), math.ceil(s))

    @property
    def piece_radius(self) -> float:
        return self.spacing * 0.37

    def cell_at(self, xy: tuple[float, float]) -> int | None:
        """The square under ``xy``, or None off the board."""
        col = math.floor((xy[0] - self.left) / self.spacing)
        row = self.n - 1 - math.floor((xy[1] - self.top) / self.spacing)
        if not (0 <= col < self.n and 0 <= row < self.n):
            return None
        if self.rotated:
            col, row = self.n - 1 - col, self.n - 1 - row
        return row * self.n + col

    # --- the empty board --------------------------------------------------------------------------
    def _render(self) -> pygame.Surface:
        f = self.frame
        bg = wooden_frame(f.size, max(6, int(self.spacing * 0.22)), (150, 110, 66), border=3)
        off = (-f.left, -f.top)
        for p in range(self.n * self.n):
            r = self.square(p).move(off)
            light = (p % self.n + p // self.n) % 2
            color = LIGHT if light else DARK
            for side, yard in enumerate(self.yards):
                if p in yard:
                    color = YARD_SQUARES[side][0 if light else 1]
            pygame.draw.rect(bg, color, r)
        self._yard_edges(bg, off)
        pygame.draw.rect(bg, theme.BOARD_LINE, self.grid.move(off), max(2, int(self.spacing * 0.04)))
        self._goals(bg, off)
        if self.labels:
            self._coordinates(bg, off)
        return bg

    def _yard_edges(self, bg: pygame.Surface, off: tuple[int, int]) -> None:
        """A line in the owner's colour where a yard meets the open board."""
        width = max(2, int(self.spacing * 0.06))
        n = self.n
        half = self.spacing / 2
        for side, yard in enumerate(self.yards):
            color = HALMA_COLORS[side][1]
            for p in yard:
                c, row = p % n, p // n
                neighbours = [
                    q
                    for q, inside in (
                        (p + 1, c + 1 < n),
                        (p - 1, c > 0),
                        (p + n, row + 1 < n),
                        (p - n, row > 0),
                    )
                    if inside and q not in yard
                ]
                for q in neighbours:  # the edge the two squares share, wherever they are drawn
                    (x1, y1), (x2, y2) = self.pos(p), self.pos(q)
                    mx, my = (x1 + x2) / 2 + off[0], (y1 + y2) / 2 + off[1]
                    if abs(x1 - x2) > abs(y1 - y2):
                        pygame.draw.line(bg, color, (mx, my - half), (mx, my + half), width)
                    else:
                        pygame.draw.line(bg, color, (mx - half, my), (mx + half, my), width)

    def _goals(self, bg: pygame.Surface, off: tuple[int, int]) -> None:
        """Each goal corner gets a gold frame (visible round the piece standing on it) and, in
        the board's corner outside the squares, a star in the colour of the side heading there."""
        regions = self.game.layout.regions
        goals = [regions[f"goal{side}"][0] for side in (0, 1) if f"goal{side}" in regions]
        s = self.spacing
        for side, cell in enumerate(goals):
            r = self.square(cell).move(off)
            pygame.draw.rect(bg, CROWN_GOLD, r.inflate(-int(s * 0.08), -int(s * 0.08)), max(3, int(s * 0.09)))
            x, y = self.pos(cell)
            dx = -1 if x < self.rect.centerx else 1
            dy = -1 if y < self.rect.centery else 1
            m = (self.frame.width - self.grid.width) / 2
            cx, cy = x + off[0] + dx * (s / 2 + m / 2), y + off[1] + dy * (s / 2 + m / 2)
            k = max(5.0, m * 0.42)
            fill, dark = HALMA_COLORS[side]
            pygame.draw.polygon(bg, dark, star_points(cx, cy, k * 1.15, k * 0.55))
            pygame.draw.polygon(bg, fill, star_points(cx, cy, k * 0.85, k * 0.4))

    def _coordinates(self, bg: pygame.Surface, off: tuple[int, int]) -> None:
        size = max(12, int(self.spacing * 0.3))
        m = (self.frame.width - self.grid.width) / 2
        color = (250, 236, 210)
        for i in range(self.n):
            x, _ = self.pos(i)
            _, y = self.pos(i * self.n)
            letter, number = "abcdefghijklmnopqrstuvwxyz"[i], str(i + 1)
            for yy in (self.grid.top - m / 2, self.grid.bottom + m / 2):
                theme.blit_text(bg, letter, size, color, (int(x + off[0]), int(yy + off[1])), "center")
            for xx in (self.grid.left - m / 2, self.grid.right + m / 2):
                theme.blit_text(bg, number, size, color, (int(xx + off[0]), int(y + off[1])), "center")


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, pieces: Pieces) -> None:
    """The board and its start for the chooser's card."""
    from ...render.pieces import draw_piece

    view = SquaresView(game, rect, labels=False)
    view.draw(surface)
    r = max(3, view.piece_radius)
    for p, (owner, kind) in pieces.items():
        draw_piece(surface, view.pos(p), r, owner, kind)
