"""Search speed: MCTS iterations per second at the Hard level's budget, for every game.

Usage: python -m benchmarks.ai_speed [--seconds S] [--games ID ...] [--profile] [--levels]
           [--workers N ...]
       python -m benchmarks.ai_speed --cpu N [--level NAME] [--rounds R] [--games ID ...]
           [--option NAME=VALUE]
Each game is searched from three positions (the start, and after 10 and 30 random plies,
seeded) for S seconds each (default: the Hard level's clock) with the Hard level's settings
for that game; the iteration cap is lifted so the clock alone stops the search.
``--option NAME=VALUE`` sets a rules option (compare one game's versions under the same rules).
``--profile`` prints where one search spends its time instead. ``--levels`` times every
level as the app plays it (clock and cap) from the same positions: the longest move counts.
``--workers 1 2`` times Expert's settings searching in that many processes (root parallelism,
``game.ai.parallel``) from the same positions, and, for comparison, two searches on two threads of
one process (what tree parallelism would have to live with in CPython: one interpreter lock).
``--cpu N`` runs the level's own search (``--level``, default Hard, or an arena variant such as
``hard:resolve``; one process, no book, no solved table) for exactly N iterations from the same
positions with a fixed seed, and divides by the CPU seconds it took (``time.process_time``): the
same work whatever the machine's load, so two versions of the search compare even on a busy machine
(issue 31). ``--rounds R`` repeats it and prints the median of each row.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.evaluators import Evaluator  # noqa: E402
from game.ai.levels import LEVELS  # noqa: E402
from game.ai.mcts import MCTS, SearchConfig  # noqa: E402
from game.ai.policy import LevelPlayer  # noqa: E402
from rules import game_ids, load_game  # noqa: E402
from rules.core import State  # noqa: E402
from training.players import make_player  # noqa: E402


def positions(game_id: str, seed: int = 1, options: dict[str, str] | None = None) -> list[tuple[str, State]]:
    """The start and two positions reached by seeded random play (open, with a choice)."""
    out = []
    for depth in (0, 10, 30):
        rng = random.Random(seed)
        state = load_game(game_id, **(options or {})).new_initial_state(rng)
        for _ in range(depth):
            move = state.playout_move(rng)
            if move is None or state.outcome() is not None:
                break
            state.apply(move)
            if state.outcome() is not None:
                state.undo()
                break
        while len(state.legal_moves()) < 2 and state.history():
            state.undo()  # a lone move is answered without searching: nothing to time
        out.append((f"ply {state.ply}", state))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=LEVELS["hard"].seconds)
    ap.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--levels", action="store_true", help="seconds per move of every level")
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rules option for every game listed (e.g. after_capture=sow-again)",
    )
    ap.add_argument("--workers", type=int, nargs="*", help="time Expert's search in this many processes")
    ap.add_argument(
        "--cpu", type=int, metavar="N", help="iterations per CPU second over N-iteration searches"
    )
    ap.add_argument(
        "--level", default="hard", help="the level --cpu times, or its arena variant (default: hard)"
    )
    ap.add_argument("--rounds", type=int, default=1, help="--cpu: repeat, print each row's median")
    args = ap.parse_args(argv)
    if args.cpu:
        options = dict(item.split("=", 1) for item in args.option)
        return time_cpu(args.games or game_ids(), args.level, args.cpu, max(1, args.rounds), options)
    if args.levels:
        return time_levels(args.games or game_ids())
    if args.workers:
        if min(args.workers) < 1:
            ap.error("--workers must be at least 1")
        return time_workers(args.games or game_ids(), args.workers, args.seconds)
    options = dict(item.split("=", 1) for item in args.option)
    print(f"Hard settings (each game's own); {args.seconds:g} s per search")
    print(f"{'game':<22} {'position':<9} {'iterations':>10} {'it/s':>8} {'moves':>6}")
    hard = LEVELS["hard"]
    for game_id in args.games or game_ids():
        for label, state in positions(game_id, options=options):
            engine = MCTS(hard.config_for(state.game), random.Random(1), hard.evaluator_for(state.game))
            if args.profile:
                prof = cProfile.Profile()
                prof.enable()
            result = engine.search(state, seconds=args.seconds)
            if args.profile:
                prof.disable()
                print(f"--- {game_id} {label}")
                pstats.Stats(prof).sort_stats("tottime").print_stats(12)
            rate = result.iterations / result.seconds if result.seconds else 0.0
            print(
                f"{game_id:<22} {label:<9} {result.iterations:>10} {rate:>8.0f} "
                f"{len(state.legal_moves()):>6}",
                flush=True,
            )
    return 0


def time_cpu(games: list[str], level_name: str, iterations: int, rounds: int, options: dict[str, str]) -> int:
    """Iterations per CPU second of ``level_name``'s search, ``iterations`` a search, seeded."""
    player = make_player(level_name, random.Random(1))
    if not isinstance(player, LevelPlayer):
        raise SystemExit(
            f"--level {level_name}: not a level (a level, or a level's variant like hard:resolve)"
        )
    level = dataclasses.replace(player.level, book=False, perfect=False, workers=1, stray=0.0)
    level = level.capped(iterations)
    print(
        f"{level_name} settings (each game's own), {iterations} iterations a search, seed 1, one process; "
        f"{rounds} round(s), median"
    )
    print(f"{'game':<22} {'position':<9} {'iterations':>10} {'cpu s':>7} {'it/cpu s':>9} {'move':>10}")
    total_it, total_cpu = 0, 0.0
    for game_id in games:
        for label, state in positions(game_id, options=options):
            rates, cpus = [], []
            for _ in range(rounds):
                player = LevelPlayer(level, random.Random(1))
                c0 = time.process_time()
                decision = player.choose(state)
                cpu = time.process_time() - c0
                cpus.append(cpu)
                rates.append(decision.iterations / cpu if cpu else 0.0)
            cpu = statistics.median(cpus)
            total_it += decision.iterations
            total_cpu += cpu
            move = state.move_text(decision.move) if decision.move is not None else "-"
            print(
                f"{game_id:<22} {label:<9} {decision.iterations:>10} {cpu:>7.3f} "
                f"{statistics.median(rates):>9.0f} "
                f"{move:>10}",
                flush=True,
            )
    print(
        f"{'all':<22} {'':<9} {total_it:>10} {total_cpu:>7.3f} "
        f"{total_it / total_cpu if total_cpu else 0:>9.0f}"
    )
    return 0


