"""How often a level's tactical check finishes, and how deep, at a fraction of its clock and at the app's.

Usage::

    python -m benchmarks.check_coverage GAMES.jsonl [--level expert] [--every 4] [--clocks 0.1,1]

Reads games kept by ``python -m training.arena … --games-out GAMES.jsonl`` and, on every
``--every``-th position where player A (the level) had a choice, runs the check exactly as
``LevelPlayer._checked`` does (``Judge.deepest`` from the level's ``tactics`` plies to its
``tactics_deepest``, within its nodes and its share of the clock, both times each fraction). It
prints, per fraction, how many checks finished their shallowest depth, the depths reached, how many
would have changed the move played, and the CPU and wall time spent. The clock is the machine's:
state the load beside the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from game.ai.judge import Judge
from game.ai.levels import LEVELS, Level
from rules.core import Move, State
from training.kept_games import read_kept, replay


def positions(path: Path, every: int) -> list[tuple[State, Move]]:
    """Every ``every``-th position of player A's with more than one legal move, and A's move there."""
    found: list[tuple[State, Move]] = []
    for kept in read_kept(path):
        mine = [(s, m) for s, m in replay(kept) if s.to_move == kept["a_side"]]
        choices = [(s, m) for s, m in mine if len(s.legal_moves()) > 1]
        found += choices[every - 1 :: every]
    return found


def coverage(level: Level, found: list[tuple[State, Move]], factor: float) -> str:
    """One line: the check at ``factor`` times the level's nodes and clock over ``found``."""
    nodes = max(1, round(level.tactics_nodes * factor))
    seconds = None if level.seconds is None else level.seconds * factor * level.tactics_share
    deepest = max(level.tactics, level.tactics_deepest)
    depths: Counter[int] = Counter()
    changed = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for state, move in found:
        check = Judge(nodes).deepest(state, [move], level.tactics, deepest, seconds)
        if check is None:
            continue
        depths[check.depth] += 1
        changed += check.best not in (None, move) and check.best_score - check.scores[move] >= 1.0 - 1e-9
    reached = " / ".join(f"{depths[d]} at {d}" for d in range(level.tactics, deepest + 1))
    clock = "no clock" if seconds is None else f"{seconds:.3f} s"
    return (
        f"x{factor:g}: {nodes} nodes, {clock}: finished {sum(depths.values())} of {len(found)} "
        f"(plies: {reached}), would change {changed}; "
        f"CPU {time.process_time() - cpu:.0f} s, wall {time.perf_counter() - wall:.0f} s"
    )


def fractions(text: str) -> list[float]:
    """``--clocks``: fractions of the app's clock separated by commas, each above 0 and at most 10
    (ValueError saying which rule a text breaks)."""
    try:
        found = [float(f) for f in text.split(",")]
    except ValueError:
        raise ValueError(f"fractions separated by commas, not '{text}'") from None
    if not all(0 < f <= 10 for f in found):
        raise ValueError("each fraction above 0 and at most 10")
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.check_coverage", description=__doc__.split("\n")[0]
    )
    ap.add_argument("games", type=Path, help="games kept by the arena's --games-out")
    ap.add_argument("--level", default="expert", help="the level whose check is run (default: expert)")
    ap.add_argument("--every", type=int, default=4, help="every N-th of A's positions (default: 4)")
    ap.add_argument("--clocks", default="0.1,1", help="fractions of the app's clock (default: 0.1,1)")
    args = ap.parse_args(argv)
    level = LEVELS.get(args.level)
    if level is None or not level.tactics:
        checking = ", ".join(name for name, lv in LEVELS.items() if lv.tactics)
        ap.error(f"'{args.level}' has no tactical check (levels with one: {checking})")
    if args.every < 1:
        ap.error("--every must be at least 1")
    try:
        factors = fractions(args.clocks)
    except ValueError as exc:
        ap.error(f"--clocks: {exc}")
    try:
        found = positions(args.games, args.every)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        ap.error(f"cannot read the games in {args.games}: {exc}")
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "?"
    print(f"{args.level}'s check on {len(found)} positions of {args.games.name} (load {load})")
    for factor in factors:
        print(coverage(level, found, factor), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
