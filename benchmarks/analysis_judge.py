"""The analysis judge measured on the corpus of clean blunders (tests/data/blunders.txt): how
many it flags as a mistake or a blunder, how often it flags the safe move beside each, how it
calls quiet moves in decided positions (tests/data/decided.txt), the material it says each
blunder lost, and its CPU time per position.

    python -m benchmarks.analysis_judge [--budget N] [--games ID ...]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from pathlib import Path

from game.ai.analysis import budget_for, value_position
from game.ai.judge import Judge
from game.match.analysis import Judgement, Verdict, judge_point
from rules import load_state

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def corpus(name: str) -> list[list[str]]:
    """The rows of a corpus file: game, seed, position, and the moves (and figures) after them."""
    rows = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append([part.strip() for part in line.split(" | ")])
    return rows


def verdict_of(position: str, move_text: str, budget: int | None = None) -> Judgement:
    """The analysis' verdict on one move in one position, as a game's analysis would give it."""
    state = load_state(position)
    move = state.parse_move(move_text)
    judge = Judge(budget if budget is not None else budget_for(state.game.id))
    point = value_position(state, move, judge)
    return judge_point(point, state.move_text(move), state.forces(state.to_move))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=int, default=None, help="nodes per position (default: the app's)")
    ap.add_argument("--games", nargs="*", default=None)
    args = ap.parse_args()
    hits: dict[str, Counter[str]] = defaultdict(Counter)
    lost: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    for game, _seed, position, blunder, safe, _units in corpus("blunders.txt"):
        if args.games and game not in args.games:
            continue
        t = time.process_time()
        j = verdict_of(position, blunder, args.budget)
        cpu[game].append(time.process_time() - t)
        hits[game][j.verdict] += 1
        lost[game].append(j.lost)
        s = verdict_of(position, safe, args.budget)
        hits[game]["safe " + s.verdict] += 1
    for game, _seed, position, quiet in corpus("decided.txt"):
        if args.games and game not in args.games:
            continue
        hits[game]["decided " + verdict_of(position, quiet, args.budget).verdict] += 1
    print(f"{'game':18} {'flagged':>8} {'blunder':>8} {'mistake':>8} {'safe flagged':>13} {'decided flagged':>16}"
          f" {'lost (median)':>14} {'CPU s/position':>15}")
    for game in hits:
        h, n = hits[game], len(lost[game])
        flagged = h[Verdict.BLUNDER] + h[Verdict.MISTAKE]
        safe_bad = h["safe blunder"] + h["safe mistake"]
        dec_n = sum(v for k, v in h.items() if k.startswith("decided"))
        dec_bad = dec_n - h["decided good"]
        med = sorted(lost[game])[n // 2] if n else 0.0
        print(f"{game:18} {flagged:>4}/{n:<3} {h[Verdict.BLUNDER]:>8} {h[Verdict.MISTAKE]:>8} {safe_bad:>9}/{n:<3}"
              f" {dec_bad:>12}/{dec_n:<3} {med:>14.2f} {sum(cpu[game]) / max(1, n):>15.3f}")


if __name__ == "__main__":
    main()
