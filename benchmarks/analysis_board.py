"""The analysis board's cost (issue 32, item 1): CPU time per step through a game and per move
tried (the model a frame waits for: the position rebuilt from the tree's start, its effects, the
move list's rows), at 60 and 300 plies; and the engine's, per position, for its evaluation (the
first point) and its five-move best line (``game.ai.line.best_line``, the analysis judge's budget).
CPU time, not wall time: the machine is shared.

    python -m benchmarks.analysis_board [--positions 4]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from game.ai.line import LINE_PLIES, best_line
from game.match.analysis_board import AnalysisBoard
from game.match.variations import game_tree
from rules import load_game

GAMES = (
    ("sixteen_soldiers", {}),
    ("kotu_ellima", {}),
    ("cows_leopards", {}),
    ("battlehalma", {}),
    ("ncuva", {"columns": 8}),
    ("hat_diviyan_keliya", {}),
)


def a_game(game_id: str, options: dict, plies: int, seed: int):
    """A seeded random game of ``plies`` plies at most (fewer where it ends)."""
    state = load_game(game_id, **options).new_initial_state(random.Random(seed))
    rng = random.Random(seed)
    while state.ply < plies and state.outcome() is None:
        state.apply(rng.choice(state.legal_moves()))
    return state


def cpu_ms(action) -> float:
    start = time.process_time()
    action()
    return (time.process_time() - start) * 1000


def board_costs(game_id: str, options: dict, plies: int) -> tuple[int, float, float, float]:
    """(plies, ms per step back, per step on, per move tried) medians, the rows rebuilt each time."""
    state = a_game(game_id, options, plies, 7)
    board = AnalysisBoard(game_tree(state), state.game.sides)
    back, on, tried = [], [], []
    rng = random.Random(3)
    for _ in range(20):
        back.append(cpu_ms(lambda: (board.step(-1), board.rows())))
    for _ in range(20):
        on.append(cpu_ms(lambda: (board.step(1), board.rows())))
    for _ in range(20):
        board.to_end()
        board.step(-1)
        moves = board.state.legal_moves()
        move = rng.choice(moves)
        tried.append(cpu_ms(lambda move=move: (board.play(move), board.rows())))
    return state.ply, statistics.median(back), statistics.median(on), statistics.median(tried)


def engine_costs(game_id: str, options: dict, positions: int) -> tuple[float, float]:
    """(s to the evaluation, s to the whole line) medians over positions of a seeded game."""
    first, whole = [], []
    for k in range(positions):
        state = a_game(game_id, options, 6 + 8 * k, 11 + k)
        if state.outcome() is not None:
            continue
        start = time.process_time()
        points = best_line(state.to_text(), LINE_PLIES)
        next(points)
        first.append(time.process_time() - start)
        for _ in points:
            pass
        whole.append(time.process_time() - start)
    return statistics.median(first), statistics.median(whole)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=4, help="positions per game for the engine")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start")
    print(
        f"{'game':<20} {'plies':>5} {'back ms':>8} {'on ms':>8} {'tried ms':>9}   {'eval s':>7} {'line s':>7}"
    )
    for game_id, options in GAMES:
        for plies in (60, 300):
            made, back, on, tried = board_costs(game_id, options, plies)
            engine = f"{'':>7} {'':>7}"
            if plies == 60:
                first, whole = engine_costs(game_id, options, args.positions)
                engine = f"{first:7.2f} {whole:7.2f}"
            print(f"{game_id:<20} {made:>5} {back:8.2f} {on:8.2f} {tried:9.2f}   {engine}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
