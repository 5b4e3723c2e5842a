"""UCT Monte-Carlo tree search for any Keliya game, through the rules API alone.

The search never assumes that turns alternate: every node remembers whose decision it
is (``state.to_move`` after the move), so huffs, placement phases and extra sowings are
ordinary plies. Values are kept from player 0's side in [0, 1] (1: player 0 wins,
0.5: a draw or an even position) and each node judges its children for its own mover.

Kept because they measurably help (see benchmarks/RESULTS.md, section "AI"):
- MCTS-Solver: game-theoretic values (won, lost, drawn) are proven bottom-up, so a win in
  one is always taken and a proven loss is never chosen while anything else is left.
- Cut-off playouts: a simulation stops after ``cutoff`` plies and is scored by the search's
  ``Evaluator`` (``game.ai.evaluators``: the game's heuristic unless the level's factory chose
  another), which is far quicker and steadier than playing to the end.
- Capture-biased playouts: half the simulated moves take the biggest capture.
- Implicit minimax backups: each node also keeps the evaluation backed up by minimax
  through the tree, mixed into the UCT value with weight ``minimax``.
- Capture-first expansion: untried captures are tried before quiet moves.
- Tree reuse: when the next position is a grandchild (or child) of the last root, its
  subtree and statistics are kept.
Cut-off, capture bias and minimax together scored 67% over 60 games against the plain
cut-off-16 search at equal iterations (benchmarks/ai_tuning.py; RESULTS.md).
Kept as options a level may set per game (``Level.per_game``): a root screen, an alpha-beta
that deepens for a share of the clock and leaves the tree only the moves it rates best
(BattleHalma's race, where it took Hard from 40% to 81% against alpha-beta). Quiescence leaves and
progressive bias were measured, used by no level, and removed (issue 31). Two settings no level uses
stay for the arena's variants to measure again: a draw contempt (``contempt``) and new nodes valued
once their captures are played out (``resolve``); neither scored better for Hard against alpha-beta
in the war games (benchmarks/RESULTS.md, issue 33).

What values a position is not the search's business: it is handed an ``Evaluator`` (as OpenSpiel's
MCTS is), and which one a game gets is decided by ``game.ai.evaluators.evaluator_for`` alone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from rules.core import Move, State

from .evaluators import HEURISTIC, Evaluator
from .negamax import best_of


@dataclass(frozen=True)
class SearchConfig:
    """How the search spends its budget (a level picks one of these)."""

    exploration: float = 0.7  # UCT constant for values in [0, 1]
    cutoff: int | None = 8  # playout plies before the evaluation decides; None: play to the end
    greedy: float = 0.5  # chance a playout move is the biggest capture
    solver: bool = True  # prove wins and losses (MCTS-Solver)
    captures_first: bool = True  # expand untried captures before quiet moves
    reuse: bool = True  # keep the subtree of the last search when the position follows on
    sharpness: float = 0.0  # >0: an evaluation h scored as tanh(k*h)/tanh(k), so small leads count more
    relative: bool = False  # sharpen h minus the root's h: what a line gains from here, whatever the scale
    minimax: float = 0.3  # weight of implicit minimax backups of the evaluation in the selection
    screen: int = (
        0  # >0: root moves a capture-resolved alpha-beta this deep finds worse than the best are dropped
    )
    screen_share: float = (
        0.0  # >0: with a clock, the screen deepens for this share of it (no clock: ``screen`` deep)
    )
    screen_margin: float = 0.0  # the screen keeps root moves rated within this of the best (evaluation units)
    #: a finished game drawn counts this much below an even result for the side searching (and as
    #: much above for its opponent): the level plays on from a level position rather than settle
    contempt: float = 0.0
    #: >0: a new node's evaluation for the minimax backups is taken once the captures in view are
    #: played out (a capture-only search this many plies deep, a forced capture taken): a quiet
    #: sacrifice that the forced-capture rule turns into a lost chain counts at once (issue 33, item 1)
    resolve: int = 0


class _OutOfTime(Exception):
    """Raised inside the root screen's alpha-beta when its share of the clock is spent."""


