"""The difficulty levels as a player meets them: name, label and description, in the order the
setup screen offers them. Kept apart from ``levels`` (each level's budget and search settings),
so that the title, the saves and the setup screen name a level without importing the search and
the rules engines it brings (issue 29, item 5); ``levels`` builds its levels from this table.
"""

from __future__ import annotations

#: level name -> (label, description), easiest first
LEVEL_WORDS: dict[str, tuple[str, str]] = {
    "easy": ("Easy", "Thinks briefly and sometimes misses a plan; still grabs most free captures."),
    "medium": ("Medium", "A quick, sound player: takes what is offered and rarely blunders."),
    "hard": ("Hard", "Thinks about two seconds a move and sees traps a few moves deep."),
    "expert": ("Expert", "The longest thinker: up to five seconds a move."),
}

#: the levels that check their move tactically (``Level.tactics``) and the games where none does
#: (``Level.checks_in``; why Ncuva: ``levels``), kept beside the words so that the setup screen can
#: say where a level checks without importing the search; a test ties them to the levels
CHECKING_LEVELS: frozenset[str] = frozenset({"expert"})
UNCHECKED_GAMES: frozenset[str] = frozenset({"ncuva"})


def checks_in(level: str, game_id: str) -> bool:
    """Whether ``level`` checks its move for traps in the game ``game_id``."""
    return level in CHECKING_LEVELS and game_id not in UNCHECKED_GAMES
