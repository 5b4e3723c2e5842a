"""What the play scene says: whose turn it is, what to click, what a move did, why a click
is refused, the rules in force and the line under the board. A mixin of ``PlayScene``: it
reads the match and writes the message (and, with the guidance for a new turn, turns the
board to the player to move); nothing here runs while drawing changes anything."""

from __future__ import annotations

import re

from rules import Effect, Move
from rules.effects import CAPTURE, PLACE, PROMOTE, REMOVE

from .. import settings as user_settings
from .. import theme
from ..anim import Timer
from ..config import COMPUTER, PASS_AND_PLAY, WATCH

_CELL_NAME = re.compile(r"^[a-z]\d")


class WordsMixin:
    """The play scene's words (see the module docstring)."""

    def _intro(self) -> None:
        """Guidance for the position as it stands (after a move, an undo or at the start)."""
        if self.state.outcome() is not None:
            return
        self._turn_board()
        player = self.state.to_move
        if self.controllers[player] == COMPUTER:
            self.say(f"{self.side(player)} is the computer: wait for its move.", theme.TEXT_DIM)
            return
        self.say(*self.board.intro(self))

    def _turn_board(self) -> None:
        """Pass and play with 'Turn the board' on: the player to move sits at the bottom (the
        board turns once a move has landed, never during one)."""
        turn = (user_settings.current().rotate and self.config.mode == PASS_AND_PLAY
                and self.state.to_move == 1)
        self.board.set_rotated(turn)

    def controller_label(self, player: int) -> str:
        if self.controllers[player] == COMPUTER:
            return f"Computer ({self._level_label})"
        if self.config.mode == PASS_AND_PLAY:
            return f"Player {player + 1}"
        return "You"

    @property
    def moving(self) -> int | None:
        """The player whose move is being shown, while it is (the panel follows the board)."""
        return self._anims[0][2] if self._anims else None

    @property
    def shown_to_move(self) -> int:
        """The player whose turn the board shows (the mover while a move is shown; in a past
        position, whoever was to move there)."""
        if self.review.view is not None:
            return self.review.view.state.to_move
        return self.state.to_move if self.moving is None else self.moving

    @property
    def shown_outcome(self):
        """The outcome once the board shows it (not while the last move is still animating)."""
        return None if self._anims else self.state.outcome()

    def turn_text(self) -> str:
        """The turn in words, e.g. 'North to move — capture is forced' (or the result)."""
        if self.review.active:
            return f"Move {self.review.ply} of {len(self.state.history())} — looking back; the game waits"
        if self.moving is not None:
            return f"{self.side(self.moving)} moves"
        out = self.state.outcome()
        if out is not None:
            from .gameover import headline

            return f"Game over — {headline(out, self.sides)}: {out.reason}"
        head = f"{self.side(self.state.to_move)} to move"
        notes = [n.words for n in self.notes]
        return head + (" — " + "; ".join(notes) if notes else "")

    def proven_line(self) -> str | None:
        """The proven value of the position in words ("proven: Leopards win in 9"), where a solved
        table knows it and the player has not hidden it (V); looked up in ``update``."""
        if not self.show_proven or self.moving is not None:
            return None
        return self._proven

    def help_text(self) -> str:
        """The line under the board: what the pointer does now, or why it does nothing."""
        if self.review.active:
            return "Looking back: ← → step through the moves, End (or a click on the board) returns to the game."
        if self.state.outcome() is not None:
            return "The game is over: Undo takes moves back, Menu starts another game; click a move to look back."
        if self.config.mode == WATCH:
            return "Computer against computer: P pauses and resumes, N one move while paused, F1 the rules."
        if not self.human_to_move:
            return f"Wait for {self.side(self.state.to_move)} (the computer) to move. U undoes your last move."
        return self.board.help_line(self)

    def rules_in_force(self) -> str:
        """The options the game names while it is played (``Option.in_play``), in words."""
        options = self.state.game.options
        return " · ".join(f"{o.label}: {o.label_of(options[o.name])}" for o in self.spec.options
                          if o.in_play and o.name in options)

    def urgent_notes(self) -> frozenset[str]:
        """Note codes the panel shows in the warning colour."""
        return self.note_codes & {"capture_forced", "huff_offered"}

    def describe(self, move: Move, mover: int, effects: list[Effect]) -> str:
        """A move in words for the panel: 'South: e3xe5xc5, took 2', 'North: b3, took 6 stones'."""
        name = self.state.game.point_name
        who = self.side(mover)
        if len(move.path) == 1 and effects and effects[0].kind == REMOVE:
            return f"{who} huffed the piece on {name(move.path[0])}."
        if len(move.path) == 1 and effects and effects[0].kind == PLACE:
            return f"{who} placed a piece on {name(move.path[0])}."
        pieces = sum(1 for e in effects if e.kind == REMOVE)
        stones = sum(e.count for e in effects if e.kind == CAPTURE)
        took = f", took {pieces}" if pieces else f", took {stones} stone{'s' if stones > 1 else ''}" if stones else ""
        if any(e.kind == PROMOTE for e in effects):
            took += ", crowned"
        if stones and not move.captured:  # a game that leaves captures to be asked (Ncuva): its effects say
            move = move._replace(captured=tuple(e.cell for e in effects if e.kind == CAPTURE))
        return f"{who}: {self.state.game.format_move(move)}{took}."

    def refuse(self, reason: str, cell: int | None = None) -> None:
        """Say why not (point names keep their lower case) with a cross on the cell."""
        words = reason if _CELL_NAME.match(reason) else reason[:1].upper() + reason[1:]
        self.say(words + ("" if reason.endswith(".") else "."), theme.WARN)
        self.app.sound.play("illegal", 0.6)
        if cell is not None:
            self._flash = (cell, Timer(0.6))

    def _guide(self) -> None:
        """Tell the player what the selection allows next."""
        self.say(*self.board.guide(self))
