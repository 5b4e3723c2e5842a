"""The proven value under the turn box (Hat Diviyan Keliya, where the game is solved): shown once
the table is there, never for an unsolved game, and hidden and shown again with V."""

import pygame
import pytest

from game.ai import solver
from game.app import App
from game.config import PASS_AND_PLAY, MatchConfig
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
    scene = PlayScene(app, MatchConfig(game_id, mode=PASS_AND_PLAY))
    app.manager.push(scene)
    app.frame([], 1 / 60)
    return scene


def test_the_proven_value_shows_and_v_hides_it(app):
    solver.install(solver.build(load_game("hat_diviyan_keliya")))
    scene = start(app, "hat_diviyan_keliya")
    assert scene.proven_line() == "proven: Leopards win in 14"
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v")], 1 / 60)
    assert scene.proven_line() is None
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v")], 1 / 60)
    assert scene.proven_line() == "proven: Leopards win in 14"
    assert start(app, "kotu_ellima").proven_line() is None
