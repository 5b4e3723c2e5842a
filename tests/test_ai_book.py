"""Opening books: the shipped books load and fit the rules, the levels play them with variety."""

from __future__ import annotations

import random

import pytest

from game.ai import book
from game.ai.levels import LEVELS
from game.ai.policy import LevelPlayer
from rules import load_game


def test_the_key_ignores_the_move_count_and_repetitions_but_not_the_options():
    state = load_game("kotu_ellima", limit="off").new_initial_state()
    key = book.position_key(state)
    assert "ply=" not in key and "rep=" not in key and "limit=off" in key
    other = load_game("kotu_ellima").new_initial_state()
    assert book.position_key(other) != key


@pytest.mark.parametrize("gid", book.WAR_GAMES)
def test_every_war_game_ships_a_book_of_legal_moves(gid):
    opening = book.book_for(gid)
    assert opening is not None and opening.game == gid
    assert "command" in opening.built and opening.built["depth"] >= 4
    start = load_game(gid).new_initial_state()
    assert opening.moves(start), "the start position is not in the book"
    # Every entry reachable from the start through book moves (and the other side's every move
    # in the plies the book explores) names legal moves only.
    frontier, reached = [(start, 0)], set()
    while frontier:
        state, ply = frontier.pop()
        key = book.position_key(state)
        if key not in opening.entries or key in reached:
            continue
        reached.add(key)
        raw = opening.entries[key]
        # Every entry as written, not only those ``moves`` keeps (it skips a stale one silently).
        assert len(opening.moves(state)) == len(raw), f"an entry of the book is not a legal move: {raw}"
        own = [move for move, weight in opening.moves(state) if weight >= 1 and move in state.legal_moves()]
        assert len(own) == len(raw)
        for move in own if ply >= opening.explore else state.legal_moves():
            child = state.copy()
            child.apply(move)
            frontier.append((child, ply + 1))
    assert reached == set(opening.entries)  # no entry is unreachable from the start


def test_an_illegal_entry_would_be_found():
    """The check above sees an entry that is not a legal move (``moves`` alone would hide it)."""
    state = load_game("sixteen_soldiers").new_initial_state()
    legal = state.move_text(state.legal_moves()[0])
    opening = book.Book("sixteen_soldiers", {book.position_key(state): [(legal, 2), ("a1-a9", 1)]}, {})
    assert len(opening.moves(state)) == 1 != len(opening.entries[book.position_key(state)])


def test_a_book_move_is_drawn_in_proportion_to_its_weight():
    state = load_game("sixteen_soldiers").new_initial_state()
    moves = [state.move_text(m) for m in state.legal_moves()[:2]]
    opening = book.Book("sixteen_soldiers", {book.position_key(state): [(moves[0], 3), (moves[1], 1)]}, {})
    rng = random.Random(1)
    picks = [state.move_text(opening.choose(state, rng)) for _ in range(400)]
    assert 0.65 < picks.count(moves[0]) / 400 < 0.85
    state.apply(state.legal_moves()[0])
    assert opening.choose(state, rng) is None  # out of the book


def test_a_stale_or_bad_book_entry_is_never_played():
    state = load_game("kotu_ellima").new_initial_state()
    opening = book.Book("kotu_ellima", {book.position_key(state): [("a1-a2", 5)]}, {})
    assert opening.moves(state) == [] and opening.choose(state, random.Random(1)) is None
    with pytest.raises(ValueError, match="format"):
        book.Book.from_json('{"format": "x"}')


def test_hard_plays_from_its_book_and_games_from_the_same_opening_differ():
    game = load_game("peralikatuma")
    level = LEVELS["hard"].capped(50)
    assert level.book
    lines = set()
    for seed in range(6):
        state = game.new_initial_state()
        player = LevelPlayer(level, random.Random(seed))
        line = []
        for _ in range(6):
            decision = player.choose(state)
            assert decision.iterations == 0  # from the book, no search
            line.append(state.move_text(decision.move))
            state.apply(decision.move)
        lines.add(tuple(line))
    assert len(lines) >= 3
