"""Registry entries for the war games: Sixteen Soldiers, Peralikatuma, Kotu Ellima (RULES-SPEC 2).

The engine is ``war``; this module fixes each game's start, options and the rules text the
app shows (house rules named as such).
"""

from __future__ import annotations

from typing import Any

from .core import GameSpec, Option
from .registry import register
from .war import FORCED, FREE, HUFFING, SIDES, WarGame

SIXTEEN_SOUTH = "c1 e1 g1 d2 e2 f2 c3 d3 e3 f3 g3 c4 d4 e4 f4 g4".split()
PERALI_SOUTH = SIXTEEN_SOUTH + "h4 h5 h6 i3 i5 i7 g5".split()
KOTU_SOUTH = PERALI_SOUTH + ["f5"]


def _options(
    limit_default: int | str, limit_house: bool, extra: tuple[Option, ...] = ()
) -> tuple[Option, ...]:
    return (
        Option(
            "capture",
            "Capture rule",
            FORCED,
            (FORCED, HUFFING, FREE),
            "Forced: you must capture and finish the chain. Huff: captures are optional, but a "
            "piece that fails to capture may be removed by the opponent. Free: always optional.",
            choice_labels=("Forced", "Huff (traditional)", "Free"),
            in_play=True,
            choice_help=(
                "Forced: when a capture is possible you must take it, and finish the chain.",
                "Huff: capturing is optional, but a piece that could have captured and did not may be "
                "removed (huffed) by the opponent before their move.",
                "Free: capturing is always optional, and a chain may stop after any jump.",
            ),
        ),
        Option(
            "limit",
            "No-capture limit",
            limit_default,
            ("off", 20, 40, 60),
            "After this many plies in a row without a capture (a ply is one side's move), more pieces "
            "wins; equal is a draw.",
            house_rule=limit_house,
            choice_labels=("Off", "20 plies (10 each)", "40 plies (20 each)", "60 plies (30 each)"),
            choice_help=(
                "Off: no limit; with Repetition on, a position seen three times is a draw.",
                "",
                "",
                "",
            ),
        ),
        Option(
            "threefold",
            "Repetition",
            "draw",
            ("draw", "off"),
            "With no capture limit, a position seen three times is a draw.",
            house_rule=True,
            choice_labels=("Threefold is a draw", "Off"),
            choice_help=(
                "With no capture limit, a position seen three times is a draw.",
                "Off: positions may repeat; only captures and blocked sides end the game.",
            ),
            applies=lambda options: options.get("limit") == "off",
            unused_help="Not used while a no-capture limit is on: the limit ends a game without captures.",
        ),
        Option(
            "first",
            "First player",
            "south",
            ("south", "north", "coin"),
            "Who moves first; the sources leave it open or draw lots.",
            choice_labels=("South", "North", "Coin toss"),
        ),
    ) + extra


_COMMON_RULES = """\
The board: a 5×5 Alquerque square with a triangular wing on each side, 49 points joined by lines.
Pieces stand on points and move along the lines.

Moving: on your turn move one piece to a neighbouring empty point along a line, or capture.
Passing is not allowed.

Capturing: jump over a neighbouring enemy piece onto the empty point right behind it on the same
line; the jumped piece is removed at once. The same piece may jump again, changing direction if
it likes: a whole chain of jumps is one move. A chain may land again on a point it already
visited, but never jumps the same piece twice.

Capture rule (chosen in setup):
• Forced (default, and the sources' recommendation): if you can capture you must, and you must go
  on jumping while you can. Any capturing piece and any complete chain may be chosen: there is no
  duty to take the most.
• Huff (the traditional rule): captures are optional. If you move without capturing although you
  could, or stop a chain early, then at the start of your opponent's next turn they may "huff":
  remove one of the pieces that could have captured (after a plain move, any piece that had a
  capture, the moved piece at its new point; after a short chain, the piece that stopped). Huffing
  does not use up their turn: they then move as usual. The offer is made once, only then, and may
  be declined. In Keliya a huffed piece counts as taken, for the capture target and the no-capture
  count alike.
• Free: captures are optional and a chain may stop after any jump (as some books say).

Winning: capture all enemy pieces, or leave your opponent without a move on their turn.
No-capture limit (from the Sri Lankan rules of Perali Kotuma and Kotu Ellima): when that many \
moves in a row pass without
a capture, the player with more pieces wins; equal numbers is a draw. Keliya counts plies (each
side's move counts: a limit of 40 is 20 moves each).
House rule: when the limit is off, a position that comes up three times is a draw.
If several endings meet at once, a win by capture comes first, then the loss of a side that cannot
move, then the limit.
First player: the sources leave it open (or draw lots); choose South, North or a coin toss.
"""


