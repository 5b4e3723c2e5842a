"""Turning clicks on points into moves, through the rules only (no pygame here).

A ``MoveBuilder`` keeps what the player has chosen so far: a selected piece, then the chain of
points it has jumped to. Each click either selects, extends the chain, completes a move, or is
refused with the rules' own reason in words. A chain that may stop where it stands can be
finished with ``stop()`` (the "stop here" button, or a click on the piece itself).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import DROP, HUFF, JUMP, STEP, Move, State


@dataclass(frozen=True)
class ClickResult:
    """What a click did: ``kind`` is 'select', 'deselect', 'extend', 'move', 'illegal' or 'none'."""

    kind: str
    move: Move | None = None
    reason: str = ""


NOTHING = ClickResult("none")


class MoveBuilder:
    """The move being built on ``state`` for the player to move."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.path: tuple[int, ...] = ()
        self.huff_declined = False
        self._moves: list[Move] | None = None

    # --- what the rules allow now ----------------------------------------------------------------
    def moves(self) -> list[Move]:
        """The legal moves (cached until ``refresh``)."""
        if self._moves is None:
            moves = self.state.legal_moves()
            if self.huff_declined:
                moves = [m for m in moves if m.kind != HUFF]
            self._moves = moves
        return self._moves

    def refresh(self) -> None:
        """Forget the choice and the cached moves (after a move, undo or new state)."""
        self.path = ()
        self.huff_declined = False
        self._moves = None

    def decline_huff(self) -> None:
        """The player turns the huff down: huff clicks stop being moves until the next refresh."""
        self.huff_declined = True
        self._moves = None

    @property
    def selected(self) -> int | None:
        return self.path[-1] if self.path else None

    def piece_moves(self) -> list[Move]:
        """Moves that move a piece (not drops or huffs)."""
        return [m for m in self.moves() if m.kind not in (DROP, HUFF)]

    def movable(self) -> set[int]:
        return {m.origin for m in self.piece_moves()}

    def capturers(self) -> set[int]:
        """Pieces that can capture now (highlighted when captures are forced)."""
        return {m.origin for m in self.piece_moves() if m.captured}

    def drop_points(self) -> set[int]:
        return {m.path[0] for m in self.moves() if m.kind == DROP}

    def huff_points(self) -> set[int]:
        return {m.path[0] for m in self.moves() if m.kind == HUFF}

    def candidates(self) -> list[Move]:
        """Legal piece moves that continue the chosen path."""
        n = len(self.path)
        return [m for m in self.piece_moves() if m.path[:n] == self.path]

    def targets(self) -> dict[int, bool]:
        """Next points the chosen piece may go to: point -> True if going there captures."""
        out: dict[int, bool] = {}
        n = len(self.path)
        if not n:
            return out
        for m in self.candidates():
            if len(m.path) > n:
                out[m.path[n]] = out.get(m.path[n], False) or bool(m.captured)
        return out

    def captured_by(self, point: int) -> int | None:
        """The piece taken by going on to ``point`` next, if that step of the chain captures."""
        n = len(self.path)
        for m in self.candidates():
            if len(m.path) > n and m.path[n] == point and len(m.captured) >= n:
                return m.captured[n - 1]
        return None

    def can_stop(self) -> bool:
        """True when the chain built so far is itself a complete legal move (a chain in progress)."""
        return len(self.path) >= 2 and self._complete() is not None

    def chain_captured(self) -> tuple[int, ...]:
        """Points captured by the chain built so far (to preview them)."""
        n = len(self.path)
        for m in self.candidates():
            if m.kind == JUMP and len(m.path) >= n:
                return m.captured[: n - 1]
        return ()

    def _complete(self) -> Move | None:
        for m in self.candidates():
            if m.path == self.path:
                return m
        return None

    # --- acting on clicks --------------------------------------------------------------------------
    def stop(self) -> ClickResult:
        """Finish the chain where it stands, if the rules allow stopping there."""
        move = self._complete() if len(self.path) > 1 else None
        if move is None:
            return ClickResult("illegal", reason="the capture must go on from here")
        self.path = ()
        return ClickResult("move", move)

    def cancel(self) -> ClickResult:
        """Drop the selection (a chain in progress is abandoned; nothing has been played)."""
        had = bool(self.path)
        self.path = ()
        return ClickResult("deselect") if had else NOTHING

    def click(self, point: int | None) -> ClickResult:
        """A click on ``point`` (None: off the board)."""
        if self.state.outcome() is not None:
            return ClickResult("illegal", reason="the game is over")
        if point is None:
            return self.cancel() if len(self.path) <= 1 else NOTHING
        if not self.path:
            return self._first_click(point)
        if len(self.path) == 1:
            return self._second_click(point)
        return self._chain_click(point)

    def _first_click(self, point: int) -> ClickResult:
        for m in self.moves():
            if m.kind in (HUFF, DROP) and m.path == (point,):
                return ClickResult("move", m)
        if point in self.movable():
            self.path = (point,)
            return ClickResult("select")
        return ClickResult("illegal", reason=self._why_not_here(point))

    def _second_click(self, point: int) -> ClickResult:
        origin = self.path[0]
        if point == origin:
            self.path = ()
            return ClickResult("deselect")
        step = self._extend(point)
        if step is not None:
            return step
        if point in self.movable():
            self.path = (point,)
            return ClickResult("select")
        for m in self.moves():
            if m.kind in (HUFF, DROP) and m.path == (point,):
                self.path = ()
                return ClickResult("move", m)
        return ClickResult("illegal", reason=self._why_not_to(point))

    def _chain_click(self, point: int) -> ClickResult:
        if point == self.path[-1]:
            if self._complete() is not None:
                return self.stop()
            return ClickResult("illegal", reason="the capture must go on: pick the next landing point")
        step = self._extend(point)
        if step is not None:
            return step
        return ClickResult("illegal", reason=self._why_not_to(point))

    def _extend(self, point: int) -> ClickResult | None:
        path = self.path + (point,)
        n = len(path)
        cands = [m for m in self.candidates() if m.path[:n] == path]
        if not cands:
            return None
        exact = [m for m in cands if m.path == path]
        if exact and len(cands) == 1:
            self.path = ()
            return ClickResult("move", exact[0])
        self.path = path
        return ClickResult("extend")

    # --- reasons in words --------------------------------------------------------------------------
    def _why_not_here(self, point: int) -> str:
        """Why the piece or empty point clicked first cannot start a move."""
        st = self.state
        pieces = st.pieces()
        huffs = self.huff_points()
        drops = self.drop_points()
        if point in pieces:
            owner, kind = pieces[point]
            board = getattr(st.game, "board", None)
            if owner == st.to_move and board is not None:
                empty = [q for q in board.adjacent[point] if q not in pieces]
                if empty:
                    return st.why_illegal(Move(STEP, (point, empty[0])))
                waiting = next((n for n in st.turn_notes() if "cannot move" in n), None)
                if drops and waiting:
                    return waiting
                return f"the {kind} on {st.game.point_name(point)} has no move"
            if huffs:
                return f"only a piece that failed to capture may be huffed ({self._names(huffs)})"
            if board is not None:
                return st.why_illegal(Move(STEP, (point, board.adjacent[point][0])))
            return "that piece is not yours"
        if drops:
            return st.why_illegal(Move(DROP, (point,)))
        if self.movable():
            return "pick one of your pieces first, then where it goes"
        return st.why_illegal(Move(DROP, (point,)))

    def _why_not_to(self, point: int) -> str:
        path = self.path + (point,)
        last = self.path[-1]
        board = getattr(self.state.game, "board", None)
        adjacent = board is not None and point in board.adjacent[last]
        kind = STEP if adjacent and len(self.path) == 1 else JUMP
        reason = self.state.why_illegal(Move(kind, path))
        if reason == "that move is not allowed here" and len(self.path) > 1:
            return "from here the chain can only go on to a marked point"
        return reason

    def _names(self, points: set[int]) -> str:
        return ", ".join(self.state.game.point_name(p) for p in sorted(points))
