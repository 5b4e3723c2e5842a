"""Where a level's lost games went wrong: the ply each fell behind, and the moves a deeper search faults.

Usage::

    python -m benchmarks.lost_games GAMES.jsonl [--depth 6] [--before 30] [--budget 3000000]

Reads games kept by ``python -m training.arena … --games-out GAMES.jsonl``. For each game player A
lost, it prints the ply from which A stood a piece or more behind for good (pieces, or stones in
Ncuva, taken by each side: ``State.captured_counts``), counted where an exchange is over: at every
position from there to the end where the side to move has no capture to make, A is behind (a
piece down in the middle of an exchange, or up for a move before the recapture, does not count).
Then it prints each of A's moves in the ``--before`` plies up to it (a lone legal move skipped)
that a ``--depth``-ply judge search rates a piece or more worse than its best move (forced replies
and capture chains searched beyond the depth, as the levels' check searches), with both scores.
A move whose search runs out of ``--budget`` nodes is said to. In a game with an opening book (the
war games), it says for how many plies from the start the game's positions were in the shipped
book, so that a loss the book should have prevented shows.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from game.ai.book import book_for, position_key
from game.ai.judge import Judge
from rules.core import Move, State
from training.kept_games import read_kept, replay

PIECE = 1.0 - 1e-9  # a piece, less a billionth for rounding: the gap at which the levels' check swaps a move


def book_plies(game_id: str, played: list[tuple[State, Move]]) -> int | None:
    """How many of the game's first positions, in a row, the shipped book of ``game_id`` holds
    (None: the game has no book)."""
    opening = book_for(game_id)
    if opening is None:
        return None
    return next(
        (ply for ply, (state, _) in enumerate(played) if position_key(state) not in opening.entries),
        len(played),
    )


def lost_game(kept: dict[str, Any], depth: int, before: int, budget: int) -> list[str]:
    """The lines for one game A lost (see the module's text); [] for a game A did not lose."""
    if kept["a_score"] != 0.0:
        return []
    a = kept["a_side"]
    played = replay(kept)
    leads = [state.captured_counts()[a] - state.captured_counts()[1 - a] for state, _ in played]
    behind = None  # the first of the settled plies (no capture to make) A is behind at to the end
    for ply in reversed(range(len(leads))):
        state = played[ply][0]
        if any(state.captures(m) for m in state.legal_moves()):
            continue  # an exchange under way
        if leads[ply] > -1:
            break
        behind = ply
    where = "never behind for good" if behind is None else f"behind for good from ply {behind}"
    head = f"seed {kept['seed']}, A as side {a}: {len(kept['moves'])} plies, {kept['end']}"
    in_book = book_plies(kept["game"], played)
    if in_book is not None:
        head += f"; in the book {in_book} plies"
    lines = [f"{head}; A {where}"]
    if behind is None:
        return lines
    for ply in range(max(0, behind - before), behind):
        position, move = played[ply]
        if position.to_move != a or len(position.legal_moves()) == 1:
            continue
        text = kept["moves"][ply]
        compared = Judge(budget).compare(position, [move], depth)
        if compared is None:
            lines.append(f"  ply {ply} {text}: over budget")
        elif compared.best is not None and compared.best_score - compared.scores[move] >= PIECE:
            lines.append(
                f"  ply {ply} {text}: {compared.scores[move]:+.2f} where "
                f"{position.move_text(compared.best)} scores {compared.best_score:+.2f} "
                f"({compared.depth} plies, {compared.nodes} nodes)"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.lost_games", description=__doc__.split("\n")[0])
    ap.add_argument("games", type=Path, help="games kept by the arena's --games-out")
    ap.add_argument("--depth", type=int, default=6, help="plies the judge searches (default: 6)")
    ap.add_argument("--before", type=int, default=30, help="plies before falling behind (default: 30)")
    ap.add_argument("--budget", type=int, default=3_000_000, help="nodes a move (default: 3,000,000)")
    args = ap.parse_args(argv)
    if not 1 <= args.depth <= 12:
        ap.error("--depth from 1 to 12")
    if args.before < 1 or args.budget < 1:
        ap.error("--before and --budget must be at least 1")
    try:
        games = read_kept(args.games)
    except (OSError, ValueError) as exc:
        ap.error(f"cannot read the games in {args.games}: {exc}")
    lost = 0
    for kept in games:
        try:
            lines = lost_game(kept, args.depth, args.before, args.budget)
        except (KeyError, TypeError, ValueError) as exc:
            ap.error(f"a game in {args.games} is not one the arena kept: {exc}")
        lost += bool(lines)
        for line in lines:
            print(line, flush=True)
    print(f"A lost {lost} of {len(games)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
