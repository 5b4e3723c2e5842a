"""Open a game from a file: a browser of the player's folders, drawn by the app itself (a system
dialog through tkinter fights pygame's window on Linux and is missing from the standalone app).

It starts in the folder it was last left in (a setting), else where the pause menu's Export
writes, else the home folder. It lists the folder's sub-folders, then the files that can hold a
game (what Keliya exports and saves: ``.txt``), each sorted by name; hidden ones are left out.
A file opens through the same path as a file dropped on the window (``opening.open_file``):
a game opens as a new game of the library, and one that cannot be opened is refused in words
and left where it is. A folder that cannot be listed is said in words, and the browser stays
where it was. A folder of a very large number of entries is read up to ``READ_LIMIT`` of them
(a few hundredths of a second), and a line says how many more there are.

Keyboard: Up/Down, Page Up/Down, Home/End choose; Enter opens a folder or a file; Backspace
goes up a folder; Esc steps back. Mouse: the wheel scrolls, a click chooses, a double click (or
Open) opens. Layout is worked out in ``update``; drawing only reads it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rules.words import N_, Words

from .. import library, saves, theme
from .. import settings as user_settings
from ..scene import Scene
from ..theme import Verbatim
from ..widgets import Button, list_window
from . import opening

if TYPE_CHECKING:
    from ..app import App

#: the endings of the files that may hold a game: the library's saves and the pause menu's
#: exports (``saves.export_path``) both end in .txt, and a position copied to a file is text
GAME_SUFFIXES = frozenset({library.SUFFIX, ".txt"})
#: entries of one folder read at most (10,000 take about 30 ms); the rest are counted, not listed
READ_LIMIT = 10_000
#: entries counted past ``READ_LIMIT`` at most (counting without looking is ten times cheaper)
COUNT_LIMIT = 100_000
#: two clicks on one row this close in the app's time (seconds) are a double click
DOUBLE_CLICK = 0.4
UP, FOLDER, FILE = "up", "folder", "file"


@dataclass(frozen=True)
class Row:
    """One line of the list: the folder above, a sub-folder or a file that may hold a game."""

    kind: str
    name: str
    path: Path


@dataclass(frozen=True)
class Listing:
    """What a folder shows: its rows (the folder above first) and how many entries were not read."""

    rows: list[Row]
    unread: int  # entries past READ_LIMIT (at most COUNT_LIMIT: then "more than")


def _hidden(entry: os.DirEntry) -> bool:
    """A dot file, or one the system marks hidden (Windows)."""
    if entry.name.startswith("."):
        return True
    if os.name != "nt":  # elsewhere a name is hidden by its dot alone (and a stat per entry is saved)
        return False
    try:  # Windows keeps the attributes with the name: no extra call to the disk
        return bool(getattr(entry.stat(), "st_file_attributes", 0) & stat.FILE_ATTRIBUTE_HIDDEN)
    except OSError:
        return False


def list_folder(folder: Path, limit: int = READ_LIMIT, count_limit: int = COUNT_LIMIT) -> Listing:
    """The rows of ``folder``: the folder above (unless it is the top), sub-folders, then game
    files, each by name (ignoring case). Reads names and the kinds the folder itself records
    (no file is opened: a FIFO listed here is refused when opened, never waited on). OSError if
    the folder cannot be listed."""
    folders: list[Row] = []
    files: list[Row] = []
    unread = 0
    with os.scandir(folder) as entries:
        for read, entry in enumerate(entries):
            if read >= limit:
                unread = 1 + sum(1 for _ in zip(range(count_limit - 1), entries))
                break
            if _hidden(entry):
                continue
            try:
                is_folder = entry.is_dir()  # follows a link to a folder
            except OSError:
                is_folder = False
            if is_folder:
                folders.append(Row(FOLDER, entry.name, folder / entry.name))
            elif Path(entry.name).suffix.lower() in GAME_SUFFIXES:
                files.append(Row(FILE, entry.name, folder / entry.name))

    def by_name(row: Row) -> tuple[str, str]:
        return row.name.casefold(), row.name

    up = [Row(UP, "..", folder.parent)] if folder.parent != folder else []
    return Listing(up + sorted(folders, key=by_name) + sorted(files, key=by_name), unread)


def why_not_listed(error: OSError) -> str:
    """Why a folder cannot be shown, in a player's words."""
    if isinstance(error, PermissionError):
        return N_("Keliya may not look inside it")
    if isinstance(error, (FileNotFoundError, NotADirectoryError)):
        return N_("it is no longer there")
    return Words("the system says: {problem}", problem=str(error.strerror or error))


