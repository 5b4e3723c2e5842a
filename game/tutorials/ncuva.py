"""Ncuva's lesson: sowing round your own two rows, the relay, a capture from the facing holes,
and sowing again after it."""

from __future__ import annotations

from .lesson import Lesson, Step

GID = "ncuva"


def _board(rows: str, turn: str = "S") -> str:
    """A 4-column position; ``rows`` from North's outer row (row 4) down to South's (row 1). No
    ``store=``: the stones missing from a side's rows are the ones the other side captured."""
    return (f"ncuva after_capture=sow-again columns=4 only_two=off; board={rows}; turn={turn}; turns=0; "
            "ply=0")


def lesson() -> Lesson:
    return Lesson(GID, "Sowing, relay and capture", (
        Step("You are South: the two bottom rows are yours. You sow anticlockwise: right along row 1, "
             "left along row 2. Lift every stone of a hole holding 2 or more and drop them one a hole. "
             "Sow from a1.",
             ("a1",), _board("2,2,2,2/2,2,2,2/0,0,0,0/2,0,0,0"), title="Sowing",
             hint="Click the hole a1, bottom left: it is the only one with 2 stones.",
             after="The last stone fell into an empty hole of your outer row: the turn ends (you 'sleep')."),
        Step("Relay: if the last stone lands in a hole that was not empty, lift all its stones and sow "
             "on. Sow from a1: the last stone lands on d1's stone, and both go on round the corner.",
             ("a1",), _board("2,2,2,2/2,2,0,2/0,0,0,0/3,0,0,1"), title="Relay",
             hint="Click a1.",
             after="The relay ended in the empty c2, and North's c3 was empty: nothing taken, you sleep."),
        Step("Capture: if the last stone lands in an empty hole of your inner row (row 2) and North's "
             "facing inner hole holds stones, you take them and the stones of North's outer hole in "
             "that column. Sow from c1: it ends in d2, facing d3.",
             ("c1x",), _board("2,2,2,2/2,2,2,2/0,0,0,0/2,0,2,0"), title="Capture",
             hint="Click c1: its two stones go to d1 and d2.",
             after="You took d3 and d4: four stones into your store."),
        Step("After a capture you sow again, from any hole you choose. Sow from a1.",
             ("a1",), title="Sow again",
             hint="Click a1.",
             after="That sowing ended in an empty hole of your outer row, so the turn passes to North."),
    ), outro="Lesson complete: a player with no stones left loses.")
