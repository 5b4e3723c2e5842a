"""Animating a move of pieces from its effects (``state.effects``): a step glides with a small
hop, each hop of a chain flies along an arc (the piece it jumps pops as it lands), a piece from
hand falls onto its point with a bounce, a huffed piece shrinks away, a promotion fires when the
move is over. Shared by the board families whose moves are pieces on cells (lines, squares)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rules import Effect
from rules.kinds import Detail, EffectKind, PieceKind

from ..anim import Timer
from ..easing import arc_point, bounce_out, ease_in_quad
from ..render.pieces import draw_piece
from .beats import Beat, EventSink, Piece

STEP_SECONDS = 0.24
HOP_SECONDS = 0.30
DROP_SECONDS = 0.42
HUFF_SECONDS = 0.32


@dataclass
class Segment:
    effect: Effect
    seconds: float
    takes: tuple[int, ...] = ()  # pieces removed when this hop lands
    pause: bool = False  # a moment shown after ``effect`` (a crowning): nothing moves or changes


class MoveAnimation:
    """One move being shown. ``board`` is what stands still right now (the display's pieces);
    the piece in flight is drawn by ``draw``."""

    def __init__(
        self,
        effects: list[Effect],
        before: dict[int, Piece],
        view,
        on_event: EventSink,
        shown_hops: int = 0,
        speed: float = 1.0,
    ) -> None:
        self.view = view
        self.on_event = on_event
        self.board: dict[int, Piece] = dict(before)
        self.segments = self._segments(effects)
        self.speed = max(0.1, speed)
        self.index = 0
        self.timer: Timer | None = None
        self.flying: Piece | None = None
        self._taken = [0, 0]  # pieces each side has been seen to take so far
        # Hops the player has already seen while building the chain are not shown again.
        while (
            shown_hops
            and self.index < len(self.segments)
            and self.segments[self.index].effect.kind == EffectKind.MOVE
        ):
            self._apply(self.segments[self.index], quiet=True)
            self.index += 1
            shown_hops -= 1

    @staticmethod
    def _segments(effects: list[Effect]) -> list[Segment]:
        """Effects in the order they are shown: a removal of the cell a hop lands on (an
        exchange capture) goes with that hop; a removal after a hop goes with that hop."""
        out: list[Segment] = []
        pending: list[int] = []
        for e in effects:
            if e.kind == EffectKind.MOVE:
                seconds = HOP_SECONDS if e.detail == Detail.HOP else STEP_SECONDS
                takes = tuple(c for c in pending if c == e.to)
                for c in takes:
                    pending.remove(c)
                out.extend(
                    Segment(Effect(EffectKind.REMOVE, c, detail=Detail.HUFF), HUFF_SECONDS) for c in pending
                )
                pending = []
                out.append(Segment(e, seconds, takes))
            elif e.kind == EffectKind.REMOVE:
                if out and out[-1].effect.kind == EffectKind.MOVE and e.detail == Detail.CAPTURE:
                    out[-1].takes += (e.cell,)
                else:
                    pending.append(e.cell)
            elif e.kind == EffectKind.PLACE:
                out.append(Segment(e, DROP_SECONDS))
            elif e.kind == EffectKind.PROMOTE:
                out.append(Segment(e, 0.0))
        out.extend(Segment(Effect(EffectKind.REMOVE, c, detail=Detail.HUFF), HUFF_SECONDS) for c in pending)
        return out

    @property
    def done(self) -> bool:
        return self.index >= len(self.segments)

    def taken_so_far(self) -> tuple[int, int]:
        """The pieces each side has been seen to take since the move began (the panel counts
        with the board, not ahead of it)."""
        return (self._taken[0], self._taken[1])

    def finish(self) -> None:
        """Jump to the end (undo or a skipped animation), firing nothing more."""
        while not self.done:
            self._apply(self.segments[self.index], quiet=True)
            self.index += 1
        self.timer = None

    def update(self, dt: float) -> None:
        dt *= self.speed
        while not self.done:
            seg = self.segments[self.index]
            if self.timer is None:
                self._begin(seg)
            assert self.timer is not None
            need = self.timer.duration - self.timer.elapsed
            self.timer.tick(dt)
            if not self.timer.done:
                return
            dt -= need
            self._apply(seg, quiet=False)
            self.index += 1
            self.timer = None

    def _begin(self, seg: Segment) -> None:
        e = seg.effect
        self.timer = Timer(seg.seconds) if seg.seconds > 0 else Timer(1e-6)
        if seg.pause:
            return
        if e.kind == EffectKind.MOVE:
            self.flying = self.board.pop(e.cell, None)
        elif e.kind == EffectKind.PLACE:
            self.flying = (e.player, PieceKind(e.detail))
        elif e.kind == EffectKind.REMOVE:
            self.flying = self.board.pop(e.cell, None)
            if self.flying is not None:
                self.on_event(Beat.HUFF, e.cell, self.flying)

    def _apply(self, seg: Segment, quiet: bool) -> None:
        """The segment's end: the board as it stands once it is over."""
        e = seg.effect
        fire = (lambda *a: None) if quiet else self.on_event
        if seg.pause:
            return
        if e.kind == EffectKind.MOVE:
            piece = (
                self.flying if self.timer is not None and self.flying is not None else self.board.pop(e.cell)
            )
            for c in seg.takes:
                victim = self.board.pop(c, None)
                if victim is not None:
                    self._taken[victim[0] ^ 1] += 1
                    fire(Beat.CAPTURE, c, victim)
            self.board[e.to] = piece
            fire(Beat.LAND, e.to, piece)
        elif e.kind == EffectKind.PLACE:
            self.board[e.cell] = (e.player, PieceKind(e.detail))
            fire(Beat.DROP, e.cell, self.board[e.cell])
        elif e.kind == EffectKind.REMOVE:
            victim = self.board.pop(e.cell, None) if e.cell in self.board else self.flying
            if victim is not None:
                self._taken[victim[0] ^ 1] += 1
        elif e.kind == EffectKind.PROMOTE:
            owner, _ = self.board[e.cell]
            self.board[e.cell] = (owner, PieceKind(e.detail))
            fire(Beat.PROMOTE, e.cell, self.board[e.cell])
        self.flying = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.done or self.timer is None or self.flying is None:
            return
        view = self.view
        radius = view.piece_radius
        owner, kind = self.flying
        e = self.segments[self.index].effect
        t = self.timer.t
        if e.kind == EffectKind.PLACE:
            x, y = view.pos(e.cell)
            fall = 1 - bounce_out(t)
            lift = min(1.0, fall * 1.5)
            draw_piece(
                surface,
                (x, y - fall * view.spacing * 2.2),
                radius,
                owner,
                kind,
                lift=lift,
                alpha=int(120 + 135 * min(1.0, t * 3)),
            )
        elif e.kind == EffectKind.REMOVE:
            scale = max(0.05, 1 - ease_in_quad(t))
            draw_piece(surface, view.pos(e.cell), radius, owner, kind, scale=scale * (1 + 0.3 * t))
        elif e.kind == EffectKind.MOVE:
            height = view.spacing * (0.55 if e.detail == Detail.HOP else 0.18)
            (x, y), lift = arc_point(view.pos(e.cell), view.pos(e.to), t, height)
            draw_piece(surface, (x, y), radius, owner, kind, lift=lift)
