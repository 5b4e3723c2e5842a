"""A game looked over with the engine: the value of every position (the graph), and each move
judged by how much of the expected result it gave away — an inaccuracy, a mistake or a blunder,
with the move the engine preferred. The engine runs in a process of its own
(``game.ai.analysis``); this keeps what it has found and says what it means. No pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

from rules import Move, State
from rules.kinds import Code
from rules.words import N_, N_counted, Words, listing

from .words import agreeing

if TYPE_CHECKING:
    from ..ai.analysis import Point


class Verdict(Code):
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


class Lines(NamedTuple):
    """Where each verdict begins (measured: RESULTS.md, "The analysis judge")."""

    #: the share of the expected result a move gives away, from which it is called each
    #: (lichess's own scale works on winning chances the same way)
    value: tuple[tuple[float, Verdict], ...] = (
        (0.30, Verdict.BLUNDER),
        (0.20, Verdict.MISTAKE),
        (0.10, Verdict.INACCURACY),
    )
    #: an expected result this high (or this low, from 1) is a decided game: a move there is a
    #: slip only when it changes the result or throws pieces away
    decided: float = 0.9
    #: material lost by force (pieces, or stones) that makes a move a mistake in an open game,
    #: whatever the expected result says ...
    material: float = 0.75
    #: ... and in a decided one (two pieces, less the heuristic's share)
    material_decided: float = 1.75
    #: the share of the mover's forces whose loss makes it a blunder
    forces_share: float = 1 / 3


LINES = Lines()
THRESHOLDS = LINES.value
SEVERITY = (Verdict.GOOD, Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)
EPS = 1e-9  # a value exactly on a line counts as over it (0.60 - 0.50 is 0.0999... in floating point)
COUNTED = {
    Verdict.BLUNDER: N_counted("{n} blunder", "{n} blunders"),
    Verdict.MISTAKE: N_counted("{n} mistake", "{n} mistakes"),
    Verdict.INACCURACY: N_counted("{n} inaccuracy", "{n} inaccuracies"),
}
#: each verdict in words, as a move is called
VERDICT_WORDS = {
    Verdict.BLUNDER: N_("blunder"),
    Verdict.MISTAKE: N_("mistake"),
    Verdict.INACCURACY: N_("inaccuracy"),
    Verdict.GOOD: N_("good move"),
}
MARKS = {Verdict.BLUNDER: "??", Verdict.MISTAKE: "?", Verdict.INACCURACY: "?!", Verdict.GOOD: ""}


class Slip(Code):
    """Why a move was called what it was (the words and the tests decide on this, never on text)."""

    NONE = "none"  # the best move, the only move, or nothing given away that counts
    RESULT = "result"  # it changed the game's result (a won game drawn or lost, a drawn one lost)
    MATERIAL = "material"  # it lost pieces (or stones) by force when a move losing fewer existed
    VALUE = "value"  # it gave away a share of the expected result, without a material loss


class Judgement(NamedTuple):
    """Move ``ply`` (1: the first) by ``mover``: how much it gave away and what was best.

    ``before`` and ``after`` are the mover's expected result with the best move and with the move
    played (0..1, the same search); ``loss`` is the difference; ``lost`` the material the move gave
    away by force against the best move, in the game's units (pieces, or stones in Ncuva)."""

    ply: int
    mover: int
    loss: float
    verdict: Verdict
    best: str  # the engine's move in that position ('' when it is the move played)
    before: float = 0.5
    after: float = 0.5
    lost: float = 0.0
    why: Slip = Slip.NONE
    choices: int = (
        0  # the legal moves the mover had (1: a forced move, left out of the accuracy; 0: not known)
    )

    @property
    def kept(self) -> float:
        """What the move kept of the expected result: all of it less the share it gave away
        against the best move (``loss``, the share the verdicts are called by: a move that gives
        away 30% keeps 70%); the engine's own move keeps all of it."""
        if not self.best:
            return 1.0
        return max(0.0, min(1.0, 1.0 - (self.before - self.after)))


class Runner(Protocol):
    done: bool
    error: str

    def poll(self) -> list[Point]: ...

    def cancel(self) -> None: ...