class SearchResult(NamedTuple):
    """What a search found: the move for the side to move and how sure it is."""

    move: Move | None
    iterations: int
    seconds: float
    value: float  # expected result for the side to move, in [0, 1]
    proven: str | None  # 'win', 'loss' or 'draw' when the solver settled the root
    visits: dict[Move, int]  # visits per root move (for styles and the hint)


class RootStat(NamedTuple):
    """One root move of the last search, from the side to move's view (parallel merging)."""

    move: Move
    visits: int
    value: float  # mean result in [0, 1]
    exact: float | None  # proven result in [0, 1], or None


class Node:
    """One position in the tree, reached by ``move``; ``to_move`` decides here."""

    __slots__ = ("move", "parent", "children", "untried", "to_move", "visits", "total", "exact", "est")

    def __init__(self, move: Move | None, parent: Node | None, to_move: int) -> None:
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self.untried: list[Move] | None = None  # filled on first visit
        self.to_move = to_move
        self.visits = 0
        self.total = 0.0  # sum of values from player 0's side
        self.exact: float | None = None  # proven value from player 0's side
        self.est = 0.5  # the evaluation backed up by minimax (implicit minimax backups)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.5


def _value_for(player: int, value0: float) -> float:
    return value0 if player == 0 else 1.0 - value0


def _order_untried(state: State, rng: random.Random, captures_first: bool) -> list[Move]:
    """``state``'s moves in the order they will be expanded, last first (the list is popped)."""
    moves = list(state.legal_moves())
    rng.shuffle(moves)
    if captures_first:
        moves.sort(key=state.move_gain)  # stable: random among equals, the biggest gains popped first
    return moves


