"""The keyboard's cursor on a board: the arrow keys move it to the nearest cell that way on screen,
whatever the board's shape (lines, squares, holes) or which way round it is drawn. The position
editor and the puzzles share it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

#: arrow keys -> the direction the cursor moves on screen
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def nearest_cell(
    pos: Callable[[int], tuple[float, float]], cells: Iterable[int], cell: int, direction: tuple[int, int]
) -> int:
    """The nearest of ``cells`` from ``cell`` in ``direction`` on screen (``pos`` places a cell;
    ``cell`` itself if none lies that way): ahead counts once, off to the side twice, and a cell
    more to the side than half again as far ahead is not that way."""
    x0, y0 = pos(cell)
    dx, dy = direction
    best, best_cost = cell, float("inf")
    for other in cells:
        x, y = pos(other)
        ahead = (x - x0) * dx + (y - y0) * dy
        side = abs((x - x0) * dy - (y - y0) * dx)
        if ahead <= 1 or side > ahead * 1.5:
            continue
        cost = ahead + 2 * side
        if cost < best_cost:
            best, best_cost = other, cost
    return best
