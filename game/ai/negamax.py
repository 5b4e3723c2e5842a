"""The alpha-beta step that the search's helpers share: try each move, value the position it
leads to from the mover's side (a player who moves again keeps the sign), cut when it cannot
matter. Used by the MCTS root screen and quiescence (``mcts``), the sparring partner
(``training.alphabeta``) and the analysis judge (``judge``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.core import Move, State


def best_of(
    state: State,
    moves: Iterable[Move],
    search: Callable[[float, float], float],
    best: float,
    alpha: float,
    beta: float,
    on_cut: Callable[[Move], None] | None = None,
) -> float:
    """The best value among ``moves`` for the side to move, at least ``best``. ``search(a, b)``
    values the position after a move for the side to move *there* within the window (a, b).
    ``on_cut(move)`` hears of the move that made the cut, if one did (move-ordering heuristics)."""
    me = state.to_move
    for move in moves:
        state.apply(move)
        try:
            v = search(alpha, beta) if state.to_move == me else -search(-beta, -alpha)
        finally:
            state.undo()
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    if on_cut is not None:
                        on_cut(move)
                    break
    return best
