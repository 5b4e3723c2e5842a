"""A guided lesson on the real board: the play scene's machinery (board family, clicks,
animation, panel) over a ``LessonMatch``, with a lesson card above the board and a pointer to
the cell to click. Esc leaves to wherever the lesson was opened from."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rules.words import N_

from .. import theme
from ..tutorials import lesson_for
from ..tutorials.card import button_rects, draw_card, draw_pointer
from ..tutorials.lesson_match import LessonMatch, Stage
from ..widgets import Button
from .navigator import SceneName, open_scene
from .play import PlayScene

if TYPE_CHECKING:
    from ..app import App


class TutorialScene(PlayScene):
    """``TutorialScene(app, game_id)``: the lesson for that game, from its first step."""

    show_taken = False  # a lesson's positions are made up: "taken" would count pieces never there
    shows_game_over = False  # a lesson that ends a game says so on its card, not in a game-over box

    def __init__(self, app: App, game_id: str) -> None:
        lesson = LessonMatch(lesson_for(game_id))
        self.lesson_match = lesson
        self.next_button = Button("Next", self.next_step, None, style="primary", key_label="Enter")
        self.again_button = Button("Again", lesson.restart, pygame.K_a, key_label="A")
        self.card_buttons = [self.next_button, self.again_button]
        super().__init__(app, lesson.match.config, match=lesson.match)
        self.undo_button.visible = False
        self.menu_button.label = N_("Leave")
        self.menu_button.key_label = "Esc"
        self.menu_button.action = self.leave

    # --- the lesson (read by the card) ----------------------------------------------------------------
    @property
    def lesson(self):
        return self.lesson_match.lesson

    @property
    def step(self):
        return self.lesson_match.step

    @property
    def stage(self) -> Stage:
        return self.lesson_match.stage

    @property
    def index(self) -> int:
        return self.lesson_match.index

    @property
    def feedback(self) -> str:
        return self.lesson_match.feedback

    @property
    def expected(self):
        return self.lesson_match.expected

    def next_cell(self) -> int | None:
        return self.lesson_match.next_cell()

    # --- actions -----------------------------------------------------------------------------------
    def next_step(self) -> None:
        if self.stage == Stage.DONE:
            self.leave()
        else:
            self.lesson_match.next_step()

    def leave(self) -> None:
        """Back to the scene the lesson was opened from (the chooser, the rules)."""
        self.app.manager.pop()

    def show_rules(self) -> None:
        self.board.cancel_drag()
        open_scene(self.app, SceneName.RULES, self.match.spec.id, offer_tutorial=False)

    def _handle(self, event: pygame.event.Event) -> None:
        for b in self.card_buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_n,
            pygame.K_RIGHT,
        ):
            if self.busy:
                self.skip_animation()
            else:
                self.next_step()
            return
        super()._handle(event)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            if self.match.builder.path:
                self.match.cancel_selection()
            else:
                self.leave()

    # --- layout and drawing ------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        """The play layout with the lesson card taken off the top of the board's area."""
        board, panel = super().layout(size)
        card = self.card_rect(size)
        gap = int(10 * theme.scale_for(size))
        return pygame.Rect(
            board.left, card.bottom + gap, board.width, board.bottom - card.bottom - gap
        ), panel

    def card_rect(self, size: tuple[int, int]) -> pygame.Rect:
        board, _ = super().layout(size)
        return pygame.Rect(board.left, board.top, board.width, int(164 * theme.scale_for(size)))

    def place(self, size: tuple[int, int]) -> None:
        super().place(size)
        s = theme.scale_for(size)
        self.next_button.rect, self.again_button.rect = button_rects(self.card_rect(size), s)
        self.next_button.visible = self.stage in (Stage.AFTER, Stage.DONE)
        self.next_button.label = "Next" if self.stage == Stage.AFTER else N_("Finish")
        self.again_button.visible = self.stage in (Stage.AFTER, Stage.DONE)  # as the help line says

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_pointer(surface, self)
        draw_card(surface, self)
