"""Ncuva random-playout throughput per board size: the engine's playout and, for comparison,
the naive dict-based reference of the tests (``tests/reference_ncuva.py``).

Usage: python -m benchmarks.ncuva_playouts [--seconds S] [--no-reference]
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

SIZES = (4, 6, 8, 12)


def engine_rate(columns: int, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(games/s, decisions per game) of ``NcuvaState.playout`` from the start."""
    start = load_game("ncuva", columns=columns).new_initial_state()
    rng = random.Random(seed)
    games = plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        plies += start.copy().playout(rng)
        games += 1
    return games / (time.perf_counter() - t0), plies / games


def reference_rate(columns: int, seconds: float, seed: int = 1) -> float:
    import reference_ncuva

    rng = random.Random(seed)
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        reference_ncuva.random_game(columns, rng)
        games += 1
    return games / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per size and version")
    ap.add_argument("--no-reference", action="store_true", help="skip the naive reference")
    args = ap.parse_args(argv)
    print(f"{'columns':>7} {'games/s':>9} {'decisions/game':>15} {'naive games/s':>14}")
    for columns in SIZES:
        rate, per_game = engine_rate(columns, args.seconds)
        naive = "" if args.no_reference else f"{reference_rate(columns, args.seconds):>14.0f}"
        print(f"{columns:>7} {rate:>9.0f} {per_game:>15.1f} {naive}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
