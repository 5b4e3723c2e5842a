"""Long contract fuzz: random games over every variant of every registered game.

Usage: python -m benchmarks.fuzz [--games N] [--seed S] [--game ID ...]

Runs the checks of the CI contract suite (``tests/contract.py``) at every ply of every game,
over the full product of each game's options (combinations a game refuses are left out), the
variants taken in turn so a short run still spreads over all of them. Reports every violation
and every game that did not end with its position text (paste it into ``rules.load_state``),
then games/s and totals per game. Exit code 1 when a contract was broken.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from contract import END_BOUND, ContractViolation, label, play_random_game, promises_end, variants  # noqa: E402

from rules import Game, game_ids, load_game  # noqa: E402

#: Non-ending games printed per game id when the variant has no rule that ends it.
SHOW_OPEN = 3
#: Seconds between progress lines on stderr.
PROGRESS_EVERY = 60.0


@dataclass
class Totals:
    """What one game id did over the run."""

    variants: int = 0  # how many of its variants were played
    games: int = 0
    plies: int = 0
    seconds: float = 0.0
    violations: int = 0
    open_games: int = 0  # did not end, and the variant does not promise an end
    codes: Counter = field(default_factory=Counter)


def schedule(ids: list[str], count: int, rng: random.Random) -> tuple[list[tuple[str, dict, Game]], int]:
    """``count`` games over every accepted option combination of every game. Each game id gets
    a share of the games in proportion to the square root of its number of variants (so a game
    with thousands of option combinations does not crowd out the others), and cycles through
    its variants in a seeded order."""
    pools = {}
    for gid in ids:
        pool = [(gid, options, load_game(gid, **options)) for options in variants(gid, full=True)]
        rng.shuffle(pool)
        pools[gid] = pool
    weight = {gid: math.sqrt(len(pool)) for gid, pool in pools.items()}
    played = dict.fromkeys(ids, 0)
    plan = []
    for _ in range(count):
        gid = min(ids, key=lambda g: (played[g] + 1) / weight[g])
        plan.append(pools[gid][played[gid] % len(pools[gid])])
        played[gid] += 1
    return plan, sum(len(pool) for pool in pools.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="random games in all (default 1000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the variant order and of every game")
    ap.add_argument("--game", action="append", metavar="ID", help="only this game id (repeatable)")
    ap.add_argument(
        "--bound",
        type=int,
        default=END_BOUND,
        help=f"plies before a game counts as not ending (default {END_BOUND})",
    )
    args = ap.parse_args(argv)
    ids = args.game or game_ids()
    unknown = [g for g in ids if g not in game_ids()]
    if unknown:
        ap.error(f"unknown game id(s) {', '.join(unknown)} (games: {', '.join(game_ids())})")
    plan, available = schedule(ids, args.games, random.Random(args.seed))
    totals = {gid: Totals() for gid in ids}
    for gid in ids:
        totals[gid].variants = len({label(g, o) for g, o, _ in plan if g == gid})
    print(
        f"{args.games} games over {sum(t.variants for t in totals.values())} of the {available} variants of "
        f"{len(ids)} games, seed {args.seed}",
        flush=True,
    )
    t0 = last_report = time.perf_counter()
    for i, (gid, options, game) in enumerate(plan):
        if time.perf_counter() - last_report > PROGRESS_EVERY:
            last_report = time.perf_counter()
            print(f"  ... {i} games in {last_report - t0:.0f} s", file=sys.stderr, flush=True)
        seed = args.seed * 1_000_003 + i
        tot = totals[gid]
        start = time.perf_counter()
        try:
            result = play_random_game(game, seed, bound=args.bound)
        except ContractViolation as err:
            tot.violations += 1
            print(f"VIOLATION {err}", flush=True)
            continue
        finally:
            tot.seconds += time.perf_counter() - start
            tot.games += 1
        tot.plies += result.plies
        tot.codes[result.code or "unfinished"] += 1
        if not result.ended and not promises_end(game):
            tot.open_games += 1
            if tot.open_games <= SHOW_OPEN:
                print(
                    f"did not end in {result.plies} plies ({label(gid, options)}, seed {seed}; no "
                    f"ending rule in this variant)\n  position: {result.position}",
                    flush=True,
                )
    elapsed = time.perf_counter() - t0
    games = sum(t.games for t in totals.values())
    violations = sum(t.violations for t in totals.values())
    print(
        f"\n{'game':<20} {'variants':>8} {'games':>6} {'plies/game':>10} "
        f"{'games/s':>8} {'broken':>6}  endings"
    )
    for gid, t in totals.items():
        if not t.games:
            continue
        endings = ", ".join(f"{code} {n}" for code, n in t.codes.most_common())
        print(
            f"{gid:<20} {t.variants:>8} {t.games:>6} {t.plies / t.games:>10.1f} "
            f"{t.games / t.seconds:>8.1f} {t.violations:>6}  {endings}"
        )
    print(f"\n{games} games in {elapsed:.1f} s ({games / elapsed:.1f} games/s), {violations} violation(s)")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
