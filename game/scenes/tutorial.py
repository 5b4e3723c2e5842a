"""A guided lesson on the real board: the play scene's machinery (board family, clicks through
``MoveBuilder``, animation, panel) with a lesson card above the board. Each step loads a scripted
position (``game.tutorials``), marks the move to make (the hint marks of the board family), takes
only a right move — a wrong one is refused with the step's hint and changes nothing — then plays
the other side's reply and says what happened. Esc leaves to wherever the lesson was opened from.
"""

from __future__ import annotations

import pygame

from rules import Move, State, load_state

from .. import theme
from ..anim import Timer
from ..boards import family_for
from ..boards.routes import ClickResult, MoveBuilder
from ..config import PASS_AND_PLAY, MatchConfig, sides_of
from ..tutorials import lesson_for
from ..tutorials.card import button_rects, draw_card, draw_pointer
from ..tutorials.lesson import Lesson, Step, start_state
from ..widgets import Button
from .play import PlayScene

#: the stages of a step: waiting for the right move, showing it, showing the reply, reading what
#: happened (Next), and the end of the lesson
MOVE, PLAYED, REPLY, AFTER, DONE = "move", "played", "reply", "after", "done"


class TutorialScene(PlayScene):
    """``TutorialScene(app, game_id)``: the lesson for that game, from its first step."""

    show_taken = False  # a lesson's positions are made up: "taken" would count pieces never there
    keeps_save = False  # the player's saved game stays as it was

    def __init__(self, app, game_id: str) -> None:
        self.lesson: Lesson = lesson_for(game_id)
        self.index = 0
        self.stage = MOVE
        self.feedback = ""  # the last refusal, in words, shown on the lesson card
        self.expected: list[Move] = []
        state = start_state(self.lesson)
        super().__init__(app, MatchConfig(game_id, dict(state.game.options), mode=PASS_AND_PLAY), state)
        self.adviser = None  # the lesson marks its own move: no engine hint
        self.over_shown = True  # a lesson that ends a game says so on its card, not in a game-over box
        self.undo_button.visible = False
        self.menu_button.label = "Leave"
        self.menu_button.key_label = "Esc"
        self.menu_button.action = self.leave
        self.next_button = Button("Next", self.next_step, None, style="primary", key_label="Enter")
        self.again_button = Button("Again", self.restart, pygame.K_a, key_label="A")
        self.card_buttons = [self.next_button, self.again_button]
        self._begin(0)

    def help_text(self) -> str:
        if self.stage == MOVE:
            return "Make the move the lesson asks for: the pointer shows where to click. Esc leaves the lesson."
        return "Enter (or Next) goes on; A starts the lesson again; Esc leaves."

    # --- the lesson ---------------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def _begin(self, index: int) -> None:
        """Show step ``index``: its position (or the board as the last step left it) and its mark."""
        self.index = index
        step = self.step
        if step.position is not None:
            self._load(load_state(step.position))
        self.expected = [self.state.parse_move(text) for text in step.expect]
        self.stage = MOVE
        self.feedback = ""
        self.builder.refresh()
        self._set_suggestion(self.expected[0])
        self._intro()

    def _load(self, state: State) -> None:
        """A new position on the board: a fresh builder and board family for its game."""
        self._settle_animations()
        self.state = state
        self.sides = sides_of(state.game)
        self.builder = MoveBuilder(state)
        self.board = family_for(state.game, self.layout(self.app.size)[0])
        self.movers.clear()
        self.log.clear()
        self.event = ""
        self.last_move, self.last_effects, self.last_mover = None, [], None
        self._refresh_position()

    def next_step(self) -> None:
        if self.stage == AFTER:
            if self.index + 1 < len(self.lesson.steps):
                self._begin(self.index + 1)
            else:
                self.stage = DONE
                self.say("")
            self.app.sound.play("click")
        elif self.stage == DONE:
            self.leave()

    def restart(self) -> None:
        if self.stage == DONE:
            self._begin(0)

    def leave(self) -> None:
        """Back to the scene the lesson was opened from (the chooser, the rules)."""
        self.app.manager.pop()

    def show_rules(self) -> None:
        from .rules_screen import RulesScene

        self.board.cancel_drag()
        self.app.manager.push(RulesScene(self.app, self.spec.id, offer_tutorial=False))

    def is_expected(self, move: Move) -> bool:
        return move in self.expected

    def _origins(self) -> set[int]:
        return {m.path[0] for m in self.expected}

    def _on_track(self, path: tuple[int, ...]) -> bool:
        """True while the route clicked so far can still end in a right move."""
        return any(m in self.expected for m in self.state.moves_with_prefix(path))

    def _wrong(self, cell: int | None, reason: str = "") -> None:
        """Refuse a try that is legal but not this step's move (or not legal at all): nothing is
        played, the selection is dropped, and the lesson card says why and what to do instead."""
        hint = self.step.hint or "Try the marked move."
        head = reason[:1].upper() + reason[1:].rstrip(".") + "." if reason else "Not that one."
        self.builder.cancel()
        self.feedback = f"{head} {hint}"
        self.app.sound.play("illegal", 0.6)
        if cell is not None:
            self._flash = (cell, Timer(0.6))
        self._intro()

    def next_cell(self) -> int | None:
        """The cell to click next for the marked move (None when the route clicked so far left it)."""
        if self.stage != MOVE or self.busy:
            return None
        path = self.builder.path
        for move in self.expected:
            if move.path[:len(path)] == path and len(path) < len(move.path):
                return move.path[len(path)]
        return None

    # --- clicks (PlayScene's, filtered by the lesson) --------------------------------------------------
    def board_input_allowed(self, cell: int | None) -> bool:
        if self.stage != MOVE:
            return False
        return super().board_input_allowed(cell)

    def apply_click(self, result: ClickResult, cell: int | None) -> None:
        if self.stage != MOVE:
            return
        if result.kind == "move" and result.move is not None:
            if not self.is_expected(result.move):
                self._wrong(cell)
                return
            self.feedback = ""
            self.stage = PLAYED
            super().apply_click(result, cell)
            return
        if result.kind == "illegal":
            self._wrong(cell, result.reason)
            return
        if result.kind == "select" and self.builder.selected not in self._origins():
            self._wrong(cell)
            return
        if result.kind == "extend" and not self._on_track(self.builder.path):
            self._wrong(cell)
            return
        super().apply_click(result, cell)

    def _after_animation(self) -> None:
        if self.stage == PLAYED and self.step.reply:
            self.stage = REPLY
            for text in self.step.reply:
                self.play_move(self.state.parse_move(text))
            return
        if self.stage in (PLAYED, REPLY):
            self.stage = AFTER
            self.say("")
            self.app.sound.play("turn", 0.5)

    def _intro(self) -> None:
        if self.stage == MOVE:
            super()._intro()

    # --- keys --------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self._place_buttons()
        for b in self.card_buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                                          pygame.K_n, pygame.K_RIGHT):
            if self.busy:
                self.skip_animation()
            else:
                self.next_step()
            return
        super().handle_event(event)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            if self.builder.path:
                self.apply_click(self.builder.cancel(), None)
            else:
                self.leave()

    # --- layout and drawing --------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        """The play layout with the lesson card taken off the top of the board's area."""
        board, panel = super().layout(size)
        card = self.card_rect(size)
        board = pygame.Rect(board.left, card.bottom + int(10 * theme.scale_for(size)), board.width,
                            board.bottom - card.bottom - int(10 * theme.scale_for(size)))
        return board, panel

    def card_rect(self, size: tuple[int, int]) -> pygame.Rect:
        board, _ = super().layout(size)
        s = theme.scale_for(size)
        return pygame.Rect(board.left, board.top, board.width, int(164 * s))

    def _place_buttons(self) -> None:
        """The card's buttons for this stage, where the card puts them (before input and drawing)."""
        s = theme.scale_for(self.app.size)
        self.next_button.rect, self.again_button.rect = button_rects(self.card_rect(self.app.size), s)
        self.next_button.visible = self.stage in (AFTER, DONE)
        self.next_button.label = "Next" if self.stage == AFTER else "Finish"
        self.again_button.visible = self.stage == DONE

    def update(self, dt: float) -> None:
        super().update(dt)
        self._place_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_pointer(surface, self)
        draw_card(surface, self)
