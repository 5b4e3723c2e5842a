"""The ``lines`` board family: boards that are nothing but their straight lines (the war and
hunt games). View (``view``), drawing (``draw``), animation (``anim``); input is the shared
route input (click or drag, chains built landing by landing)."""

from __future__ import annotations

import pygame

from rules import Effect, Game
from rules.kinds import Pieces

from ..base import FamilyBase
from ..piece_anim import MoveAnimation
from .draw import LinesRenderer
from .view import BoardView
from .view import draw_thumbnail as _thumbnail


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, state) -> None:
    _thumbnail(surface, rect, game.layout, state.pieces())


class Family(FamilyBase):
    """A line board on screen for one match."""

    kind = "lines"

    def __init__(self, game: Game, rect: pygame.Rect) -> None:
        view = BoardView(game.layout, rect)
        super().__init__(view, LinesRenderer(view))

    def animate(self, effects: list[Effect], before: Pieces, on_event, shown_hops: int = 0) -> MoveAnimation:
        return MoveAnimation(effects, before, self.view, on_event, shown_hops)
