"""The position editor's model (``game.match.editor``), without a window: every game's start
round-trips through its text, placing and removing changes the text, and a position the rules
cannot accept is refused with the loader's own reason (the same as pasted text gets)."""

from __future__ import annotations

import random

import pytest

from game.match.editor import PositionEditor
from rules import PositionError, game_ids, load_game, load_state
from rules.kinds import PieceKind
from rules.words import words_of
from tools.scenarios import finished

VARIANTS = [(gid, {}) for gid in game_ids()] + [
    ("hat_diviyan_keliya", {"board": "large"}),
    ("battlehalma", {"rule": "terminal", "size": 10, "counters": 15}),
    ("ncuva", {"columns": 6, "first": "south"}),
    ("sixteen_soldiers", {"limit": "off", "capture": "huff"}),
]


def loader_says(text: str) -> str:
    """Why ``rules.load_state`` refuses ``text`` (what a pasted text is told)."""
    with pytest.raises(PositionError) as refused:
        load_state(text)
    return str(words_of(refused.value))


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=[f"{g}-{len(o)}" for g, o in VARIANTS])
def test_the_start_round_trips_through_the_text(game_id, options):
    game = load_game(game_id, **options)
    start = game.new_initial_state(random.Random(0))
    editor = PositionEditor(game)
    verdict = editor.check()
    assert verdict.playable, verdict.reason
    assert verdict.state is not None and verdict.state.to_text() == start.to_text()
    assert load_state(editor.text()).to_text() == start.to_text()
    again = PositionEditor.from_text(editor.text())
    assert again.text() == editor.text()


@pytest.mark.parametrize("game_id", [g for g in game_ids() if g != "ncuva"])
def test_placing_and_removing_a_piece_changes_the_text(game_id):
    editor = PositionEditor(load_game(game_id))
    empty = next(c for c in editor.cells if c not in editor.board)
    before = editor.text()
    editor.choose(1)
    editor.put(empty)
    assert editor.board[empty] == editor.paints[1].char
    assert editor.text() != before
    assert editor.pieces()[empty][0] == 1
    editor.put(empty)  # the same piece again takes it off
    assert editor.text() == before
    editor.put(empty)
    editor.take(empty)  # as a right-click does
    assert editor.text() == before
    with pytest.raises(ValueError):
        editor.put(max(editor.cells) + 1000)  # no point of the board


def test_a_side_with_too_many_pieces_is_refused_with_the_loaders_reason():
    editor = PositionEditor(load_game("kotu_ellima"))
    editor.choose(0)
    for cell in editor.cells:
        if cell not in editor.board:
            editor.put(cell)
    verdict = editor.check()
    assert not verdict.playable and verdict.state is None
    assert verdict.reason == loader_says(editor.text())
    assert "25 pieces" in str(verdict.reason)
    editor.reset()
    assert editor.check().playable


def test_a_battlehalma_army_larger_than_the_option_allows_is_refused():
    editor = PositionEditor(load_game("battlehalma", counters=3))
    red = sum(1 for ch in editor.board.values() if ch == "r")
    assert red == 3
    editor.choose(0)
    editor.put(next(c for c in editor.cells if c not in editor.board))
    verdict = editor.check()
    assert verdict.reason == loader_says(editor.text())
    assert "4 pieces" in str(verdict.reason)


def test_a_battlehalma_counter_on_the_enemy_corner_must_be_a_king():
    game = load_game("battlehalma")
    editor = PositionEditor(game)
    assert [p.kind for p in editor.paints] == [PieceKind.COUNTER] * 2 + [PieceKind.KING] * 2
    editor.clear()
    editor.choose(1)
    editor.put(0)  # a blue counter (and so the game goes on: a side left without pieces has lost)
    editor.choose(0)
    corner = game.point_index("a8")
    editor.put(corner)  # a red counter on Blue's corner
    assert "crowned" in str(editor.check().reason)
    editor.choose(2)
    editor.put(corner)  # the red king instead
    assert editor.check().playable, editor.check().reason
    assert [p.kind for p in PositionEditor(load_game("battlehalma", rule="terminal")).paints] == [
        PieceKind.COUNTER
    ] * 2


