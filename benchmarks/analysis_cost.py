"""What a whole game's analysis costs, game by game: a game of (at most) 100 moves played by a
light engine that strays one move in four, looked over at the app's budget in this process, with
its CPU time, the depth the judge reached and the verdicts it gave. ``--show`` prints one game's
annotation as ``python main.py --analyse`` does.

    python -m benchmarks.analysis_cost [--moves 100] [--seed 1] [--show GAME ...]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

from game.ai.judge import Judge
from game.annotate import look_over, read_text, text_report
from game.config import MatchConfig
from game.saves import match_text
from rules import load_game
from rules.core import State

GAMES = (
    ("sixteen_soldiers", {}),
    ("peralikatuma", {}),
    ("kotu_ellima", {}),
    ("cows_leopards", {}),
    ("hat_diviyan_keliya", {}),
    ("battlehalma", {}),
    ("ncuva", {"columns": 8}),
)


def recorded_game(game_id: str, options: dict[str, int], seed: int, moves: int) -> State:
    """A game of at most ``moves`` moves by a light engine that strays one move in four."""
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state(rng)
    judge = Judge(300)
    while state.outcome() is None and state.ply < moves:
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))] if rng.random() < 0.25 else judge.judge(state).best
        assert move is not None
        state.apply(move)
    return state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", nargs="*", default=[], metavar="GAME")
    ap.add_argument("--games", nargs="*", default=None, metavar="GAME")
    ap.add_argument("--budget", type=int, default=None, help="nodes per position (default: the app's)")
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print(f"{'game':20} {'moves':>5} {'CPU s':>7} {'s/position':>10}  {'gap mean/>0.2':>13}  verdicts")
    shown = []
    for game_id, options in GAMES:
        if args.games and game_id not in args.games:
            continue
        state = recorded_game(game_id, options, args.seed, args.moves)
        match = read_text(match_text(MatchConfig(game_id, dict(options)), state))
        t = time.process_time()
        rows = look_over(match, args.budget)
        cpu = time.process_time() - t
        counts = Counter(r.verdict for r in rows)
        said = ", ".join(f"{counts[v]} {v}" for v in ("blunder", "mistake", "inaccuracy") if counts[v])
        # The value a move was given, beside the value of the position it led to, searched anew:
        # how far one search's view of a move and the next search's view of its result differ.
        gaps = [
            abs(a.after - (b.before if b.side == a.side else 1 - b.before)) for a, b in zip(rows, rows[1:])
        ]
        gap = f"{sum(gaps) / len(gaps):.3f} / {sum(g > 0.2 for g in gaps)}" if gaps else "-"
        print(
            f"{game_id:20} {len(rows):>5} {cpu:>7.1f} {cpu / (len(rows) + 1):>10.3f}  {gap:>13}  "
            f"{said or 'no slip'}"
        )
        if game_id in args.show:
            shown.append(text_report(match, rows))
    for report in shown:
        print()
        print(report)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
