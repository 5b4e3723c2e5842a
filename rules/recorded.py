"""History, undo, copy, a cached outcome and repetition counts for states that snapshot a
few ints per move.

Every game so far keeps its position in a handful of ints (bitmasks, counters), so the
cheapest undo is to push that tuple before each move and pop it back. This base class
holds that bookkeeping once; a game supplies ``_snapshot``/``_restore`` and
``_compute_outcome`` (called at most once per position). A game that draws by repetition
also gives ``_repetition_key`` and calls ``_count_position`` at the end of ``apply``; the
counts travel in the position text (``rep=``) so a reloaded game remembers them.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TypeVar

from .core import Move, Outcome, State

S = TypeVar("S", bound="RecordedState")


class RecordedState(State):
    """A state whose history is a stack of (move, snapshot taken before it)."""

    __slots__ = ("game", "_hist", "_ply0", "_cache", "_rep")

    def _start_record(self) -> None:
        self._hist: list[tuple[Move, tuple]] = []
        self._ply0 = 0  # plies played before this state was loaded from text
        self._cache: Outcome | None | bool = False  # False: not computed yet
        self._rep: dict[tuple[int, ...], int] = {}  # position key -> times seen

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
    def to_move(self) -> int:
        """Whose decision it is: every recorded game keeps it in ``_turn``."""
        return self._turn  # type: ignore[attr-defined]

    @property
    def phase(self) -> str:
        """'move' unless the game has stages (drops, singles) and says so."""
        return "move"

    @property
    def ply(self) -> int:
        return self._ply0 + len(self._hist)

    def history(self) -> list[Move]:
        return [m for m, _ in self._hist]

    def undo(self) -> Move:
        if not self._hist:
            raise IndexError("no move to undo")
        key = self._repetition_key()
        if key is not None:
            count = self._rep.get(key, 0) - 1
            if count > 0:
                self._rep[key] = count
            else:
                self._rep.pop(key, None)
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
        c._rep = dict(self._rep)
        return c

    def outcome(self) -> Outcome | None:
        if self._cache is False:
            self._cache = self._compute_outcome()
        return self._cache  # type: ignore[return-value]

    # --- repetition ------------------------------------------------------------------------
    def _repetition_key(self) -> tuple[int, ...] | None:
        """The position as repetition sees it, or None when this game does not count."""
        return None

    def _may_recur(self, key: tuple[int, ...]) -> bool:
        """False for a counted position that can never come back (kept out of the text)."""
        return True

    def _count_position(self) -> None:
        """Call at the end of ``apply`` (and once for a new or loaded position)."""
        key = self._repetition_key()
        if key is not None:
            self._rep[key] = self._rep.get(key, 0) + 1

    def repetitions(self) -> int:
        """How many times the current position has been seen (1 the first time)."""
        key = self._repetition_key()
        return 0 if key is None else self._rep.get(key, 0)

    def repetition_field(self) -> str:
        """The counts as position text: ``key*count`` entries, each key as hex ints joined by '.'."""
        if self._repetition_key() is None:
            return ""
        entries = [
            ".".join(format(v, "x") for v in key) + f"*{count}"
            for key, count in self._rep.items()
            if self._may_recur(key)
        ]
        return ",".join(sorted(entries)) or "-"

    def load_repetition_field(self, text: str | None) -> None:
        """Read a ``rep=`` field (None: count the current position once)."""
        self._rep.clear()
        if text is None or text == "-":
            self._count_position()
            return
        for entry in text.split(","):
            key_text, star, count_text = entry.partition("*")
            try:
                key = tuple(int(v, 16) for v in key_text.split("."))
                count = int(count_text) if star else 0
            except ValueError:
                raise ValueError(f"position text: cannot read repetition entry '{entry}'") from None
            if count < 1:
                raise ValueError(f"position text: repetition entry '{entry}' needs a count of 1 or more")
            self._rep[key] = count
        if self.repetitions() < 1:
            raise ValueError("position text: the repetition counts do not include the position itself")
