"""The window, the 60 FPS loop and the services every scene shares (sound, the AI worker).

``App.frame`` runs one frame from a list of events and a dt, so tests and the screenshot
tool drive exactly the code the real loop runs.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterable

import pygame

from . import theme
from .opponent import Worker, make_worker
from .scene import Scene, SceneManager
from .sound import SoundBank

FPS = 60
MAX_DT = 0.1  # a long stall (window drag, breakpoint) must not teleport animations


class App:
    def __init__(self, size: tuple[int, int] = theme.BASE_SIZE, fullscreen: bool = False, sound: bool = True,
                 worker_factory: Callable[[], Worker | None] | None = None) -> None:
        pygame.init()
        pygame.display.set_caption("Keliya")
        self.windowed_size = size
        self.fullscreen = False
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._set_minimum_size()
        self._set_icon()
        self.manager = SceneManager()
        self.sound = SoundBank(enabled=sound)
        self.clock = pygame.time.Clock()
        self.running = True
        self._worker_factory = worker_factory or make_worker
        self._worker: Worker | None = None
        self._worker_tried = False
        self.frame_work: list[float] = []  # seconds of work per frame, when recording (benchmarks)
        self.record_frames = False
        if fullscreen:
            self.toggle_fullscreen()

    # --- services -------------------------------------------------------------------------------
    @property
    def worker(self) -> Worker | None:
        """The shared AI worker, started on first use (None if the AI is unavailable)."""
        if self._worker is None and not self._worker_tried:
            self._worker_tried = True
            self._worker = self._worker_factory()
        return self._worker

    @property
    def computer_available(self) -> bool:
        return self.worker is not None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        return theme.scale_for(self.size)

    # --- window ---------------------------------------------------------------------------------
    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pygame.Window.from_display_module().minimum_size = theme.MIN_SIZE
        except (AttributeError, pygame.error):
            pass

    def _set_icon(self) -> None:
        from .render.pieces import sprite

        icon = pygame.Surface((64, 64), pygame.SRCALPHA)
        icon.blit(sprite(0, "soldier", 22), (-4, -4))
        icon.blit(sprite(1, "soldier", 22), (10, 8))
        pygame.display.set_icon(icon)

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = True

    def resize(self, size: tuple[int, int]) -> None:
        """Set the window size (used by tests and the screenshot tool)."""
        self.windowed_size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    # --- the loop -------------------------------------------------------------------------------
    def frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """Handle ``events``, advance ``dt`` seconds and draw one frame."""
        started = time.perf_counter()
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                self.screen = pygame.display.get_surface()
                self.windowed_size = self.screen.get_size()
            self.manager.handle_event(event)
        self.manager.update(min(dt, MAX_DT))
        self.manager.draw(self.screen)
        if self.record_frames:
            self.frame_work.append(time.perf_counter() - started)
        if not self.manager.stack:
            self.quit()

    def run(self, first: Scene) -> None:
        self.manager.push(first)
        self.clock.tick(FPS)
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(pygame.event.get(), dt)
            if self.running:
                pygame.display.flip()
        self.close()

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        self.manager.clear()
        if self._worker is not None:
            try:
                self._worker.close()
            except Exception:  # noqa: BLE001 - closing must never stop the app from exiting
                pass
            self._worker = None
