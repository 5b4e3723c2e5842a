"""The beats of a board animation that the scene answers with a sound or a burst of shards:
typed, so a family's animation and the scene agree on them without matching English text."""

from __future__ import annotations

from collections.abc import Callable

from rules.kinds import Code, PieceKind


class Beat(Code):
    """A moment in an animation: ``on_event(beat, cell, piece)``."""

    LAND = "land"  # a hop or step lands
    CAPTURE = "capture"  # a piece is taken as the hop that takes it lands; stones swept from a pit
    HUFF = "huff"  # a piece that failed to capture is removed
    DROP = "drop"  # a placed piece lands, or a sown stone falls into a pit
    PROMOTE = "promote"  # a counter is crowned
    RELAY = "relay"  # a sowing lifts a pit's stones to carry on
    SLEEP = "sleep"  # a sowing ends in an empty pit
    CYCLE = "cycle"  # a relay would repeat a state already seen: the sowing stops
    LIMIT = "limit"  # the house rule's last lift was made
    STOP = "stop"  # a sowing stops for no reason above


Piece = tuple[int, PieceKind]
#: Where an animation reports its beats: ``on_event(beat, cell, piece)``.
EventSink = Callable[[Beat, int, Piece], None]