def time_levels(games: list[str]) -> int:
    """Longest and mean thinking time per level over the benchmark positions of ``games``."""
    print(f"{'level':<8} {'clock s':>8} {'cap':>7} {'mean s':>7} {'max s':>7} {'mean it':>8}")
    for name, level in LEVELS.items():
        times, iterations = [], []
        for game_id in games:
            for _, state in positions(game_id):
                decision = LevelPlayer(level, random.Random(1)).choose(state)
                times.append(decision.seconds)
                iterations.append(decision.iterations)
        print(
            f"{name:<8} {level.seconds:>8.2f} {level.iterations:>7} {sum(times) / len(times):>7.2f} "
            f"{max(times):>7.2f} {sum(iterations) / len(iterations):>8.0f}",
            flush=True,
        )
    return 0


def time_workers(games: list[str], counts: list[int], seconds: float) -> int:
    """Iterations a second of Expert's search in ``counts`` processes, and on two threads."""
    import threading
    import time

    print(f"Expert settings, {seconds:g} s a search; it/s is all processes' iterations over the wall clock")
    print(
        f"{'game':<22} {'position':<9} "
        + " ".join(f"{f'{n} proc it/s':>13}" for n in counts)
        + f" {'2 threads it/s':>15}"
    )
    players = {
        n: LevelPlayer(LEVELS["expert"].timed(seconds).with_workers(n), random.Random(1)) for n in counts
    }
    try:
        for player in players.values():  # start the helper processes before any clock runs
            player.choose(positions(games[0])[1][1])
        for game_id in games:
            for label, state in positions(game_id):
                cells = []
                for n in counts:
                    player = players[n]
                    player.mcts = MCTS(
                        rng=random.Random(1)
                    )  # no tree reuse (choose() sets config and evaluator)
                    decision = player.choose(state)
                    cells.append(f"{decision.iterations / decision.seconds:>13.0f}")
                expert = LEVELS["expert"]
                config, evaluator = expert.config_for(state.game), expert.evaluator_for(state.game)
                done = [0, 0]

                def run(
                    i: int,
                    state: State = state,
                    done: list[int] = done,
                    config: SearchConfig = config,
                    evaluator: Evaluator = evaluator,
                ) -> None:
                    done[i] = (
                        MCTS(config, random.Random(i), evaluator).search(state, seconds=seconds).iterations
                    )

                t0 = time.perf_counter()
                threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                cells.append(f"{sum(done) / (time.perf_counter() - t0):>15.0f}")
                print(f"{game_id:<22} {label:<9} " + " ".join(cells), flush=True)
    finally:
        for player in players.values():
            player.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
