"""Game over, drawn over the final position: who won and why, then rematch, review or menu.

"See board" does not close the scene: it shrinks to a strip under the board (the result,
Rematch and Result) and passes every other input to the play scene, so the finished game can be
looked over (move review, rules, the pause menu) and a rematch is still one key away. Undo in
the play scene makes the game unfinished again, and the strip goes away.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from rules import Outcome
from rules.words import Words, sentence

from .. import theme
from ..anim import Timer
from ..easing import ease_out_back
from ..match.review import turning_points
from ..match.words import headline, label_of
from ..render.pieces import draw_piece
from ..scene import Scene
from ..widgets import Button, FocusGroup

if TYPE_CHECKING:
    from ..app import App
    from .play import PlayScene


class GameOverScene(Scene):
    opaque = False

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.match = play.match
        outcome = self.match.state.outcome()
        assert outcome is not None
        self.outcome: Outcome = outcome
        self.appear = Timer(0.45)
        self.time = 0.0
        self.rematch = Button("Rematch", self.do_rematch, pygame.K_r, style="primary", key_label="R")
        self.review = Button("See board", self.see_board, pygame.K_ESCAPE, key_label="Esc")
        self.menu = Button("Menu", self.do_menu, pygame.K_m, key_label="M")
        self.analyse_button = Button("Analyse", self.analyse, pygame.K_a, key_label="A")
        self.peeking = False  # "See board": the strip under the board instead of the card
        self.strip_rematch = Button(
            "Rematch", self.do_rematch, pygame.K_r, style="primary", key_label="R", text_ratio=0.6
        )
        self.strip_result = Button(
            "Result", self.show_result, pygame.K_RETURN, key_label="Enter", text_ratio=0.6
        )
        # The moments the game turned (the biggest swings of the evaluation), each a step into review.
        self.turns: list[Button] = []
        log = self.match.log
        first = len(self.match.state.history()) - len(log)
        for k, (ply, _) in enumerate(turning_points(self.match.state)):
            if 0 <= ply - 1 - first < len(log):  # named as the move list numbers it ('9…')
                words = log[ply - 1 - first].words
                self.turns.append(
                    Button(
                        Words("{label} {move}", label=label_of(self.match, ply - first), move=words),
                        partial(self.look_at, ply),
                        pygame.K_1 + k,
                        key_label=str(k + 1),
                        text_ratio=0.55,
                    )
                )
        self.focus = FocusGroup([self.rematch, self.analyse_button, self.review, self.menu, *self.turns])
        self.place(app.size)

    def enter(self) -> None:
        self.app.sound.play("win")

    def see_board(self) -> None:
        self.peeking = True

    def look_at(self, ply: int) -> None:
        """A turning point: the board as it stood after that move (review: the game is unchanged)."""
        self.peeking = True
        self.match.review_at(ply)

    def analyse(self) -> None:
        """The engine looks the game over; the board and its graph come into view meanwhile."""
        self.match.analyse()
        self.peeking = True

    def show_result(self) -> None:
        self.peeking = False
        self.appear = Timer(0.3)

    def do_rematch(self) -> None:
        self.app.manager.pop()
        self.play.rematch()

    def do_menu(self) -> None:
        self.app.manager.pop()
        self.play.to_menu()

    @property
    def lets_below_live(self) -> bool:
        """Looking at the board ("See board"): the play scene below goes on (looking back,
        animations) and takes the clicks and keys the strip leaves."""
        return self.peeking

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.peeking:
            self.focus.handle(event)
            return True
        return any(b.handle(event) for b in (self.strip_rematch, self.strip_result))

    def update(self, dt: float) -> None:
        self.appear.tick(dt)
        self.time += dt
        if self.peeking and self.match.state.outcome() is None and self.app.manager.top is self:
            self.app.manager.pop()  # undone below: the game goes on, the result no longer holds
            return
        self.place(self.app.size)

    # --- layout (in update; drawing only reads) ------------------------------------------------------
    def place(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        self.s = s
        k = ease_out_back(self.appear.t)
        # the turning points: a heading, then one full-width row each (a move's words are long)
        row_h, row_gap = max(28, int(34 * s)), int(6 * s)
        turns_h = (int(40 * s) + len(self.turns) * (row_h + row_gap)) if self.turns else 0
        self.box = box = pygame.Rect(0, 0, int(640 * s), int(360 * s) + turns_h)
        box.center = (w // 2, int(h / 2 + (1 - k) * h * 0.4))
        # the result as the player hears it: 'You won' to a person who played the computer
        result = headline(self.outcome, self.match.sides, self.match.lone_human)
        self.result_words = Words("{headline}!", headline=result)
        self.strip_words = Words(
            "{headline}. {reason}", headline=result, reason=sentence(self.outcome.reason)
        )
        self.reason_lines = theme.wrap(sentence(self.outcome.reason), int(30 * s), box.width - int(60 * s))
        self.turns_y = box.bottom - int(56 * s) - int(26 * s) - turns_h
        for i, b in enumerate(self.turns):
            b.rect = pygame.Rect(
                box.left + int(30 * s),
                self.turns_y + int(30 * s) + i * (row_h + row_gap),
                box.width - int(60 * s),
                row_h,
            )
        bw, bh, gap = int(138 * s), int(56 * s), int(12 * s)
        x = box.centerx - (4 * bw + 3 * gap) // 2
        for b in (self.rematch, self.analyse_button, self.review, self.menu):
            b.rect = pygame.Rect(x, box.bottom - bh - int(26 * s), bw, bh)
            x += bw + gap
        # "See board": the result in one line under the board, with Rematch and Result
        board, _ = self.play.layout(size)
        self.strip = strip = pygame.Rect(
            board.left, board.bottom + int(3 * s), board.width, size[1] - board.bottom - int(6 * s)
        )
        sbw, sgap = int(170 * s), int(8 * s)
        self.strip_result.rect = pygame.Rect(
            strip.right - sgap - sbw, strip.top + int(4 * s), sbw, strip.height - int(8 * s)
        )
        self.strip_rematch.rect = self.strip_result.rect.move(-(sbw + sgap), 0)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.peeking:
            self._draw_strip(surface)
            return
        w, h = surface.get_size()
        s, box = self.s, self.box
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, int(140 * min(1.0, self.appear.t * 2))))
        surface.blit(shade, (0, 0))
        theme.panel(surface, box, (40, 46, 80), theme.ACCENT, int(20 * s), 4)
        theme.blit_text(
            surface, "Game over", int(28 * s), theme.TEXT_DIM, (box.centerx, box.top + int(22 * s)), "midtop"
        )
        theme.blit_text(
            surface,
            self.result_words,
            int(68 * s),
            theme.ACCENT,
            (box.centerx, box.top + int(56 * s)),
            "midtop",
        )
        if self.outcome.winner is not None:
            from ..render.pieces import side_kind

            kind = side_kind(self.match.state, self.outcome.winner)
            for dx in (-1, 1):
                bob = math.sin(self.time * 5 + dx) * 6 * s
                draw_piece(
                    surface,
                    (box.centerx + dx * int(250 * s), box.top + int(90 * s) + bob),
                    int(32 * s),
                    self.outcome.winner,
                    kind,
                )
        y = box.top + int(140 * s)
        for line in self.reason_lines:
            theme.blit_text(surface, line, int(30 * s), theme.TEXT, (box.centerx, y), "midtop")
            y += int(32 * s)
        if self.turns:
            theme.blit_text(
                surface,
                "Turning points (look at the board after them):",
                int(22 * s),
                theme.TEXT_DIM,
                (box.left + int(30 * s), self.turns_y),
            )
        self.focus.draw(surface, s)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The result in one line under the board, with Rematch and Result (back to the card)."""
        s, strip = self.s, self.strip
        gap = int(8 * s)
        theme.panel(surface, strip, (40, 46, 80), theme.ACCENT, int(10 * s), 2)
        room = self.strip_rematch.rect.left - strip.left - 2 * gap
        text_size = max(12, int(strip.height * 0.5))
        theme.blit_text(
            surface,
            theme.fit(self.strip_words, text_size, room),
            text_size,
            theme.ACCENT,
            (strip.left + 2 * gap, strip.centery),
            "midleft",
        )
        for b in (self.strip_rematch, self.strip_result):
            b.draw(surface, False, s)
