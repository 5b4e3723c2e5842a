"""A pit board on screen: where each pit, count badge and store goes in a rectangle, and the
empty board drawn once per size (row bands tinted by owner, pits, the sowing circuits with
their arrows, row numbers and column letters).

Board units: pits are one unit apart across; the rows may be spread further apart than that
(``sy``) so each count sits under its pit and a wide board (12 holes a row) still fills the
height it is given, its stores growing too. Stones live in board units (``stones``) and are
drawn through ``stone_px``, isotropic around their pit, so a resize never moves them.
"""

from __future__ import annotations

import math

import pygame

from rules import Layout

from ... import theme
from ..board_view import CachedBoard, wooden_frame
from .stones import PIT_RADIUS, STONE_RADIUS

SOUTH_BAND = (232, 208, 160)
NORTH_BAND = (78, 72, 122)
SOUTH_INK = (96, 62, 30)
NORTH_INK = (222, 218, 250)
PIT = (92, 60, 34)
PIT_DEEP = (58, 36, 20)
PEBBLES = ((196, 196, 188), (150, 146, 140), (226, 214, 190), (120, 132, 140), (204, 176, 140), (92, 96, 104))
BADGE_UNITS = 0.34  # the count badge's height, in pits
ROWS_SPAN = 3.5  # board units from the first row to the fourth (the gap between the halves included)
STORE_UNITS = 0.8  # a store's height, in pits, at least
STORE_MAX_UNITS = 1.5  # ... and at most, when the board is wide and the area tall
ROW_SPREAD = 1.6  # rows at most this many pits apart


def stone_sprite(colour: int, radius: int, _cache: dict = {}) -> pygame.Surface:  # noqa: B006 - a cache
    """A pebble of ``PEBBLES[colour]`` with a highlight and a soft edge (cached per size)."""
    radius = max(2, int(radius))
    key = (colour, radius)
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 120:
            _cache.clear()
        c = PEBBLES[colour % len(PEBBLES)]
        surf = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
        mid = radius + 1
        pygame.draw.circle(surf, theme.lerp_color(c, (30, 20, 10), 0.55), (mid, mid), radius)
        pygame.draw.circle(surf, c, (mid - radius * 0.12, mid - radius * 0.12), radius * 0.84)
        if radius >= 3:
            pygame.draw.circle(
                surf,
                theme.lerp_color(c, (255, 255, 255), 0.6),
                (mid - radius * 0.35, mid - radius * 0.38),
                max(1, radius * 0.3),
            )
        _cache[key] = surf
    return surf


