"""Opening books for the war games: the first moves, chosen by the engine playing both sides.

A book is built by ``python -m training.book`` (development tooling, not installed: self-play of
the opening by the Hard search, see there) and verified by a deeper full-width search
(``python -m training.book verify``: no book move loses material by force, issue 33) into
``game/ai/books/GAME.json`` with the commands that made and verified it (``built``, and
``built.verified``); this module reads and plays it.

Playing: a level with ``book`` set plays from the book while the position is in it, picking among
the kept moves at random in proportion to their weights, so that games from the same opening
differ; out of the book it searches as usual. A book built with ``explore`` also holds the answers
to every first move (or first few) of the other side, not only to the moves it plays itself. A
book is keyed by the whole position with the game's options (not the move count or repetition
record), so a game with other options, or one that has left the book by a transposition-free route,
never reads a wrong entry.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from importlib import resources
from typing import Any

from rules.core import Move, State

FORMAT = "keliya-book-1"
WAR_GAMES = ("sixteen_soldiers", "peralikatuma", "kotu_ellima")


def position_key(state: State) -> str:
    """The position as the book knows it: its text without the move count and repetition record."""
    head, *fields = state.to_text().split("; ")
    return "; ".join([head] + [f for f in fields if not f.startswith(("ply=", "rep="))])


@dataclass(frozen=True)
class Book:
    """Book moves per position key: (move text, weight) pairs."""

    game: str
    entries: dict[str, list[tuple[str, int]]]
    built: dict[str, Any]

    @property
    def explore(self) -> int:
        """Plies from the start at which the book goes on after every legal move, not only its own,
        so that it answers whatever the other side opens with (``built["explore"]``; 0: its own moves
        only). The book still plays only its own moves there."""
        return int(self.built.get("explore", 0))

    def moves(self, state: State) -> list[tuple[Move, int]]:
        """The book's moves for ``state`` that are legal there and weigh something, with their
        weights ([] if none)."""
        found = self.entries.get(position_key(state))
        if not found:
            return []
        out = []
        for text, weight in found:
            if weight <= 0:
                continue  # an entry weighted out (a move the verification dropped) is never played
            try:
                out.append((state.parse_move(text), weight))
            except ValueError:
                continue  # a stale entry is skipped, never played
        return out

    def choose(self, state: State, rng: random.Random) -> Move | None:
        """A book move for ``state`` drawn in proportion to its weight, or None out of the book."""
        moves = self.moves(state)
        if not moves:
            return None
        total = sum(w for _, w in moves)
        pick = rng.random() * total
        for move, weight in moves:
            pick -= weight
            if pick < 0:
                return move
        return moves[-1][0]

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "game": self.game,
            "built": self.built,
            "positions": {k: [[t, w] for t, w in v] for k, v in sorted(self.entries.items())},
        }
        return json.dumps(data, indent=0, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Book:
        """Read a book file; ValueError saying what is wrong with a bad one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"book file is not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"book file: expected format {FORMAT}")
        try:
            entries = {str(k): [(str(t), int(w)) for t, w in v] for k, v in data["positions"].items()}
            built = dict(data.get("built", {}))
            # A move the verification dropped is never read, even if an entry still names it.
            dropped = {(str(d[0]), str(d[1])) for d in dict(built.get("verified", {})).get("dropped", [])}
            if dropped:
                entries = {k: [(t, w) for t, w in v if (k, t) not in dropped] for k, v in entries.items()}
            return cls(str(data["game"]), entries, built)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"book file: missing or bad field ({exc})") from None


_books: dict[str, Book | None] = {}


def book_for(game_id: str) -> Book | None:
    """The shipped book of ``game_id``, or None (read once)."""
    if game_id not in _books:
        path = resources.files("game.ai").joinpath("books").joinpath(f"{game_id}.json")
        try:
            text = path.read_text(encoding="utf-8")
        except (FileNotFoundError, OSError):
            _books[game_id] = None
        else:
            _books[game_id] = Book.from_json(text)
    return _books[game_id]
