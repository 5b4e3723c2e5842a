"""A level with one opening book against the same level with another (issue 33: the books verified).

Usage::

    python -m benchmarks.book_match GAME --old OLD.json [--new NEW.json] [--level hard]
                                    [--games 20] [--seconds 0.3] [--seed 1]

A (the level with ``--new``, by default the shipped book) plays B (the same level with ``--old``,
e.g. ``git show HEAD~1:game/ai/books/peralikatuma.json > /tmp/old.json``) at equal time, sides
alternating, through ``training.arena.run``; each player's book is put in place before each of its
moves. Prints the arena's report.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

from game.ai import book
from game.ai.policy import Decision, Player
from rules.core import State
from training.arena import budget_label, report, run
from training.players import make_player


class BookPlayer:
    """A player that plays from ``opening`` (the game's book swapped in for each of its moves)."""

    def __init__(self, inner: Player, opening: book.Book, label: str) -> None:
        self.inner = inner
        self.opening = opening
        self.name = label

    def choose(self, state: State, cancel: Callable[[], bool] | None = None) -> Decision:
        book._books[self.opening.game] = self.opening
        return self.inner.choose(state, cancel)

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.book_match", description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=book.WAR_GAMES)
    ap.add_argument("--old", type=Path, required=True, help="B's book file")
    ap.add_argument("--new", type=Path, help="A's book file (default: the shipped book)")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=0.3, help="seconds a move, both sides")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400)
    args = ap.parse_args(argv)
    old = book.Book.from_json(args.old.read_text(encoding="utf-8"))
    new = book.Book.from_json(args.new.read_text(encoding="utf-8")) if args.new else book.book_for(args.game)
    if new is None:
        ap.error(f"no shipped book for {args.game}")

    def maker(opening: book.Book, label: str) -> Callable[[random.Random], Player]:
        return lambda rng: BookPlayer(make_player(args.level, rng, seconds=args.seconds), opening, label)

    makers = (maker(new, "new book"), maker(old, "old book"))
    tally = run(args.game, makers, args.games, {}, args.seed, args.max_plies)
    a, b = f"{args.level} (new book)", f"{args.level} (old book)"
    for line in report(args.game, a, b, {}, budget_label(None, None, args.seconds), tally):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
