"""Random-playout throughput per game: games/s and plies/s on one core.

Usage: python -m benchmarks.playouts [--seconds S] [--games ID ...] [--option k=v ...]
Each game is played from its start position to the end with uniformly random legal
moves (the rules' ``playout`` fast path), over and over for S seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import game_ids, load_game  # noqa: E402

VARIANTS: list[tuple[str, dict[str, str]]] = [
    ("sixteen_soldiers", {}),
    ("peralikatuma", {}),
    ("kotu_ellima", {}),
    ("kotu_ellima", {"capture": "huff"}),
    ("kotu_ellima", {"capture": "free"}),
    ("cows_leopards", {}),
    ("hat_diviyan_keliya", {}),
    ("hat_diviyan_keliya", {"board": "large"}),
]


def measure(game_id: str, options: dict[str, str], seconds: float, seed: int = 1) -> dict[str, float]:
    game = load_game(game_id, **options)
    rng = random.Random(seed)
    start = game.new_initial_state(rng)
    games = plies = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        state = start.copy()
        plies += state.playout(rng)
        games += 1
    elapsed = time.perf_counter() - t0
    return {
        "games": games,
        "games_per_s": games / elapsed,
        "plies_per_s": plies / elapsed,
        "plies_per_game": plies / max(games, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per variant")
    ap.add_argument("--games", nargs="*", help=f"game ids (default: all of {', '.join(game_ids())})")
    args = ap.parse_args(argv)
    variants = [v for v in VARIANTS if not args.games or v[0] in args.games]
    listed = {g for g, _ in VARIANTS}
    variants += [(g, {}) for g in game_ids() if g not in listed and (not args.games or g in args.games)]
    print(f"{'game':<40} {'games/s':>9} {'plies/s':>10} {'plies/game':>11}")
    for game_id, options in variants:
        r = measure(game_id, options, args.seconds)
        label = game_id + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{label:<40} {r['games_per_s']:>9.0f} {r['plies_per_s']:>10.0f} {r['plies_per_game']:>11.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
