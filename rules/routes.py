"""What a route clicked cell by cell means (the UI builds a move one cell at a time): the cells that
may come next, the move a route plays, what its last hop takes, and why a cell or a route is no
move. ``State`` has these (``RouteQueries`` is one of its bases); a game whose moves have several
routes (BattleHalma) or better words overrides them. The rules decide; the front end only asks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import IllegalMoveError
from .words import NOT_ALLOWED, Words

if TYPE_CHECKING:
    from .core import Game, Move
    from .effects import Effect


class RouteQueries:
    """The route questions of a position, answered from its legal moves and their effects."""

    if TYPE_CHECKING:
        game: Game

        def legal_moves(self) -> list[Move]: ...

        def effects(self, move: Move) -> list[Effect]: ...

    def why_not_from(self, cell: int) -> str:
        """Why no move of the side to move starts at ``cell`` (games give better words)."""
        return Words("no move starts at {cell}", cell=self.game.point_name(cell))

    def why_not_path(self, path: Sequence[int]) -> str:
        """Why no legal move follows the route ``path`` (a step, a chain in progress)."""
        return NOT_ALLOWED

    def continuations(self, path: Sequence[int]) -> tuple[list[int], bool]:
        """For a route being built cell by cell: the cells that may come next, and whether the
        route so far is a complete move. Games whose moves have several routes override it."""
        prefix = tuple(path)
        n = len(prefix)
        nexts: dict[int, None] = {}
        complete = False
        for m in self.legal_moves():
            if len(m.path) < 2 or m.path[:n] != prefix:
                continue
            if len(m.path) > n:
                nexts[m.path[n]] = None
            elif n >= 2:
                complete = True
        return list(nexts), complete

    def move_for_route(self, path: Sequence[int]) -> Move:
        """The legal move the route ``path`` plays; IllegalMoveError saying why when none does."""
        route = tuple(path)
        if len(route) >= 2:
            for m in self.legal_moves():
                if m.path == route:
                    return m
        raise IllegalMoveError(self.why_not_path(route))

    def route_takes(self, path: Sequence[int]) -> list[int]:
        """The cells whose pieces the last hop of the route ``path`` removes (read from effects)."""
        from .effects import hop_takes

        route = tuple(path)
        if len(route) < 2:
            return []
        found: Move | None
        try:
            found = self.move_for_route(route)
        except IllegalMoveError:
            found = next((m for m in self.legal_moves() if m.path[: len(route)] == route), None)
        if found is None:
            return []
        move = found
        if move.path[: len(route)] == route:
            hops = hop_takes(self.effects(move))
            return hops[len(route) - 2] if len(hops) >= len(route) - 1 else []
        # Another route to the same end (the stored one differs): what it takes beyond the
        # route one hop shorter.
        try:
            before = set(self.move_for_route(route[:-1]).captured) if len(route) > 2 else set()
        except IllegalMoveError:
            before = set()
        return [c for c in move.captured if c not in before]

    def moves_with_prefix(self, path: Sequence[int]) -> list[Move]:
        """Legal moves whose path starts with ``path`` (how the UI builds a chain jump by jump)."""
        prefix = tuple(path)
        n = len(prefix)
        return [m for m in self.legal_moves() if m.path[:n] == prefix]
