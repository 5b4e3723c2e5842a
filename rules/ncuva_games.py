"""Registry entry for Ncuva (RULES-SPEC 6, seed 004): options and the rules text the app shows.

The engine is ``ncuva``; this module names the options and every house rule, and says where
Keliya reads the source.
"""

from __future__ import annotations

from typing import Any

from .core import GameSpec, Option
from .ncuva import SIDES, TURN_LIMIT, NcuvaGame
from .registry import register

NCUVA_RULES = f"""\
Ncuva (Southern Africa; after a description of the game played with stones or "cows" in holes
dug in the ground): a four-row mancala in which each player sows and captures on their own half.

The board: four rows of holes, 4 holes a row in the source (16 holes; 6, 8 or 12 can be chosen
in setup), 2 stones in every hole. The two rows nearer you are yours: row 1 is South's outer row,
row 2 South's inner row, row 3 North's inner row, row 4 North's outer row. Holes are named like
squares: a1 is South's outer hole on South's left.

Sowing: you sow only in your own two rows, anticlockwise seen from above: South goes right along
row 1 and left along row 2; North goes left along row 4 and right along row 3. Choose one of your
holes with at least 2 stones, lift all its stones and drop them one a hole along your circuit.
The emptied starting hole is an ordinary hole when the sowing laps round to it.

Relay: if the last stone lands in a hole that was not empty, lift all that hole's stones and sow
on. If the last stone lands in an empty hole, the sowing ends.

Capturing: if the last stone lands in an empty hole of your inner row and your opponent's inner
hole in the same column holds stones, you capture them and the stones of their outer hole in that
column. Then you sow again from any hole you choose (the source's rule; "after a capture" in
setup can end the turn instead, as in the related Moruba and Mefuvha of South Africa). Landing in
an empty hole of your outer row never captures, and nothing is taken when the opponent's inner
hole is empty, even if their outer hole holds stones. Otherwise your turn ends: you "sleep".

Singles: only when none of your holes holds 2 stones, move one single stone to the next hole
along your circuit. House rule: the source speaks of a single stone "in the first row"; Keliya
allows it from any of your holes, and only onto an empty next hole. A single stone that ends in
an empty inner hole captures like any sowing.

The end: a player with no stones left loses. When neither player has a hole with 2 or more
stones, the player with more stones on the board wins (the source); equal stones is a draw.
House rule: a player who cannot move on their turn ends the game the same way.
House rule: relay sowing can go round in a cycle for ever. Keliya notes the board and the hole
about to be lifted at every lift of a sowing; when a relay would lift a state seen before in that
sowing, the sowing stops there, the stones stay where they fell, and the turn ends.
House rule: after {TURN_LIMIT} turns the game ends and the stones on the board decide it (a turn
is every sowing one player makes before the other plays).

"Only two left" (a setup option, off by default; house rule): the source says a player may not
lift "the only two left in the hole", but its own opening lifts a hole of two, so it cannot mean
every hole of two. Keliya's reading: you may not sow from your last hole of two or more while it
is the only hole you have with stones; those stones stay until your opponent captures them. If
that leaves you no move, the game ends as above.
"""


def _make(spec: GameSpec, options: dict[str, Any]) -> NcuvaGame:
    return NcuvaGame(spec, options)


def _register() -> None:
    options = (
        Option(
            "columns", "Holes a row", 4, (4, 6, 8, 12),
            "The size of the board: 4 holes a row is the source's board of 16 holes.",
            choice_labels=("4 (16 holes)", "6 (24 holes)", "8 (32 holes)", "12 (48 holes)"),
        ),
        Option(
            "after_capture", "After a capture", "sow-again", ("sow-again", "end-turn"),
            "Sow again from a hole of your choice (the source), or end the turn (Moruba, Mefuvha).",
            choice_labels=("Sow again", "End the turn"), in_play=True,
            choice_help=("Sow again: after a capture you sow again from a hole of your choice (the source).",
                         "End the turn: a capture ends your turn (as in Moruba and Mefuvha)."),
        ),
        Option(
            "start", "Start", "even", ("even", "maruba"),
            "How the stones stand at the start: two in every hole (the source), or Maruba's gap.",
            house_rule=True, choice_labels=("Two in every hole", "Maruba gap"),
            choice_help=("Two in every hole: the source's start.",
                         "Maruba gap: in each inner row the hole on its owner's far left is empty and "
                         "the next one holds a single stone, as in Maruba (Pedi) and Mefuvha (Venda)."),
        ),
        Option(
            "only_two", "Only two left", "off", ("off", "on"),
            "Keliya's reading of the source's \"only two left\" line: you may not sow from your "
            "last hole with stones.",
            house_rule=True, choice_labels=("Off", "On"),
        ),
    )
    register(GameSpec(
        "ncuva", "Ncuva", "Southern Africa",
        "Sow stones round your two rows, relay on, and capture from your opponent's facing holes.",
        SIDES, options, NCUVA_RULES, _make,
    ))


_register()
