"""How deep the levels' tactical check gets for its nodes: the analysis judge's comparison
(``Judge.compare``: forced replies and capture chains beyond the depth) at each depth and budget,
over recorded war-game positions, in CPU seconds (the machine is shared: wall time would say more
about the neighbours than about the check).

Usage::

    python -m benchmarks.tactics_depth [--positions 30] [--seed 1]

Prints, for each (depth, nodes): how many positions the comparison finished within the nodes, and
the median and longest CPU time it took. Expert's check deepens from 4 plies to 6 while 0.4 of its
clock and its nodes last (``game.ai.levels``): these figures say which depth its clock buys.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from game.ai.judge import Judge
from rules import load_state
from tests.reference_material import corpus

WAR_GAMES = ("sixteen_soldiers", "peralikatuma", "kotu_ellima")
STEPS = ((4, 20_000), (5, 60_000), (6, 150_000))


def main(argv: list[str] | None = None) -> int:
    about = __doc__.split("\n")[0]
    ap = argparse.ArgumentParser(prog="python -m benchmarks.tactics_depth", description=about)
    ap.add_argument("--positions", type=int, default=30, help="recorded positions to compare in")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.positions < 1:
        ap.error("--positions must be at least 1")
    rows = [r for r in corpus("decided.txt") + corpus("blunders.txt") if r[0] in WAR_GAMES]
    random.Random(args.seed).shuffle(rows)
    rows = rows[: args.positions]
    print(f"{len(rows)} war-game positions (tests/data), the first legal move compared with the rest")
    print("| depth | nodes | finished | median CPU s | longest CPU s |")
    print("|---:|---:|---:|---:|---:|")
    for depth, nodes in STEPS:
        finished, times = 0, []
        for row in rows:
            state = load_state(row[2])
            t0 = time.process_time()
            found = Judge(nodes).compare(state, [state.legal_moves()[0]], depth)
            times.append(time.process_time() - t0)
            finished += found is not None
        times.sort()
        median, longest = times[len(times) // 2], times[-1]
        cells = (depth, f"{nodes:,}", f"{finished} of {len(rows)}", f"{median:.2f}", f"{longest:.2f}")
        print("| " + " | ".join(map(str, cells)) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
