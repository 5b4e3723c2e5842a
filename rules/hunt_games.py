"""Registry entries for the hunt games: Cows and Leopards, Hat Diviyan Keliya (RULES-SPEC 3-4).

The engine is ``hunt``; this module fixes each game's board, pieces, options and the
rules text the app shows (house rules named as such, and where Keliya reads the sources).
"""

from __future__ import annotations

from typing import Any

from .boards import alquerque_49, triangle_10, triangle_13
from .core import GameSpec, Option
from .hunt import HuntGame, HuntSetup
from .registry import register
from .words import N_, Words

COW_START = "d4 e4 f4 d5 f5 d6 e6 f6".split()


def _limit_option(flock: str) -> Option:
    return Option(
        "limit",
        "No-capture limit",
        60,
        ("off", 40, 60, 100),
        Words(
            "Once all the {flock} are on the board, this many plies in a row without a capture is a draw "
            "(a ply is one side's move).",
            flock=flock,
        ),
        house_rule=True,
        choice_labels=("Off", "40 plies (20 each)", "60 plies (30 each)", "100 plies (50 each)"),
        choice_help=(
            "Off: no limit; a game without captures goes on until a side is blocked or gives in.",
            "",
            "",
            "",
        ),
    )


def _stuck_option(flock: str) -> Option:
    return Option(
        "stuck",
        f"{flock.capitalize()} blocked",
        "lose",
        ("lose", "draw"),
        Words(
            "What happens when the {flock} have no move on their turn; the sources do not say.", flock=flock
        ),
        house_rule=True,
        choice_labels=(Words("The {flock} lose", flock=flock), "A draw"),
        choice_help=(
            Words(
                "The {flock} lose when they have no move on their turn (the sources do not say).", flock=flock
            ),
            Words(
                "A draw when the {flock} have no move on their turn (the sources do not say).", flock=flock
            ),
        ),
    )


_ENDINGS = """\
When several endings meet at once, the capture goal comes first, then the loss of a side that
cannot move, then the draw. Which side each player takes is chosen in setup."""


# --- Cows and Leopards ---------------------------------------------------------------------------

COWS_RULES = f"""\
Cows and Leopards (as described in a survey of Indian games on the winged Alquerque board):
two leopards hunt twenty-four cows on the 49-point board.

The board: a 5×5 Alquerque square with a triangular wing on each side, 49 points joined by lines.
Pieces stand on points and move along the lines.

Start: 8 cows stand around the centre (d4 e4 f4 d5 f5 d6 e6 f6). The leopards hold their 2
leopards in hand, the cows the other 16 cows.

Placement: the leopards begin by dropping a leopard on any empty point; the cows drop a cow; the
second leopard is dropped, then another cow. From then on the leopards move on every turn while
the cows go on dropping one cow per turn until their hand is empty. Only then do the cows move.

Moving: a leopard steps to a neighbouring empty point along a line, or captures: it jumps over a
neighbouring cow onto the empty point right behind it on the same line, and the cow is removed.
It may jump again, changing direction if it likes, and may stop after any jump: captures are
never forced. A chain may land again on a point it has visited but never jumps a cow twice.
A leopard never jumps a leopard. Cows only step: they never jump and never capture.

Winning: the leopards win when they have captured 13 cows (the source: "more than 12"; a goal of
8 or 12 can be chosen in setup). The cows win when neither leopard can move on the leopards' turn.
House rule: cows that cannot move on their turn lose (or, as chosen in setup, the game is a
draw); the source does not say.
House rule: once all the cows are on the board, 60 moves in a row without a capture is a draw
(40, 100 or off can be chosen). The moves are plies: each side's move counts, so 60 is 30 each.
{_ENDINGS}
"""


def _make_cows(spec: GameSpec, options: dict[str, Any]) -> HuntGame:
    board = alquerque_49()
    target = int(options["target"])
    setup = HuntSetup(
        board=board,
        kinds=(N_("leopard"), N_("cow")),
        plurals=(N_("leopards"), N_("cows")),
        letters="LC",
        start=(0, board.mask_of(COW_START)),
        hands=(2, 16),
        chains=True,
        target=target,
        goal_reason=lambda captured, left: Words("the leopards captured {captured} cows", captured=captured),
    )
    return HuntGame(spec, options, setup)


def _register_cows() -> None:
    options = (
        Option(
            "target",
            "Leopards' goal",
            13,
            (8, 12, 13),
            "How many cows the leopards must capture to win (the source says more than 12).",
            choice_labels=("8 cows", "12 cows", "13 cows"),
        ),
        _limit_option("cows"),
        _stuck_option("cows"),
    )
    register(
        GameSpec(
            "cows_leopards",
            "Cows and Leopards",
            "India and Sri Lanka (Diviyan keliya, Hasu chirat ata)",
            "Two leopards hunt twenty-four cows, who try to pen them in.",
            ("Leopards", "Cows"),
            options,
            COWS_RULES,
            _make_cows,
            alike_sides=False,
        )
    )


