"""The analysis judge: what a position is worth and what each move there gives away, found by a
search that does not miss tactics (issue 27). The levels' MCTS is a weak, noisy judge of a
single position; this is a full-width alpha-beta over the rules API, the way a chess engine
annotates a game:

- **Iterative deepening within a budget of nodes** (never of seconds: the same game gets the
  same verdicts on a loaded machine, in a test and in the window).
- **Capture chains searched to quiet positions** (quiescence): at the horizon the side to move
  may stand on the position or make a capture (a crowning or a winning landing counts as one);
  under forced capture it may not stand.
- **Forced replies do not count toward depth**: a position with one legal move, or where every
  move is a capture (the forced-capture rule), is searched one ply deeper, so a quiet sacrifice
  that forces a capture and loses a chain comes into view.
- **A material-and-limit value**: the score is material (pieces taken from the other side, in
  the game's units: pieces, or stones in Ncuva) plus a small share of an ``Evaluator``'s value (the
  same protocol the levels' search takes, ``game.ai.evaluators``; by default what its factory gives
  a game: its own heuristic);
  it becomes an expected result through a logistic curve that steepens as the forces thin out
  and as a move limit that awards the game to the leader draws near, and flattens as one that
  draws approaches. The score has no side-to-move term, so a position valued from either side
  agrees.
- **The move played is searched first with a full window**, so its value is exact and comes from
  the very same search as the best move's: the two compare.

``compare`` is the same search to a fixed depth for several moves at once, each valued exactly:
the opening books' verification (``training.book verify``, issue 33).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection
from typing import NamedTuple

from rules.core import Move, State

from .evaluators import HEURISTIC, Evaluator, evaluator_for
from .negamax import best_of

WIN = 10_000.0  # a finished game outweighs any material; a quicker win scores a little higher
DECIDED = WIN - 1_000  # scores beyond this are proven results within the search
POSITIONAL = 0.25  # weight of the evaluation (in [-1, 1]) beside material, in pieces
MAX_DEPTH = 12
QUIESCENCE_PLIES = 10  # captures searched beyond the horizon, at most
EXTENSION_PLIES = 6  # forced replies searched beyond the nominal depth, at most, along one line
CLOCK_EVERY = 512  # nodes between looks at the clock, when a search has a deadline

#: how steeply a material lead becomes an expected result, per game (a lead of 1 unit is worth
#: 1 / (1 + e^-k) at the start, more as the forces thin out): set by hand, not fitted to results
#: (a piece in a war game about 0.65, a stone in Ncuva about 0.54); the verdicts that matter most
#: (the result, material lost) do not depend on them, and RESULTS.md, "The analysis judge", shows
#: the value lines moved
STEEPNESS = {
    "sixteen_soldiers": 0.6,
    "peralikatuma": 0.6,
    "kotu_ellima": 0.6,
    "cows_leopards": 0.3,
    "hat_diviyan_keliya": 1.0,
    "battlehalma": 0.5,
    "ncuva": 0.15,
}
LIMIT_HORIZON = 24  # plies before a move limit from which it starts to weigh on the value


class _OverBudget(Exception):
    """Raised inside the tree when an iteration has spent far more than the budget."""


class Finding(NamedTuple):
    """What the judge found in one position, all from the side to move's view: the best move and
    its score (material units; beyond ``DECIDED``, a proven result), the move played and its
    score, the expected results they mean, and how deep the last full iteration went."""

    best: Move | None
    score: float
    value: float
    played: Move | None
    played_score: float
    played_value: float
    depth: int
    nodes: int
    standing: float = (
        0.0  # what the side to move keeps by moving quietly, or by the best capture when it must take
    )


def material(state: State, evaluator: Evaluator = HEURISTIC) -> float:
    """Player 0's material lead: what each side has taken from the other (pieces, or stones),
    and a small share of ``evaluator``'s judgement (the game's own: mobility, progress, kings)."""
    taken = state.captured_counts()
    return taken[0] - taken[1] + POSITIONAL * evaluator.evaluate(state)


_START_FORCES: dict[str, int] = {}


def thinned(state: State) -> float:
    """How far the forces have thinned out since the start (0: whole, 1: gone): a lead counts
    for more when little is left to win it back with."""
    game = state.game
    key = game.header()
    whole = _START_FORCES.get(key)
    if whole is None:
        start = game.new_initial_state(random.Random(0))
        whole = _START_FORCES[key] = start.forces(0) + start.forces(1)
    return max(0.0, min(1.0, 1.0 - (state.forces(0) + state.forces(1)) / whole)) if whole else 0.0


def expected_result(state: State, score: float) -> float:
    """The expected result (0..1) for the side to move of a score from its side, in ``state``."""
    if score >= DECIDED:
        return 1.0
    if score <= -DECIDED:
        return 0.0
    k = STEEPNESS.get(state.game.id, 0.5) * (1.0 + thinned(state))
    limit = state.move_limit()
    if limit is not None and limit.left < LIMIT_HORIZON:
        near = limit.left / LIMIT_HORIZON
        # A limit that draws wipes a lead out as it nears (squared: a lead a few plies from it is
        # worth little); one that gives the game to the leader hardens it. Judged at the position
        # valued, not in the leaves, whose distance to the limit depends on how deep each side's
        # search went: so a position is worth the same whoever is to move.
        k *= near * near if limit.winner is None else 1.0 + 4.0 * (1.0 - near)
    return 1.0 / (1.0 + math.exp(-k * score))


def _is_capture(state: State, move: Move) -> bool:
    return bool(move.captured) or state.move_gain(move) > 0


class Comparison(NamedTuple):
    """Moves of one position valued by a search of a fixed depth (``Judge.compare``), from the side
    to move's view: each asked move's exact score, the best move and its score, and ``standing``,
    what the side keeps by moving quietly (or by its best capture when it must take)."""

    scores: dict[Move, float]
    best: Move | None
    best_score: float
    standing: float
    depth: int
    nodes: int


class Judge:
    """One search per position (``judge``); ``budget`` nodes a position, about. ``evaluator``
    gives the positional share of the score; None: the factory's for each position's game."""

    def __init__(self, budget: int = 6_000, evaluator: Evaluator | None = None) -> None:
        self.budget = budget
        self.evaluator = evaluator
        self._evaluator: Evaluator = HEURISTIC  # the one in use for the position being judged
        self.nodes = 0
        self._limit = 0  # the node count at which the search stops, or (with a deadline) looks at the clock
        self._cap = 0  # the node count at which the search stops whatever the clock says
        self._deadline: float | None = None  # perf_counter() time the search stops at (None: nodes only)
        self._cancel: Callable[[], bool] | None = None  # asked with the clock: True stops the search
        self._history: dict[Move, int] = {}  # the history heuristic: cut-offs each move made, by depth

    def judge(self, state: State, played: Move | None = None) -> Finding:
        """The best move and the move ``played`` (legal here; None: value the best only)."""
        work = state.copy()
        moves = work.legal_moves()
        self.nodes = 0
        self._evaluator = self.evaluator if self.evaluator is not None else evaluator_for(work.game)
        self._history = {}  # each position judged afresh: the same verdict whatever was judged before
        if not moves:
            score = self._leaf(work)
            v = expected_result(work, score)
            return Finding(None, score, v, None, score, v, 0, 0)
        order = sorted(moves, key=lambda m: (m != played, -work.move_gain(m)))
        scores: dict[Move, float] = {}
        depth_done = 0
        self._limit = 4 * self.budget
        for depth in range(1, MAX_DEPTH + 1):
            spent = self.nodes
            try:
                found = self._root(work, order, depth, played)
            except _OverBudget:
                break
            scores, depth_done = found, depth
            order.sort(key=lambda m: (m != played, -scores[m]))
            cost = self.nodes - spent
            if self.nodes + 3 * cost > self.budget:
                break
            if all(abs(s) >= DECIDED for s in scores.values()):
                break  # every move's result is proven: deeper changes nothing
        if not scores:  # not even depth 1 within the budget: value the moves by their capture
            scores = {m: self._after(work, m) for m in moves}
        best = max(scores, key=lambda m: (scores[m], m == played))
        p_score = scores[played] if played is not None else scores[best]
        return Finding(
            best,
            scores[best],
            expected_result(work, scores[best]),
            played,
            p_score,
            expected_result(work, p_score),
            depth_done,
            self.nodes,
            self._standing(work, moves),
        )

    def compare(self, state: State, moves: Collection[Move], depth: int) -> Comparison | None:
        """Each of ``moves`` (legal in ``state``) valued exactly, and the best move, by a search of
        ``depth`` plies (forced replies and capture chains beyond it, as ``judge`` searches), deepened
        one ply at a time for the move order; None when the budget (nodes, all iterations together)
        runs out first. The opening books' verification (``training.book``)."""
        return self.deepest(state, moves, depth, depth)

    def deepest(
        self,
        state: State,
        moves: Collection[Move],
        shallowest: int,
        depth: int,
        seconds: float | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> Comparison | None:
        """``compare``, deepened from ``shallowest`` plies as far as ``depth`` while the budget (nodes,
        and ``seconds`` when given) lasts: the deepest comparison finished, None when not even the
        shallowest was. More time is more depth (the levels' tactical check). ``cancel`` is asked
        with the clock: once it says so, the search stops as if out of budget."""
        work = state.copy()
        legal = work.legal_moves()
        asked = [m for m in legal if m in moves]
        self.nodes = 0
        self._evaluator = self.evaluator if self.evaluator is not None else evaluator_for(work.game)
        self._history = {}
        if not legal:
            score = self._leaf(work)
            return Comparison({}, None, score, score, 0, 0)
        rest = sorted((m for m in legal if m not in asked), key=work.move_gain, reverse=True)
        scores: dict[Move, float] = {}
        done: tuple[int, dict[Move, float]] | None = None  # the deepest finished: its depth, its scores
        self._deadline = None if seconds is None else time.perf_counter() + seconds
        self._cancel = cancel
        self._cap = self.budget
        watched = seconds is not None or cancel is not None
        self._limit = min(self.budget, CLOCK_EVERY) if watched else self.budget
        try:
            for d in range(1, depth + 1):
                scores = self._root(work, asked + rest, d, None, asked)
                rest.sort(key=lambda m: -scores[m])
                if d >= min(shallowest, depth):
                    done = (d, scores)
        except _OverBudget:
            pass
        finally:
            self._deadline = self._cancel = None
        if done is None:
            return None
        reached, scores = done
        best = max(legal, key=lambda m: scores[m])
        standing = self._standing(work, legal)
        return Comparison({m: scores[m] for m in asked}, best, scores[best], standing, reached, self.nodes)

    def _checkpoint(self) -> None:
        """Past the node limit: out of budget, unless the search is watched (a deadline, a cancel)
        and neither the node cap, the deadline nor a cancel has come (then it looks again
        ``CLOCK_EVERY`` nodes on)."""
        deadline, cancel = self._deadline, self._cancel
        if (deadline is None and cancel is None) or self.nodes >= self._cap:
            raise _OverBudget
        if (deadline is not None and time.perf_counter() > deadline) or (cancel is not None and cancel()):
            raise _OverBudget
        self._limit = min(self._cap, self.nodes + CLOCK_EVERY)

    def _standing(self, state: State, moves: list[Move]) -> float:
        """The material the side to move has now, as a baseline for what a move loses: the count on
        the board, or, when every move is a capture (it must take), the best exchange's outcome."""
        captures = [m for m in moves if _is_capture(state, m)]
        if len(captures) < len(moves):
            return self._leaf(state)
        self._limit = self.nodes + self.budget
        try:
            return self._quiesce(state, moves, captures, -2 * WIN, 2 * WIN, 0)
        except _OverBudget:
            return self._leaf(state)

    # --- the tree ---------------------------------------------------------------------------------
    def _root(
        self, state: State, order: list[Move], depth: int, played: Move | None, exact: Collection[Move] = ()
    ) -> dict[Move, float]:
        """Each root move's score: exact for the move played (searched first, full window), for the
        moves in ``exact`` and for the best; a bound no better than the best for the rest."""
        me = state.to_move
        alpha = -2 * WIN
        out: dict[Move, float] = {}
        for move in order:
            low = -2 * WIN if move == played or move in exact else alpha
            state.apply(move)
            try:
                v = self._child(state, me, depth - 1, low, 2 * WIN, 0)
            finally:
                state.undo()
            out[move] = v
            alpha = max(alpha, v)
        return out

    def _after(self, state: State, move: Move) -> float:
        me = state.to_move
        state.apply(move)
        try:
            v = self._leaf(state)
            return v if state.to_move == me else -v
        finally:
            state.undo()

    def _child(self, state: State, parent: int, depth: int, alpha: float, beta: float, ext: int) -> float:
        """The value of ``state`` for ``parent``, the player who just moved."""
        if state.to_move == parent:
            return self._search(state, depth, alpha, beta, ext)
        return -self._search(state, depth, -beta, -alpha, ext)

    def _leaf(self, state: State) -> float:
        """The score for the side to move of a position searched no further."""
        out = state.outcome()
        if out is not None:
            if out.winner is None:
                return 0.0
            return WIN if out.winner == state.to_move else -WIN
        m = material(state, self._evaluator)
        return m if state.to_move == 0 else -m

    def _search(self, state: State, depth: int, alpha: float, beta: float, ext: int) -> float:
        self.nodes += 1
        if self.nodes > self._limit:
            self._checkpoint()
        out = state.outcome()
        if out is not None:
            if out.winner is None:
                return 0.0
            return (
                (WIN + depth) if out.winner == state.to_move else -(WIN + depth)
            )  # quicker wins score higher
        moves = state.legal_moves()
        if not moves:  # no move and no result: the rules' count decides (none of the games has one)
            return self._leaf(state)
        if depth > 0 and ext < EXTENSION_PLIES:
            if len(moves) == 1 or all(_is_capture(state, m) for m in moves):
                depth, ext = depth + 1, ext + 1  # a forced reply does not count toward depth
        if depth <= 0:
            return self._quiesce(state, moves, None, alpha, beta, 0)
        gain, history = state.move_gain, self._history
        moves.sort(key=lambda m: (gain(m), history.get(m, 0)), reverse=True)

        def refuted(move: Move) -> None:  # a move that refutes is tried early next time
            history[move] = history.get(move, 0) + depth * depth

        return best_of(
            state,
            moves,
            lambda a, b: self._search(state, depth - 1, a, b, ext),
            -2 * WIN,
            alpha,
            beta,
            refuted,
        )

    def _quiesce(
        self,
        state: State,
        moves: list[Move],
        captures: list[Move] | None,
        alpha: float,
        beta: float,
        plies: int,
    ) -> float:
        """Captures only, until the position is quiet; the side to move may stand on it unless
        every move it has is a capture (then it must take). ``captures``: those of ``moves``, or
        None to find them only if standing is not enough (most positions stop there)."""
        if not moves:
            return self._leaf(state)
        if captures is None:
            must = all(_is_capture(state, m) for m in moves)
        else:
            must = len(captures) == len(moves)
        best = -2 * WIN
        if not must or plies >= QUIESCENCE_PLIES:
            best = self._leaf(state)
            if best >= beta or plies >= QUIESCENCE_PLIES:
                return best
            alpha = max(alpha, best)
        if captures is None:
            captures = list(moves) if must else [m for m in moves if _is_capture(state, m)]
        captures.sort(key=state.move_gain, reverse=True)
        return best_of(state, captures, lambda a, b: self._quiet(state, a, b, plies + 1), best, alpha, beta)

    def _quiet(self, state: State, alpha: float, beta: float, plies: int) -> float:
        """A position within the capture search, valued for its side to move."""
        self.nodes += 1
        if self.nodes > self._limit:
            self._checkpoint()
        out = state.outcome()
        if out is not None:
            return 0.0 if out.winner is None else WIN if out.winner == state.to_move else -WIN
        return self._quiesce(state, state.legal_moves(), None, alpha, beta, plies)
