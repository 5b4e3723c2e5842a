"""Move review never changes the live game; undo and redo across captures, drops, sowings and
phase changes; turning points of a finished game."""

from __future__ import annotations

import pygame
import pytest

from game.config import Controller, MatchConfig, Mode
from game.match.numbering import move_labels
from game.match.review import turning_points
from rules import load_state
from tools.scenarios import Mouse, click_move, random_play, settle, wait_until
from tools.scenarios import start_play as start


def replay_to(state, ply):
    past = state.copy()
    for _ in range(len(state.history()) - ply):
        past.undo()
    return past.to_text()


def test_reviewing_shows_past_positions_and_never_changes_the_game(app):
    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 12)
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS), state)
    live = scene.match.state.to_text()
    mouse = Mouse(app)
    app.frame([], 1 / 60)
    row, ply, _ = scene.plan.log_cells[-3]  # three moves back
    mouse.click(row.center)
    assert scene.match.review.active and scene.match.board_source.state.to_text() == replay_to(
        scene.match.state, ply
    )
    mouse.key(pygame.K_LEFT)
    assert scene.match.review.ply == ply - 1
    mouse.key(pygame.K_HOME)
    assert scene.match.review.ply == 0 and scene.match.board_source.state.to_text() == replay_to(
        scene.match.state, 0
    )
    mouse.key(pygame.K_RIGHT)
    assert scene.match.review.ply == 1
    assert scene.match.state.to_text() == live  # the game itself is untouched
    before = scene.match.state.ply
    mouse.click(scene.board.pos(scene.match.state.legal_moves()[0].origin))  # a click on the board...
    assert (
        not scene.match.review.active and scene.match.state.ply == before
    )  # ...returns to the game, plays nothing
    mouse.key(pygame.K_LEFT)
    mouse.key(pygame.K_END)
    assert not scene.match.review.active and scene.match.state.to_text() == live


def test_clicking_the_newest_move_in_the_list_is_the_game_itself(app):
    """The newest move's position is the game as it stands: a click on it (from a look back or
    not) shows the live board, where a move may be played, not a read-only copy of it."""
    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 12)
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS), state)
    mouse = Mouse(app)
    app.frame([], 1 / 60)
    newest = max(scene.plan.log_cells, key=lambda cell: cell[1])
    assert newest[1] == 12
    mouse.click(scene.plan.log_cells[-3][0].center)
    assert scene.match.review.active
    app.frame([], 1 / 60)
    mouse.click(next(rect for rect, index, _ in scene.plan.log_cells if index == 12).center)
    assert not scene.match.review.active
    click_move(mouse, scene, scene.match.state.legal_moves()[0])
    assert scene.match.state.ply == 13


@pytest.mark.parametrize(
    "game_id, stop",
    [
        ("kotu_ellima", lambda s: any(m.captured for m in s.legal_moves())),  # a capture
        ("cows_leopards", lambda s: s.ply >= 3),  # drops, then the phase change
        ("ncuva", lambda s: s.ply >= 2),  # sowings
        ("battlehalma", lambda s: s.ply >= 6),
    ],
)
def test_undo_then_redo_gives_the_same_game(app, game_id, stop):
    state = random_play(game_id, 2, stop)
    scene = start(app, MatchConfig(game_id, dict(state.game.options), Mode.PASS), state)
    mouse = Mouse(app)
    for _ in range(3):
        if scene.match.state.outcome() is not None:
            break
        moves = scene.match.state.legal_moves()
        click_move(mouse, scene, max(moves, key=scene.match.state.move_gain))
        settle(app, scene)
    after, history = scene.match.state.to_text(), scene.match.state.history()
    for _ in range(3):
        mouse.key(pygame.K_u)
    assert scene.match.state.ply == state.ply
    for _ in range(3):
        mouse.key(pygame.K_y, pygame.KMOD_CTRL)
        settle(app, scene)
    assert scene.match.state.to_text() == after and scene.match.state.history() == history
    assert not scene.match.can_redo


