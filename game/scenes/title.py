"""The arcade title: bold bouncing letters over a rain of game pieces that pile up (pymunk)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rules.kinds import PieceKind
from rules.words import N_, Words

from .. import i18n, theme
from .. import settings as user_settings
from ..easing import arc_point
from ..i18n import _, said_together, tr
from ..render.pieces import draw_piece
from ..scene import Scene
from ..widgets import Button
from . import shortcuts
from .navigator import SceneName, open_scene

if TYPE_CHECKING:
    from ..app import App
    from ..library import Entry
    from ..physics import TokenRain

TITLE = "KELIYA"
PROMPT = N_("Press Enter or click to play")
FOOTER = N_("F11 full screen  ·  Ctrl+V open a copied game  ·  Esc quit")
LETTER_COLORS = (theme.ACCENT, theme.ACCENT_2, theme.GOOD, theme.WARN, theme.HOUSE, theme.ACCENT)
TOKEN_STYLES = ((0, PieceKind.SOLDIER), (1, PieceKind.SOLDIER), (1, PieceKind.COW), (0, PieceKind.LEOPARD))
PARADE = (
    (0, PieceKind.TIGER),
    (1, PieceKind.LEOPARD),
    (1, PieceKind.LEOPARD),
    (0, PieceKind.SOLDIER),
    (1, PieceKind.SOLDIER),
    (1, PieceKind.COW),
    (1, PieceKind.COW),
)


def smallest_label(box: pygame.Rect) -> int:
    """The smallest size a label in ``box`` shrinks to: below three tenths of its height (or 13)
    it is too small to read in a script's small letters (``tools.layout_check`` holds it there)."""
    return max(13, math.ceil(0.3 * box.height))


