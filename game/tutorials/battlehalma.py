"""BattleHalma's lesson: forward-only counters, leaps over any piece, exchange capture by
landing on an enemy, and kings (made on the enemy's corner; they take what they leap)."""

from __future__ import annotations

import random

from rules import load_game

from .lesson import Lesson, Step, position

GID = "battlehalma"


def lesson() -> Lesson:
    start = load_game(GID).new_initial_state(random.Random(0)).to_text()
    return Lesson(
        GID,
        "Leaps, exchanges and kings",
        (
            Step(
                "You are Red (bottom right); you play both sides here. A counter never moves toward its "
                "own yard: Red never goes east, south or south-east. Step the marked counter from f2 "
                "to e3 (north-west).",
                ("f2-e3",),
                start,
                title="Directions",
                hint="Click the red counter on f2, then the square e3 up and to the left.",
                reply=("c7-d6",),
                after="Blue answered c7-d6: Blue never goes west, north or north-west.",
            ),
            Step(
                "Leaping: jump over a neighbouring piece of either colour — your own too — onto the empty "
                "square right behind it. The leapt piece stays. After landing you may leap again. "
                "Leap from h1 over g2 to f3, then over f4 to f5.",
                ("h1:f3:f5",),
                position(GID, {"r": "h1 g2 f4", "b": "a8 b8 a7"}),
                title="Leaps",
                hint="Click h1, then f3, then f5 (a chain may stop anywhere: click f5 again to end it).",
                after="A long leap chain is the fastest way across the board.",
            ),
            Step(
                "Exchange capture: landing on an enemy piece, by a step or a leap, captures it — and ends "
                "the move. Leap from e4 over your d5 onto the blue counter on c6.",
                ("e4xc6", "d5xc6"),
                position(GID, {"r": "e4 d5 h1", "b": "c6 a8 b8"}),
                title="Exchange capture",
                hint="Click e4, then c6: landing on Blue takes it.",
                after="Captures are never forced. You win by capturing every enemy piece.",
            ),
            Step(
                "A counter that ends its move on the enemy's corner square (Red: a8) becomes a king. "
                "Step from b7 to a8.",
                ("b7-a8=K",),
                position(GID, {"r": "b7 h1", "b": "c8 a6 e8"}),
                title="Crowning",
                hint="Click b7, then the corner a8.",
                after="Crowned: a king moves in all eight directions.",
            ),
            Step(
                "A king also captures every enemy piece it leaps over. Leap the king from a8 over b7 to "
                "c6, then over d5 to e4: two captures.",
                ("a8xc6xe4", "a8xc6"),
                position(GID, {"R": "a8", "r": "h1", "b": "b7 d5 e8"}),
                title="The king",
                hint="Click the king on a8, then c6, then e4.",
                after="Both leapt pieces are gone; one blue counter is left.",
            ),
        ),
        outro="Lesson complete: capture every enemy piece to win.",
    )
