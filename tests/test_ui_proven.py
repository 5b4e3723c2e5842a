"""The proven value under the turn box (Hat Diviyan Keliya, where the game is solved): shown once
the table is there, never for an unsolved game, and hidden and shown again with V."""

import pygame
import pytest

from game.ai import solver
from game.app import App
from game.config import Controller, MatchConfig, Mode
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from rules import load_game


@pytest.fixture
def app():
    a = App((1280, 800), sound=False)
    yield a
    a.close()


def start(app, game_id):
    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = PlayScene(app, MatchConfig(game_id, mode=Mode.PASS))
    app.manager.push(scene)
    app.frame([], 1 / 60)
    return scene


V_KEY = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v")


def test_the_proven_value_is_hidden_until_asked_and_v_shows_and_hides_it(app):
    """It would give the game away: hidden at first when a person plays; V shows it."""
    solver.install(solver.build(load_game("hat_diviyan_keliya")))
    scene = start(app, "hat_diviyan_keliya")
    assert scene.match.proven_line() is None
    app.frame([V_KEY], 1 / 60)
    app.frame([], 1 / 60)
    assert scene.match.proven_line() == "proven: Leopards win in 14"
    app.frame([V_KEY], 1 / 60)
    assert scene.match.proven_line() is None
    assert start(app, "kotu_ellima").match.proven_line() is None


def test_against_the_computer_it_is_hidden_but_shown_when_looking_back(app):
    from tools.scenarios import random_play

    solver.install(solver.build(load_game("hat_diviyan_keliya")))
    state = random_play("hat_diviyan_keliya", 2, lambda s: s.ply >= 4)
    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = PlayScene(app, MatchConfig("hat_diviyan_keliya", mode=Mode.PASS), state)
    scene.match.controllers[1] = Controller.COMPUTER
    app.manager.push(scene)
    app.frame([], 1 / 60)
    assert scene.match.proven_line() is None
    scene.match.review_at(0)
    app.frame([], 1 / 60)
    assert scene.match.proven_line() == "proven: Leopards win in 14"  # the start, looked at
    scene.match.review_at(None)
    app.frame([], 1 / 60)
    assert scene.match.proven_line() is None


def test_the_play_scene_asks_once_a_position_and_again_when_a_table_arrives(app, monkeypatch):
    """While the table is missing the scene does not ask every frame (each ask could start a
    loader); a table installed later is used at once, and the solver's notice is said."""
    calls = []
    monkeypatch.setattr(solver, "proven_value", lambda state: calls.append(state.ply))
    monkeypatch.setattr(
        solver, "_notices", ["Hat Diviyan Keliya's solved table is being built in the background."]
    )
    scene = start(app, "hat_diviyan_keliya")
    app.frame([V_KEY], 1 / 60)  # the player asks to see it
    for _ in range(30):
        app.frame([], 1 / 60)
    assert calls == [0] and "being built" in scene.match.said.words
    solver.install(solver.build(load_game("hat_diviyan_keliya")))
    for _ in range(5):
        app.frame([], 1 / 60)
    assert calls == [0, 0]
