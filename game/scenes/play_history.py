"""The play scene's history: saving after every move, export, undo and redo, and looking back
at past positions (``review``). A mixin of ``PlayScene``."""

from __future__ import annotations

from rules import Move

from .. import saves, theme
from ..config import HUMAN, WATCH
from ..userfiles import write_text_atomically


class HistoryMixin:
    """Saving, undo/redo and review for the play scene (see the module docstring)."""

    def _recall_history(self) -> None:
        """A game resumed (or begun from a played position) keeps its moves: who made each
        (for undo against the computer) and the move log."""
        replay = saves.start_of(self.state)
        for move in self.state.history():
            mover = replay.to_move
            effects = replay.effects(move)
            self.movers.append(mover)
            self.log.append(self.describe(move, mover, effects).rstrip("."))
            self.last_mover, self.last_effects = mover, effects
            replay.apply(move)
        if self.log:
            self.event = self.log[-1] + "."

    def _autosave(self) -> None:
        """The game is saved after every move and undo (leaving or quitting loses nothing)."""
        if not self.keeps_save:
            return
        words = self.game_file.save(self.config, self.state)
        if words and words != self._save_problem_said:
            self._save_problem_said = words  # each problem said once, not after every move
            self.say(words, theme.WARN)

    def save_now(self) -> None:
        """Put the game in the library at once (an imported game, before its first move here)."""
        self._autosave()

    def game_text(self) -> str:
        """The whole game as save text (for the clipboard and export)."""
        return saves.match_text(self.config, self.state)

    def export_game(self) -> str:
        """Write the game to a new file; the words say where (or what went wrong)."""
        path = saves.export_path(self.config)
        try:
            write_text_atomically(path, self.game_text())
        except OSError as e:
            return f"The game could not be exported: {e}."
        return f"Exported to {path}"

    def undo(self) -> None:
        if self.config.mode == WATCH or not self.movers:
            self.refuse("there is no move of yours to take back")
            return
        if self.opponent is not None:
            self.opponent.cancel()
        self._forget_hint()
        self._settle_animations()
        self.leave_review()
        group: list[Move] = []
        while self.movers:
            mover = self.movers.pop()
            group.insert(0, self.state.undo())
            if self.log:
                self.log.pop()
            if self.controllers[mover] == HUMAN:
                break
        self._redo.append(group)
        history = self.state.history()
        self.last_move = history[-1] if history else None
        self.last_effects = []
        self.last_mover = self.movers[-1] if self.movers else None
        self._refresh_position()
        self._game_goes_on()
        self.ai_stopped = False
        self.event = "Move taken back."
        self._intro()
        self._autosave()
        self.app.sound.play("click")

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self.config.mode != WATCH

    def redo(self) -> None:
        """Play again the moves the last undo took back (until a new move is made)."""
        if not self._redo or self.config.mode == WATCH:
            self.refuse("there is nothing to redo")
            return
        if self.opponent is not None:
            self.opponent.cancel()
        for move in self._redo.pop():
            self.play_move(move, redo=True)

    def review_at(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves of the history (None: back to the game)."""
        self.skip_animation()
        self.review.show(self.state, ply, self.sides)
        self.board.position_changed(self.board_view)
        if self.review.active:
            total = len(self.state.history())
            self.say(f"Looking at move {self.review.ply} of {total}: ← → step, Home/End, click the board "
                     "or press End to play on.", theme.ACCENT_2)
        else:
            self._intro()

    def review_step(self, delta: int) -> None:
        total = len(self.state.history())
        now = total if self.review.ply is None else self.review.ply
        self.review_at(min(total, max(0, now + delta)) if now + delta < total else None)

    def leave_review(self) -> None:
        if self.review.active:
            self.review.show(self.state, None, self.sides)
            self.board.position_changed(self)
