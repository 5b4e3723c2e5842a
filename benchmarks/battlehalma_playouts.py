"""BattleHalma random-playout throughput per variant, beside the naive dict-based reference.

Usage: python -m benchmarks.battlehalma_playouts [--seconds S] [--no-reference]
Each variant is played from its start to the end with uniformly random legal moves through
the rules' ``playout`` fast path, over and over for S seconds, on one core. The reference
(``tests/reference_battlehalma.py``) plays the same games naively: every leap route walked,
boards as dicts, no repetition rule.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from rules import load_game  # noqa: E402
from rules.battlehalma_games import VARIANTS  # noqa: E402


def measure(options: dict, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(games/s, plies per game) of the fast playout."""
    start = load_game("battlehalma", **options).new_initial_state()
    rng = random.Random(seed)
    games = plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        plies += start.copy().playout(rng)
        games += 1
    return games / (time.perf_counter() - t0), plies / games


def measure_reference(options: dict, seconds: float, seed: int = 1) -> tuple[float, float]:
    import reference_battlehalma as ref

    rng = random.Random(seed)
    games = plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        plies += ref.random_game(options["size"], options["counters"], options["rule"] == "promotion", rng)
        games += 1
    return games / (time.perf_counter() - t0), plies / games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per variant")
    ap.add_argument("--no-reference", action="store_true", help="skip the naive reference")
    args = ap.parse_args(argv)
    print(f"{'variant':<32} {'games/s':>9} {'plies/game':>11} {'naive games/s':>14} {'naive plies':>12}")
    for name, options in VARIANTS.items():
        rate, length = measure(options, args.seconds)
        line = f"{name:<32} {rate:>9.0f} {length:>11.1f}"
        if not args.no_reference:
            ref_rate, ref_length = measure_reference(options, args.seconds)
            line += f" {ref_rate:>14.1f} {ref_length:>12.1f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
