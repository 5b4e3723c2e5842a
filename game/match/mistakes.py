"""Learn from your mistakes (issue 32, item 2): after a game's analysis, each mistake and blunder
of the players at the board as a position to solve, "find a better move". A move tried is judged
by the same judge as the analysis (``game.ai.line`` asks it in a process of its own): one the
judge calls good (as good as the best, or near enough not to be a slip) solves it. A hint names
where the better move starts; the answer marks it on the board and says what the move played
allowed (the engine's best line after it). No pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

from rules import Effect, Move, Note, State, load_state
from rules.kinds import BoardKind, Detail, EffectKind, NoteCode, Pieces
from rules.words import Words

from .analysis import VERDICT_NAMED, GameAnalysis, Verdict, judge_point, slip_words
from .events import SILENT, Played, Said, Tone
from .numbering import move_label, turn_numbers
from .routes import Click, MoveBuilder

if TYPE_CHECKING:
    from ..ai.analysis import Point


class Judging(Protocol):
    """What the drill asks of the engine (``game.ai.line.LineEngine``; a script in tests)."""

    points: list[Point]
    judged: tuple[Point, str, int] | None
    done: bool
    error: str

    def ask_try(self, position: str, move: str) -> None: ...

    def poll(self) -> bool: ...

    def close(self) -> None: ...


class Exercise(NamedTuple):
    """A slip to solve: move ``ply`` (1: the first) by ``mover``, ``played`` where ``best`` was
    better, from ``position`` (the text of the position before it)."""

    ply: int
    mover: int
    position: str
    played: str
    best: str
    verdict: Verdict
    cost: str  # what the slip cost, in words ('it lost 2 pieces by force')
    label: str  # its number as the move list writes it ('12…')


def exercises(analysis: GameAnalysis, state: State, players: set[int]) -> list[Exercise]:
    """The mistakes and blunders of ``players`` in ``state``'s game, in the order played."""
    start = state.copy()
    history = state.history()
    for _ in history:
        start.undo()
    positions, movers = [], []
    replay = start.copy()
    for move in history:
        positions.append(replay.to_text())
        movers.append(replay.to_move)
        replay.apply(move)
    labels = [move_label(n, m) for n, m in zip(turn_numbers(movers), movers)]
    stones = _stones(state)
    sides = state.game.sides
    out = []
    for j in analysis.judgements():
        k = j.ply - 1
        if (
            j.mover in players
            and j.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
            and j.best
            and 0 <= k < len(positions)
        ):
            out.append(
                Exercise(
                    j.ply,
                    j.mover,
                    positions[k],
                    analysis.moves[k],
                    j.best,
                    j.verdict,
                    slip_words(j, sides[j.mover], stones),
                    labels[k],
                )
            )
    return out


