"""Line boards: a board is nothing but its straight lines (RULES-SPEC section 1).

Points sit on a lattice and are numbered ``(row - 1) * width + column`` (both 0-based
inside), like python-chess squares, so a set of points is an int bitmask and a
"direction" along the lattice is a bit shift. Adjacency, jumps and the shift tables
the fast move generators use are all derived once from the lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from .words import Words

FILES = "abcdefghijklmnopqrstuvwxyz"


def bits(mask: int) -> Iterator[int]:
    """The set bit indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """Points, lines, adjacency and jumps of one line board."""

    def __init__(self, name: str, width: int, height: int, lines: Iterable[Iterable[str]]) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.lines: tuple[tuple[int, ...], ...] = tuple(tuple(self._parse(p) for p in line) for line in lines)
        pts = sorted({p for line in self.lines for p in line})
        self.points: tuple[int, ...] = tuple(pts)
        self._rows_top_down: tuple[tuple[int, ...], ...] | None = None
        self.mask = 0
        for p in pts:
            self.mask |= 1 << p
        size = width * height
        adj: list[set[int]] = [set() for _ in range(size)]
        jumps: list[set[tuple[int, int]]] = [set() for _ in range(size)]
        for line in self.lines:
            for a, b in zip(line, line[1:]):
                adj[a].add(b)
                adj[b].add(a)
            for a, b, c in zip(line, line[1:], line[2:]):
                jumps[a].add((b, c))
                jumps[c].add((b, a))
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in adj)
        self.jumps: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(sorted(s, key=lambda bc: bc[1])) for s in jumps
        )
        self.adjacent_mask: tuple[int, ...] = tuple(sum(1 << q for q in s) for s in adj)
        self.connections = sum(len(s) for s in adj) // 2
        # Shift tables: (offset, mask of origins) for every lattice offset that occurs.
        self.step_shifts = self._shift_table((a, b) for a in pts for b in adj[a])
        self.jump_shifts = self._shift_table((a, b) for a in pts for b, _ in jumps[a])
        # The directions split by sign, so that the hot loops never branch on it: per lattice
        # offset toward higher points (``up``, a left shift) and toward lower ones (``down``, by
        # its size), (offset, origins of a step, origins of a jump), a jump going twice as far.
        # Every jump's offset is a step's (its first half), so one entry serves both.
        jump_origins = dict(self.jump_shifts)
        self.up: tuple[tuple[int, int, int], ...] = tuple(
            (off, m, jump_origins.get(off, 0)) for off, m in self.step_shifts if off > 0
        )
        self.down: tuple[tuple[int, int, int], ...] = tuple(
            (-off, m, jump_origins.get(off, 0)) for off, m in self.step_shifts if off < 0
        )
        #: per point: (bit jumped over, landing bit, landing) of each jump from it
        self.jump_bits: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple((1 << over, 1 << to, to) for over, to in js) for js in self.jumps
        )
        #: per point: the points its jumps go over (no enemy on them, no capture from there)
        self.over_mask: tuple[int, ...] = tuple(sum(1 << over for over, _ in js) for js in self.jumps)
        for a in pts:
            for b, c in jumps[a]:
                if b - a != c - b:
                    raise ValueError(
                        Words(
                            "{name}: line through {name_of} is not evenly spaced",
                            name=name,
                            name_of=self.name_of(b),
                        )
                    )

    # --- names ---------------------------------------------------------------------------
    def _parse(self, name: str) -> int:
        col = FILES.index(name[0])
        row = int(name[1:]) - 1
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(Words("{name}: point {name2} is off the lattice", name=self.name, name2=name))
        return row * self.width + col

    def name_of(self, point: int) -> str:
        return f"{FILES[point % self.width]}{point // self.width + 1}"

    def index_of(self, name: str) -> int:
        """The point called ``name``; ValueError if the board has no such point."""
        name = name.strip().lower()
        try:
            p = self._parse(name)
        except (ValueError, IndexError):
            raise ValueError(
                Words("'{name}' is not a point of the {name2}", name=name, name2=self.name)
            ) from None
        if not (self.mask >> p) & 1:
            raise ValueError(Words("'{name}' is not a point of the {name2}", name=name, name2=self.name))
        return p

    def coords(self, point: int) -> tuple[int, int]:
        """(column, row), 0-based, row 0 at the bottom: what the renderer lays out."""
        return point % self.width, point // self.width

    def mask_of(self, names: Iterable[str]) -> int:
        m = 0
        for n in names:
            m |= 1 << self.index_of(n)
        return m

    def names(self, mask: int) -> list[str]:
        return [self.name_of(p) for p in bits(mask)]

    def rotate(self, point: int) -> int:
        """The point turned 180° about the board centre (North's view of South's point)."""
        col, row = self.coords(point)
        return (self.height - 1 - row) * self.width + (self.width - 1 - col)

    @staticmethod
    def _shift_table(pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        by_offset: dict[int, int] = {}
        for a, b in pairs:
            by_offset[b - a] = by_offset.get(b - a, 0) | (1 << a)
        return tuple(sorted(by_offset.items()))

    def rows_top_down(self) -> tuple[tuple[int, ...], ...]:
        """Points grouped by row, top row first, each row left to right (position text; made
        once a board: every position's text is written from it)."""
        if self._rows_top_down is None:
            rows: list[list[int]] = [[] for _ in range(self.height)]
            for p in self.points:
                rows[p // self.width].append(p)
            self._rows_top_down = tuple(tuple(r) for r in reversed(rows) if r)
        return self._rows_top_down


def _alquerque_lines(wings: str) -> list[list[str]]:
    """Lines of the 5x5 square c3-g7 plus the named wings ('nsew' subset)."""
    cols = "cdefg"
    lines: list[list[str]] = []
    for r in range(3, 8):  # rows of the square, extended across E/W wings on row 5
        row = [f"{c}{r}" for c in cols]
        if r == 5:
            row = (["a5", "b5"] if "w" in wings else []) + row + (["h5", "i5"] if "e" in wings else [])
        lines.append(row)
    for c in cols:  # columns, extended across N/S wings on column e
        col = [f"{c}{r}" for r in range(3, 8)]
        if c == "e":
            col = (["e1", "e2"] if "s" in wings else []) + col + (["e8", "e9"] if "n" in wings else [])
        lines.append(col)
    # The two main diagonals of the square.
    lines.append(["c3", "d4", "e5", "f6", "g7"])
    lines.append(["c7", "d6", "e5", "f4", "g3"])

    def clip(points: list[str]) -> list[str]:
        """Keep the part of a long wing diagonal that lies on the square or present wings."""
        kept = []
        for p in points:
            col, row = p[0], int(p[1:])
            if row <= 2 and "s" not in wings or row >= 8 and "n" not in wings:
                continue
            if col in "ab" and "w" not in wings or col in "hi" and "e" not in wings:
                continue
            kept.append(p)
        return kept

    for diag in (
        ["a7", "b6", "c5", "d4", "e3", "f2", "g1"],
        ["a3", "b4", "c5", "d6", "e7", "f8", "g9"],
        ["c1", "d2", "e3", "f4", "g5", "h6", "i7"],
        ["c9", "d8", "e7", "f6", "g5", "h4", "i3"],
    ):
        lines.append(clip(diag))
    cross = {
        "n": [["d8", "e8", "f8"], ["c9", "e9", "g9"]],
        "s": [["d2", "e2", "f2"], ["c1", "e1", "g1"]],
        "e": [["h4", "h5", "h6"], ["i3", "i5", "i7"]],
        "w": [["b4", "b5", "b6"], ["a3", "a5", "a7"]],
    }
    for w in wings:
        lines.extend(cross[w])
    return lines


@cache
def alquerque_49() -> Board:
    """The 5x5 Alquerque square with a triangular wing on each side (49 points)."""
    return Board("49-point board", 9, 9, _alquerque_lines("nsew"))


@cache
def alquerque_37() -> Board:
    """The two-wing board (north and south wings only, 37 points)."""
    return Board("two-wing board", 9, 9, _alquerque_lines("ns"))


@cache
def triangle_10() -> Board:
    """Hat Diviyan Keliya's triangle: apex d4, base a1-g1 (10 points)."""
    lines = [
        "d4 c3 b2 a1",
        "d4 d3 d2 d1",
        "d4 e3 f2 g1",
        "c3 d3 e3",
        "b2 d2 f2",
        "a1 d1 g1",
    ]
    return Board("triangle", 7, 4, (ln.split() for ln in lines))


@cache
def triangle_13() -> Board:
    """The large triangle with an extra row (13 points)."""
    lines = [
        "e5 d4 c3 b2 a1",
        "e5 e4 e3 e2 e1",
        "e5 f4 g3 h2 i1",
        "d4 e4 f4",
        "c3 e3 g3",
        "b2 e2 h2",
        "a1 e1 i1",
    ]
    return Board("large triangle", 9, 5, (ln.split() for ln in lines))
