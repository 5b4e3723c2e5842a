"""Pointer input for boards whose moves are routes of cells: click a piece then a cell, or drag
the piece there; a chain is built one landing at a time. The input only says what the pointer
meant (``Intent``s, in order); the play scene hands them to the match, whose rules decide.

A drag is a press on a piece and a release elsewhere: the press is a click (it selects the
piece, if the rules allow), the release a second click on the cell it ends on. A press on the
piece already chosen waits for the release, so the piece can be dragged on, or clicked to drop
the choice (or stop a chain there)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import pygame

from rules.kinds import Code

if TYPE_CHECKING:
    from .look import BoardLook

DRAG_START_PIXELS = 6


class Gesture(Code):
    CLICK = "click"  # a click on a cell (None: off the board)
    CANCEL = "cancel"  # drop the choice (right-click)


class Intent(NamedTuple):
    gesture: Gesture
    cell: int | None = None


@dataclass
class _Drag:
    cell: int
    start: tuple[int, int]
    deferred: bool  # pressed on the chosen piece: the click waits for the release
    moved: bool = False


class RouteInput:
    """Turns mouse events on the board into intents for the match."""

    def __init__(self, cell_at: Callable[[tuple[int, int]], int | None]) -> None:
        self.cell_at = cell_at
        self.hover: int | None = None
        self.mouse = (0, 0)
        self.drag: _Drag | None = None

    @property
    def dragging(self) -> bool:
        return self.drag is not None and self.drag.moved

    def cancel_drag(self) -> None:
        self.drag = None

    def handle_event(self, event: pygame.event.Event, look: BoardLook) -> list[Intent]:
        """What the event means on the board (empty when it is not the board's)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.cell_at(event.pos)
            drag = self.drag
            if drag is not None and look.builder.selected == drag.cell:  # only a chosen piece drags
                dx, dy = event.pos[0] - drag.start[0], event.pos[1] - drag.start[1]
                drag.moved = drag.moved or dx * dx + dy * dy >= DRAG_START_PIXELS**2
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            cell = self.cell_at(event.pos)
            path = look.builder.path
            deferred = cell is not None and bool(path) and cell == path[-1]
            self.drag = _Drag(cell, event.pos, deferred) if cell is not None else None
            return [] if deferred else [Intent(Gesture.CLICK, cell)]
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            return self._release(self.cell_at(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.drag = None
            return [Intent(Gesture.CANCEL)]
        return []

    def _release(self, cell: int | None) -> list[Intent]:
        drag, self.drag = self.drag, None
        if drag is None or cell is None:
            return []
        if cell == drag.cell:
            return [Intent(Gesture.CLICK, cell)] if drag.deferred and not drag.moved else []
        return [Intent(Gesture.CLICK, cell)] if drag.moved else []
