"""The difficulty ladder for every game: Easy vs random, Medium vs Easy, Hard vs Medium,
Hard vs greedy, through the arena, with a results table.

Usage: python -m benchmarks.ai_ladder [--games N] [--only GAME ...] [--pairs a:b ...]
                                      [--scale F | --clock | --seconds S] [--opening N] [--out FILE]
By default every level plays with ``--scale`` times its own iteration cap and no clock
(``game.ai.levels``), so the levels keep their budget ratios and a busy machine does not
change the result; ``--clock`` plays the real time budgets instead, and ``--seconds S`` gives
every player S seconds a move with no caps (equal time: e.g. ``--pairs hard:alphabeta``; with
``--clock``, ``alphabeta`` thinks as long as the level it plays). Sides alternate, and
each row also gives the score by the side A played (the hunt games' sides differ).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import game_ids  # noqa: E402
from training.arena import TABLE_HEADER, budget_label, pair, parse_options, report, run  # noqa: E402

PAIRS = ("easy:random", "medium:easy", "hard:medium", "hard:greedy")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing (sides alternate)")
    ap.add_argument("--only", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--pairs", nargs="*", default=list(PAIRS), help="pairings A:B")
    ap.add_argument("--scale", type=float, default=0.25, help="times each level's iteration cap")
    ap.add_argument("--clock", action="store_true", help="the levels' real clocks instead of --scale")
    ap.add_argument("--seconds", type=float, help="seconds a move for every player, no caps (equal time)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=0, help="pairs of games from the same N random plies")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rules option")
    ap.add_argument("--out", type=Path, help="append the results table here")
    args = ap.parse_args(argv)
    scale = None if args.clock or args.seconds else args.scale
    budget = budget_label(None, scale, args.seconds) + (f", opening {args.opening}" if args.opening else "")
    options = parse_options(ap, args.option, args.only or game_ids())
    rows = []
    for game_id in args.only or game_ids():
        for pairing in args.pairs:
            a, _, b = pairing.partition(":")
            t0 = time.perf_counter()
            tally = run(
                game_id,
                pair(a, b, None, scale, args.seconds),
                args.games,
                options,
                args.seed,
                2000,
                progress=False,
                opening=args.opening,
            )
            lines = report(game_id, a, b, options, budget, tally)
            print("\n".join(lines[:-1]) + f"\n  ({time.perf_counter() - t0:.0f} s)", flush=True)
            rows.append(lines[-1])
            if args.out:
                new = not args.out.exists() or not args.out.read_text().strip()
                with args.out.open("a") as f:
                    f.write((TABLE_HEADER + "\n" if new else "") + lines[-1] + "\n")
    print(TABLE_HEADER)
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
