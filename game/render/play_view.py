"""Drawing the play scene: the board and its marks (last move, forced captures, targets, the
chain being built, huff offers), the pieces and their animations, and the side panel that says
whose turn it is in words. It only reads the scene; input and rules stay in ``scenes.play``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..config import PASS_AND_PLAY, WATCH
from ..widgets import fit_line
from .board import BoardView
from .pieces import describe, draw_piece, side_kind

if TYPE_CHECKING:
    from ..scenes.play import PlayScene


_rings: dict[tuple, pygame.Surface] = {}


def _alpha_circle(surface: pygame.Surface, color: tuple[int, int, int], alpha: int, center: tuple[float, float],
                  radius: float, width: int = 0) -> None:
    """A translucent disc or ring (cached: the marks are redrawn every frame)."""
    r = max(2, int(radius))
    key = (color, alpha // 8, r, width)
    s = _rings.get(key)
    if s is None:
        if len(_rings) > 400:
            _rings.clear()
        s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(s, (*color, alpha), (r + 2, r + 2), r, width)
        _rings[key] = s
    surface.blit(s, (center[0] - r - 2, center[1] - r - 2))


class PlayView:
    """Draws a ``PlayScene`` every frame."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        theme.background(surface)
        view = sc._view()
        view.draw(surface)
        self._draw_last_move(surface, view)
        self._draw_pieces(surface, view)
        sc.bursts.draw(surface)
        self._draw_suggestion(surface, view)
        self._draw_drag(surface, view)
        self._draw_help_line(surface, view)
        self._draw_thinking(surface, view)
        self._draw_panel(surface)

    def _draw_thinking(self, surface: pygame.Surface, view: BoardView) -> None:
        """A pill over the top of the board while the computer thinks (it keeps moving: 60 FPS)."""
        sc = self.scene
        if sc.opponent is None or not sc.opponent.thinking or sc.anims:
            return
        s = sc.app.scale
        words = f"{sc.side(sc.state.to_move)} is thinking" + "." * (1 + int(sc.time * 3) % 3)
        size = int(26 * s)
        w = theme.font(size).size(f"{sc.side(sc.state.to_move)} is thinking...")[0] + int(70 * s)
        pill = pygame.Rect(0, 0, w, int(44 * s))
        pill.midtop = (view.frame.centerx, view.frame.top + int(8 * s))
        theme.panel(surface, pill, (24, 28, 50), theme.ACCENT_2, pill.height // 2, 2)
        self._draw_spinner(surface, (pill.left + int(26 * s), pill.centery), int(11 * s), s)
        theme.blit_text(surface, words, size, theme.TEXT, (pill.left + int(48 * s), pill.centery), "midleft")

    def _draw_last_move(self, surface: pygame.Surface, view: BoardView) -> None:
        sc = self.scene
        move = sc.last_move
        if move is None or sc.anims or len(sc.builder.path) > 1:
            return  # a chain being built is clearer without the previous move's marks
        width = max(3, int(view.spacing * 0.08))
        pts = [view.pos(p) for p in move.path]
        r = view.piece_radius
        if len(pts) > 1:
            pygame.draw.lines(surface, theme.LAST_MOVE, False, pts, width)
            _alpha_circle(surface, theme.LAST_MOVE, 200, pts[0], r * 0.45, max(2, width - 1))
        _alpha_circle(surface, theme.LAST_MOVE, 120, pts[-1], r * 1.25, max(3, width))
        for c in move.captured:
            x, y = view.pos(c)
            k = r * 0.3
            pygame.draw.line(surface, theme.CAPTURE, (x - k, y - k), (x + k, y + k), width)
            pygame.draw.line(surface, theme.CAPTURE, (x - k, y + k), (x + k, y - k), width)

    def _draw_pieces(self, surface: pygame.Surface, view: BoardView) -> None:
        sc = self.scene
        b = sc.builder
        r = view.piece_radius
        pulse = sc.pulse.value
        if sc.anims:
            anim = sc.anims[0]
            for p, (owner, kind) in anim.before.items():
                if p not in anim.hidden:
                    draw_piece(surface, view.pos(p), r, owner, kind)
            anim.draw(surface)
            return
        pieces = sc._pieces_now
        chain = b.path if len(b.path) > 1 else ()
        taken = set(b.chain_captured()) if chain else set()
        dragging = sc.drag is not None and sc.drag["moved"]
        hidden = {b.path[0]} if chain or (dragging and b.path) else set()
        interactive = sc.human_to_move and not sc.busy
        if interactive and not b.path:
            forced = any("capture is forced" in n for n in sc.state.turn_notes())
            capturers = b.capturers()
            for p in b.movable() - capturers:  # where you may move, quietly
                _alpha_circle(surface, theme.ACCENT, 150, view.pos(p), r * 1.18, max(2, int(r * 0.1)))
            for p in capturers:
                _alpha_circle(surface, theme.CAPTURE, int(170 + 85 * pulse) if forced else 150, view.pos(p),
                              r * (1.3 + 0.1 * pulse), max(4, int(r * 0.22)))
            if sc.hover in b.movable():
                _alpha_circle(surface, theme.ACCENT, 200, view.pos(sc.hover), r * 1.22, max(2, int(r * 0.12)))
        for p, (owner, kind) in pieces.items():
            if p in hidden:
                continue
            if p in taken:
                draw_piece(surface, view.pos(p), r, owner, kind, alpha=90)
                x, y = view.pos(p)
                k = r * 0.55
                pygame.draw.line(surface, theme.CAPTURE, (x - k, y - k), (x + k, y + k), max(3, int(r * 0.18)))
                pygame.draw.line(surface, theme.CAPTURE, (x - k, y + k), (x + k, y - k), max(3, int(r * 0.18)))
                continue
            draw_piece(surface, view.pos(p), r, owner, kind)
        if interactive:
            self._draw_choice(surface, view, chain, dragging)
        if sc.flash is not None:
            p, timer = sc.flash
            x, y = view.pos(p)
            k = r * 0.7
            a = int(255 * (1 - timer.t))
            s = pygame.Surface((int(2 * k + 8), int(2 * k + 8)), pygame.SRCALPHA)
            c = (*theme.WARN, a)
            w = max(3, int(r * 0.2))
            pygame.draw.line(s, c, (4, 4), (2 * k + 4, 2 * k + 4), w)
            pygame.draw.line(s, c, (4, 2 * k + 4), (2 * k + 4, 4), w)
            surface.blit(s, (x - k - 4, y - k - 4))

    def _draw_choice(self, surface: pygame.Surface, view: BoardView, chain: tuple[int, ...], dragging: bool) -> None:
        sc = self.scene
        b = sc.builder
        r = view.piece_radius
        pulse = sc.pulse.value
        if chain:
            pts = [view.pos(p) for p in chain]
            pygame.draw.lines(surface, theme.ACCENT, False, pts, max(4, int(r * 0.22)))
            for pt in pts[:-1]:
                pygame.draw.circle(surface, theme.ACCENT, pt, max(4, int(r * 0.22)))
            owner, kind = sc._pieces_now[chain[0]]
            if not dragging:
                draw_piece(surface, view.pos(chain[-1]), r, owner, kind, lift=0.35)
            if b.can_stop():
                _alpha_circle(surface, theme.ACCENT, int(150 + 100 * pulse), view.pos(chain[-1]), r * 1.3,
                              max(3, int(r * 0.14)))
        elif b.path:
            _alpha_circle(surface, theme.ACCENT, 255, view.pos(b.path[0]), r * (1.2 + 0.06 * pulse),
                          max(3, int(r * 0.16)))
        for p, captures in b.targets().items():
            color = theme.CAPTURE if captures else theme.TARGET
            x, y = view.pos(p)
            hot = sc.hover == p
            size = r * (0.62 if hot else 0.5 + 0.06 * pulse)
            _alpha_circle(surface, color, 235 if hot else 200, (x, y), size)
            _alpha_circle(surface, (255, 255, 255), 230, (x, y), size, max(2, int(r * 0.1)))
            taken = b.captured_by(p) if hot and captures else None
            if taken is not None:  # hovering a capture: show which piece it takes
                tx, ty = view.pos(taken)
                _alpha_circle(surface, theme.CAPTURE, 200, (tx, ty), r * 1.25, max(3, int(r * 0.16)))
        for p in b.drop_points() if not b.path else ():
            if sc.hover == p:
                owner = sc.state.to_move
                draw_piece(surface, view.pos(p), r, owner, side_kind(sc.state, owner), alpha=130)
        huffs = b.huff_points()
        for p in huffs:
            x, y = view.pos(p)
            _alpha_circle(surface, theme.CAPTURE, int(140 + 110 * pulse), (x, y), r * 1.35, max(3, int(r * 0.18)))
            size = max(14, int(r * 0.75))
            tag = theme.text("HUFF?", size, (255, 255, 255))
            box = tag.get_rect(midbottom=(x, y - r * 1.2)).inflate(10, 4)
            pygame.draw.rect(surface, theme.CAPTURE, box, border_radius=6)
            surface.blit(tag, tag.get_rect(center=box.center))

    def _draw_drag(self, surface: pygame.Surface, view: BoardView) -> None:
        sc = self.scene
        if sc.drag is None or not sc.drag["moved"] or not sc.builder.path:
            return
        owner, kind = sc._pieces_now.get(sc.builder.path[0], (0, "soldier"))
        draw_piece(surface, sc.mouse, view.piece_radius, owner, kind, lift=0.8)

    def _draw_suggestion(self, surface: pygame.Surface, view: BoardView) -> None:
        """The engine's hint: its path in the hint colour, with a pulsing ring where it ends."""
        sc = self.scene
        move = sc.suggestion
        if move is None or sc.anims:
            return
        r = view.piece_radius
        width = max(3, int(view.spacing * 0.07))
        pts = [view.pos(p) for p in move.path]
        if len(pts) > 1:
            pygame.draw.lines(surface, theme.ACCENT_2, False, pts, width)
            _alpha_circle(surface, theme.ACCENT_2, 220, pts[0], r * 1.2, max(3, width))
        for c in move.captured:  # the pieces it would take
            x, y = view.pos(c)
            k = r * 0.3
            pygame.draw.line(surface, theme.ACCENT_2, (x - k, y - k), (x + k, y + k), width)
            pygame.draw.line(surface, theme.ACCENT_2, (x - k, y + k), (x + k, y - k), width)
        pulse = sc.pulse.value
        _alpha_circle(surface, theme.ACCENT_2, int(150 + 100 * pulse), pts[-1], r * (1.15 + 0.15 * pulse),
                      max(3, width))

    def _draw_help_line(self, surface: pygame.Surface, view: BoardView) -> None:
        sc = self.scene
        s = sc.app.scale
        board_rect, _ = sc.layout(sc.app.size)
        if sc.builder.drop_points() and sc.human_to_move:
            words = "Click an empty point to place a piece from hand."
        else:
            words = "Click a piece, then a marked point (green: move, red: capture) — or drag it. Right-click cancels."
        theme.blit_text(surface, words, int(21 * s), theme.TEXT_DIM,
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
        mode = {PASS_AND_PLAY: "Pass and play", WATCH: "Computer against computer"}.get(
            sc.config.mode, f"You play {sc.side(sc.config.human_side)} against the computer")
        theme.blit_text(surface, mode, int(20 * s), theme.TEXT_DIM, (x, y))
        y += int(28 * s)
        y = self._draw_turn_box(surface, pygame.Rect(x, y, inner_w, 0), s) + int(10 * s)
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
        sc.decline_button.visible = interactive and bool(sc.builder.huff_points()) and not sc.builder.path
        sc.hint_button.visible = (interactive and sc.adviser is not None and not sc.builder.path
                                  and sc.suggestion is None and not sc.adviser.thinking)
        sc.pause_button.visible = sc.config.mode == WATCH and sc.state.outcome() is None
        for b in (sc.stop_button, sc.decline_button, sc.hint_button, sc.pause_button):
            if b.visible:
                b.rect = pygame.Rect(x, ctx_y, inner_w, bh)
                ctx_y -= bh + gap
        self._draw_log(surface, pygame.Rect(x, y + int(8 * s), inner_w, ctx_y + bh - y - int(16 * s)), s)
        sc.undo_button.enabled = bool(sc.movers) and sc.config.mode != WATCH
        for b in sc.buttons:
            b.draw(surface, False, s)

    def _draw_log(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        """The moves so far, newest last, as many as fit in ``area``."""
        sc = self.scene
        size = int(19 * s)
        line_h = int(size * 1.1)
        rows = (area.height - int(26 * s)) // line_h
        if rows < 2 or not sc.log:
            return
        theme.blit_text(surface, "MOVES", size, theme.TEXT_DIM, area.topleft)
        y = area.top + int(24 * s)
        first = max(0, len(sc.log) - rows)
        for i, words in enumerate(sc.log[first:], start=first + 1):
            color = theme.TEXT if i == len(sc.log) else theme.TEXT_DIM
            theme.blit_text(surface, fit_line(f"{i}. {words}", size, area.width), size, color, (area.left, y))
            y += line_h

    def _draw_turn_box(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> int:
        sc = self.scene
        out = sc.state.outcome()
        words = sc.turn_text()
        head, _, rest = words.partition(" — ")
        icon_r = int(26 * s)
        lines: list[tuple[str, theme.Color]] = []
        notes = [rest] if out is not None else (rest.split("; ") if rest else [])
        for note in notes:
            urgent = out is None and ("capture is forced" in note or "huff" in note)
            for line in theme.wrap(note, int(23 * s), area.width - int(20 * s)):
                lines.append((line, theme.WARN if urgent else theme.ACCENT_2))
        box = pygame.Rect(area.left, area.top, area.width, int(70 * s) + len(lines) * int(24 * s))
        edge = theme.ACCENT if out is None else theme.GOOD
        theme.panel(surface, box, (24, 28, 50), edge, int(12 * s), max(2, int(3 * s)))
        cx, cy = box.left + int(14 * s) + icon_r, box.top + int(36 * s)
        if out is None:
            player = sc.state.to_move
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

    def _draw_spinner(self, surface: pygame.Surface, center: tuple[float, float], radius: float, s: float) -> None:
        sc = self.scene
        for i in range(8):
            a = sc.time * 5 + i * math.pi / 4
            k = (i + 1) / 8
            pos = (center[0] + math.cos(a) * radius, center[1] + math.sin(a) * radius)
            pygame.draw.circle(surface, theme.lerp_color(theme.PANEL, theme.ACCENT_2, k), pos, max(2, int(4 * s * k)))

    def _draw_player_card(self, surface: pygame.Surface, rect: pygame.Rect, player: int, s: float) -> int:
        sc = self.scene
        active = sc.state.outcome() is None and sc.state.to_move == player
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
        hands = sc.state.hands()
        caught = sc.state.captured_counts()
        bits = [f"taken {caught[player]}"]
        if any(hands) or sc.state.phase == "drop":
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
