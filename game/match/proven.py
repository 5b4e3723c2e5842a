"""The solved value of a position ("proven: Leopards win in 9") where a solved table knows it,
looked up once a position and again only when a new table has arrived; and the solver's notices
(a table being built or rebuilt), passed on to be said where the player looks."""

from __future__ import annotations

from rules import State


class ProvenValue:
    """What the table says of the position shown, in words (``words``; None where no table knows)."""

    def __init__(self) -> None:
        self.words: str | None = None
        self._asked: tuple[str, int] | None = None  # (position looked at, table generation) last asked about

    def forget(self) -> None:
        """A new position: look it up again when asked."""
        self.words, self._asked = None, None

    def look_up(self, state: State, looked_back: bool) -> str:
        """Look ``state`` up unless it was, with the same tables (``looked_back``: a past position,
        else the live one); returns the solver's notice, if it has one ('' if not)."""
        from ..ai import solver

        if solver.variant_of(state.game) is None:
            return ""
        asked = (state.to_text() if looked_back else "", solver.generation())
        if self._asked != asked:
            self._asked = asked
            self.words = solver.proven_value(state)
        return solver.take_notice()
