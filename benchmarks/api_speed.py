"""The rules API beside the fast playout path, for every game: random games per CPU-second.

Usage: python -m benchmarks.api_speed [--seconds S] [--games ID ...] [--no-reference]

Three loops play uniformly random games from the start, each for S CPU-seconds:
- ``api``: ``legal_moves()``, a random one, ``apply()``, ``outcome()`` — what the UI, the
  tests and the search tree go through;
- ``fast``: ``state.playout(rng)`` — the bare loop the search's simulations use;
- ``naive``: the tests' independent reference (``tests/reference_*.py``) where it has a random
  game (BattleHalma and Ncuva), under the same rules.
CPU time (``time.process_time``) is counted, so a busy machine slows the figures less than wall
time would, and the loops of a variant run in turns (six slices each), so that the ratios
compare them under the same load.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from rules import game_ids, game_spec, load_game  # noqa: E402

#: (game id, options, label); every other registered game is added with its defaults. Options a
#: game does not have (an older tree, for a before/after run) are left out.
VARIANTS: list[tuple[str, dict[str, Any], str]] = [
    ("ncuva", {"columns": 4, "after_capture": "sow-again", "start": "even"}, "ncuva 4 sow-again"),
    ("ncuva", {"columns": 12, "after_capture": "sow-again", "start": "even"}, "ncuva 12 sow-again"),
    ("ncuva", {"columns": 4, "after_capture": "end-turn", "start": "even"}, "ncuva 4 end-turn"),
    ("ncuva", {"columns": 12, "after_capture": "end-turn", "start": "even"}, "ncuva 12 end-turn"),
    ("ncuva", {"columns": 4}, "ncuva 4 default"),
    ("ncuva", {"columns": 12}, "ncuva 12 default"),
    ("battlehalma", {"rule": "terminal", "size": 8, "counters": 6}, "battlehalma 8x8 terminal 6"),
    ("battlehalma", {"rule": "promotion", "size": 10, "counters": 15}, "battlehalma 10x10 promotion 15"),
    ("battlehalma", {"rule": "promotion", "size": 8, "counters": 10}, "battlehalma 8x8 promotion 10"),
]


def api_game(start: Any, rng: random.Random) -> int:
    """One random game through legal_moves/apply/outcome; its length in plies."""
    state = start.copy()
    plies = 0
    while state.outcome() is None:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        plies += 1
    return plies


def fast_game(start: Any, rng: random.Random) -> int:
    return start.copy().playout(rng)


def naive_player(game_id: str, options: dict[str, Any]) -> Callable[[random.Random], int] | None:
    """A random game of the naive reference under ``options``, or None when there is none."""
    if game_id == "ncuva":
        import reference_ncuva as ref

        resolved = game_spec("ncuva").resolve_options(options)
        start = ref.start_for(resolved) if hasattr(ref, "start_for") else None  # older trees: no start option

        def play(rng: random.Random) -> int:
            state = (
                start.copy()
                if start is not None
                else ref.start(resolved["columns"], sow_again=resolved["after_capture"] == "sow-again")
            )
            plies = 0
            while state.outcome() is None:
                state.play(*rng.choice(state.moves()))
                plies += 1
            return plies

        return play
    if game_id == "battlehalma":
        import reference_battlehalma as ref

        resolved = game_spec("battlehalma").resolve_options(options)
        return lambda rng: ref.random_game(
            resolved["size"], resolved["counters"], resolved["rule"] == "promotion", rng
        )
    return None


def rates(
    loops: list[Callable[[random.Random], int]], seconds: float, rounds: int = 6, seed: int = 1
) -> list[tuple[float, float]]:
    """(games per CPU-second, plies per game) of each loop, run in turns: ``rounds`` slices of
    ``seconds / rounds`` CPU-seconds each, so that a change of load on the machine falls on
    every loop alike and the ratios stay fair."""
    rngs = [random.Random(seed) for _ in loops]
    games, plies, spent = [0] * len(loops), [0] * len(loops), [0.0] * len(loops)
    for _ in range(rounds):
        for i, play in enumerate(loops):
            t0 = time.process_time()
            while True:
                plies[i] += play(rngs[i])
                games[i] += 1
                used = time.process_time() - t0
                if used >= seconds / rounds:
                    spent[i] += used
                    break
    return [(g / t, p / g) for g, p, t in zip(games, plies, spent)]


def variants(chosen: list[str] | None) -> list[tuple[str, dict[str, Any], str]]:
    out = [
        (g, {k: v for k, v in opts.items() if k in {o.name for o in game_spec(g).options}}, name)
        for g, opts, name in VARIANTS
        if not chosen or g in chosen
    ]
    listed = {g for g, _, _ in VARIANTS}
    out += [(g, {}, g) for g in game_ids() if g not in listed and (not chosen or g in chosen)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per loop and variant")
    ap.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--no-reference", action="store_true", help="skip the naive references")
    args = ap.parse_args(argv)
    print(
        f"{'variant':<32} {'api g/s':>9} {'fast g/s':>9} {'naive g/s':>10} "
        f"{'api/naive':>10} {'fast/naive':>11} {'fast/api':>9} {'plies':>7}"
    )
    for game_id, options, name in variants(args.games):
        start = load_game(game_id, **options).new_initial_state(random.Random(0))
        loops = [lambda rng, s=start: api_game(s, rng), lambda rng, s=start: fast_game(s, rng)]
        naive_play = None if args.no_reference else naive_player(game_id, options)
        if naive_play is not None:
            loops.append(naive_play)
        measured = rates(loops, args.seconds)
        (api, plies), (fast, _) = measured[:2]
        if naive_play is None:
            cells = f"{'-':>10} {'-':>10} {'-':>11}"
        else:
            naive = measured[2][0]
            cells = f"{naive:>10.1f} {api / naive:>9.2f}x {fast / naive:>10.2f}x"
        print(f"{name:<32} {api:>9.1f} {fast:>9.1f} {cells} {fast / api:>8.2f}x {plies:>7.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
