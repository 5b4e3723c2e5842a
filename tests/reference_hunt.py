"""A deliberately naive second implementation of the hunt games, for cross-checking.

It shares no code with ``rules``: the boards are typed in again from RULES-SPEC's lines,
pieces live in a dict of point names ('H' hunter, 'P' prey), and capture chains are found
by plain recursion on copied dicts. Slow, short and obviously right.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reference_war import lines as alquerque_lines

TRIANGLE = "d4 c3 b2 a1 | d4 d3 d2 d1 | d4 e3 f2 g1 | c3 d3 e3 | b2 d2 f2 | a1 d1 g1"
LARGE_TRIANGLE = (
    "e5 d4 c3 b2 a1 | e5 e4 e3 e2 e1 | e5 f4 g3 h2 i1 | d4 e4 f4 | c3 e3 g3 | b2 e2 h2 | a1 e1 i1"
)


def tables(lines: list[list[str]]) -> tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]]]:
    adj: dict[str, set[str]] = {}
    jumps: dict[str, set[tuple[str, str]]] = {}
    for line in lines:
        for i, p in enumerate(line):
            adj.setdefault(p, set())
            jumps.setdefault(p, set())
            for d in (-1, 1):
                if 0 <= i + d < len(line):
                    adj[p].add(line[i + d])
                if 0 <= i + 2 * d < len(line):
                    jumps[p].add((line[i + d], line[i + 2 * d]))
    return adj, jumps


@dataclass
class Rules:
    """One hunt game: its board's lines, piece totals, chain rule and goal."""

    lines: list[list[str]]
    totals: tuple[int, int]  # hunters, prey
    chains: bool
    target: int  # captures that win for the hunter
    prey_stuck_loses: bool = True
    adj: dict[str, set[str]] = field(init=False)
    jumps: dict[str, set[tuple[str, str]]] = field(init=False)

    def __post_init__(self) -> None:
        self.adj, self.jumps = tables(self.lines)


def cows_and_leopards(target: int = 13) -> Rules:
    return Rules(alquerque_lines(), (2, 24), True, target)


def hat_diviyan(large: bool = False, left_to_win: int = 5) -> Rules:
    text = LARGE_TRIANGLE if large else TRIANGLE
    lines = [seg.split() for seg in text.split("|")]
    if large:
        return Rules(lines, (2, 8), False, 8 - left_to_win)
    return Rules(lines, (1, 7), False, 4)


@dataclass(frozen=True)
class Position:
    board: dict[str, str]
    hands: tuple[int, int]
    turn: int  # 0 hunter, 1 prey


def captured(rules: Rules, pos: Position) -> int:
    return rules.totals[1] - pos.hands[1] - sum(1 for v in pos.board.values() if v == "P")


def moves(rules: Rules, pos: Position) -> list[tuple[str, ...]]:
    """Legal moves ignoring the end of the game: ('@', point) for a drop, else the path."""
    me = "HP"[pos.turn]
    if pos.hands[pos.turn]:
        return [("@", p) for p in sorted(rules.adj) if p not in pos.board]
    out: list[tuple[str, ...]] = []
    for p in sorted(q for q, who in pos.board.items() if who == me):
        for q in sorted(rules.adj[p]):
            if q not in pos.board:
                out.append((p, q))
        if me == "H":

            def extend(path: tuple[str, ...], board: dict[str, str]) -> None:
                here = path[-1]
                for over, to in sorted(rules.jumps[here]):
                    if board.get(over) == "P" and to not in board:
                        nb = dict(board)
                        del nb[over]
                        del nb[here]
                        nb[to] = "H"
                        out.append(path + (to,))
                        if rules.chains:
                            extend(path + (to,), nb)

            extend((p,), pos.board)
    return out


def play(rules: Rules, pos: Position, move: tuple[str, ...]) -> Position:
    board = dict(pos.board)
    hands = list(pos.hands)
    me = "HP"[pos.turn]
    if move[0] == "@":
        board[move[1]] = me
        hands[pos.turn] -= 1
    else:
        del board[move[0]]
        for a, b in zip(move, move[1:]):
            if b not in rules.adj[a]:
                over = next(o for o, t in rules.jumps[a] if t == b)
                del board[over]
        board[move[-1]] = me
    return Position(board, (hands[0], hands[1]), pos.turn ^ 1)


def winner(rules: Rules, pos: Position) -> int | None | str:
    """0 or 1 for a win, None for a draw by a stuck flock, 'open' while the game goes on
    (the no-capture limit is left out: callers keep far from it)."""
    if captured(rules, pos) >= rules.target:
        return 0
    if not moves(rules, pos):
        if pos.turn == 0:
            return 1
        return 0 if rules.prey_stuck_loses else None
    return "open"


def perft(rules: Rules, pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    if winner(rules, pos) != "open":
        return 0
    return sum(perft(rules, play(rules, pos, m), depth - 1) for m in moves(rules, pos))
