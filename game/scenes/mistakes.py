"""Learn from your mistakes (issue 32, item 2): each mistake and blunder of the players at the
board, after the analysis, as a position to solve on the game's own board. Click a better move;
H for a hint, S for the answer (with what the move played allowed), N for the next, Esc back.

The model is ``game.match.mistakes``; this scene lays out in ``update``, draws (reading only)
and turns clicks and keys into the model's steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rules import State
from rules.words import N_, Words

from .. import theme
from ..boards import BoardLook
from ..match.mistakes import Exercise, Judging, MistakeDrill
from ..render.panel import tone_color
from ..widgets import Button
from .board_panel import BoardPanelScene

if TYPE_CHECKING:
    from ..app import App


def judging_engine() -> Judging:
    """The analysis judge in a process of its own (``game.ai.line``)."""
    from ..ai.line import LineEngine

    return LineEngine(plies=4)


class MistakesScene(BoardPanelScene):
    """The drill over ``items`` (``game.match.mistakes.exercises``) of a game with ``sides``."""

    def __init__(
        self,
        app: App,
        items: list[Exercise],
        sides: tuple[str, str],
        turned: bool = False,
        engine_factory: Callable[[], Judging] | None = None,
    ) -> None:
        first: State = _first_state(items)
        super().__init__(app, first, turned)
        self.model = MistakeDrill(items, sides, engine_factory or judging_engine)
        self.hint_button = Button("Hint", self.model.hint, pygame.K_h, key_label="H")
        self.answer_button = Button("Show the answer", self.model.show_answer, pygame.K_s, key_label="S")
        self.next_button = Button("Next slip", self.next, pygame.K_n, key_label="N", style="primary")
        self.back_button = Button("Back", self.close, pygame.K_ESCAPE, key_label="Esc", style="accent")
        self.buttons = [self.hint_button, self.answer_button, self.next_button, self.back_button]
        self.text_size = 19
        self.lines: list[tuple[str, int, theme.Color, tuple[int, int]]] = []
        self.look = BoardLook.still(self.model)
        self.place(app.size)

    @property
    def source(self) -> MistakeDrill:
        return self.model

    # --- actions --------------------------------------------------------------------------------------
    def next(self) -> None:
        if self.model.next():
            self._finish()
            self.board.position_changed(self.model)

    def close(self) -> None:
        self.model.close()
        if self.app.manager.top is self:
            self.app.manager.pop()

    def exit(self) -> None:
        self.model.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.visible and b.handle(event):
                self.show_changes()
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and self.model.done_here:
            self.next()
            return
        self.board_event(event)

    # --- per frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tick_board(dt)
        self.model.tick()
        if self.model.events:  # a move found: shown landing
            self.show_changes()
        self.place(self.app.size)

    def place(self, size: tuple[int, int]) -> None:
        """Where everything goes and every line of the panel (drawing only reads them)."""
        s = self.place_board(size)
        m = self.model
        p = self.panel
        pad = int(14 * s)
        width = p.width - 2 * pad
        bh = int(44 * s)
        half = (p.width - 3 * pad) // 2
        bottom = p.bottom - pad - bh
        self.back_button.rect = pygame.Rect(p.left + pad, bottom, half, bh)
        self.next_button.rect = pygame.Rect(p.left + 2 * pad + half, bottom, half, bh)
        row2 = bottom - bh - int(8 * s)
        self.hint_button.rect = pygame.Rect(p.left + pad, row2, half, bh)
        self.answer_button.rect = pygame.Rect(p.left + 2 * pad + half, row2, half, bh)
        self.hint_button.enabled = not m.done_here
        self.answer_button.enabled = not m.shown
        self.next_button.enabled = m.done_here and m.index + 1 < len(m.items)
        small = max(12, int(19 * s))
        self.text_size = small
        lines: list[tuple[str, int, theme.Color, tuple[int, int]]] = []
        title = N_("Learn from your mistakes")
        big = theme.fit_size(title, int(30 * s), int(20 * s), width)
        lines.append((theme.fit(title, big, width), big, theme.ACCENT, (p.left + pad, p.top + pad)))
        y = p.top + pad + int(big * 1.4)
        progress = Words(
            "Slip {n} of {total} · found {solved}",
            n=m.index + 1,
            total=len(m.items),
            solved=len(m.solved),
        )
        lines.append((theme.fit(progress, small, width), small, theme.TEXT_DIM, (p.left + pad, y)))
        y += int(small * 1.6)
        step = int(small * 1.25)
        paragraphs: list[tuple[str, theme.Color]] = [(m.prompt(), theme.TEXT)]
        if m.said.words:
            paragraphs.append((m.said.words, tone_color(m.said.tone)))
        if m.shown and m.answer_line:
            paragraphs.append(
                (
                    Words("After {move}, the best play: {line}", move=m.item.played, line=m.answer_line),
                    theme.HINT,
                )
            )
        if m.finished:
            paragraphs.append((m.summary(), theme.GOOD))
        for words, colour in paragraphs:
            for line in theme.wrap(words, small, width, most=4):
                lines.append((line, small, colour, (p.left + pad, y)))
                y += step
            y += int(small * 0.6)
        self.lines = lines
        self.make_look()

    # --- drawing (reads only) ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self.board.draw(surface, self.look)
        s = theme.scale_for(surface.get_size())
        theme.panel(surface, self.panel)
        for words, size, colour, at in self.lines:
            theme.blit_text(surface, words, size, colour, at)
        for b in self.buttons:
            if b.visible:
                b.draw(surface, False, s)


def _first_state(items: list[Exercise]) -> State:
    from rules import load_state

    return load_state(items[0].position)