class MistakeDrill:
    """The exercises one by one, and everything the board reads of the one being solved."""

    def __init__(
        self, items: list[Exercise], sides: tuple[str, str], engine_factory: Callable[[], Judging]
    ) -> None:
        self.items = items
        self.sides = sides
        self._engine_factory = engine_factory
        self._engine: Judging | None = None  # started when a move is first judged (a process)
        self.index = 0
        self.solved: set[int] = set()  # exercises solved without being shown the answer
        self.events: list[Played] = []
        self.notes: list[Note] = []
        self.note_codes: frozenset[NoteCode] = frozenset()
        self.stops_seen: frozenset[Detail] = frozenset()
        self.show_legal = True
        self.said: Said = SILENT
        self._open(0)

    # --- the exercise shown -----------------------------------------------------------------------
    @property
    def item(self) -> Exercise:
        return self.items[self.index]

    @property
    def finished(self) -> bool:
        """Every exercise was met (the last solved or its answer shown)."""
        return self.index == len(self.items) - 1 and (self.done_here or not self.items)

    def _open(self, index: int) -> None:
        self.index = index
        self.tries = 0
        self.hinted = False
        self.shown = False  # the answer was shown
        self.done_here = False  # solved, or the answer shown
        self.judging: str = ""  # the move being judged, in notation
        self.answer_line = ""  # what the move played allowed (the best line after it)
        self.state = load_state(self.item.position)
        self.builder = MoveBuilder(self.state)
        self.pieces_now: Pieces = self.state.pieces()
        self.last_move: Move | None = None
        self.last_effects: list[Effect] = []
        self.last_mover: int | None = None
        self.suggestion: Move | None = None
        self.suggestion_effects: list[Effect] = []
        self.said = SILENT
        self.events.clear()

    @property
    def human_to_move(self) -> bool:
        return not self.done_here and not self.judging

    def side(self, player: int) -> str:
        return self.sides[player]

    def prompt(self) -> str:
        """What to do here: 'Move 12…: North played f6-e5, a blunder (it lost 2 pieces by force).
        Find a better move.'"""
        it = self.item
        return Words(
            "Move {label} {side} played {move}, {verdict}: {cost}. Find a better move.",
            label=it.label,
            side=self.side(it.mover),
            move=it.played,
            verdict=VERDICT_NAMED[it.verdict],
            cost=it.cost,
        )

    # --- trying a move --------------------------------------------------------------------------------
    def click(self, cell: int | None) -> None:
        if not self.human_to_move:
            return
        result = self.builder.click(cell)
        if result.kind == Click.MOVE and result.move is not None:
            self.try_move(result.move)
        elif result.kind == Click.ILLEGAL:
            self.said = Said(result.reason, Tone.WARN)

    def cancel_selection(self) -> None:
        self.builder.cancel()

    def try_move(self, move: Move) -> None:
        """``move`` (legal here) tried: the better move itself solves it at once, the move played
        is refused, any other is judged by the engine (``tick`` takes the verdict)."""
        text = self.state.move_text(move)
        self.builder = MoveBuilder(self.state)
        if text == self.item.best:
            self._solved(text)
        elif text == self.item.played:
            self.tries += 1
            self.said = Said(Words("{move} is the move played: find a better one.", move=text), Tone.WARN)
        else:
            self.judging = text
            self.said = Said(Words("Judging {move}…", move=text), Tone.INFO)
            self.engine.ask_try(self.item.position, text)

    @property
    def engine(self) -> Judging:
        if self._engine is None:
            self._engine = self._engine_factory()
        return self._engine

    def tick(self) -> None:
        """Take the engine's verdict on a move tried, or the line the answer shows (never waits)."""
        if self._engine is None or not self._engine.poll():
            return
        if self.engine.error:
            self.judging = ""
            self.said = Said(Words("The engine stopped: {problem}", problem=self.engine.error), Tone.WARN)
            return
        if self.judging and self.engine.judged is not None:
            point, played, forces = self.engine.judged
            judged = judge_point(point, played, forces)
            tried, self.judging = self.judging, ""
            if judged.verdict == Verdict.GOOD:
                self._solved(tried)
            else:
                self.tries += 1
                self.said = Said(
                    Words(
                        "{move} is no better: {cost}. Try again, or H for a hint.",
                        move=tried,
                        cost=slip_words(judged, self.side(self.state.to_move), _stones(self.state)),
                    ),
                    Tone.WARN,
                )
        elif self.shown and self.engine.points:
            self.answer_line = " ".join(p.best for p in self.engine.points if p.best)

    def _solved(self, text: str) -> None:
        self.done_here = True
        if not self.shown:
            self.solved.add(self.index)
        move = self.state.parse_move(text)
        before, mover, effects = self.state.pieces(), self.state.to_move, self.state.effects(move)
        self.state.apply(move)
        self.builder = MoveBuilder(self.state)
        self.pieces_now = self.state.pieces()
        self.last_move, self.last_effects, self.last_mover = move, effects, mover
        self.events.append(Played(move, mover, effects, text, before, 0, text))
        best = "" if text == self.item.best else Words(" (the computer's own: {best})", best=self.item.best)
        self.said = Said(Words("{move}: a better move, well found{best}.", move=text, best=best), Tone.GOOD)

    def hint(self) -> None:
        """Where the better move starts (no move judged is lost by asking)."""
        if self.done_here:
            return
        self.hinted = True
        move = self.state.parse_move(self.item.best)
        first = self.state.effects(move)[0].kind if len(move.path) == 1 else None
        if first == EffectKind.PLACE:  # every move may be a drop: the row narrows it down
            row = _point_name(self.state, move.path[0]).lstrip("abcdefghijklmnopqrstuvwxyz")
            words = Words("Hint: the better move places a piece from hand in row {row}.", row=row)
        elif first is not None:
            words = Words.counted(
                "Hint: the better move sows {n} stone.",
                "Hint: the better move sows {n} stones.",
                self.state.counts().get(move.path[0], 0),
            )
        else:
            words = Words(
                "Hint: the better move starts from {point}.", point=_point_name(self.state, move.path[0])
            )
        self.said = Said(words, Tone.HINT)

    def show_answer(self) -> None:
        """The better move marked on the board, and what the move played allowed (found next)."""
        if self.shown:
            return
        if self.done_here:  # found already: the computer's own move, from the position again
            self.state = load_state(self.item.position)
            self.builder = MoveBuilder(self.state)
            self.pieces_now = self.state.pieces()
            self.last_move, self.last_effects, self.last_mover = None, [], None
        self.shown, self.done_here, self.judging = True, True, ""
        move = self.state.parse_move(self.item.best)
        self.suggestion, self.suggestion_effects = move, self.state.effects(move)
        self.engine.ask_try(self.item.position, self.item.played)
        self.said = Said(
            Words("The better move: {best} (marked on the board).", best=self.item.best), Tone.HINT
        )

    def next(self) -> bool:
        """The next exercise (False: this was the last)."""
        if self.index + 1 >= len(self.items):
            return False
        self._open(self.index + 1)
        return True

    def summary(self) -> str:
        return Words(
            "You found a better move for {solved} of {total} slips.",
            solved=len(self.solved),
            total=len(self.items),
        )

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None


def _stones(state: State) -> bool:
    return state.game.layout.kind == BoardKind.HOLES


def _point_name(state: State, cell: int) -> str:
    return next((c.name for c in state.game.layout.cells if c.index == cell), str(cell))
