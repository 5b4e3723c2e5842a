"""The ``squares`` board family: checkered square boards (BattleHalma). View and empty board
(``view``), drawing (``draw``, the line boards' marks plus direction arrows), animation
(``anim``, the shared piece animation plus the crowning), words (``words``); input is the
shared route input (click or drag, leap chains built square by square)."""

from __future__ import annotations

import pygame

from rules import Effect, Game
from rules.kinds import Pieces

from ..base import FamilyBase
from .anim import SquaresAnimation
from .draw import SquaresRenderer
from .view import SquaresView
from .view import draw_thumbnail as _thumbnail


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, state) -> None:
    _thumbnail(surface, rect, game, state.pieces())


class Family(FamilyBase):
    """A square board on screen for one match."""

    kind = "squares"

    def __init__(self, game: Game, rect: pygame.Rect) -> None:
        view = SquaresView(game, rect)
        super().__init__(view, SquaresRenderer(view))

    def animate(
        self, effects: list[Effect], before: Pieces, on_event, shown_hops: int = 0
    ) -> SquaresAnimation:
        return SquaresAnimation(effects, before, self.view, on_event, shown_hops)
