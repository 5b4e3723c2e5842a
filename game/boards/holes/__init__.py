"""The ``holes`` board family: mancala boards (Ncuva). View (``view``), stones as a pymunk world
(``stones``), the sowing animation (``anim``), drawing (``draw``) and the hover preview
(``preview``); the words for a turn are the match's (``game.match.guides.holes``). A move is
one click on a pit, through the shared ``MoveBuilder`` (a one-cell move), with the shared
pointer input.

The stone field is cosmetic and kept in step with the rules: after an undo (or anything that is
not a move being shown) it is reconciled to ``state.counts()`` at once; a move's animation
brings it to the new counts and reconciles at its end (or when skipped).
"""

from __future__ import annotations

import pygame

from rules import Effect, Game
from rules.kinds import EffectKind

from ...config import sides_of
from ...match.read import BoardSource
from ..base import FamilyBase
from .anim import SowingAnimation
from .draw import HolesRenderer
from .stones import StoneField
from .view import HolesView, draw_board_thumbnail

FIELD_SEED = 11


def draw_thumbnail(surface: pygame.Surface, rect: pygame.Rect, game: Game, state) -> None:
    draw_board_thumbnail(surface, rect, game.layout, state.counts())


def counts_before(
    counts: dict[int, int], stores: tuple[int, int], effects: list[Effect]
) -> tuple[dict[int, int], tuple[int, int]]:
    """The counts and stores a move's effects started from (its effects undone in reverse)."""
    out = dict(counts)
    taken = list(stores)
    # locals: an enum's attribute is a slow read, and a sowing can have 100,000 effects
    drop, lift, relay, capture = EffectKind.DROP, EffectKind.LIFT, EffectKind.RELAY, EffectKind.CAPTURE
    for e in reversed(effects):
        kind = e.kind
        if kind == drop:
            out[e.cell] -= 1
        elif kind == lift or kind == relay:
            out[e.cell] = out.get(e.cell, 0) + e.count
        elif kind == capture:
            out[e.cell] = out.get(e.cell, 0) + e.count
            taken[e.player] -= e.count
    return out, (taken[0], taken[1])


class Family(FamilyBase):
    """A pit board on screen for one match."""

    kind = "holes"

    def __init__(self, game: Game, rect: pygame.Rect, seed: int = FIELD_SEED) -> None:
        self.game = game
        view = HolesView(game.layout, rect)
        self.field = StoneField({c.index: (c.x, c.y) for c in game.layout.cells}, seed)
        self.sides = sides_of(game)
        super().__init__(view, HolesRenderer(view, self.field, self.sides))
        self._mover = 0  # who made the move about to be animated

    @property
    def unit(self) -> float:
        return self.view.s  # one pit's pitch

    def shown_counts(self) -> dict[int, int]:
        """What the pits hold on screen now (tests compare it with the rules)."""
        return self.field.counts()

    def draw_still(
        self, surface: pygame.Surface, pieces, counts: dict[int, int], stores: tuple[int, int]
    ) -> None:
        """A position standing still (the position editor's): the pits' counts as resting heaps."""
        self.renderer.draw_still(surface, counts, stores)

    def position_changed(self, match: BoardSource, played: bool = False) -> None:
        """A move just played is shown from the position before it (its animation follows);
        anything else (undo, a position looked back at, a new position) puts the rules' counts
        in the pits at once."""
        state = match.state
        counts, stores = state.counts(), state.captured_counts()
        if played and match.last_effects:
            self._mover = match.last_mover if match.last_mover is not None else self._mover
            if not self.field.synced:
                self.field.sync(*counts_before(counts, stores, match.last_effects))
        else:
            self.field.sync(counts, stores)

    def animate(self, effects: list[Effect], before, on_event, shown_hops: int = 0) -> SowingAnimation:
        capture = EffectKind.CAPTURE  # a local: an enum's attribute is a slow read, and a sowing is long
        mover = next((e.player for e in effects if e.kind == capture), self._mover)
        anim = SowingAnimation(effects, self.field, self.view, on_event, self.sides, mover)
        anim.on_end = lambda: self._landed(anim)
        return anim

    def _landed(self, anim: SowingAnimation) -> None:
        if anim.target is not None:
            self.field.sync(*anim.target)
