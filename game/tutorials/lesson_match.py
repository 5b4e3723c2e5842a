"""A lesson played on the real match model: each step loads a scripted position, takes only a
right move (a wrong one is refused with the step's hint and changes nothing), then plays the
other side's reply and waits for Next. Pure Python, like ``Match``; ``scenes.tutorial`` draws it
with the lesson card."""

from __future__ import annotations

from rules import Move, State, load_state
from rules.kinds import Code
from rules.words import N_, Words, sentence

from ..config import PASS_AND_PLAY, MatchConfig
from ..match.events import SILENT, BoardReset, Flash, Said, Sound
from ..match.model import Match
from ..match.routes import Click, ClickResult, MoveBuilder
from .lesson import Lesson, Step, start_state


class Stage(Code):
    """Where a step is: waiting for the right move, showing it, showing the reply, reading what
    happened (Next), and the end of the lesson."""

    MOVE = "move"
    PLAYED = "played"
    REPLY = "reply"
    AFTER = "after"
    DONE = "done"


class LessonMatch(Match):
    """``LessonMatch(lesson)``: the lesson from its first step."""

    keeps_save = False  # the player's saved games stay as they were

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.stage = Stage.MOVE
        self.feedback = ""  # the last refusal, in words, shown on the lesson card
        self.expected: list[Move] = []
        state = start_state(lesson)
        super().__init__(MatchConfig(lesson.game_id, dict(state.game.options), mode=PASS_AND_PLAY), state)
        self.begin(0)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def help_text(self) -> str:
        if self.stage == Stage.MOVE:
            return N_("Make the move the lesson asks for: the pointer shows where to click. Esc leaves the lesson.")
        return N_("Enter (or Next) goes on; A starts the lesson again; Esc leaves.")

    # --- the steps ---------------------------------------------------------------------------------
    def begin(self, index: int) -> None:
        """Show step ``index``: its position (or the board as the last step left it) and its mark."""
        self.index = index
        step = self.step
        if step.position is not None:
            self._load(load_state(step.position))
        self.expected = [self.state.parse_move(text) for text in step.expect]
        self.turned = (self.state.to_move == 1) != self.flipped  # the side the step is about, at the bottom
        self.stage = Stage.MOVE
        self.feedback = ""
        self.builder.refresh()
        self._set_suggestion(self.expected[0])
        self._intro()

    def _load(self, state: State) -> None:
        """A new position on the board: its own builder, and a board made anew for its game."""
        self.settle()
        self.state = state
        self.sides = state.game.sides
        self.builder = MoveBuilder(state)
        self.movers.clear()
        self.log.clear()
        self.event = ""
        self.last_move, self.last_effects, self.last_mover = None, [], None
        self._read_position()
        self._events.append(BoardReset(rebuilt=True))

    def next_step(self) -> None:
        if self.stage == Stage.AFTER:
            if self.index + 1 < len(self.lesson.steps):
                self.begin(self.index + 1)
            else:
                self.stage = Stage.DONE
                self.say(SILENT)
            self._events.append(Sound("click"))

    def restart(self) -> None:
        """A: from the first step again, once a step's move is done (the help line and the card
        offer it from then on)."""
        if self.stage in (Stage.AFTER, Stage.DONE):
            self.begin(0)

    def next_cell(self) -> int | None:
        """The cell to click next for the marked move (None when the route clicked so far left it)."""
        if self.stage != Stage.MOVE or self.busy:
            return None
        path = self.builder.path
        for move in self.expected:
            if move.path[:len(path)] == path and len(path) < len(move.path):
                return move.path[len(path)]
        return None

    # --- clicks, filtered by the lesson ------------------------------------------------------------
    def click(self, cell: int | None) -> None:
        if self.stage == Stage.MOVE:
            super().click(cell)

    def apply_click(self, result: ClickResult, cell: int | None) -> None:
        if self.stage != Stage.MOVE:
            return
        if result.kind == Click.MOVE and result.move is not None:
            if result.move not in self.expected:
                self._wrong(cell)
                return
            self.feedback = ""
            self.stage = Stage.PLAYED
        elif result.kind == Click.ILLEGAL:
            self._wrong(cell, result.reason)
            return
        elif result.kind == Click.SELECT and self.builder.selected not in {m.path[0] for m in self.expected}:
            self._wrong(cell)
            return
        elif result.kind == Click.EXTEND and not self._on_track(self.builder.path):
            self._wrong(cell)
            return
        super().apply_click(result, cell)

    def _on_track(self, path: tuple[int, ...]) -> bool:
        """True while the route clicked so far can still end in a right move."""
        return any(m in self.expected for m in self.state.moves_with_prefix(path))

    def _wrong(self, cell: int | None, reason: str = "") -> None:
        """Refuse a try that is legal but not this step's move (or not legal at all): nothing is
        played, the selection is dropped, and the lesson card says why and what to do instead."""
        hint = self.step.hint or N_("Try the marked move.")
        self.builder.cancel()
        self.feedback = Words("{reason} {hint}", reason=sentence(reason) if reason else N_("Not that one."), hint=hint)
        self._events.append(Sound("illegal", 0.6))
        if cell is not None:
            self._events.append(Flash(cell))
        self._intro()

    def _after_landing(self) -> None:
        if self.stage == Stage.PLAYED and self.step.reply:
            self.stage = Stage.REPLY
            for text in self.step.reply:
                self.play(self.state.parse_move(text))
            return
        if self.stage in (Stage.PLAYED, Stage.REPLY):
            self.stage = Stage.AFTER
            self.say(Said(""))
            self._events.append(Sound("turn", 0.5))

    def _intro(self) -> None:
        if self.stage == Stage.MOVE:
            super()._intro()

    def _orient(self) -> None:
        """A lesson turns the board only between steps (``begin``), never in the middle of one."""
