"""An ending's result for each player, said once (``Outcome.score``, ``Outcome.value``,
``score_of``) and read the same way by the rules, the search and the analysis."""

from __future__ import annotations

import random

import pytest

from rules import game_ids, load_game
from rules.core import Outcome, score_of
from rules.kinds import EndCode


def test_a_win_a_loss_and_a_draw_for_each_player():
    won_by_first, won_by_second = Outcome(0, "", EndCode.TARGET), Outcome(1, "", EndCode.NO_MOVES)
    drawn = Outcome(None, "", EndCode.LIMIT)
    assert [won_by_first.score(p) for p in (0, 1)] == [1.0, 0.0]
    assert [won_by_second.score(p) for p in (0, 1)] == [0.0, 1.0]
    assert [drawn.score(p) for p in (0, 1)] == [0.5, 0.5]
    assert [won_by_first.value(), won_by_second.value(), drawn.value(), won_by_second.value(1)] == [
        1.0,
        -1.0,
        0.0,
        1.0,
    ]
    assert score_of(None, 0) == score_of(None, 1) == 0.5 and score_of(won_by_second, 1) == 1.0


@pytest.mark.parametrize("game_id", game_ids())
def test_a_finished_game_is_valued_by_its_result_everywhere(game_id):
    """At the end of seeded random games: the returns, the heuristic (player 0's side) and the
    ending's code agree with the outcome."""
    game = load_game(game_id)
    finished = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(rng)
        state.playout(rng, max_plies=3000)
        out = state.outcome()
        if out is None:
            continue
        finished += 1
        assert isinstance(out.code, EndCode)
        assert state.returns() == (out.score(0), out.score(1))
        assert state.heuristic() == out.value(0)
    assert finished, "no seeded game ended"
