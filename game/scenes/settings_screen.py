"""The settings screen: sound and volume, animation speed, legal-move marks, turning the board
for pass and play, the colour-blind palette and full screen. Each change applies at once and
is saved (``game.settings``); reachable from the title, the chooser and the pause menu. A save
that fails is said in the warning colour, with why and what to do, never as "Saved."."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rules.words import N_, Words

from .. import i18n, theme
from .. import settings as user_settings
from ..i18n import LANGUAGES
from ..scene import Scene
from ..settings import PALETTE_WORDS, PALETTES, SPEED_WORDS, SPEEDS
from ..widgets import Button, FocusGroup, Selector

if TYPE_CHECKING:
    from ..app import App

ON_OFF = [(True, "On"), (False, "Off")]


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = user_settings.current()
        self.message = ""
        self.failed = False  # the last change could not be saved: the message is a warning
        self.message_lines: list[str] = []
        self.full_screen_row = Selector(
            "Full screen",
            ON_OFF,
            self.app.fullscreen,
            N_("Also F11 anywhere."),
            on_change=lambda v: self.full_screen(v),
        )
        self.rows = [
            Selector(
                "Sound",
                ON_OFF,
                s.sound,
                N_("Sound effects for moves, captures and the end of a game."),
                on_change=lambda v: self.change(sound=v),
            ),
            Selector(
                "Volume",
                [(v / 10, f"{v * 10}%") for v in range(0, 11)],
                round(s.volume, 1),
                N_("How loud the sound effects are."),
                on_change=lambda v: self.change(volume=v),
            ),
            Selector(
                "Animation",
                [(name, Words("{text}", text=SPEED_WORDS[name])) for name in SPEEDS],
                s.animation,
                N_("How moves are shown: Off places them at once."),
                on_change=lambda v: self.change(animation=v),
            ),
            Selector(
                "Show legal moves",
                ON_OFF,
                s.show_legal,
                N_("Mark the pieces that may move and where the chosen one may go."),
                on_change=lambda v: self.change(show_legal=v),
            ),
            Selector(
                "Turn the board",
                ON_OFF,
                s.rotate,
                N_("Pass and play: the board turns so the player to move sits at the bottom."),
                on_change=lambda v: self.change(rotate=v),
            ),
            Selector(
                "Colours",
                [(p, PALETTE_WORDS.get(p, p)) for p in PALETTES],
                s.palette,
                N_("A palette that stays clear with colour-blind vision (shapes always differ too)."),
                on_change=lambda v: self.change(palette=v),
            ),
            self.full_screen_row,
            Selector(
                "Language",
                list(LANGUAGES.items()),
                i18n.language(),
                N_("The language of every word in the app (L on the title screen too)."),
                on_change=lambda v: self.change_language(v),
            ),
        ]
        self.back = Button("Back", self.app.manager.pop, pygame.K_ESCAPE, style="primary", key_label="Esc")
        self.focus = FocusGroup([*self.rows, self.back])
        self.place(app.size)

    def change(self, **values) -> None:
        self.said(user_settings.update(**values))
        self.apply(self.app)

    def said(self, problem: str) -> None:
        """'Saved.', or why the settings could not be saved (in force until Keliya closes)."""
        self.message, self.failed = problem or N_("Saved."), bool(problem)

    @staticmethod
    def apply(app) -> None:
        """Put the settings in force: sound, volume, palette."""
        s = user_settings.current()
        app.sound.set_enabled(s.sound)
        app.sound.volume = s.volume
        theme.set_palette(s.palette)

    def change_language(self, code: str) -> None:
        self.said(user_settings.choose_language(code))

    def full_screen(self, on: bool) -> None:
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.change(fullscreen=on)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.focus.handle(event)

    def place(self, size: tuple[int, int]) -> None:
        """The rows and Back, centred (in update; drawing only reads)."""
        w, _ = size
        s = theme.scale_for(size)
        row_w, row_h, gap = int(720 * s), int(62 * s), int(8 * s)
        y = int(100 * s)
        for row in self.rows:
            row.rect = pygame.Rect((w - row_w) // 2, y, row_w, row_h)
            y += row_h + gap
        self.back.rect = pygame.Rect((w - int(240 * s)) // 2, y + int(10 * s), int(240 * s), int(54 * s))
        self.message_lines = (
            theme.wrap(self.message, int(22 * s), w - int(80 * s))[:3] if self.message else []
        )

    def update(self, dt: float) -> None:
        self.full_screen_row.set_value(self.app.fullscreen)  # F11 works here too: the row says what it did
        self.place(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        theme.blit_text(surface, "Settings", int(60 * s), theme.ACCENT, (w // 2, int(24 * s)), "midtop")
        self.focus.draw(surface, s)
        color = theme.WARN if self.failed else theme.TEXT_DIM
        for i, line in enumerate(self.message_lines):
            theme.blit_text(
                surface,
                line,
                int(22 * s),
                color,
                (w // 2, self.back.rect.bottom + int(8 * s) + i * int(24 * s)),
                "midtop",
            )
