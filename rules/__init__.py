"""Keliya's rules: pure Python, no pygame. One API for every game (see ``core``).

Typical use::

    from rules import load_game
    state = load_game("kotu_ellima", capture="huff").new_initial_state()
    state.play("d4-e5")
"""

# Registration order is menu order.
from . import war_games  # noqa: F401  (registers the war games)

# isort: split
from . import hunt_games  # noqa: F401  (registers the hunt games)

# isort: split
from . import battlehalma_games  # noqa: F401

# isort: split
from . import ncuva_games  # noqa: F401  (registers Ncuva)
from .core import Game, GameSpec, IllegalMoveError, Move, Note, Option, Outcome, State
from .effects import Effect
from .layout import Cell, Layout
from .position import load_state
from .registry import game_ids, game_spec, load_game

__all__ = [
    "Cell", "Effect", "Game", "GameSpec", "IllegalMoveError", "Layout", "Move", "Note", "Option",
    "Outcome", "State", "load_state", "game_ids", "game_spec", "load_game",
]
