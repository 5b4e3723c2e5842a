"""The longest Ncuva sowings on every board size, and what the engine's sowing costs on them.

Usage: python -m benchmarks.ncuva_sowings [--games G] [--climbs C] [--seed S] [--sizes 4 6 8 12]

A sowing's *length* here is what it would be without Keliya's lift limit (a safety net): the
lifts until the last stone falls into an empty hole, or until a relay would lift a state already
seen (RULES-SPEC 6's cycle stop). It is found in constant memory by Brent's method, which assumes
nothing about where a cycle begins (the engine compares each state with the start, which a lift
that can be undone makes exact: ``rules/ncuva_sowing.py``).
Where the long ones are looked for, per board size:
- every legal sowing of every position of G random games (uniform moves) and G greedy games
  (the biggest capture, else random: positions that strong play reaches, full of captures);
- C hill climbs over random half-boards with the stones one side starts with: move a stone from
  one hole to another, keep the change unless the longest sowing that ends by itself shrinks.
Then, for the longest cycle and the longest sowing that ends by itself, the CPU time of:
- ``before``: the relay-cycle check as it was (every state of the sowing kept in a set);
- ``after``: ``rules.ncuva_sowing.sow`` (constant memory, stopped at ``LIFT_LIMIT`` lifts).
It also counts the sowings longer than the old 1,000-lift limit (which cut them short) and than
``LIFT_LIMIT`` among all sowings seen, and the longest sowing that ended by itself per size,
which the limit must stay far above.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import load_game  # noqa: E402
from rules.ncuva_sowing import LIFT_LIMIT, choices, lift_and_sow, sow  # noqa: E402

SIZES = (4, 6, 8, 12)
OLD_LIMIT = 1000  # the lift limit before issue 29, which cut some sowings that end by themselves


def length(h: list[int], n: int, origin: int, cap: int = 50_000_000) -> tuple[int, bool]:
    """(lifts, whether a cycle stopped it) of the sowing from ``origin`` on the circuit ``h``
    without the lift limit: Brent's method to the first repeat, then its index mu + lam."""
    h = h[:]
    start = h[:]
    tortoise, tpos = h[:], origin
    power = lam = 1
    pos = lift_and_sow(h, 0, n, origin)
    lifts = 1
    while True:
        if h[pos] == 1:
            return lifts, False
        if pos == tpos and h == tortoise:
            break
        if lifts >= cap:
            return lifts, True
        if power == lam:
            tortoise, tpos = h[:], pos
            power *= 2
            lam = 0
        pos = lift_and_sow(h, 0, n, pos)
        lifts += 1
        lam += 1
    lead, lpos = start[:], origin
    for _ in range(lam):
        lpos = lift_and_sow(lead, 0, n, lpos)
    trail, tpos = start[:], origin
    mu = 0
    while not (lpos == tpos and lead == trail):
        lpos = lift_and_sow(lead, 0, n, lpos)
        tpos = lift_and_sow(trail, 0, n, tpos)
        mu += 1
    return mu + lam, True


def old_sow(b: list[int], base: int, n: int, origin: int) -> tuple[int, bool]:
    """The relay-cycle stop as it was before issue 19: every state kept in a set."""
    start = b[base : base + n]
    pos = origin
    for _ in range(64):
        pos = lift_and_sow(b, base, n, pos)
        if b[base + pos] == 1:
            return pos, False
    b[base : base + n] = start
    seen: set[tuple[tuple[int, ...], int]] = set()
    pos = origin
    while True:
        key = (tuple(b[base : base + n]), pos)
        if key in seen:
            return pos, True
        seen.add(key)
        pos = lift_and_sow(b, base, n, pos)
        if b[base + pos] == 1:
            return pos, False


class Longest:
    """The longest sowing that ends, the longest cycle, and how many sowings pass the limit."""

    def __init__(self) -> None:
        self.ends = (0, [], 0)  # lifts, circuit, origin
        self.cycle = (0, [], 0)
        self.sowings = 0
        self.over_limit = 0
        self.over_old = 0  # longer than the 1,000 lifts of the limit before issue 29
        self.cycles = 0

    def see(self, h: list[int], n: int, origin: int) -> int:
        """Note the sowing; return its length if it ends by itself, else 0."""
        lifts, cycled = length(h, n, origin)
        self.sowings += 1
        self.over_limit += lifts > LIFT_LIMIT
        self.over_old += lifts > OLD_LIMIT
        self.cycles += cycled
        if cycled and lifts > self.cycle[0]:
            self.cycle = (lifts, h[:], origin)
        elif not cycled and lifts > self.ends[0]:
            self.ends = (lifts, h[:], origin)
        return 0 if cycled else lifts


