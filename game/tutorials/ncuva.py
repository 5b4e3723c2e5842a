"""Ncuva's lesson under the default rules: sowing round your own two rows, the relay, a capture
from the facing holes (which ends the turn), and singles."""

from __future__ import annotations

from .lesson import Lesson, Step

GID = "ncuva"


def _board(rows: str, turn: str = "S") -> str:
    """A 4-column position; ``rows`` from North's outer row (row 4) down to South's (row 1), the
    stones counted from 16 a side (the even start, so the made-up positions add up). No ``store=``:
    the stones missing from a side's rows are the ones the other side captured."""
    return (
        f"ncuva after_capture=end-turn columns=4 only_two=off start=even; board={rows}; turn={turn}; "
        "turns=0; ply=0"
    )


def lesson() -> Lesson:
    return Lesson(
        GID,
        "Sowing, relay and capture",
        (
            Step(
                "You are South: the two bottom rows are yours. You sow anticlockwise: right along row 1, "
                "left along row 2. Lift every stone of a hole holding 2 or more and drop them one a hole. "
                "Sow from a1.",
                ("a1",),
                _board("2,2,2,2/2,2,2,2/0,0,0,0/2,0,0,0"),
                title="Sowing",
                hint="Click the hole a1, bottom left: it is the only one with 2 stones.",
                after=(
                    "The last stone fell into an empty hole of your outer row: the turn ends (you 'sleep')."
                ),
            ),
            Step(
                "Relay: if the last stone lands in a hole that was not empty, lift all its stones and sow "
                "on. Sow from a1: the last stone lands on d1's stone, and both go on round the corner.",
                ("a1",),
                _board("2,2,2,2/2,2,0,2/0,0,0,0/3,0,0,1"),
                title="Relay",
                hint="Click a1.",
                after="The relay ended in the empty c2, and North's c3 was empty: nothing taken, you sleep.",
            ),
            Step(
                "Capture: if the last stone lands in an empty hole of your inner row (row 2) and North's "
                "facing inner hole holds stones, you take them and the stones of North's outer hole in "
                "that column. Sow from c1: it ends in d2, facing d3.",
                ("c1x",),
                _board("2,2,2,2/2,2,2,2/0,0,0,0/2,0,2,0"),
                title="Capture",
                hint="Click c1: its two stones go to d1 and d2.",
                after="You took d3 and d4: four stones into your store. A capture ends your turn (the "
                "source lets you sow again: an option in setup).",
            ),
            Step(
                "Singles: when none of your holes holds 2 stones, you move one single stone onto the empty "
                "hole after it. Here a1's next hole b1 is taken, so move b1's stone on to c1.",
                ("b1>c1",),
                _board("2,2,2,2/2,2,2,2/0,0,0,0/1,1,0,0"),
                title="Singles",
                hint="Click b1: its stone moves to the empty c1.",
                after="The stone moved on into an empty hole of your outer row: you sleep, and North sows.",
            ),
        ),
        outro="Lesson complete: a player with no stones left loses.",
    )
