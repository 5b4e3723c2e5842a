"""Drawing a line board in play: the empty board, the last move, the pieces that may move, the
targets of the chosen piece, the chain being built, huff offers, the hint, a dragged piece and
the move being animated. It only reads the match (``game.boards.look.BoardLook``); it changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rules.kinds import EffectKind, NoteCode, PieceKind

from ... import theme
from ...render.marks import (
    alpha_circle,
    can_capture_mark,
    capture_target,
    huff_mark,
    move_target,
    must_capture_mark,
    taken_mark,
)
from ...render.pieces import draw_piece, side_kind
from ..board_view import PieceView

if TYPE_CHECKING:
    from ..look import BoardLook


class LinesRenderer:
    """Draws the board area of a match on a line board."""

    def __init__(self, view: PieceView) -> None:
        self.view = view

    def draw(self, surface: pygame.Surface, m: BoardLook) -> None:
        view = self.view
        view.draw(surface)
        self._last_move(surface, m)
        self._pieces(surface, m)
        m.bursts.draw(surface, self.view.frame)
        self._suggestion(surface, m)
        self._drag(surface, m)

    def _last_move(self, surface: pygame.Surface, m: BoardLook) -> None:
        move = m.last_move
        if move is None or m.animation is not None or len(m.builder.path) > 1:
            return  # a chain being built is clearer without the previous move's marks
        view = self.view
        width = max(3, int(view.spacing * 0.08))
        pts = [view.pos(p) for p in move.path]
        r = view.piece_radius
        if len(pts) > 1:
            pygame.draw.lines(surface, theme.LAST_MOVE, False, pts, width)
            alpha_circle(surface, theme.LAST_MOVE, 200, pts[0], r * 0.45, max(2, width - 1))
        alpha_circle(surface, theme.LAST_MOVE, 120, pts[-1], r * 1.25, max(3, width))
        for e in m.last_effects:
            if e.kind == EffectKind.REMOVE:
                taken_mark(surface, view.pos(e.cell), r * 0.3)

    def _pieces(self, surface: pygame.Surface, m: BoardLook) -> None:
        view = self.view
        r = view.piece_radius
        if m.animation is not None:
            for p, (owner, kind) in m.animation.board.items():
                draw_piece(surface, view.pos(p), r, owner, kind)
            m.animation.draw(surface)
            return
        b = m.builder
        pulse = m.pulse
        chain = b.path if len(b.path) > 1 else ()
        taken = set(b.chain_captured()) if chain else set()
        dragging = m.dragging
        hidden = {b.path[0]} if chain or (dragging and b.path) else set()
        interactive = m.human_to_move and not m.busy
        if interactive and m.show_legal and not b.path:
            forced = NoteCode.CAPTURE_FORCED in m.note_codes
            capturers = b.capturers()
            for p in b.movable() - capturers:  # where you may move, quietly
                alpha_circle(surface, theme.ACCENT, 150, view.pos(p), r * 1.18, max(2, int(r * 0.1)))
            for p in capturers:  # one mark for "must capture", another for "can capture"
                if forced:
                    must_capture_mark(surface, view.pos(p), r * 1.2, pulse)
                else:
                    can_capture_mark(surface, view.pos(p), r * 1.25)
            if m.hover in b.movable():
                alpha_circle(surface, theme.ACCENT, 200, view.pos(m.hover), r * 1.22, max(2, int(r * 0.12)))
        for p, (owner, kind) in m.pieces_now.items():
            if p in hidden:
                continue
            if p in taken:
                draw_piece(surface, view.pos(p), r, owner, kind, alpha=90)
                taken_mark(surface, view.pos(p), r * 0.55)
                continue
            draw_piece(surface, view.pos(p), r, owner, kind)
        if interactive:
            self._choice(surface, m, chain, dragging)  # the chosen piece and its targets (if shown)
        if m.flash is not None:
            p, fade = m.flash
            k = r * 0.7
            s = pygame.Surface((int(2 * k + 8), int(2 * k + 8)), pygame.SRCALPHA)
            c = (*theme.WARN, int(255 * (1 - fade)))
            w = max(3, int(r * 0.2))
            pygame.draw.line(s, c, (4, 4), (2 * k + 4, 2 * k + 4), w)
            pygame.draw.line(s, c, (4, 2 * k + 4), (2 * k + 4, 4), w)
            x, y = view.pos(p)
            surface.blit(s, (x - k - 4, y - k - 4))

    def _choice(self, surface: pygame.Surface, m: BoardLook, chain: tuple[int, ...], dragging: bool) -> None:
        view = self.view
        b = m.builder
        r = view.piece_radius
        pulse = m.pulse
        if chain:
            pts = [view.pos(p) for p in chain]
            pygame.draw.lines(surface, theme.ACCENT, False, pts, max(4, int(r * 0.22)))
            for pt in pts[:-1]:
                pygame.draw.circle(surface, theme.ACCENT, pt, max(4, int(r * 0.22)))
            owner, kind = m.pieces_now[chain[0]]
            if not dragging:
                draw_piece(surface, view.pos(chain[-1]), r, owner, kind, lift=0.35)
            if b.can_stop():
                alpha_circle(
                    surface,
                    theme.ACCENT,
                    int(150 + 100 * pulse),
                    view.pos(chain[-1]),
                    r * 1.3,
                    max(3, int(r * 0.14)),
                )
        elif b.path:
            alpha_circle(
                surface,
                theme.ACCENT,
                255,
                view.pos(b.path[0]),
                r * (1.2 + 0.06 * pulse),
                max(3, int(r * 0.16)),
            )
        for p, captures in (b.targets() if m.show_legal else {}).items():  # a dot to move, a crossed diamond
            x, y = view.pos(p)
            hot = m.hover == p
            size = r * (0.62 if hot else 0.5 + 0.06 * pulse)
            if captures:
                capture_target(surface, (x, y), size, 240 if hot else 215)
            else:
                move_target(surface, (x, y), size, 240 if hot else 210)
            if hot and captures:  # hovering a capture: cross out the pieces it takes
                for taken in b.captured_by(p):
                    taken_mark(surface, view.pos(taken), r * 0.55)
        if not b.path and m.hover in b.drop_points():
            owner = m.state.to_move
            draw_piece(surface, view.pos(m.hover), r, owner, side_kind(m.state, owner), alpha=130)
        for p in b.removal_points():
            x, y = view.pos(p)
            huff_mark(surface, (x, y), r * 1.3, pulse)
            size = max(14, int(r * 0.75))
            tag = theme.text("HUFF?", size, (255, 255, 255))
            box = tag.get_rect(midbottom=(x, y - r * 1.2)).inflate(10, 4)
            pygame.draw.rect(surface, theme.CAPTURE, box, border_radius=6)
            surface.blit(tag, tag.get_rect(center=box.center))

    def _drag(self, surface: pygame.Surface, m: BoardLook) -> None:
        if not m.dragging or not m.builder.path:
            return
        owner, kind = m.pieces_now.get(m.builder.path[0], (0, PieceKind.SOLDIER))
        draw_piece(surface, m.mouse, self.view.piece_radius, owner, kind, lift=0.8)

    def _suggestion(self, surface: pygame.Surface, m: BoardLook) -> None:
        """The engine's hint in its own colour: a dashed route, rings at both ends."""
        move = m.suggestion
        if move is None or m.animation is not None:
            return
        view = self.view
        r = view.piece_radius
        width = max(3, int(view.spacing * 0.07))
        pts = [view.pos(p) for p in move.path]
        for a, b in zip(pts, pts[1:]):
            _dashed(surface, theme.HINT, a, b, width, max(6.0, view.spacing * 0.16))
        if len(pts) > 1:
            alpha_circle(surface, theme.HINT, 220, pts[0], r * 1.2, max(3, width))
        for e in m.suggestion_effects:  # the pieces it would take
            if e.kind == EffectKind.REMOVE:
                taken_mark(surface, view.pos(e.cell), r * 0.3, theme.HINT)
        alpha_circle(
            surface, theme.HINT, int(150 + 100 * m.pulse), pts[-1], r * (1.15 + 0.15 * m.pulse), max(3, width)
        )


def _dashed(
    surface: pygame.Surface,
    color: theme.Color,
    a: tuple[float, float],
    b: tuple[float, float],
    width: int,
    dash: float,
) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    n = max(1, int(length / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(
            surface, color, (a[0] + dx * t0, a[1] + dy * t0), (a[0] + dx * t1, a[1] + dy * t1), width
        )
