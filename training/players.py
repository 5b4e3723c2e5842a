"""The players the arena and the tests match the levels against, and ``make_player``, which
names them all: a level (``game.ai.policy.LevelPlayer``, as the app plays it), ``random``,
``greedy``, ``alphabeta`` (``training.alphabeta``, the yardstick, at a clock) and ``alphabeta:N``
(the same search to exactly N plies, with no clock: a yardstick that is the same on every machine)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.ai.evaluators import TUNED_EVALUATION
from game.ai.levels import Level, level_named
from game.ai.policy import Decision, LevelPlayer, Player, biggest_capture
from rules.core import State

from .alphabeta import AlphaBetaPlayer


class RandomPlayer:
    """Uniformly random legal moves: the floor every level must beat."""

    def __init__(self, rng: random.Random) -> None:
        self.name = "random"
        self.rng = rng

    def choose(self, state: State, cancel: Callable[[], bool] | None = None) -> Decision:
        moves = state.legal_moves()
        return Decision(moves[self.rng.randrange(len(moves))] if moves else None, 0, 0.0)


class GreedyPlayer:
    """The biggest capture when there is one, else a random move: a one-ply opportunist."""

    def __init__(self, rng: random.Random) -> None:
        self.name = "greedy"
        self.rng = rng

    def choose(self, state: State, cancel: Callable[[], bool] | None = None) -> Decision:
        moves = state.legal_moves()
        if not moves:
            return Decision(None, 0, 0.0)
        return Decision(
            biggest_capture(state, moves, self.rng) or moves[self.rng.randrange(len(moves))], 0, 0.0
        )


NO_CHECK = "nocheck"  # ``LEVEL:nocheck``: the level with its tactical check off (what the check is worth)
CONTEMPT = "contempt"  # ``LEVEL:contempt``: the level valuing a drawn end below an even one (playing on)
CONTEMPT_VALUE = 0.1  # how far below: a tenth of a win
MATERIAL = "material"  # ``LEVEL:material``: the level scoring every side with the material count
RESOLVE = "resolve"  # ``LEVEL:resolve``: the level's new nodes valued once the captures in view are played
RESOLVE_PLIES = 4  # how deep that capture search goes
VARIANTS = (NO_CHECK, CONTEMPT, MATERIAL, RESOLVE)


def _every_config(level: Level, **changes: Any) -> Level:
    """``level`` with ``changes`` made to every search setting it has (its own and each game's)."""
    return replace(
        level,
        config=replace(level.config, **changes),
        per_game={g: replace(c, **changes) for g, c in level.per_game.items()},
    )


def fixed_depth(name: str) -> int | None:
    """N for a player named ``alphabeta:N`` (N from 1 to 12); None for any other name."""
    key, colon, depth = name.strip().lower().partition(":")
    if key != "alphabeta" or not colon:
        return None
    if not depth.isdigit() or not 1 <= int(depth) <= 12:
        raise ValueError(f"'{name}': alphabeta:N searches N plies, N from 1 to 12")
    return int(depth)


def make_player(
    name: str,
    rng: random.Random,
    iterations: int | None = None,
    scale: float | None = None,
    seconds: float | None = None,
    workers: int | None = None,
    clock: float | None = None,
) -> Player:
    """``random``, ``greedy``, ``alphabeta`` or a level name. For a level, ``iterations`` fixes
    its budget and ``scale`` multiplies its own iteration cap (both drop the clock); ``seconds``
    gives it that clock and lifts its cap (equal-time matches); ``clock`` plays it as in the app
    with its clock, cap and check times ``clock``; none: as in play; ``workers`` overrides its
    search processes, as does a name like ``expert@2`` (two processes).
    ``alphabeta`` thinks ``seconds`` a move (default: the Hard level's clock, times ``clock``);
    ``alphabeta:N`` searches N plies whatever the clocks; ``expert:nocheck`` is a level without its
    tactical check (the tree's move always stands); ``hard:contempt`` a level valuing a drawn end
    ``CONTEMPT_VALUE`` below an even result; ``hard:material`` a level scoring with the material
    count on every side, where its tuned evaluation is learned; ``hard:resolve`` a level whose tree
    values each new position once the captures in view are played out (``SearchConfig.resolve``)."""
    key, at, count = name.strip().lower().partition("@")
    if at:
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"'{name}': the number after @ is the search processes, at least 1")
        workers = int(count)
    if key == "random":
        return RandomPlayer(rng)
    if key == "greedy":
        return GreedyPlayer(rng)
    depth = fixed_depth(key)
    if depth is not None:
        fixed = AlphaBetaPlayer(math.inf, rng, max_depth=depth)
        fixed.name = f"alphabeta:{depth}"
        return fixed
    if key == "alphabeta":
        think = seconds if seconds is not None else level_named("hard").seconds
        think = think if think is not None else 1.0
        return AlphaBetaPlayer(think * (clock if clock and seconds is None else 1.0), rng)
    key, colon, variant = key.partition(":")
    if colon and variant not in VARIANTS:
        raise ValueError(
            f"'{name}': a level's variants are :{NO_CHECK}, the level without its tactical check, "
            f":{CONTEMPT}, the level valuing a draw {CONTEMPT_VALUE:g} below an even result, "
            f":{MATERIAL}, the level scoring with the material count on every side, and :{RESOLVE}, "
            f"the level valuing its tree's new positions once their captures are played out"
        )
    level = level_named(key)
    if variant == NO_CHECK:  # to measure what the check is worth: the same level, its tree's move kept
        level = replace(level, tactics=0, tactics_deepest=0)
    if variant == CONTEMPT:  # to measure a draw contempt: every config the level searches with
        level = _every_config(level, contempt=CONTEMPT_VALUE)
    if variant == RESOLVE:  # to measure capture-resolved values in the tree's minimax backups
        level = _every_config(level, resolve=RESOLVE_PLIES)
    if variant == MATERIAL:  # to measure a learned evaluation: the material count, with the settings
        # the level searches the material count with (those tuned for a learned evaluation dropped)
        level = replace(
            level,
            evaluation="heuristic",
            per_game={g: c for g, c in level.per_game.items() if TUNED_EVALUATION.get(g) != "learned"},
        )
    if workers is not None:
        level = level.with_workers(workers)
    if iterations:
        level = level.capped(iterations)
    elif scale:
        level = level.scaled(scale)
    elif seconds is not None:
        level = level.timed(seconds)
    elif clock:
        level = level.clocked(clock)
    return LevelPlayer(level, rng)
