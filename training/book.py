"""Build an opening book for a war game, verify it, and write it where the app reads it
(``game.ai.book``).

Usage::

    python -m training.book GAME --seed S [--depth D] [--iterations K] [--width W] [--margin M]
                                       [--explore E] [--jobs J]
    python -m training.book verify [GAME ...] [--depth D] [--budget N] [--margin M] [--jobs J]

Building (self-play of the opening): from the start position, the Hard search (``iterations`` a
move, no clock, a fixed seed: the same book on any machine) chooses for the side to move; every
move it rates within ``margin`` of its best move (by the root's mean value, with at least a tenth
of the best move's visits) is kept, up to ``width`` of them, each weighted by its visits, and the
position after each kept move is searched in turn, to ``depth`` plies. A forced move (the only
legal one) is followed without a search. With ``explore`` E, the positions after every legal move
of the first E plies are searched too (the book still plays only its chosen moves there), so that it
answers the other side's every opening move, not only its own. The book goes to
``game/ai/books/GAME.json`` with the command that made it.

Verifying: every book move is searched full-width, ``depth`` plies beyond forced replies and capture
chains, by material; a move that loses material by force, or falls more than ``margin`` below the
best, is dropped, and so is what only it led to. Positions are independent, so ``jobs`` processes
check each ply's positions side by side, with the same result as one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.ai.book import WAR_GAMES, Book, position_key
from game.ai.evaluators import FunctionEvaluator
from game.ai.judge import Judge
from game.ai.levels import LEVELS
from game.ai.mcts import MCTS
from rules import game_ids, load_game, load_state
from rules.core import Move, State

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
    explore: int = 0,
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
        for move in _followed([m for m, _ in chosen], legal, ply, explore):
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
        "explore": explore,
        "positions": len(entries),
        "searched": searched,
    }
    return Book(game_id, entries, built)


def _followed(own: list[Move], legal: list[Move], ply: int, explore: int) -> list[Move]:
    """The moves a book goes on after at ``ply``: its ``own``, and before ``explore`` plies every
    other legal move as well (the other side's choices it answers)."""
    if ply >= explore:
        return own
    return own + [m for m in legal if m not in own]


# --- verification -------------------------------------------------------------------------------

VERIFY_DEPTH = 7  # plies, beyond forced replies and capture chains (RESULTS.md, issue 33)
VERIFY_BUDGET = 20_000_000  # nodes a position at most (the most any took at depth 7: 3.6 million)
VERIFY_MARGIN = 0.5  # pieces below the best move's material (scores are whole pieces)


def _no_position(state: State) -> float:
    return 0.0


#: the verifier's evaluation: material alone (the judge adds this share of a position's value)
MATERIAL = FunctionEvaluator(_no_position, "material")


@dataclass(frozen=True)
class Check:
    """One book move verified: its score and the best move's (material, from the mover's side,
    beyond ``judge.DECIDED`` a proven result), ``standing`` what the mover has now, and why it is
    dropped ('' if kept)."""

    key: str
    move: str
    weight: int
    score: float
    best: str
    best_score: float
    standing: float
    why: str

    @property
    def kept(self) -> bool:
        return not self.why


def check_moves(
    state: State, moves: list[tuple[str, int]], depth: int, judge: Judge, margin: float
) -> list[Check]:
    """Each of ``moves`` (notation, weight) in ``state`` verified by ``judge`` to ``depth`` plies."""
    key = position_key(state)
    legal = state.legal_moves()
    if len(legal) == 1:  # nothing to choose: the book only saves the search
        return [Check(key, t, w, 0.0, t, 0.0, 0.0, "") for t, w in moves]
    parsed: list[tuple[str, int, Any]] = []
    for text, weight in moves:
        try:
            parsed.append((text, weight, state.parse_move(text)))
        except ValueError:
            parsed.append((text, weight, None))
    found = judge.compare(state, [m for _, _, m in parsed if m is not None], depth)
    out = []
    for text, weight, move in parsed:
        if move is None:
            out.append(Check(key, text, weight, 0.0, "", 0.0, 0.0, "not a legal move"))
            continue
        if found is None:
            out.append(Check(key, text, weight, 0.0, "", 0.0, 0.0, f"over the budget ({judge.budget} nodes)"))
            continue
        # (+ 0.0: a negated zero written as 0, not -0)
        score, best, standing = found.scores[move] + 0.0, found.best_score + 0.0, found.standing + 0.0
        best_text = state.move_text(found.best) if found.best is not None else ""
        floor = min(best, standing)
        if score < floor:
            why = f"loses {floor - score:g} by force"
        elif score < best - margin:
            why = f"{best - score:g} below the best"
        else:
            why = ""
        out.append(Check(key, text, weight, score, best_text, best, standing, why))
    return out


Task = tuple[str, list[tuple[str, int]], int, int, float]  # position text, its moves, depth, budget, margin


def _check_position(task: Task) -> tuple[list[Check], int, float]:
    """One book position's moves verified afresh (a judge of its own: the verdict does not depend on
    what was checked before), with the nodes and CPU seconds it took. Given the position as text, so
    that another process can run it."""
    text, moves, depth, budget, margin = task
    t0 = time.process_time()
    judge = Judge(budget, MATERIAL)
    found = check_moves(load_state(text), moves, depth, judge, margin)
    return found, judge.nodes, time.process_time() - t0


@contextmanager
def _mapper(jobs: int) -> Iterator[Callable[..., Iterable[Any]]]:
    """``map`` in this process (one job), or over a pool of ``jobs`` processes."""
    if jobs <= 1:
        yield map
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool.map


def verify(
    book: Book,
    depth: int = VERIFY_DEPTH,
    budget: int = VERIFY_BUDGET,
    margin: float = VERIFY_MARGIN,
    log: bool = True,
    jobs: int = 1,
) -> tuple[Book, list[Check]]:
    """``book`` with only its verified moves (see the module text), and every move's check. The
    book is walked from the game's start through its moves (and every legal move in its first
    ``book.explore`` plies); entries not reached are left out. The walk goes a ply at a time, each
    ply's positions checked by ``jobs`` processes."""
    start = load_game(book.game).new_initial_state(random.Random(0))
    checks: list[Check] = []
    kept: dict[str, list[tuple[str, int]]] = {}
    layer: list[State] = [start]
    ply = 0
    cpu = 0.0
    most = 0  # the most nodes a position took
    with _mapper(jobs) as pmap:
        while layer:
            todo: dict[str, State] = {}  # this ply's positions to check, each once, in walk order
            for state in layer:
                key = position_key(state)
                if key not in kept and key in book.entries and key not in todo:
                    todo[key] = state
            tasks = [(s.to_text(), book.entries[k], depth, budget, margin) for k, s in todo.items()]
            layer = []
            for (key, state), (found, nodes, seconds) in zip(todo.items(), pmap(_check_position, tasks)):
                most, cpu = max(most, nodes), cpu + seconds
                if log:
                    print(f"  {book.game}: position {len(kept) + 1} (ply {ply}), {nodes} nodes", flush=True)
                checks.extend(found)
                kept[key] = [(c.move, c.weight) for c in found if c.kept]
                for c in found:
                    if log and not c.kept:
                        print(
                            f"  {book.game}: {c.move} dropped ({c.why}; best {c.best} {c.best_score:g})",
                            flush=True,
                        )
                own = [state.parse_move(c.move) for c in found if c.kept]
                for move in _followed(own, state.legal_moves(), ply, book.explore):
                    child = state.copy()
                    child.apply(move)
                    layer.append(child)
            ply += 1
    entries = {k: v for k, v in kept.items() if v}
    dropped = [c for c in checks if not c.kept]
    unreached = sorted(set(book.entries) - set(kept))
    previous = book.built.get("verified", {})
    record: dict[str, Any] = {
        "depth": depth,
        "budget": budget,
        "margin": margin,
        "evaluation": "material",
        "positions": len(entries),
        "moves": sum(len(v) for v in entries.values()),
        "checked": len(checks),
        # every move ever dropped, this run's with the earlier runs' (those are gone from the book)
        "dropped": list(previous.get("dropped", []))
        + [[c.key, c.move, c.weight, c.why, c.score, c.best, c.best_score] for c in dropped],
        "unreached": int(previous.get("unreached", 0)) + len(unreached),
        "most_nodes": most,
        "cpu_seconds": round(cpu, 1),
    }
    built = dict(book.built, verified=record)
    return Book(book.game, entries, built), checks


def verify_command(games: list[str], depth: int, budget: int, margin: float) -> str:
    return (
        f"python -m training.book verify {' '.join(games)} "
        f"--depth {depth} --budget {budget} --margin {margin}"
    )


def _jobs(text: str) -> int:
    jobs = int(text)
    if jobs < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return jobs


def verify_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m training.book verify",
        description=(
            "Verify the shipped opening books by a full-width search, in place (see the module text)."
        ),
    )
    ap.add_argument("games", nargs="*", help="game ids (default: every war game's book)")
    ap.add_argument(
        "--depth", type=int, default=VERIFY_DEPTH, help="plies searched, forced replies not counted"
    )
    ap.add_argument("--budget", type=int, default=VERIFY_BUDGET, help="nodes a position at most")
    ap.add_argument("--margin", type=float, default=VERIFY_MARGIN, help="pieces below the best move allowed")
    ap.add_argument(
        "--books", type=Path, default=BOOKS_DIR, help="folder of the books (default the shipped one)"
    )
    ap.add_argument("--jobs", type=_jobs, default=1, help="processes checking positions side by side")
    args = ap.parse_args(argv)
    games = args.games or list(WAR_GAMES)
    for gid in games:
        if gid not in WAR_GAMES:
            ap.error(f"no book for '{gid}' (books: {', '.join(WAR_GAMES)})")
    if args.depth < 1 or args.budget < 1 or args.margin < 0:
        ap.error("--depth and --budget must be at least 1, --margin at least 0")
    for gid in games:
        path = args.books / f"{gid}.json"
        book = Book.from_json(path.read_text(encoding="utf-8"))
        verified, checks = verify(book, args.depth, args.budget, args.margin, jobs=args.jobs)
        verified.built["verified"]["command"] = verify_command([gid], args.depth, args.budget, args.margin)
        path.write_text(verified.to_json(), encoding="utf-8")
        record = verified.built["verified"]
        print(
            f"{gid}: {len(checks)} moves checked, {sum(not c.kept for c in checks)} dropped, "
            f"{len(book.entries)} -> {len(verified.entries)} positions, {record['cpu_seconds']} CPU s"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["verify"]:
        return verify_main(argv[1:])
    ap = argparse.ArgumentParser(prog="python -m training.book", description=__doc__.splitlines()[0])
    ap.add_argument("game", help="game id: " + ", ".join(WAR_GAMES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=8, help="plies from the start the book covers")
    ap.add_argument("--iterations", type=int, default=4000, help="search iterations per book position")
    ap.add_argument("--width", type=int, default=3, help="at most this many moves kept per position")
    ap.add_argument("--margin", type=float, default=0.03, help="keep moves rated this close to the best")
    ap.add_argument(
        "--explore", type=int, default=0, help="the first plies, where the book answers every legal move"
    )
    ap.add_argument("--jobs", type=_jobs, default=1, help="processes verifying positions side by side")
    ap.add_argument("--out", type=Path, help="where to write the book (default game/ai/books/GAME.json)")
    args = ap.parse_args(argv)
    if args.game not in game_ids():
        ap.error(f"unknown game '{args.game}' (games: {', '.join(game_ids())})")
    for name in ("depth", "iterations", "width"):
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1")
    if args.explore < 0:
        ap.error("--explore must be at least 0")
    if not 0 <= args.margin <= 1:
        ap.error("--margin must be between 0 and 1")
    book = build(
        args.game, args.seed, args.depth, args.iterations, args.width, args.margin, explore=args.explore
    )
    book.built["command"] = (
        f"python -m training.book {args.game} --seed {args.seed} --depth {args.depth} "
        f"--iterations {args.iterations} --width {args.width} --margin {args.margin}"
        + (f" --explore {args.explore}" if args.explore else "")
    )
    book, _ = verify(book, jobs=args.jobs)
    book.built["verified"]["command"] = verify_command(
        [args.game], VERIFY_DEPTH, VERIFY_BUDGET, VERIFY_MARGIN
    )
    out = args.out or BOOKS_DIR / f"{args.game}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(book.to_json(), encoding="utf-8")
    print(f"{len(book.entries)} positions written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
