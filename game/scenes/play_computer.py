"""The computer in the play scene: its moves (asked of the AI worker, polled once a frame),
the hint, and pausing or stepping a computer-against-computer game. A mixin of ``PlayScene``."""

from __future__ import annotations

from rules import Move

from .. import theme
from ..config import COMPUTER, WATCH

MAX_AI_ERRORS = 3


class ComputerMixin:
    """The opponent, the hint and the pause (see the module docstring)."""

    def ask_hint(self) -> None:
        """Ask the engine for the best move here; it is shown on the board when it arrives."""
        if self.adviser is None or not self.human_to_move or self.busy or self.adviser.thinking:
            return
        self._set_suggestion(None)
        self.adviser.request(self.state)
        self.say("Looking for a good move...", theme.ACCENT_2)

    def _set_suggestion(self, move: Move | None) -> None:
        self.suggestion = move
        self.suggestion_effects = self.state.effects(move) if move is not None else []

    def _forget_hint(self) -> None:
        self._set_suggestion(None)
        if self.adviser is not None and self.adviser.thinking:
            self.adviser.cancel()

    def _poll_hint(self, dt: float) -> None:
        if self.adviser is None or not self.adviser.thinking:
            return
        move, error = self.adviser.poll(self.state, dt)
        if move is not None:
            self._set_suggestion(move)
            self.say(f"Hint: {self.state.move_text(move)} (marked on the board).", theme.HINT)
        elif error:
            self.say(f"No hint this time: {error}.", theme.WARN)

    def hint_available(self) -> bool:
        """The Hint button works now (it stays in place, greyed, when it does not)."""
        return (self.human_to_move and not self.busy and self.adviser is not None and not self.builder.path
                and self.suggestion is None and not self.adviser.thinking)

    def toggle_pause(self) -> None:
        """Computer against computer: hold the game so a position can be studied."""
        if self.config.mode != WATCH or self.state.outcome() is not None:
            return
        self.paused = not self.paused
        if self.paused and self.opponent is not None:
            self.opponent.cancel()
        self.pause_button.label = "Resume" if self.paused else "Pause"
        self.say("Paused: P goes on, N plays one move, ← → look back." if self.paused else "", theme.ACCENT)

    def step_once(self) -> None:
        """Paused computer-against-computer: let the side to move play one move."""
        if self.config.mode == WATCH and self.paused and self.state.outcome() is None and not self.busy:
            self.stepping = True

    def _computer_turn(self, dt: float) -> None:
        """The computer's move, asked of the worker and polled once a frame."""
        if (self.opponent is None or self.controllers[self.state.to_move] != COMPUTER or self.ai_stopped
                or (self.paused and not self.stepping) or self.review.active):
            return
        if not self.opponent.thinking:
            self.opponent.request(self.state)
        move, error = self.opponent.poll(self.state, dt)
        if move is not None:
            self.stepping = False
            self.play_move(move)
        elif error:
            if self.opponent.errors >= MAX_AI_ERRORS:
                self.ai_stopped = True
                self.say(f"The computer stopped: {error}. Undo or go back to the menu.", theme.WARN)
            else:
                self.say(f"Retrying: {error}.", theme.WARN)
