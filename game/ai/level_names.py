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
    "expert": ("Expert", "Thinks up to five seconds a move, then checks its move for traps further ahead."),
}