class TitleScene(Scene):
    """The title: play (the chooser), Continue the most recent unfinished game, Saved games,
    Open a game (clipboard or a dropped file), Open a file (the file browser), Settings. What is
    on disk is read each time the title is entered or comes back to the top, so it never offers
    a stale game."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.time = 0.0
        #: the falling pieces, started by the second ``update``: on the first frame no piece has
        #: fallen into view yet, so the window opens before pymunk is imported (issue 29, item 5)
        self.rain: TokenRain | None = None
        self._updates = 0
        self.latest: Entry | None = None  # the most recent unfinished game
        # what could not be read at start: the settings file, the chosen language's words
        self.notice = said_together(user_settings.startup_problem(), i18n.problem())
        self.resume_button = Button("", self.resume_game, pygame.K_r, style="primary", key_label="R")
        self.library_button = Button("Saved games", self.open_library, pygame.K_g, key_label="G")
        self.settings_button = Button("Settings", self.open_settings, pygame.K_s, key_label="S")
        self.language_button = Button("", self.next_language, pygame.K_l, key_label="L")
        self.import_button = Button("Open a game", self.paste_game, pygame.K_o, key_label="O")
        self.file_button = Button("Open a file", self.browse_files, pygame.K_f, key_label="F")
        self.buttons = [
            self.resume_button,
            self.library_button,
            self.settings_button,
            self.import_button,
            self.file_button,
            self.language_button,
        ]
        #: the library is read by the second ``update``, as the falling pieces start: the first
        #: frame shows the title without its Continue and Saved games buttons, so the window opens
        #: before the library and what reads it are imported (issue 29, item 5)
        self._read = False
        self.resume_button.visible = self.library_button.visible = False
        self.place(app.size)

    # --- what is on disk ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the library again (its index, and any game changed since): the Continue offer
        and the count of saved games."""
        from .. import library

        self._read = True
        lib = library.overview()  # from the library's index: the games themselves are not read
        self.latest = lib.latest
        self.resume_button.visible = self.latest is not None
        if self.latest is not None:
            self.resume_button.label = Words(
                "Continue {game}, {when}",
                game=lib.latest_words,
                when=library.when_words(self.latest.saved_at),
            )
        count = lib.unfinished
        self.library_button.label = Words("Saved games ({count})", count=count) if count else "Saved games"
        self.library_button.visible = bool(lib.unfinished or lib.finished)
        if lib.problems:
            self.notice = " ".join([self.notice, *lib.problems]).strip()

    def enter(self) -> None:
        """Read the library again when the title comes back; when it first opens, the second
        ``update`` reads it (after the first frame)."""
        if self._updates:
            self.refresh()

    def resume(self) -> None:
        self.refresh()

    # --- actions -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if shortcuts.is_open_file(event):  # before the buttons: O alone is the clipboard's
            self.browse_files()
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.DROPFILE:
            self.open_file(event.file)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
            elif shortcuts.is_paste(event):
                self.paste_game()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.start()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.start()

    def resume_game(self) -> None:
        """Back to the most recent unfinished game, as it was left."""
        if self.latest is not None:
            from .opening import open_entry  # reads the library: not before the first frame

            problem = open_entry(self.app, self.latest)
            if problem:
                self.notice = problem
                self.refresh()

    def open_library(self) -> None:
        self.app.sound.play("select")
        open_scene(self.app, SceneName.LIBRARY)

    def paste_game(self) -> None:
        """Open the game or position on the clipboard."""
        from .opening import open_clipboard  # reads the library: not before the first frame

        self.notice = open_clipboard(self.app)

    def browse_files(self) -> None:
        """The file browser: a game from a file anywhere on the disk."""
        self.app.sound.play("select")
        open_scene(self.app, SceneName.FILE_PICKER)

    def open_file(self, path: str) -> None:
        from .opening import open_file  # reads the library: not before the first frame

        self.notice = open_file(self.app, path)

    def open_text(self, text: str) -> None:
        """Start the game the text holds, as a new game of the library (no other game is touched);
        otherwise say why not (nothing else changes)."""
        from .opening import open_text  # reads the library: not before the first frame

        self.notice = open_text(self.app, text)

    def next_language(self) -> None:
        """L: the next language (English, Sinhala, Tamil, Bengali), remembered like a setting."""
        codes = list(i18n.LANGUAGES)  # on from the chosen one, even where English is shown for it
        self.notice = user_settings.choose_language(codes[(codes.index(i18n.language()) + 1) % len(codes)])

    def open_settings(self) -> None:
        open_scene(self.app, SceneName.SETTINGS)

    def start(self) -> None:
        self.app.sound.play("select")
        open_scene(self.app, SceneName.MENU)

    # --- layout (in update; drawing only reads) ------------------------------------------------------
    def place(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        self.prompt_box = pygame.Rect(0, 0, int(520 * s), int(64 * s))
        self.prompt_box.center = (w // 2, int(h * 0.64))
        self.resume_button.rect = pygame.Rect(0, 0, int(760 * s), int(54 * s))
        self.resume_button.rect.midtop = (w // 2, self.prompt_box.bottom + int(14 * s))
        below = self.resume_button.rect.bottom if self.resume_button.visible else self.prompt_box.bottom
        self.library_button.rect = pygame.Rect(0, 0, int(300 * s), int(46 * s))
        self.library_button.rect.midtop = (w // 2, below + int(12 * s))
        self.settings_button.rect = pygame.Rect(w - int(200 * s), h - int(64 * s), int(180 * s), int(46 * s))
        self.language_button.rect = self.settings_button.rect.move(-int(236 * s), 0)
        self.language_button.rect.width = int(220 * s)
        self.language_button.label = i18n.LANGUAGES.get(i18n.spoken(), i18n.spoken())  # what the words are
        self.import_button.rect = pygame.Rect(int(20 * s), h - int(64 * s), int(220 * s), int(46 * s))
        # above it: the footer's line runs between the buttons of the bottom row
        self.file_button.rect = self.import_button.rect.move(0, -int(58 * s))
        self.notice_lines = (
            theme.wrap(tr(self.notice), int(22 * s), w - int(80 * s), most=4) if self.notice else []
        )
        # the prompt's box grows to hold its words (up to the window's margins), then they shrink
        pad = int(24 * s)
        self.prompt_size = int(36 * s)
        self.prompt_box.width = min(
            w - int(80 * s), max(self.prompt_box.width, theme.measure(PROMPT, self.prompt_size)[0] + 2 * pad)
        )
        self.prompt_box.centerx = w // 2
        self.prompt_size = theme.fit_size(
            PROMPT, self.prompt_size, smallest_label(self.prompt_box), self.prompt_box.width - 2 * pad
        )
        # the keys' line runs in the bottom row, between the buttons at its ends, smaller if it must
        gap = int(12 * s)
        left, right = self.import_button.rect, self.language_button.rect
        self.footer_box = pygame.Rect(
            left.right + gap, left.top, right.left - left.right - 2 * gap, left.height
        )
        self.footer_size = theme.fit_size(
            FOOTER, int(24 * s), smallest_label(self.footer_box), self.footer_box.width
        )

    def update(self, dt: float) -> None:
        self.time += dt
        self._updates += 1
        if not self._read and self._updates > 1:
            self.refresh()
        if self.rain is None and self._updates > 1:
            from ..physics import TokenRain

            self.rain = TokenRain(self.app.size, floor=84)  # the pieces pile above the buttons and the footer
        if self.rain is not None:
            self.rain.resize(self.app.size)
            self.rain.update(dt)
        self.place(self.app.size)

    def _draw_parade(self, surface: pygame.Surface, w: int, y: int, s: float) -> None:
        """A line of pieces hopping across the screen, one point at a time, as they do in play."""
        step = 74 * s
        hop_time = 0.42
        hops, frac = divmod(self.time / hop_time, 1.0)
        span = w + 4 * step
        for i, (owner, kind) in enumerate(PARADE):
            x0 = (-2 * step + (hops - i * 1.6) * step) % span - 2 * step
            (x, yy), lift = arc_point((x0, y), (x0 + step, y), frac, 34 * s)
            if x0 + step > w + step:
                continue
            draw_piece(surface, (x, yy), 24 * s, owner, kind, lift=lift)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        for x, y, r, _angle, style in self.rain.positions() if self.rain is not None else ():
            owner, kind = TOKEN_STYLES[style]
            draw_piece(surface, (x, y), r, owner, kind, alpha=150)
        size = int(190 * s)
        total = sum(theme.measure(ch, size)[0] for ch in TITLE) + int(12 * s) * (len(TITLE) - 1)
        x = w / 2 - total / 2
        base_y = h * 0.36
        for i, ch in enumerate(TITLE):
            bob = math.sin(self.time * 3.0 + i * 0.7) * 14 * s
            squash = 1 + 0.06 * math.sin(self.time * 6.0 + i)
            shadow = theme.text(ch, size, (0, 0, 0))
            glyph = theme.text(ch, size, LETTER_COLORS[i % len(LETTER_COLORS)])
            if abs(squash - 1) > 0.01:
                gw, gh = glyph.get_size()
                glyph = pygame.transform.smoothscale(glyph, (gw, max(1, int(gh * squash))))
            cw = theme.measure(ch, size)[0]
            surface.blit(shadow, shadow.get_rect(midbottom=(x + cw / 2 + 6 * s, base_y + bob + 8 * s)))
            surface.blit(glyph, glyph.get_rect(midbottom=(x + cw / 2, base_y + bob)))
            x += cw + int(12 * s)
        theme.blit_text(
            surface,
            _("Traditional board games of Sri Lanka, India and southern Africa"),
            int(36 * s),
            theme.TEXT,
            (w // 2, int(base_y + 40 * s)),
            "midtop",
        )
        self._draw_parade(surface, w, int(base_y + 150 * s), s)
        glow = 0.5 + 0.5 * math.sin(self.time * 4)  # breathes, never disappears
        box = self.prompt_box
        theme.panel(
            surface, box, (40, 48, 84), theme.lerp_color(theme.PANEL_EDGE, theme.ACCENT, glow), int(16 * s), 3
        )
        theme.blit_text(
            surface,
            PROMPT,
            self.prompt_size,
            theme.lerp_color(theme.TEXT, theme.ACCENT, glow),
            box.center,
            "center",
            box=box,
        )
        for b in self.buttons:
            b.draw(surface, False, s)
        for i, line in enumerate(self.notice_lines):
            theme.blit_text(
                surface, line, int(22 * s), theme.WARN, (w // 2, int(12 * s) + i * int(26 * s)), "midtop"
            )
        theme.blit_text(
            surface,
            FOOTER,
            self.footer_size,
            theme.TEXT_DIM,
            self.footer_box.center,
            "center",
            box=self.footer_box,
        )
