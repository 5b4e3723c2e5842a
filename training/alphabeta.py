"""A textbook sparring partner: iterative-deepening negamax with alpha-beta (issue 12).

It is the agent a general game system would pick for these games, so the levels are measured
against it at equal seconds per move (``python -m training.arena GAME hard alphabeta``). It is a
yardstick, not a level: no style, no straying. Leaves are scored by ``state.heuristic()`` (the
game's material count), moves are ordered by ``state.move_gain`` with the previous iteration's
best move first, and the clock is checked every few hundred nodes. Turns need not alternate:
a child where the same player moves again keeps the window instead of negating it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.ai.negamax import best_of
from game.ai.policy import Decision
from rules.core import Move, State

WIN = 1000.0  # a finished game outweighs any heuristic value in [-1, 1]


class _OutOfTime(Exception):
    """Raised inside the tree when the clock or ``cancel`` stops the search."""


class AlphaBetaPlayer:
    """Deepens one ply at a time until ``seconds`` pass; plays the last full iteration's best."""

    def __init__(self, seconds: float, rng: random.Random, max_depth: int = 64) -> None:
        self.name = "alphabeta"
        self.seconds = seconds
        self.rng = rng
        self.max_depth = max_depth
        self.nodes = 0
        self.depth = 0  # depth of the last completed iteration
        self._deadline = 0.0
        self._cancel: Callable[[], bool] | None = None

    def choose(self, state: State, cancel: Callable[[], bool] | None = None) -> Decision:
        t0 = time.perf_counter()
        work = state.copy()
        moves = work.legal_moves()
        if len(moves) <= 1:
            return Decision(moves[0] if moves else None, 0, time.perf_counter() - t0)
        self._deadline = t0 + self.seconds
        self._cancel = cancel
        self.nodes = 0
        self.depth = 0
        order = self._ordered(work, moves)
        best = order[0]
        for depth in range(1, self.max_depth + 1):
            try:
                value, move = self._root(work, order, depth)
            except _OutOfTime:
                break
            best, self.depth = move, depth
            order.remove(move)
            order.insert(0, move)
            if abs(value) >= WIN - self.max_depth:  # a forced result: deeper search changes nothing
                break
        return Decision(best, self.nodes, time.perf_counter() - t0)

    # --- the tree ---------------------------------------------------------------------------
    def _ordered(self, state: State, moves: list[Move]) -> list[Move]:
        moves = list(moves)
        self.rng.shuffle(moves)  # random among equal gains, so games differ
        moves.sort(key=state.move_gain, reverse=True)
        return moves

    def _root(self, state: State, moves: list[Move], depth: int) -> tuple[float, Move]:
        me = state.to_move
        alpha, best = -2 * WIN, moves[0]
        for move in moves:
            state.apply(move)
            try:
                v = self._child_value(state, me, depth - 1, alpha, 2 * WIN)
            finally:
                state.undo()
            if v > alpha:
                alpha, best = v, move
        return alpha, best

    def _child_value(self, state: State, parent: int, depth: int, alpha: float, beta: float) -> float:
        """The value of ``state`` for ``parent``, the player who just moved."""
        if state.to_move == parent:
            return self._negamax(state, depth, alpha, beta)
        return -self._negamax(state, depth, -beta, -alpha)

    def _negamax(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if not self.nodes & 255 and (
            time.perf_counter() >= self._deadline or (self._cancel is not None and self._cancel())
        ):
            raise _OutOfTime
        me = state.to_move
        out = state.outcome()
        if out is not None:
            if out.winner is None:
                return 0.0
            return (WIN + depth) if out.winner == me else -(WIN + depth)  # quicker wins score higher
        if depth <= 0:
            h = state.heuristic()
            return h if me == 0 else -h
        moves = self._ordered(state, state.legal_moves())
        return best_of(
            state, moves, lambda a, b: self._negamax(state, depth - 1, a, b), -2 * WIN, alpha, beta
        )
