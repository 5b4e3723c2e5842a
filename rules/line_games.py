"""What the games on line boards share: move kinds, notation, effects, layout and the words
for a click that starts no move. The war games (``war``) and the hunt games (``hunt``) build
on it; a line board itself is ``boards.Board``.

Notation: ``e3-e4`` a step, ``e3xe5xc5`` a capture chain, ``@e5`` a drop from hand; a game
may add one-cell moves with a prefix of its own (the war games' huff, ``~e5``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from .boards import Board
from .core import AmbiguousMoveError, Game, GameSpec, IllegalMoveError, Move, State
from .effects import Effect
from .kinds import BoardKind, Detail, EffectKind, MoveKind, PieceKind
from .layout import Cell, Layout
from .words import Words

_NAME = re.compile(r"^[a-z][0-9]{1,2}$")


def board_layout(board: Board) -> Layout:
    """The ``lines`` layout of a line board: points at their lattice coordinates."""
    cells = tuple(Cell(p, board.name_of(p), *board.coords(p)) for p in board.points)
    return Layout(
        BoardKind.LINES,
        cells,
        lines=board.lines,
        adjacent={p: board.adjacent[p] for p in board.points},
    )


class LineGame(Game):
    """A game on a line board: names, notation and layout from ``self.board``."""

    board: Board
    #: one-cell move kinds and the character that writes them
    prefixes: dict[MoveKind, str] = {MoveKind.DROP: "@"}

    def __init__(self, spec: GameSpec, options: dict[str, Any], board: Board) -> None:
        super().__init__(spec, options)
        self.board = board

    @cached_property
    def layout(self) -> Layout:
        return board_layout(self.board)

    def point_name(self, point: int) -> str:
        return self.board.name_of(point)

    def point_index(self, name: str) -> int:
        return self.board.index_of(name)

    # --- notation ---------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        name = self.board.name_of
        prefix = self.prefixes.get(move.kind)
        if prefix is not None:
            return prefix + name(move.path[0])
        sep = "x" if move.kind == MoveKind.JUMP else "-"
        return sep.join(name(p) for p in move.path)

    def _points(self, names: list[str]) -> tuple[int, ...]:
        out = []
        for n in names:
            if not _NAME.match(n):
                raise ValueError(Words("cannot read '{n}' as a point name (expected e.g. e5)", n=n))
            out.append(self.point_index(n))
        return tuple(out)

    def parse_move(self, state: State, text: str) -> Move:
        t = text.strip().lower()
        if not t:
            raise ValueError("empty move text")
        kinds = {ch: kind for kind, ch in self.prefixes.items()}
        if t[0] in kinds:
            kind = kinds[t[0]]
            path = self._points([t[1:].strip()])
            candidates = [m for m in state.legal_moves() if m.kind == kind and m.path == path]
            why: Callable[[], str] = lambda: state.why_illegal(Move(kind, path))  # noqa: E731
        else:
            names = re.split(r"[-x]", t)
            if any(not n for n in names) or len(names) < 2:
                raise ValueError(
                    Words("cannot read move '{text}' (expected e.g. e3-e4, e3xe5, @e5)", text=text)
                )
            path = self._points(names)
            candidates = [m for m in state.legal_moves() if m.path == path and m.kind not in self.prefixes]
            why = lambda: state.why_not_path(path)  # noqa: E731
        if state.outcome() is not None:
            raise IllegalMoveError("the game is over")
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            raise IllegalMoveError(why())
        raise AmbiguousMoveError(Words("'{text}' could mean more than one move", text=text))


class LineState(State):
    """Effects and refusals shared by the states of line-board games (pieces on points)."""

    game: LineGame

    def effects(self, move: Move) -> list[Effect]:
        """A drop places; a step moves; a chain hops, each hop removing the piece it jumps."""
        mover = self.to_move
        if move.kind == MoveKind.DROP:
            return [Effect(EffectKind.PLACE, move.path[0], detail=self.piece_kind(mover), player=mover)]
        if move.kind == MoveKind.STEP:
            return [Effect(EffectKind.MOVE, move.path[0], move.path[1], detail=Detail.STEP, player=mover)]
        pieces = self.pieces()
        out: list[Effect] = []
        for i, (a, b) in enumerate(zip(move.path, move.path[1:])):
            out.append(Effect(EffectKind.MOVE, a, b, detail=Detail.HOP, player=mover))
            taken = move.captured[i]
            out.append(Effect(EffectKind.REMOVE, taken, detail=Detail.CAPTURE, player=pieces[taken][0]))
        return out

    def piece_kind(self, player: int) -> PieceKind:
        """What ``player``'s pieces are (what a drop places)."""
        return PieceKind.SOLDIER

    def why_not_from(self, cell: int) -> str:
        pieces = self.pieces()
        adjacent = self.game.board.adjacent[cell]
        if cell in pieces:
            owner, kind = pieces[cell]
            if owner == self.to_move:
                empty = [q for q in adjacent if q not in pieces]
                if empty:
                    return self.why_not_path((cell, empty[0]))
                return Words("the {kind} on {cell} has no move", kind=kind, cell=self.game.point_name(cell))
            return self.why_illegal(Move(MoveKind.STEP, (cell, adjacent[0])))  # says whose piece it is
        return self.why_not_path((cell,))

    def why_not_path(self, path: Sequence[int]) -> str:
        path = tuple(path)
        if len(path) == 2:
            pieces = self.pieces()
            if path[1] in pieces and path[0] in pieces:
                return Words(
                    "{path} is taken: pieces move to empty points", path=self.game.point_name(path[1])
                )
        if len(path) == 1:
            return self.why_illegal(Move(MoveKind.DROP, path))
        step = len(path) == 2 and path[1] in self.game.board.adjacent[path[0]]
        return self.why_illegal(Move(MoveKind.STEP if step else MoveKind.JUMP, path))
