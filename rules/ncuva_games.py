"""Registry entry for Ncuva (RULES-SPEC 6, seed 004): options and the rules text the app shows.

The engine is ``ncuva``; this module names the options and every house rule, and says where
Keliya reads the source.
"""

from __future__ import annotations

from typing import Any

from .core import GameSpec, Option
from .ncuva import SIDES, TURN_LIMIT, NcuvaGame
from .ncuva_sowing import LIFT_LIMIT
from .registry import register

NCUVA_RULES = f"""\
Ncuva (Southern Africa; after a description of the game played with stones or "cows" in holes
dug in the ground): a four-row mancala in which each player sows and captures on their own half.

The board: four rows of holes, 4 holes a row in the source (16 holes; 6, 8 or 12 can be chosen
in setup). The two rows nearer you are yours: row 1 is South's outer row, row 2 South's inner
row, row 3 North's inner row, row 4 North's outer row. Holes are named like squares: a1 is
South's outer hole on South's left. A coin toss decides who sows first (the source).

The start: two stones in every hole, except that in each player's inner row the hole on that
player's far left is empty and the one next to it holds a single stone.
House rule: that gap is Maruba's start (the Pedi game of Limpopo and Mpumalanga, as
boardgamesoftheworld.com describes it; the Venda's Mefuvha starts the same way, as in Ludii's
games library). The source puts two stones in every hole: choose "Two in every hole" in setup.

Sowing: you sow only in your own two rows, anticlockwise seen from above: South goes right along
row 1 and left along row 2; North goes left along row 4 and right along row 3. Choose one of your
holes with at least 2 stones, lift all its stones and drop them one a hole along your circuit.
The emptied starting hole is an ordinary hole when the sowing laps round to it.

Relay: if the last stone lands in a hole that was not empty, lift all that hole's stones and sow
on. If the last stone lands in an empty hole, the sowing ends.

Capturing: if the last stone lands in an empty hole of your inner row and your opponent's inner
hole in the same column holds stones, you capture them and the stones of their outer hole in that
column. Landing in an empty hole of your outer row never captures, and nothing is taken when the
opponent's inner hole is empty, even if their outer hole holds stones. When a sowing ends without
a capture your turn ends: you "sleep" (kulala, the source's word), and your opponent sows.

After a capture your turn ends too.
House rule: a capture ends the turn as in Maruba and Mefuvha. The source lets you sow again from
any hole you choose ("Sow again, the source's rule" in setup). With it you sow again only if you
have a move; if a capture left you none, the turn would pass to your opponent. It cannot happen:
after a capture you always keep a hole of two or more, or a single stone with an empty hole after
it. With the source's rule the first
player can take everything in the first turn: from two stones in every hole a search of the
first player's choices finds a run of captures that takes all the opponent's stones, on every
board size (4 captures on 4 holes a row, 12 on 12).

Why these rules (measured by Keliya, 200 games each between two equal players searching five
sowings ahead, after two random sowings; figures for 4 and 12 holes a row):
• The source's rules: the first player scores 45% and 52%; 33% and 7% of the games are over
within each side's first two turns (9 and 54 turns a game): a lucky first capture decides.
• A capture ends the turn, two stones in every hole: the first player scores 64% and 52%
(34 and 78 turns a game, none over so soon).
• Sow again with Maruba's gap: 56% and 52%, still 12% and 2% over within two turns each.
• A capture ends the turn with Maruba's gap, the default: 56% and 56%, 21 and 85 turns a game,
none over within two turns each: the game that lasts and is closest to even on every board.
• The computer's Hard level against itself (20 games each) agrees: with a capture ending the
turn the first player scores 68% on 4 holes and 78% on 8 from two stones in every hole, 65% and
55% with Maruba's gap; the coin toss evens out what is left of the first player's edge.

Singles: only when none of your holes holds 2 stones, move one single stone to the next hole
along your circuit. House rule: the source speaks of a single stone "in the first row"; Keliya
allows it from any of your holes, and only onto an empty next hole. A single stone that ends in
an empty inner hole captures like any sowing.

The end: a player with no stones left loses. When neither player has a hole with 2 or more
stones, the player with more stones on the board wins (the source); equal stones is a draw.
The end is judged after every sowing, in the middle of a turn too: with the source's rule, a
capture that leaves your opponent no stones, or leaves no hole on the board with 2 stones, ends
the game at once, though you would have sown again.
House rule: a player who cannot move on their turn ends the game the same way.
House rule: relay sowing can go round in a cycle for ever. Keliya notes the board and the hole
about to be lifted at every lift of a sowing, the first included (the hole you chose, before any
stone has moved); when a relay would lift a state seen before in that sowing, the sowing stops
there and the turn ends. Only a cycle stops this way, and it always comes round to where it
began: every hole holds what it held before you sowed, as if you had not sowed at all.
House rule: a sowing also stops after {LIFT_LIMIT:,} lifts, the first lift counted, as a safety
net: a cycle can take over a million lifts to come round, and nothing tells it sooner from a
sowing that will end. The longest sowings that ended by themselves, in 1,000 random and 1,000
greedy games on each board, were 24, 44, 64 and 89 lifts (4, 6, 8 and 12 holes a row); searches
of positions found longer ones, the longest 16,663 lifts on 12 holes a row. The limit is six
times that.
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
            "columns",
            "Holes a row",
            4,
            (4, 6, 8, 12),
            "The size of the board: 4 holes a row is the source's board of 16 holes.",
            choice_labels=("4 (16 holes)", "6 (24 holes)", "8 (32 holes)", "12 (48 holes)"),
        ),
        Option(
            "after_capture",
            "After a capture",
            "end-turn",
            ("end-turn", "sow-again"),
            "A capture ends your turn (Maruba, Mefuvha), or you sow again (the source's rule, with "
            "which the first player can take everything in the first turn).",
            house_rule=True,
            choice_labels=("End the turn", "Sow again, the source's rule"),
            in_play=True,
            choice_help=(
                "End the turn: a capture ends your turn, as in Maruba (Pedi) and Mefuvha (Venda); "
                "measured, it makes the game that lasts.",
                "Sow again (the source's rule): after a capture you sow again from any hole. Warning: "
                "the first player can then take everything in the first turn (a third of 4-hole "
                "games measured were over within each side's first two turns).",
            ),
        ),
        Option(
            "start",
            "Start",
            "maruba",
            ("maruba", "even"),
            "Maruba's gap in each inner row, or two stones in every hole (the source).",
            house_rule=True,
            choice_labels=("Maruba gap", "Two in every hole, the source's"),
            choice_help=(
                "Maruba gap: in each inner row the hole on its owner's far left is empty and the next "
                "holds one stone, as in Maruba (Pedi, boardgamesoftheworld.com) and Mefuvha (Venda, Ludii).",
                "Two in every hole: the source's start.",
            ),
        ),
        Option(
            "first",
            "First player",
            "coin",
            ("coin", "south", "north"),
            "Who sows first: a coin toss decides (the source), or choose South or North.",
            choice_labels=("Coin toss", "South", "North"),
        ),
        Option(
            "only_two",
            "Only two left",
            "off",
            ("off", "on"),
            "Keliya's reading of the source's \"only two left\" line: you may not sow from your "
            "last hole with stones.",
            house_rule=True,
            choice_labels=("Off", "On"),
        ),
    )
    register(
        GameSpec(
            "ncuva",
            "Ncuva",
            "Southern Africa",
            "Sow stones round your two rows, relay on, and capture from your opponent's facing holes.",
            SIDES,
            options,
            NCUVA_RULES,
            _make,
        )
    )


_register()
