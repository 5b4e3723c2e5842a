"""Fit a game's learned evaluation to the results of self-play, and write its weights file.

Usage::

    python -m training.train_eval GAME [--option NAME=VALUE ...] --seed S [--games N]
                                 [--iterations K] [--opening P] [--rounds R] [--jobs J] [--out FILE]

Texel tuning, with the search's own games: each round plays ``games`` games between two copies of
the Hard search (``iterations`` a move, no clock, so a seed gives the same games on any machine),
each from ``0..opening`` uniformly random plies so that the games differ; every position after the
opening becomes a sample (its features, ``game.ai.features``) labelled with the game's result for
player 0 (1, 1/2, 0). A logistic regression (Newton's method, a little L2) fits the weights; the
limit horizon and the repetition factor (``game.ai.evaluation``) are then picked by the same loss
on a grid (or fixed by ``--horizon`` and ``--repetition``). ``--adjudicate`` labels a drawn game
by the captures at its end instead (3/4 to the side that took more, 1/2 if level): where nearly
every game between the levels is drawn (BattleHalma's promotion game), the outcomes alone carry no
signal; such labels cannot tell a lead melting at a drawing limit either, so the horizon and
repetition factor are then given, not fitted. From the second round on the players already search
with the weights of the round before, so the positions come from games between the current levels.
The file goes to ``game/ai/weights/KEY.json`` (``evaluators.weights_key``), with the command that
made it.
``--jobs`` only spreads the games over processes: the result does not depend on it.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from game.ai.evaluation import Weights, evaluation_from, limit_adjusted, linear_value
from game.ai.evaluators import HEURISTIC, Evaluator, weights_key
from game.ai.features import family_of
from game.ai.levels import LEVELS
from game.ai.mcts import MCTS
from rules import game_ids, load_game
from rules.core import score_of
from rules.recorded import RecordedState

from .arena import parse_options, random_opening

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "game" / "ai" / "weights"  # the shipped ones
HORIZONS = (1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 30, 40, 60)
REPETITION_FACTORS = (1.0, 0.75, 0.5, 0.25, 0.0)


class Sample(NamedTuple):
    """One position of a self-play game: its features and what came of it."""

    features: tuple[float, ...]
    result: float  # the game's result for player 0: 1, 0.5 or 0
    left: int  # plies left before the move limit (-1: no limit counting)
    limit_winner: int | None  # whom the limit would award now
    repeated: bool  # the position had been seen twice


class GameJob(NamedTuple):
    game_id: str
    options: dict[str, str]
    seed: int
    iterations: int
    opening: int
    weights: str | None  # JSON of the current weights, None: the game's heuristic
    max_plies: int
    adjudicate: bool = False  # a draw is labelled by who took more (3/4 to 1/4)


def play_one(job: GameJob) -> list[Sample]:
    """Play one self-play game and return its samples (module level: runs in a pool)."""
    rng = random.Random(job.seed)
    plies = rng.randint(0, job.opening)
    state = random_opening(job.game_id, job.options, plies, rng.randrange(1 << 30))
    family = family_of(state)
    assert family is not None, f"{job.game_id} has no features"
    features = family[2]
    config = LEVELS["hard"].config_for(state.game)
    evaluator: Evaluator = HEURISTIC
    if job.weights is not None:
        learned = evaluation_from(Weights.from_json(job.weights), state)
        if learned is not None:
            evaluator = learned
    searchers = [MCTS(config, random.Random(rng.random()), evaluator) for _ in range(2)]
    seen: list[tuple[tuple[float, ...], int, int | None, bool]] = []
    played = 0
    while state.outcome() is None and played < job.max_plies:
        limit = state.move_limit()
        repeated = isinstance(state, RecordedState) and state.repetitions() >= 2
        seen.append(
            (
                tuple(features(state)),
                -1 if limit is None else limit.left,
                None if limit is None else limit.winner,
                repeated,
            )
        )
        result = searchers[state.to_move].search(state, iterations=job.iterations)
        if result.move is None:
            break
        state.apply(result.move)
        played += 1
    out = state.outcome()
    score = score_of(out, 0)
    if score == 0.5 and job.adjudicate:
        taken = state.captured_counts()
        score += 0.25 * ((taken[0] > taken[1]) - (taken[0] < taken[1]))
    return [Sample(f, score, left, winner, rep) for f, left, winner, rep in seen]


# --- the fit ----------------------------------------------------------------------------------
def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small and well posed)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        s = m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))
        x[r] = s / m[r][r] if abs(m[r][r]) >= 1e-12 else 0.0
    return x


def fit_logistic(
    xs: Sequence[Sequence[float]], ys: Sequence[float], l2: float = 1e-3, steps: int = 25
) -> tuple[list[float], float]:
    """Weights and bias that minimise the cross-entropy of sigmoid(w . x + b) against the
    soft labels ``ys`` (in [0, 1]), plus ``l2`` times n times |w|^2 / 2; Newton's method."""
    n, d = len(xs), len(xs[0])
    rows = [list(x) + [1.0] for x in xs]  # the bias as a last constant feature
    beta = [0.0] * (d + 1)
    lam = l2 * n
    for _ in range(steps):
        grad = [lam * beta[j] if j < d else 0.0 for j in range(d + 1)]
        hess = [[(lam if i == j and i < d else 0.0) for j in range(d + 1)] for i in range(d + 1)]
        for x, y in zip(rows, ys):
            z = sum(b * v for b, v in zip(beta, x))
            p = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))
            r = p - y
            wgt = p * (1.0 - p)
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += r * xi
                    wx = wgt * xi
                    hi = hess[i]
                    for j in range(i + 1):
                        if x[j]:
                            hi[j] += wx * x[j]
        for i in range(d + 1):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        beta = [b - s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return beta[:d], beta[d]


def cross_entropy(predicted: Sequence[float], labels: Sequence[float]) -> float:
    """Mean cross-entropy of predicted scores in (0, 1) against soft labels."""
    eps = 1e-9
    total = 0.0
    for p, y in zip(predicted, labels):
        p = min(1.0 - eps, max(eps, p))
        total -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
    return total / len(labels)


def _predictions(
    samples: Sequence[Sample], w: Sequence[float], b: float, horizon: int, repetition: float
) -> list[float]:
    out = []
    for s in samples:
        v = linear_value(w, b, s.features)
        if s.left >= 0 and s.left < horizon:
            v = limit_adjusted(v, s.left, s.limit_winner, horizon)
        if s.repeated:
            v *= repetition
        out.append(0.5 + 0.5 * v)
    return out


def fit(
    samples: Sequence[Sample],
    names: Sequence[str],
    horizon: int | None = None,
    repetition: float | None = None,
) -> tuple[list[float], float, int, float, dict[str, float]]:
    """The weights, bias, horizon and repetition factor for ``samples``, and the losses; a
    ``horizon`` or ``repetition`` given is kept, not fitted."""
    ys = [s.result for s in samples]
    w, b = fit_logistic([s.features for s in samples], ys)
    best = (math.inf, HORIZONS[0], 1.0)
    reps = REPETITION_FACTORS if any(s.repeated for s in samples) else (0.5,)
    for horizon_tried in HORIZONS if horizon is None else (horizon,):
        for rep in reps if repetition is None else (repetition,):
            loss = cross_entropy(_predictions(samples, w, b, horizon_tried, rep), ys)
            if loss < best[0] - 1e-9:
                best = (loss, horizon_tried, rep)
    material = names.index("material") if "material" in names else 0
    base_w = [0.0] * len(names)
    base_w[material] = 1.0
    bw, bb = fit_logistic([[s.features[material]] for s in samples], ys)
    base = cross_entropy([0.5 + 0.5 * linear_value(bw, bb, [s.features[material]]) for s in samples], ys)
    prior = sum(ys) / len(ys)
    losses = {
        "loss": round(best[0], 5),
        "material_only_loss": round(base, 5),
        "constant_loss": round(cross_entropy([prior] * len(ys), ys), 5),
    }
    return w, b, best[1], best[2], losses


def train(
    game_id: str,
    options: dict[str, str],
    seed: int,
    games: int,
    iterations: int,
    opening: int,
    rounds: int,
    jobs: int,
    max_plies: int,
    command: str,
    log: bool = True,
    adjudicate: bool = False,
    horizon: int | None = None,
    repetition: float | None = None,
) -> Weights:
    """Play, fit and return the weights (``rounds`` times, each round's players using the last fit)."""
    state = load_game(game_id, **options).new_initial_state(random.Random(seed))
    family = family_of(state)
    if family is None:
        raise ValueError(f"{game_id} has no evaluation features (game.ai.features)")
    name, names, _ = family
    current: Weights | None = None
    ctx = mp.get_context("spawn")
    for rnd in range(rounds):
        t0 = time.perf_counter()
        jobs_list = [
            GameJob(
                game_id,
                options,
                seed * 1_000_003 + rnd * 10_007 + i,
                iterations,
                opening,
                None if current is None else current.to_json(),
                max_plies,
                adjudicate,
            )
            for i in range(games)
        ]
        if jobs > 1:
            with ctx.Pool(jobs) as pool:
                results = pool.map(play_one, jobs_list, chunksize=1)
        else:
            results = [play_one(j) for j in jobs_list]
        samples = [s for game in results for s in game]
        outcome = [game[0].result for game in results if game]
        label_counts = {str(v): outcome.count(v) for v in sorted(set(outcome), reverse=True)}
        w, b, fitted_horizon, rep, losses = fit(samples, names, horizon, repetition)
        trained = {
            "command": command,
            "seed": seed,
            "round": rnd + 1,
            "games": games,
            "iterations": iterations,
            "opening": opening,
            "positions": len(samples),
            "adjudicated": adjudicate,
            "labels_for_player_0": label_counts,
            **losses,
        }
        current = Weights(
            weights_key(state.game), name, tuple(names), tuple(w), b, fitted_horizon, rep, trained
        )
        if log:
            print(
                f"round {rnd + 1}: {games} games, {len(samples)} positions, "
                f"{time.perf_counter() - t0:.0f} s; "
                f"loss {losses['loss']} (material alone {losses['material_only_loss']}, "
                f"constant {losses['constant_loss']}); horizon {fitted_horizon}, repetition {rep}",
                flush=True,
            )
            for n, x in zip(names, w):
                print(f"  {n:14s} {x:+.3f}")
            print(f"  {'bias':14s} {b:+.3f}", flush=True)
    assert current is not None
    return current


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.train_eval", description=__doc__.splitlines()[0])
    ap.add_argument("game", help="game id: " + ", ".join(game_ids()))
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rules option")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=200, help="self-play games per round")
    ap.add_argument("--iterations", type=int, default=300, help="search iterations a move in self-play")
    ap.add_argument("--opening", type=int, default=8, help="at most this many random plies start each game")
    ap.add_argument("--rounds", type=int, default=2, help="play-and-fit rounds")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play the games in")
    ap.add_argument("--max-plies", type=int, default=600, help="a game this long is scored a draw")
    ap.add_argument("--adjudicate", action="store_true", help="label a drawn game by who took more")
    ap.add_argument("--horizon", type=int, help="keep this limit horizon instead of fitting it (plies)")
    ap.add_argument("--repetition", type=float, help="keep this repetition factor instead of fitting it")
    ap.add_argument("--out", type=Path, help="where to write the weights (default game/ai/weights/KEY.json)")
    args = ap.parse_args(argv)
    if args.game not in game_ids():
        ap.error(f"unknown game '{args.game}' (games: {', '.join(game_ids())})")
    for name in ("games", "iterations", "rounds", "jobs", "max_plies"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.opening < 0:
        ap.error("--opening must be 0 or more")
    if args.horizon is not None and args.horizon < 1:
        ap.error("--horizon must be at least 1")
    if args.repetition is not None and not 0 <= args.repetition <= 1:
        ap.error("--repetition must be between 0 and 1")
    options = parse_options(ap, args.option, [args.game])
    if family_of(load_game(args.game, **options).new_initial_state(random.Random(0))) is None:
        ap.error(f"{args.game} has no evaluation features (game.ai.features)")
    command = "python -m training.train_eval " + " ".join(
        [
            args.game,
            *(f"--option {o}" for o in args.option),
            f"--seed {args.seed}",
            f"--games {args.games}",
            f"--iterations {args.iterations}",
            f"--opening {args.opening}",
            f"--rounds {args.rounds}",
            *(["--adjudicate"] if args.adjudicate else []),
            *([f"--horizon {args.horizon}"] if args.horizon is not None else []),
            *([f"--repetition {args.repetition}"] if args.repetition is not None else []),
            *([f"--max-plies {args.max_plies}"] if args.max_plies != 600 else []),
        ]
    )
    weights = train(
        args.game,
        options,
        args.seed,
        args.games,
        args.iterations,
        args.opening,
        args.rounds,
        args.jobs,
        args.max_plies,
        command,
        adjudicate=args.adjudicate,
        horizon=args.horizon,
        repetition=args.repetition,
    )
    out = args.out or WEIGHTS_DIR / f"{weights.key}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(weights.to_json(), encoding="utf-8")
    print(f"weights written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
