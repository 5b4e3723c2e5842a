"""The game as played, apart from everything that shows it or keeps it: the position, who made
each move, the moves taken back (redo) and the last move with what it did. No files, no
computer, no words: ``Match`` shows a record, saves it and lets the computer play into it; a
lesson loads a new position into one between its steps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from rules import Effect, Move, State
from rules.kinds import EffectKind


class Replayed(NamedTuple):
    """One move of a game read back: the move, who made it, what it did and how it is written
    (as the position before it writes it)."""

    move: Move
    mover: int
    effects: list[Effect]
    notation: str


def is_huff(move: Move | None, effects: list[Effect]) -> bool:
    """A move made at one cell that removes a piece: the huff of the war games."""
    return move is not None and len(move.path) == 1 and bool(effects) and effects[0].kind == EffectKind.REMOVE


class GameRecord:
    """``GameRecord(state)``: the game from ``state`` on, its history (if it has one) included."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.movers: list[int] = []  # who made each move of the history
        self._redo: list[list[Move]] = []  # groups of moves taken back, newest last
        self.last_move: Move | None = None
        self.last_mover: int | None = None
        self.last_effects: list[Effect] = []  # what the last move did (a huff before it included)
        self._resumed: list[Replayed] = list(self._replay())  # the moves it began with (a game resumed)

    def _replay(self) -> Iterator[Replayed]:
        """The history of the position the record starts from, move by move: who made each and
        what it did (a game resumed keeps them)."""
        replay = self.state.copy()
        for _ in self.state.history():
            replay.undo()
        for move in self.state.history():
            done = Replayed(move, replay.to_move, replay.effects(move), replay.move_text(move))
            self.movers.append(done.mover)
            self.last_move, self.last_mover, self.last_effects = move, done.mover, done.effects
            replay.apply(move)
            yield done

    def take_resumed(self) -> list[Replayed]:
        """The moves the record began with, each once (the match words them into its log; a long
        game's effects are not kept for the life of the match)."""
        resumed, self._resumed = self._resumed, []
        return resumed

    @property
    def plies(self) -> int:
        return len(self.movers)

    @property
    def can_undo(self) -> bool:
        return bool(self.movers)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def apply(self, move: Move, shown: Move, effects: list[Effect], redo: bool = False) -> int:
        """Play ``move`` (already checked legal), shown as ``shown`` with ``effects``; returns the
        mover. A new move forgets what was taken back; replaying it (``redo``) does not. A huff
        and the move after it are one turn: the removed piece stays marked beside the move."""
        if not redo:
            self._redo.clear()
        mover = self.state.to_move
        self.state.apply(move)
        self.movers.append(mover)
        huffed = (
            self.last_effects
            if self.last_mover == mover and is_huff(self.last_move, self.last_effects)
            else []
        )
        self.last_move, self.last_mover, self.last_effects = shown, mover, huffed + effects
        return mover

    def undo(self, stop_after: Callable[[int], bool]) -> list[Move]:
        """Take back moves, newest first, until one made by a player ``stop_after`` names (that one
        included): the group taken back, oldest first, kept for ``redo``."""
        group: list[Move] = []
        while self.movers:
            mover = self.movers.pop()
            group.insert(0, self.state.undo())
            if stop_after(mover):
                break
        self._redo.append(group)
        history = self.state.history()
        self.last_move = history[-1] if history else None
        self.last_effects = []
        self.last_mover = self.movers[-1] if self.movers else None
        return group

    def take_redo(self) -> list[Move]:
        """The newest group taken back, to play again (``apply`` with ``redo=True``)."""
        return self._redo.pop()
