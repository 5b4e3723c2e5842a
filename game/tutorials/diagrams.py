"""Small pictures for the rules screen, drawn by the real board families: a board with its
start, a capture chain with its route and the pieces it takes crossed out, a sowing with an
arrow from hole to hole. The positions are the lessons' own (``game.tutorials``), so a diagram
shows exactly what the lesson then asks the player to do."""

from __future__ import annotations

import math

import pygame

from rules import Effect, Move, load_state
from rules.kinds import EffectKind
from rules.words import N_

from .. import theme
from ..boards import BoardLook, family_for
from ..match.review import ReviewView
from ..render.marks import alpha_circle
from . import has_lesson, lesson_for

#: per game: (caption, the lesson step whose position it shows, whether to draw that step's move)
DIAGRAMS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    **{
        gid: (
            (N_("The board: points joined by lines, and the start."), "The board", False),
            (N_("A chain: c3 jumps d4 and then e6 (crossed out), one move."), "A chain", True),
        )
        for gid in ("sixteen_soldiers", "peralikatuma", "kotu_ellima")
    },
    "cows_leopards": (
        (N_("A leopard's chain: c3 over d4 to e5, over e6 to e7."), "Jumps and chains", True),
        (N_("The cows' trap: after e4-e3 neither leopard can move."), "The trap", True),
    ),
    "hat_diviyan_keliya": (
        (N_("The tiger jumps d3 from d2 to d4."), "A capture", True),
        (N_("The leopards' trap: after f2-g1 the tiger on a1 is stuck."), "The trap", True),
    ),
    "battlehalma": (
        (N_("A leap chain over your own pieces: h1 to f3 to f5; they stay."), "Leaps", True),
        (N_("Exchange capture: e4 leaps d5 and lands on Blue's c6, taking it."), "Exchange capture", True),
        (N_("A king takes what it leaps: a8 over b7 and d5."), "The king", True),
    ),
    "ncuva": (
        (N_("Sowing a1 with a relay: d1 had a stone, so both sow on to c2."), "Relay", True),
        (N_("A capture: c1's last stone ends in the empty d2; d3 and d4 are taken."), "Capture", True),
    ),
}


def diagrams(game_id: str) -> list[tuple[str, str, str | None]]:
    """(caption, position text, move to draw or None) for the game's rules screen."""
    if not has_lesson(game_id):
        return []
    lesson = lesson_for(game_id)
    out = []
    for caption, title, with_move in DIAGRAMS.get(game_id, ()):
        step = next(s for s in lesson.steps if s.title == title)
        if step.position is None:
            continue
        out.append((caption, step.position, step.expect[0] if with_move else None))
    return out


def render(position: str, move_text: str | None, size: tuple[int, int]) -> pygame.Surface:
    """The position drawn by its board family at ``size``, with the move's route marked."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    state = load_state(position)
    rect = surf.get_rect()
    board = family_for(state.game, rect)
    still = ReviewView(state, None, [], state.game.sides)
    board.position_changed(still)
    board.draw(surf, BoardLook.still(still))
    if move_text is not None:
        move = state.parse_move(move_text)
        effects = state.effects(move)
        s = max(0.5, min(size) / 300)
        if len(move.path) > 1:
            _route(surf, [board.pos(c) for c in move.path], theme.HINT, s)
            for e in effects:
                if e.kind == EffectKind.REMOVE:
                    _cross(surf, board.pos(e.cell), board.unit * 0.28, s)
        else:
            _sowing(surf, board, move, effects, s)
    return surf


def _sowing(surf: pygame.Surface, board, move: Move, effects: list[Effect], s: float) -> None:
    """Arrows from the lifted hole along every hole a stone fell in; relays ringed, captures crossed."""
    points = [board.pos(move.origin)] + [board.pos(e.cell) for e in effects if e.kind == EffectKind.DROP]
    _route(surf, points, theme.HINT, s)
    for e in effects:
        if e.kind == EffectKind.RELAY:
            alpha_circle(surf, theme.ACCENT_2, 240, board.pos(e.cell), board.unit * 0.5, max(3, int(4 * s)))
        elif e.kind == EffectKind.CAPTURE:
            _cross(surf, board.pos(e.cell), board.unit * 0.28, s)


def _route(surf: pygame.Surface, points: list[tuple[float, float]], color: theme.Color, s: float) -> None:
    """A thick line through ``points`` with an arrowhead at each landing."""
    width = max(3, int(5 * s))
    alpha_circle(surf, color, 255, points[0], max(5, 8 * s), max(3, int(4 * s)))
    for a, b in zip(points, points[1:]):
        if a == b:
            continue
        pygame.draw.line(surf, (20, 16, 30), a, b, width + 4)
        pygame.draw.line(surf, color, a, b, width)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        k = max(9.0, 15 * s)
        tip = (b[0] - math.cos(ang) * k * 0.4, b[1] - math.sin(ang) * k * 0.4)
        left = (tip[0] - math.cos(ang - 0.5) * k, tip[1] - math.sin(ang - 0.5) * k)
        right = (tip[0] - math.cos(ang + 0.5) * k, tip[1] - math.sin(ang + 0.5) * k)
        pygame.draw.polygon(surf, (20, 16, 30), [tip, left, right], 0)
        pygame.draw.polygon(
            surf, color, [(tip[0] - math.cos(ang) * 2, tip[1] - math.sin(ang) * 2), left, right]
        )


def _cross(surf: pygame.Surface, center: tuple[float, float], k: float, s: float) -> None:
    x, y = center
    width = max(3, int(5 * s))
    for a, b in (((x - k, y - k), (x + k, y + k)), ((x - k, y + k), (x + k, y - k))):
        pygame.draw.line(surf, (20, 16, 30), a, b, width + 3)
        pygame.draw.line(surf, theme.CAPTURE, a, b, width)
