"""The keys that open a game from any screen that offers it (the title, the chooser): apart from
``opening``, which reads the library, so a screen can listen for them before it has read anything."""

from __future__ import annotations

import pygame


def is_open_file(event: pygame.event.Event) -> bool:
    """Ctrl+O (Cmd+O on macOS): the file browser."""
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_o
        and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    )


def is_paste(event: pygame.event.Event) -> bool:
    """Ctrl+V (Cmd+V on macOS)."""
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_v
        and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    )
