"""A naive Ncuva (RULES-SPEC 6) on a dict of hole name -> stones, written straight from the
spec, to cross-check the engine's perft counts and random games (and to show its speed).

Slow on purpose: every state is a fresh dict, every sowing notes every lift in a set (the
engine finds the same stop walking the sowing once, in bounded memory). The rule: a relay that
would lift a state (board, hole) it has already been in stops there, a cycle; only that stops a
sowing, except the house rule's safety net of ``LIFT_LIMIT`` lifts, far above any sowing that
ends by itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

LETTERS = "abcdefghijkl"
LIFT_LIMIT = 100_000  # the house rule's safety net: a sowing stops after this many lifts


def circuit(columns: int, player: int) -> list[str]:
    """The player's holes in sowing order (anticlockwise seen from above)."""
    cols = LETTERS[:columns]
    if player == 0:  # right along row 1, then left along row 2
        return [c + "1" for c in cols] + [c + "2" for c in reversed(cols)]
    return [c + "4" for c in reversed(cols)] + [c + "3" for c in cols]  # left along 4, right along 3


@dataclass
class RefState:
    columns: int
    board: dict[str, int]
    turn: int = 0
    turns: int = 0
    stores: list[int] = field(default_factory=lambda: [0, 0])
    sow_again: bool = True
    limit: int = 200
    lift_limit: int = LIFT_LIMIT
    stopped: str = ""  # how the last sowing ended: "sleep", "cycle" or "limit"

    def copy(self) -> RefState:
        return RefState(
            self.columns,
            dict(self.board),
            self.turn,
            self.turns,
            list(self.stores),
            self.sow_again,
            self.limit,
            self.lift_limit,
        )

    def own(self, player: int) -> list[str]:
        return circuit(self.columns, player)

    def moves(self, player: int | None = None) -> list[tuple[str, str]]:
        """(kind, hole) in circuit order: sowings of 2+, else singles onto an empty next hole."""
        p = self.turn if player is None else player
        holes = self.own(p)
        big = [("sow", h) for h in holes if self.board[h] >= 2]
        if big:
            return big
        return [
            ("single", h)
            for i, h in enumerate(holes)
            if self.board[h] == 1 and self.board[holes[(i + 1) % len(holes)]] == 0
        ]

    def outcome(self) -> tuple[int | None, str] | None:
        owned = [sum(self.board[h] for h in self.own(p)) for p in (0, 1)]
        for p in (0, 1):
            if owned[p] == 0:
                return (1 - p, "all_captured")

        def by_stones(code: str) -> tuple[int | None, str]:
            return (None if owned[0] == owned[1] else (0 if owned[0] > owned[1] else 1), code)

        if all(v < 2 for v in self.board.values()):
            return by_stones("stones")
        if not self.moves():
            return by_stones("no_moves")
        if self.turns >= self.limit:
            return by_stones("limit")
        return None

    def play(self, kind: str, hole: str) -> list[str]:
        """Play one decision; return the opponent holes captured."""
        holes = self.own(self.turn)
        n = len(holes)
        b = self.board
        pos = holes.index(hole)
        captured: list[str] = []
        ended_by = "sleep"
        if kind == "single":
            b[hole] = 0
            pos = (pos + 1) % n
            b[holes[pos]] = 1
        else:
            seen: set[tuple] = set()
            while True:
                key = (tuple(sorted(b.items())), pos)
                if key in seen:
                    ended_by = "cycle"
                    break
                if len(seen) == self.lift_limit:
                    ended_by = "limit"
                    break
                seen.add(key)
                hand = b[holes[pos]]
                b[holes[pos]] = 0
                while hand:
                    pos = (pos + 1) % n
                    b[holes[pos]] += 1
                    hand -= 1
                if b[holes[pos]] == 1:
                    break
        last = holes[pos]
        self.stopped = ended_by
        if ended_by == "sleep" and b[last] == 1 and last[1] in "23":
            col = last[0]
            inner, outer = (col + "3", col + "4") if self.turn == 0 else (col + "2", col + "1")
            if b[inner]:
                for h in (inner, outer):
                    if b[h]:
                        captured.append(h)
                        self.stores[self.turn] += b[h]
                        b[h] = 0
        if captured and self.sow_again and self.moves():
            return captured
        self.turn ^= 1
        self.turns += 1
        return captured


def start(columns: int = 4, maruba: bool = False, **kw: object) -> RefState:
    """Two stones in every hole; ``maruba``: each inner row's leftmost hole, seen from its
    owner's seat, empty and the next one holding one stone (South's a2 and b2, North's last
    two holes of row 3, counted from the right)."""
    board = {c + str(r): 2 for c in LETTERS[:columns] for r in range(1, 5)}
    if maruba:
        last, before = LETTERS[columns - 1], LETTERS[columns - 2]
        board.update({"a2": 0, "b2": 1, last + "3": 0, before + "3": 1})
    return RefState(columns, board, **kw)  # type: ignore[arg-type]


def start_for(options: dict[str, object]) -> RefState:
    """The start under a game's resolved options (columns, after_capture, start)."""
    return start(
        int(options["columns"]),
        maruba=options.get("start") == "maruba",  # type: ignore[arg-type]
        sow_again=options["after_capture"] == "sow-again",
    )


def perft(state: RefState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.outcome() is not None:
        return 0
    total = 0
    for kind, hole in state.moves():
        child = state.copy()
        child.play(kind, hole)
        total += perft(child, depth - 1)
    return total


def random_game(columns: int, rng: random.Random, **kw: object) -> RefState:
    state = start(columns, **kw)
    while state.outcome() is None:
        kind, hole = rng.choice(state.moves())
        state.play(kind, hole)
    return state
