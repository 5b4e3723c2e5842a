"""Animating a BattleHalma move: the pieces' animation is the shared one
(``game.boards.lines.anim.MoveAnimation``: hops along the route, exchange and king captures
knocked off, the promotion swapped in); this adds a moment of golden rings round a new
crown, and ``route_effects`` lets the hops follow the route the player clicked rather than the
one the rules stored (they may differ: many routes lead to one move)."""

from __future__ import annotations

import pygame

from rules import Effect, IllegalMoveError, Move, State
from rules.effects import PROMOTE, REMOVE

from ...render.marks import alpha_circle
from ...render.pieces import CROWN_GOLD
from ..piece_anim import MoveAnimation, Segment

CROWN_SECONDS = 0.7
CROWNING = "crowning"  # a pause after a promotion, drawn as rings round the crowned piece


class SquaresAnimation(MoveAnimation):
    """``MoveAnimation`` plus the crowning moment."""

    @staticmethod
    def _segments(effects: list[Effect]) -> list[Segment]:
        out: list[Segment] = []
        for seg in MoveAnimation._segments(effects):
            out.append(seg)
            if seg.effect.kind == PROMOTE:
                out.append(Segment(Effect(CROWNING, seg.effect.cell), CROWN_SECONDS))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.done or self.timer is None:
            return
        e = self.segments[self.index].effect
        if e.kind != CROWNING:
            return
        t = self.timer.t
        r = self.view.piece_radius
        x, y = self.view.pos(e.cell)
        for k in (0.0, 0.35):
            u = (t + k) % 1.0
            alpha_circle(surface, CROWN_GOLD, int(230 * (1 - u)), (x, y), r * (1.0 + 0.9 * u), max(2, int(r * 0.14)))


def route_effects(state_after: State, move: Move, route: tuple[int, ...]) -> list[Effect] | None:
    """The effects of ``move`` played along ``route`` (from the position before it), or None
    when the route does not play that move."""
    if len(route) < 2 or route == move.path or route[0] != move.path[0] or route[-1] != move.path[-1]:
        return None
    history = state_after.history()
    if not history or history[-1] != move:
        return None
    before = state_after.copy()
    before.undo()
    try:
        if before.move_for_route(route) != move:
            return None
        effects = before.effects(Move(move.kind, route, move.captured))
    except IllegalMoveError:  # a route the rules do not read as this move: show the stored one
        return None
    taken = sorted(e.cell for e in effects if e.kind == REMOVE)
    return effects if taken == sorted(move.captured) else None
