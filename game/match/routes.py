"""Turning clicks on cells into moves, through the rules only (no pygame here).

A ``MoveBuilder`` keeps what the player has chosen so far: a selected piece, then the route it
has taken. Each click either selects, extends the route, completes a move, or is refused with
the rules' own reason in words. A route that may stop where it stands can be finished with
``stop()`` (the "stop here" button, or a click on the piece itself). It knows no board and no
move kind: a move made at one cell (a drop, a huff) is a move whose path is one cell, and what
a move does comes from ``state.effects``. Boards whose moves are routes of cells (line boards,
square grids) share it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import Effect, Move, State
from rules.kinds import Code, EffectKind, MoveKind, Refusal
from rules.words import N_, Refused


class Click(Code):
    """What a click on the board did."""

    SELECT = "select"  # a piece is chosen
    DESELECT = "deselect"  # the choice is dropped
    EXTEND = "extend"  # the chain being built goes one landing further
    MOVE = "move"  # a whole move: play it
    ILLEGAL = "illegal"  # refused, with the reason
    NONE = "none"  # nothing happened


#: the first effect of a one-cell move of these kinds, known without working its effects out
FIRST_EFFECT: dict[MoveKind, EffectKind] = {
    MoveKind.DROP: EffectKind.PLACE,
    MoveKind.HUFF: EffectKind.REMOVE,
    MoveKind.SOW: EffectKind.LIFT,
    MoveKind.SINGLE: EffectKind.LIFT,
}


@dataclass(frozen=True)
class ClickResult:
    """What a click did (``kind``), with the move it completes or the reason it is refused."""

    kind: Click
    move: Move | None = None
    reason: str = ""


NOTHING = ClickResult(Click.NONE)


class MoveBuilder:
    """The move being built on ``state`` for the player to move."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.path: tuple[int, ...] = ()
        self.shown_hops = 0  # hops of the last completed move the player already saw built
        self.last_route: tuple[int, ...] = ()  # the route the player clicked for the last move made here
        self.removals_declined = False
        self._legal: list[Move] | None = None
        self._moves: list[Move] | None = None
        self._single: dict[int, tuple[Move, EffectKind | None]] | None = None
        self._open: dict[int, tuple[Move, EffectKind | None]] | None = None
        self._movable: set[int] | None = None
        self._capturers: set[int] | None = None
        self._effects: dict[Move, list[Effect]] = {}
        # asked every frame while a piece is selected: remembered until ``refresh``
        self._conts: dict[tuple[int, ...], tuple[list[int], bool]] = {}
        self._route_takes: dict[tuple[int, ...], list[int]] = {}

    def effects(self, move: Move) -> list[Effect]:
        """``state.effects(move)``, remembered until ``refresh``."""
        fx = self._effects.get(move)
        if fx is None:
            fx = self._effects[move] = self.state.effects(move)
        return fx

    # --- what the rules allow now ----------------------------------------------------------------
    def legal(self) -> list[Move]:
        """Every legal move of the position (asked of the rules once, until ``refresh``)."""
        if self._legal is None:
            self._legal = self.state.legal_moves()
        return self._legal

    def moves(self) -> list[Move]:
        """The legal moves (cached until ``refresh``), less any removal the player declined."""
        if self._moves is None:
            moves = self.legal()
            if self.removals_declined:
                moves = [m for m in moves if m not in self._removal_moves()]
            self._moves = moves
        return self._moves

    def _singles(self) -> dict[int, tuple[Move, EffectKind | None]]:
        """Moves made at one cell, by cell, with what they do there (``PLACE`` or ``REMOVE``): told
        by the move's kind where it says, else by its first effect. (A sowing's effects can run
        to hundreds of thousands of steps: working them out for every hole at every turn cost
        half a second on a position with a sowing stopped at the lift limit.)"""
        if self._single is None:
            out = {}
            for m in self.legal():
                if len(m.path) == 1:
                    what = FIRST_EFFECT.get(m.kind)
                    if what is None:
                        effects = self.effects(m)
                        what = effects[0].kind if effects else None
                    out[m.path[0]] = (m, what)
            self._single = out
        return self._single

    def _removal_moves(self) -> set[Move]:
        return {m for m, what in self._singles().values() if what == EffectKind.REMOVE}

    def refresh(self) -> None:
        """Forget the choice and the cached moves (after a move, undo or new state)."""
        self.path = ()
        self.removals_declined = False
        self._legal = None
        self._moves = None
        self._single = None
        self._open = None
        self._movable = None
        self._capturers = None
        self._effects = {}
        self._conts = {}
        self._route_takes = {}

    def decline_removals(self) -> None:
        """The player turns an offered removal (a huff) down: those clicks stop being moves."""
        self.removals_declined = True
        self._moves = None
        self._open = None

    @property
    def selected(self) -> int | None:
        return self.path[-1] if self.path else None

    def piece_moves(self) -> list[Move]:
        """Moves along a route of two or more cells."""
        return [m for m in self.moves() if len(m.path) > 1]

    def movable(self) -> set[int]:
        if self._movable is None:
            self._movable = {m.origin for m in self.piece_moves()}
        return self._movable

    def capturers(self) -> set[int]:
        """Pieces that can capture now (highlighted)."""
        if self._capturers is None:
            gain = self.state.move_gain
            self._capturers = {m.origin for m in self.piece_moves() if gain(m)}
        return self._capturers

    def _open_singles(self) -> dict[int, tuple[Move, EffectKind | None]]:
        """One-cell moves open now (a declined removal is not), remembered until a change."""
        if self._open is None:
            allowed = set(self.moves())
            self._open = {c: (m, what) for c, (m, what) in self._singles().items() if m in allowed}
        return self._open

    def single_moves(self) -> dict[int, Move]:
        """One-cell moves open now, by cell."""
        return {cell: m for cell, (m, _) in self._open_singles().items()}

    def drop_points(self) -> set[int]:
        """Cells where a piece may be placed from hand."""
        return {c for c, (_, what) in self._open_singles().items() if what == EffectKind.PLACE}

    def removal_points(self) -> set[int]:
        """Enemy pieces that may be removed where they stand (a huff)."""
        return {c for c, (_, what) in self._open_singles().items() if what == EffectKind.REMOVE}

    def _continuations(self, path: tuple[int, ...]) -> tuple[list[int], bool]:
        hit = self._conts.get(path)
        if hit is None:
            hit = self._conts[path] = self.state.continuations(path)
        return hit

    def _takes(self, path: tuple[int, ...]) -> list[int]:
        hit = self._route_takes.get(path)
        if hit is None:
            hit = self._route_takes[path] = self.state.route_takes(path)
        return hit

    def targets(self) -> dict[int, bool]:
        """Next cells the chosen piece may go to: cell -> True if going there captures."""
        if not self.path:
            return {}
        nexts, _ = self._continuations(self.path)
        return {c: bool(self._takes(self.path + (c,))) for c in nexts}

    def captured_by(self, cell: int) -> list[int]:
        """The pieces taken by going on to ``cell`` next (empty when that hop takes none)."""
        return list(self._takes(self.path + (cell,))) if self.path else []

    def can_stop(self) -> bool:
        """True when the route built so far is itself a complete legal move (a chain in progress)."""
        return len(self.path) >= 2 and self._continuations(self.path)[1]

    def chain_captured(self) -> list[int]:
        """Pieces taken by the hops built so far (to preview them)."""
        return [c for k in range(2, len(self.path) + 1) for c in self._takes(self.path[:k])]

    # --- acting on clicks --------------------------------------------------------------------------
    def stop(self) -> ClickResult:
        """Finish the chain where it stands, if the rules allow stopping there."""
        move = self.state.move_for_route(self.path) if self.can_stop() else None
        if move is None:
            return ClickResult(Click.ILLEGAL, reason=N_("the capture must go on from here"))
        self.shown_hops = len(self.path) - 1
        self.last_route = self.path
        self.path = ()
        return ClickResult(Click.MOVE, move)

    def cancel(self) -> ClickResult:
        """Drop the selection (a chain in progress is abandoned; nothing has been played)."""
        had = bool(self.path)
        self.path = ()
        return ClickResult(Click.DESELECT) if had else NOTHING

    def click(self, cell: int | None) -> ClickResult:
        """A click on ``cell`` (None: off the board)."""
        if self.state.outcome() is not None:
            return ClickResult(Click.ILLEGAL, reason="the game is over")
        if cell is None:
            return self.cancel() if len(self.path) <= 1 else NOTHING
        if not self.path:
            return self._first_click(cell)
        if len(self.path) == 1:
            return self._second_click(cell)
        return self._chain_click(cell)

    def _first_click(self, cell: int) -> ClickResult:
        self.shown_hops = 0
        self.last_route = ()
        single = self.single_moves().get(cell)
        if single is not None:
            return ClickResult(Click.MOVE, single)
        if cell in self.movable():
            self.path = (cell,)
            return ClickResult(Click.SELECT)
        return ClickResult(Click.ILLEGAL, reason=self._why_not_here(cell))

    def _second_click(self, cell: int) -> ClickResult:
        origin = self.path[0]
        if cell == origin:
            self.path = ()
            return ClickResult(Click.DESELECT)
        step = self._extend(cell)
        if step is not None:
            return step
        if cell in self.movable():
            self.path = (cell,)
            return ClickResult(Click.SELECT)
        single = self.single_moves().get(cell)
        if single is not None:
            self.path = ()
            self.shown_hops = 0
            return ClickResult(Click.MOVE, single)
        return ClickResult(Click.ILLEGAL, reason=self.state.why_not_path(self.path + (cell,)))

    def _chain_click(self, cell: int) -> ClickResult:
        if cell == self.path[-1]:
            if self.can_stop():
                return self.stop()
            return ClickResult(
                Click.ILLEGAL, reason=N_("the capture must go on: pick the next landing point")
            )
        step = self._extend(cell)
        if step is not None:
            return step
        reason = self.state.why_not_path(self.path + (cell,))
        if isinstance(reason, Refused) and reason.code == Refusal.NOT_ALLOWED:
            reason = N_("from here the chain can only go on to a marked point")
        return ClickResult(Click.ILLEGAL, reason=reason)

    def _extend(self, cell: int) -> ClickResult | None:
        if cell not in self._continuations(self.path)[0]:
            return None
        path = self.path + (cell,)
        nexts, complete = self._continuations(path)
        if complete and not nexts:
            self.shown_hops = len(self.path) - 1
            self.last_route = path
            self.path = ()
            return ClickResult(Click.MOVE, self.state.move_for_route(path))
        self.path = path
        return ClickResult(Click.EXTEND)

    def _why_not_here(self, cell: int) -> str:
        """Why the cell clicked first cannot start a move."""
        if self.removal_points() and cell in self.state.pieces():
            owner, _ = self.state.pieces()[cell]
            if owner != self.state.to_move:
                return self.state.why_not_from(cell)
        if not self.drop_points() and self.movable() and cell not in self.state.pieces():
            return N_("pick one of your pieces first, then where it goes")
        return self.state.why_not_from(cell)
