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
from functools import lru_cache
from typing import Any, TypeVar

from .core import Move, Outcome, State
from .kinds import Phase
from .words import N_, Words

S = TypeVar("S", bound="RecordedState")


class RecordedState(State):
    """A state whose history is a stack of (move, snapshot taken before it)."""

    __slots__ = ("game", "_hist", "_ply0", "_cache", "_rep")

    def _start_record(self) -> None:
        self._hist: list[tuple[Move, tuple[Any, ...]]] = []
        self._ply0 = 0  # plies played before this state was loaded from text
        self._cache: Outcome | None | bool = False  # False: not computed yet
        self._rep: dict[tuple[int, ...], int] = {}  # position key -> times seen

    @abstractmethod
    def _snapshot(self) -> tuple[Any, ...]:
        """Everything ``apply`` may change, as a tuple."""

    @abstractmethod
    def _restore(self, snapshot: tuple[Any, ...]) -> None:
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
        turn: int = self._turn  # type: ignore[attr-defined]  # every recorded game has one
        return turn

    @property
    def phase(self) -> Phase:
        """'move' unless the game has stages (drops, singles) and says so."""
        return Phase.MOVE

    @property
    def ply(self) -> int:
        return self._ply0 + len(self._hist)

    def history(self) -> list[Move]:
        return [m for m, _ in self._hist]

    def undo(self) -> Move:
        if not self._hist:
            raise IndexError(N_("no move to undo"))
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
        entries = [f"{_key_text(key)}*{count}" for key, count in self._rep.items() if self._may_recur(key)]
        return ",".join(sorted(entries)) or "-"

    def _repetition_key_problem(self, key: tuple[int, ...]) -> str:
        """Why ``key`` (read from a ``rep=`` field) is no position of this game, or ''."""
        return ""

    def load_repetition_field(self, text: str | None, most_visits: int) -> None:
        """Read a ``rep=`` field (None: count the current position once). ``most_visits`` is how
        many arrivals the counts can hold: the plies since the material last changed, plus one
        (the quiet count plus one, for the games that count repetitions).

        What play can leave here and nothing else: every key a position of this game with the
        current material (the writer leaves the others out), the current position among them,
        at most 3 counts for it and 2 for any other (a third visit ends the game)."""
        from .position import shown

        self._rep.clear()
        if text is None or text == "-":
            self._count_position()
            return
        size = len(self._repetition_key() or ())
        total = 0
        for entry in text.split(","):
            key_text, star, count_text = entry.partition("*")
            values = key_text.split(".")
            readable = (
                star
                and len(values) == size
                and count_text.isascii()
                and count_text.isdigit()
                and len(count_text) < 3
                and all(
                    0 < len(v) <= 64 and v.isascii() and all(ch in "0123456789abcdefABCDEF" for ch in v)
                    for v in values
                )
            )
            if not readable:
                raise ValueError(
                    Words(
                        "the repetition counts (rep=) cannot be read at '{entry}': "
                        "each is a position as {size} hexadecimal numbers joined by '.', then * and a count",
                        entry=shown(entry),
                        size=size,
                    )
                )
            key = tuple(int(v, 16) for v in values)
            count = int(count_text)
            if key in self._rep:
                raise ValueError(
                    Words(
                        "the repetition counts (rep=) list one position twice ('{entry}')", entry=shown(entry)
                    )
                )
            if count < 1:
                raise ValueError(
                    Words("the repetition counts (rep=) have a count of 0 at '{entry}'", entry=shown(entry))
                )
            problem = self._repetition_key_problem(key)
            if problem:
                raise ValueError(
                    Words(
                        "the repetition counts (rep=) list a position "
                        "that cannot occur ('{entry}'): {problem}",
                        entry=shown(entry),
                        problem=problem,
                    )
                )
            if not self._may_recur(key):
                raise ValueError(
                    Words(
                        "the repetition counts (rep=) list a position with other pieces than this one "
                        "('{entry}'): after a capture it can never come back",
                        entry=shown(entry),
                    )
                )
            self._rep[key] = count
            total += count
        current = self._repetition_key()
        if self.repetitions() < 1:
            raise ValueError("the repetition counts (rep=) do not include the position itself")
        for key, count in self._rep.items():
            if key == current and count > 3:
                raise ValueError(
                    Words(
                        "the repetition counts (rep=) say this position came up {count} times: "
                        "the third time ends the game",
                        count=count,
                    )
                )
            if key != current and count > 2:
                raise ValueError(
                    Words(
                        "the repetition counts (rep=) say an earlier position came up {count} times: "
                        "the third time would have ended the game",
                        count=count,
                    )
                )
        if total > most_visits:
            raise ValueError(
                Words(
                    "the repetition counts (rep=) add up to {total} visits, but only {n} plies were played "
                    "since the last capture (quiet=)",
                    total=total,
                    n=most_visits - 1,
                )
            )


@lru_cache(maxsize=1 << 16)
def _key_text(key: tuple[int, ...]) -> str:
    """A counted position's key as hex ints joined by '.' (kept: a game's text repeats every key
    it has counted, each time it is written)."""
    return ".".join(format(v, "x") for v in key)
