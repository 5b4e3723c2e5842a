"""The base of Keliya's typed kinds and codes: an enum whose members write their values wherever
text is made (f-strings, ``str``, ``format``), so position text, saves and settings keep the words
they always had, while code compares members, never English text: a member equals itself only,
not its word nor a member of another kind with the same word. Text is read back with
``Kind(word)``, and written to JSON as ``member.value``."""

from __future__ import annotations

from enum import Enum


class Code(Enum):
    """A kind or code: ``f"{Mode.PASS}" == "pass"`` and ``Mode("pass") is Mode.PASS``, but
    ``Mode.PASS != "pass"`` and ``MoveKind.DROP != EffectKind.DROP``."""

    # Equality is identity (``object.__eq__``), so the hash is too: both at C speed (``Enum``'s
    # own hash is a Python method), which keeps dictionaries and sets of kinds in the rules fast.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class BoardKind(Code):
    """What a board is made of: the front end picks its family by this and nothing else."""

    LINES = "lines"  # points joined by lines
    SQUARES = "squares"  # a checkered grid
    HOLES = "holes"  # pits that hold stones


class MoveKind(Code):
    """What sort of move a ``Move`` is (``Move.kind``)."""

    STEP = "step"  # one point along a line, or one square
    JUMP = "jump"  # a capturing chain of short jumps, one enemy piece per jump
    DROP = "drop"  # a piece from hand onto an empty point
    HUFF = "huff"  # remove an opponent piece that failed to capture (does not end the turn)
    LEAP = "leap"  # BattleHalma: a chain of leaps over pieces
    STEP_KING = "step_king"  # BattleHalma: a step that crowns the counter
    LEAP_KING = "leap_king"  # BattleHalma: leaps that crown the counter
    SOW = "sow"  # Ncuva: lift a hole of two or more and sow it, relaying on
    SINGLE = "single"  # Ncuva's singles: one stone onto the empty next hole


class EffectKind(Code):
    """One thing a move does (``rules.effects``)."""

    PLACE = "place"
    MOVE = "move"
    REMOVE = "remove"
    PROMOTE = "promote"
    LIFT = "lift"
    DROP = "drop"
    RELAY = "relay"
    CAPTURE = "capture"
    STOP = "stop"


class Detail(Code):
    """What an effect says of itself: how a piece moved or left, why a sowing stopped."""

    STEP = "step"
    HOP = "hop"
    CAPTURE = "capture"
    HUFF = "huff"
    EXCHANGE = "exchange"
    SLEEP = "sleep"
    CYCLE = "cycle"
    LIMIT = "limit"


class PieceKind(Code):
    """What a piece is (``State.pieces()``, a drop's or a crowning's effect): the front end
    draws and sounds a piece by this; a hunt game's kinds are also its words for them."""

    SOLDIER = "soldier"  # the war games
    COUNTER = "counter"  # BattleHalma, before it is crowned
    KING = "king"  # BattleHalma, crowned
    COW = "cow"
    LEOPARD = "leopard"
    TIGER = "tiger"
    STONE = "stone"  # Ncuva: not a piece of the board, but what its animations move


class EndCode(Code):
    """How a game ended (``Outcome.code``)."""

    TARGET = "target"  # a capture goal was reached
    ALL_CAPTURED = "all_captured"  # the loser has no piece left
    NO_MOVES = "no_moves"  # the side to move cannot move
    LIMIT = "limit"  # a move limit without captures ran out
    REPETITION = "repetition"  # the same position came up too often
    TERMINAL = "terminal"  # a piece reached the goal square (BattleHalma's terminal rule)
    STONES = "stones"  # the stones decided it (Ncuva)


class NoteCode(Code):
    """A reminder for the side to move (``Note.code``): the front end decides by it."""

    CAPTURE_FORCED = "capture_forced"
    CAPTURE_AVAILABLE = "capture_available"
    HUFF_OFFERED = "huff_offered"
    GOAL_REACHABLE = "goal_reachable"
    PROMOTION_AVAILABLE = "promotion_available"
    LIMIT_NEAR = "limit_near"
    REPETITION_NEAR = "repetition_near"
    DROP = "drop"
    DROP_FIRST = "drop_first"
    STEPS_ONLY = "steps_only"
    SOW_AGAIN = "sow_again"
    SINGLES = "singles"
    TURN_LIMIT = "turn_limit"


class Phase(Code):
    """The stage of play (``State.phase``)."""

    MOVE = "move"
    DROP = "drop"
    SOW = "sow"
    SINGLES = "singles"


class Refusal(Code):
    """Why a route clicked is no move, for code to decide on (the words come with it)."""

    NOT_ALLOWED = "not_allowed"  # no legal move follows this route, and the game has nothing better to say


#: what ``State.pieces()`` gives: point -> (owner, kind of piece)
Pieces = dict[int, tuple[int, PieceKind]]
