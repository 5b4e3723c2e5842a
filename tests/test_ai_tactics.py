"""The levels' tactical check (issue 33, item 1): the analysis judge's search, forced replies and
capture chains not counted toward its depth, looks at the move the tree chose; one that loses a
piece or more by force against the judge's best is swapped for it. The recorded corpus of clean
blunders (each loses two or more within three plies; tests/data, certified by the naive
reference) gives moves it must catch and moves it must let stand."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.levels import LEVELS
from game.ai.policy import LevelPlayer
from rules import load_state
from tests.reference_material import corpus

GAMES = ("sixteen_soldiers", "peralikatuma", "kotu_ellima")
CHECKED = replace(LEVELS["hard"], tactics=4)  # the check four plies deep, whatever a level ships with


def entries(game_id: str, count: int = 3):
    return [r for r in corpus("blunders.txt") if r[0] == game_id][:count]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_recorded_blunder_is_swapped_for_a_move_that_keeps_the_pieces(game_id):
    player = LevelPlayer(CHECKED, random.Random(1))
    for _game, _seed, position, blunder, _safe, _units in entries(game_id):
        state = load_state(position)
        chosen = player._checked(state, state.parse_move(blunder))
        assert chosen != state.parse_move(blunder), (position, blunder)
        assert chosen in state.legal_moves()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_within_a_piece_of_the_best_is_let_stand_and_one_a_piece_worse_is_not(game_id):
    from game.ai.judge import Judge

    player = LevelPlayer(CHECKED, random.Random(1))
    level = player.level
    kept = swapped = 0
    for _game, _seed, position, _blunder, safe, _units in entries(game_id, 4):
        state = load_state(position)
        move = state.parse_move(safe)
        found = Judge(level.tactics_nodes).compare(state, [move], level.tactics)
        assert found is not None
        chosen = player._checked(state, move)
        if found.best_score - found.scores[move] < 1.0:
            assert chosen == move, (position, safe)
            kept += 1
        else:  # the "safe" move of three plies is a piece worse deeper: the best is played
            assert chosen == found.best, (position, safe)
            swapped += 1
    assert kept >= 2


@pytest.mark.parametrize("tactics", [0, 4])
def test_a_level_checks_its_move_only_when_it_asks_for_the_check(tactics):
    level = replace(LEVELS["hard"], seconds=None, iterations=60, book=False, tactics=tactics)
    player = LevelPlayer(level, random.Random(2))
    asked: list[object] = []
    player._checked = lambda state, move: asked.append(move) or move  # type: ignore[method-assign]
    state = load_state(entries("kotu_ellima", 1)[0][2])
    decision = player.choose(state)
    assert decision.move in state.legal_moves()
    assert asked == ([decision.move] if tactics else [])
