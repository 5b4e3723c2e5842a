"""The player the app's computer is: a level (search plus style), and what every player answers.

The AI worker plays a ``LevelPlayer``, and so does the arena (``training.players.make_player``,
which adds the yardsticks: random, greedy, alpha-beta), so what the arena measures is what the app
plays.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple, Protocol

from rules.core import Move, State

from . import solver
from .book import book_for
from .levels import Level
from .mcts import MCTS, SearchResult
from .parallel import HelperSet, RootParallelSearch, start_helpers, stop_helpers

#: how much of the tactical check's recent time a new check weighs against (the rest: its own)
CHECK_MEMORY = 0.7


def shared_clock(seconds: float | None, check_seconds: float) -> float | None:
    """The tree's clock when a tactical check follows it: the check's recent time comes out of
    the level's, never more than half of it (no clock: none)."""
    return None if seconds is None else max(seconds / 2, seconds - check_seconds)


def recent(average: float, spent: float) -> float:
    """The checks' recent time, after one that took ``spent`` seconds."""
    return CHECK_MEMORY * average + (1 - CHECK_MEMORY) * spent


class Decision(NamedTuple):
    """A chosen move with what it cost (``search`` is None for players that do not search)."""

    move: Move | None
    iterations: int
    seconds: float
    search: SearchResult | None = None


class Player(Protocol):
    name: str

    def choose(self, state: State, cancel: Callable[[], bool] | None = None) -> Decision: ...


def biggest_capture(state: State, moves: list[Move], rng: random.Random) -> Move | None:
    """A random one of the moves that gain the most (``state.move_gain``), or None when none gains."""
    gain = state.move_gain
    best = max((gain(m) for m in moves), default=0)
    if not best:
        return None
    top = [m for m in moves if gain(m) == best]
    return top[rng.randrange(len(top))]


class LevelPlayer:
    """Plays a difficulty level: a search within the level's budget, then its style.

    A level with more than one worker searches in helper processes too (``game.ai.parallel``):
    the AI worker hands over the helpers it started (``helpers``); elsewhere (the arena) the
    player starts its own on its first move and ``close()`` stops them."""

    def __init__(self, level: Level, rng: random.Random, helpers: HelperSet | None = None) -> None:
        self.name = level.name
        self.level = level
        self.rng = rng
        self.mcts = MCTS(level.config, rng)
        self._helpers = helpers
        self._own_helpers = False
        self._parallel: RootParallelSearch | None = None
        self._check_seconds = 0.0  # the tactical check's time lately (taken from the search's clock)
        self.checked = self.swapped = 0  # moves the tactical check looked at, and those it changed
        self.finished = 0  # checks that finished their shallowest depth within the clock and nodes

    def choose(
        self, state: State, cancel: Callable[[], bool] | None = None, ticket: int | None = None
    ) -> Decision:
        """The level's move for ``state``; ``ticket`` is the AI worker's request number, which
        helper processes check themselves so that a cancel stops them at once."""
        t0 = time.perf_counter()
        level = self.level
        if level.perfect:
            best = solver.best_moves(state)  # None unless the game is solved and its table ready
            if best:
                return Decision(best[self.rng.randrange(len(best))], 0, time.perf_counter() - t0)
        if level.book:
            opening = book_for(state.game.id)
            move = opening.choose(state, self.rng) if opening is not None else None
            if move is not None:
                return Decision(move, 0, time.perf_counter() - t0)
        self.mcts.config = level.config_for(state.game, state.to_move)
        self.mcts.evaluator = level.evaluator_for(state.game, state.to_move)
        parallel = self._parallel_search()
        checks = level.checks_in(state.game)
        seconds = shared_clock(level.seconds, self._check_seconds) if checks else level.seconds
        if parallel is not None:
            result = parallel.search(self.mcts, state, seconds, level.iterations, cancel, ticket)
        else:
            result = self.mcts.search(state, seconds=seconds, iterations=level.iterations, cancel=cancel)
        move = result.move
        if move is not None and checks and result.proven != "win":
            started = time.perf_counter()
            checked = self._checked(state, move, cancel)
            self.checked += 1
            self.swapped += checked != move
            move = checked
            self._check_seconds = recent(self._check_seconds, time.perf_counter() - started)
        if move is not None and level.stray and result.proven != "win" and self.rng.random() < level.stray:
            move = self._stray(state, result)
        return Decision(move, result.iterations, time.perf_counter() - t0, result)

    def _parallel_search(self) -> RootParallelSearch | None:
        workers = self.level.search_workers()
        if workers <= 1:
            return None
        if self._parallel is None:
            if self._helpers is None:
                self._helpers = start_helpers(workers - 1)
                self._own_helpers = True
            self._parallel = RootParallelSearch(self._helpers, random.Random(self.rng.random()))
        return self._parallel

    def close(self) -> None:
        """Stop the helper processes this player started (none otherwise)."""
        if self._own_helpers and self._helpers is not None:
            stop_helpers(self._helpers)
        self._helpers = self._parallel = None
        self._own_helpers = False

    def _checked(self, state: State, move: Move, cancel: Callable[[], bool] | None = None) -> Move:
        """``move``, unless the tactical check finds it loses a piece (or more) by force against
        the judge's best move, which is then played (never a move the search proved lost). A
        ``cancel`` stops the check as it stops the search (the move then stands)."""
        from .judge import Judge

        level = self.level
        deepest = max(level.tactics, level.tactics_deepest)
        seconds = None if level.seconds is None else level.seconds * level.tactics_share
        found = Judge(level.tactics_nodes).deepest(state, [move], level.tactics, deepest, seconds, cancel)
        self.finished += found is not None
        if found is None or found.best is None or found.best == move:
            return move
        loses = found.best_score - found.scores[move] >= 1.0 - 1e-9
        if loses and found.best not in self.mcts.proven_losses():
            return found.best
        return move

    def _stray(self, state: State, result: SearchResult) -> Move | None:
        """A plausible weaker move: a capture most of the time, never a proven loss if avoidable."""
        lost = self.mcts.proven_losses()
        moves = [m for m in state.legal_moves() if m not in lost] or state.legal_moves()
        if self.rng.random() < self.level.stray_capture:
            capture = biggest_capture(state, moves, self.rng)
            if capture is not None:
                return capture
        return moves[self.rng.randrange(len(moves))]
