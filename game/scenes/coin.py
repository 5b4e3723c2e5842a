"""The coin toss for first player: the rules' random choice is made first (so the toss can
never disagree with the game), then a coin spins in the air and lands on that side."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rules import State
from rules.kinds import PieceKind
from rules.words import Words

from .. import theme
from ..anim import Timer
from ..config import MatchConfig, sides_of
from ..easing import ease_out_cubic
from ..render.pieces import draw_piece, side_kind
from ..scene import Scene
from .navigator import SceneName, make_scene

if TYPE_CHECKING:
    from ..app import App

SPIN_SECONDS = 1.8
SHOW_SECONDS = 1.2


class CoinTossScene(Scene):
    opaque = True

    def __init__(self, app: App, config: MatchConfig, state: State) -> None:
        super().__init__(app)
        self.config = config
        self.state = state
        self.winner = state.to_move
        self.spin = Timer(SPIN_SECONDS)
        self.show = Timer(SHOW_SECONDS)
        self.turns = 7 + (0.5 if self.winner == 1 else 0.0)  # half turns decide the face that lands up
        self._sounded = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if self.spin.done:
                self.finish()
            else:
                self.spin.elapsed = self.spin.duration

    def finish(self) -> None:
        self.app.manager.replace(make_scene(self.app, SceneName.PLAY, self.config, self.state))

    def update(self, dt: float) -> None:
        if not self.spin.done:
            self.spin.tick(dt)
            if not self._sounded:
                self.app.sound.play("coin")
                self._sounded = True
        else:
            self.show.tick(dt)
            if self.show.done:
                self.finish()

    def face_up(self) -> int:
        """The side showing at this moment of the spin (0 or 1)."""
        angle = math.pi * self.turns * 2 * ease_out_cubic(self.spin.t)
        return 0 if math.cos(angle) >= 0 else 1

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        sides = sides_of(self.state.game)
        theme.blit_text(
            surface, "Coin toss: who moves first?", int(54 * s), theme.ACCENT, (w // 2, int(60 * s)), "midtop"
        )
        t = self.spin.t
        angle = math.pi * self.turns * 2 * ease_out_cubic(t)
        squash = abs(math.cos(angle))
        height = math.sin(math.pi * min(1.0, t * 1.15)) * h * 0.25 if t < 0.87 else 0.0
        y = h * 0.55 - height
        r = int(110 * s)
        face = self.face_up()
        rect = pygame.Rect(0, 0, 2 * r, max(4, int(2 * r * squash)))
        rect.center = (w // 2, int(y))
        shadow = pygame.Rect(0, 0, int(2 * r * (0.6 + 0.4 * (1 - height / (h * 0.25 + 1)))), int(r * 0.3))
        shadow.center = (w // 2, int(h * 0.55 + r * 1.1))
        pygame.draw.ellipse(surface, (6, 8, 16), shadow)
        pygame.draw.ellipse(surface, (150, 110, 30), rect.move(0, int(6 * s)))
        pygame.draw.ellipse(surface, (232, 186, 70), rect)
        pygame.draw.ellipse(surface, (255, 226, 130), rect, max(2, int(5 * s)))
        if squash > 0.3:
            owner, kind = self._token(face)
            draw_piece(surface, rect.center, r * 0.5 * squash, owner, kind)
        for i in (0, 1):
            owner, kind = self._token(i)
            x = w // 2 + (i * 2 - 1) * int(380 * s)
            draw_piece(surface, (x, int(h * 0.55)), int(40 * s), owner, kind)
            color = theme.ACCENT if self.spin.done and i == self.winner else theme.TEXT
            theme.blit_text(surface, sides[i], int(40 * s), color, (x, int(h * 0.55 + 60 * s)), "midtop")
        if self.spin.done:
            theme.blit_text(
                surface,
                Words("{side} moves first", side=sides[self.winner]),
                int(64 * s),
                theme.ACCENT,
                (w // 2, int(h * 0.82)),
                "center",
            )
        else:
            theme.blit_text(
                surface, "Click to skip", int(24 * s), theme.TEXT_DIM, (w // 2, h - int(30 * s)), "midbottom"
            )

    def _token(self, player: int) -> tuple[int, PieceKind]:
        return player, side_kind(self.state, player)
