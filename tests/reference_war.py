"""A deliberately naive second implementation of the war-game moves, for cross-checking.

It shares no code with ``rules``: the board is typed in again from RULES-SPEC's table of
lines, pieces live in a dict of point names, and chains are found by plain recursion.
Slow, short and obviously right, so perft counts from the two must agree.
"""

from __future__ import annotations

LINES = """
c3 d3 e3 f3 g3 | c4 d4 e4 f4 g4 | a5 b5 c5 d5 e5 f5 g5 h5 i5 | c6 d6 e6 f6 g6 | c7 d7 e7 f7 g7
c3 c4 c5 c6 c7 | d3 d4 d5 d6 d7 | e1 e2 e3 e4 e5 e6 e7 e8 e9 | f3 f4 f5 f6 f7 | g3 g4 g5 g6 g7
c3 d4 e5 f6 g7 | c7 d6 e5 f4 g3 | a7 b6 c5 d4 e3 f2 g1 | a3 b4 c5 d6 e7 f8 g9
c1 d2 e3 f4 g5 h6 i7 | c9 d8 e7 f6 g5 h4 i3
d8 e8 f8 | c9 e9 g9 | d2 e2 f2 | c1 e1 g1 | h4 h5 h6 | i3 i5 i7 | b4 b5 b6 | a3 a5 a7
"""


def lines() -> list[list[str]]:
    return [seg.split() for seg in LINES.replace("\n", "|").split("|") if seg.strip()]


def tables() -> tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]]]:
    adj: dict[str, set[str]] = {}
    jumps: dict[str, set[tuple[str, str]]] = {}
    for line in lines():
        for i, p in enumerate(line):
            adj.setdefault(p, set())
            jumps.setdefault(p, set())
            for d in (-1, 1):
                if 0 <= i + d < len(line):
                    adj[p].add(line[i + d])
                if 0 <= i + 2 * d < len(line):
                    jumps[p].add((line[i + d], line[i + 2 * d]))
    return adj, jumps


ADJ, JUMPS = tables()


def moves(board: dict[str, str], me: str, rule: str) -> list[tuple[str, ...]]:
    """Paths of legal moves for ``me`` ('S' or 'N') under rule 'forced' or 'free'."""
    foe = "N" if me == "S" else "S"
    chains: list[tuple[str, ...]] = []

    def extend(path: tuple[str, ...], bd: dict[str, str]) -> None:
        pos = path[-1]
        went_on = False
        for over, to in sorted(JUMPS[pos]):
            if bd.get(over) == foe and to not in bd:
                went_on = True
                nb = dict(bd)
                del nb[over]
                del nb[pos]
                nb[to] = me
                if rule == "free":
                    chains.append(path + (to,))
                extend(path + (to,), nb)
        if rule == "forced" and not went_on and len(path) > 1:
            chains.append(path)

    for p in [q for q, who in board.items() if who == me]:
        extend((p,), board)
    if rule == "forced" and chains:
        return chains
    steps = [(p, q) for p, who in board.items() if who == me for q in ADJ[p] if q not in board]
    return chains + steps


def play(board: dict[str, str], path: tuple[str, ...]) -> dict[str, str]:
    nb = dict(board)
    me = nb.pop(path[0])
    for a, b in zip(path, path[1:]):
        if b not in ADJ[a]:  # a jump: remove the piece in between
            over = next(o for o, t in JUMPS[a] if t == b)
            del nb[over]
    nb[path[-1]] = me
    return nb


def perft(board: dict[str, str], me: str, rule: str, depth: int) -> int:
    if depth == 0:
        return 1
    foe = "N" if me == "S" else "S"
    return sum(perft(play(board, m), foe, rule, depth - 1) for m in moves(board, me, rule))
