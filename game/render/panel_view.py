"""Drawing the play scene's side panel and the words around the board from its plan
(``game.render.panel``'s ``PanelPlan``): reads the plan and the match, writes nothing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rules.kinds import PieceKind
from rules.words import Words

from .. import theme
from ..i18n import tr
from .panel import PanelPlan, card_bits, thinking
from .pieces import describe, draw_piece, side_kind

if TYPE_CHECKING:
    from ..scenes.play import PlayScene


class PanelView:
    """Draws the panel of a ``PlayScene`` from its plan; reads only."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene

    def draw(self, surface: pygame.Surface, plan: PanelPlan) -> None:
        m, s = self.scene.match, plan.s
        if plan.thinking:
            self._draw_thinking(surface, plan)
        else:
            for line, y in plan.help_lines:
                theme.blit_text(
                    surface, line, plan.help_size, theme.TEXT_DIM, (plan.help_pos[0], y), "midtop"
                )
        theme.panel(surface, plan.panel, theme.PANEL, theme.PANEL_EDGE, int(16 * s))
        x = plan.x
        pad_top = plan.panel.top + int(14 * s)
        theme.blit_text(surface, m.spec.name, plan.name_size, theme.ACCENT, (x, pad_top))
        theme.blit_text(
            surface,
            theme.fit(plan.mode_words, int(20 * s), plan.inner_w - plan.speed.width - int(8 * s)),
            int(20 * s),
            theme.TEXT_DIM,
            (x, plan.mode_y),
        )
        if plan.rules_words:  # the rule that shapes every turn, e.g. "Capture rule: Huff (traditional)"
            theme.blit_text(
                surface,
                theme.fit(plan.rules_words, int(20 * s), plan.inner_w),
                int(20 * s),
                theme.ACCENT_2,
                (x, plan.rules_y),
            )
        self._draw_turn_box(surface, plan)
        if plan.proven is not None:
            words, py = plan.proven
            theme.blit_text(
                surface,
                theme.fit(Words("{proven} (V hides)", proven=words), int(20 * s), plan.inner_w),
                int(20 * s),
                theme.GOOD,
                (x, py),
            )
        for player in range(len(plan.cards)):
            self._draw_player_card(surface, plan, player)
        for line, ly in plan.notice_lines:
            theme.blit_text(surface, line, int(22 * s), plan.notice_color, (x, ly))
        for line, ly in plan.event_lines:
            theme.blit_text(surface, line, int(22 * s), theme.LAST_MOVE, (x, ly))
        for line, ly in plan.message_lines:
            theme.blit_text(surface, line, plan.message_size, plan.message_color, (x, ly))
        self._draw_graph(surface, plan)
        self._draw_log(surface, plan)
        for placed in plan.buttons:  # each where ``PlayScene.place`` put it, from this plan
            placed.button.draw(surface, False, s)

    def _draw_thinking(self, surface: pygame.Surface, plan: PanelPlan) -> None:
        """A pill under the board while the computer thinks (it keeps moving: 60 FPS), where the
        help line goes: it covers no point, file letter or piece."""
        sc, m, s = self.scene, self.scene.match, plan.s
        who = m.side(m.state.to_move)
        words = thinking(who, "." * (1 + int(sc.time * 3) % 3))
        size = int(21 * s)
        longest = tr(thinking(who, "..."))
        pill = pygame.Rect(0, 0, theme.measure(longest, size)[0] + int(56 * s), int(28 * s))
        pill.midtop = (plan.help_pos[0], plan.help_pos[1] - int(2 * s))
        theme.panel(surface, pill, (24, 28, 50), theme.ACCENT_2, pill.height // 2, 2)
        self._draw_spinner(surface, (pill.left + int(18 * s), pill.centery), int(8 * s), s)
        theme.blit_text(surface, words, size, theme.TEXT, (pill.left + int(34 * s), pill.centery), "midleft")

    def _draw_graph(self, surface: pygame.Surface, plan: PanelPlan) -> None:
        area, s = plan.graph_area, plan.s
        if area is None:
            return
        theme.panel(surface, area, (24, 28, 50), theme.PANEL_EDGE, int(8 * s), 1)
        plot = plan.graph_plot
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (area.left + 4, plot.centery), (area.right - 4, plot.centery), 1
        )
        if len(plan.graph_line) > 1:
            pygame.draw.lines(surface, theme.ACCENT_2, False, plan.graph_line, max(2, int(2 * s)))
        for (x, y), color, _ in plan.graph_marks:
            pygame.draw.circle(surface, color, (x, y), max(3, int(4 * s)))
        if plan.graph_now is not None:
            pygame.draw.line(
                surface,
                theme.ACCENT,
                (plan.graph_now, plot.top),
                (plan.graph_now, plot.bottom),
                max(1, int(2 * s)),
            )
        title = plan.graph_title or area
        theme.blit_text(
            surface,
            plan.graph_words,
            plan.graph_title_size,
            theme.TEXT_DIM,
            (area.left + int(6 * s), title.centery),
            "midleft",
        )
        if plan.graph_switch:
            theme.blit_text(
                surface,
                plan.graph_switch,
                plan.graph_title_size,
                theme.ACCENT_2,
                (area.right - int(6 * s), title.centery),
                "midright",
            )

    def _draw_log(self, surface: pygame.Surface, plan: PanelPlan) -> None:
        m, s, area = self.scene.match, plan.s, plan.log_area
        if not plan.log_cells:
            return
        size = int(19 * s)
        more_w = theme.measure(plan.log_more, int(15 * s))[0] + int(6 * s) if plan.log_more else 0
        for p, (name, x) in enumerate(plan.log_heads):
            room = plan.log_head_w - (more_w if p == 1 else 0)
            theme.blit_text(
                surface,
                theme.fit(tr(name).upper(), int(17 * s), room),
                int(17 * s),
                theme.TEXT_DIM,
                (x, area.top),
            )
        if plan.log_more:
            theme.blit_text(
                surface,
                plan.log_more,
                int(15 * s),
                theme.TEXT_DIM,
                (area.right, area.top + int(2 * s)),
                "topright",
            )
        for number, y in plan.log_numbers:
            theme.blit_text(surface, number, size, theme.TEXT_DIM, (area.left, y))
        shown = plan.log_marked
        for cell, index, notation in plan.log_cells:
            if index == shown:
                pygame.draw.rect(surface, (52, 62, 104), cell, border_radius=int(6 * s))
            color = (
                theme.TEXT if index == shown else theme.ACCENT_2 if index == len(m.log) else theme.TEXT_DIM
            )
            theme.blit_text(
                surface,
                theme.fit(notation, size, cell.width - int(6 * s)),
                size,
                color,
                (cell.left + int(4 * s), cell.top + int(2 * s)),
            )

    def _draw_turn_box(self, surface: pygame.Surface, plan: PanelPlan) -> None:
        sc, m, s = self.scene, self.scene.match, plan.s
        out = None if m.review.active else m.shown_outcome
        box = plan.turn_box
        icon_r = int(26 * s)
        theme.panel(
            surface,
            box,
            (24, 28, 50),
            theme.ACCENT if out is None else theme.GOOD,
            int(12 * s),
            max(2, int(3 * s)),
        )
        cx, cy = box.left + int(14 * s) + icon_r, box.top + int(36 * s)
        if out is None:
            player = plan.turn_player
            bob = math.sin(sc.time * 4) * 3 * s
            draw_piece(surface, (cx, cy + bob), icon_r, player, side_kind(m.state, player))
        size = theme.fit_size(
            plan.turn_head, int(34 * s), 14, box.width - (cx - box.left) - icon_r - int(20 * s)
        )
        theme.blit_text(surface, plan.turn_head, size, theme.TEXT, (cx + icon_r + int(14 * s), cy), "midleft")
        y = box.top + int(66 * s)
        for line, color in plan.turn_lines:
            theme.blit_text(surface, line, int(23 * s), color, (box.left + int(12 * s), y))
            y += int(24 * s)

    def _draw_spinner(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, s: float
    ) -> None:
        for i in range(8):
            a = self.scene.time * 5 + i * math.pi / 4
            k = (i + 1) / 8
            pos = (center[0] + math.cos(a) * radius, center[1] + math.sin(a) * radius)
            pygame.draw.circle(
                surface, theme.lerp_color(theme.PANEL, theme.ACCENT_2, k), pos, max(2, int(4 * s * k))
            )

    def _draw_player_card(self, surface: pygame.Surface, plan: PanelPlan, player: int) -> None:
        sc, m, s, compact, rect = self.scene, self.scene.match, plan.s, plan.compact, plan.cards[player]
        active = (m.review.active or m.shown_outcome is None) and m.shown_to_move == player
        theme.panel(
            surface,
            rect,
            (46, 54, 92) if active else (28, 32, 56),
            theme.ACCENT if active else theme.PANEL_EDGE,
            int(12 * s),
            max(2, int(3 * s)) if active else 1,
        )
        kind = side_kind(m.state, player)
        icon_r = int(20 * s)
        cx = rect.left + int(12 * s) + icon_r
        draw_piece(surface, (cx, rect.top + rect.height * 0.42), icon_r, player, kind)
        tx = cx + icon_r + int(12 * s)
        name = theme.blit_text(surface, m.side(player), int(28 * s), theme.TEXT, (tx, rect.top + int(8 * s)))
        if not compact:
            theme.blit_text(
                surface,
                Words("{player} · {look}", player=m.controller_label(player), look=describe(player, kind)),
                int(19 * s),
                theme.TEXT_DIM,
                (tx, rect.top + int(34 * s)),
            )
        hands = m.board_source.state.hands()  # a position looked back at counts its own
        if compact:  # beside the name, smaller if it must (the plan went compact only if it fits)
            size = plan.bits_sizes[player] or int(
                20 * s
            )  # (0: it does not fit; never drawn unreadably small)
            where = (name.right + int(12 * s), name.centery - theme.font(size).get_linesize() // 2)
        else:
            size, where = int(20 * s), (tx, rect.top + int(52 * s))
        theme.blit_text(surface, card_bits(sc, player), size, theme.ACCENT_2, where)
        if m.computer.thinking and m.state.to_move == player:
            self._draw_spinner(surface, (rect.right - int(24 * s), rect.centery), int(12 * s), s)
        elif hands[player]:
            self._draw_hand(surface, rect, player, kind, hands[player], s)

    def _draw_hand(
        self, surface: pygame.Surface, rect: pygame.Rect, player: int, kind: PieceKind, count: int, s: float
    ) -> None:
        """The pieces still in hand, as a little stack at the right of the player's card."""
        shown = min(count, 5)
        r = int(11 * s)
        x = rect.right - int(16 * s) - r
        y = rect.top + int(24 * s)
        for i in range(shown):
            draw_piece(surface, (x - i * r * 0.9, y + (i % 2) * 3 * s), r, player, kind)
        if count > shown:
            theme.blit_text(
                surface,
                f"+{count - shown}",
                int(18 * s),
                theme.TEXT_DIM,
                (rect.right - int(12 * s), rect.bottom - int(8 * s)),
                "bottomright",
            )
