"""A deliberately naive second implementation of BattleHalma, for cross-checking.

It shares no code with ``rules``: squares are (col, row) pairs, the board a dict square ->
(colour letter, is king), and every simple leap route is walked by plain recursion; two
routes are one move when they leave the same board. Slow, short and obviously right.
"""

from __future__ import annotations

import random

DIRS = {
    "N": (0, 1),
    "NE": (1, 1),
    "E": (1, 0),
    "SE": (1, -1),
    "S": (0, -1),
    "SW": (-1, -1),
    "W": (-1, 0),
    "NW": (-1, 1),
}
ALLOWED = {"R": ["N", "NE", "W", "SW", "NW"], "B": ["S", "SW", "E", "NE", "SE"]}
Board = dict[tuple[int, int], tuple[str, bool]]


def start(n: int, counters: int) -> Board:
    d = {3: 1, 6: 2, 10: 3, 15: 4}[counters]
    board: Board = {}
    for c in range(n):
        for r in range(n):
            if (n - 1 - c) + r <= d:
                board[(c, r)] = ("R", False)
            if c + (n - 1 - r) <= d:
                board[(c, r)] = ("B", False)
    return board


def goal(n: int, me: str) -> tuple[int, int]:
    return (0, n - 1) if me == "R" else (n - 1, 0)


def moves(board: Board, me: str, n: int, promotion: bool) -> list[Board]:
    """The boards after each legal move of ``me`` (one per distinct result)."""
    foe = "B" if me == "R" else "R"
    results: list[Board] = []
    on = lambda s: 0 <= s[0] < n and 0 <= s[1] < n  # noqa: E731

    def finish(bd: Board, at: tuple[int, int], king: bool) -> None:
        bd = dict(bd)
        crowned = king or (promotion and at == goal(n, me))
        bd[at] = (me, crowned)
        if bd not in results:
            results.append(bd)

    for origin, (who, king) in list(board.items()):
        if who != me:
            continue
        dirs = list(DIRS) if king else ALLOWED[me]
        rest = dict(board)
        del rest[origin]
        for d in dirs:
            dc, dr = DIRS[d]
            to = (origin[0] + dc, origin[1] + dr)
            if on(to) and rest.get(to, (None,))[0] != me:
                finish(rest, to, king)

        def leap(
            at: tuple[int, int],
            bd: Board,
            visited: list[tuple[int, int]],
            king: bool = king,
            dirs: list[str] = dirs,
        ) -> None:
            for d in dirs:
                dc, dr = DIRS[d]
                over, to = (at[0] + dc, at[1] + dr), (at[0] + 2 * dc, at[1] + 2 * dr)
                if not on(to) or over not in bd or to in visited or bd.get(to, (None,))[0] == me:
                    continue
                nb = dict(bd)
                if king and nb[over][0] == foe:
                    del nb[over]
                if to in nb:  # an enemy: captured, the move ends
                    del nb[to]
                    finish(nb, to, king)
                else:
                    finish(nb, to, king)
                    leap(to, nb, visited + [to])

        leap(origin, rest, [origin])
    return results


def outcome(board: Board, me: str, n: int, terminal: bool) -> str | None:
    """Winner letter (or 'draw' never here) once the game is over, else None; ``me`` to move."""
    for side in "RB":
        if terminal and board.get(goal(n, side), (None,))[0] == side:
            return side
    for side, other in (("R", "B"), ("B", "R")):
        if not any(w == side for w, _ in board.values()):
            return other
    return None


def perft(board: Board, me: str, n: int, promotion: bool, depth: int) -> int:
    if depth == 0:
        return 1
    if outcome(board, me, n, not promotion):
        return 0
    foe = "B" if me == "R" else "R"
    nexts = moves(board, me, n, promotion)
    if depth == 1:
        return len(nexts)
    return sum(perft(b, foe, n, promotion, depth - 1) for b in nexts)


def random_game(n: int, counters: int, promotion: bool, rng: random.Random, limit: int = 100) -> int:
    """Plays one uniformly random game (no repetition rule); returns its length in plies."""
    board, me, quiet, plies = start(n, counters), "R", 0, 0
    while outcome(board, me, n, not promotion) is None and quiet < limit:
        nexts = moves(board, me, n, promotion)
        if not nexts:
            break
        nb = nexts[rng.randrange(len(nexts))]
        quiet = 0 if len(nb) < len(board) else quiet + 1
        board, me, plies = nb, ("B" if me == "R" else "R"), plies + 1
    return plies
