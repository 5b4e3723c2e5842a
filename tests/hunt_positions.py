"""Build hunt-game states for tests from piece lists, through the public position text."""

from __future__ import annotations

from positions import board_text

from rules import load_game, load_state
from rules.core import State


def hunt_state(
    game_id: str,
    hunters: str = "",
    prey: str = "",
    turn: int = 0,
    hands: str = "0/0",
    extra: str = "",
    **options: object,
) -> State:
    """A hunt state with the hunters' and the prey's points given as space-separated names;
    ``turn`` is the player index to move and ``hands`` the pieces in hand as 'hunter/prey'."""
    game = load_game(game_id, **options)
    letters = game.setup.letters  # type: ignore[attr-defined]
    pieces = {n: letters[0] for n in hunters.split()}
    pieces.update({n: letters[1] for n in prey.split()})
    text = (
        f"{game.header()}; board={board_text(game_id, pieces, **options)}; turn={letters[turn]}; "
        f"hands={hands}"
    )
    if extra:
        text += "; " + extra
    return load_state(text)
