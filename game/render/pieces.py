"""Piece tokens: every kind has its own SHAPE as well as colour, so a colour-blind player can
tell them apart — light round discs against dark squares for the two armies, square cows with
horns, round spotted leopards, star-shaped striped tigers; BattleHalma's round counters and
crown-shaped kings in red and blue. Sprites are drawn once per size.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rules.kinds import PieceKind
from rules.words import N_

from .. import theme

if TYPE_CHECKING:
    from rules import State

_cache: dict[tuple[int, PieceKind, int], pygame.Surface] = {}
theme.on_palette_change(_cache.clear)  # the armies' colours come from the palette

SHAPE_NAMES = {
    "soldier0": N_("round disc"),
    "soldier1": N_("square"),
    "cow": N_("square with horns"),
    "leopard": N_("spotted cat head"),
    "tiger": N_("striped star"),
    "counter0": N_("round red counter"),
    "counter1": N_("round blue counter"),
    "king0": N_("red crown (king)"),
    "king1": N_("blue crown (king)"),
}

#: BattleHalma's armies: (fill, edge); Red lighter and warmer than Blue, so grey still tells them apart
HALMA_COLORS = {0: ((222, 74, 58), (104, 20, 14)), 1: ((58, 104, 214), (14, 30, 92))}
CROWN_GOLD = (250, 210, 90)


ANIMALS = (PieceKind.COW, PieceKind.LEOPARD, PieceKind.TIGER)


def style_of(owner: int, kind: PieceKind) -> str:
    """The drawing style of a piece: the animals by kind, anything else by owner."""
    if kind in ANIMALS:
        return str(kind)
    if kind in (PieceKind.COUNTER, PieceKind.KING):
        return f"{kind}{owner}"
    return f"soldier{owner}"


def side_kind(state: State, player: int) -> PieceKind:
    """The kind of piece that stands for ``player`` (the rules say: ``state.piece_kind``)."""
    return state.piece_kind(player)


def describe(owner: int, kind: PieceKind) -> str:
    """Words for a piece's look, e.g. for the side panel ("round disc")."""
    return SHAPE_NAMES[style_of(owner, kind)]


def sprite(owner: int, kind: PieceKind, radius: int) -> pygame.Surface:
    """The token for ``(owner, kind)`` fitting a circle of ``radius`` (cached)."""
    radius = max(4, int(radius))
    key = (owner, kind, radius)
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 200:
            _cache.clear()
        surf = _draw(style_of(owner, kind), radius, kind)
        _cache[key] = surf
    return surf


def _star(cx: float, cy: float, r_out: float, r_in: float, n: int, turn: float = -math.pi / 2) -> list:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = turn + math.pi * i / n
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    return pts


