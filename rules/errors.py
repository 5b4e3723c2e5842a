"""The rules' errors, as python-chess has them: every one a ValueError whose message says why in a
player's words (what the front end shows as it is)."""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move that the rules refuse; the message says why in words a player understands."""


class AmbiguousMoveError(IllegalMoveError):
    """A move written so that it names more than one legal move; the message says so."""


class NotationError(ValueError):
    """A move written as no move of the game is written (``State.parse_move``); the message
    says what was expected."""


class PositionError(ValueError):
    """A position text that cannot be read, or a position the game can never reach
    (``load_state``); the message says why in a player's words."""
