"""Looking back over a game without touching it: the position after any move of the history,
read-only, stepped through first / previous / next / last; and the turning points of a finished
game (the moves after which the evaluation swung most).

``Review`` works on copies of the live state: the game itself never changes while reviewed. The
board family draws a ``ReviewView`` exactly as it draws the live match (``game.match.read.BoardSource``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import Effect, Move, Note, State
from rules.kinds import Pieces

from .routes import MoveBuilder


@dataclass
class ReviewView:
    """A past position as the board families read a match: nothing moves, nothing is offered."""

    state: State
    last_move: Move | None
    last_effects: list[Effect]
    sides: tuple[str, str]
    last_mover: int | None = None
    builder: MoveBuilder = field(init=False)
    pieces_now: Pieces = field(init=False)
    notes: list[Note] = field(default_factory=list)
    note_codes: frozenset[str] = frozenset()
    suggestion: Move | None = None
    suggestion_effects: list[Effect] = field(default_factory=list)
    human_to_move: bool = False
    show_legal: bool = False
    stops_seen: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.builder = MoveBuilder(self.state)
        self.pieces_now = self.state.pieces()

    def side(self, player: int) -> str:
        return self.sides[player]


class Review:
    """Which past position is shown (None: the live game) and how to step through them."""

    def __init__(self) -> None:
        self.ply: int | None = None  # moves of the history shown; None: the game as it stands
        self._view: ReviewView | None = None

    @property
    def active(self) -> bool:
        return self.ply is not None

    def show(self, live: State, ply: int | None, sides: tuple[str, str]) -> None:
        """Show the position after ``ply`` moves of ``live``'s history (clamped); None: live."""
        total = len(live.history())
        if ply is None or ply >= total:
            self.ply, self._view = None, None
            return
        ply = max(0, ply)
        past = live.copy()
        for _ in range(total - ply):
            past.undo()
        last = past.history()[-1] if ply else None
        effects: list[Effect] = []
        mover: int | None = None
        if last is not None:
            before = past.copy()
            before.undo()
            effects, mover = before.effects(last), before.to_move
        self.ply = ply
        self._view = ReviewView(past, last, effects, sides, mover)

    @property
    def view(self) -> ReviewView | None:
        return self._view


def turning_points(state: State, count: int = 3) -> list[tuple[int, float]]:
    """(ply, swing) of the moves after which the evaluation changed most, biggest first: the
    moments a finished game turned. The evaluation is the game's own ``heuristic`` (player 0's
    view, in [-1, 1]). The last move is left out: it is on the board already, and its swing is
    only the result being counted."""
    replay = state.copy()
    moves = replay.history()
    for _ in moves:
        replay.undo()
    values = [replay.heuristic()]
    for move in moves:
        replay.apply(move)
        values.append(replay.heuristic())
    swings = [(i + 1, abs(values[i + 1] - values[i])) for i in range(len(moves) - 1)]
    swings.sort(key=lambda ps: (-ps[1], ps[0]))
    return [(ply, swing) for ply, swing in swings[:count] if swing > 0]
