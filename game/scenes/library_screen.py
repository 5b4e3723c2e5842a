"""Saved games: every unfinished game (resume any), the finished ones with their results (look
any over), and the record against the computer per game and level. Delete asks first.

Mouse: click a tab, a game, or its Delete. Keyboard: Tab or Left/Right for the tabs, Up/Down to
choose, Enter to open, Delete to delete, Esc back. Layout is worked out in ``update``; drawing
only reads it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from rules import game_spec
from rules.words import N_, Words

from .. import library, theme
from ..boards import draw_thumbnail
from ..library import Entry, Library
from ..opponent import level_choices
from ..scene import Scene
from ..widgets import Button, list_window
from .pause import MenuOverlay

if TYPE_CHECKING:
    from ..app import App

TABS = (("unfinished", N_("Unfinished")), ("finished", N_("Finished")), ("record", N_("Record")))
RESULT_COLORS = {"won": theme.GOOD, "lost": theme.WARN}


class LibraryScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.tab = "unfinished"
        self.selected = 0
        self.top = 0  # the first row shown
        self.message = ""
        self.lib = Library([], [], [])
        self.problems: list[str] = []
        self.back = Button("Back", self.app.manager.pop, pygame.K_ESCAPE, key_label="Esc")
        self.open_button = Button("Open", self.open_selected, None, style="primary", key_label="Enter")
        self.delete_button = Button("Delete", self.ask_delete, None, style="danger", key_label="Del")
        self.tab_buttons = [Button(label, partial(self.show_tab, name), None) for name, label in TABS]
        self.row_rects: list[pygame.Rect] = []
        self.row_details: list[str] = []  # the line under each shown game's name (worked out in place)
        self._thumbs: dict[tuple[str, int, int], pygame.Surface] = {}
        self.reload()
        self.place(app.size)

    # --- the model ------------------------------------------------------------------------------
    def reload(self) -> None:
        self.lib = library.scan()
        self.problems += self.lib.problems
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    def resume(self) -> None:
        self.reload()

    @property
    def entries(self) -> list[Entry]:
        return {"unfinished": self.lib.unfinished, "finished": self.lib.finished}.get(self.tab, [])

    @property
    def chosen(self) -> Entry | None:
        entries = self.entries
        return entries[self.selected] if 0 <= self.selected < len(entries) else None

    def show_tab(self, tab: str) -> None:
        if tab != self.tab:
            self.tab, self.selected, self.top, self.message = tab, 0, 0, ""
            self.app.sound.play("click")

    def open_selected(self) -> None:
        from .opening import open_entry

        entry = self.chosen
        if entry is None:
            return
        manager = self.app.manager
        manager.pop()  # leaving the game later lands on the chooser, then the title
        problem = open_entry(self.app, entry)
        if problem:
            manager.push(self)
            self.message = problem
            self.reload()

    def ask_delete(self) -> None:
        entry = self.chosen
        if entry is None:
            return
        what = (
            Words(
                "{game}, {details}, {when}. It cannot be brought back. Its result stays out of your record.",
                game=entry.name,
                details=entry.details(),
                when=library.when_words(entry.saved_at),
            )
            if entry.result()
            else Words(
                "{game}, {details}, {when}. It cannot be brought back.",
                game=entry.name,
                details=entry.details(),
                when=library.when_words(entry.saved_at),
            )
        )

        def delete() -> None:
            self.app.manager.pop()
            self.message = library.delete(entry) or Words(
                "Deleted: {game}, {when}.", game=entry.name, when=library.when_words(entry.saved_at)
            )
            self.reload()

        self.app.manager.push(
            MenuOverlay(
                self.app,
                N_("Delete this game?"),
                what,
                [
                    Button("Delete it", delete, pygame.K_RETURN, style="danger", key_label="Enter"),
                    Button("Keep it", self.app.manager.pop, pygame.K_ESCAPE, key_label="Esc"),
                ],
            )
        )

    # --- words ------------------------------------------------------------------------------------
    def record_rows(self) -> list[tuple[str, list[str]]]:
        """(game name, one 'won · drawn · lost' cell per level) for the games with a record."""
        record = self.lib.record()
        levels = [n for n, _, _ in level_choices()]
        rows = []
        for gid in dict.fromkeys(gid for gid, _ in record):
            cells = [
                ("{} · {} · {}".format(*record[(gid, lv)]) if (gid, lv) in record else "–") for lv in levels
            ]
            rows.append((game_spec(gid).name, cells))
        return rows

    # --- input ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for b in (self.back, self.open_button, self.delete_button, *self.tab_buttons):
            if b.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.row_rects):
                if rect.collidepoint(event.pos):
                    self.selected = self.top + i
                    self.open_selected()
                    return
        elif event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.row_rects):
                if rect.collidepoint(event.pos):
                    self.selected = self.top + i
        elif event.type == pygame.MOUSEWHEEL:
            shown = max(1, len(self.row_rects))
            self.top = max(0, min(self.top - event.y, max(0, len(self.entries) - shown)))
            # the choice comes along into view (``place`` scrolls back to a choice out of view)
            self.selected = max(self.top, min(self.selected, self.top + shown - 1))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        names = [name for name, _ in TABS]
        if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
            step = -1 if key == pygame.K_LEFT else 1
            self.show_tab(names[(names.index(self.tab) + step) % len(names)])
        elif key in (
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_PAGEUP,
            pygame.K_PAGEDOWN,
            pygame.K_HOME,
            pygame.K_END,
        ):
            page = max(1, len(self.row_rects) - 1)
            step = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }[key]
            self.selected = max(0, min(len(self.entries) - 1, self.selected + step))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.ask_delete()

    # --- layout -------------------------------------------------------------------------------------
    def place(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        self.s = s
        margin = int(40 * s)
        tab_w, tab_h = int(220 * s), int(46 * s)
        counts = {"unfinished": len(self.lib.unfinished), "finished": len(self.lib.finished)}
        for i, ((name, label), b) in enumerate(zip(TABS, self.tab_buttons)):
            b.rect = pygame.Rect(margin + i * (tab_w + int(10 * s)), int(100 * s), tab_w, tab_h)
            b.style = "accent" if name == self.tab else "normal"
            b.label = Words("{tab} ({n})", tab=label, n=counts[name]) if name in counts else label
        self.notice_lines = [
            line
            for p in (self.problems[-2:] + ([self.message] if self.message else []))
            for line in theme.wrap(p, int(20 * s), w - 2 * margin)
        ][-3:]
        top = int(160 * s) + len(self.notice_lines) * int(24 * s)
        bottom = h - int(90 * s)
        self.list_rect = pygame.Rect(margin, top, w - 2 * margin, bottom - top)
        self.selected, self.top, self.row_rects = list_window(
            self.list_rect, int(66 * s), int(8 * s), len(self.entries), self.selected, self.top
        )
        # a finished game's count of moves is found by replaying it, once, when it is first shown
        self.row_details = [self.entries[self.top + i].details() for i in range(len(self.row_rects))]
        bw, bh, by = int(200 * s), int(56 * s), h - int(74 * s)
        self.back.rect = pygame.Rect(margin, by, bw, bh)
        self.open_button.rect = pygame.Rect(w - margin - bw, by, bw, bh)
        self.delete_button.rect = pygame.Rect(w - margin - 2 * bw - int(16 * s), by, bw, bh)
        self.open_button.visible = self.delete_button.visible = self.chosen is not None
        self.open_button.label = N_("Look over") if self.tab == "finished" else N_("Continue")

    def thumb_rect(self, row: pygame.Rect) -> pygame.Rect:
        side = row.height - int(8 * self.s)
        return pygame.Rect(row.left + int(6 * self.s), row.top + int(4 * self.s), int(side * 1.25), side)

    def _make_thumbnails(self) -> None:
        """The board as each shown game was left, drawn once per game and size (not while drawing)."""
        for i, row in enumerate(self.row_rects):
            entry = self.entries[self.top + i]
            size = self.thumb_rect(row).size
            key = (entry.id, *size)
            if key not in self._thumbs and entry.position is not None:
                picture = pygame.Surface(size, pygame.SRCALPHA)
                draw_thumbnail(picture, picture.get_rect(), entry.position.game, entry.position)
                self._thumbs[key] = picture

    def update(self, dt: float) -> None:
        self.place(self.app.size)
        self._make_thumbnails()

    # --- drawing (reads only) ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = self.s
        theme.blit_text(surface, "Saved games", int(58 * s), theme.ACCENT, (int(40 * s), int(22 * s)))
        hint = N_(
            "Tab: Unfinished / Finished / Record  ·  Up/Down choose  ·  "
            "Enter open  ·  Del delete  ·  Esc back"
        )
        theme.blit_text(
            surface,
            theme.fit(hint, int(20 * s), w - int(520 * s)),
            int(20 * s),
            theme.TEXT_DIM,
            (w - int(40 * s), int(52 * s)),
            "topright",
        )
        for b in self.tab_buttons:
            b.draw(surface, False, s)
        y = self.tab_buttons[0].rect.bottom + int(10 * s)
        for line in self.notice_lines:
            theme.blit_text(surface, line, int(20 * s), theme.WARN, (int(40 * s), y))
            y += int(24 * s)
        if self.tab == "record":
            self._draw_record(surface)
        elif not self.entries:
            empty = (
                N_("No unfinished games: every game you start is kept here until it ends.")
                if self.tab == "unfinished"
                else N_("No finished games yet: they come here with their result.")
            )
            theme.blit_text(
                surface,
                empty,
                int(26 * s),
                theme.TEXT_DIM,
                (self.list_rect.centerx, self.list_rect.top + int(40 * s)),
                "midtop",
            )
        for i, rect in enumerate(self.row_rects):
            self._draw_row(
                surface, rect, self.entries[self.top + i], self.row_details[i], self.top + i == self.selected
            )
        if len(self.entries) > len(self.row_rects) and self.tab != "record":
            more = Words(
                "{first}–{last} of {total} (wheel or PgUp/PgDn)",
                first=self.top + 1,
                last=self.top + len(self.row_rects),
                total=len(self.entries),
            )
            theme.blit_text(
                surface,
                more,
                int(20 * s),
                theme.TEXT_DIM,
                (w // 2, self.back.rect.top - int(6 * s)),
                "midbottom",
            )
        for b in (self.back, self.delete_button, self.open_button):
            if self.tab != "record" or b is self.back:
                b.draw(surface, False, s)

    def _draw_row(
        self, surface: pygame.Surface, rect: pygame.Rect, entry: Entry, details: str, chosen: bool
    ) -> None:
        s = self.s
        theme.panel(
            surface,
            rect,
            (46, 54, 92) if chosen else theme.PANEL,
            theme.ACCENT if chosen else theme.PANEL_EDGE,
            int(12 * s),
            3 if chosen else 1,
        )
        pad = int(16 * s)
        thumb = self.thumb_rect(rect)
        picture = self._thumbs.get((entry.id, thumb.width, thumb.height))
        if picture is not None:
            surface.blit(picture, thumb)
        rect = pygame.Rect(thumb.right, rect.top, rect.right - thumb.right, rect.height)
        when = theme.blit_text(
            surface,
            library.when_words(entry.saved_at),
            int(22 * s),
            theme.TEXT_DIM,
            (rect.right - pad, rect.centery),
            "midright",
        )
        name = theme.blit_text(
            surface, entry.name, int(30 * s), theme.TEXT, (rect.left + pad, rect.top + int(8 * s))
        )
        room = when.left - rect.left - 3 * pad
        result = entry.result()
        color = RESULT_COLORS.get(result or "", theme.ACCENT_2)
        theme.blit_text(
            surface,
            theme.fit(details, int(22 * s), room),
            int(22 * s),
            color,
            (rect.left + pad, name.bottom + int(2 * s)),
        )

    def _draw_record(self, surface: pygame.Surface) -> None:
        s = self.s
        box = self.list_rect
        rows = self.record_rows()
        if not rows:
            theme.blit_text(
                surface,
                "No finished games against the computer yet: your wins, draws and losses at "
                "each level show here.",
                int(24 * s),
                theme.TEXT_DIM,
                (box.centerx, box.top + int(40 * s)),
                "midtop",
            )
            return
        levels = [label for _, label, _ in level_choices()]
        name_w = int(box.width * 0.34)
        col_w = (box.width - name_w) // max(1, len(levels))
        row_h = int(44 * s)
        y = box.top
        theme.blit_text(
            surface, "won · drawn · lost against the computer", int(20 * s), theme.TEXT_DIM, (box.left, y)
        )
        y += int(30 * s)
        for i, label in enumerate(levels):
            theme.blit_text(
                surface,
                label,
                int(24 * s),
                theme.ACCENT,
                (box.left + name_w + i * col_w + col_w // 2, y),
                "midtop",
            )
        y += row_h
        for name, cells in rows[: max(1, (box.bottom - y) // row_h)]:
            theme.blit_text(
                surface,
                theme.fit(name, int(26 * s), name_w - int(10 * s)),
                int(26 * s),
                theme.TEXT,
                (box.left, y),
            )
            for i, cell in enumerate(cells):
                theme.blit_text(
                    surface,
                    cell,
                    int(24 * s),
                    theme.TEXT if cell != "–" else theme.TEXT_DIM,
                    (box.left + name_w + i * col_w + col_w // 2, y),
                    "midtop",
                )
            y += row_h
