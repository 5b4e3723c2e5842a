"""What a board looks like, in pure Python: the front end draws and hit-tests from this alone.

``game.layout`` tells the kind of board (``"lines"``, ``"squares"`` or ``"holes"``), its cells
with their names and drawing coordinates (board units, y upwards), and what that kind needs:
the lines of a line board, the size and named directions of a square grid, the rows, sowing
circuits and opposite holes of a pit board. The front end picks its board family from
``kind`` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .kinds import BoardKind
from .words import Words

KINDS = (BoardKind.LINES, BoardKind.SQUARES, BoardKind.HOLES)

#: Compass directions of a square grid as (columns, rows) steps, rows counted upwards.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, 1),
    "NE": (1, 1),
    "E": (1, 0),
    "SE": (1, -1),
    "S": (0, -1),
    "SW": (-1, -1),
    "W": (-1, 0),
    "NW": (-1, 1),
}


@dataclass(frozen=True)
class Cell:
    """One place a piece or stones can be: its index in moves, its name, where to draw it."""

    index: int
    name: str
    x: float
    y: float


@dataclass(frozen=True, eq=False)
class Layout:
    """A board as the front end sees it (see the module docstring)."""

    kind: BoardKind
    cells: tuple[Cell, ...]
    # lines: the straight lines, as tuples of cell indices in order; and each cell's neighbours
    lines: tuple[tuple[int, ...], ...] = ()
    adjacent: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # squares: (columns, rows) and the directions by name
    size: tuple[int, int] = (0, 0)
    directions: dict[str, tuple[int, int]] = field(default_factory=dict)
    # holes: rows from the bottom (player 0's outer row first), each player's sowing circuit
    # in sowing order, and each inner hole's opposite inner hole
    rows: tuple[tuple[int, ...], ...] = ()
    circuits: tuple[tuple[int, ...], ...] = ()
    opposite: dict[int, int] = field(default_factory=dict)
    # any kind: named groups of cells the board shows, per player where the name ends in its
    # index: "yard0"/"yard1" (tinted home areas), "goal0"/"goal1" (the cell each side heads for)
    regions: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                Words(
                    "unknown layout kind '{kind}' (kinds: {join})",
                    kind=self.kind,
                    join=", ".join(map(str, KINDS)),
                )
            )
        object.__setattr__(self, "_by_index", {c.index: c for c in self.cells})

    def cell(self, index: int) -> Cell:
        by_index: dict[int, Cell] = self._by_index  # type: ignore[attr-defined]  # set once in __post_init__
        return by_index[index]

    def indices(self) -> tuple[int, ...]:
        return tuple(c.index for c in self.cells)

    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) over the cells."""
        xs = [c.x for c in self.cells]
        ys = [c.y for c in self.cells]
        return min(xs), min(ys), max(xs), max(ys)
