"""Translucent marks drawn over boards every frame, cached by size and colour.

Each mark has ONE meaning and its own SHAPE, so it reads without its colour (colour-blind
players, grey-scale screens):

- ``move_target``: a filled dot — the chosen piece may move here;
- ``capture_target``: a diamond with a cross — moving here captures;
- ``taken_mark``: a cross over a piece — this piece is (or would be) taken;
- ``can_capture_mark``: a dashed ring round a piece — it can capture (capturing is optional);
- ``must_capture_mark``: a pulsing double ring — it must capture (the forced-capture rule);
- ``huff_mark``: four corner brackets round a piece — it may be huffed (with a HUFF? tag).

Colours come from ``theme`` at draw time, so a palette change shows on the next frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from .. import theme

Point = tuple[float, float]

_rings: dict[tuple, pygame.Surface] = {}
_shapes: dict[tuple, pygame.Surface] = {}


def _clear() -> None:
    _rings.clear()
    _shapes.clear()


theme.on_palette_change(_clear)


def alpha_circle(
    surface: pygame.Surface,
    color: tuple[int, int, int],
    alpha: int,
    center: tuple[float, float],
    radius: float,
    width: int = 0,
) -> None:
    """A translucent disc or ring (cached: the marks are redrawn every frame)."""
    r = max(2, int(radius))
    key = (color, alpha // 8, r, width)
    s = _rings.get(key)
    if s is None:
        if len(_rings) > 400:
            _rings.clear()
        s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(s, (*color, alpha), (r + 2, r + 2), r, width)
        _rings[key] = s
    surface.blit(s, (center[0] - r - 2, center[1] - r - 2))


def _blit_shape(
    surface: pygame.Surface,
    key: tuple,
    half: int,
    center: Point,
    paint: Callable[[pygame.Surface, float], None],
) -> None:
    """Blit a cached square sprite of side ``2 * half`` centred at ``center``, painted once."""
    s = _shapes.get(key)
    if s is None:
        if len(_shapes) > 400:
            _shapes.clear()
        s = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        paint(s, float(half))
        _shapes[key] = s
    surface.blit(s, (center[0] - half, center[1] - half))


def _cross(s: pygame.Surface, color: tuple[int, ...], c: float, k: float, width: int) -> None:
    pygame.draw.line(s, color, (c - k, c - k), (c + k, c + k), width)
    pygame.draw.line(s, color, (c - k, c + k), (c + k, c - k), width)


def move_target(surface: pygame.Surface, center: Point, radius: float, alpha: int = 210) -> None:
    """A filled dot with a white rim: a quiet move may end here."""
    r = max(3, int(radius))
    color = theme.TARGET
    rim = max(2, r // 4)

    def paint(s: pygame.Surface, c: float) -> None:
        pygame.draw.circle(s, (255, 255, 255, alpha), (c, c), r)
        pygame.draw.circle(s, (*color, alpha), (c, c), r - rim)

    _blit_shape(surface, ("dot", color, alpha // 8, r), r + 2, center, paint)


def capture_target(surface: pygame.Surface, center: Point, radius: float, alpha: int = 220) -> None:
    """A diamond with a white cross in it: moving here captures."""
    r = max(4, int(radius * 1.4))
    color = theme.CAPTURE
    rim = max(2, r // 5)

    def paint(s: pygame.Surface, c: float) -> None:
        outer = [(c, c - r), (c + r, c), (c, c + r), (c - r, c)]
        inner = [
            (c, c - r + rim * 1.5),
            (c + r - rim * 1.5, c),
            (c, c + r - rim * 1.5),
            (c - r + rim * 1.5, c),
        ]
        pygame.draw.polygon(s, (255, 255, 255, alpha), outer)
        pygame.draw.polygon(s, (*color, alpha), inner)
        _cross(s, (255, 255, 255, alpha), c, r * 0.32, max(2, rim))

    _blit_shape(surface, ("diamond", color, alpha // 8, r), r + 2, center, paint)


def taken_mark(
    surface: pygame.Surface, center: Point, radius: float, color: theme.Color | None = None, alpha: int = 230
) -> None:
    """A cross over a piece: it is taken, or would be (``color`` defaults to the capture colour)."""
    color = color or theme.CAPTURE
    k = max(3, int(radius))
    width = max(3, k // 3)

    def paint(s: pygame.Surface, c: float) -> None:
        _cross(s, (20, 20, 20, alpha // 2), c, k, width + 2)
        _cross(s, (*color, alpha), c, k, width)

    _blit_shape(surface, ("cross", color, alpha // 8, k), k + width + 2, center, paint)


def can_capture_mark(surface: pygame.Surface, center: Point, radius: float, alpha: int = 230) -> None:
    """A dashed ring: this piece can capture (capturing is optional)."""
    r = max(4, int(radius))
    color = theme.CAPTURE
    width = max(3, r // 6)

    def paint(s: pygame.Surface, c: float) -> None:
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (int(c), int(c))
        dashes = 10
        for i in range(dashes):
            a0 = 2 * math.pi * i / dashes
            pygame.draw.arc(s, (*color, alpha), rect, a0, a0 + math.pi / dashes * 1.1, width)

    _blit_shape(surface, ("dashed", color, alpha // 8, r), r + 2, center, paint)


def must_capture_mark(surface: pygame.Surface, center: Point, radius: float, pulse: float = 0.0) -> None:
    """A pulsing double ring: this piece must capture."""
    color = theme.CAPTURE
    r = radius * (1.0 + 0.08 * pulse)
    width = max(3, int(radius / 7))
    alpha = int(190 + 65 * pulse)
    alpha_circle(surface, color, alpha, center, r, width)
    alpha_circle(surface, color, alpha, center, r + 2.2 * width, width)


def huff_mark(surface: pygame.Surface, center: Point, radius: float, pulse: float = 0.0) -> None:
    """Four corner brackets round a piece: it may be huffed (taken for failing to capture)."""
    k = max(5, int(radius * (1.0 + 0.06 * pulse)))
    color = theme.CAPTURE
    alpha = int(215 + 40 * pulse)
    width = max(3, k // 5)

    def paint(s: pygame.Surface, c: float) -> None:
        arm = k * 0.55
        for sx in (-1, 1):
            for sy in (-1, 1):
                corner = (c + sx * k, c + sy * k)
                pygame.draw.line(s, (*color, alpha), corner, (corner[0] - sx * arm, corner[1]), width)
                pygame.draw.line(s, (*color, alpha), corner, (corner[0], corner[1] - sy * arm), width)

    _blit_shape(surface, ("brackets", color, alpha // 8, k), k + width + 2, center, paint)