def _draw(style: str, r: int, kind: PieceKind) -> pygame.Surface:
    size = int(r * 2.6)
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    edge = max(2, r // 7)
    if style == "soldier0":
        pygame.draw.circle(s, theme.ARMY_LIGHT_EDGE, (c, c), r)
        pygame.draw.circle(s, theme.ARMY_LIGHT, (c, c), r - edge)
        pygame.draw.circle(s, theme.ARMY_LIGHT_EDGE, (c, c), r * 0.5, max(1, edge // 2 + 1))
    elif style == "soldier1":
        side = r * 1.72
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (c, c)
        pygame.draw.rect(s, theme.ARMY_DARK_EDGE, rect, border_radius=max(2, r // 5))
        pygame.draw.rect(s, theme.ARMY_DARK, rect.inflate(-2 * edge, -2 * edge), border_radius=max(2, r // 6))
        inner = rect.inflate(-side * 0.52, -side * 0.52)
        pygame.draw.rect(s, theme.ARMY_DARK_EDGE, inner, max(1, edge // 2 + 1))
    elif style == "cow":
        side = r * 1.6
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (c, c + r * 0.12)
        horn = theme.COW_PATCH
        for sx in (-1, 1):
            base_x = c + sx * side * 0.32
            pygame.draw.polygon(
                s,
                horn,
                [
                    (base_x - r * 0.2, rect.top + 2),
                    (base_x + r * 0.2, rect.top + 2),
                    (c + sx * side * 0.62, rect.top - r * 0.42),
                ],
            )
        pygame.draw.rect(s, theme.COW_PATCH, rect, border_radius=max(2, r // 3))
        pygame.draw.rect(s, theme.COW, rect.inflate(-2 * edge, -2 * edge), border_radius=max(2, r // 3))
        pygame.draw.circle(s, theme.COW_PATCH, (rect.left + side * 0.3, rect.top + side * 0.34), r * 0.22)
        pygame.draw.circle(s, theme.COW_PATCH, (rect.left + side * 0.72, rect.top + side * 0.62), r * 0.17)
        nose = pygame.Rect(0, 0, side * 0.5, side * 0.22)
        nose.midbottom = (c, rect.bottom - edge - 1)
        pygame.draw.ellipse(s, (236, 170, 170), nose)
    elif style == "leopard":  # a round cat's head with two ears: unlike any soldier disc
        head = r * 0.9
        cy = c + r * 0.1
        for sx in (-1, 1):
            ear = [
                (c + sx * head * 0.25, cy - head * 0.85),
                (c + sx * head * 0.95, cy - head * 0.45),
                (c + sx * head * 0.88, cy - head * 1.28),
            ]
            pygame.draw.polygon(s, theme.LEOPARD_SPOT, ear)
        pygame.draw.circle(s, theme.LEOPARD_SPOT, (c, cy), head)
        pygame.draw.circle(s, theme.LEOPARD, (c, cy), head - edge)
        for i in range(7):
            a = i * 2 * math.pi / 7 + 0.3
            d = r * (0.46 if i % 2 else 0.56)
            pygame.draw.circle(
                s, theme.LEOPARD_SPOT, (c + math.cos(a) * d, cy + math.sin(a) * d), max(2, r * 0.12)
            )
        pygame.draw.circle(s, theme.LEOPARD_SPOT, (c, cy), max(2, r * 0.16))
    elif style == "tiger":
        ro = r * 1.22
        pts = _star(c, c, ro, ro * 0.6, 6)
        pygame.draw.polygon(s, theme.TIGER_STRIPE, pts)
        pygame.draw.polygon(s, theme.TIGER, _star(c, c, ro - edge * 1.5, ro * 0.6 - edge, 6))
        for dx in (-0.45, 0.0, 0.45):
            x = c + dx * r
            pygame.draw.line(
                s,
                theme.TIGER_STRIPE,
                (x - r * 0.12, c - r * 0.42),
                (x + r * 0.12, c + r * 0.42),
                max(2, r // 7),
            )
    elif style.startswith(("counter", "king")):
        _halma(s, c, r, edge, int(style[-1]), style.startswith("king"))
    else:  # a kind this renderer does not know: a plain disc with its initial
        pygame.draw.circle(s, theme.ACCENT, (c, c), r)
        label = theme.text(str(kind)[:1].upper(), int(r * 1.2), (0, 0, 0))
        s.blit(label, label.get_rect(center=(c, c)))
    return s


def _halma(s: pygame.Surface, c: float, r: int, edge: int, owner: int, king: bool) -> None:
    """A BattleHalma piece: a round counter (Red with a ring, Blue with a dot inside), or a king
    shaped as a three-pointed crown with gold tips, so a king never looks like a counter."""
    fill, dark = HALMA_COLORS[owner]
    if not king:
        pygame.draw.circle(s, dark, (c, c), r)
        pygame.draw.circle(s, fill, (c, c), r - edge)
        light = tuple(min(255, v + 70) for v in fill)
        pygame.draw.circle(s, light, (c - r * 0.28, c - r * 0.3), r * 0.22)  # a glint: it reads as a disc
        if owner == 0:
            pygame.draw.circle(s, dark, (c, c), r * 0.52, max(1, edge // 2 + 1))
        else:
            pygame.draw.circle(s, dark, (c, c), r * 0.24)
        return
    w, top, bottom = r * 1.12, c - r * 1.0, c + r * 0.78
    valley = c - r * 0.12
    pts = [
        (c - w, bottom),
        (c - w, top + r * 0.1),
        (c - w * 0.5, valley),
        (c, top - r * 0.12),
        (c + w * 0.5, valley),
        (c + w, top + r * 0.1),
        (c + w, bottom),
    ]
    pygame.draw.polygon(s, dark, pts)
    inner = [(x + (c - x) * 0.16, y + (c - y) * 0.16) for x, y in pts]
    pygame.draw.polygon(s, fill, inner)
    band = pygame.Rect(0, 0, int(w * 1.7), max(3, int(r * 0.34)))
    band.midbottom = (int(c), int(bottom - edge))
    pygame.draw.rect(s, CROWN_GOLD, band, border_radius=max(1, r // 8))
    for x, y in (pts[1], pts[3], pts[5]):
        pygame.draw.circle(s, dark, (x, y), max(2, r * 0.2))
        pygame.draw.circle(s, CROWN_GOLD, (x, y), max(2, r * 0.2) - max(1, edge // 2))


def draw_piece(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    owner: int,
    kind: PieceKind,
    lift: float = 0.0,
    scale: float = 1.0,
    alpha: int = 255,
) -> None:
    """Blit a token centred at ``center``; ``lift`` (0..1) raises it over a growing shadow."""
    r = max(4, int(radius * scale * (1 + 0.18 * lift)))
    if lift > 0.01 or scale < 0.999:
        shadow_r = int(radius * scale * (1 - 0.25 * lift))
        shadow = pygame.Rect(0, 0, shadow_r * 2, int(shadow_r * 1.1))
        shadow.center = (int(center[0]), int(center[1] + radius * 0.3 + lift * radius * 0.6))
        sh = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.ellipse(sh, (0, 0, 0, int(70 * (1 - 0.5 * lift) * alpha / 255)), sh.get_rect())
        surface.blit(sh, shadow)
    spr = sprite(owner, kind, r)
    if alpha < 255:
        spr = spr.copy()
        spr.set_alpha(alpha)
    surface.blit(spr, spr.get_rect(center=(int(center[0]), int(center[1] - lift * radius * 0.25))))
