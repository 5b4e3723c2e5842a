"""Game over, drawn over the final position: who won and why, then rematch, review or menu."""

from __future__ import annotations

import math

import pygame

from rules import Outcome

from .. import theme
from ..anim import Timer, ease_out_back
from ..render.pieces import draw_piece
from ..scene import Scene
from ..widgets import Button, FocusGroup


def headline(outcome: Outcome, sides: tuple[str, str]) -> str:
    return "A draw" if outcome.winner is None else f"{sides[outcome.winner]} win" + (
        "" if sides[outcome.winner].endswith("s") else "s")


class GameOverScene(Scene):
    opaque = False

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.outcome: Outcome = play.state.outcome()
        self.appear = Timer(0.45)
        self.time = 0.0
        self.rematch = Button("Rematch", self.do_rematch, pygame.K_r, style="primary", key_label="R")
        self.review = Button("See board", self.app.manager.pop, pygame.K_ESCAPE, key_label="Esc")
        self.menu = Button("Menu", self.do_menu, pygame.K_m, key_label="M")
        self.focus = FocusGroup([self.rematch, self.review, self.menu])

    def enter(self) -> None:
        self.app.sound.play("win")

    def do_rematch(self) -> None:
        self.app.manager.pop()
        self.play.rematch()

    def do_menu(self) -> None:
        self.app.manager.pop()
        self.play.to_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.focus.handle(event)

    def update(self, dt: float) -> None:
        self.appear.tick(dt)
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, int(140 * min(1.0, self.appear.t * 2))))
        surface.blit(shade, (0, 0))
        k = ease_out_back(self.appear.t)
        box = pygame.Rect(0, 0, int(640 * s), int(360 * s))
        box.center = (w // 2, int(h / 2 + (1 - k) * h * 0.4))
        theme.panel(surface, box, (40, 46, 80), theme.ACCENT, int(20 * s), 4)
        sides = self.play.sides
        title = headline(self.outcome, sides)
        theme.blit_text(surface, "Game over", int(28 * s), theme.TEXT_DIM, (box.centerx, box.top + int(22 * s)),
                        "midtop")
        theme.blit_text(surface, title + "!", int(68 * s), theme.ACCENT, (box.centerx, box.top + int(56 * s)), "midtop")
        if self.outcome.winner is not None:
            from ..render.pieces import side_kind

            kind = side_kind(self.play.state, self.outcome.winner)
            for dx in (-1, 1):
                bob = math.sin(self.time * 5 + dx) * 6 * s
                draw_piece(surface, (box.centerx + dx * int(250 * s), box.top + int(90 * s) + bob), int(32 * s),
                           self.outcome.winner, kind)
        y = box.top + int(140 * s)
        reason = self.outcome.reason[:1].upper() + self.outcome.reason[1:]
        for line in theme.wrap(reason + ".", int(30 * s), box.width - int(60 * s)):
            theme.blit_text(surface, line, int(30 * s), theme.TEXT, (box.centerx, y), "midtop")
            y += int(32 * s)
        bw, bh = int(180 * s), int(56 * s)
        gap = int(16 * s)
        x = box.centerx - (3 * bw + 2 * gap) // 2
        for b in (self.rematch, self.review, self.menu):
            b.rect = pygame.Rect(x, box.bottom - bh - int(26 * s), bw, bh)
            x += bw + gap
        self.focus.draw(surface, s)
