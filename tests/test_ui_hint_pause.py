"""The hint (the engine's move for the side to move, shown on the board) and the pause of
computer-against-computer games, driven by synthetic keys under SDL's dummy video driver."""

import time

import pygame
import pytest

from game.app import App
from game.config import PASS_AND_PLAY, WATCH, MatchConfig
from game.scenarios import Mouse, chain_position, click_move, pump
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from rules import JUMP


@pytest.fixture
def app():
    a = App((1280, 800), sound=False)
    yield a
    a.close()


def start(app, config, state=None):
    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = PlayScene(app, config, state)
    app.manager.push(scene)
    app.frame([], 1 / 60)
    return scene


def wait_for(app, condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        app.frame([], 1 / 60)
        time.sleep(0.005)
    return condition()


def test_hint_marks_a_legal_move_and_goes_when_a_move_is_played(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    state = chain_position()
    scene = start(app, MatchConfig("kotu_ellima", mode=PASS_AND_PLAY, iterations=200), state)
    assert scene.hint_button.visible
    Mouse(app).key(pygame.K_h)
    assert wait_for(app, lambda: scene.suggestion is not None)
    hint = scene.suggestion
    assert hint in scene.state.legal_moves()
    assert hint.kind == JUMP  # captures are forced here: the hint must be one
    assert scene.state.move_text(hint) in scene.message
    app.frame([], 1 / 60)
    assert not scene.hint_button.visible  # shown on the board instead
    click_move(Mouse(app), scene, scene.state.legal_moves()[0])
    assert scene.suggestion is None


def test_hint_is_dropped_by_undo_while_it_is_computed(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    scene = start(app, MatchConfig("kotu_ellima", mode=PASS_AND_PLAY, iterations=50_000))
    click_move(Mouse(app), scene, scene.state.legal_moves()[0])
    pump(app, 1.0)
    Mouse(app).key(pygame.K_h)
    assert scene.adviser.thinking
    Mouse(app).key(pygame.K_u)
    assert not scene.adviser.thinking and scene.suggestion is None
    pump(app, 0.5)
    assert scene.suggestion is None


def test_watch_mode_pauses_and_resumes(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    cfg = MatchConfig("hat_diviyan_keliya", mode=WATCH, level="easy", min_pause=0.0, iterations=30)
    scene = start(app, cfg)
    assert not scene.hint_button.visible
    Mouse(app).key(pygame.K_p)
    assert scene.paused
    ply = scene.state.ply
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        app.frame([], 1 / 30)
        time.sleep(0.01)
    assert scene.state.ply == ply
    Mouse(app).key(pygame.K_p)
    assert not scene.paused
    assert wait_for(app, lambda: scene.state.ply >= ply + 2)