def start_folders() -> list[Path]:
    """Where the browser may start, in order: the folder it was last left in, the folder the
    pause menu exports to, the home folder, the top of the file system."""
    places = []
    last = user_settings.current().last_folder
    if last:
        places.append(Path(last))
    places.append(saves.export_folder())
    try:
        places.append(Path.home())
    except (RuntimeError, KeyError):  # no home folder can be found (a bare service account)
        pass
    places.append(Path(Path.cwd().anchor or os.sep))
    return [Path(os.path.abspath(p)) for p in places]


class FilePickerScene(Scene):
    """The file browser (see the module docstring)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.folder = Path(os.sep)
        self.rows: list[Row] = []
        self.unread = 0
        self.selected = 0
        self.top = 0  # the first row shown
        self.notice = ""  # why a folder or a file could not be opened
        self.time = 0.0  # the app's time here (double clicks are measured in it)
        self.last_click: tuple[int, float] | None = None  # (row, when) of the last click on a row
        self.back = Button("Back", self.app.manager.pop, pygame.K_ESCAPE, key_label="Esc")
        self.up_button = Button("Up a folder", self.go_up, pygame.K_BACKSPACE, key_label="Backspace")
        self.open_button = Button("Open", self.open_selected, None, style="primary", key_label="Enter")
        self.buttons = [self.back, self.up_button, self.open_button]
        self.row_rects: list[pygame.Rect] = []
        self._when: dict[Path, str] = {}  # a shown file's time, looked up once
        for place in start_folders():
            if place.is_dir() and self.go(place):
                break
        self.notice = ""  # a start folder that could not be read is no news: the next one is shown
        self.place(app.size)

    # --- the folder shown ---------------------------------------------------------------------------
    def go(self, folder: Path, choose: str = "") -> bool:
        """Show ``folder`` (the row named ``choose`` chosen); if it cannot be listed, say why
        and stay where we are. Whether it is shown."""
        try:
            listing = list_folder(folder, READ_LIMIT, COUNT_LIMIT)
        except OSError as e:
            self.notice = Words("That folder cannot be opened: {reason}.", reason=why_not_listed(e))
            return False
        self.folder, self.rows, self.unread = folder, listing.rows, listing.unread
        names = [row.name for row in self.rows]
        self.selected = names.index(choose) if choose in names else 0
        self.top, self.notice, self.last_click = 0, "", None
        self._when.clear()
        return True

    def go_up(self) -> None:
        """Backspace: the folder above, with the folder we were in chosen."""
        if self.folder.parent != self.folder:
            self.app.sound.play("click")
            self.go(self.folder.parent, self.folder.name)

    @property
    def chosen(self) -> Row | None:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    def open_selected(self) -> None:
        row = self.chosen
        if row is None:
            return
        if row.kind == UP:
            self.go_up()
        elif row.kind == FOLDER:
            self.app.sound.play("click")
            self.go(row.path)
        else:
            self.open_game(row.path)

    def open_game(self, path: Path) -> None:
        """Open the game in ``path`` as a dropped file opens; if it cannot be, come back saying
        why (the file stays where it is, the library as it was)."""
        manager = self.app.manager
        manager.pop()  # the game lands on the chooser (opening.start_play), as from the title
        problem = opening.open_file(self.app, str(path))
        if problem:
            manager.push(self)
            self.notice = problem

    def exit(self) -> None:
        """Remember the folder for next time (a failed save is no loss: it is a convenience)."""
        user_settings.update(last_folder=str(self.folder))

    # --- input ----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.DROPFILE:
            self.open_game(Path(event.file))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, rect in enumerate(self.row_rects) if rect.collidepoint(event.pos)), None)
            if hit is not None:
                self._click(self.top + hit)
        elif event.type == pygame.MOUSEWHEEL:
            shown = max(1, len(self.row_rects))
            self.top = max(0, min(self.top - 3 * event.y, max(0, len(self.rows) - shown)))
            self.selected = max(
                self.top, min(self.selected, self.top + shown - 1)
            )  # the choice stays in view
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _click(self, index: int) -> None:
        """A click chooses a row; a second click on it soon after opens it."""
        double = (
            self.last_click is not None
            and self.last_click[0] == index
            and self.time - self.last_click[1] <= DOUBLE_CLICK
        )
        self.selected = index
        if double:
            self.last_click = None
            self.open_selected()
        else:
            self.last_click = (index, self.time)

    def _key(self, key: int) -> None:
        page = max(1, len(self.row_rects) - 1)
        steps = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -len(self.rows),
            pygame.K_END: len(self.rows),
        }
        if key in steps:
            self.selected = max(0, min(len(self.rows) - 1, self.selected + steps[key]))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()

    # --- layout ------------------------------------------------------------------------------------------
    def place(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        self.s = s
        margin = int(40 * s)
        self.path_words = shown_path(self.folder, int(24 * s), w - 2 * margin)
        self.path_pos = (margin, int(96 * s))
        self.notice_lines = theme.wrap(self.notice, int(20 * s), w - 2 * margin)[-3:] if self.notice else []
        top = int(136 * s) + len(self.notice_lines) * int(24 * s)
        bottom = h - int(134 * s)  # room for the lines under the list: the rows shown, those not read
        self.list_rect = pygame.Rect(margin, top, w - 2 * margin, bottom - top)
        n = len(self.rows)
        self.selected, self.top, self.row_rects = list_window(
            self.list_rect, int(44 * s), int(4 * s), n, self.selected, self.top
        )
        for row in self.rows[self.top : self.top + len(self.row_rects)]:
            if row.kind == FILE and row.path not in self._when:
                self._when[row.path] = file_time(row.path)
        self.count_words = (
            Words(
                "{first}–{last} of {total} (wheel or PgUp/PgDn)",
                first=self.top + 1,
                last=self.top + len(self.row_rects),
                total=n,
            )
            if n > len(self.row_rects)
            else ""
        )
        self.unread_words = (
            Words(
                "{count} more entries of this folder are not shown (only the first {limit} are read).",
                count=f"{self.unread:,}" + ("+" if self.unread >= COUNT_LIMIT else ""),
                limit=f"{READ_LIMIT:,}",
            )
            if self.unread
            else ""
        )
        bw, bh, by = int(230 * s), int(56 * s), h - int(74 * s)
        self.back.rect = pygame.Rect(margin, by, bw, bh)
        self.open_button.rect = pygame.Rect(w - margin - bw, by, bw, bh)
        self.up_button.rect = pygame.Rect(w - margin - 2 * bw - int(16 * s), by, bw, bh)
        self.up_button.visible = self.folder.parent != self.folder
        self.open_button.visible = self.chosen is not None

    def update(self, dt: float) -> None:
        self.time += dt
        self.place(self.app.size)

    # --- drawing (reads only) ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = self.s
        heading = theme.blit_text(
            surface, "Open a game from a file", int(52 * s), theme.ACCENT, (int(40 * s), int(22 * s))
        )
        hint = N_("Up/Down choose  ·  Enter opens  ·  Backspace up a folder  ·  Esc back")
        room = w - heading.right - int(72 * s)
        theme.blit_text(
            surface,
            theme.fit(hint, int(20 * s), room),
            int(20 * s),
            theme.TEXT_DIM,
            (w - int(40 * s), heading.centery),
            "midright",
        )
        theme.blit_text(surface, self.path_words, int(24 * s), theme.ACCENT_2, self.path_pos)
        y = self.path_pos[1] + int(34 * s)
        for line in self.notice_lines:
            theme.blit_text(surface, line, int(20 * s), theme.WARN, (int(40 * s), y))
            y += int(24 * s)
        for i, rect in enumerate(self.row_rects):
            self._draw_row(surface, rect, self.rows[self.top + i], self.top + i == self.selected)
        if len(self.rows) <= 1:
            theme.blit_text(
                surface,
                "No folders and no game files (.txt) here.",
                int(24 * s),
                theme.TEXT_DIM,
                (self.list_rect.centerx, self.list_rect.top + int(70 * s)),
                "midtop",
            )
        y = self.back.rect.top - int(8 * s)
        if self.count_words:
            theme.blit_text(surface, self.count_words, int(20 * s), theme.TEXT_DIM, (w // 2, y), "midbottom")
            y -= int(24 * s)
        if self.unread_words:
            theme.blit_text(
                surface,
                theme.fit(self.unread_words, int(20 * s), w - int(80 * s)),
                int(20 * s),
                theme.WARN,
                (w // 2, y),
                "midbottom",
            )
        for b in self.buttons:
            b.draw(surface, False, s)

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, row: Row, chosen: bool) -> None:
        s = self.s
        theme.panel(
            surface,
            rect,
            (46, 54, 92) if chosen else theme.PANEL,
            theme.ACCENT if chosen else theme.PANEL_EDGE,
            int(10 * s),
            3 if chosen else 1,
        )
        pad = int(14 * s)
        icon = pygame.Rect(rect.left + pad, rect.top + int(10 * s), int(30 * s), rect.height - int(20 * s))
        _draw_icon(surface, icon, row.kind)
        x = icon.right + pad
        size = int(24 * s)
        right = rect.right - pad
        if row.kind == FILE:
            when = self._when.get(row.path, "")
            if when:
                right = (
                    theme.blit_text(
                        surface, when, int(20 * s), theme.TEXT_DIM, (right, rect.centery), "midright"
                    ).left
                    - pad
                )
        if row.kind == UP:
            name = theme.blit_text(surface, Verbatim(".."), size, theme.TEXT, (x, rect.centery), "midleft")
            theme.blit_text(
                surface,
                theme.fit("the folder above", int(20 * s), right - name.right - pad),
                int(20 * s),
                theme.TEXT_DIM,
                (name.right + pad, rect.centery),
                "midleft",
            )
            return
        color = theme.TEXT if row.kind == FOLDER else theme.ACCENT
        theme.blit_text(
            surface, theme.fit(Verbatim(row.name), size, right - x), size, color, (x, rect.centery), "midleft"
        )


def _draw_icon(surface: pygame.Surface, box: pygame.Rect, kind: str) -> None:
    """A folder (a tab on a box), a page with a folded corner, or an arrow up."""
    if kind == UP:
        cx = box.centerx
        pygame.draw.polygon(
            surface, theme.TEXT_DIM, [(cx, box.top), (box.right, box.centery), (box.left, box.centery)]
        )
        pygame.draw.rect(
            surface, theme.TEXT_DIM, (cx - box.width // 6, box.centery, box.width // 3, box.height // 2)
        )
    elif kind == FOLDER:
        tab = pygame.Rect(box.left, box.top, box.width // 2, max(2, box.height // 4))
        pygame.draw.rect(surface, theme.ACCENT, tab, border_radius=2)
        pygame.draw.rect(
            surface,
            theme.ACCENT,
            (box.left, tab.bottom - 1, box.width, box.bottom - tab.bottom + 1),
            border_radius=3,
        )
    else:
        page = box.inflate(-box.width // 5, 0)
        fold = page.width // 3
        pygame.draw.polygon(
            surface,
            theme.TEXT,
            [
                page.topleft,
                (page.right - fold, page.top),
                (page.right, page.top + fold),
                page.bottomright,
                page.bottomleft,
            ],
        )
        for i in range(1, 4):  # lines of text on the page
            y = page.top + fold + i * (page.height - fold) // 4
            pygame.draw.line(surface, theme.PANEL_EDGE, (page.left + 3, y), (page.right - 3, y))


def shown_path(folder: Path, size: int, width: int) -> Verbatim:
    """The folder's path as it fits ``width`` at ``size``: cut at the start (the end of a path
    says where one is)."""
    words = str(folder)
    if theme.measure(Verbatim(words), size)[0] <= width:
        return Verbatim(words)
    low, high = 0, len(words)  # the fewest characters cut from the start for the rest to fit
    while low < high:
        mid = (low + high) // 2
        if theme.measure(Verbatim("…" + words[mid:]), size)[0] <= width:
            high = mid
        else:
            low = mid + 1
    return Verbatim("…" + words[low:])


def file_time(path: Path) -> str:
    """When a file was last changed, as the saved games say it ('today 20:35'); '' if unknown.
    (A stat never waits on a FIFO.)"""
    try:
        return library.when_words(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return ""
