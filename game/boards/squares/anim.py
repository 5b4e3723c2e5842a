"""Animating a BattleHalma move: the pieces' animation is the shared one
(``game.boards.piece_anim.MoveAnimation``: hops along the route the player clicked, exchange
and king captures knocked off, the promotion swapped in); this adds a moment of golden rings
round a new crown."""

from __future__ import annotations

import pygame

from rules import Effect
from rules.kinds import EffectKind

from ...render.marks import alpha_circle
from ...render.pieces import CROWN_GOLD
from ..piece_anim import MoveAnimation, Segment

CROWN_SECONDS = 0.7


class SquaresAnimation(MoveAnimation):
    """``MoveAnimation`` plus the crowning moment."""

    @staticmethod
    def _segments(effects: list[Effect]) -> list[Segment]:
        out: list[Segment] = []
        for seg in MoveAnimation._segments(effects):
            out.append(seg)
            if seg.effect.kind == EffectKind.PROMOTE:
                out.append(Segment(seg.effect, CROWN_SECONDS, pause=True))  # rings round the new crown
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.done or self.timer is None:
            return
        seg = self.segments[self.index]
        if not seg.pause:
            return
        e = seg.effect
        t = self.timer.t
        r = self.view.piece_radius
        x, y = self.view.pos(e.cell)
        for k in (0.0, 0.35):
            u = (t + k) % 1.0
            alpha_circle(
                surface, CROWN_GOLD, int(230 * (1 - u)), (x, y), r * (1.0 + 0.9 * u), max(2, int(r * 0.14))
            )
