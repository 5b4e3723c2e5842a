"""History, undo, copy and a cached outcome for states that snapshot a few ints per move.

Every game so far keeps its position in a handful of ints (bitmasks, counters), so the
cheapest undo is to push that tuple before each move and pop it back. This base class
holds that bookkeeping once; a game supplies ``_snapshot``/``_restore`` and
``_compute_outcome`` (called at most once per position).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TypeVar

from .core import Move, Outcome, State

S = TypeVar("S", bound="RecordedState")


class RecordedState(State):
    """A state whose history is a stack of (move, snapshot taken before it)."""

    __slots__ = ("game", "_hist", "_ply0", "_cache")

    def _start_record(self) -> None:
        self._hist: list[tuple[Move, tuple]] = []
        self._ply0 = 0  # plies played before this state was loaded from text
        self._cache: Outcome | None | bool = False  # False: not computed yet

    @abstractmethod
    def _snapshot(self) -> tuple:
        """Everything ``apply`` may change, as a tuple."""

    @abstractmethod
    def _restore(self, snapshot: tuple) -> None:
        """Put back a tuple made by ``_snapshot``."""

    @abstractmethod
    def _compute_outcome(self) -> Outcome | None:
        """The outcome of this position (cached by ``outcome``)."""

    def _record(self, move: Move) -> None:
        """Call first thing in ``apply``: remember how to undo ``move``."""
        self._hist.append((move, self._snapshot()))
        self._cache = False

    @property
    def ply(self) -> int:
        return self._ply0 + len(self._hist)

    def history(self) -> list[Move]:
        return [m for m, _ in self._hist]

    def undo(self) -> Move:
        if not self._hist:
            raise IndexError("no move to undo")
        move, snapshot = self._hist.pop()
        self._restore(snapshot)
        self._cache = False
        return move

    def copy(self: S) -> S:
        c = type(self).__new__(type(self))
        c.game = self.game
        c._restore(self._snapshot())
        c._hist = list(self._hist)
        c._ply0 = self._ply0
        c._cache = self._cache
        return c

    def outcome(self) -> Outcome | None:
        if self._cache is False:
            self._cache = self._compute_outcome()
        return self._cache  # type: ignore[return-value]
