"""What the board families' views share: the empty board drawn once per size into a cached
surface (on a wooden frame), blitted every frame."""

from __future__ import annotations

from typing import Protocol

import pygame

from .. import theme


class PieceView(Protocol):
    """A board of pieces on points or squares, as its drawing and animation place them."""

    frame: pygame.Rect

    @property
    def spacing(self) -> float: ...

    @property
    def piece_radius(self) -> float: ...

    def pos(self, cell: int) -> tuple[float, float]: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class CachedBoard:
    """A view whose empty board is rendered by ``_render`` into ``frame``'s size, once per size
    (``set_rect`` clears ``_bg``)."""

    frame: pygame.Rect
    _bg: pygame.Surface | None = None

    def _render(self) -> pygame.Surface:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        """Blit the empty board (built once per size)."""
        if self._bg is None:
            self._bg = self._render()
        surface.blit(self._bg, self.frame.topleft)


def wooden_frame(
    size: tuple[int, int], radius: int, inner: theme.Color | None = None, border: int = 4
) -> pygame.Surface:
    """A transparent surface with the board's wooden frame: a dark rim round a wooden face."""
    bg = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(bg, theme.BOARD_WOOD_DARK, bg.get_rect(), border_radius=radius)
    pygame.draw.rect(
        bg, inner or theme.BOARD_WOOD, bg.get_rect().inflate(-2 * border, -2 * border), border_radius=radius
    )
    return bg
