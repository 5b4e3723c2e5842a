"""Search settings against each other at a fixed iteration budget: what helps, measured.

Usage: python -m benchmarks.ai_tuning GAME --a key=value,... --b key=value,... [--iterations N | --seconds T]
       [--games G] [--option name=value ...] [--seed S] [--opening N]
Keys are fields of ``game.ai.mcts.SearchConfig`` (exploration, cutoff, greedy, solver,
captures_first, reuse, sharpness, minimax); ``cutoff=none`` plays simulations to the end;
``evaluation=default`` scores cut-offs with the rules' generic material count
(``State.heuristic``) instead of the game's own heuristic.
Both sides get the same iteration budget, or with ``--seconds T`` the same clock and no cap;
``--b alphabeta`` plays A against the alpha-beta yardstick at that clock. Sides alternate; the
score is A's.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.arena import interval, named, parse_options, report, run  # noqa: E402
from game.ai.levels import Level  # noqa: E402
from game.ai.mcts import SearchConfig  # noqa: E402
from game.ai.policy import LevelPlayer  # noqa: E402
from rules.core import State  # noqa: E402


def parse_config(text: str) -> SearchConfig:
    """``key=value,...`` over the default SearchConfig; bad keys raise ValueError."""
    fields = {f.name: f for f in dataclasses.fields(SearchConfig)}
    changes: dict[str, object] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or key not in fields:
            raise ValueError(f"bad setting '{item}' (settings: {', '.join(fields)})")
        default = getattr(SearchConfig(), key)
        if key == "evaluation":
            if value != "default":
                raise ValueError("evaluation: only 'default' (the generic State.heuristic) is known")
            changes[key] = State.heuristic
        elif value.lower() == "none":
            changes[key] = None
        elif isinstance(default, bool):
            changes[key] = value.lower() in ("1", "true", "yes", "on")
        elif isinstance(default, float):
            changes[key] = float(value)
        else:
            changes[key] = int(value)
    return dataclasses.replace(SearchConfig(), **changes)


def maker(config: SearchConfig, iterations: int, name: str, seconds: float | None = None):
    level = Level(name, name, "tuning", None, iterations, config=config)
    if seconds:
        level = level.timed(seconds)
    return lambda rng: LevelPlayer(level, rng)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--a", default="", help="settings of A, e.g. cutoff=none,greedy=0.5")
    ap.add_argument("--b", default="", help="settings of B")
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--seconds", type=float, help="a clock per move for both sides instead of iterations")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening", type=int, default=0, help="pairs of games from the same N random plies")
    args = ap.parse_args(argv)
    try:
        a = parse_config(args.a)
        b = None if args.b == "alphabeta" else parse_config(args.b)
    except ValueError as exc:
        ap.error(str(exc))
    if b is None and not args.seconds:
        ap.error("alphabeta needs --seconds")
    options = parse_options(ap, args.option, [args.game])
    make_b = named("alphabeta", seconds=args.seconds) if b is None else maker(b, args.iterations, "B", args.seconds)
    makers = (maker(a, args.iterations, "A", args.seconds), make_b)
    tally = run(args.game, makers, args.games, options, args.seed, 2000, progress=True, opening=args.opening)
    budget = f"{args.seconds:g} s" if args.seconds else f"{args.iterations} it"
    print(f"A: {args.a or 'defaults'}   B: {args.b or 'defaults'}")
    print("\n".join(report(args.game, "A", "B", options, budget, tally)[:-1]))
    mean, low, high = interval(tally.scores)
    print(f"RESULT {args.game} A[{args.a}] vs B[{args.b}] {budget}: {mean:.1%} [{low:.0%}, {high:.0%}]")
    return 0


if __name__ == "__main__":
    random.seed(0)
    raise SystemExit(main())