# --- Hat Diviyan Keliya --------------------------------------------------------------------------

HAT_DIVIYAN_RULES = f"""\
Hat Diviyan Keliya, "the game of the seven leopards" (Sri Lanka; after Ludovici, 1873,
and Parker, 1909): one tiger against seven leopards on a triangle.

The board: a triangle, apex on top, crossed by two lines and split down the middle: 10 points
(a1 d1 g1 along the base, b2 d2 f2, c3 d3 e3, the apex d4). Large board (a setup option, after
the Czech "Sedm pardálů"): one row more, 13 points, two tigers against eight leopards.

Placement: the board starts empty. The tiger moves first and drops the tiger on any point (large
board: the tigers are dropped one per turn, both before either moves). The leopards drop one
leopard per turn on any empty point and may not move until all are on the board; meanwhile the
tiger moves on its turns.

Moving: the tiger steps along a line to a neighbouring empty point, or captures with a short
jump over a neighbouring leopard onto the empty point right behind it on the same line; the
leopard is removed. One capture per turn; captures are never forced. A tiger never jumps a tiger.
Leopards only step: they never jump and never capture.

Winning: the leopards win when the tiger (on the large board, both tigers) cannot move on its
turn. The tiger wins when too few leopards are left to trap it. The source leaves the number
open; four leopards can trap the tiger in a corner, so Keliya gives the tiger the game when only
3 leopards are left.
House rule: on the large board the tigers win when 5 leopards are left. Five can in fact still
trap both tigers in a corner, so "4 left" can be chosen in setup instead.
A side that cannot move on its turn loses; on these boards that can only happen to the tiger:
while enough leopards are left to play on, some leopard always has a move.
House rule: once all the leopards are on the board, 60 moves in a row without a capture is a
draw (40, 100 or off can be chosen). The moves are plies: each side's move counts, so 60 is 30 each.
{_ENDINGS}
"""


def _make_hat_diviyan(spec: GameSpec, options: dict[str, Any]) -> HuntGame:
    large = options["board"] == "large"
    tigers, leopards = (2, 8) if large else (1, 7)
    left_to_win = int(options["large_left"]) if large else 3

    def goal_reason(captured: int, left: int) -> str:
        if large:
            return Words(
                "the tigers captured {captured} leopards: {left} left are too few to trap them",
                captured=captured,
                left=left,
            )
        return Words(
            "the tiger captured {captured} leopards: {left} left are too few to trap it",
            captured=captured,
            left=left,
        )

    setup = HuntSetup(
        board=triangle_13() if large else triangle_10(),
        kinds=(N_("tiger"), N_("leopard")),
        plurals=(N_("tigers"), N_("leopards")),
        letters="TL",
        start=(0, 0),
        hands=(tigers, leopards),
        chains=False,
        target=leopards - left_to_win,
        goal_reason=goal_reason,
    )
    return HatDiviyanGame(spec, options, setup)


class HatDiviyanGame(HuntGame):
    """Hat Diviyan Keliya: the large board has two tigers, so player 0 is 'Tigers' there."""

    @property
    def sides(self) -> tuple[str, str]:
        return (N_("Tigers"), N_("Leopards")) if self.options["board"] == "large" else self.spec.sides


def _register_hat_diviyan() -> None:
    options = (
        Option(
            "board",
            "Board",
            "standard",
            ("standard", "large"),
            "The 10-point triangle with one tiger and seven leopards, or the 13-point triangle "
            "with two tigers and eight leopards.",
            choice_labels=("Standard: 10 points", "Large: 13 points"),
            choice_help=(
                "The 10-point triangle: one tiger against seven leopards.",
                "The 13-point triangle: two tigers against eight leopards.",
            ),
        ),
        Option(
            "large_left",
            "Tigers win at",
            5,
            (5, 4),
            "On the large board, the number of leopards left at which the tigers win.",
            house_rule=True,
            choice_labels=("5 leopards left", "4 leopards left"),
            applies=lambda options: options.get("board") == "large",
            unused_help="Only used on the large board; choose the large board to set it.",
        ),
        _limit_option("leopards"),
    )
    register(
        GameSpec(
            "hat_diviyan_keliya",
            "Hat Diviyan Keliya",
            "Sri Lanka",
            "The game of the seven leopards: trap the tiger on the triangle before it eats too many.",
            ("Tiger", "Leopards"),
            options,
            HAT_DIVIYAN_RULES,
            _make_hat_diviyan,
            alike_sides=False,
        )
    )


_register_cows()
_register_hat_diviyan()
