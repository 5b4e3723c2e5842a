"""What a board and its words read of a match: the live match (``Match``) and a past position
looked back at (``ReviewView``) both offer it, so the board families draw either the same way.
Read only: nothing that reads it changes the match."""

from __future__ import annotations

from typing import Protocol

from rules import Effect, Move, Note, State
from rules.kinds import Detail, NoteCode, Pieces

from .routes import MoveBuilder


class BoardSource(Protocol):
    @property
    def state(self) -> State: ...

    @property
    def builder(self) -> MoveBuilder: ...

    @property
    def pieces_now(self) -> Pieces: ...

    @property
    def last_move(self) -> Move | None: ...

    @property
    def last_effects(self) -> list[Effect]: ...

    @property
    def last_mover(self) -> int | None: ...

    @property
    def suggestion(self) -> Move | None: ...

    @property
    def suggestion_effects(self) -> list[Effect]: ...

    @property
    def notes(self) -> list[Note]: ...

    @property
    def note_codes(self) -> frozenset[NoteCode]: ...

    @property
    def human_to_move(self) -> bool: ...

    @property
    def stops_seen(self) -> frozenset[Detail]:
        """How the moves shown so far ended, by their stop effects' details (a sowing that
        'slept'): words a player has seen once can be said shorter."""

    @property
    def show_legal(self) -> bool: ...

    def side(self, player: int) -> str: ...