class HolesView(CachedBoard):
    """Pixel layout of a ``holes`` layout inside ``rect`` plus the cached empty board."""

    def __init__(self, layout: Layout, rect: pygame.Rect, labels: bool = True) -> None:
        self.layout = layout
        self.labels = labels
        self.cols = len(layout.rows[0])
        self.owner = {c: p for p, circuit in enumerate(layout.circuits) for c in circuit}
        self.rotated = False  # turned half round: North's two rows and store nearest the player
        self._bg: pygame.Surface | None = None
        self.set_rect(rect)

    # --- geometry -------------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        n = self.cols
        w_units = n + (1.0 if self.labels else 0.1)
        store_units = STORE_UNITS if self.labels else 0.0
        extra = (
            (2 * PIT_RADIUS + BADGE_UNITS + 2 * (store_units + 0.14) + 0.3)
            if self.labels
            else 2 * PIT_RADIUS + 0.3
        )
        s = min(self.rect.width / w_units, self.rect.height / (3.5 + extra))
        # A wide board is limited by the width: the height left over spreads the rows, then
        # makes the stores taller, so the board fills its area.
        sy = min(ROW_SPREAD * s, (self.rect.height - extra * s) / 3.5)
        if self.labels:
            spare = self.rect.height - 3.5 * sy - extra * s
            grow = min(STORE_MAX_UNITS - STORE_UNITS, max(0.0, spare / (2 * s)))
            store_units += grow
            extra += 2 * grow
        self.s, self.sy = s, sy
        self.pit_r = PIT_RADIUS * s
        self.stone_r = STONE_RADIUS * s
        width = w_units * s
        height = 3.5 * sy + extra * s
        left = self.rect.centerx - width / 2
        top = self.rect.centery - height / 2
        self.frame = pygame.Rect(int(left), int(top), int(width), int(height))
        x0 = left + ((1.05 if self.labels else 0.55) * s)  # the centre of column a
        if self.labels:
            y_top = top + (0.15 + store_units + 0.14) * s + self.pit_r  # the centre of row 4
        else:
            y_top = top + 0.15 * s + self.pit_r
        self.x0, self.y_bottom = x0, y_top + 3.5 * sy
        self._centres = {c.index: self._px(c.x, c.y) for c in self.layout.cells}
        st_h = store_units * s
        south_top = self.y_bottom + self.pit_r + (BADGE_UNITS + 0.14) * s
        bottom_store = pygame.Rect(int(x0 - 0.5 * s), int(south_top), int(n * s), int(st_h))
        top_store = pygame.Rect(
            int(x0 - 0.5 * s), int(y_top - self.pit_r - 0.14 * s - st_h), int(n * s), int(st_h)
        )
        self.stores = (top_store, bottom_store) if self.rotated else (bottom_store, top_store)
        self.badge_size = max(14, min(28, int(0.34 * s)))
        self._bg = None

    def set_rotated(self, rotated: bool) -> None:
        """Turn the board half round, so North's two rows and store sit nearest the player (the
        pits, the circuits and the labels all follow)."""
        if rotated != self.rotated:
            self.rotated = rotated
            self.set_rect(self.rect)

    def _px(self, x: float, y: float) -> tuple[float, float]:
        if self.rotated:
            x, y = self.cols - 1 - x, ROWS_SPAN - y
        return (self.x0 + x * self.s, self.y_bottom - y * self.sy)

    @property
    def spacing(self) -> float:
        return self.s

    def pos(self, cell: int) -> tuple[float, float]:
        """Pixel centre of pit ``cell``."""
        return self._centres[cell]

    def stone_px(
        self, cell: int, centre: tuple[float, float], at: tuple[float, float]
    ) -> tuple[float, float]:
        """Pixel position of a stone at board point ``at`` in pit ``cell`` (whose board centre is
        ``centre``): the pit's pixel centre plus the offset, scaled the same both ways."""
        x, y = self._centres[cell]
        return (x + (at[0] - centre[0]) * self.s, y - (at[1] - centre[1]) * self.s)

    def badge_pos(self, cell: int) -> tuple[float, float]:
        """Where the pit's count is written: just under the pit."""
        x, y = self._centres[cell]
        return (x, y + self.pit_r + self.badge_size * 0.35)

    def store_slot(self, player: int, k: int) -> tuple[float, float]:
        """Pixel centre of the ``k``-th captured stone in ``player``'s store (rows from the
        left, leaving room for the label and the count)."""
        r = self.stores[player]
        d = self.stone_r * 2.1
        left = r.left + r.height * 0.2 + self.stone_r
        per_row = max(1, int((r.width - r.height * 1.6 - self.stone_r) // d))
        rows = max(1, int((r.height - self.stone_r) // d))
        row, col = divmod(k, per_row)
        row %= rows
        jitter = ((k * 37) % 7 - 3) * 0.06 * self.stone_r
        return (left + col * d + jitter, r.bottom - self.stone_r * 1.4 - row * d + jitter)

    def cell_at(self, xy: tuple[float, float]) -> int | None:
        """The pit under ``xy`` (its count badge counts as the pit), or None."""
        best, best_d = None, (self.s * 0.5) ** 2
        for c, (x, y) in self._centres.items():
            d = (x - xy[0]) ** 2 + (y + self.pit_r * 0.25 - xy[1]) ** 2
            if d <= best_d:
                best, best_d = c, d
        return best

    # --- the empty board ----------------------------------------------------------------------------
    def _render(self) -> pygame.Surface:
        f = self.frame
        s = self.s
        bg = wooden_frame(f.size, max(6, int(s * 0.3)))
        ox, oy = -f.left, -f.top
        rows = self.layout.rows
        for player, band in ((0, SOUTH_BAND), (1, NORTH_BAND)):
            ys = [self._centres[rows[r][0]][1] for r in ((0, 1) if player == 0 else (2, 3))]
            top = min(ys) - self.pit_r - 0.1 * s
            bottom = max(ys) + self.pit_r + self.badge_size * 0.75
            box = pygame.Rect(0, 0, self.cols * s + 0.5 * s, bottom - top)
            box.topleft = (int(self.x0 - 0.75 * s + ox), int(top + oy))
            pygame.draw.rect(bg, band, box, border_radius=max(6, int(s * 0.35)))
            if self.labels:
                store = self.stores[player].move(ox, oy)
                pygame.draw.rect(
                    bg, theme.lerp_color(band, PIT_DEEP, 0.35), store, border_radius=int(store.height / 2)
                )
                pygame.draw.rect(
                    bg, PIT_DEEP, store, max(2, int(s * 0.04)), border_radius=int(store.height / 2)
                )
        for player in (0, 1):
            self._circuit(bg, player, ox, oy)
        for x, y in self._centres.values():
            r = self.pit_r
            pygame.draw.circle(
                bg, theme.lerp_color(PIT, (255, 240, 210), 0.25), (x + ox, y + oy + r * 0.06), r + 1
            )
            pygame.draw.circle(bg, PIT_DEEP, (x + ox, y + oy), r)
            pygame.draw.circle(bg, PIT, (x + ox + r * 0.05, y + oy + r * 0.07), r * 0.9)
        for player in (0, 1):
            self._arrows(bg, player, ox, oy)
        if self.labels:
            self._draw_labels(bg, ox, oy)
        return bg

    def _loop_points(self, player: int) -> list[tuple[float, float]]:
        """The pit centres of the player's circuit, in sowing order."""
        return [self._centres[c] for c in self.layout.circuits[player]]

    def _circuit(self, bg: pygame.Surface, player: int, ox: float, oy: float) -> None:
        """The player's sowing loop: a line through their pits, round at both ends, with an
        arrowhead on each end turn."""
        ink = SOUTH_INK if player == 0 else NORTH_INK
        width = max(2, int(self.s * 0.05))
        pts = [(x + ox, y + oy) for x, y in self._loop_points(player)]
        n = self.cols
        for a, b in zip(pts, pts[1:] + pts[:1]):
            if abs(a[1] - b[1]) < 1:
                pygame.draw.line(bg, ink, a, b, width)
        for a, b in ((pts[n - 1], pts[n]), (pts[-1], pts[0])):  # the two turns: half circles
            cx = a[0]
            side = 1 if cx > self.x0 + ox + 0.1 else -1
            rx = self.s * 0.62
            arc = [
                (
                    cx + side * rx * math.sin(math.pi * t / 16),
                    a[1] + (b[1] - a[1]) * (1 - math.cos(math.pi * t / 16)) / 2,
                )
                for t in range(17)
            ]
            pygame.draw.lines(bg, ink, False, arc, width)
            tip = arc[8]
            down = 1 if b[1] > a[1] else -1
            k = self.s * 0.13
            pygame.draw.polygon(
                bg,
                ink,
                [
                    (tip[0], tip[1] + down * k),
                    (tip[0] - k, tip[1] - down * k * 0.6),
                    (tip[0] + k, tip[1] - down * k * 0.6),
                ],
            )

    def _arrows(self, bg: pygame.Surface, player: int, ox: float, oy: float) -> None:
        """An arrowhead in each gap between two pits of a row, pointing the way stones go."""
        ink = SOUTH_INK if player == 0 else NORTH_INK
        pts = [(x + ox, y + oy) for x, y in self._loop_points(player)]
        k = max(3.0, self.s * 0.085)
        for a, b in zip(pts, pts[1:]):
            if abs(a[1] - b[1]) > 1:
                continue
            mx = (a[0] + b[0]) / 2
            d = 1 if b[0] > a[0] else -1
            pygame.draw.polygon(
                bg, ink, [(mx + d * k, a[1]), (mx - d * k * 0.7, a[1] - k), (mx - d * k * 0.7, a[1] + k)]
            )

    def _draw_labels(self, bg: pygame.Surface, ox: float, oy: float) -> None:
        """Row numbers on discs in the owner's colours (readable on the frame and the bands),
        column letters between the two sides."""
        s = self.s
        size = max(14, int(s * 0.36))
        rows = self.layout.rows
        for r, row in enumerate(rows):
            x = min(self._centres[c][0] for c in row)  # the row's left end, whichever way the board is turned
            y = self._centres[row[0]][1]
            disc, ink = (SOUTH_INK, SOUTH_BAND) if r < 2 else (NORTH_INK, NORTH_BAND)
            centre = (int(x - 0.84 * s + ox), int(y + oy))  # between the frame's edge and the circuit's turn
            radius = max(size * 0.6, s * 0.19)
            pygame.draw.circle(bg, disc, centre, radius)
            pygame.draw.circle(
                bg, theme.lerp_color(disc, (0, 0, 0), 0.35), centre, radius, max(1, int(s * 0.03))
            )
            theme.blit_text(bg, str(r + 1), size, ink, centre, "center")
        size = max(14, int(s * 0.34))
        lower_inner = rows[2] if self.rotated else rows[1]  # the letters go in the gap between the halves
        y_letters = self._centres[lower_inner[0]][1] - self.pit_r - size * 0.55
        for c in range(self.cols):
            x, _ = self._centres[rows[1][c]]
            theme.blit_text(
                bg,
                self.layout.cell(rows[1][c]).name[0],
                size,
                SOUTH_INK,
                (int(x + ox), int(y_letters + oy)),
                "center",
            )


def draw_board_thumbnail(
    surface: pygame.Surface, rect: pygame.Rect, layout: Layout, counts: dict[int, int]
) -> None:
    """The chooser card's picture: the pits and their stones as resting heaps."""
    from .stones import heap_offset

    view = HolesView(layout, rect, labels=False)
    view.draw(surface)
    r = max(2, int(view.stone_r * 1.1))
    for cell, n in counts.items():
        x, y = view.pos(cell)
        for k in range(n):
            _, (dx, dy) = heap_offset(k, cell * 1.3)
            sprite = stone_sprite(cell + k, r)
            surface.blit(sprite, (x + dx * view.s - r - 1, y - dy * view.s - r - 1))
