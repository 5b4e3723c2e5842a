"""Long position-text fuzz: many texts per game over its option combinations.

Usage: python -m benchmarks.position_fuzz [--texts N] [--seed S] [--game ID ...] [--seconds T] [--ci]

The texts and the promise are those of the suite's fuzz (``tests/position_fuzz.py``): random,
truncated and mutated texts and positions of random games, each refused with a ValueError in a
player's words or loaded into a state that round-trips and plays to its end. A text that takes
more than ``--seconds`` counts as hung. Variants: a seeded sample of every accepted option
combination (``--ci``: the suite's set). Prints tried / refused / loaded / crashed / hung per
game, and 'broken': every text that broke the promise (the crashed and hung ones, refusals not
in words, loads that do not round-trip or play to the end), with the plies played and the CPU
time; then the broken ones with their texts. Exit code 1 if there was one.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from position_fuzz import TEXT_SECONDS, fuzz_game  # noqa: E402

from rules import game_ids  # noqa: E402

#: Broken promises printed per game (all are counted).
SHOW = 10


def load() -> str:
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # not on this platform
        return "load average unknown"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=int, default=2000, help="texts per game (default 2000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", action="append", metavar="ID", help="only this game id (repeatable)")
    ap.add_argument(
        "--seconds",
        type=float,
        default=TEXT_SECONDS,
        help=f"time one text may take before it counts as hung (default {TEXT_SECONDS:g})",
    )
    ap.add_argument(
        "--ci", action="store_true", help="the suite's variants instead of all option combinations"
    )
    args = ap.parse_args(argv)
    ids = args.game or game_ids()
    unknown = [g for g in ids if g not in game_ids()]
    if unknown:
        ap.error(f"unknown game id(s) {', '.join(unknown)} (games: {', '.join(game_ids())})")
    print(f"{args.texts} texts per game, seed {args.seed}, {args.seconds:g} s a text; {load()}", flush=True)
    header = (
        f"{'game':<20} {'tried':>7} {'refused':>8} {'loaded':>7} {'crashed':>8} {'hung':>5} {'broken':>7} "
        f"{'plies':>9} {'CPU s':>7}"
    )
    rows, broken = [], []
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for gid in ids:
        cpu = time.process_time()
        tally = fuzz_game(gid, args.texts, args.seed, full=not args.ci, seconds=args.seconds)
        cpu = time.process_time() - cpu
        c = tally.counts
        rows.append(
            f"{gid:<20} {tally.tried:>7} {c['refused']:>8} {c['loaded']:>7} {c['crashed']:>8} "
            f"{c['hung']:>5} {len(tally.failures):>7} {tally.plies:>9} {cpu:>7.1f}"
        )
        print(rows[-1], file=sys.stderr, flush=True)
        broken += [(gid, problem, text) for problem, text in tally.failures]
    print("\n" + header)
    print("\n".join(rows))
    print(
        f"\n{len(ids) * args.texts} texts in {time.perf_counter() - wall0:.1f} s wall, "
        f"{time.process_time() - cpu0:.1f} s CPU; {load()}; {len(broken)} broken promise(s)"
    )
    shown: dict[str, int] = {}
    for gid, problem, text in broken:
        shown[gid] = shown.get(gid, 0) + 1
        if shown[gid] <= SHOW:
            print(f"\n{problem}\n  text: {text[:400]}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