def from_games(columns: int, games: int, greedy: bool, rng: random.Random, found: Longest) -> None:
    game = load_game("ncuva", columns=columns, after_capture="end-turn")
    n = game.n
    for _ in range(games):
        state = game.new_initial_state()
        while state.outcome() is None:
            base = state.to_move * n
            starts, single = choices(state._b, base, n, False)
            if not single:
                half = state._b[base : base + n]
                for p in starts:
                    found.see(half, n, p)
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            if greedy:
                best = max(state.move_gain(m) for m in moves)
                if best:
                    top = [m for m in moves if state.move_gain(m) == best]
                    move = top[rng.randrange(len(top))]
            state.apply(move)


def climb(columns: int, climbs: int, steps: int, rng: random.Random, found: Longest) -> None:
    """Hill climbs over one side's half-board with its start's stones (4 per column)."""
    n = 2 * columns
    stones = 4 * columns
    for _ in range(climbs):
        h = [0] * n
        for _ in range(stones):
            h[rng.randrange(n)] += 1
        best = max((found.see(h, n, p) for p in range(n) if h[p] >= 2), default=0)
        for _ in range(steps):
            src = rng.randrange(n)
            if not h[src]:
                continue
            dst = rng.randrange(n)
            h[src] -= 1
            h[dst] += 1
            score = max((found.see(h, n, p) for p in range(n) if h[p] >= 2), default=0)
            if score >= best:
                best = score
            else:
                h[src] += 1
                h[dst] -= 1


def cpu_ms(fn, *args) -> float:
    """CPU milliseconds of ``fn(*args)`` (the best of three, each on a fresh copy)."""
    best = float("inf")
    for _ in range(3):
        copies = [a[:] if isinstance(a, list) else a for a in args]
        t0 = time.process_time()
        fn(*copies)
        best = min(best, time.process_time() - t0)
    return best * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="random and greedy games per size")
    ap.add_argument("--climbs", type=int, default=40, help="hill climbs per size")
    ap.add_argument("--steps", type=int, default=300, help="mutations per hill climb")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--sizes", type=int, nargs="*", default=list(SIZES))
    args = ap.parse_args(argv)
    print(f"lift limit (house rule): {LIFT_LIMIT}")
    print(
        f"{'cols':>4} {'where':<7} {'sowings':>9} {'cycles':>7} {'> 1000':>7} {'> limit':>8} "
        f"{'longest end':>12} "
        f"{'longest cycle':>14} {'before ms':>10} {'after ms':>9} {'after ms (end)':>15}"
    )
    for columns in args.sizes:
        n = 2 * columns
        rng = random.Random(args.seed * 1000 + columns)
        for where in ("random", "greedy", "climb"):
            found = Longest()
            if where == "climb":
                climb(columns, args.climbs, args.steps, rng, found)
            else:
                from_games(columns, args.games, where == "greedy", rng, found)
            before = after = after_end = float("nan")
            lifts, h, origin = found.cycle
            if lifts:
                before = cpu_ms(old_sow, h, 0, n, origin)
                after = cpu_ms(sow, h, 0, n, origin)
            if found.ends[0]:
                after_end = cpu_ms(sow, found.ends[1], 0, n, found.ends[2])
            print(
                f"{columns:>4} {where:<7} {found.sowings:>9} {found.cycles:>7} {found.over_old:>7} "
                f"{found.over_limit:>8} "
                f"{found.ends[0]:>12} {found.cycle[0]:>14} {before:>10.2f} {after:>9.3f} {after_end:>15.3f}",
                flush=True,
            )
            for what, (lifts, h, origin) in (("end", found.ends), ("cycle", found.cycle)):
                if lifts:
                    print(f"     longest {what}: circuit {h} from {origin}: {lifts} lifts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
