"""What a board family draws from, gathered once a frame by the play scene (in ``update``):
the position and its marks (the live match or a past position, a ``BoardSource``), plus what is
moving on screen (the animation, the refused cell's flash, the pointer, capture bursts).
Drawing reads it and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from rules import Effect, Move, Note, State
from rules.kinds import NoteCode, Pieces

from ..match.read import BoardSource
from ..match.routes import MoveBuilder
from ..physics import Bursts


class Animation(Protocol):
    """A move being shown; ``board`` is what stands still while it runs (piece boards);
    ``speed`` multiplies the time (the player's speed setting)."""

    board: Pieces
    speed: float

    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> None: ...

    def finish(self) -> None: ...

    def taken_so_far(self) -> tuple[int, int]: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class Pointer(Protocol):
    """Where the pointer is over a board (the board family's input: ``RouteInput``)."""

    @property
    def hover(self) -> int | None: ...

    @property
    def mouse(self) -> tuple[int, int]: ...

    @property
    def dragging(self) -> bool: ...


@dataclass(frozen=True)
class BoardLook:
    source: BoardSource
    animation: Animation | None
    flash: tuple[int, float] | None  # a refused cell and how far its mark has faded (0..1)
    pulse: float  # 0..1, for marks that breathe
    time: float
    busy: bool  # a move is being shown: no marks for the next one yet
    bursts: Bursts
    hover: int | None
    mouse: tuple[int, int]
    dragging: bool

    @classmethod
    def live(
        cls,
        source: BoardSource,
        pointer: Pointer,
        animation: Animation | None,
        flash: tuple[int, float] | None,
        pulse: float,
        time: float,
        busy: bool,
        bursts: Bursts,
    ) -> BoardLook:
        """``source`` as a scene shows it this frame, the pointer where ``pointer`` has it."""
        return cls(
            source,
            animation,
            flash,
            pulse,
            time,
            busy,
            bursts,
            pointer.hover,
            pointer.mouse,
            pointer.dragging,
        )

    @classmethod
    def still(cls, source: BoardSource) -> BoardLook:
        """``source`` standing still: nothing moving, no pointer (diagrams, thumbnails)."""
        return cls(source, None, None, 0.0, 0.0, False, Bursts(), None, (0, 0), False)

    # --- the position (read through to the source) ------------------------------------------------
    @property
    def state(self) -> State:
        return self.source.state

    @property
    def builder(self) -> MoveBuilder:
        return self.source.builder

    @property
    def pieces_now(self) -> Pieces:
        return self.source.pieces_now

    @property
    def last_move(self) -> Move | None:
        return self.source.last_move

    @property
    def last_effects(self) -> list[Effect]:
        return self.source.last_effects

    @property
    def last_mover(self) -> int | None:
        return self.source.last_mover

    @property
    def suggestion(self) -> Move | None:
        return self.source.suggestion

    @property
    def suggestion_effects(self) -> list[Effect]:
        return self.source.suggestion_effects

    @property
    def notes(self) -> list[Note]:
        return self.source.notes

    @property
    def note_codes(self) -> frozenset[NoteCode]:
        return self.source.note_codes

    @property
    def human_to_move(self) -> bool:
        return self.source.human_to_move

    @property
    def show_legal(self) -> bool:
        return self.source.show_legal

    def side(self, player: int) -> str:
        return self.source.side(player)
