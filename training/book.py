"""Build an opening book for a war game, and write it where the app reads it (``game.ai.book``).

Usage::

    python -m training.book GAME --seed S [--depth D] [--iterations K] [--width W] [--margin M]

Building (self-play of the opening): from the start position, the Hard search (``iterations`` a
move, no clock, a fixed seed: the same book on any machine) chooses for the side to move; every
move it rates within ``margin`` of its best move (by the root's mean value, with at least a tenth
of the best move's visits) is kept, up to ``width`` of them, each weighted by its visits, and the
position after each kept move is searched in turn, to ``depth`` plies. A forced move (the only
legal one) is followed without a search. The book goes to ``game/ai/books/GAME.json`` with the
command that made it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import deque
from dataclasses import replace
from pathlib import Path

from game.ai.book import WAR_GAMES, Book, position_key
from game.ai.levels import LEVELS
from game.ai.mcts import MCTS
from rules import game_ids, load_game
from rules.core import State

BOOKS_DIR = Path(__file__).resolve().parent.parent / "game" / "ai" / "books"  # the shipped ones


def build(
    game_id: str,
    seed: int,
    depth: int,
    iterations: int,
    width: int,
    margin: float,
    max_positions: int = 2000,
    log: bool = True,
) -> Book:
    """Build a book by searching each book position for its good moves (see the module text)."""
    rng = random.Random(seed)
    start = load_game(game_id).new_initial_state(rng)
    hard = LEVELS["hard"]
    config = replace(hard.config_for(start.game), reuse=False)  # the game's variant's, as Hard plays it
    evaluator = hard.evaluator_for(start.game)
    entries: dict[str, list[tuple[str, int]]] = {}
    queue: deque[tuple[State, int]] = deque([(start, 0)])
    searched = 0
    t0 = time.perf_counter()
    while queue and len(entries) < max_positions:
        state, ply = queue.popleft()
        key = position_key(state)
        if ply >= depth or key in entries or state.outcome() is not None:
            continue
        legal = state.legal_moves()
        if len(legal) == 1:
            chosen = [(legal[0], 1)]
        else:
            mcts = MCTS(config, random.Random(rng.random()), evaluator)
            mcts.search(state, iterations=iterations)
            searched += 1
            stats = sorted(mcts.root_stats(), key=lambda s: -s.visits)
            best = stats[0]
            chosen = [
                (s.move, s.visits)
                for s in stats
                if (s.exact is None or s.exact > 0.0)
                and s.visits * 10 >= best.visits
                and s.value >= best.value - margin
            ][:width] or [(best.move, best.visits)]
        entries[key] = [(state.move_text(m), max(1, w)) for m, w in chosen]
        for move, _ in chosen:
            child = state.copy()
            child.apply(move)
            queue.append((child, ply + 1))
        if log and searched and searched % 25 == 0:
            print(
                f"  {searched} positions searched, {len(entries)} in the book, "
                f"{time.perf_counter() - t0:.0f} s",
                flush=True,
            )
    built = {
        "seed": seed,
        "depth": depth,
        "iterations": iterations,
        "width": width,
        "margin": margin,
        "positions": len(entries),
        "searched": searched,
    }
    return Book(game_id, entries, built)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.book", description=__doc__.splitlines()[0])
    ap.add_argument("game", help="game id: " + ", ".join(WAR_GAMES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=8, help="plies from the start the book covers")
    ap.add_argument("--iterations", type=int, default=4000, help="search iterations per book position")
    ap.add_argument("--width", type=int, default=3, help="at most this many moves kept per position")
    ap.add_argument("--margin", type=float, default=0.03, help="keep moves rated this close to the best")
    ap.add_argument("--out", type=Path, help="where to write the book (default game/ai/books/GAME.json)")
    args = ap.parse_args(argv)
    if args.game not in game_ids():
        ap.error(f"unknown game '{args.game}' (games: {', '.join(game_ids())})")
    for name in ("depth", "iterations", "width"):
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1")
    if not 0 <= args.margin <= 1:
        ap.error("--margin must be between 0 and 1")
    book = build(args.game, args.seed, args.depth, args.iterations, args.width, args.margin)
    book.built["command"] = (
        f"python -m training.book {args.game} --seed {args.seed} --depth {args.depth} "
        f"--iterations {args.iterations} --width {args.width} --margin {args.margin}"
    )
    out = args.out or BOOKS_DIR / f"{args.game}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(book.to_json(), encoding="utf-8")
    print(f"{len(book.entries)} positions written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
