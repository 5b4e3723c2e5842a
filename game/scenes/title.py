"""The arcade title: bold bouncing letters over a rain of game pieces that pile up (pymunk)."""

from __future__ import annotations

import math

import pygame

from .. import saves, theme
from .. import settings as user_settings
from ..anim import arc_point
from ..physics import TokenRain
from ..render.pieces import draw_piece
from ..scene import Scene
from ..widgets import Button

TITLE = "KELIYA"
LETTER_COLORS = (theme.ACCENT, theme.ACCENT_2, theme.GOOD, theme.WARN, theme.HOUSE, theme.ACCENT)
TOKEN_STYLES = ((0, "soldier"), (1, "soldier"), (1, "cow"), (0, "leopard"))
PARADE = ((0, "tiger"), (1, "leopard"), (1, "leopard"), (0, "soldier"), (1, "soldier"), (1, "cow"), (1, "cow"))


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.time = 0.0
        self.rain = TokenRain(app.size)
        self.saved, problem = saves.load_current()
        if self.saved is not None and self.saved.state.outcome() is not None:
            self.saved = None  # a finished game is not offered again
        self.notice = " ".join(p for p in (user_settings.startup_problem(), problem) if p)
        self.resume_button = Button(f"Resume {self.saved.summary()}" if self.saved else "", self.resume_game,
                                    pygame.K_r, style="primary", key_label="R")
        self.resume_button.visible = self.saved is not None
        self.settings_button = Button("Settings", self.open_settings, pygame.K_s, key_label="S")
        self.import_button = Button("Open a game", self.paste_game, pygame.K_o, key_label="O")

    def handle_event(self, event: pygame.event.Event) -> None:
        for b in (self.resume_button, self.settings_button, self.import_button):
            if b.handle(event):
                return
        if event.type == pygame.DROPFILE:
            self.open_file(event.file)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.start()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.start()

    def resume_game(self) -> None:
        """Back to the saved game, as it was left (its history, its settings, its opponent)."""
        from .menu import MenuScene
        from .play import PlayScene

        if self.saved is None:
            return
        self.app.sound.play("select")
        self.app.manager.push(MenuScene(self.app))
        self.app.manager.push(PlayScene(self.app, self.saved.config, self.saved.state))

    def paste_game(self) -> None:
        """Open the game or position on the clipboard (copied from Keliya, or a position text)."""
        try:
            text = pygame.scrap.get_text()
        except pygame.error as e:
            self.notice = f"The clipboard cannot be read here ({e}): drop a saved game's file on the window."
            return
        if not text.strip():
            self.notice = ("Copy a game first (Esc in a game, 'Copy the game as text'), or drop an exported "
                           "file on the window.")
            return
        self.open_text(text)

    def open_file(self, path: str) -> None:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read(1_000_000)
        except (OSError, UnicodeDecodeError) as e:
            self.notice = f"That file cannot be read: {e}."
            return
        self.open_text(text)

    def open_text(self, text: str) -> None:
        """Start the game the text holds; otherwise say why not (nothing else changes)."""
        from .menu import MenuScene
        from .play import PlayScene

        try:
            match = saves.read_game_or_position(text)
        except ValueError as e:
            self.notice = f"That is not a game Keliya can open: {e}."
            return
        self.notice = ""
        self.app.manager.push(MenuScene(self.app))
        self.app.manager.push(PlayScene(self.app, match.config, match.state))

    def open_settings(self) -> None:
        from .settings_screen import SettingsScene

        self.app.manager.push(SettingsScene(self.app))

    def start(self) -> None:
        from .menu import MenuScene

        self.app.sound.play("select")
        self.app.manager.push(MenuScene(self.app))

    def update(self, dt: float) -> None:
        self.time += dt
        self.rain.resize(self.app.size)
        self.rain.update(dt)

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
        for x, y, r, _, style in self.rain.positions():
            owner, kind = TOKEN_STYLES[style]
            draw_piece(surface, (x, y), r, owner, kind, alpha=150)
        size = int(190 * s)
        f = theme.font(size)
        total = sum(f.size(ch)[0] for ch in TITLE) + int(12 * s) * (len(TITLE) - 1)
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
            cw = f.size(ch)[0]
            surface.blit(shadow, shadow.get_rect(midbottom=(x + cw / 2 + 6 * s, base_y + bob + 8 * s)))
            surface.blit(glyph, glyph.get_rect(midbottom=(x + cw / 2, base_y + bob)))
            x += cw + int(12 * s)
        theme.blit_text(surface, "Traditional board games of Sri Lanka, India and southern Africa", int(36 * s),
                        theme.TEXT, (w // 2, int(base_y + 40 * s)), "midtop")
        self._draw_parade(surface, w, int(base_y + 150 * s), s)
        if int(self.time * 2) % 2 == 0 or self.time < 0.5:
            box = pygame.Rect(0, 0, int(520 * s), int(64 * s))
            box.center = (w // 2, int(h * 0.66))
            theme.panel(surface, box, (40, 48, 84), theme.ACCENT, int(16 * s), 3)
            theme.blit_text(surface, "Press Enter or click to play", int(36 * s), theme.ACCENT, box.center,
                            "center")
        self.resume_button.rect = pygame.Rect(0, 0, int(640 * s), int(56 * s))
        self.resume_button.rect.center = (w // 2, int(h * 0.66 + 70 * s))
        self.resume_button.draw(surface, False, s)
        self.settings_button.rect = pygame.Rect(w - int(200 * s), h - int(64 * s), int(180 * s), int(46 * s))
        self.settings_button.draw(surface, False, s)
        self.import_button.rect = pygame.Rect(int(20 * s), h - int(64 * s), int(220 * s), int(46 * s))
        self.import_button.draw(surface, False, s)
        if self.notice:
            for i, line in enumerate(theme.wrap(self.notice, int(22 * s), w - int(80 * s))[:3]):
                theme.blit_text(surface, line, int(22 * s), theme.WARN, (w // 2, int(12 * s) + i * int(26 * s)),
                                "midtop")
        theme.blit_text(surface, "F11 full screen  ·  Esc quit", int(24 * s), theme.TEXT_DIM,
                        (w // 2, h - int(24 * s)), "midbottom")
