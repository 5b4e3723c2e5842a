"""The game chooser: one card per registered game (name, origin, a line of description and a
drawn thumbnail of its board with the start position). Mouse or arrows + Enter."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from rules import Game, State, game_ids, game_spec, load_game
from rules.words import N_, Words

from .. import theme
from ..boards import draw_thumbnail, drawable
from ..scene import Scene
from ..tutorials import has_lesson
from ..widgets import Button
from . import opening, shortcuts
from .navigator import SceneName, open_scene

if TYPE_CHECKING:
    from ..app import App


def playable_ids() -> list[str]:
    """Registered games this front end can draw: those whose kind of board has a family."""
    return [gid for gid in game_ids() if drawable(load_game(gid))]


def default_start(game_id: str) -> tuple[Game, State]:
    """A game with its default options and its start (for the card's thumbnail)."""
    game = load_game(game_id)
    return game, game.new_initial_state(random.Random(0))


class MenuScene(Scene):
    def __init__(self, app: App, selected: int = 0) -> None:
        super().__init__(app)
        self.ids = playable_ids()
        self.selected = min(selected, len(self.ids) - 1)
        self.hover: int | None = None
        self.cards: list[pygame.Rect] = []
        self.time = 0.0
        self.notice = ""  # why a pasted or dropped game could not be opened
        self._thumbs: dict[tuple[str, int, int], pygame.Surface] = {}
        self._starts = {gid: default_start(gid) for gid in self.ids}
        self.learn_button = Button("Learn", self.learn, pygame.K_l, style="primary", key_label="L")
        self.rules_button = Button("Rules", self.rules, pygame.K_F1, key_label="F1")
        self.settings_button = Button("Settings", self.settings, pygame.K_s, key_label="S")
        self.file_button = Button("Open a file", self.browse_files, None, key_label="Ctrl+O")
        self.editor_button = Button("Set up a position", self.set_up, pygame.K_p, key_label="P")
        self.puzzles_button = Button("Puzzles", self.puzzles, pygame.K_z, key_label="Z")
        self.bottom_buttons = [
            self.learn_button,
            self.rules_button,
            self.settings_button,
            self.file_button,
            self.editor_button,
            self.puzzles_button,
        ]
        self.place(app.size)

    # --- layout -------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> list[pygame.Rect]:
        w, h = size
        s = theme.scale_for(size)
        n = len(self.ids)
        cols = 3 if n <= 6 else 4
        rows = max(1, (n + cols - 1) // cols)
        top = int(120 * s)
        bottom = h - int(70 * s)
        gap = int(22 * s)
        cw = (w - 2 * int(40 * s) - (cols - 1) * gap) // cols
        ch = min(int(cw * 0.95), (bottom - top - (rows - 1) * gap) // rows)
        total_w = cols * cw + (cols - 1) * gap
        x0 = (w - total_w) // 2
        rects = []
        for i in range(n):
            r, c = divmod(i, cols)
            row_count = min(cols, n - r * cols)
            row_x0 = x0 + (cols - row_count) * (cw + gap) // 2
            rects.append(pygame.Rect(row_x0 + c * (cw + gap), top + r * (ch + gap), cw, ch))
        return rects

    def _place_buttons(self, size: tuple[int, int]) -> None:
        """Learn and Rules for the selected game, centred under the cards."""
        w, h = size
        s = theme.scale_for(size)
        bw, bh, gap = int(300 * s), int(48 * s), int(16 * s)
        x = (w - 2 * bw - gap) // 2
        y = h - int(60 * s)
        self.learn_button.rect = pygame.Rect(x, y, bw, bh)
        self.rules_button.rect = pygame.Rect(x + bw + gap, y, bw, bh)
        sw = int(160 * s)
        self.settings_button.rect = pygame.Rect(w - sw - int(20 * s), y, sw, bh)
        self.file_button.rect = pygame.Rect(int(20 * s), y, x - int(36 * s), bh)  # left of Learn
        ew = int(250 * s)  # the position editor for the chosen game: top right, beside the title
        self.editor_button.rect = pygame.Rect(w - ew - int(20 * s), int(24 * s), ew, int(44 * s))
        pw = int(170 * s)  # the puzzles, of the chosen game where it has some: top left
        self.puzzles_button.rect = pygame.Rect(int(20 * s), int(24 * s), pw, int(44 * s))
        name = game_spec(self.ids[self.selected]).name
        self.learn_button.label = Words("Learn {game}", game=name)
        self.learn_button.visible = has_lesson(self.ids[self.selected])
        self.rules_button.label = Words("Rules of {game}", game=name)

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for b in self.bottom_buttons:
            if b.handle(event):
                return
        cards = self.cards
        if shortcuts.is_paste(event):  # a game copied from Keliya opens here as on the title
            self.notice = opening.open_clipboard(self.app)
            return
        if shortcuts.is_open_file(event):
            self.browse_files()
            return
        if event.type == pygame.DROPFILE:
            self.notice = opening.open_file(self.app, event.file)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(cards) if r.collidepoint(event.pos)), None)
            if self.hover is not None:
                self.selected = self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, r in enumerate(cards) if r.collidepoint(event.pos)), None)
            if hit is not None:
                self.selected = hit
                self.choose()
        elif event.type == pygame.KEYDOWN:
            cols = 3 if len(self.ids) <= 6 else 4
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -cols, pygame.K_DOWN: cols}
            if event.key in moves:
                self.selected = max(0, min(len(self.ids) - 1, self.selected + moves[event.key]))
                self.app.sound.play("click")
            elif event.key == pygame.K_TAB:
                self.selected = (self.selected + 1) % len(self.ids)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose()
            elif event.key == pygame.K_ESCAPE:
                self.app.manager.pop()

    def choose(self) -> None:
        self.app.sound.play("select")
        open_scene(self.app, SceneName.SETUP, self.ids[self.selected])

    def set_up(self) -> None:
        """The position editor for the chosen game; Esc in it comes back here."""
        self.app.sound.play("select")
        open_scene(self.app, SceneName.EDITOR, self.ids[self.selected])

    def puzzles(self) -> None:
        """The puzzles of the chosen game (the first set if it has none); Esc there comes back here."""
        from .puzzles import set_for_game

        self.app.sound.play("select")
        open_scene(self.app, SceneName.PUZZLES, set_for_game(self.ids[self.selected]))

    def browse_files(self) -> None:
        """The file browser; a game opened there lands on this chooser."""
        self.app.sound.play("select")
        open_scene(self.app, SceneName.FILE_PICKER)

    def learn(self) -> None:
        """The selected game's guided lesson; Esc in it comes back here."""
        gid = self.ids[self.selected]
        if has_lesson(gid):
            self.app.sound.play("select")
            open_scene(self.app, SceneName.TUTORIAL, gid)

    def settings(self) -> None:
        open_scene(self.app, SceneName.SETTINGS)

    def rules(self) -> None:
        self.app.sound.play("click")
        open_scene(self.app, SceneName.RULES, self.ids[self.selected])

    def update(self, dt: float) -> None:
        self.time += dt
        self.place(self.app.size)

    def place(self, size: tuple[int, int]) -> None:
        """Cards, their thumbnails (drawn once per size) and the buttons (drawing only reads)."""
        self.cards = self.layout(size)
        self._place_buttons(size)
        s = theme.scale_for(size)
        pad = int(12 * s)
        for gid, r in zip(self.ids, self.cards):
            thumb = (r.width - 2 * pad, r.height - int(r.height * 0.36) - 2 * pad)
            key = (gid, *thumb)
            if key not in self._thumbs:
                surf = pygame.Surface(thumb, pygame.SRCALPHA)
                game, state = self._starts[gid]
                draw_thumbnail(surf, surf.get_rect(), game, state)
                self._thumbs[key] = surf

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        title_w = theme.measure("Choose a game", int(64 * s))[0]  # centred, clear of the button on its right
        x = min(w // 2, self.editor_button.rect.left - int(16 * s) - title_w // 2)
        theme.blit_text(surface, "Choose a game", int(64 * s), theme.ACCENT, (x, int(30 * s)), "midtop")
        hint = N_(
            "Arrows and Enter, or click a card  ·  L learns the game  ·  P sets up a position  ·  "
            "Ctrl+V opens a copied game  ·  Esc back"
        )
        theme.blit_text(
            surface,
            theme.fit(self.notice or hint, int(22 * s), w - int(40 * s)),
            int(22 * s),
            theme.WARN if self.notice else theme.TEXT_DIM,
            (w // 2, int(86 * s)),
            "midtop",
        )
        for i, (gid, rect) in enumerate(zip(self.ids, self.cards)):
            spec = game_spec(gid)
            chosen = i == self.selected
            r = rect.move(0, -int(6 * s)) if chosen else rect
            theme.panel(surface, r.move(0, int(6 * s)), (6, 8, 16), (6, 8, 16), int(16 * s), 0)
            theme.panel(
                surface,
                r,
                (46, 54, 92) if chosen else theme.PANEL,
                theme.ACCENT if chosen else theme.PANEL_EDGE,
                int(16 * s),
                4 if chosen else 2,
            )
            pad = int(12 * s)
            text_h = int(r.height * 0.36)
            thumb = pygame.Rect(r.left + pad, r.top + pad, r.width - 2 * pad, r.height - text_h - 2 * pad)
            surface.blit(self._thumbs[(gid, thumb.width, thumb.height)], thumb)
            y = thumb.bottom + int(6 * s)
            name = theme.blit_text(surface, spec.name, int(34 * s), theme.TEXT, (r.left + pad, y))
            y = name.bottom + int(2 * s)
            small = int(21 * s)
            theme.blit_text(
                surface,
                theme.fit(spec.origin, small, r.width - 2 * pad),
                small,
                theme.ACCENT_2,
                (r.left + pad, y),
            )
            y += int(small * 1.05)
            lines = theme.wrap(spec.description, small, r.width - 2 * pad)
            if len(lines) > 2:
                lines = [lines[0], theme.fit(lines[1] + " " + lines[2], small, r.width - 2 * pad)]
            for line in lines:
                theme.blit_text(surface, line, small, theme.TEXT_DIM, (r.left + pad, y))
                y += int(small * 0.95)
        for b in self.bottom_buttons:
            b.draw(surface, False, s)
