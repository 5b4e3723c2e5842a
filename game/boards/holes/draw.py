"""Drawing a pit board in play: the empty board, the marks (legal pits, the last move, the
hint, a refused click), the stones from the stone field, every pit's count, the stores, the
sowing in flight and the hover preview. It only reads the match and the field."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rules.kinds import Detail, EffectKind
from rules.words import Words

from ... import theme
from ...render.marks import alpha_circle
from .anim import SowingAnimation
from .preview import Preview, end_captures, last_end, preview
from .stones import StoneField, heap_offset
from .view import NORTH_INK, SOUTH_INK, HolesView, stone_sprite

if TYPE_CHECKING:
    from ..look import BoardLook

BADGE = (34, 24, 16)
BADGE_CHANGED = (20, 70, 120)


def _cross(
    surface: pygame.Surface, color: theme.Color, center: tuple[float, float], k: float, width: int
) -> None:
    x, y = center
    pygame.draw.line(surface, color, (x - k, y - k), (x + k, y + k), width)
    pygame.draw.line(surface, color, (x - k, y + k), (x + k, y - k), width)


class HolesRenderer:
    """Draws the board area of a match on a pit board."""

    def __init__(self, view: HolesView, field: StoneField, sides: tuple[str, str]) -> None:
        self.view = view
        self.field = field
        self.sides = sides

    def hover_preview(self, m: BoardLook) -> Preview | None:
        """The preview of the hovered pit when it is a legal start for the person to move."""
        if not m.human_to_move or m.busy or m.hover is None:
            return None
        move = m.builder.single_moves().get(m.hover)
        if move is None:
            return None
        return preview(m.state, move, m.builder.effects(move))

    def draw(self, surface: pygame.Surface, m: BoardLook) -> None:
        view = self.view
        view.draw(surface)
        anim = m.animation if isinstance(m.animation, SowingAnimation) else None
        live = anim is not None or self.field.in_sync(m.state.counts(), m.state.captured_counts())
        counts = self.field.counts() if live else m.state.counts()
        stores = tuple(self.field.stores) if live else m.state.captured_counts()
        pv = self.hover_preview(m)
        self._marks(surface, m, anim, pv)
        if live:
            self._field_stones(surface)
        else:
            self._resting_stones(surface, counts)
        self._stores(surface, stores)
        if pv is not None:
            self._preview_rings(surface, pv)  # under the counts and the "+N" tags, which stay readable
        self._badges(surface, counts, pv)
        if anim is not None:
            anim.draw(surface)
            self._caption(surface, anim, m)
        if pv is not None:
            self._preview_words(surface, pv, m)
        m.bursts.draw(surface, self.view.frame)

    def draw_still(self, surface: pygame.Surface, counts: dict[int, int], stores: tuple[int, int]) -> None:
        """The board with ``counts`` resting in its pits and ``stores`` captured, no marks (the
        position editor's, which the rules may not accept yet)."""
        self.view.draw(surface)
        self._resting_stones(surface, counts)
        self._stores(surface, stores)
        self._badges(surface, counts, None)

    # --- marks under the stones -----------------------------------------------------------------------
    def _marks(self, surface: pygame.Surface, m: BoardLook, anim, pv: Preview | None) -> None:
        view = self.view
        r = view.pit_r
        w = max(2, int(r * 0.12))
        if anim is None and m.last_move is not None:
            alpha_circle(surface, theme.LAST_MOVE, 200, view.pos(m.last_move.origin), r * 1.08, w)
            end = last_end(m.last_effects)
            if end is not None:
                self._end_mark(surface, end)
            for e in end_captures(m.last_effects):
                _cross(surface, theme.CAPTURE, view.pos(e.cell), r * 0.35, w)
        if m.human_to_move and not m.busy and m.show_legal:
            b = m.builder
            for cell in b.single_moves():
                hot = cell == m.hover
                alpha_circle(
                    surface,
                    theme.ACCENT,
                    240 if hot else int(120 + 60 * m.pulse),
                    view.pos(cell),
                    r * (1.12 if hot else 1.06),
                    max(3, int(r * (0.16 if hot else 0.1))),
                )
        if m.suggestion is not None and anim is None:
            alpha_circle(
                surface,
                theme.HINT,
                int(150 + 100 * m.pulse),
                view.pos(m.suggestion.origin),
                r * (1.15 + 0.1 * m.pulse),
                max(3, w),
            )
        if anim is not None and anim.index < len(anim.steps):
            e = anim.steps[anim.index].effect
            if e.kind == EffectKind.RELAY:
                alpha_circle(surface, theme.ACCENT_2, 230, view.pos(e.cell), r * 1.1, max(3, int(r * 0.18)))
            elif e.kind == EffectKind.CAPTURE:
                alpha_circle(surface, theme.CAPTURE, 230, view.pos(e.cell), r * 1.1, max(3, int(r * 0.18)))

    def _end_mark(self, surface: pygame.Surface, cell: int) -> None:
        """Where the last sowing ended: the pit tinted and thickly ringed in the last move's
        colour (its start keeps a thin ring)."""
        view = self.view
        r = view.pit_r
        x, y = view.pos(cell)
        alpha_circle(surface, theme.LAST_MOVE, 70, (x, y), r * 1.02)
        alpha_circle(surface, theme.LAST_MOVE, 235, (x, y), r * 1.12, max(3, int(r * 0.16)))

    # --- stones ---------------------------------------------------------------------------------------
    def _field_stones(self, surface: pygame.Surface) -> None:
        view = self.view
        rad = max(2, int(view.stone_r + 0.5))
        field = self.field
        blits = []
        for cell, stones in field.pits.items():
            if not stones:
                continue
            cx, cy = view.pos(cell)
            bx, by = field.centres[cell]
            s = view.s
            for st in sorted(stones, key=lambda st: st.layer) if len(stones) > 14 else stones:
                p = st.body.position  # type: ignore[union-attr]
                blits.append(
                    (
                        stone_sprite(st.colour, rad),
                        (cx + (p.x - bx) * s - rad - 1, cy - (p.y - by) * s - rad - 1),
                    )
                )
        surface.blits(blits, doreturn=False)

    def _resting_stones(self, surface: pygame.Surface, counts: dict[int, int]) -> None:
        """The rules' counts as resting heaps (before the field has caught up with them)."""
        view = self.view
        rad = max(2, int(view.stone_r + 0.5))
        for cell, n in counts.items():
            cx, cy = view.pos(cell)
            for k in range(n):
                _, (dx, dy) = heap_offset(k, self.field.turns.get(cell, 0.0))
                surface.blit(
                    stone_sprite((cell + k) % 6, rad),
                    (cx + dx * view.s - rad - 1, cy - dy * view.s - rad - 1),
                )

    def _stores(self, surface: pygame.Surface, stores: tuple[int, int] | tuple) -> None:
        view = self.view
        rad = max(2, int(view.stone_r + 0.5))
        for player in (0, 1):
            rect = view.stores[player]
            colours = self.field.store_colours[player]
            blits = []
            for k in range(stores[player]):
                x, y = view.store_slot(player, k)
                colour = colours[k] if k < len(colours) else k % 6
                blits.append((stone_sprite(colour, rad), (x - rad - 1, y - rad - 1)))
            surface.blits(blits, doreturn=False)
            ink = SOUTH_INK if player == 0 else NORTH_INK
            size = max(14, int(rect.height * 0.36))
            theme.blit_text(
                surface,
                Words("{side}'s store", side=self.sides[player]),
                size,
                ink,
                (rect.left + int(rect.height * 0.35), rect.top + int(rect.height * 0.08)),
            )
            big = max(18, int(rect.height * 0.72))
            theme.blit_text(
                surface,
                str(stores[player]),
                big,
                ink,
                (rect.right - int(rect.height * 0.4), rect.centery),
                "midright",
            )

    def _badges(self, surface: pygame.Surface, counts: dict[int, int], pv: Preview | None) -> None:
        view = self.view
        size = view.badge_size
        for cell, n in counts.items():
            changed = pv is not None and pv.final.get(cell, n) != n
            shown = pv.final[cell] if changed and pv is not None else n
            label = theme.text(str(shown), size, (255, 255, 255) if n or changed else (170, 150, 130))
            x, y = view.badge_pos(cell)
            box = label.get_rect(center=(int(x), int(y)))
            box.inflate_ip(max(8, size // 2), 2)
            box.width = max(box.width, box.height)
            box.center = (int(x), int(y))
            pygame.draw.rect(surface, BADGE_CHANGED if changed else BADGE, box, border_radius=box.height // 2)
            if changed:
                pygame.draw.rect(surface, theme.ACCENT_2, box, 2, border_radius=box.height // 2)
            surface.blit(label, label.get_rect(center=box.center))

    # --- words and the preview ----------------------------------------------------------------------------
    def _caption(self, surface: pygame.Surface, anim: SowingAnimation, m: BoardLook) -> None:
        """How the sowing ends, said on the board while its stop is shown."""
        if anim.done or anim.steps[anim.index].effect.kind != EffectKind.STOP or not anim.caption:
            return
        stop = anim.steps[anim.index].effect.detail
        self._pill(
            surface,
            anim.caption,
            theme.CAPTURE if stop == Detail.CAPTURE else theme.ACCENT_2,
            min(1.0, anim.step_t * 4),
        )

    def _pill(self, surface: pygame.Surface, words: str, edge: theme.Color, fade: float = 1.0) -> None:
        view = self.view
        size = max(16, int(view.s * 0.36))
        room = view.frame.width - 2 * int(view.s * 0.3)
        while size > 13 and theme.measure(words, size)[0] + size > room:  # the line stays on the board
            size -= 1
        label = theme.text(words, size, theme.TEXT)
        box = label.get_rect()
        box.inflate_ip(size, size // 2)
        rows = view.layout.rows
        y = (view.pos(rows[1][0])[1] + view.pos(rows[2][0])[1]) / 2
        box.center = (view.frame.centerx, int(y))
        pill = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (24, 28, 50, int(235 * fade)), pill.get_rect(), border_radius=box.height // 2)
        pygame.draw.rect(pill, (*edge, int(255 * fade)), pill.get_rect(), 2, border_radius=box.height // 2)
        surface.blit(pill, box)
        label.set_alpha(int(255 * fade))
        surface.blit(label, label.get_rect(center=box.center))
        label.set_alpha(None)

    def _preview_rings(self, surface: pygame.Surface, pv: Preview) -> None:
        """The pits a hovered sowing reaches, where it ends, and what it captures."""
        view = self.view
        r = view.pit_r
        for cell in pv.received:
            alpha_circle(surface, theme.TARGET, 70, view.pos(cell), r * 0.95)
        alpha_circle(surface, theme.ACCENT, 255, view.pos(pv.end), r * 1.18, max(3, int(r * 0.2)))
        for cell in pv.captured:
            alpha_circle(surface, theme.CAPTURE, 240, view.pos(cell), r * 1.1, max(3, int(r * 0.18)))
            _cross(surface, theme.CAPTURE, view.pos(cell), r * 0.4, max(3, int(r * 0.14)))

    def _preview_words(self, surface: pygame.Surface, pv: Preview, m: BoardLook) -> None:
        """The "+N" stones each pit receives, on top of the rings, and the line that sums it up."""
        view = self.view
        r = view.pit_r
        size = max(13, int(view.badge_size * 0.9))
        for cell, k in pv.received.items():
            x, y = view.pos(cell)
            tag = theme.text(f"+{k}", size, (255, 255, 255))
            box = tag.get_rect(center=(int(x + r * 0.62), int(y - r * 0.72))).inflate(6, 2)
            pygame.draw.rect(surface, (30, 120, 70), box, border_radius=box.height // 2)
            pygame.draw.rect(surface, (210, 255, 225), box, 1, border_radius=box.height // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
        # "sleeps" is said in full until a sowing has been seen to end in sleep
        self._pill(
            surface,
            pv.words(m.state.game.point_name, explain=Detail.SLEEP not in m.source.stops_seen),
            theme.CAPTURE if pv.captured else theme.ACCENT,
        )
