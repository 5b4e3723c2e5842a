"""The screenshot tour, looked at rather than saved: every scene the tour reaches is drawn once,
at the moment its screenshot would be taken, and handed to a check.

The tour's frames in between are updated but not drawn (drawing only reads, which
``tests/test_app_shell.py`` holds the scenes to, so leaving it out changes nothing), and no
file is written: a language's whole tour at both sizes takes seconds, not a minute.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.scene import SceneManager

#: what a check is handed at each shot: the scene manager, the window, the shot's name
Look = Callable[["SceneManager", pygame.Surface, str], None]


def draw_scenes(
    manager: SceneManager, surface: pygame.Surface, each: Callable[[object, bool], None] | None = None
) -> None:
    """Draw the scenes as the app does (the top opaque one and those over it); ``each(scene,
    is_top)`` is told before each is drawn."""
    stack = manager.stack
    start = 0
    for i in range(len(stack) - 1, -1, -1):
        if stack[i].opaque:
            start = i
            break
    for scene in stack[start:]:
        if each is not None:
            each(scene, scene is stack[-1])
        scene.draw(surface)


def tour(language: str, look: Look, sizes: tuple[tuple[int, int], ...] = ((1280, 800), (960, 600))) -> None:
    """Run the screenshot tour in ``language``; at each shot, ``look(manager, screen, name)``,
    which draws (``draw_scenes``) and checks what it sees."""
    from game.scene import SceneManager

    from . import shots

    plain_draw = SceneManager.draw
    plain_shoot = shots._shoot

    def skip(manager: SceneManager, surface: pygame.Surface) -> None:
        return None

    def shoot(app, out: Path, name: str, size: tuple[int, int], files: list[Path]) -> None:
        look(app.manager, app.screen, f"{size[0]}x{size[1]}_{name}")

    SceneManager.draw = skip  # type: ignore[method-assign, assignment]
    shots._shoot = shoot
    try:
        with tempfile.TemporaryDirectory() as out:
            shots.save_screenshots(Path(out), sizes=sizes, language=language)
    finally:
        SceneManager.draw = plain_draw  # type: ignore[method-assign]
        shots._shoot = plain_shoot
