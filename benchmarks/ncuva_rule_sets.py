"""Which Ncuva makes a game: the candidate rule sets measured by self-play (issue 19).

Usage::

    python -m benchmarks.ncuva_rule_sets [--games 200] [--depth 5] [--opening 2] [--seed 19]
                                         [--sizes 4 6 8 12] [--hard-games 20] [--hard-scale 0.04]

Candidates: the source's rule (sow again after a capture) and a capture ending the turn
(Maruba, Mefuvha), each from the source's start (two stones in every hole) and from Maruba's
(each inner row's leftmost hole, from its owner's seat, empty and the next holding one stone).
For every candidate and board size, ``--games`` games between two equal alpha-beta players at a
fixed depth (``--depth`` decisions; captures searched first, ties broken at random) after
``--opening`` uniformly random decisions. The columns:

- *first player*: the score of the player who moves first (win 1, draw 1/2), 95% interval;
- *turns*, *decisions*: the game's length (a turn is every sowing one player makes in a row);
- *over by turn 4*: games over within each side's first two turns; *over in turn 1*: within
  the first player's first turn (the random opening decisions count as play); South moves
  first in every game (``first=south``: the first player is what is measured, not the toss);
- *turn 1 takes*: the share of the opponent's stones the first player captured in turn 1;
- *limit*: sowings stopped by the lift limit (house rule), per 10,000 sowings.

A candidate *survives* when no more than 5% of its games are over by turn 4 and the first
player scores within 35–65%. The survivors are then played Hard against Hard (the app's MCTS
level, ``--hard-scale`` times its iteration cap, no clock: reproducible on a busy machine) for
``--hard-games`` games from ``--opening`` random decisions. Everything is seeded by ``--seed``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import Move, load_game  # noqa: E402
from rules.core import score_of  # noqa: E402
from rules.kinds import MoveKind, Phase  # noqa: E402
from rules.ncuva import NcuvaState  # noqa: E402
from rules.ncuva_sowing import LIMIT_STOP, choices, decide  # noqa: E402

CANDIDATES = (  # (label, after_capture, start)
    ("source: sow again, two in every hole", "sow-again", "even"),
    ("capture ends the turn, two in every hole", "end-turn", "even"),
    ("sow again, Maruba start", "sow-again", "maruba"),
    ("capture ends the turn, Maruba start", "end-turn", "maruba"),
)
SIZES = (4, 6, 8, 12)
WIN = 1000.0


class Searcher:
    """Fixed-depth negamax with alpha-beta on the bare board (``ncuva_sowing``), by the rules of
    ``NcuvaState.apply`` and ``_compute_outcome``; each child is sown once, for ordering and
    for the search below it."""

    def __init__(self, state: NcuvaState, depth: int, rng: random.Random) -> None:
        g = state.game
        self.cols, self.n, self.only_two, self.sow_again, self.limit = (
            g.cols,
            g.n,
            g.only_two,
            g.sow_again,
            g.limit,
        )
        self.depth = depth
        self.rng = rng

    def children(self, b: list[int], turn: int) -> list[tuple[int, int, list[int]]]:
        """(stones taken, local start, board after) for every decision, biggest capture first."""
        starts, single = choices(b, turn * self.n, self.n, self.only_two)
        out = []
        for pos in starts:
            c = b[:]
            out.append((decide(c, turn, self.cols, pos, single)[0], pos, c))
        self.rng.shuffle(out)
        out.sort(key=lambda t: -t[0])
        return out

    def ending(self, b: list[int], turn: int, turns: int, depth: int) -> float | None:
        """The value of a finished game for the side to move (None while it goes on)."""
        n = self.n
        s, o = sum(b[:n]), sum(b[n:])
        mine, theirs = (s, o) if turn == 0 else (o, s)
        if (
            not s
            or not o
            or max(b) < 2
            or not choices(b, turn * n, n, self.only_two)[0]
            or turns >= self.limit
        ):
            return 0.0 if mine == theirs else (WIN + depth if mine > theirs else -WIN - depth)
        return None

    def value(self, b: list[int], turn: int, turns: int, depth: int, alpha: float, beta: float) -> float:
        over = self.ending(b, turn, turns, depth)
        if over is not None:
            return over
        n = self.n
        if depth == 0:
            s, o = sum(b[:n]), sum(b[n:])
            return (s - o) / (s + o) if turn == 0 else (o - s) / (s + o)
        best = -2 * WIN
        for taken, _, c in self.children(b, turn):
            if taken and self.sow_again and choices(c, turn * n, n, self.only_two)[0]:
                v = self.value(c, turn, turns, depth - 1, alpha, beta)
            else:
                v = -self.value(c, turn ^ 1, turns + 1, depth - 1, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def choose(self, state: NcuvaState) -> int:
        """The local start of the best decision for the side to move."""
        b, turn, turns, n = state._b, state.to_move, state.turns, self.n
        alpha, best = -2 * WIN, -1
        for taken, pos, c in self.children(b, turn):
            if taken and self.sow_again and choices(c, turn * n, n, self.only_two)[0]:
                v = self.value(c, turn, turns, self.depth - 1, alpha, 2 * WIN)
            else:
                v = -self.value(c, turn ^ 1, turns + 1, self.depth - 1, -2 * WIN, -alpha)
            if v > alpha or best < 0:
                alpha, best = v, pos
        return best


@dataclass
class Games:
    """What a row of games measured."""

    first_scores: list[float] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    over_by_turn4: int = 0
    over_in_turn1: int = 0
    turn1_share: list[float] = field(default_factory=list)
    sowings: int = 0
    limit_stops: int = 0
    seconds: float = 0.0

    def row(self) -> dict[str, str]:
        n = len(self.first_scores)
        mean, low, high = interval(self.first_scores)
        return {
            "games": str(n),
            "first player": f"{mean:.1%} ({low:.0%}–{high:.0%})",
            "turns": f"{sum(self.turns) / n:.1f}",
            "decisions": f"{sum(self.decisions) / n:.1f}",
            "over by turn 4": f"{self.over_by_turn4 / n:.1%}",
            "over in turn 1": f"{self.over_in_turn1 / n:.1%}",
            "turn 1 takes": f"{sum(self.turn1_share) / n:.1%}",
            "limit": f"{10000 * self.limit_stops / max(1, self.sowings):.1f}",
        }

    def survives(self) -> bool:
        n = len(self.first_scores)
        mean = sum(self.first_scores) / n
        return self.over_by_turn4 <= 0.05 * n and 0.35 <= mean <= 0.65


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean and 95% Wilson interval (as ``training.arena.interval``)."""
    n = len(scores)
    p = sum(scores) / n
    z2 = 1.96 * 1.96
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = 1.96 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def opening(state: NcuvaState, plies: int, rng: random.Random) -> None:
    for _ in range(plies):
        if state.outcome() is not None:
            return
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])


