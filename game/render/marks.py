"""Translucent marks drawn over boards every frame (rings, discs), cached by size and colour."""

from __future__ import annotations

import pygame

_rings: dict[tuple, pygame.Surface] = {}


def alpha_circle(surface: pygame.Surface, color: tuple[int, int, int], alpha: int, center: tuple[float, float],
                  radius: float, width: int = 0) -> None:
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
