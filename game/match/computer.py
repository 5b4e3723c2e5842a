"""The computer's part in a match: its moves and the hint, both asked of the AI worker and polled
once a frame (the window never waits), and pausing or stepping a computer-against-computer game.
Owned by ``Match``; it never plays a move itself but hands back what arrived (``poll``)."""

from __future__ import annotations

from dataclasses import dataclass

from rules import Move, State

from ..config import MatchConfig
from ..opponent import Opponent, Worker

HINT_LEVEL = "hint"  # the worker's "best move for the side to move" at the Medium budget
MAX_AI_ERRORS = 3


@dataclass
class News:
    """What the worker answered this frame: a move to play, a hint, or an error in words."""

    move: Move | None = None
    hint: Move | None = None
    error: str = ""
    hint_error: str = ""
    gave_up: bool = False  # too many errors in a row: the computer stops


class Computer:
    """The opponent (when one side is the computer) and the adviser behind the hint."""

    def __init__(self, worker: Worker | None, config: MatchConfig, plays: bool, hints: bool) -> None:
        # One opponent a side, each at its own level (they share the worker: turns alternate).
        self.opponents = (
            [Opponent(worker, config.level_of(p), config.min_pause, config.iterations) for p in (0, 1)]
            if worker is not None and plays
            else []
        )
        self.to_move = 0  # whose opponent answers now
        # The hint asks the same engine as the opponent, through the same worker.
        self.adviser = (
            Opponent(worker, HINT_LEVEL, 0.0, config.iterations) if (worker is not None and hints) else None
        )
        self.paused = False
        self.stepping = False  # paused computer-against-computer: one move asked for
        self.stopped = False  # gave up after repeated errors (undo or a new game goes on)

    @property
    def opponent(self) -> Opponent | None:
        """The opponent of the side to move (None when no side is the computer's)."""
        return self.opponents[self.to_move] if self.opponents else None

    @property
    def thinking(self) -> bool:
        return any(o.thinking for o in self.opponents)

    @property
    def hinting(self) -> bool:
        return self.adviser is not None and self.adviser.thinking

    def cancel_move(self) -> None:
        for o in self.opponents:
            o.cancel()

    def cancel_hint(self) -> None:
        if self.hinting and self.adviser is not None:
            self.adviser.cancel()

    def cancel(self) -> None:
        self.cancel_move()
        self.cancel_hint()

    def ask_hint(self, state: State) -> bool:
        """Ask for the best move here; False when there is no adviser or it is busy."""
        if self.adviser is None or self.adviser.thinking:
            return False
        self.adviser.request(state)
        return True

    def poll(self, state: State, dt: float, computer_to_move: bool) -> News:
        """Ask for the computer's move when it is its turn (and not paused), and collect what
        the worker answered."""
        news = News()
        if self.adviser is not None and self.adviser.thinking:
            news.hint, news.hint_error = self.adviser.poll(state, dt)
        self.to_move = state.to_move
        if (
            self.opponent is None
            or not computer_to_move
            or self.stopped
            or (self.paused and not self.stepping)
        ):
            return news
        if not self.opponent.thinking:
            self.opponent.request(state)
        news.move, news.error = self.opponent.poll(state, dt)
        if news.move is not None:
            self.stepping = False
        elif news.error and self.opponent.errors >= MAX_AI_ERRORS:
            self.stopped = news.gave_up = True
        return news