def _register(
    game_id: str,
    name: str,
    origin: str,
    description: str,
    south: list[str],
    options: tuple[Option, ...],
    extra_rules: str,
) -> None:
    def make(spec: GameSpec, options: dict[str, Any]) -> WarGame:
        return WarGame(spec, options, south)

    register(
        GameSpec(game_id, name, origin, description, SIDES, options, extra_rules + "\n" + _COMMON_RULES, make)
    )


_register(
    "sixteen_soldiers",
    "Sixteen Soldiers",
    "India, Bangladesh, Sri Lanka (Sholo guti)",
    "Sixteen a side on the winged Alquerque board; jump to capture, chains allowed.",
    SIXTEEN_SOUTH,
    _options(
        40,
        True,
        (
            Option(
                "target",
                "Capture target",
                16,
                tuple(range(1, 17)),
                "The number of enemy pieces to capture to win, agreed before the game.",
            ),
            Option(
                "board",
                "Board",
                "four-wing",
                ("four-wing", "two-wing"),
                "The full 49-point board, or the 37-point board without the east and west wings.",
                choice_labels=("Four wings (49 points)", "Two wings (37 points)"),
                choice_help=(
                    "The full 49-point board with its four wings.",
                    "The 37-point board, without the east and west wings.",
                ),
            ),
        ),
    ),
    "Sixteen Soldiers (Sholo guti): 16 pieces each. South starts on the south wing and rows 3–4,\n"
    "North on the north wing and rows 6–7; row 5 and the east and west wings start empty.\n"
    "Capture target: agreed before the game (1–16); taking that many enemy pieces wins.\n"
    "House rule: the no-capture limit (default 40 plies, 20 moves each) is Keliya's; "
    "the sources give none for\n"
    "this game. The two-wing board (37 points) is an option.\n"
    "\nWhich side has the edge (measured by Keliya: 100 games between two equal computer players,\n"
    "sides alternating): South, who moves first, scored 50.5% (14 wins, 13 losses, 73 draws).\n"
    "The side you play does not decide this game.\n",
)
_register(
    "peralikatuma",
    "Peralikatuma",
    "Sri Lanka",
    "Twenty-three a side: only the three centre points start empty.",
    PERALI_SOUTH,
    _options(20, False),
    "Peralikatuma: 23 pieces each. South holds the south wing, rows 3–4, the east wing and g5;\n"
    "North the mirror image. Only d5, e5 and f5 start empty. (One source puts each player's extra\n"
    "wing on their right, another on their left: mirror images of the same game; Keliya puts it\n"
    "on the right.)\n"
    "\nWhich side has the edge (measured by Keliya: 100 games between two equal computer players,\n"
    "sides alternating): South, who moves first, scored 46.5% (12 wins, 19 losses, 69 draws): a\n"
    "slight edge for North, within the spread of 100 games. First player: Coin toss shares it.\n",
)
_register(
    "kotu_ellima",
    "Kotu Ellima",
    "Sri Lanka and India",
    "Twenty-four a side and one empty point: the first captures come in a rush.",
    KOTU_SOUTH,
    _options(20, False),
    "Kotu Ellima: 24 pieces each; every point but the centre e5 starts filled. South holds the\n"
    "south wing, rows 3–4, the east wing, g5 and f5; North the mirror image.\n"
    "\nWhich side has the edge (measured by Keliya: 100 games between two equal computer players,\n"
    "sides alternating): South, who moves first, scored 48.5% (7 wins, 10 losses, 83 draws): most\n"
    "games are drawn, and neither side's edge stands out from the spread of 100 games.\n",
)