def test_a_new_move_ends_redo(app):
    scene = start(app, MatchConfig("hat_diviyan_keliya", mode=Mode.PASS))
    mouse = Mouse(app)
    click_move(mouse, scene, scene.match.state.legal_moves()[0])
    settle(app, scene)
    mouse.key(pygame.K_u)
    assert scene.match.can_redo
    click_move(mouse, scene, scene.match.state.legal_moves()[-1])
    settle(app, scene)
    assert not scene.match.can_redo


def test_against_the_computer_redo_replays_both_moves(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    scene = start(
        app,
        MatchConfig(
            "hat_diviyan_keliya", mode=Mode.COMPUTER, human_side=1, level="easy", min_pause=0.0, iterations=20
        ),
    )

    def play_on() -> None:
        if scene.match.human_to_move and not scene.busy:
            click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
        app.frame([], 1 / 30)

    wait_until(lambda: scene.match.state.ply >= 3, between=play_on)
    settle(app, scene)
    while scene.match.computer.opponent.thinking:
        app.frame([], 1 / 30)
    text = scene.match.state.to_text()
    Mouse(app).key(pygame.K_u)
    assert scene.match.human_to_move
    Mouse(app).key(pygame.K_y, pygame.KMOD_CTRL)
    settle(app, scene)
    assert scene.match.state.to_text() == text


def test_turning_points_are_the_biggest_swings():
    """A capture and then quiet moves: the capture is the one turning point (the game goes on
    after it, so the check is reached)."""
    state = load_state("kotu_ellima; board=N../.../......./......./..SN...../......./......./.../..S; turn=S")
    state.play(next(m for m in state.legal_moves() if m.captured))  # North loses one of its two
    for _ in range(3):
        assert state.outcome() is None
        state.play(next(m for m in state.legal_moves() if not m.captured))
    points = turning_points(state)
    assert len(state.history()) == 4 and all(ply < 4 for ply, _ in points)  # the last move is not listed
    assert points[0][0] == 1 and points[0][1] > 0
    assert all(swing < points[0][1] for _, swing in points[1:])


def test_the_turning_points_of_kotu_ellima_are_its_captures_biggest_first():
    """Its evaluation is the material: every capture but the last move's swings it, no quiet move
    does; the biggest swing first, equal ones in the order played."""
    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 14)
    captures = {ply for ply, move in enumerate(state.history(), start=1) if move.captured} - {
        len(state.history())
    }
    points = turning_points(state, 20)
    assert {ply for ply, _ in points} == captures and len(captures) >= 5
    assert all(swing > 0 for _, swing in points)
    biggest = max(captures, key=lambda ply: len(state.history()[ply - 1].captured))
    assert points[0][0] == biggest
    assert all(s1 > s2 or (s1 == s2 and p1 < p2) for (p1, s1), (p2, s2) in zip(points, points[1:]))
    assert max(captures) == len(state.history()) - 1  # the move before the last counts


def test_three_turning_points_unless_asked_for_more():
    from tools.scenarios import finished

    state = finished("kotu_ellima", 3)
    five = turning_points(state, 5)
    assert len(five) == 5 and turning_points(state) == five[:3]  # the game over screen lists three


def test_a_past_position_shows_the_move_that_led_there_and_who_made_it():
    """What the board draws of a past position: its last move marked with what it did, by whom,
    the sides named; the start has no last move; a position out of range is the start or the game."""
    from game.match.review import Review

    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 6)
    sides = state.game.sides
    review = Review()
    for ply in (0, -2):
        review.show(state, ply, sides)
        view = review.view
        assert review.active and review.ply == 0 and view is not None
        assert (view.last_move, view.last_effects, view.last_mover, view.sides) == (None, [], None, sides)
        assert view.state.to_text() == replay_to(state, 0)
    for ply in (1, 4):
        review.show(state, ply, sides)
        view = review.view
        before = load_state(replay_to(state, ply - 1))
        move = state.history()[ply - 1]
        assert review.ply == ply and view is not None and view.state.to_text() == replay_to(state, ply)
        assert (view.last_move, view.last_effects, view.last_mover) == (
            move,
            before.effects(move),
            before.to_move,
        )
        assert (view.side(0), view.side(1)) == sides and view.pieces_now == view.state.pieces()
    for ply in (None, 6, 9):
        review.show(state, ply, sides)
        assert not review.active and review.view is None and review.named_ply is None