class MCTS:
    """A reusable searcher: ``search(state, ...)`` returns the best move for ``state.to_move``.

    ``rng`` is the only source of chance, so a seeded search with an iteration budget is
    reproducible. The given state is never changed: the search plays on a copy. ``evaluator``
    scores its leaves (default: the game's heuristic); a level sets the one its factory gives.
    """

    def __init__(
        self,
        config: SearchConfig | None = None,
        rng: random.Random | None = None,
        evaluator: Evaluator = HEURISTIC,
    ) -> None:
        self.config = config or SearchConfig()
        self.rng = rng or random.Random()
        self.evaluator = evaluator
        self._root: Node | None = None
        self._root_state: State | None = None
        self._root_evaluator: Evaluator | None = (
            None  # what valued the kept tree's nodes (its name is compared)
        )
        self._h_root = 0.0  # the root's evaluation, when values are relative to it
        self._draw0 = 0.5  # a drawn end's value for player 0 in this search (``SearchConfig.contempt``)
        self._root_draw0 = 0.5  # the same for the kept tree (its proven draws hold that value)
        self._deadline: float | None = None  # the root screen's clock, while it runs
        self._cancel: Callable[[], bool] | None = None
        self._nodes = 0
        self._h: Callable[[State], float] = evaluator.evaluate  # the evaluation, while a search runs
        self._screened: list[Move] = []  # root moves the screen dropped, given back if the rest prove no win

    # --- public --------------------------------------------------------------------------
    def search(
        self,
        state: State,
        seconds: float | None = None,
        iterations: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> SearchResult:
        """Search until ``seconds`` pass, ``iterations`` are done or ``cancel()`` is true (after
        one iteration at least: a search cancelled before it began still answers with a move).

        With no budget at all, a single iteration per legal move is run.
        """
        t0 = time.perf_counter()
        work = state.copy()
        moves = work.legal_moves()
        if not moves:
            return SearchResult(None, 0, 0.0, _value_for(work.to_move, work.returns()[0]), None, {})
        if len(moves) == 1:  # nothing to think about (a forced capture, a lone step)
            return SearchResult(moves[0], 0, time.perf_counter() - t0, 0.5, None, {moves[0]: 0})
        contempt = self.config.contempt
        self._draw0 = 0.5 - contempt if work.to_move == 0 else 0.5 + contempt
        root = self._reusable_root(work) if self.config.reuse else None
        if root is None:
            root = Node(None, None, work.to_move)
        root.parent = None
        root.move = None
        self._h = self.evaluator.evaluate
        if self.config.relative:
            self._h_root = self._h(work)
        self._root, self._root_state, self._root_evaluator = root, work.copy(), self.evaluator
        self._root_draw0 = self._draw0
        self._screened = []
        if root.exact is not None:
            pass  # a tree kept from the last search proved this position over every move: nothing to screen
        elif self.config.screen_share and seconds is not None:
            self._screen_root(root, work, moves, 64, t0 + seconds * self.config.screen_share, cancel)
        elif self.config.screen:
            self._screen_root(root, work, moves, self.config.screen)
        if seconds is None and iterations is None:
            iterations = len(moves)
        deadline = None if seconds is None else t0 + seconds
        done = 0
        while root.exact is None or done == 0:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if cancel is not None and done and cancel():  # one iteration at least: a move to answer with
                break
            self._iterate(root, work)
            done += 1
            if root.exact is not None:
                if self._screened and _value_for(root.to_move, root.exact) < 1.0:
                    self._unscreen(root)  # the moves kept prove no win: one dropped may do better
                    continue
                break
        return self._result(root, done, time.perf_counter() - t0)

    # --- one iteration -------------------------------------------------------------------
    def _iterate(self, root: Node, work: State) -> None:
        cfg = self.config
        node = root
        played = 0
        while True:
            if node.exact is not None:
                value0 = node.exact
                break
            if node.untried is None:
                node.untried = _order_untried(work, self.rng, cfg.captures_first)
            if node.untried:
                move = node.untried.pop()
                work.apply(move)
                played += 1
                child = Node(move, node, work.to_move)
                node.children.append(child)
                node = child
                out = work.outcome()
                if out is not None:
                    value0 = self._ended(work)
                    child.est = value0
                    if cfg.solver:
                        child.exact = value0
                else:
                    if cfg.minimax:
                        child.est = self._estimate(work)
                    value0 = self._simulate(work)
                break
            if not node.children:  # a finished game the solver was not asked to mark
                value0 = self._ended(work)
                break
            node = self._select(node)
            work.apply(node.move)  # type: ignore[arg-type]
            played += 1
        self._backup(node, value0)
        for _ in range(played):
            work.undo()

    def _simulate(self, work: State) -> float:
        cfg = self.config
        scratch = work.copy()
        scratch.playout(self.rng, cfg.cutoff, cfg.greedy)
        if scratch.outcome() is not None:
            return self._ended(scratch)
        return self._evaluate(scratch)

    def _ended(self, state: State) -> float:
        """A finished game's value for player 0: its result, a draw valued with the contempt."""
        value0 = state.returns()[0]
        return self._draw0 if value0 == 0.5 else value0

    def _evaluate(self, state: State) -> float:
        """The evaluation as a value in [0, 1] for player 0."""
        return self._squash(self._h(state))

    def _estimate(self, state: State) -> float:
        """A new node's value for the minimax backups, in [0, 1] for player 0: the evaluation as the
        position stands, or with ``resolve`` once the captures in view are played out."""
        plies = self.config.resolve
        if not plies:
            return self._evaluate(state)
        v = self._quiesce(state, plies, -2.0, 2.0)
        return self._squash(v if state.to_move == 0 else -v)

    def _squash(self, h: float) -> float:
        """An evaluation in [-1, 1] for player 0 as a value in [0, 1] (sharpened if asked)."""
        k = self.config.sharpness
        if k:
            if self.config.relative:
                h = max(-1.0, min(1.0, h - self._h_root))
            h = math.tanh(k * h) / math.tanh(k)
        return 0.5 + 0.5 * h

    def _screen_root(
        self,
        root: Node,
        work: State,
        moves: list[Move],
        depth: int,
        deadline: float | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        """Keep at the root only the moves that an alpha-beta (captures resolved at its leaves)
        rates as good as the best: the tree then never spends visits on a move that simply
        loses material, the blunder a plain alpha-beta punishes at once. The alpha-beta deepens
        one ply at a time up to ``depth`` or until ``deadline``; the last finished depth counts."""
        keep = None
        order = list(moves)
        self._deadline, self._cancel, self._nodes = deadline, cancel, 0
        try:
            for d in range(1, depth + 1):
                values = self._root_values(work, order, d)
                order.sort(key=values.__getitem__, reverse=True)
                top = values[order[0]]
                keep = {m for m in order if values[m] >= top - 1e-9 - self.config.screen_margin}
                if len(keep) == 1 and abs(top) >= 1.0:  # a forced result: deeper changes nothing
                    break
        except _OutOfTime:
            pass
        finally:
            self._deadline = self._cancel = None
        if keep is None:
            return
        self._screened = [m for m in reversed(order) if m not in keep]  # popped best rated first
        if root.untried is None:
            root.untried = [
                m for m in _order_untried(work, self.rng, self.config.captures_first) if m in keep
            ]
        else:
            root.untried = [m for m in root.untried if m in keep]
            root.children = [c for c in root.children if c.move in keep]
            if not root.children and not root.untried:  # cannot happen, but never leave the root empty
                root.untried = list(keep)

    def _unscreen(self, root: Node) -> None:
        """Give the root back the moves the screen dropped: a proof over the moves kept is no proof
        of the position while they are untried (a move the screen rated low may hold or win)."""
        root.exact = None
        root.untried = [*(root.untried or ()), *self._screened]
        self._screened = []

    def _root_values(self, work: State, order: list[Move], depth: int) -> dict[Move, float]:
        """Each root move's value for the side to move, ``depth`` plies deep: exact for the moves
        as good as the best, an upper bound below it for the others (alpha-beta fails them low)."""
        me = work.to_move
        best = -2.0
        values = {}
        margin = self.config.screen_margin + 1e-6  # exact within the margin of the best
        for move in order:
            work.apply(move)
            try:
                if work.to_move == me:
                    v = self._shallow(work, depth - 1, best - margin, 2.0)
                else:
                    v = -self._shallow(work, depth - 1, -2.0, -(best - margin))
            finally:
                work.undo()
            values[move] = v
            best = max(best, v)
        return values

    def _tick(self) -> None:
        """Count a node of the root screen; out of its time (or cancelled), stop it."""
        if self._deadline is not None:
            self._nodes += 1
            if not self._nodes & 63 and (
                time.perf_counter() >= self._deadline or (self._cancel is not None and self._cancel())
            ):
                raise _OutOfTime

    def _shallow(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """Alpha-beta for the side to move, ``_quiesce`` at the leaves."""
        self._tick()
        if depth <= 0 or state.outcome() is not None:
            return self._quiesce(state, 4, alpha, beta)
        moves = sorted(state.legal_moves(), key=state.move_gain, reverse=True)
        return best_of(state, moves, lambda a, b: self._shallow(state, depth - 1, a, b), -2.0, alpha, beta)

    def _quiesce(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """The evaluation once the captures in view are played out, for the side to move: a
        capture-only alpha-beta; standing pat is allowed unless every legal move captures (a
        forced capture), so a leaf in the middle of an exchange is not scored as it stands."""
        self._tick()
        me = state.to_move
        h = self._h(state)
        stand = h if me == 0 else -h
        if depth <= 0 or state.outcome() is not None:
            return stand
        gain = state.move_gain
        moves = state.legal_moves()
        captures = [m for m in moves if gain(m) > 0]
        if not captures:
            return stand
        best = -2.0 if len(captures) == len(moves) else stand
        if best >= beta:
            return best
        alpha = max(alpha, best)
        captures.sort(key=gain, reverse=True)
        return best_of(state, captures, lambda a, b: self._quiesce(state, depth - 1, a, b), best, alpha, beta)

    def _select(self, node: Node) -> Node:
        """UCT choice among the children, for the player deciding at ``node``."""
        player = node.to_move
        log_n = math.log(node.visits)
        c = self.config.exploration
        alpha = self.config.minimax
        best, best_score = node.children[0], -1.0
        for child in node.children:
            if child.exact is not None:
                q = _value_for(player, child.exact)
            elif alpha:
                q = _value_for(player, (1.0 - alpha) * child.mean() + alpha * child.est)
            else:
                q = _value_for(player, child.mean())
            score = q + c * math.sqrt(log_n / (child.visits + 1))
            if score > best_score:
                best, best_score = child, score
        return best

    def _backup(self, node: Node | None, value0: float) -> None:
        prove = self.config.solver
        minimax = bool(self.config.minimax)
        while node is not None:
            node.visits += 1
            node.total += value0
            parent = node.parent
            if parent is not None:
                if prove and parent.exact is None:
                    prove = self._try_prove(parent)
                if minimax:
                    ests = [c.est for c in parent.children]
                    parent.est = max(ests) if parent.to_move == 0 else min(ests)
            node = parent

    @staticmethod
    def _try_prove(node: Node) -> bool:
        """Set ``node.exact`` if its children settle it; True if they did."""
        player = node.to_move
        best = -1.0
        all_exact = not node.untried and node.untried is not None
        for child in node.children:
            if child.exact is None:
                all_exact = False
                continue
            v = _value_for(player, child.exact)
            if v >= 1.0:
                node.exact = child.exact
                return True
            best = max(best, v)
        if all_exact and node.children:
            node.exact = best if player == 0 else 1.0 - best
            return True
        return False

    # --- results and reuse ---------------------------------------------------------------
    def _result(self, root: Node, iterations: int, seconds: float) -> SearchResult:
        player = root.to_move
        visits = {c.move: c.visits for c in root.children if c.move is not None}
        proven = None
        if root.exact is not None:
            v = _value_for(player, root.exact)
            proven = "win" if v >= 1.0 else "loss" if v <= 0.0 else "draw"
        best = self.best_child(root)
        if root.untried and best.exact is not None and _value_for(player, best.exact) <= 0.0:
            # every move tried is proven lost (a short search, or moves given back by the screen):
            # one not tried yet may hold
            return SearchResult(root.untried[-1], iterations, seconds, 0.5, proven, visits)
        value = _value_for(player, best.exact if best.exact is not None else best.mean())
        return SearchResult(best.move, iterations, seconds, value, proven, visits)

    @staticmethod
    def best_child(root: Node) -> Node:
        """A proven win if there is one; else the most visited move not proven lost."""
        player = root.to_move

        def rank(child: Node) -> tuple[int, int, float]:
            if child.exact is not None:
                v = _value_for(player, child.exact)
                tier = 2 if v >= 1.0 else 0 if v <= 0.0 else 1
            else:
                tier = 1
            return (tier, child.visits, _value_for(player, child.mean()))

        return max(root.children, key=rank)

    def root_stats(self) -> list[RootStat]:
        """Every root move of the last search with its visits, mean and proof, for the side to move."""
        root = self._root
        if root is None:
            return []
        me = root.to_move
        return [
            RootStat(
                c.move,
                c.visits,
                _value_for(me, c.mean()),
                None if c.exact is None else _value_for(me, c.exact),
            )
            for c in root.children
            if c.move is not None
        ]

    def proven_losses(self) -> set[Move]:
        """Root moves of the last search that the solver proved lost for the side to move."""
        root = self._root
        if root is None:
            return set()
        return {
            c.move
            for c in root.children
            if c.move is not None and c.exact is not None and _value_for(root.to_move, c.exact) <= 0.0
        }

    def _reusable_root(self, work: State) -> Node | None:
        """The node of the last tree for ``work``'s position (same position, a child or a
        grandchild of the last root), or None."""
        root, root_state = self._root, self._root_state
        if root is None or root_state is None or root_state.game.spec is not work.game.spec:
            return None
        kept = self._root_evaluator
        if kept is None or kept.name != self.evaluator.name:  # a level that plays each side its own way
            return None  # (by name: an evaluator sent to a helper process arrives as another object)
        if self._root_draw0 != self._draw0:  # its proven draws were valued for the other side
            return None
        if root_state.game.options != work.game.options:
            return None
        target = work.to_text()
        if root_state.to_text() == target:
            return root
        for child in root.children:
            if not child.visits:
                continue
            root_state.apply(child.move)  # type: ignore[arg-type]
            try:
                if root_state.to_text() == target:
                    return child
                for grandchild in child.children:
                    if not grandchild.visits:
                        continue
                    root_state.apply(grandchild.move)  # type: ignore[arg-type]
                    same = root_state.to_text() == target
                    root_state.undo()
                    if same:
                        return grandchild
            finally:
                root_state.undo()
        return None
