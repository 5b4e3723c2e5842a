"""A lesson played on the real match model: each step loads a scripted position, takes only a
right move (a wrong one is refused with the step's hint and changes nothing), then plays the
other side's reply and waits for Next. Pure Python, like ``Match``; ``scenes.tutorial`` draws it
with the lesson card."""

from __future__ import annotations

from rules import Move, load_state
from rules.kinds import Code
from rules.words import N_, Words, sentence

from ..config import MatchConfig, Mode
from ..match.events import SILENT, Flash, Said, Sound
from ..match.model import Match
from ..match.routes import Click, ClickResult
from .lesson import Lesson, Step, start_state


class Stage(Code):
    """Where a step is: waiting for the right move, showing it, showing the reply, reading what
    happened (Next), and the end of the lesson."""

    MOVE = "move"
    PLAYED = "played"
    REPLY = "reply"
    AFTER = "after"
    DONE = "done"


class LessonMatch:
    """``LessonMatch(lesson)``: the lesson from its first step, run on a ``Match`` of its own
    (``match``: what the play scene's machinery shows) that it coaches: it decides which clicks
    count and what follows a move, and the match is saved nowhere (the player's saved games stay
    as they were)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.stage = Stage.MOVE
        self.feedback = ""  # the last refusal, in words, shown on the lesson card
        self.expected: list[Move] = []
        state = start_state(lesson)
        self.match = Match(
            MatchConfig(lesson.game_id, dict(state.game.options), mode=Mode.PASS),
            state,
            keep=False,
            coach=self,
        )
        self.begin(0)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    # --- the coach of its match (``match.model.Coach``) ----------------------------------------------
    def takes_clicks(self) -> bool:
        return self.stage == Stage.MOVE

    def lets_match_guide(self) -> bool:
        return self.stage == Stage.MOVE

    def help_text(self) -> str:
        if self.stage == Stage.MOVE:
            return N_(
                "Make the move the lesson asks for: the pointer shows where to click. Esc leaves the lesson."
            )
        return N_("Enter (or Next) goes on; A starts the lesson again; Esc leaves.")

    def allows(self, result: ClickResult, cell: int | None) -> bool:
        """Only this step's move: anything else is refused with the step's hint."""
        if self.stage != Stage.MOVE:
            return False
        builder = self.match.builder
        if result.kind == Click.MOVE and result.move is not None:
            if result.move not in self.expected:
                return self._wrong(cell)
            self.feedback = ""
            self.stage = Stage.PLAYED
        elif result.kind == Click.ILLEGAL:
            return self._wrong(cell, result.reason)
        elif result.kind == Click.SELECT and builder.selected not in {m.path[0] for m in self.expected}:
            return self._wrong(cell)
        elif result.kind == Click.EXTEND and not self._on_track(builder.path):
            return self._wrong(cell)
        return True

    def after_landing(self) -> bool:
        """The step's move shown: the other side's reply, then Next."""
        match = self.match
        if self.stage == Stage.PLAYED and self.step.reply:
            self.stage = Stage.REPLY
            for text in self.step.reply:
                match.play(match.state.parse_move(text))
            return True
        if self.stage in (Stage.PLAYED, Stage.REPLY):
            self.stage = Stage.AFTER
            match.say(Said(""))
            match.cue(Sound("turn", 0.5))
        return True

    # --- the steps ---------------------------------------------------------------------------------
    def begin(self, index: int) -> None:
        """Show step ``index``: its position (or the board as the last step left it) and its mark."""
        self.index = index
        step = self.step
        match = self.match
        if step.position is not None:
            match.load(load_state(step.position))
        self.expected = [match.state.parse_move(text) for text in step.expect]
        match.face(match.state.to_move)  # the side the step is about, at the bottom
        self.stage = Stage.MOVE
        self.feedback = ""
        match.builder.refresh()
        match.suggest(self.expected[0])
        match.guide_now()

    def next_step(self) -> None:
        if self.stage == Stage.AFTER:
            if self.index + 1 < len(self.lesson.steps):
                self.begin(self.index + 1)
            else:
                self.stage = Stage.DONE
                self.match.say(SILENT)
            self.match.cue(Sound("click"))

    def restart(self) -> None:
        """A: from the first step again, once a step's move is done (the help line and the card
        offer it from then on)."""
        if self.stage in (Stage.AFTER, Stage.DONE):
            self.begin(0)

    def next_cell(self) -> int | None:
        """The cell to click next for the marked move (None when the route clicked so far left it)."""
        if self.stage != Stage.MOVE or self.match.busy:
            return None
        path = self.match.builder.path
        for move in self.expected:
            if move.path[: len(path)] == path and len(path) < len(move.path):
                return move.path[len(path)]
        return None

    def _on_track(self, path: tuple[int, ...]) -> bool:
        """True while the route clicked so far can still end in a right move."""
        return any(m in self.expected for m in self.match.state.moves_with_prefix(path))

    def _wrong(self, cell: int | None, reason: str = "") -> bool:
        """Refuse a try that is legal but not this step's move (or not legal at all): nothing is
        played, the selection is dropped, and the lesson card says why and what to do instead."""
        hint = self.step.hint or N_("Try the marked move.")
        self.match.builder.cancel()
        self.feedback = Words(
            "{reason} {hint}", reason=sentence(reason) if reason else N_("Not that one."), hint=hint
        )
        self.match.cue(Sound("illegal", 0.6))
        if cell is not None:
            self.match.cue(Flash(cell))
        self.match.guide_now()
        return False
