"""What scores a position for the searches: one protocol, one factory (issue 31).

As in OpenSpiel's MCTS, where the tree search is handed an ``Evaluator`` rather than knowing how
positions are valued, the searches here take an ``Evaluator``: the MCTS scores its cut-off
playouts, its finished-for-now leaves and the implicit minimax backups with it, and its root
screen's alpha-beta; the analysis judge takes its positional share from it. Unlike OpenSpiel's,
an evaluator here gives one number, from player 0's side, in [-1, 1] (1: player 0 wins), the
scale of ``State.heuristic()``; the random playouts stay the search's own (a setting of the search,
``SearchConfig.cutoff``), and so do the ways the search turns the value into a reward (sharpened,
relative to the root: ``SearchConfig.sharpness``, ``relative``), since the root screen reads the
value unsharpened. No evaluator gives priors: the searches order moves by ``State.move_gain``, and
progressive bias was measured and dropped (benchmarks/RESULTS.md, issue 12).

``evaluator_for(game, kind)`` is the one place that decides which evaluation a game gets:

- ``"heuristic"``: the game's own ``state.heuristic()`` (Easy, Medium, the hint, the analysis judge);
- ``"learned"``: the game's learned evaluation where one is shipped and fits this code's features
  (``game.ai.evaluation``), else its heuristic (training, tuning);
- ``"tuned"``: per game or variant, what the strong levels (Hard, Expert) were measured to play best
  with (``TUNED_EVALUATION``), and per side where a game's sides differ (``TUNED_BY_SIDE``);
- ``"generic"``: the rules' generic material count (``State.heuristic`` of the base class), for tuning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from rules.core import Game, State

from .evaluation import LearnedEvaluation, learned_evaluation

EvaluationKind = Literal["heuristic", "learned", "tuned", "generic"]
KINDS: tuple[EvaluationKind, ...] = ("heuristic", "learned", "tuned", "generic")


class Evaluator(Protocol):
    """Scores a position for a search."""

    @property
    def name(self) -> str:
        """What it is, for people and for the helper processes' trees (one tree per evaluator)."""
        ...

    def evaluate(self, state: State) -> float:
        """``state``'s value from player 0's side, in [-1, 1] (1: player 0 wins, 0: even); a
        finished game its result."""
        ...


@dataclass(frozen=True)
class HeuristicEvaluator:
    """The game's own heuristic (``state.heuristic()``: material, and what each game adds)."""

    name: str = "heuristic"

    def evaluate(self, state: State) -> float:
        return state.heuristic()


@dataclass(frozen=True)
class FunctionEvaluator:
    """Any function of a state on the same scale (tuning, tests)."""

    function: Callable[[State], float]
    name: str = "function"

    def evaluate(self, state: State) -> float:
        return self.function(state)


HEURISTIC = HeuristicEvaluator()
GENERIC = FunctionEvaluator(State.heuristic, "generic")

#: games whose variants value different things, so that each has its own weights file (and tuned
#: settings): the option that tells them apart, and its values (BattleHalma's promotion game is
#: drawn between sound players, its terminal game a race)
VARIANT_OPTION: dict[str, tuple[str, tuple[str, ...]]] = {"battlehalma": ("rule", ("promotion", "terminal"))}

#: the evaluation of the strong levels ("tuned"), per game or variant (keyed like ``weights_key``);
#: the rest score with their heuristic. Measured against alpha-beta (benchmarks/RESULTS.md, issue 22):
#: BattleHalma's promotion game lets a lead melt near the limit and on a repeated position. The war
#: games have weights too but scored 5 to 16 points below their material count with them, so they
#: keep it. So does Cows and Leopards, on both sides (issue 33): the learned Cows never built the
#: pen (0-10-0 where the material Cows went 6-4-0 against alpha-beta), and side by side at equal
#: time the learned Leopards lost 12 of 20 games to Hard's Cows where the material Leopards lost 3
#: (scores 22.5% and 42.5%; benchmarks/RESULTS.md, "Issue 33, continued").
TUNED_EVALUATION: dict[str, EvaluationKind] = {
    "battlehalma-promotion": "learned",
}
#: where the side a strong level plays changes what it should score with (keyed like
#: ``TUNED_EVALUATION``, then by player). None now: the one game that had it, Cows and Leopards,
#: measured better with the material count on both sides (above). Tested with tables of the tests'
#: own, for a game whose sides want different evaluations.
TUNED_BY_SIDE: dict[str, dict[int, EvaluationKind]] = {}


def weights_key(game: Game) -> str:
    """``game``'s key for its weights file and its per-game settings: the game id, and for a game
    in ``VARIANT_OPTION`` the variant too (``battlehalma-promotion``)."""
    variant = VARIANT_OPTION.get(game.id)
    if variant is None:
        return game.id
    return f"{game.id}-{game.options[variant[0]]}"


def learned_for(game: Game) -> LearnedEvaluation | None:
    """The shipped learned evaluation for ``game``, or None (no weights file, or a stale one)."""
    return learned_evaluation(weights_key(game), game)


def tuned_kind(game: Game, side: int | None = None) -> EvaluationKind:
    """What "tuned" is in ``game`` for a level playing ``side`` (None: either side)."""
    key = weights_key(game)
    by_side = TUNED_BY_SIDE.get(key) or TUNED_BY_SIDE.get(game.id) or {}
    if side is not None and side in by_side:
        return by_side[side]
    return TUNED_EVALUATION.get(key) or TUNED_EVALUATION.get(game.id) or "heuristic"


def evaluator_for(game: Game, kind: EvaluationKind = "heuristic", side: int | None = None) -> Evaluator:
    """The evaluation of ``kind`` (see the module's text) for ``game``, for a search playing
    ``side`` (None: either): every per-game and per-side choice is here."""
    if kind == "tuned":
        kind = tuned_kind(game, side)
    if kind == "learned":
        learned = learned_for(game)
        return learned if learned is not None else HEURISTIC
    if kind == "generic":
        return GENERIC
    if kind == "heuristic":
        return HEURISTIC
    raise ValueError(f"unknown evaluation '{kind}' (evaluations: {', '.join(KINDS)})")
