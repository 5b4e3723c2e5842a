"""Search settings against each other at a fixed iteration budget: what helps, measured.

Usage: python -m benchmarks.ai_tuning GAME --a key=value,... --b key=value,... [--iterations N | --seconds T]
       [--games G] [--option name=value ...] [--seed S] [--opening N]
Keys are fields of ``game.ai.mcts.SearchConfig`` (exploration, cutoff, greedy, solver,
captures_first, reuse, sharpness, minimax, screen, ...); ``cutoff=none`` plays simulations to the end;
and ``evaluation=KIND`` picks the evaluator from ``game.ai.evaluators.evaluator_for``: ``generic``
(or ``default``) scores cut-offs with the rules' generic material count (``State.heuristic``)
instead of the game's own heuristic, ``learned`` with the game's learned evaluation, ``tuned`` as
the strong levels do.
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

from game.ai.evaluators import KINDS, EvaluationKind  # noqa: E402
from game.ai.levels import Level  # noqa: E402
from game.ai.mcts import SearchConfig  # noqa: E402
from game.ai.policy import LevelPlayer  # noqa: E402
from training.arena import interval, named, parse_options, report, run  # noqa: E402


def parse_evaluation(text: str) -> EvaluationKind:
    """The ``evaluation=KIND`` among ``text``'s settings (default: the game's heuristic)."""
    kind = "heuristic"
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key == "evaluation":
            kind = "generic" if value == "default" else value
    for known in KINDS:
        if kind == known:
            return known
    raise ValueError(f"evaluation: one of {', '.join(KINDS)} (or default: the generic State.heuristic)")


def parse_config(text: str) -> SearchConfig:
    """``key=value,...`` over the default SearchConfig (``evaluation`` apart); bad keys raise ValueError."""
    fields = {f.name: f for f in dataclasses.fields(SearchConfig)}
    changes: dict[str, object] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if key == "evaluation":
            continue  # the evaluator's, not the search's (parse_evaluation)
        if not sep or key not in fields:
            raise ValueError(f"bad setting '{item}' (settings: {', '.join(fields)}, evaluation)")
        default = getattr(SearchConfig(), key)
        if value.lower() == "none":
            changes[key] = None
        elif isinstance(default, bool):
            changes[key] = value.lower() in ("1", "true", "yes", "on")
        elif isinstance(default, float):
            changes[key] = float(value)
        else:
            changes[key] = int(value)
    return dataclasses.replace(SearchConfig(), **changes)


def maker(
    config: SearchConfig,
    iterations: int,
    name: str,
    seconds: float | None = None,
    evaluation: EvaluationKind = "heuristic",
):
    level = Level(name, name, "tuning", None, iterations, config=config, evaluation=evaluation)
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
        a, eval_a = parse_config(args.a), parse_evaluation(args.a)
        b = None if args.b == "alphabeta" else parse_config(args.b)
        eval_b = parse_evaluation("" if b is None else args.b)
    except ValueError as exc:
        ap.error(str(exc))
    if b is None and not args.seconds:
        ap.error("alphabeta needs --seconds")
    options = parse_options(ap, args.option, [args.game])
    make_b = (
        named("alphabeta", seconds=args.seconds)
        if b is None
        else maker(b, args.iterations, "B", args.seconds, eval_b)
    )
    makers = (maker(a, args.iterations, "A", args.seconds, eval_a), make_b)
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
