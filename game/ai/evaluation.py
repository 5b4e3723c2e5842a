"""A learned evaluation: each game's feature weights, fitted to self-play results and shipped as data.

``learned_evaluation(key, game)`` returns an ``Evaluator`` (``game.ai.evaluators``: ``evaluate(state)``
is a value in [-1, 1] from player 0's side, the scale of ``state.heuristic()``) when the game has a
weights file ``KEY.json`` in ``game/ai/weights/``, else None; which games use it, and under which key,
``game.ai.evaluators`` decides. The file is written by ``python -m training.train_eval`` (see there)
and read here; the search code knows no game.

The value is the logistic model's expected score ``2 * sigmoid(w . f + b) - 1``, then:

- **The move limit.** Within ``horizon`` plies of the no-capture limit the value slides linearly
  to what the limit would give (``state.move_limit()``): in the war games the side ahead wins,
  so a lead near the limit is nearly a win; in BattleHalma and the hunts the limit is a draw, so
  a lead melts away and the side ahead must make progress, while the side behind plays for time.
- **Repetition.** A position already seen twice (a third time draws) counts ``repetition`` times
  its value: the side ahead steers away from it, the side behind toward it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from rules.core import Game, State
from rules.recorded import RecordedState

from .features import FeatureFn, family_of

FORMAT = "keliya-eval-1"


@dataclass(frozen=True)
class Weights:
    """One game's fitted model, as stored in its JSON file."""

    key: str
    family: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    horizon: int  # plies before the limit over which the value slides to the limit's verdict
    repetition: float  # factor on the value of a position seen twice (repetition draws)
    trained: dict[str, Any]  # how it was made: command, seed, games, positions, losses

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "key": self.key,
            "family": self.family,
            "features": list(self.features),
            "weights": [round(w, 6) for w in self.weights],
            "bias": round(self.bias, 6),
            "horizon": self.horizon,
            "repetition": self.repetition,
            "trained": self.trained,
        }
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Weights:
        """Read a weights file; ValueError saying what is wrong with a bad one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"weights file is not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"weights file: expected format {FORMAT}")
        try:
            features = tuple(str(f) for f in data["features"])
            weights = tuple(float(w) for w in data["weights"])
            out = cls(
                str(data["key"]),
                str(data["family"]),
                features,
                weights,
                float(data["bias"]),
                int(data["horizon"]),
                float(data["repetition"]),
                dict(data.get("trained", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"weights file: missing or bad field ({exc})") from None
        if len(features) != len(weights):
            raise ValueError("weights file: one weight per feature expected")
        if out.horizon < 1:
            raise ValueError("weights file: horizon must be at least 1")
        return out


def linear_value(weights: Sequence[float], bias: float, features: Sequence[float]) -> float:
    """The model's value in [-1, 1] before the limit and repetition: 2 * sigmoid(z) - 1 = tanh(z/2)."""
    z = bias
    for w, x in zip(weights, features):
        z += w * x
    return math.tanh(0.5 * z)


def limit_adjusted(value: float, left: int, winner: int | None, horizon: int) -> float:
    """``value`` slid toward the limit's verdict (``winner``; None a draw) when ``left`` plies remain."""
    if left >= horizon:
        return value
    target = 0.0 if winner is None else (1.0 if winner == 0 else -1.0)
    return target + (value - target) * left / horizon


class LearnedEvaluation:
    """An ``Evaluator``: ``evaluate(state)`` in [-1, 1] from player 0's side, by one game's ``Weights``."""

    def __init__(self, weights: Weights, features: FeatureFn) -> None:
        self.model = weights
        self._features = features
        self._w = weights.weights
        self._b = weights.bias
        self._horizon = weights.horizon
        self._repetition = weights.repetition

    @property
    def name(self) -> str:
        return f"learned:{self.model.key}"

    def evaluate(self, state: State) -> float:
        out = state.outcome()
        if out is not None:
            return out.value()
        v = linear_value(self._w, self._b, self._features(state))
        limit = state.move_limit()
        if limit is not None and limit.left < self._horizon:
            v = limit_adjusted(v, limit.left, limit.winner, self._horizon)
        if isinstance(state, RecordedState) and state.repetitions() >= 2:
            v *= self._repetition
        return v


_loaded: dict[str, Weights | None] = {}


def load_weights(key: str) -> Weights | None:
    """The shipped weights called ``key``, or None when the game has none (read once)."""
    if key not in _loaded:
        path = resources.files("game.ai").joinpath("weights").joinpath(f"{key}.json")
        try:
            text = path.read_text(encoding="utf-8")
        except (FileNotFoundError, OSError):
            _loaded[key] = None
        else:
            _loaded[key] = Weights.from_json(text)
    return _loaded[key]


_evaluators: dict[str, LearnedEvaluation | None] = {}


def evaluation_from(weights: Weights, sample: State) -> LearnedEvaluation | None:
    """An evaluation by ``weights`` for the game of ``sample``; None if the weights were fitted
    to other features than this code computes (a stale file is never misread)."""
    family = family_of(sample)
    if family is None or family[0] != weights.family or tuple(family[1]) != weights.features:
        return None
    return LearnedEvaluation(weights, family[2])


def learned_evaluation(key: str, game: Game) -> LearnedEvaluation | None:
    """The shipped learned evaluation called ``key`` for ``game``, or None (made once per weights file)."""
    if key not in _evaluators:
        weights = load_weights(key)
        _evaluators[key] = None if weights is None else evaluation_from(weights, game.new_initial_state())
    return _evaluators[key]


def main() -> int:
    """Say which games have a learned evaluation and an opening book that load here (the
    standalone app's smoke test runs this inside the bundle)."""
    from rules import game_ids, load_game

    from .book import book_for
    from .evaluators import VARIANT_OPTION, learned_for, weights_key

    for gid in game_ids():
        option, values = VARIANT_OPTION.get(gid, ("", ()))
        variants: list[dict[str, str]] = [{option: value} for value in values] or [{}]
        for options in variants:
            game = load_game(gid, **options)
            learned = learned_for(game)
            if learned is not None:
                t = learned.model.trained
                print(
                    f"learned evaluation: {weights_key(game)} ({len(learned.model.features)} features, "
                    f"{t.get('positions', '?')} positions, loss {t.get('loss', '?')})"
                )
        book = book_for(gid)
        if book is not None:
            print(f"opening book: {gid} ({len(book.entries)} positions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