def test_ncuva_stones_more_than_a_side_has_are_refused_and_its_stores_follow_the_board():
    editor = PositionEditor(load_game("ncuva"))
    hole = editor.cells[0]  # a4, on North's outer row (the rows run top down)
    editor.take(hole)
    assert editor.stores() == (1, 0)  # a stone missing from North's rows: South took it
    assert editor.side_stones() == ((13, 13), (12, 13))  # on its rows, of what it started with
    assert editor.check().playable
    editor.put(hole)
    editor.put(hole)
    verdict = editor.check()
    assert not verdict.playable and verdict.reason == loader_says(editor.text())
    editor.clear()
    assert "no stones" in str(editor.check().reason)


def test_the_side_to_move_and_the_counters_are_written_and_checked():
    editor = PositionEditor(load_game("cows_leopards"))
    assert [(c.field, c.slot, c.value, c.most) for c in editor.counters] == [
        ("hands", 0, 2, 2),
        ("hands", 1, 16, 16),
        ("quiet", -1, 0, 60),
    ]
    editor.set_turn(1)
    assert "turn=C" in editor.text()
    verdict = editor.check()  # the leopards drop first: with both in hand it cannot be the cows' turn
    assert verdict.reason == loader_says(editor.text())
    editor.nudge(editor.counters[0], -1)
    assert "hands=1/16" in editor.text()
    assert "found 0 + 1" in str(editor.check().reason)  # one leopard is neither in hand nor down
    editor.put(next(c for c in editor.cells if c not in editor.board))
    assert editor.check().playable, editor.check().reason
    editor.choose(0)
    editor.put(next(c for c in editor.cells if c not in editor.board))
    assert "hands=0/16" in editor.text()  # a leopard placed comes out of the hand it must be in
    editor.set_turn(0)
    editor.nudge(editor.counters[2], 500)
    assert editor.counters[2].value == 60  # held to the limit
    assert "quiet=60" in editor.text() and not editor.check().playable


def test_a_finished_position_is_read_but_cannot_be_played():
    state = finished("kotu_ellima", 3)
    editor = PositionEditor(state.game, state)
    verdict = editor.check()
    assert verdict.state is not None and not verdict.playable
    assert "already over" in str(verdict.reason)


def test_a_game_played_some_moves_opens_as_its_position():
    from tools.scenarios import random_play

    state = random_play("sixteen_soldiers", 0, lambda s: s.ply >= 12)
    editor = PositionEditor(state.game, state)
    assert editor.ply == 12 and editor.turn == state.to_move
    assert load_state(editor.text()).pieces() == state.pieces()


def test_other_rules_options_keep_the_position_where_the_board_is_the_same():
    editor = PositionEditor(load_game("kotu_ellima"))
    editor.take(next(iter(editor.board)))
    editor.set_turn(1)
    editor.nudge(editor.counters[0], 15)
    longer = editor.with_options({"limit": 40, "capture": "huff"})
    assert longer.board == editor.board and longer.turn == 1
    assert longer.counters[0].value == 15 and longer.counters[0].most == 40
    assert "capture=huff" in longer.text() and longer.check().playable
    shorter = longer.with_options({"limit": 20})
    assert shorter.counters[0].value == 15  # within the new limit, kept
    halma = PositionEditor(load_game("battlehalma"))
    wider = halma.with_options({"size": 10, "counters": 15})
    assert wider.text() == PositionEditor(load_game("battlehalma", size=10, counters=15)).text()
    terminal = halma.with_options({"rule": "terminal"})  # the same board: no kings under this rule
    assert len(terminal.paints) == 2 and terminal.board == halma.board
