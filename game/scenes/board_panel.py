"""A scene with a game's board on the left, driven by a model, and a panel on the right: what the
analysis board and the mistakes drill share. The model is a ``BoardSource`` that also takes clicks
(``click``, ``cancel_selection``) and lists the moves it played for the board to show (``events``);
the board family draws it and turns the pointer into clicks exactly as in play, and a move played
is animated at the player's speed. Subclasses lay out and draw the panel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from rules import State

from .. import settings as user_settings
from .. import theme
from ..anim import Pulse
from ..boards import Animation, BoardFamily, BoardLook, family_for
from ..boards.route_input import Gesture
from ..match.events import Played
from ..match.read import BoardSource
from ..physics import Bursts
from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App


class BoardModel(BoardSource, Protocol):
    events: list[Played]

    def click(self, cell: int | None) -> None: ...

    def cancel_selection(self) -> None: ...


class BoardPanelScene(Scene):
    """The board of ``state``'s game, turned if ``turned``; ``source`` is the model it shows."""

    def __init__(self, app: App, state: State, turned: bool = False) -> None:
        super().__init__(app)
        self.board: BoardFamily = family_for(state.game, pygame.Rect(0, 0, 100, 100))
        self.board.set_rotated(turned)
        self.bursts = Bursts()
        self._pulse = Pulse(1.1)
        self.time = 0.0
        self._anim: Animation | None = None
        self.speed = user_settings.current().speed
        self.panel = pygame.Rect(0, 0, 10, 10)

    @property
    def source(self) -> BoardModel:
        raise NotImplementedError

    @property
    def busy(self) -> bool:
        """A move is being shown (the board waits for it to land)."""
        return self._anim is not None

    # --- showing what the model did -----------------------------------------------------------------
    def _finish(self) -> None:
        if self._anim is not None:
            self._anim.finish()
            self._anim = None

    def show_changes(self) -> None:
        """After the model acted: animate the move it played (the last, if several came at once),
        or show the position it moved to at once."""
        events = self.source.events
        if events:
            self._finish()
            played = events[-1]
            events.clear()
            self.board.position_changed(self.source, played=True)
            self._anim = self.board.animate(played.effects, played.before, self._beat, played.shown_hops)
            if self.speed > 0:
                self._anim.speed = self.speed
            else:
                self._finish()
        elif self._anim is None:
            self.board.position_changed(self.source)

    def _beat(self, name, cell: int, piece) -> None:
        self.app.sound.play_event(name, piece)

    def board_event(self, event: pygame.event.Event) -> None:
        """A pointer event for the board: a click on it during a move shows the move's end,
        otherwise the board family's intents go to the model (which asks the rules)."""
        if event.type == pygame.MOUSEBUTTONDOWN and self.busy:
            self._finish()
            return
        for intent in self.board.handle_event(event, self.look):
            if intent.gesture == Gesture.CANCEL:
                self.source.cancel_selection()
            elif not self.busy:
                self.source.click(intent.cell)
        self.show_changes()

    # --- per frame ------------------------------------------------------------------------------------
    def tick_board(self, dt: float) -> None:
        self.time += dt
        self._pulse.tick(dt)
        self.bursts.update(dt)
        if self._anim is not None:
            self._anim.update(dt)
            if self._anim.done:
                self._anim = None
                self.board.position_changed(self.source)

    def place_board(self, size: tuple[int, int]) -> float:
        """The board's rectangle and the panel's (``panel``); the scale for the panel's sizes."""
        w, h = size
        s = theme.scale_for(size)
        margin = int(16 * s)
        panel_w = int(w * 0.32)
        self.panel = pygame.Rect(w - panel_w - margin, margin, panel_w, h - 2 * margin)
        self.board.set_rect(pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin))
        return s

    def make_look(self) -> None:
        """What the board draws this frame (drawing only reads it)."""
        self.look = BoardLook.live(
            self.source,
            self.board.input,
            self._anim,
            None,
            self._pulse.value,
            self.time,
            self.busy,
            self.bursts,
        )
