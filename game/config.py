"""What the setup screen decides and the play scene needs: game, options, who plays which side."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules import load_game
from rules.kinds import Code
from rules.words import N_

if TYPE_CHECKING:  # the engines' core is not needed before a game is played (issue 29, item 5)
    from rules import Game


class Mode(Code):
    """How a match is played (the value is what saves and settings write)."""

    PASS = "pass"
    COMPUTER = "computer"
    WATCH = "watch"


class Controller(Code):
    """Who makes a side's decisions."""

    HUMAN = "human"
    COMPUTER = "computer"


MODES = (
    (Mode.PASS, N_("Pass and play")),
    (Mode.COMPUTER, N_("Against the computer")),
    (Mode.WATCH, N_("Computer against computer")),
)


@dataclass
class MatchConfig:
    """One match's settings. ``human_side`` is the player index the person plays vs the computer."""

    game_id: str
    options: dict[str, Any] = field(default_factory=dict)
    mode: Mode = Mode.PASS
    human_side: int = 0
    level: str = "medium"
    min_pause: float = 0.6
    iterations: int | None = None  # a fixed search budget instead of the level's clock (tests)
    level2: str | None = None  # computer against computer: the second player's level (None: the same)

    def __post_init__(self) -> None:
        self.mode = Mode(self.mode)  # a plain string from a save or a setting becomes the kind

    def controllers(self) -> tuple[Controller, Controller]:
        if self.mode == Mode.PASS:
            return (Controller.HUMAN, Controller.HUMAN)
        if self.mode == Mode.WATCH:
            return (Controller.COMPUTER, Controller.COMPUTER)
        return (
            (Controller.HUMAN, Controller.COMPUTER)
            if self.human_side == 0
            else (Controller.COMPUTER, Controller.HUMAN)
        )

    def level_of(self, player: int) -> str:
        """The level the computer plays ``player`` at (computer against computer: each side its
        own, so a hunt's Tiger and Leopards can be balanced)."""
        return self.level2 or self.level if self.mode == Mode.WATCH and player == 1 else self.level

    def make_game(self) -> Game:
        return load_game(self.game_id, **self.options)


def sides_of(game: Game) -> tuple[str, str]:
    """The two sides' names for this game with its options (a board option may rename them)."""
    return game.sides
