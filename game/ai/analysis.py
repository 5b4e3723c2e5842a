"""Looking a finished (or any) game over with the engine, as lichess does after a game: every
position of its history valued and given the engine's best move, in a process of its own so the
window never waits. The front end (``game.match.analysis``) judges each move by how much of the
expected result it gave away.

A position's value is the expected result for the side to move, in [0, 1] (1: a win): a search
of ``iterations`` at the Medium level's settings without straying (absolute values, so positions
compare); a finished position its result; a solved game (Hat Diviyan Keliya) its proven value.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, NamedTuple

from rules import load_state
from rules.core import State

from . import solver
from .levels import LEVELS
from .mcts import MCTS

ITERATIONS = 1500  # per position: a 100-move game in about a minute on one core, in the background


class Point(NamedTuple):
    """One position of the game: after ``ply`` moves, ``to_move`` to move, worth ``value`` to
    them with best play, with the engine's ``best`` move in notation ('' when the game is over
    there). ``played`` is what the move the game went on with is worth to the same side, found by
    the same search (None at the last position), and ``score``/``played_score`` the material the
    best and the played line keep for that side, in the game's units (pieces, or stones)."""

    ply: int
    to_move: int
    value: float
    best: str
    choices: int = 0  # legal moves there (1: the move was forced, and cannot be a slip)
    played: float | None = None
    score: float = 0.0
    played_score: float = 0.0


def value_of(state: State, iterations: int, rng: random.Random) -> tuple[float, str]:
    """(expected result for the side to move, the best move's notation)."""
    out = state.outcome()
    if out is not None:
        return (0.5 if out.winner is None else 1.0 if out.winner == state.to_move else 0.0), ""
    table = solver.table_for(state.game)
    if table is not None:
        scored = solver.move_scores(table, state)
        if scored:
            score, move = scored[0]
            return (0.5 if score == 0 else 1.0 if score > 0 else 0.0), state.move_text(move)
    config = replace(LEVELS["medium"].config_for(state.game.id), relative=False)
    result = MCTS(config, rng).search(state, iterations=iterations)
    return result.value, state.move_text(result.move) if result.move is not None else ""


def analyse(start: str, moves: list[str], budget: int = ITERATIONS, seed: int = 1) -> Iterator[Point]:
    """Each position from ``start`` through ``moves`` (position text and notation), in order."""
    rng = random.Random(seed)
    state = load_state(start)
    for ply in range(len(moves) + 1):
        value, best = value_of(state, budget, rng)
        yield Point(ply, state.to_move, value, best, 0 if state.outcome() is not None else len(state.legal_moves()))
        if ply < len(moves):
            state.play(moves[ply])


def _run(out: Any, start: str, moves: list[str], budget: int) -> None:
    try:
        for point in analyse(start, moves, budget):
            out.put(tuple(point))
        out.put(("done",))
    except Exception as exc:  # noqa: BLE001 - reported to the window, which goes on
        out.put(("error", f"{type(exc).__name__}: {exc}"))


class AnalysisRunner:
    """``analyse`` in a process of its own: ``poll()`` hands over the points found so far and
    never waits; ``cancel()`` stops it at once."""

    def __init__(self, start: str, moves: list[str], budget: int = ITERATIONS) -> None:
        ctx = mp.get_context("spawn")
        self._queue: Any = ctx.Queue()
        self._process: Any = ctx.Process(target=_run, args=(self._queue, start, moves, budget), daemon=True,
                                         name="keliya-analysis")
        self._process.start()
        self.done = False
        self.error = ""

    def poll(self) -> list[Point]:
        found: list[Point] = []
        while not self.done:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item[0] == "done":
                self.done = True
            elif item[0] == "error":
                self.done, self.error = True, str(item[1])
            else:
                found.append(Point(*item))
        if not self.done and not self._process.is_alive() and self._queue.empty():
            self.done, self.error = True, "the analysis stopped"
        return found

    def cancel(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(1.0)
        self.done = True
