"""One numbering of moves everywhere (the move list, the look-back header, the turning points,
the saved games, the analysis and ``--analyse``), as the best apps number them: a turn is the
first player's move and the second player's reply, numbered from 1, so the first player's ninth
move is "9." and the reply to it "9…". A side that moves twice running (a huff, a sowing again)
starts a new turn, so every move keeps its own label. Pure functions of who made each move."""

from __future__ import annotations

from collections.abc import Sequence

#: after the number of the second player's move (chess's "9… e5")
REPLY = "…"


def turn_numbers(movers: Sequence[int]) -> list[int]:
    """The turn number of each move, given who made it (player 0 or 1), in the order played."""
    numbers: list[int] = []
    turn, filled = 0, [True, True]
    for mover in movers:
        if filled[mover] or filled[1]:  # this side has moved in the turn, or the reply closed it
            turn, filled = turn + 1, [False, False]
        filled[mover] = True
        numbers.append(turn)
    return numbers


def move_label(number: int, mover: int) -> str:
    """'9.' for the first player's move of turn 9, '9…' for the second player's."""
    return f"{number}." if mover == 0 else f"{number}{REPLY}"


def move_labels(movers: Sequence[int]) -> list[str]:
    """The label of each move ('1.', '1…', '2.', ...), given who made it."""
    return [move_label(n, m) for n, m in zip(turn_numbers(movers), movers)]
