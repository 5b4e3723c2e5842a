"""The position editor (issue 32, item 5): any position of a game set up by hand, on the game's
own board, then played against the computer or a friend, or shared as text.

The position, its text and what the rules say of it are the model's (``game.match.editor``):
this scene lays out (in ``update``), draws (reading only) and turns clicks and keys into the
model's changes. A position the rules refuse keeps every edit and says why, and the Play
buttons wait until it can be played; a position played is a new game of the library."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rules import State
from rules.words import N_, Words, sentence, words_of

from .. import library, theme
from ..boards import BoardFamily, family_for
from ..boards.cursor import ARROWS, nearest_cell
from ..config import MatchConfig, Mode
from ..match.editor import Counter, PositionEditor
from ..match.variations import VariationTree
from ..opponent import level_choices
from ..render.marks import alpha_circle
from ..render.pieces import draw_piece
from ..scene import Scene
from ..userfiles import MAX_BYTES
from ..widgets import Button, FocusGroup, Selector
from . import opening, shortcuts
from .navigator import SceneName, back_to, open_scene
from .setup import last_setup

if TYPE_CHECKING:
    from ..app import App

#: the keys that choose the palette's pieces, in order
DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


class EditorScene(Scene):
    """Set up a position of ``game_id`` (from ``state``, else the game's start)."""

    def __init__(self, app: App, game_id: str, state: State | None = None) -> None:
        super().__init__(app)
        self.config = last_setup(game_id)
        if state is not None:
            self.config.options = dict(state.game.options)
        self.note = ""  # what the last copy or paste did, or why it could not
        self.on_board = True  # the keyboard works the board (Tab: the settings column)
        self.cursor: int | None = None  # the board's keyboard cursor
        self.hover: int | None = None  # the cell under the mouse
        self.keyboard_used = False
        self.palette: list[pygame.Rect] = []
        self.clear_button = Button("Clear board", self.clear, pygame.K_c, key_label="C")
        self.start_button = Button("Start position", self.reset, pygame.K_r, key_label="R")
        self.back = Button("Back", self.go_back, pygame.K_ESCAPE, key_label="Esc")
        self.options_button = Button("Rules options", self.rules_options, pygame.K_o, key_label="O")
        self.analyse_button = Button("Analyse", self.analyse, pygame.K_a, key_label="A")
        self.copy_button = Button("Copy as text", self.copy, None, key_label="Ctrl+C")
        self.paste_button = Button("Paste", self.paste, None, key_label="Ctrl+V")
        self.friend_button = Button("Play with a friend", self.play_friend, pygame.K_f, key_label="F")
        self.computer_button = Button(
            "Play the computer", self.play_computer, pygame.K_p, style="primary", key_label="P"
        )
        self.levels = level_choices() if app.computer_available else []
        self.computer_button.visible = bool(self.levels)
        self.buttons = [
            self.computer_button,
            self.friend_button,
            self.clear_button,
            self.start_button,
            self.copy_button,
            self.paste_button,
            self.options_button,
            self.analyse_button,
            self.back,
        ]
        self.focus = FocusGroup(arrows_move_focus=False)
        self.rows: list[Selector] = []
        self.counter_rows: list[tuple[Selector, Counter]] = []
        self.size = (0, 0)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self._open(PositionEditor(self.config.make_game(), state))
        self.place(app.size)

    # --- the model and its rows -------------------------------------------------------------------
    def _open(self, editor: PositionEditor) -> None:
        """Edit ``editor``'s position (a paste may change the game or its options)."""
        self.editor = editor
        self.config = MatchConfig(
            editor.game.spec.id,
            dict(editor.game.options),
            self.config.mode,
            self.config.human_side,
            self.config.level,
        )
        self.family: BoardFamily = family_for(editor.game, self.board_rect)
        self.cursor = None
        sides = editor.sides
        self.turn_row = Selector(
            "To move",
            [(0, sides[0]), (1, sides[1])],
            editor.turn,
            N_("Whose move it is in this position (T changes it)."),
            on_change=editor.set_turn,
        )
        self.counter_rows = []
        for counter in editor.counters:
            choices = [(n, str(n)) for n in range(counter.most + 1)]
            row = Selector(counter.label, choices, counter.value, counter.help)
            row.on_change = self._counter_changed(row, counter)
            self.counter_rows.append((row, counter))
        self.side_row = Selector(
            "Your side against the computer",
            [(0, sides[0]), (1, sides[1])],
            self.config.human_side,
            Words("Play {first} or {second}.", first=sides[0], second=sides[1]),
        )
        level_names = [(n, label) for n, label, _ in self.levels] or [("medium", "Medium")]
        self.level_row = Selector(
            "Difficulty", level_names, self.config.level, N_("How hard the computer thinks.")
        )
        self.rows = [self.turn_row] + [row for row, _ in self.counter_rows]
        if self.levels:
            self.rows += [self.side_row, self.level_row]
        self.focus.set(self.rows)
        self.focus.index = 0

    def _counter_changed(self, row: Selector, counter: Counter):
        def changed(value: int) -> None:
            counter.value = value

        return changed

    def _sync_rows(self) -> None:
        """The rows show the model (after a reset, a paste or a key that changed it)."""
        self.turn_row.set_value(self.editor.turn)
        for row, counter in self.counter_rows:
            row.set_value(counter.value)

    # --- actions ------------------------------------------------------------------------------------
    def clear(self) -> None:
        self.editor.clear()
        self.note = ""
        self.app.sound.play("click")

    def reset(self) -> None:
        self.editor.reset()
        self._sync_rows()
        self.note = ""
        self.app.sound.play("click")

    def toggle_turn(self) -> None:
        self.editor.set_turn(self.editor.turn + 1)
        self._sync_rows()

    def put(self, cell: int) -> None:
        self.editor.put(cell)
        self.note = ""
        self.app.sound.play("place" if not self.editor.stones else "click")

    def take(self, cell: int) -> None:
        self.editor.take(cell)
        self.note = ""
        self.app.sound.play("click")

    def copy(self) -> None:
        try:
            pygame.scrap.put_text(self.editor.text())
            self.note = N_("The position is on the clipboard as text.")
        except pygame.error as e:
            self.note = Words("The clipboard is not available here ({problem}).", problem=str(e))

    def paste(self) -> None:
        """The position (or the last position of a game) on the clipboard, to edit."""
        try:
            text = pygame.scrap.get_text()
        except pygame.error as e:
            self.note = Words("The clipboard cannot be read here ({problem}).", problem=str(e))
            return
        self.paste_text(text)

    def paste_text(self, text: str) -> None:
        from .. import saves

        if not text.strip():
            self.note = N_("The clipboard holds no text: copy a position first.")
            return
        try:
            state = saves.read_game_or_position(text[:MAX_BYTES]).state
            editor = PositionEditor(state.game, state)
        except ValueError as e:
            self.note = sentence(words_of(e))
            return
        self._open(editor)
        self.place(self.app.size)
        self.note = N_("The position from the clipboard is on the board.")

    def play_friend(self) -> None:
        self._play(Mode.PASS)

    def play_computer(self) -> None:
        if self.levels:
            self._play(Mode.COMPUTER)

    def _play(self, mode: Mode) -> None:
        """The position as a new game of the library (another game is never touched)."""
        verdict = self.editor.check()
        if not verdict.playable or verdict.state is None:
            return
        cfg = MatchConfig(
            self.config.game_id,
            dict(self.config.options),
            mode,
            self.side_row.value,
            self.level_row.value,
        )
        app = self.app
        back_to(app, SceneName.MENU)  # the game lands over the chooser, as an opened one does
        opening.start_play(app, cfg, verdict.state, library.GameFile(), save_now=True)

    def rules_options(self) -> None:
        """The game's setup, asked for the rules (and the side and level against the computer):
        the position is kept where the new rules' board is the same."""
        self.app.sound.play("click")
        open_scene(self.app, SceneName.SETUP, self.config.game_id, self.config, chosen=self.use_rules)

    def use_rules(self, config: MatchConfig) -> None:
        """The rules chosen in the setup: the position kept as far as they allow."""
        self.config.human_side, self.config.level = config.human_side, config.level
        self._open(self.editor.with_options(config.options))
        self.note = ""
        self.place(self.app.size)

    def analyse(self) -> None:
        """The position on the analysis board (other moves tried from it, the engine's view);
        Esc there comes back here, the position as it was."""
        verdict = self.editor.check()
        if not verdict.playable or verdict.state is None:
            return
        state = verdict.state
        open_scene(self.app, SceneName.ANALYSIS_BOARD, VariationTree(state), state.game.sides)

    def go_back(self) -> None:
        self.app.manager.pop()

    # --- input --------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        ctrl = event.type == pygame.KEYDOWN and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if shortcuts.is_paste(event):
            self.paste()
            return
        if ctrl and event.key == pygame.K_c:
            self.copy()
            return
        if ctrl:
            return  # Ctrl+Q and the like are the app's; no plain key below answers a Ctrl one
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.family.cell_at(event.pos)
            self.focus.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._click(event)

    def _click(self, event: pygame.event.Event) -> None:
        for i, rect in enumerate(self.palette):
            if rect.collidepoint(event.pos) and event.button == 1:
                self.editor.choose(i)
                self.app.sound.play("click")
                return
        cell = self.family.cell_at(event.pos)
        if cell is not None and event.button in (1, 3):
            self.on_board = True
            self.cursor = cell
            (self.put if event.button == 1 else self.take)(cell)
            return
        if self.focus.handle(event):
            self.on_board = False
            self._rows_changed()
            self.app.sound.play("click")

    def _rows_changed(self) -> None:
        self.config.human_side = self.side_row.value
        self.config.level = self.level_row.value

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        self.keyboard_used = True
        if key in DIGITS and self.editor.choose(DIGITS.index(key)):
            self.app.sound.play("click")
        elif key == pygame.K_t:
            self.toggle_turn()
        elif key == pygame.K_TAB:
            self._tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif self.on_board:
            self._board_key(key)
        elif self.focus.handle(event):
            self._rows_changed()

    def _tab(self, step: int) -> None:
        """Tab goes from the board down the settings rows and back to the board."""
        stops = len(self.rows) + 1
        at = 0 if self.on_board else self.focus.index + 1
        at = (at + step) % stops
        self.on_board = at == 0
        if not self.on_board:
            self.focus.index = at - 1
            self.focus.keyboard_used = True

    def _board_key(self, key: int) -> None:
        cells = self.editor.cells
        if self.cursor is None:
            self.cursor = cells[len(cells) // 2]
            if key in ARROWS:
                return
        if key in ARROWS:
            self.cursor = nearest_cell(self.family.pos, self.editor.cells, self.cursor, ARROWS[key])
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_PLUS, pygame.K_EQUALS):
            self.put(self.cursor)
        elif key in (pygame.K_KP_PLUS,):
            self.put(self.cursor)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.take(self.cursor)

    # --- layout (update) and drawing ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.place(self.app.size)

    def place(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        margin = int(30 * s)
        top = int(108 * s)
        bh = int(56 * s)
        by = h - int(76 * s)
        bottom = by - int(14 * s)
        col_w = max(int(360 * s), int(w * 0.4))
        board_w = w - 2 * margin - col_w - int(24 * s)
        self.board_rect = pygame.Rect(margin, top, board_w, bottom - top)
        self.family.set_rect(self.board_rect)
        x0 = self.board_rect.right + int(24 * s)
        y = top + int(28 * s)
        if self.editor.paints:
            sw = int(60 * s)
            self.palette = [
                pygame.Rect(x0 + i * (sw + int(10 * s)), y, sw, sw) for i in range(len(self.editor.paints))
            ]
            y += sw + int(12 * s)
        else:
            self.palette = []
            y += int(30 * s)
        half = (col_w - int(12 * s)) // 2
        self.clear_button.rect = pygame.Rect(x0, y, half, int(46 * s))
        self.start_button.rect = pygame.Rect(x0 + half + int(12 * s), y, half, int(46 * s))
        y += int(46 * s) + int(16 * s)
        status_h = int(92 * s)
        gap = int(6 * s)
        room = bottom - status_h - y
        row_h = min(int(66 * s), room // max(1, len(self.rows)) - gap)
        for row in self.rows:
            row.rect = pygame.Rect(x0, y, col_w, row_h)
            y += row_h + gap
        self.status_rect = pygame.Rect(x0, bottom - status_h + int(8 * s), col_w, status_h - int(8 * s))
        # the buttons along the bottom: going back and sharing on the left, playing on the right
        x = margin
        for b, width in ((self.back, 150), (self.copy_button, 280), (self.paste_button, 170)):
            b.rect = pygame.Rect(x, by, int(width * s), bh)
            x += int(width * s) + int(12 * s)
        x = w - margin
        for b, width in ((self.computer_button, 280), (self.friend_button, 260)):
            if b.visible:
                x -= int(width * s)
                b.rect = pygame.Rect(x, by, int(width * s), bh)
                x -= int(12 * s)
        self._sync_rows()  # a piece placed from hand, T or a reset changed the model under them
        playable = self.editor.check().playable
        self.friend_button.enabled = self.computer_button.enabled = playable
        self.side_row.visible = self.level_row.visible = bool(self.levels)
        ow = int(250 * s)
        self.options_button.rect = pygame.Rect(w - margin - ow, int(22 * s), ow, int(44 * s))
        aw = int(190 * s)
        self.analyse_button.rect = pygame.Rect(
            self.options_button.rect.left - int(12 * s) - aw, int(22 * s), aw, int(44 * s)
        )
        self.analyse_button.enabled = playable
        self.size = size

    def status(self) -> tuple[str, theme.Color]:
        """What the editor says under its settings: the copy's or paste's note, why the position
        cannot be played, or that it can and whose move it is."""
        verdict = self.editor.check()
        if self.note:
            return self.note, theme.TEXT
        if not verdict.playable:
            return Words("Cannot be played: {reason}", reason=sentence(verdict.reason)), theme.WARN
        return Words("Ready to play: {side} to move.", side=self.editor.sides[self.editor.turn]), theme.GOOD

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        editor = self.editor
        title = Words("Set up a position: {game}", game=editor.game.spec.name)
        room = self.analyse_button.rect.left - int(46 * s)
        size = theme.fit_size(title, int(48 * s), int(30 * s), room)  # smaller before it is cut
        theme.blit_text(surface, theme.fit(title, size, room), size, theme.ACCENT, (int(30 * s), int(20 * s)))
        hint = (
            N_(
                "Click a hole to add a stone, right-click to take one (keys: arrows, + and −)  ·  "
                "Tab: the board or the settings  ·  Esc back"
            )
            if editor.stones
            else N_(
                "Click to place the chosen piece, again or right-click to remove it (keys: arrows, "
                "Space, Del)  ·  Tab: the board or the settings  ·  Esc back"
            )
        )
        small = int(20 * s)
        theme.blit_text(
            surface,
            theme.fit(hint, small, w - int(60 * s)),
            small,
            theme.TEXT_DIM,
            (int(30 * s), int(74 * s)),
        )
        self._draw_board(surface, s)
        self._draw_palette(surface, s)
        focused = self.focus.focused if not self.on_board and self.keyboard_used else None
        for row in self.rows:
            row.draw(surface, row is focused, s)
        words, colour = self.status()
        r = self.status_rect
        lines = theme.wrap(words, small, r.width, most=3)
        y = r.top
        for line in lines:
            theme.blit_text(surface, line, small, colour, (r.left, y))
            y += int(small * 1.15)
        tiny = max(12, int(15 * s))
        theme.blit_text(
            surface,
            theme.fit(theme.Verbatim(editor.text()), tiny, r.width),  # the game's text: no words
            tiny,
            theme.TEXT_DIM,
            (r.left, r.bottom),
            "bottomleft",
        )
        for b in self.buttons:
            b.draw(surface, False, s)

    def _draw_board(self, surface: pygame.Surface, s: float) -> None:
        editor = self.editor
        family = self.family
        family.draw_still(surface, editor.pieces(), editor.counts, editor.stores())
        ring = family.unit * 0.48
        if self.hover is not None:
            alpha_circle(surface, theme.ACCENT, 150, family.pos(self.hover), ring, max(2, int(3 * s)))
        if self.on_board and self.keyboard_used and self.cursor is not None:
            alpha_circle(
                surface, theme.ACCENT_2, 255, family.pos(self.cursor), ring * 1.08, max(3, int(4 * s))
            )
        if self.on_board and self.keyboard_used:
            pygame.draw.rect(
                surface, theme.ACCENT, family.frame.inflate(int(8 * s), int(8 * s)), 2, int(10 * s)
            )

    def _draw_palette(self, surface: pygame.Surface, s: float) -> None:
        editor = self.editor
        head = int(20 * s)
        x0 = self.clear_button.rect.left
        top = self.board_rect.top
        if editor.stones:
            (n, most), (m, most2) = editor.side_stones()
            words = Words(
                "On each side's rows: {south} {n} of {most}, {north} {m} of {most2} stones",
                south=editor.sides[0],
                n=n,
                most=most,
                north=editor.sides[1],
                m=m,
                most2=most2,
            )
            theme.blit_text(
                surface,
                theme.fit(words, head, self.status_rect.width),
                head,
                theme.TEXT_DIM,
                (x0, top + int(30 * s)),
            )
            theme.blit_text(surface, "STONES", head, theme.TEXT_DIM, (x0, top))
            return
        theme.blit_text(
            surface, Words("PIECES (keys 1 to {n})", n=len(editor.paints)), head, theme.TEXT_DIM, (x0, top)
        )
        for i, (rect, paint) in enumerate(zip(self.palette, editor.paints)):
            chosen = i == editor.chosen
            theme.panel(
                surface,
                rect,
                (46, 54, 92) if chosen else theme.PANEL,
                theme.ACCENT if chosen else theme.PANEL_EDGE,
                int(10 * s),
                4 if chosen else 1,
            )
            draw_piece(surface, rect.center, rect.width * 0.32, paint.owner, paint.kind)
            badge = max(9, int(11 * s))  # the key that chooses it, in a dark disc on the corner
            corner = (rect.right - badge // 2, rect.top + badge // 2)
            pygame.draw.circle(surface, (20, 24, 44), corner, badge)
            pygame.draw.circle(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, corner, badge, 2)
            theme.blit_text(surface, str(i + 1), max(12, int(17 * s)), theme.TEXT, corner, "center")
