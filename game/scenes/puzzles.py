"""The puzzle screen (issue 32, item 4): a position where one move wins clearly, to be found.

The puzzles, the tries, the hint, the answer's line, the streak and the record are the model's
(``game.match.puzzle.PuzzleSession``); this scene lays out (in ``update``), draws the board with
its family's own view (reading only), animates the moves the model queues (a wrong try and the
reply that punishes it, then the puzzle again; the answer's line) and turns clicks and keys into
the model's calls. A move is made by clicks as in play, or with the keyboard: the arrows move a
cursor over the board and Space or Enter clicks where it stands."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rules.kinds import PieceKind
from rules.words import N_, Words

from .. import theme
from ..anim import Pulse, Timer
from ..boards import Animation, BoardFamily, BoardLook, family_for
from ..boards.beats import Beat
from ..boards.cursor import ARROWS, nearest_cell
from ..boards.route_input import Gesture
from ..match.puzzle import (
    SET_IDS,
    Phase,
    PuzzleSession,
    available_sets,
    load_record,
    load_set,
    set_title,
)
from ..match.routes import Click
from ..physics import Bursts
from ..render.marks import alpha_circle
from ..scene import Scene
from ..widgets import Button, Selector

if TYPE_CHECKING:
    from ..app import App

GAP_SECONDS = 0.45  # between the moves of a line shown
BACK_SECONDS = 1.6  # a wrong try's punishment stays this long before the puzzle comes back


def set_for_game(game_id: str) -> str:
    """The first puzzle set of ``game_id`` (the first set if the game has none)."""
    return next((s for s in SET_IDS if s.split("-")[0] == game_id), SET_IDS[0])


class PuzzleScene(Scene):
    """Puzzles of one set at a time (``set_id``); the record is read from and saved to
    ``record_path`` (None: the player's data folder)."""

    def __init__(self, app: App, set_id: str = SET_IDS[0], record_path: Path | None = None) -> None:
        super().__init__(app)
        self.record_path = record_path
        self.record, self.problem = load_record(record_path)
        self.set_row = Selector(
            "Puzzles",
            [(sid, set_title(sid)) for sid in available_sets()],
            set_id,
            N_("Page Up and Page Down change the set."),
            on_change=self.choose_set,
        )
        self.hint_button = Button("Hint", self.hint, pygame.K_h, key_label="H")
        self.answer_button = Button("Show the answer", self.answer, pygame.K_a, key_label="A")
        self.replay_button = Button("Replay the line", self.replay, pygame.K_r, key_label="R")
        self.next_button = Button("Next puzzle", self.next, pygame.K_n, style="primary", key_label="N")
        self.back_button = Button("Back", self.go_back, pygame.K_ESCAPE, key_label="Esc")
        self.buttons = [
            self.hint_button,
            self.answer_button,
            self.replay_button,
            self.next_button,
            self.back_button,
        ]
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.bursts = Bursts()
        self._pulse = Pulse(1.1)
        self.time = 0.0
        self.anim: Animation | None = None
        self.gap: Timer | None = None
        self.flash: tuple[int, Timer] | None = None
        self.cursor: int | None = None
        self.keyboard_used = False
        self.look: BoardLook
        self._open_set(self.set_row.value)  # the set asked for, else the first shipped
        self.place(app.size)

    # --- the set and the board ---------------------------------------------------------------------
    def _open_set(self, set_id: str) -> None:
        self.session = PuzzleSession(load_set(set_id), self.record, self.record_path)
        self.family: BoardFamily = family_for(self.session.state.game, self.board_rect)
        self._board_changed()

    def _board_changed(self) -> None:
        """A new position on the board (a puzzle, or the puzzle again): nothing moving."""
        if self.anim is not None:
            self.anim.finish()
        self.anim, self.gap, self.flash = None, None, None
        self.family.cancel_drag()
        self.family.set_rotated(self.session.to_move == 1)  # the side to move at the bottom
        self.family.position_changed(self.session.board)

    def choose_set(self, set_id: str) -> None:
        self.app.sound.play("click")
        self._open_set(set_id)
        self.cursor = None

    # --- actions -----------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A move is being shown: the board waits."""
        return self.anim is not None or self.gap is not None or bool(self.session.queue)

    def hint(self) -> None:
        if self.session.phase == Phase.OPEN and not self.busy:
            self.session.hint()
            self.app.sound.play("click")

    def answer(self) -> None:
        self._board_changed()
        self.session.show_answer()
        self.app.sound.play("click")

    def replay(self) -> None:
        if self.session.finished:
            self._board_changed()
            self.session.replay()

    def next(self) -> None:
        self.session.next()
        self._board_changed()
        self.cursor = None
        self.app.sound.play("select")

    def go_back(self) -> None:
        self.app.manager.pop()

    def click(self, cell: int | None) -> None:
        """A click on the board (None: off it), built into a move as in play."""
        if self.busy or self.session.phase != Phase.OPEN:
            return
        before = self.session.tries
        kind = self.session.click(cell)
        if kind == Click.ILLEGAL and cell is not None:
            self.flash = (cell, Timer(0.6))
            self.app.sound.play("illegal")
        elif kind in (Click.SELECT, Click.EXTEND):
            self.app.sound.play("select", 0.6)
        elif kind == Click.MOVE:
            self.app.sound.play("win" if self.session.solved else "illegal")
            if self.session.tries != before or self.session.finished:
                self.family.position_changed(self.session.board)

    # --- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return  # Ctrl+Q and the like are the app's
        for b in self.buttons:
            if b.handle(event):
                return
        if self.set_row.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.busy:
            self._skip()
            return
        if event.type == pygame.MOUSEMOTION:
            self.keyboard_used = False
        for intent in self.family.handle_event(event, self.look):
            if intent.gesture == Gesture.CANCEL:
                self.session.cancel()
            else:
                self.click(intent.cell)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.set_row.nudge(-1 if key == pygame.K_PAGEUP else 1)
            return
        if self.busy:
            if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._skip()
            return
        cells = [c.index for c in self.session.state.game.layout.cells]
        if key in ARROWS and cells:
            self.keyboard_used = True
            if self.cursor is None or self.cursor not in cells:
                self.cursor = self._start_cell(cells)
            else:
                self.cursor = nearest_cell(self.family.pos, cells, self.cursor, ARROWS[key])
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor is not None:
            self.keyboard_used = True
            self.click(self.cursor)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.session.cancel()

    def _start_cell(self, cells: list[int]) -> int:
        """Where the keyboard's cursor starts: the first piece the player can move, else the middle."""
        movable = sorted(self.session.board.builder.movable())
        return movable[0] if movable else cells[len(cells) // 2]

    def _skip(self) -> None:
        """Show the rest of the line at once."""
        if self.anim is not None:
            self.anim.finish()
            self.anim = None
        while self.session.take_shown() is not None:
            pass
        self.gap = None
        self.session.line_over()
        self.family.position_changed(self.session.board)

    # --- per frame (layout and the moves shown) ---------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self._pulse.tick(dt)
        self.bursts.update(dt)
        if self.flash is not None:
            self.flash[1].tick(dt)
            if self.flash[1].done:
                self.flash = None
        self._run_line(dt)
        self.place(self.app.size)

    def _run_line(self, dt: float) -> None:
        session = self.session
        if self.anim is not None:
            self.anim.update(dt)
            if not self.anim.done:
                return
            self.anim = None
            self.gap = Timer(BACK_SECONDS if not session.queue and session.return_to_puzzle else GAP_SECONDS)
        if self.gap is not None:
            self.gap.tick(dt)
            if not self.gap.done:
                return
            self.gap = None
        shown = session.take_shown()
        if shown is not None:
            self.family.position_changed(session.board, played=True)
            self.anim = self.family.animate(shown.effects, shown.before, self._anim_event)
            return
        if session.return_to_puzzle:
            session.line_over()
            self.family.position_changed(session.board)

    def _anim_event(self, name: Beat, cell: int, piece: tuple[int, PieceKind]) -> None:
        if name in (Beat.CAPTURE, Beat.HUFF):
            self.bursts.burst(self.family.pos(cell), (theme.ACCENT, theme.TEXT), scale=self.family.unit / 80)
        self.app.sound.play_event(name, piece)

    def place(self, size: tuple[int, int]) -> None:
        """Where everything goes, the buttons' state and the board's look (drawing only reads)."""
        w, h = size
        s = theme.scale_for(size)
        margin = int(24 * s)
        col_w = max(int(380 * s), int(w * 0.34))
        top = int(84 * s)
        self.board_rect = pygame.Rect(margin, top, w - 3 * margin - col_w, h - top - margin)
        self.family.set_rect(self.board_rect)
        x0 = w - margin - col_w
        self.column = pygame.Rect(x0, top, col_w, h - top - margin)
        self.set_row.rect = pygame.Rect(x0, top, col_w, int(66 * s))
        bh, gap = int(46 * s), int(10 * s)
        half = (col_w - gap) // 2
        y = h - margin - bh
        self.back_button.rect = pygame.Rect(x0, y, half, bh)
        self.next_button.rect = pygame.Rect(x0 + half + gap, y, half, bh)
        y -= bh + gap
        self.hint_button.rect = pygame.Rect(x0, y, half, bh)
        self.answer_button.rect = pygame.Rect(x0 + half + gap, y, half, bh)
        y -= bh + gap
        self.replay_button.rect = pygame.Rect(x0, y, col_w, bh)
        self.text_rect = pygame.Rect(x0, self.set_row.rect.bottom + int(14 * s), col_w, 0)
        self.text_rect.height = self.replay_button.rect.top - gap - self.text_rect.top
        session = self.session
        self.hint_button.enabled = session.phase == Phase.OPEN and not self.busy and not session.hint_cells
        self.answer_button.enabled = not self.busy and session.phase in (Phase.OPEN, Phase.PUNISHED)
        self.replay_button.visible = session.finished
        self.replay_button.enabled = not self.busy
        self.look = BoardLook.live(
            session.board,
            self.family.input,
            self.anim,
            None if self.flash is None else (self.flash[0], self.flash[1].t),
            self._pulse.value,
            self.time,
            self.busy,
            self.bursts,
        )

    # --- drawing (reads only) ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, _h = surface.get_size()
        s = theme.scale_for(surface.get_size())
        session = self.session
        title = Words("Puzzle: {set}", set=session.set.title)
        theme.blit_text(
            surface,
            theme.fit(title, int(44 * s), w - int(48 * s)),
            int(44 * s),
            theme.ACCENT,
            (int(24 * s), int(16 * s)),
        )
        small = int(19 * s)
        keys = N_(
            "Click the move, or arrows and Space  ·  H hint  ·  A answer  ·  N next  ·  "
            "Page Up/Down the set  ·  Esc back"
        )
        theme.blit_text(
            surface,
            theme.fit(keys, small, w - int(48 * s)),
            small,
            theme.TEXT_DIM,
            (int(24 * s), int(58 * s)),
        )
        self.family.draw(surface, self.look)
        self._draw_marks(surface, s)
        self.set_row.draw(surface, False, s)
        self._draw_text(surface, s)
        for b in self.buttons:
            b.draw(surface, False, s)

    def _draw_marks(self, surface: pygame.Surface, s: float) -> None:
        ring = self.family.unit * 0.5
        width = max(3, int(4 * s))
        if not self.busy and self.session.phase == Phase.OPEN:
            glow = 170 + int(85 * self._pulse.value)
            for cell in self.session.hint_cells:
                alpha_circle(surface, theme.ACCENT, glow, self.family.pos(cell), ring * 1.12, width + 2)
        if self.keyboard_used and self.cursor is not None:
            alpha_circle(surface, theme.ACCENT_2, 255, self.family.pos(self.cursor), ring * 1.1, width)

    def _draw_text(self, surface: pygame.Surface, s: float) -> None:
        session = self.session
        r = self.text_rect
        theme.panel(surface, r, theme.PANEL, theme.PANEL_EDGE, int(10 * s), 1)
        pad = int(14 * s)
        x, y, width = r.left + pad, r.top + pad, r.width - 2 * pad
        big, small = int(26 * s), int(20 * s)
        head = Words("{counter}  ·  {grade}", counter=session.counter_words, grade=session.grade_words)
        theme.blit_text(surface, theme.fit(head, big, width), big, theme.ACCENT, (x, y))
        y += int(big * 1.4)
        for line in theme.wrap(session.task, small, width, most=2):
            theme.blit_text(surface, line, small, theme.TEXT, (x, y))
            y += int(small * 1.2)
        y += int(6 * s)
        for words in (session.tries_words, session.streak_words, session.record_words):
            theme.blit_text(surface, theme.fit(words, small, width), small, theme.TEXT_DIM, (x, y))
            y += int(small * 1.25)
        if session.result_words and not session.finished:
            theme.blit_text(
                surface, theme.fit(session.result_words, small, width), small, theme.TEXT_DIM, (x, y)
            )
            y += int(small * 1.25)
        y += int(8 * s)
        colour = {Phase.SOLVED: theme.GOOD, Phase.SHOWN: theme.WARN, Phase.PUNISHED: theme.WARN}.get(
            session.phase, theme.TEXT
        )
        said: list[str] = [m for m in (self.problem, session.problem, session.message) if m]
        if session.phase == Phase.SOLVED:
            said.append(N_("N: the next puzzle; R: the line again."))
        elif session.phase == Phase.PUNISHED:
            said.append(N_("Watch the reply: then the puzzle is back for another try."))
        room = r.bottom - pad - y
        size, wrapped = theme.wrap_to_room(list(said), small, max(12, int(14 * s)), width, room)
        for lines, paragraph in zip(wrapped, said):
            tone = theme.WARN if paragraph in (self.problem, session.problem) else colour
            for line in lines:
                if y + size > r.bottom - pad // 2:
                    return
                theme.blit_text(surface, line, size, tone, (x, y))
                y += int(size * theme.LINE_SPACING)
