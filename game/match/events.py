"""What a match tells the screen: the tone of its words, and the events the play scene must show
or play (a move to animate, a board to redraw, a sound, a refused cell to flash). The match never
draws or plays anything itself; the scene drains ``Match.take_events()`` once a frame, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rules import Effect, Move
from rules.kinds import Code, Pieces


class Tone(Code):
    """How the words are meant: the panel picks a colour for each."""

    TEXT = "text"  # plain guidance
    DIM = "dim"  # waiting, nothing to do
    ACCENT = "accent"  # something to act on now (a forced capture, a chain to go on)
    INFO = "info"  # news (looking back, a table being built)
    WARN = "warn"  # a refusal, a problem
    HINT = "hint"  # the engine's suggestion
    GOOD = "good"


class Said(NamedTuple):
    words: str
    tone: Tone = Tone.TEXT


SILENT = Said("")


@dataclass(frozen=True)
class Played:
    """A move was played: animate it from ``before`` (the pieces before it), then ``land()``.
    ``shown_hops``: hops the player already saw while building the chain."""

    move: Move
    mover: int
    effects: list[Effect]
    words: str
    before: Pieces = field(default_factory=dict)
    shown_hops: int = 0
    notation: str = ""
    taken_before: tuple[int, int] = (
        0,
        0,
    )  # what each side had taken before it (the panel counts up as it is shown)


@dataclass(frozen=True)
class BoardReset:
    """The board shows another position without a move to animate (an undo, a position looked
    back at, a new position): drop any animation and draw the position as it is. ``rebuilt``:
    the board itself may differ (a lesson's next position): make it anew."""

    rebuilt: bool = False


@dataclass(frozen=True)
class Sound:
    name: str
    volume: float = 1.0


@dataclass(frozen=True)
class Flash:
    """A refused click: mark the cell for a moment."""

    cell: int


Event = Played | BoardReset | Sound | Flash