def test_game_over_offers_turning_points_that_open_the_review(app):
    from game.scenes.gameover import GameOverScene
    from tools.scenarios import finished, pump

    scene = start(app, MatchConfig("kotu_ellima"), finished("kotu_ellima"))
    pump(app, 1.5, 0.1)
    over = app.manager.top
    assert isinstance(over, GameOverScene) and over.turns
    text = scene.match.state.to_text()
    Mouse(app).key(pygame.K_1)
    assert scene.match.review.active and over.peeking
    assert scene.match.state.to_text() == text


def test_looking_back_at_ncuva_puts_that_position_in_the_pits(app):
    state = random_play("ncuva", 6, lambda s: s.ply >= 6)
    scene = start(app, MatchConfig("ncuva", dict(state.game.options), Mode.PASS), state)
    scene.match.review_at(2)
    app.frame([], 1 / 60)
    assert scene.board.shown_counts() == scene.match.board_source.state.counts() != scene.match.state.counts()
    Mouse(app).key(pygame.K_END)
    app.frame([], 1 / 60)
    assert scene.board.shown_counts() == scene.match.state.counts()


def test_the_move_list_has_two_columns_and_keeps_the_move_looked_at_in_view(app):
    """Clicking move 2 of many keeps move 2 on screen, and the status line says what it did."""
    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 40)
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS), state)
    app.frame([], 1 / 60)
    cells = scene.plan.log_cells
    lefts = {rect.left for rect, index, _ in cells if scene.match.log[index - 1].mover == 0}
    rights = {rect.left for rect, index, _ in cells if scene.match.log[index - 1].mover == 1}
    assert len(lefts) == 1 and len(rights) == 1 and lefts != rights  # one column a side
    assert 2 not in [index for _, index, _ in cells]  # the first moves are scrolled out of view
    scene.match.review_at(2)
    app.frame([], 1 / 60)
    assert 2 in [index for _, index, _ in scene.plan.log_cells]
    label = move_labels([e.mover for e in scene.match.log])[1]  # as the move list numbers it: '1…'
    assert (
        scene.match.said.words.startswith(f"Move {label} — ")
        and scene.match.log[1].words in scene.match.said.words
    )
    rect = next(r for r, index, _ in scene.plan.log_cells if index == 2)
    Mouse(app).click(rect.center)  # clicking it keeps it in view too
    assert scene.match.review.ply == 2 and 2 in [index for _, index, _ in scene.plan.log_cells]
    Mouse(app).key(pygame.K_END)
    app.frame([], 1 / 60)
    assert 40 in [index for _, index, _ in scene.plan.log_cells]  # back to the newest


def test_a_reader_scrolled_back_is_not_pulled_down_by_the_computer(app):
    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 40)
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS), state)
    app.frame([], 1 / 60)
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=6, flipped=False)], 1 / 60)
    shown = [index for _, index, _ in scene.plan.log_cells]
    scene.match.controllers[scene.match.state.to_move] = Controller.COMPUTER  # as if the computer moved next
    scene.match.play(scene.match.state.legal_moves()[0])
    settle(app, scene)
    assert [index for _, index, _ in scene.plan.log_cells] == shown  # the rows read stay
    scene.match.controllers[scene.match.state.to_move] = Controller.HUMAN
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
    settle(app, scene)
    assert 42 in [index for _, index, _ in scene.plan.log_cells]  # the player moved: the newest again


def test_a_hint_while_looking_back_is_for_the_position_looked_at(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 12)
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS, iterations=150), state)
    scene.match.review_at(5)
    app.frame([], 1 / 60)
    Mouse(app).key(pygame.K_h)
    assert wait_until(
        lambda: scene.match.board_source.suggestion is not None,
        step=0.01,
        between=lambda: app.frame([], 1 / 60),
    ), "no hint came"
    past = scene.match.review.view
    assert past.suggestion in past.state.legal_moves() and scene.match.suggestion is None
    assert scene.look.suggestion == past.suggestion  # marked on the board looked at
