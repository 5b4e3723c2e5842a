"""The window, the 60 FPS loop and the services every scene shares (sound, the AI worker).

``App.frame`` runs one frame from a list of events and a dt, so tests and the screenshot
tool drive exactly the code the real loop runs.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

from . import theme
from .scene import Scene, SceneManager
from .sound import SoundBank

if TYPE_CHECKING:
    from .opponent import Worker

NAME = "Keliya"  # the window's title and class, not "main.py" or "python3"
FPS = 60
MAX_DT = 0.1  # a long stall (window drag, breakpoint) must not teleport animations


class App:
    def __init__(
        self,
        size: tuple[int, int] = theme.BASE_SIZE,
        fullscreen: bool = False,
        sound: bool = True,
        worker_factory: Callable[[], Worker | None] | None = None,
        volume: float | None = None,
    ) -> None:
        name_the_window()
        pygame.display.init()
        pygame.font.init()  # the rest of pygame.init (audio above all) waits until after the first frame
        pygame.display.set_caption(NAME, NAME)
        # before the window: pygame would otherwise load its own icon first (a file and 4 ms)
        self._set_icon()
        self.windowed_size = clamp_size(size)
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        self.manager = SceneManager()
        self.sound = SoundBank(enabled=sound) if volume is None else SoundBank(enabled=sound, volume=volume)
        #: called once, right after the first frame is on screen (the start-up benchmark quits there)
        self.on_first_frame: Callable[[], None] | None = None
        self.clock = pygame.time.Clock()
        self.running = True
        self._worker_factory = worker_factory  # None: the AI's own, imported when first asked for
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
            if self._worker_factory is None:
                from .opponent import make_worker  # the AI's process: not before the first frame

                self._worker_factory = make_worker
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
        from .icon import icon_surface

        pygame.display.set_icon(icon_surface(64))

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = True

    def resize(self, size: tuple[int, int]) -> None:
        """Set the window size (used by tests and the screenshot tool), never below the minimum."""
        self.windowed_size = clamp_size(size)
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def _window_resized(self, size: tuple[int, int]) -> None:
        """Follow the user's resize; without a window manager to honour the minimum, force it back."""
        if clamp_size(size) != tuple(size):
            self.resize(size)
        else:
            self.screen = pygame.display.get_surface() or self.screen
            self.windowed_size = self.screen.get_size()

    # --- the loop -------------------------------------------------------------------------------
    def frame(self, events: Iterable[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """Handle ``events``, advance ``dt`` seconds and draw one frame (``draw`` False: only the
        first two, for tests that run many frames and look at the last: a scene keeps its state
        in ``update``, and drawing only reads it)."""
        started = time.perf_counter()
        for event in events:
            if is_quit(event):
                self.quit()
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                self._window_resized(event.size)
            self.manager.handle_event(event)
        self.manager.update(min(dt, MAX_DT))
        if draw:
            self.manager.draw(self.screen)
        if self.record_frames:
            self.frame_work.append(time.perf_counter() - started)
        if not self.manager.stack:
            self.quit()

    def redraw(self) -> None:
        """Draw the scenes as they stand, with no time passing (after frames run undrawn)."""
        if self.manager.stack:
            self.manager.draw(self.screen)

    def run(self, first: Scene) -> None:
        self.manager.push(first)
        self.clock.tick(FPS)
        first_frame = True
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(pygame.event.get(), dt)
            if self.running:
                pygame.display.flip()
                if first_frame:
                    first_frame = False
                    self._after_first_frame()
        self.close()

    def _after_first_frame(self) -> None:
        """The title is on screen: now pay for what it did not need (the audio device, the effects)."""
        if self.on_first_frame is not None:
            self.on_first_frame()
        if self.running:
            self.sound.warm_up()

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


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to at least the smallest window the scenes are laid out for."""
    return max(int(size[0]), theme.MIN_SIZE[0]), max(int(size[1]), theme.MIN_SIZE[1])


def name_the_window() -> None:
    """Name the window's class Keliya, so a dock matches it to its launcher (packaging/
    keliya.desktop's StartupWMClass) rather than to "main.py": SDL reads these when the display
    first opens, so this comes before every ``pygame.display.init``. Importing pygame with a
    DISPLAY set already names the X11 class after the script (``main.py``, ``keliya-gui``): that
    is replaced; a class the person set themselves is kept."""
    script = os.path.basename(sys.argv[0]) if sys.argv else ""
    for var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        if os.environ.get(var) in (None, "", script):
            os.environ[var] = NAME


def fit_to_screen(size: tuple[int, int]) -> tuple[int, int]:
    """A remembered window size that fits the largest screen now attached (a window saved on a
    bigger monitor, or a damaged size, must not open off-screen or take seconds to create)."""
    name_the_window()
    pygame.display.init()
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return clamp_size(size)  # no screen to fit (tests, the screenshot tool)
    try:
        screens = pygame.display.get_desktop_sizes()
    except pygame.error:
        screens = []
    return fit_within(size, screens)


def fit_within(size: tuple[int, int], screens: list[tuple[int, int]]) -> tuple[int, int]:
    """``size`` no larger than the largest of ``screens`` (nor smaller than the minimum)."""
    if not screens:
        return clamp_size(size)
    sw, sh = max(w for w, _ in screens), max(h for _, h in screens)
    return clamp_size((min(int(size[0]), sw), min(int(size[1]), sh)))


def is_quit(event: pygame.event.Event) -> bool:
    """The window's close button, or Ctrl+Q (Cmd+Q on macOS): quit from any screen."""
    if event.type == pygame.QUIT:
        return True
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_q
        and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    )
