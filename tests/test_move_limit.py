"""``State.move_limit()``: what the no-capture limit would do, agreeing with the outcome it gives."""

from __future__ import annotations

import random

import pytest

from rules import load_game
from rules.core import LimitView
from rules.kinds import EndCode

# (game, options, random games to play): enough that some of them end at the limit
GAMES = [
    ("sixteen_soldiers", {}, 12),
    ("peralikatuma", {}, 12),
    ("kotu_ellima", {}, 12),
    ("cows_leopards", {}, 40),
    ("battlehalma", {}, 12),
]


@pytest.mark.parametrize("gid,options,games", GAMES)
def test_the_limit_view_counts_down_to_the_outcome_it_names(gid, options, games):
    rng = random.Random(5)
    game = load_game(gid, **options)
    limit_endings = 0
    for _ in range(games):
        state = game.new_initial_state(rng)
        while True:
            view = state.move_limit()
            assert isinstance(view, LimitView)
            assert view.left == game.limit - state.quiet_plies
            out = state.outcome()
            if out is not None:
                if out.code == EndCode.LIMIT:
                    limit_endings += 1
                    assert view.left == 0 and view.winner == out.winner
                break
            state.apply(rng.choice(state.legal_moves()))
    assert limit_endings, "no random game ran into the limit: the check checked nothing"


def test_the_war_limit_names_the_side_with_more_pieces():
    from positions import war_state

    state = war_state("kotu_ellima", "e3 a5", "e7")
    assert state.move_limit() == LimitView(20, 0)
    state = war_state("kotu_ellima", "e3", "e7 a5", turn="N")
    assert state.move_limit() == LimitView(20, 1)
    state = war_state("kotu_ellima", "e3", "e7")
    assert state.move_limit() == LimitView(20, None)


def test_no_limit_no_view():
    assert load_game("kotu_ellima", limit="off").new_initial_state().move_limit() is None
    assert load_game("battlehalma", limit="off").new_initial_state().move_limit() is None
