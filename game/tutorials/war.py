"""Lessons for the war games (Sixteen Soldiers, Peralikatuma, Kotu Ellima): the start and a
step, a capture, a chain, the forced capture, and the huff rule. Only the first step differs
between the three games (each shows its own start)."""

from __future__ import annotations

import random

from rules import load_game

from .lesson import Lesson, Step, position

#: the first step of each game: its real start and the moves into the empty points
OPENINGS = {
    "sixteen_soldiers": (
        "Sixteen Soldiers starts with 16 pieces a side; row 5 and the east and west wings are empty. "
        "Pieces stand on the points and move along the lines. You are South (light, at the bottom). "
        "Step the marked piece forward to the empty point on row 5.",
        ("e4-e5", "c4-c5", "d4-c5", "d4-d5", "d4-e5", "f4-e5", "f4-f5", "f4-g5", "g4-g5"),
    ),
    "peralikatuma": (
        "Peralikatuma starts with 23 pieces a side: only d5, e5 and f5 are empty. Pieces stand on "
        "the points and move along the lines. You are South (light, at the bottom). "
        "Step the marked piece into the centre.",
        ("e4-e5", "d4-d5", "d4-e5", "f4-e5", "f4-f5", "g5-f5"),
    ),
    "kotu_ellima": (
        "Kotu Ellima starts with 24 pieces a side: only the centre e5 is empty. Pieces stand on the "
        "points and move along the lines. You are South (light, at the bottom). "
        "Step the marked piece into the centre.",
        ("e4-e5", "d4-e5", "f4-e5", "f5-e5"),
    ),
}


def lesson(game_id: str) -> Lesson:
    opening, first_moves = OPENINGS[game_id]
    start = load_game(game_id).new_initial_state(random.Random(0)).to_text()
    huff = {"capture": "huff"}
    return Lesson(
        game_id,
        "Moving and capturing",
        (
            Step(
                opening,
                first_moves,
                start,
                title="The board",
                hint="Move one of your pieces one point along a line into an empty point.",
                after="Every move is one step along a line to an empty neighbouring point — or a capture.",
            ),
            Step(
                "Capturing: jump over a neighbouring enemy piece onto the empty point right behind it, "
                "on the same line. Jump the marked piece from d3 over d4 to d5.",
                ("d3xd5",),
                position(game_id, {"S": "d3 c1 g3", "N": "d4 a7 g7"}),
                title="A capture",
                hint="The piece on d3 can jump d4: click d3, then d5.",
                reply=("g7-g6",),
                after="The jumped piece is removed at once. Then it is North's turn (North stepped g7-g6).",
            ),
            Step(
                "Chains: after a jump the same piece may jump again, changing direction if it likes. The "
                "whole chain is one move. Jump c3 over d4 to e5, then over e6 to e7.",
                ("c3xe5xe7",),
                position(game_id, {"S": "c3 g3", "N": "d4 e6 i5 a7"}),
                title="A chain",
                hint="Click c3, then e5, then e7: the chain must go on while it can.",
                after="Two pieces in one move. A chain never jumps the same piece twice.",
            ),
            Step(
                "Capture is forced (the default rule): if any piece can capture, you must capture. "
                "A plain step is refused. Find the capture: the marked piece can jump f4.",
                ("g3xe5",),
                position(game_id, {"S": "g3 c3 e1", "N": "f4 a7 c7"}),
                title="Forced capture",
                hint="The piece on g3 can jump f4: click g3, then e5.",
                after=(
                    "Any capturing piece and any complete chain may be chosen: "
                    "there is no duty to take the most."
                ),
            ),
            Step(
                "The huff rule (chosen in setup): captures are optional, but North's piece on f5 could "
                "have captured f4 and North moved elsewhere. You may huff it: click it to remove it.",
                ("~f5",),
                position(game_id, {"S": "f4 d3 c1", "N": "f5 f6 a7"}, huff, huff="f5"),
                title="Huff",
                hint="Click North's piece on f5 (marked HUFF?) to remove it.",
                after="Huffing does not use up your turn.",
            ),
            Step(
                "The huff did not use up your turn: now make your move as usual. "
                "Step the marked piece into the point f5 left empty.",
                ("f4-f5",),
                title="Then move",
                hint="Step f4 forward to f5.",
            ),
        ),
        outro="Lesson complete: win by taking every enemy piece or leaving your opponent no move.",
    )
