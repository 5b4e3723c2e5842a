"""Animating a move straight from the ``Move`` value: a step glides with a small hop, a capture
chain hops along an arc once per jump (each jumped piece pops as the hop lands), a drop falls
onto its point with a bounce, a huffed piece pops where it stands."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rules import DROP, HUFF, Move

from .anim import Timer, arc_point, bounce_out, ease_in_quad
from .render.board import BoardView
from .render.pieces import draw_piece

STEP_SECONDS = 0.24
HOP_SECONDS = 0.30
DROP_SECONDS = 0.42
HUFF_SECONDS = 0.32


class MoveAnimation:
    """One move being shown. ``before`` / ``after`` are ``pieces()`` dicts around the move.

    ``on_event(name, point)`` is called with 'land' after each hop or step, 'capture' for each
    piece taken (at the moment it is jumped), 'drop' when a dropped piece lands, 'huff'.
    """

    def __init__(self, move: Move, before: dict[int, tuple[int, str]], after: dict[int, tuple[int, str]],
                 view: BoardView, on_event: Callable[[str, int], None]) -> None:
        self.move = move
        self.before = before
        self.after = after
        self.view = view
        self.on_event = on_event
        self.segment = 0
        self.hidden: set[int] = set()  # points whose before-piece is not drawn right now
        if move.kind == DROP:
            self.piece = after.get(move.path[0], (0, "soldier"))
            self.timers = [Timer(DROP_SECONDS)]
        elif move.kind == HUFF:
            self.piece = before.get(move.path[0], (0, "soldier"))
            self.timers = [Timer(HUFF_SECONDS)]
            self.hidden.add(move.path[0])
        else:
            self.piece = before.get(move.origin, after.get(move.target, (0, "soldier")))
            seconds = HOP_SECONDS if move.captured else STEP_SECONDS
            self.timers = [Timer(seconds) for _ in range(len(move.path) - 1)]
            self.hidden.add(move.origin)
        self._started = False

    @property
    def done(self) -> bool:
        return self.segment >= len(self.timers)

    def finish(self) -> None:
        """Jump to the end (undo or a skipped animation), firing nothing more."""
        self.segment = len(self.timers)

    def update(self, dt: float) -> None:
        if not self._started:
            self._started = True
            if self.move.kind == HUFF:
                self.on_event("huff", self.move.path[0])
        while dt > 0 and not self.done:
            timer = self.timers[self.segment]
            need = timer.duration - timer.elapsed
            timer.tick(dt)
            dt -= need
            if timer.done:
                self._end_segment(self.segment)
                self.segment += 1

    def _end_segment(self, i: int) -> None:
        kind = self.move.kind
        if kind == DROP:
            self.on_event("drop", self.move.path[0])
        elif kind == HUFF:
            pass
        else:
            if i < len(self.move.captured):
                taken = self.move.captured[i]
                self.hidden.add(taken)
                self.on_event("capture", taken)
            self.on_event("land", self.move.path[i + 1])

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        view = self.view
        radius = view.piece_radius
        owner, kind = self.piece
        timer = self.timers[self.segment]
        if self.move.kind == DROP:
            x, y = view.pos(self.move.path[0])
            t = timer.t
            fall = 1 - bounce_out(t)
            lift = min(1.0, fall * 1.5)
            draw_piece(surface, (x, y - fall * view.spacing * 2.2), radius, owner, kind, lift=lift,
                       alpha=int(120 + 135 * min(1.0, t * 3)))
        elif self.move.kind == HUFF:
            x, y = view.pos(self.move.path[0])
            scale = max(0.05, 1 - ease_in_quad(timer.t))
            draw_piece(surface, (x, y), radius, owner, kind, scale=scale * (1 + 0.3 * timer.t))
        else:
            a = view.pos(self.move.path[self.segment])
            b = view.pos(self.move.path[self.segment + 1])
            height = view.spacing * (0.55 if self.move.captured else 0.18)
            (x, y), lift = arc_point(a, b, timer.t, height)
            draw_piece(surface, (x, y), radius, owner, kind, lift=lift)
