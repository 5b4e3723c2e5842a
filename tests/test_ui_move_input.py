"""Clicks become moves only through the rules: selection, targets, chains, stopping, huffs, drops,
and the reasons in words for refused clicks."""

import pickle
import random

from game.match.routes import Click, MoveBuilder
from rules import load_game
from rules.kinds import MoveKind
from rules.words import NOT_ALLOWED, Refused
from tools.scenarios import chain_position, free_chain_position, huff_position, random_play


def kotu():
    return load_game("kotu_ellima").new_initial_state(random.Random(0))


def test_select_shows_targets_and_a_second_click_moves():
    state = kotu()
    b = MoveBuilder(state)
    step = next(m for m in state.legal_moves())
    assert b.click(step.origin).kind == Click.SELECT
    assert step.target in b.targets()
    result = b.click(step.target)
    assert result.kind == Click.MOVE and result.move == step


def test_clicking_the_selected_piece_again_deselects():
    state = kotu()
    b = MoveBuilder(state)
    origin = state.legal_moves()[0].origin
    b.click(origin)
    assert b.click(origin).kind == Click.DESELECT and b.path == ()


def test_opponent_piece_is_refused_in_words():
    state = kotu()
    b = MoveBuilder(state)
    north = next(p for p, (owner, _) in state.pieces().items() if owner == 1)
    result = b.click(north)
    assert result.kind == Click.ILLEGAL and "North's" in result.reason


def test_forced_capture_is_explained():
    state = chain_position()
    b = MoveBuilder(state)
    capturers = b.capturers()
    own = [p for p, (o, _) in state.pieces().items() if o == state.to_move and p not in capturers]
    board = state.game.board
    free = next(p for p in own if any(q not in state.pieces() for q in board.adjacent[p]))
    result = b.click(free)
    assert result.kind == Click.ILLEGAL
    assert result.reason == "a capture is available: captures are forced"


def test_chain_is_built_jump_by_jump_and_completes_on_the_last_landing():
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    b = MoveBuilder(state)
    b.click(chain.path[0])
    for i, p in enumerate(chain.path[1:-1], start=1):
        assert b.captured_by(p) == [chain.captured[i - 1]]
        result = b.click(p)
        assert result.kind == Click.EXTEND
        assert b.path == chain.path[: i + 1]
        assert b.chain_captured() == list(chain.captured[:i])
        assert not b.can_stop()  # forced rule: the chain must go on
    result = b.click(chain.path[-1])
    assert result.kind == Click.MOVE and result.move == chain


def test_forced_chain_cannot_stop_early():
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    b = MoveBuilder(state)
    b.click(chain.path[0])
    b.click(chain.path[1])
    result = b.click(chain.path[1])
    assert result.kind == Click.ILLEGAL and "must go on" in result.reason
    assert b.stop().kind == Click.ILLEGAL


def test_free_chain_may_stop_after_one_jump():
    state = free_chain_position()
    long = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    b = MoveBuilder(state)
    b.click(long.path[0])
    assert b.click(long.path[1]).kind == Click.EXTEND
    assert b.can_stop()
    result = b.stop()
    assert result.kind == Click.MOVE and result.move.path == long.path[:2] and len(result.move.captured) == 1


def test_huff_is_a_click_on_the_marked_piece_and_can_be_declined():
    state = huff_position()
    b = MoveBuilder(state)
    huffs = b.removal_points()
    assert huffs
    target = min(huffs)
    b.decline_removals()
    assert b.removal_points() == set()
    assert b.click(target).kind == Click.ILLEGAL
    b.refresh()
    result = b.click(target)
    assert result.kind == Click.MOVE and result.move.kind == MoveKind.HUFF and result.move.path == (target,)


def test_drop_is_a_click_on_an_empty_point_and_a_piece_cannot_move_yet():
    state = random_play("cows_leopards", 0, lambda s: s.ply == 3)
    b = MoveBuilder(state)
    drops = b.drop_points()
    assert drops
    point = min(drops)
    result = b.click(point)
    assert result.kind == Click.MOVE and result.move.kind == MoveKind.DROP
    pieces = state.pieces()
    board = state.game.board
    cow = next(
        p
        for p, (o, _) in pieces.items()
        if o == state.to_move and any(q not in pieces for q in board.adjacent[p])
    )
    refused = b.click(cow)
    assert refused.kind == Click.ILLEGAL
    assert "cannot move until all are on the board" in refused.reason


def test_click_off_the_board_cancels_a_selection():
    state = kotu()
    b = MoveBuilder(state)
    b.click(state.legal_moves()[0].origin)
    assert b.click(None).kind == Click.DESELECT


def test_a_plain_refusal_mid_chain_says_where_the_chain_may_go(monkeypatch):
    """The rules' plain 'not allowed' is known by its code, not its English, and the builder
    says something better in the middle of a chain."""
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    b = MoveBuilder(state)
    b.click(chain.path[0])
    b.click(chain.path[1])
    away = next(
        c for c in range(len(state.game.layout.cells)) if c not in chain.path and c not in state.pieces()
    )
    assert "chain" not in b.click(away).reason  # the rules' own words ('... are not joined by a line')
    monkeypatch.setattr(state, "why_not_path", lambda path: NOT_ALLOWED)
    result = b.click(away)
    assert (
        result.kind == Click.ILLEGAL
        and result.reason == "from here the chain can only go on to a marked point"
    )
    assert isinstance(pickle.loads(pickle.dumps(NOT_ALLOWED)), Refused)  # it crosses to the AI process whole
