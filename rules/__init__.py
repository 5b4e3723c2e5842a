"""Keliya's rules: pure Python, no pygame. One API for every game (see ``core``).

Typical use::

    from rules import load_game
    state = load_game("kotu_ellima", capture="huff").new_initial_state()
    state.play("d4-e5")
"""

from . import war  # noqa: F401  (registers the war games)

# isort: split
# (registration order is menu order: the hunt games come after the war games)
from . import hunt_games  # noqa: F401  (registers the hunt games)
from .boards import Board, bits
from .core import (
    DROP,
    HUFF,
    JUMP,
    LEAP,
    SOW,
    STEP,
    Game,
    GameSpec,
    IllegalMoveError,
    Move,
    Option,
    Outcome,
    State,
)
from .position import load_state
from .registry import game_ids, game_spec, load_game

__all__ = [
    "Board", "bits", "DROP", "HUFF", "JUMP", "LEAP", "SOW", "STEP", "Game", "GameSpec",
    "IllegalMoveError", "Move", "Option", "Outcome", "State", "load_state", "game_ids",
    "game_spec", "load_game",
]
