"""Registry entry for BattleHalma (RULES-SPEC section 5, seed 003).

The engine is ``battlehalma``; this module fixes the options, the five variants the seed
names (``VARIANTS``, registered as ``GameSpec.variants`` for the setup to offer by name) and
the rules text, with every house rule named as such. Every combination of rule, size and
counters is sound (the yards never overlap on these boards), so the others are played as
custom variants.
"""

from __future__ import annotations

from typing import Any

from .battlehalma import BattleHalmaGame
from .core import GameSpec, Option
from .registry import register

#: The seed's variants by name: options over the defaults.
VARIANTS: dict[str, dict[str, Any]] = {
    "8×8 promotion (10 counters)": {"rule": "promotion", "size": 8, "counters": 10},
    "10×10 promotion (15 counters)": {"rule": "promotion", "size": 10, "counters": 15},
    "8×8 terminal (6 counters)": {"rule": "terminal", "size": 8, "counters": 6},
    "10×10 terminal (10 counters)": {"rule": "terminal", "size": 10, "counters": 10},
    "8×8 promotion (3 counters)": {"rule": "promotion", "size": 8, "counters": 3},
}


RULES = """\
BattleHalma, "a spiced up Halma": Halma's leaps with a warlike twist, exchange capture.

The board: 8×8 or 10×10 squares, named like chess (a1 bottom-left). Red's yard is the
bottom-right corner, Blue's the top-left one. Red moves first (house rule).
Start: each side fills the squares of its yard nearest its corner: 10 counters on the squares
within 3 steps (along rows and columns) of the corner, 15 within 4; the yards of 3 counters
(within 1) and 6 (within 2) are house rules: the seed names those sizes but not their shape.

Directions: a counter never moves or leaps toward its own yard. Red never goes east, south or
south-east; Blue never west, north or north-west. Kings use all eight directions.

On your turn move one piece:
• Step to a neighbouring square that is empty or holds an enemy piece.
• Or leap over a neighbouring piece of either colour onto the square right behind it, which
  must be empty or hold an enemy piece. The leapt piece stays (a king's leap is different,
  below). After landing on an empty square the piece may leap again, in any allowed direction,
  or stop. A leap never returns to a square already visited in the same move: "visited" means
  the start square and every landing square of the move (house rule; the seed only says "not
  immediately back").
• Exchange capture: landing on an enemy piece, by a step or a leap, captures it. Landing on an
  enemy ends the move (house rule).
• A king also captures every enemy piece it leaps over; the enemy is removed at once and cannot
  be leapt again later in the chain (house rule).
Different leap routes to the same end are the same move: click any of them.

Promotion rule: a counter that ends its move on the enemy's corner square becomes a king. You
win by capturing every enemy piece.
Terminal rule: the first counter to end its move on the enemy's corner square wins; capturing
every enemy piece also wins. There are no kings.
A player who cannot move loses (house rule).
Draws (house rules, chosen in setup): 100 moves in a row without a capture is a draw (200 or off
can be chosen; the moves are plies, each side's move counting, so 100 is 50 each); a position \
that comes up for the third time with the same player to move is a
draw (can be turned off). Only a capture resets the count; the start position counts.
When several endings meet, a win by the corner or by capturing everything comes first, then the
loss of a player who cannot move, then the draws.

Variants the seed names: 8×8 promotion (10 counters), 10×10 promotion (15), 8×8 terminal (6),
10×10 terminal (10), 8×8 promotion with 3 counters. Other combinations play as custom games.
Source: the seed's description by the inventor (no other description of the game survives); the
house rules above fill its silences.
"""


def _make(spec: GameSpec, options: dict[str, Any]) -> BattleHalmaGame:
    return BattleHalmaGame(spec, options)


def _register() -> None:
    options = (
        Option(
            "rule",
            "Rule",
            "promotion",
            ("promotion", "terminal"),
            "Promotion: crown a king on the enemy corner and capture everything. Terminal: the "
            "first counter on the enemy corner wins.",
            choice_labels=("Promotion", "Terminal"),
            in_play=True,
            choice_help=(
                "Promotion: a counter on the enemy corner is crowned a king; capture everything to win.",
                "Terminal: the first counter on the enemy corner wins; there are no kings.",
            ),
        ),
        Option("size", "Board", 8, (8, 10), "The board's size.", choice_labels=("8×8", "10×10")),
        Option(
            "counters",
            "Counters",
            10,
            (3, 6, 10, 15),
            "Counters per side, filling the yard in the corner.",
            choice_labels=("3", "6", "10", "15"),
        ),
        Option(
            "limit",
            "No-capture limit",
            100,
            ("off", 100, 200),
            "This many plies in a row without a capture is a draw (a ply is one side's move).",
            house_rule=True,
            choice_labels=("Off", "100 plies (50 each)", "200 plies (100 each)"),
            choice_help=("Off: no limit; a game without captures ends only by repetition or a win.", "", ""),
        ),
        Option(
            "repetition",
            "Repetition",
            "draw",
            ("draw", "off"),
            "A position seen for the third time is a draw.",
            house_rule=True,
            choice_labels=("Threefold is a draw", "Off"),
            choice_help=(
                "A position seen for the third time, with the same player to move, is a draw.",
                "Off: positions may repeat; only the no-capture limit ends a game without a win.",
            ),
        ),
    )
    register(
        GameSpec(
            "battlehalma",
            "BattleHalma",
            "A modern invention, after Halma",
            "Halma with exchange captures: leap across the board, take by landing on the enemy.",
            ("Red", "Blue"),
            options,
            RULES,
            _make,
            variants=VARIANTS,
        )
    )


_register()
