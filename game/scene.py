"""Scenes and the stack that runs them (push / pop / replace).

The top scene gets events and updates; an overlay that lets the scene below live on
(``lets_below_live``: the game-over strip under the board) passes down the events it leaves
(``handle_event`` returning False) and the scene below is updated with it. Drawing starts at the
highest opaque scene so an overlay (game over, coin toss) shows the scene beneath it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    """One screen of the app. Subclasses override what they need."""

    opaque = True  # False: the scene below is drawn first (an overlay)

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack for the first time."""

    def resume(self) -> None:
        """Called when a scene pushed above this one is popped."""

    def exit(self) -> None:
        """Called when the scene leaves the stack (popped or replaced)."""

    @property
    def lets_below_live(self) -> bool:
        """True while the scene below this one goes on: it is updated every frame, and receives
        the events this one leaves (``handle_event`` returning False)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool | None:
        """React to one input event (the top scene receives them; it returns False to leave
        one to the scene below, while that scene lives on)."""
        return None

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (animations use dt, never the frame count)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface`` (which may have been resized)."""


class SceneManager:
    """The stack of scenes."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below does not resume in between)."""
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def pop_to(self, kind: type[Scene]) -> bool:
        """Pop scenes until one of type ``kind`` is on top; False (and nothing popped) if none is.
        Each scene popped exits; only the one left on top resumes (a scene passed over on the way
        is not woken to be discarded: it would read the library or restart its music for nothing)."""
        if not any(isinstance(s, kind) for s in self.stack):
            return False
        if isinstance(self.stack[-1], kind):
            return True
        while not isinstance(self.stack[-1], kind):
            self.stack.pop().exit()
        self.stack[-1].resume()
        return True

    def clear(self) -> None:
        while self.stack:
            self.stack.pop().exit()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The top scene takes ``event``; what an overlay leaves goes down to the scene it lets live."""
        for i in range(len(self.stack) - 1, -1, -1):
            scene = self.stack[i]
            if scene.handle_event(event) is not False or not scene.lets_below_live:
                return

    def update(self, dt: float) -> None:
        """The top scene, and first the scenes below it that it lets live on."""
        if not self.stack:
            return
        live = len(self.stack) - 1
        while live > 0 and self.stack[live].lets_below_live:
            live -= 1
        for scene in self.stack[live:]:
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(surface)
