"""Looking back over a game without touching it: the position after any move of the history,
read-only, stepped through first / previous / next / last; and the turning points of a finished
game (the moves after which the evaluation swung most).

``Review`` works on copies of the live state: the game itself never changes while reviewed. The
board family draws a ``ReviewView`` exactly as it draws the live match (``game.match.read.BoardSource``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import Effect, Move, Note, State
from rules.kinds import Detail, NoteCode, Pieces

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
    note_codes: frozenset[NoteCode] = frozenset()
    suggestion: Move | None = None
    suggestion_effects: list[Effect] = field(default_factory=list)
    human_to_move: bool = False
    show_legal: bool = False
    stops_seen: frozenset[Detail] = frozenset()

    def __post_init__(self) -> None:
        self.builder = MoveBuilder(self.state)
        self.pieces_now = self.state.pieces()

    def side(self, player: int) -> str:
        return self.sides[player]


class Review:
    """Which past position is shown (None: the live game) and how to step through them.

    A move judged by the analysis is looked at from the position before it, with the engine's
    move marked: then ``ply`` is the position shown (the one before the move) and
    ``judged_ply`` the move the words and the move list name (``ply + 1``)."""

    def __init__(self) -> None:
        self.ply: int | None = None  # moves of the history shown; None: the game as it stands
        self.judged_ply: int | None = None  # the move looked at from before it (a slip), if any
        self.judged_best = ""  # the engine's move there, in notation (marked on the board)
        self._view: ReviewView | None = None

    @property
    def active(self) -> bool:
        return self.ply is not None

    @property
    def named_ply(self) -> int | None:
        """The move the look back is about: the judged move, else the last move shown."""
        return self.judged_ply if self.judged_ply is not None else self.ply

    def show(self, live: State, ply: int | None, sides: tuple[str, str]) -> None:
        """Show the position after ``ply`` moves of ``live``'s history (clamped); None: live."""
        total = len(live.history())
        self.judged_ply, self.judged_best = None, ""
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

    def judge(self, live: State, ply: int, best: str, sides: tuple[str, str]) -> None:
        """Look at move ``ply`` of ``live``'s history from the position before it, with ``best``
        (the engine's move there, in notation) marked on the board. ValueError if ``best`` is
        not a legal move there."""
        self.show(live, ply - 1, sides)
        view = self._view
        if view is None:
            return
        move = view.state.parse_move(best)
        view.suggestion, view.suggestion_effects = move, view.builder.effects(move)
        self.judged_ply, self.judged_best = ply, view.state.move_text(move)

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
