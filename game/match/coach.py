"""What a lesson decides in the match it runs: the match asks its coach, where it has one, at
the few points where a lesson differs from a game (a lesson wraps a match, it is not one)."""

from __future__ import annotations

from typing import Protocol

from .routes import ClickResult


class Coach(Protocol):
    """What a lesson decides in the match it runs (``tutorials.lesson_match``): which clicks
    count, what follows a move once shown, when the match guides the player, and the help line.
    The lesson turns the board itself (``Match.face``), between its steps."""

    def takes_clicks(self) -> bool:
        """Clicks on the board count now (the lesson waits for a move)."""

    def allows(self, result: ClickResult, cell: int | None) -> bool:
        """The click's ``result`` may go on (False: the lesson refused it, and said why)."""

    def after_landing(self) -> bool:
        """The lesson takes over once the moves are shown (True), or the match guides as usual."""

    def lets_match_guide(self) -> bool:
        """The match's own guidance may be said now."""

    def help_text(self) -> str:
        """The help line for the lesson as it stands."""
