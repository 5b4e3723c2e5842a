"""Drawing the play scene: the board (by its family, ``game.boards``), the thinking badge, the
help line, and the side panel that says whose turn it is in words, the players, the last move
and the move log. It only reads the scene; input and rules stay in ``scenes.play``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..config import PASS_AND_PLAY, WATCH
from ..widgets import fit_line
from .pieces import describe, draw_piece, side_kind

if TYPE_CHECKING:
    from ..scenes.play import PlayScene


class PlayView:
    """Draws a ``PlayScene`` every frame."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        theme.background(surface)
        board = sc.view
        board.draw(surface, sc.board_view)
        self._draw_help_line(surface)
        self._draw_thinking(surface, board.frame)
        self._draw_panel(surface)

    def _draw_thinking(self, surface: pygame.Surface, frame: pygame.Rect) -> None:
        """A pill over the top of the board while the computer thinks (it keeps moving: 60 FPS)."""
        sc = self.scene
        if sc.opponent is None or not sc.opponent.thinking or sc.busy:
            return
        s = sc.app.scale
        words = f"{sc.side(sc.state.to_move)} is thinking" + "." * (1 + int(sc.time * 3) % 3)
        size = int(26 * s)
        w = theme.font(size).size(f"{sc.side(sc.state.to_move)} is thinking...")[0] + int(70 * s)
        pill = pygame.Rect(0, 0, w, int(44 * s))
        pill.midtop = (frame.centerx, frame.top + int(8 * s))
        theme.panel(surface, pill, (24, 28, 50), theme.ACCENT_2, pill.height // 2, 2)
        self._draw_spinner(surface, (pill.left + int(26 * s), pill.centery), int(11 * s), s)
        theme.blit_text(surface, words, size, theme.TEXT, (pill.left + int(48 * s), pill.centery), "midleft")

    def _draw_help_line(self, surface: pygame.Surface) -> None:
        """What the pointer does now, under the board (or why it does nothing)."""
        sc = self.scene
        s = sc.app.scale
        board_rect, _ = sc.layout(sc.app.size)
        theme.blit_text(surface, sc.help_text(), int(21 * s), theme.TEXT_DIM,
                        (board_rect.centerx, board_rect.bottom + int(6 * s)), "midtop")

    def _draw_panel(self, surface: pygame.Surface) -> None:
        sc = self.scene
        _, panel = sc.layout(surface.get_size())
        s = sc.app.scale
        theme.panel(surface, panel, theme.PANEL, theme.PANEL_EDGE, int(16 * s))
        pad = int(14 * s)
        x = panel.left + pad
        inner_w = panel.width - 2 * pad
        y = panel.top + pad
        name = theme.blit_text(surface, sc.spec.name, int(34 * s), theme.ACCENT, (x, y))
        y = name.bottom + int(4 * s)
        mode = {PASS_AND_PLAY: "Pass and play", WATCH: "Computer v computer"}.get(
            sc.config.mode, f"You play {sc.side(sc.config.human_side)}")
        # The animation speed sits at the end of this line: a fixed place, whatever happens below.
        speed_w = int(inner_w * 0.42)
        sc.speed_button.rect = pygame.Rect(x + inner_w - speed_w, y - int(8 * s), speed_w, max(26, int(32 * s)))
        theme.blit_text(surface, fit_line(mode, int(20 * s), inner_w - speed_w - int(8 * s)), int(20 * s),
                        theme.TEXT_DIM, (x, y))
        rules_in_force = sc.rules_in_force()
        if rules_in_force:  # the rule that shapes every turn, e.g. "Capture rule: Huff (traditional)"
            y += int(26 * s)
            theme.blit_text(surface, fit_line(rules_in_force, int(20 * s), inner_w), int(20 * s), theme.ACCENT_2,
                            (x, y))
        y += int(34 * s)
        y = self._draw_turn_box(surface, pygame.Rect(x, y, inner_w, 0), s) + int(10 * s)
        y = self._draw_proven(surface, x, y, inner_w, s)
        for player in (0, 1):
            y = self._draw_player_card(surface, pygame.Rect(x, y, inner_w, int(74 * s)), player, s) + int(8 * s)
        y += int(4 * s)
        msg_size = int(22 * s)
        if sc.event:
            for line in theme.wrap(sc.event, msg_size, inner_w)[:2]:
                theme.blit_text(surface, line, msg_size, theme.LAST_MOVE, (x, y))
                y += int(msg_size * 1.05)
            y += int(6 * s)
        for line in theme.wrap(sc.message, msg_size, inner_w)[:5]:
            theme.blit_text(surface, line, msg_size, sc.message_color, (x, y))
            y += int(msg_size * 1.05)
        bh = int(48 * s)
        bottom = panel.bottom - pad
        row = [b for b in (sc.undo_button, sc.rules_button, sc.menu_button) if b.visible]
        gap = int(8 * s)
        bw = (inner_w - gap * (len(row) - 1)) // len(row)
        for i, b in enumerate(row):
            b.rect = pygame.Rect(x + i * (bw + gap), bottom - bh, bw, bh)
        ctx_y = bottom - bh - gap - bh
        interactive = sc.human_to_move and not sc.busy
        sc.stop_button.visible = interactive and sc.builder.can_stop()
        sc.decline_button.visible = interactive and bool(sc.builder.removal_points()) and not sc.builder.path
        # The hint keeps its place while a piece is selected (greyed), so the panel does not jump.
        sc.hint_button.visible = sc.adviser is not None and sc.state.outcome() is None and sc.config.mode != WATCH
        sc.hint_button.enabled = sc.hint_available()
        sc.pause_button.visible = sc.config.mode == WATCH and sc.state.outcome() is None
        sc.back_button.visible = sc.review.active
        sc.redo_button.visible = sc.can_redo and not sc.review.active
        sc.step_button.visible = sc.config.mode == WATCH and sc.paused and sc.state.outcome() is None
        for b in (sc.stop_button, sc.decline_button, sc.hint_button, sc.pause_button, sc.back_button,
                  sc.redo_button, sc.step_button):
            if b.visible:
                b.rect = pygame.Rect(x, ctx_y, inner_w, bh)
                ctx_y -= bh + gap
        self._draw_log(surface, pygame.Rect(x, y + int(8 * s), inner_w, ctx_y + bh - y - int(16 * s)), s)
        sc.undo_button.enabled = bool(sc.movers) and sc.config.mode != WATCH
        for b in sc.buttons:
            b.draw(surface, False, s)

    def _draw_log(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        """The moves so far, newest last, as many as fit in ``area`` (the wheel and Page Up/Down
        scroll back); each entry can be clicked to look at the position after it."""
        sc = self.scene
        size = int(19 * s)
        line_h = int(size * 1.15)
        rows = (area.height - int(26 * s)) // line_h
        sc.log_rows = []
        if rows < 2 or not sc.log:
            return
        hint = "  (click a move to look back)" if len(sc.log) > 1 else ""
        theme.blit_text(surface, fit_line("MOVES" + hint, size, area.width), size, theme.TEXT_DIM, area.topleft)
        y = area.top + int(24 * s)
        last = len(sc.log) - min(sc.log_scroll, max(0, len(sc.log) - rows))
        first = max(0, last - rows)
        shown = sc.review.ply if sc.review.active else len(sc.log)
        for i, words in enumerate(sc.log[first:last], start=first + 1):
            row = pygame.Rect(area.left - int(4 * s), y - int(2 * s), area.width + int(8 * s), line_h)
            if i == shown:
                pygame.draw.rect(surface, (52, 62, 104), row, border_radius=int(6 * s))
            color = theme.TEXT if i == shown else theme.TEXT_DIM
            theme.blit_text(surface, fit_line(f"{i}. {words}", size, area.width), size, color, (area.left, y))
            sc.log_rows.append((row, i))
            y += line_h

    def _draw_turn_box(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> int:
        sc = self.scene
        out = None if sc.review.active else sc.shown_outcome
        words = sc.turn_text()
        head, _, rest = words.partition(" — ")
        icon_r = int(26 * s)
        lines: list[tuple[str, theme.Color]] = []
        if out is not None:
            notes = [(rest, False)]
        elif sc.review.active:
            notes = [(rest, False)]
        elif sc.moving is not None:  # the board still shows the move: no notes for the next turn yet
            notes = []
        else:  # each note in the warning colour when its code is urgent (a forced capture, a huff)
            urgent = sc.urgent_notes()
            notes = [(n.words, n.code in urgent) for n in sc.notes]
            if not notes and rest:
                notes = [(rest, False)]
        for note, warn in notes:
            for line in theme.wrap(note, int(23 * s), area.width - int(20 * s)):
                lines.append((line, theme.WARN if warn else theme.ACCENT_2))
        box = pygame.Rect(area.left, area.top, area.width, int(70 * s) + len(lines) * int(24 * s))
        edge = theme.ACCENT if out is None else theme.GOOD
        theme.panel(surface, box, (24, 28, 50), edge, int(12 * s), max(2, int(3 * s)))
        cx, cy = box.left + int(14 * s) + icon_r, box.top + int(36 * s)
        if out is None:
            player = sc.shown_to_move
            bob = math.sin(sc.time * 4) * 3 * s
            draw_piece(surface, (cx, cy + bob), icon_r, player, side_kind(sc.state, player))
            if sc.opponent is not None and sc.opponent.thinking:
                head = f"{sc.side(player)} is thinking" + "." * (1 + int(sc.time * 3) % 3)
        size = int(34 * s)
        while size > 14 and theme.font(size).size(head)[0] > box.width - (cx - box.left) - icon_r - int(20 * s):
            size -= 1
        theme.blit_text(surface, head, size, theme.TEXT, (cx + icon_r + int(14 * s), cy), "midleft")
        y = box.top + int(66 * s)
        for line, color in lines:
            theme.blit_text(surface, line, int(23 * s), color, (box.left + int(12 * s), y))
            y += int(24 * s)
        return box.bottom

    def _draw_proven(self, surface: pygame.Surface, x: int, y: int, width: int, s: float) -> int:
        """One line under the turn box where the game is solved (V hides it); returns the next y."""
        words = self.scene.proven_line()
        if not words:
            return y
        size = int(20 * s)
        theme.blit_text(surface, fit_line(f"{words} (V hides)", size, width), size, theme.GOOD, (x, y))
        return y + int(size * 1.3)

    def _draw_spinner(self, surface: pygame.Surface, center: tuple[float, float], radius: float, s: float) -> None:
        sc = self.scene
        for i in range(8):
            a = sc.time * 5 + i * math.pi / 4
            k = (i + 1) / 8
            pos = (center[0] + math.cos(a) * radius, center[1] + math.sin(a) * radius)
            pygame.draw.circle(surface, theme.lerp_color(theme.PANEL, theme.ACCENT_2, k), pos, max(2, int(4 * s * k)))

    def _draw_player_card(self, surface: pygame.Surface, rect: pygame.Rect, player: int, s: float) -> int:
        sc = self.scene
        active = (sc.review.active or sc.shown_outcome is None) and sc.shown_to_move == player
        theme.panel(surface, rect, (46, 54, 92) if active else (28, 32, 56),
                    theme.ACCENT if active else theme.PANEL_EDGE, int(12 * s), max(2, int(3 * s)) if active else 1)
        kind = side_kind(sc.state, player)
        icon_r = int(20 * s)
        cx = rect.left + int(12 * s) + icon_r
        draw_piece(surface, (cx, rect.top + rect.height * 0.42), icon_r, player, kind)
        tx = cx + icon_r + int(12 * s)
        theme.blit_text(surface, sc.side(player), int(28 * s), theme.TEXT, (tx, rect.top + int(8 * s)))
        who = sc.controller_label(player)
        theme.blit_text(surface, f"{who} · {describe(player, kind)}", int(19 * s), theme.TEXT_DIM,
                        (tx, rect.top + int(34 * s)))
        hands = sc.board_view.state.hands()  # a position looked back at counts its own
        caught = sc.board_view.state.captured_counts()
        bits = [f"taken {caught[player]}"] if sc.show_taken else []
        if any(hands) or sc.board_view.state.phase == "drop":
            bits.insert(0, f"in hand {hands[player]}")
        theme.blit_text(surface, "  ·  ".join(bits), int(20 * s), theme.ACCENT_2, (tx, rect.top + int(52 * s)))
        if sc.opponent is not None and sc.opponent.thinking and sc.state.to_move == player:
            self._draw_spinner(surface, (rect.right - int(24 * s), rect.centery), int(12 * s), s)
        elif hands[player]:
            self._draw_hand(surface, rect, player, kind, hands[player], s)
        return rect.bottom

    def _draw_hand(self, surface: pygame.Surface, rect: pygame.Rect, player: int, kind: str, count: int,
                   s: float) -> None:
        """The pieces still in hand, as a little stack at the right of the player's card."""
        shown = min(count, 5)
        r = int(11 * s)
        x = rect.right - int(16 * s) - r
        y = rect.top + int(24 * s)
        for i in range(shown):
            draw_piece(surface, (x - i * r * 0.9, y + (i % 2) * 3 * s), r, player, kind)
        if count > shown:
            theme.blit_text(surface, f"+{count - shown}", int(18 * s), theme.TEXT_DIM,
                            (rect.right - int(12 * s), rect.bottom - int(8 * s)), "bottomright")