def record(
    tally: Games, state: NcuvaState, first: int, turn_index: list[int], start_stones: int, taken_turn1: int
) -> None:
    """Add one finished game (``turn_index``: the turn, from 1, of every decision made)."""
    out = state.outcome()
    tally.first_scores.append(score_of(out, first))
    last_turn = turn_index[-1] if turn_index else 1
    tally.turns.append(last_turn)
    tally.decisions.append(state.ply)
    tally.over_by_turn4 += out is not None and last_turn <= 4
    tally.over_in_turn1 += out is not None and last_turn <= 1
    tally.turn1_share.append(taken_turn1 / start_stones)


def play_alphabeta(options: dict[str, object], games: int, depth: int, plies: int, seed: int) -> Games:
    """``games`` games between equal alpha-beta players after ``plies`` random decisions."""
    game = load_game("ncuva", **options)
    tally = Games()
    t0 = time.process_time()
    for i in range(games):
        rng = random.Random(seed * 1_000_003 + i)
        state: NcuvaState = game.new_initial_state(rng)  # type: ignore[assignment]
        first = state.to_move
        players = (
            Searcher(state, depth, random.Random(rng.random())),
            Searcher(state, depth, random.Random(rng.random())),
        )
        turn_index: list[int] = []
        while state.outcome() is None:
            if state.ply < plies:
                moves = state.legal_moves()
                move = moves[rng.randrange(len(moves))]
            else:
                pos = players[state.to_move].choose(state)
                move = game.moves[state.phase == Phase.SINGLES][state.to_move][pos]
            count_sowing(tally, state, move)
            turn_index.append(state.turns + 1)
            state.apply(move)
        record(tally, state, first, turn_index, game.total_stones // 2, _turn1_taken(state, first))
    tally.seconds = time.process_time() - t0
    return tally


def count_sowing(tally: Games, state: NcuvaState, move: Move) -> None:
    """Count ``move`` if it is a sowing, and whether the lift limit stops it."""
    if move.kind == MoveKind.SOW:
        g = state.game
        tally.sowings += 1
        tally.limit_stops += (
            decide(state._b[:], state.to_move, g.cols, g.local_of[move.origin], False)[3] == LIMIT_STOP
        )


def _turn1_taken(state: NcuvaState, first: int) -> int:
    """Stones the first player captured in the first turn (replayed from the history)."""
    replay = state.copy()
    while replay.ply and replay.history():
        replay.undo()
    taken = 0
    for move in state.history():
        if replay.turns >= 1:
            break
        before = replay.stores()[first]
        replay.apply(move)
        taken += replay.stores()[first] - before
    return taken


def play_hard(options: dict[str, object], games: int, scale: float, plies: int, seed: int) -> Games:
    """``games`` games Hard against Hard (the app's level at ``scale`` times its iteration cap)."""
    from training.players import make_player

    game = load_game("ncuva", **options)
    tally = Games()
    t0 = time.process_time()
    for i in range(games):
        rng = random.Random(seed * 7_000_003 + i)
        state: NcuvaState = game.new_initial_state(rng)  # type: ignore[assignment]
        first = state.to_move
        opening(state, plies, rng)
        players = [make_player("hard", random.Random(rng.random()), scale=scale) for _ in (0, 1)]
        while state.outcome() is None:
            move = players[state.to_move].choose(state).move
            assert move is not None
            count_sowing(tally, state, move)
            state.apply(move)
        turns = state.turns + (1 if state._sown else 0)
        record(tally, state, first, [max(1, turns)], game.total_stones // 2, _turn1_taken(state, first))
    tally.seconds = time.process_time() - t0
    return tally


COLUMNS = (
    "games",
    "first player",
    "turns",
    "decisions",
    "over by turn 4",
    "over in turn 1",
    "turn 1 takes",
    "limit",
)


def table_header() -> str:
    cells = ["rules", "holes a row", *COLUMNS, "CPU s"]
    return "| " + " | ".join(cells) + " |\n|" + "---|" * len(cells)


def table_row(label: str, columns: int, tally: Games) -> str:
    row = tally.row()
    return "| " + " | ".join([label, str(columns), *(row[c] for c in COLUMNS), f"{tally.seconds:.0f}"]) + " |"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="alpha-beta games per candidate and size")
    ap.add_argument("--depth", type=int, default=5, help="alpha-beta depth in decisions")
    ap.add_argument("--opening", type=int, default=2, help="random decisions before the players take over")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--sizes", type=int, nargs="*", default=list(SIZES))
    ap.add_argument(
        "--hard-games", type=int, default=20, help="Hard against Hard games per survivor (0: none)"
    )
    ap.add_argument("--hard-scale", type=float, default=0.04, help="Hard's iteration cap times this")
    args = ap.parse_args(argv)
    print(
        f"Alpha-beta against alpha-beta, depth {args.depth}, {args.opening} random opening decisions, "
        f"seed {args.seed}"
    )
    print(table_header(), flush=True)
    survivors = []
    for label, after, layout in CANDIDATES:
        for columns in args.sizes:
            options = {"columns": columns, "after_capture": after, "start": layout, "first": "south"}
            tally = play_alphabeta(options, args.games, args.depth, args.opening, args.seed)
            print(table_row(label, columns, tally), flush=True)
            if tally.survives():
                survivors.append((label, columns, options))
    if args.hard_games and survivors:
        print(
            f"\nHard against Hard (iteration cap x{args.hard_scale:g}, no clock), "
            f"{args.opening} random opening decisions, seed {args.seed}"
        )
        print(table_header(), flush=True)
        for label, columns, options in survivors:
            tally = play_hard(options, args.hard_games, args.hard_scale, args.opening, args.seed)
            print(table_row(label, columns, tally), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
