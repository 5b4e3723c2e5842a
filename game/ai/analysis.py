"""Looking a finished (or any) game over with the engine, as lichess does after a game: every
position of its history valued, with the engine's best move and the value of the move the game
went on with, in a process of its own so the window never waits. The front end
(``game.match.analysis``) judges each move by what it gave away.

A position's value is the expected result for the side to move, in [0, 1] (1: a win), from the
analysis judge (``game.ai.judge``: alpha-beta with capture chains searched to quiet positions, a
budget of nodes per position, so the verdicts do not depend on the machine's load; its positional
share from the game's ``Evaluator``, as ``game.ai.evaluators.evaluator_for`` gives it); a finished
position its result; a solved game (Hat Diviyan Keliya) its proven value.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
from collections.abc import Iterator
from typing import Any, NamedTuple

from rules import load_state
from rules.core import Move, State

from . import solver
from .evaluators import evaluator_for
from .judge import DECIDED, WIN, Judge

#: nodes per position: a 100-move game in under a minute of one core (RESULTS.md, "The analysis
#: judge"); BattleHalma's leap chains and the Cows' drops make theirs dearer (at 15,000 the Cows'
#: judge missed a trap six plies deep that 20,000 finds)
BUDGET = 30_000
BUDGETS = {"battlehalma": 12_000, "cows_leopards": 20_000}


def budget_for(game_id: str) -> int:
    return BUDGETS.get(game_id, BUDGET)


class Point(NamedTuple):
    """One position of the game: after ``ply`` moves, ``to_move`` to move, worth ``value`` to
    them with best play, with the engine's ``best`` move in notation ('' when the game is over
    there). ``played`` is what the move the game went on with is worth to the same side, found by
    the same search (None at the last position). ``score`` is the material the side keeps with
    the best move, at most what it has now, and ``played_score`` what it keeps with the move
    played, in the game's units (pieces, or stones): their difference is what the move lost."""

    ply: int
    to_move: int
    value: float
    best: str
    choices: int = 0  # legal moves there (1: the move was forced, and cannot be a slip)
    played: float | None = None
    score: float = 0.0
    played_score: float = 0.0


def _solved(state: State, played: Move | None) -> Point | None:
    """The proven values, where a solved table knows the position (None: it does not, yet)."""
    table = solver.table_for(state.game)
    if table is None:
        return None
    scored = solver.move_scores(table, state)
    if not scored:
        return None

    def worth(score: int) -> float:
        return 0.5 if score == 0 else 1.0 if score > 0 else 0.0

    best_score, best = scored[0]
    mine = next((sc for sc, m in scored if m == played), best_score)
    return Point(
        state.ply,
        state.to_move,
        worth(best_score),
        state.move_text(best),
        len(scored),
        worth(mine) if played is not None else None,
        (worth(best_score) - 0.5) * 2 * WIN,
        (worth(mine) - 0.5) * 2 * WIN,
    )


def value_position(state: State, played: Move | None, judge: Judge, as_searched: bool = False) -> Point:
    """One position judged: its value, the best move, and the value of ``played`` there.
    ``as_searched``: the score is the search's for the best line (what the value says, as the
    analysis board shows it), not capped at what the side has now (what a slip is measured by)."""
    out = state.outcome()
    if out is not None:
        value = out.score(state.to_move)
        return Point(
            state.ply, state.to_move, value, "", 0, None, (value - 0.5) * 2 * WIN, (value - 0.5) * 2 * WIN
        )
    solved = _solved(state, played)
    if solved is not None:
        return solved
    found = judge.judge(state, played)
    choices = len(state.legal_moves())
    best = state.move_text(found.best) if found.best is not None else ""
    score, played_score = found.score, found.played_score
    # What a move loses is measured against what the mover has now (a capture it let go is not
    # material lost: the value says what that cost) and against the best line, whichever is less;
    # a proven win keeps what the mover has, and a line ending in a proven result loses nothing
    # in material (the result says it all).
    if abs(played_score) >= DECIDED:
        played_score = score
    if not as_searched:
        score = min(score, found.standing)
    return Point(
        state.ply,
        state.to_move,
        found.value,
        best,
        choices,
        found.played_value if played is not None else None,
        score,
        played_score,
    )


def analyse(start: str, moves: list[str], budget: int | None = None, seed: int = 1) -> Iterator[Point]:
    """Each position from ``start`` through ``moves`` (position text and notation), in order.
    ``seed`` is kept for callers; the judge is deterministic."""
    state = load_state(start)
    judge = Judge(budget if budget is not None else budget_for(state.game.id), evaluator_for(state.game))
    for ply in range(len(moves) + 1):
        played = state.parse_move(moves[ply]) if ply < len(moves) else None
        point = value_position(state, played, judge)
        yield point._replace(ply=ply)
        if played is not None:
            state.play(played)


def _run(out: Any, start: str, moves: list[str], budget: int | None) -> None:
    try:
        for point in analyse(start, moves, budget):
            out.put(tuple(point))
        out.put(("done",))
    except Exception as exc:  # noqa: BLE001 - reported to the window, which goes on
        out.put(("error", f"{type(exc).__name__}: {exc}"))


class AnalysisRunner:
    """``analyse`` in a process of its own: ``poll()`` hands over the points found so far and
    never waits; ``cancel()`` stops it at once."""

    def __init__(self, start: str, moves: list[str], budget: int | None = None) -> None:
        ctx = mp.get_context("spawn")
        self._queue: Any = ctx.Queue()
        self._process: Any = ctx.Process(
            target=_run, args=(self._queue, start, moves, budget), daemon=True, name="keliya-analysis"
        )
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
