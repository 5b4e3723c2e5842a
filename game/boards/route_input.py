"""Pointer input for boards whose moves are routes of cells: click a piece then a cell, or drag
the piece there; a chain is built one landing at a time (``routes.MoveBuilder`` decides)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import MatchInput

DRAG_START_PIXELS = 6


class RouteInput:
    """Turns mouse events on the board into builder clicks for the match."""

    def __init__(self, cell_at: Callable[[tuple[int, int]], int | None]) -> None:
        self.cell_at = cell_at
        self.hover: int | None = None
        self.mouse = (0, 0)
        self.drag: dict | None = None

    @property
    def dragging(self) -> bool:
        return self.drag is not None and self.drag["moved"]

    def cancel_drag(self) -> None:
        self.drag = None

    def handle_event(self, event: pygame.event.Event, match: MatchInput) -> bool:
        """True when the event was the board's."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.cell_at(event.pos)
            if self.drag is not None:
                dx = event.pos[0] - self.drag["start"][0]
                dy = event.pos[1] - self.drag["start"][1]
                if dx * dx + dy * dy >= DRAG_START_PIXELS ** 2:
                    self.drag["moved"] = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press(self.cell_at(event.pos), event.pos, match)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._release(self.cell_at(event.pos), match)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            match.apply_click(match.builder.cancel(), None)
            return True
        return False

    def _press(self, cell: int | None, pos: tuple[int, int], match: MatchInput) -> None:
        if not match.board_input_allowed(cell):
            return
        b = match.builder
        if cell is not None and b.path and cell == b.path[-1]:
            # Acting on release lets the player drag the chosen piece, or click it to deselect/stop.
            self.drag = {"cell": cell, "start": pos, "moved": False, "deferred": True}
            return
        result = b.click(cell)
        match.apply_click(result, cell)
        if result.kind == "select" and cell is not None:
            self.drag = {"cell": cell, "start": pos, "moved": False, "deferred": False}
        else:
            self.drag = None

    def _release(self, cell: int | None, match: MatchInput) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not match.board_input_allowed(None):
            return
        if cell == drag["cell"] or cell is None:
            if drag["deferred"] and not drag["moved"] and cell is not None:
                match.apply_click(match.builder.click(cell), cell)
            return
        if drag["moved"]:
            match.apply_click(match.builder.click(cell), cell)
