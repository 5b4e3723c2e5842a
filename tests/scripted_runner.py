"""An analysis engine for the tests: it answers at once with the points a test gives it (the
``Runner`` protocol of ``game.match.analysis``)."""

from __future__ import annotations

from game.ai.analysis import Point


class Scripted:
    """An engine that answers at once with values given by the test."""

    def __init__(self, points: list[Point]) -> None:
        self.points, self.done, self.error = points, False, ""

    def poll(self) -> list[Point]:
        self.done = True
        return self.points

    def cancel(self) -> None:
        self.done = True
