"""The app's icon, drawn with the same piece sprites as the boards (window icon, .desktop, the build)."""

from __future__ import annotations

import pygame

from rules.kinds import PieceKind

from . import theme
from .render.pieces import sprite


def icon_surface(size: int = 64) -> pygame.Surface:
    """Two pieces of the opposing armies on a rounded board tile, ``size`` pixels square."""
    s = size / 64
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    if size >= 96:  # small window icons stay bare: a tile behind them only blurs
        pygame.draw.rect(icon, (40, 48, 84), icon.get_rect(), border_radius=int(12 * s))
        pygame.draw.rect(icon, theme.ACCENT, icon.get_rect(), max(2, int(2 * s)), border_radius=int(12 * s))
    radius = int(22 * s) if size < 96 else int(15 * s)
    a, b = sprite(0, PieceKind.SOLDIER, radius), sprite(1, PieceKind.SOLDIER, radius)
    icon.blit(a, a.get_rect(center=(int(24 * s), int(24 * s))))
    icon.blit(b, b.get_rect(center=(int(40 * s), int(40 * s))))
    return icon
