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

from game.ai.analysis import Point
from game.match.analysis import LINES, Verdict, judge_point, look_at_one
from rules import load_state
from tests.reference_material import corpus


def point_of(position: str, move_text: str, budget: int | None = None) -> tuple[Point, str, int]:
    """The judge's findings for one move in one position (``judge_point``'s arguments)."""
    state = load_state(position)
    return look_at_one(state, state.parse_move(move_text), budget)


#: each line moved on its own, to show what the chosen ones buy
VARIANTS = {
    "as shipped": LINES,
    "decided at 0.8": LINES._replace(decided=0.8),
    "decided at 0.95": LINES._replace(decided=0.95),
    "material 0.5": LINES._replace(material=0.5),
    "material 1.25": LINES._replace(material=1.25),
    "decided material 0.75": LINES._replace(material_decided=0.75),
    "decided material off": LINES._replace(material_decided=1e9),
    "no material lines": LINES._replace(material=1e9, material_decided=1e9),
    "value lines x1.5": LINES._replace(value=tuple((limit * 1.5, v) for limit, v in LINES.value)),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=int, default=None, help="nodes per position (default: the app's)")
    ap.add_argument("--games", nargs="*", default=None)
    args = ap.parse_args()
    found: dict[str, dict[str, list[tuple[Point, str, int]]]] = defaultdict(lambda: defaultdict(list))
    cpu: dict[str, list[float]] = defaultdict(list)
    for game, _seed, position, blunder, safe, _units in corpus("blunders.txt"):
        if args.games and game not in args.games:
            continue
        t = time.process_time()
        found[game]["blunder"].append(point_of(position, blunder, args.budget))
        cpu[game].append(time.process_time() - t)
        found[game]["safe"].append(point_of(position, safe, args.budget))
    for game, _seed, position, quiet in corpus("decided.txt"):
        if args.games and game not in args.games:
            continue
        found[game]["decided"].append(point_of(position, quiet, args.budget))
    bad = (Verdict.BLUNDER, Verdict.MISTAKE)
    print(
        f"{'game':18} {'flagged':>8} {'blunder':>8} {'mistake':>8} {'safe flagged':>13} "
        f"{'decided flagged':>16}"
        f" {'lost (median)':>14} {'CPU s/position':>15}"
    )
    for game, kinds in found.items():
        blunders = [judge_point(*f) for f in kinds["blunder"]]
        n = len(blunders)
        verdicts = Counter(j.verdict for j in blunders)
        safe_bad = sum(judge_point(*f).verdict in bad for f in kinds["safe"])
        decided = [judge_point(*f) for f in kinds["decided"]]
        dec_bad = sum(j.verdict != Verdict.GOOD for j in decided)
        lost = sorted(j.lost for j in blunders)
        print(
            f"{game:18} {verdicts[Verdict.BLUNDER] + verdicts[Verdict.MISTAKE]:>4}/{n:<3} "
            f"{verdicts[Verdict.BLUNDER]:>8}"
            f" {verdicts[Verdict.MISTAKE]:>8} {safe_bad:>9}/{n:<3} {dec_bad:>12}/{len(decided):<3}"
            f" {lost[n // 2] if n else 0.0:>14.2f} {sum(cpu[game]) / max(1, n):>15.3f}"
        )
    print()
    print(f"{'lines':24} {'blunders flagged':>17} {'safe moves flagged':>19} {'decided quiet flagged':>22}")
    for name, lines in VARIANTS.items():
        hit = total = safe_bad = dec_bad = dec_total = 0
        for kinds in found.values():
            hit += sum(judge_point(*f, lines).verdict in bad for f in kinds["blunder"])
            total += len(kinds["blunder"])
            safe_bad += sum(judge_point(*f, lines).verdict in bad for f in kinds["safe"])
            dec_bad += sum(judge_point(*f, lines).verdict != Verdict.GOOD for f in kinds["decided"])
            dec_total += len(kinds["decided"])
        print(f"{name:24} {hit:>11}/{total:<5} {safe_bad:>13}/{total:<5} {dec_bad:>16}/{dec_total:<5}")


if __name__ == "__main__":
    main()