def judge_move(
    before: float, after: float, lost: float, forces: int, lines: Lines = LINES
) -> tuple[Verdict, Slip]:
    """A move that is not the engine's, judged by what it gave away: the mover's expected result
    with the best move (``before``) and with it (``after``), the material it lost by force
    against the best move (``lost``), and what the mover had to play with (``forces``)."""

    def result(value: float) -> int:  # 1: won, -1: lost, 0: open (or a draw)
        return 1 if value >= lines.decided - EPS else -1 if value <= 1 - lines.decided + EPS else 0

    was, now = result(before), result(after)
    by_value = next((v for limit, v in lines.value if before - after >= limit - EPS), Verdict.GOOD)
    # The result given away (a game lost, or a won game let go), by a real drop, not a step over
    # the line: at least a mistake, a blunder when it loses the game or gives away that much.
    if now < was and by_value != Verdict.GOOD:
        return max(
            Verdict.BLUNDER if now == -1 else Verdict.MISTAKE, by_value, key=SEVERITY.index
        ), Slip.RESULT
    decided = was == now != 0
    # Pieces lost by force: a mistake in an open game; in a decided one, a clean blunder's two
    # pieces or more are still worth a player's knowing.
    if lost >= (lines.material_decided if decided else lines.material) - EPS:
        big = forces > 0 and lost >= max(2.0, forces * lines.forces_share) - EPS
        by_material = Verdict.BLUNDER if big else Verdict.MISTAKE
        return (by_material if decided else max(by_material, by_value, key=SEVERITY.index)), Slip.MATERIAL
    if decided:  # decided before and after, nothing much lost: no slip, whatever the values say
        return Verdict.GOOD, Slip.NONE
    return by_value, (Slip.NONE if by_value == Verdict.GOOD else Slip.VALUE)


def judge_point(point: Point, played: str, forces: int, lines: Lines = LINES) -> Judgement:
    """The move ``played`` (notation) from the position ``point`` values, by a mover who had
    ``forces`` to play with. The engine's own move, or the only move, is no slip whatever the
    values say."""
    value_played = point.value if point.played is None else point.played
    best = "" if point.best == played else point.best
    lost = (
        point.score - point.played_score
    )  # below zero (it kept more than the best line): no slip by material
    if not best or point.choices == 1:
        verdict, why = Verdict.GOOD, Slip.NONE
    else:
        verdict, why = judge_move(point.value, value_played, lost, forces, lines)
    return Judgement(
        point.ply + 1,
        point.to_move,
        max(0.0, point.value - value_played),
        verdict,
        best,
        point.value,
        value_played,
        lost if why == Slip.MATERIAL else 0.0,
        why,
        point.choices,
    )


def look_at_one(state: State, move: Move, budget: int | None = None) -> tuple[Point, str, int]:
    """``move`` in ``state`` as a game's analysis sees it, searched here and now: the position's
    point, the move in notation and what the mover had (``judge_point``'s arguments)."""
    from ..ai.analysis import budget_for, value_position
    from ..ai.judge import Judge

    judge = Judge(budget if budget is not None else budget_for(state.game.id))
    return value_position(state, move, judge), state.move_text(move), state.forces(state.to_move)


class GameAnalysis:
    """The engine's view of one game, filling in as its process reports (``poll``)."""

    def __init__(
        self, state: State, runner_factory: Callable[[str, list[str]], Runner] | None = None
    ) -> None:
        start = state.copy()
        for _ in state.history():
            start.undo()
        replay = start.copy()
        self.moves: list[str] = []
        self.forces: list[int] = []  # what the mover had to play with before each move
        for move in state.history():
            self.moves.append(replay.move_text(move))
            self.forces.append(replay.forces(replay.to_move))
            replay.apply(move)
        self.total = len(self.moves) + 1  # positions to value
        self.points: list[Point] = []
        self._judged: tuple[int, tuple[Judgement, ...]] = (-1, ())  # judgements() of so many points
        if runner_factory is None:
            from ..ai.analysis import AnalysisRunner

            runner_factory = AnalysisRunner
        self.runner = runner_factory(start.to_text(), self.moves)

    @property
    def done(self) -> bool:
        return self.runner.done

    @property
    def error(self) -> str:
        return self.runner.error

    @property
    def progress(self) -> float:
        return len(self.points) / self.total

    def poll(self) -> bool:
        """Take what the engine found since last time; True if anything arrived."""
        found = self.runner.poll()
        self.points.extend(found)
        return bool(found)

    def cancel(self) -> None:
        self.runner.cancel()

    # --- what it means ---------------------------------------------------------------------------
    def value_for(self, player: int, point: Point) -> float:
        return point.value if point.to_move == player else 1.0 - point.value

    def graph(self, player: int) -> list[float]:
        """The expected result for ``player`` (the side the graph is shown from) after each move,
        the start first."""
        return [self.value_for(player, p) for p in self.points]

    def judgements(self) -> list[Judgement]:
        """Every move whose position before and after are both valued (judged once: the panel
        asks every frame, and the points only grow)."""
        if self._judged[0] == len(self.points):
            return list(self._judged[1])
        out = []
        for before, after in zip(self.points, self.points[1:]):
            mover = before.to_move
            played = self.moves[before.ply]
            value_played = before.played if before.played is not None else self.value_for(mover, after)
            forces = self.forces[before.ply]  # a position with one after it had a move played from it
            out.append(
                judge_point(before._replace(played=value_played), played, forces)._replace(ply=after.ply)
            )
        self._judged = (len(self.points), tuple(out))
        return out

    def judgement(self, ply: int) -> Judgement | None:
        return next((j for j in self.judgements() if j.ply == ply), None)

    def accuracy(self, player: int) -> float | None:
        """``player``'s accuracy: the share of the expected result kept, on average over their
        moves that had a choice (``Judgement.kept``); None before any such move is judged."""
        return accuracy(self.judgements(), player)

    def summary(self, names: tuple[str, str], first: int = 0) -> str:
        """What the engine found, player by player, ``names[p]`` naming player p and ``first``
        named first: 'South: 83% accuracy, 1 blunder, 2 mistakes; North: 97% accuracy, no slip.',
        'You: 91% accuracy, 1 mistake; the computer: 99% accuracy, no slip.'"""
        parts = []
        judged = self.judgements()
        for player in (first, first ^ 1):
            found = [j for j in judged if j.mover == player and j.verdict != Verdict.GOOD]
            counts = [(v, sum(j.verdict == v for j in found)) for _, v in THRESHOLDS]
            words: list[str] = [Words.counted(*COUNTED[v], n) for v, n in counts if n] or [N_("no slip")]
            share = accuracy(judged, player)
            if share is not None:
                words.insert(0, Words("{share} accuracy", share=percent(share)))
            parts.append(Words("{side}: {slips}", side=names[player], slips=listing(words)))
        return Words(
            "Looked over. {first}; {second}. Click a mark to see what was best.",
            first=parts[0],
            second=parts[1],
        )

    def turning_points(self, count: int = 3) -> list[int]:
        """The moves after which the expected result swung most (either side's: a swing is as
        big from both)."""
        values = self.graph(0)
        swings = sorted(
            ((abs(values[i + 1] - values[i]), i + 1) for i in range(len(values) - 1)), reverse=True
        )
        return sorted(ply for swing, ply in swings[:count] if swing > 0)


def accuracy(judged: list[Judgement], player: int) -> float | None:
    """The share of the expected result ``player`` kept, on average over their judged moves that
    had a choice (a forced move says nothing of the player); None if there is none."""
    kept = [j.kept for j in judged if j.mover == player and j.choices != 1]
    return sum(kept) / len(kept) if kept else None


def percent(share: float) -> str:
    """A share as a whole percentage, never rounded up to 100% unless it is (99.6% kept is 99%)."""
    whole = int(share * 100 + EPS)
    return f"{whole}%"


class Standing(Code):
    """Where the mover stood, as the judge decides a result was given away (``Lines.decided``)."""

    WON = "won"
    OPEN = "open"  # still to be decided (or a draw)
    LOST = "lost"


def standing(value: float) -> Standing:
    """The mover's standing at an expected result ``value``, by the judge's own line
    (``Lines.decided``)."""
    decided = LINES.decided
    return Standing.WON if value >= decided else Standing.LOST if value <= 1 - decided else Standing.OPEN


#: a slip that changed the result, by what it turned into what
RESULT_WORDS = {
    (Standing.WON, Standing.OPEN): N_("it let a won game slip away"),
    (Standing.WON, Standing.LOST): N_("it turned a won game into a lost one"),
    (Standing.OPEN, Standing.LOST): N_("it turned an undecided game into a lost one"),
}
#: each verdict as the words name a move ('a mistake')
VERDICT_NAMED = {
    Verdict.BLUNDER: N_("a blunder"),
    Verdict.MISTAKE: N_("a mistake"),
    Verdict.INACCURACY: N_("an inaccuracy"),
    Verdict.GOOD: N_("a good move"),
}


def slip_words(judged: Judgement, side: str, stones: bool) -> str:
    """What a slip by ``side`` cost, in a player's words, by why it was called one
    (``Judgement.why``): the result it changed ('it turned a won game into a lost one'), the
    pieces it lost by force ('it lost 2 pieces by force'; ``stones``: the game counts stones,
    Ncuva) or the share of the expected result it gave away ('it dropped North's chances from
    62% to 45%')."""
    if judged.why == Slip.RESULT:
        return RESULT_WORDS.get(
            (standing(judged.before), standing(judged.after)), N_("it changed the game's result")
        )
    lost = round(judged.lost)
    if judged.why == Slip.MATERIAL and lost >= 1:
        if stones:
            return Words.counted("it lost {n} stone by force", "it lost {n} stones by force", lost)
        return Words.counted("it lost {n} piece by force", "it lost {n} pieces by force", lost)
    if judged.after < judged.before:
        return agreeing(
            side,
            N_("it dropped {side}'s chances from {before} to {after}"),
            N_("it dropped {side}' chances from {before} to {after}"),
            before=f"{judged.before:.0%}",
            after=f"{judged.after:.0%}",
        )
    return Words("it gave away {share} of the expected result", share=f"{judged.loss:.0%}")
