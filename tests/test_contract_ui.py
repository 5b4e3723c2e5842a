"""The contract suite's front-end half, over every registered game (a game added later is covered
without editing this file): the chooser offers it with a drawn thumbnail, and a game is played to
its end through the play scene by synthetic clicks on the cells of each move, the panel
announcing every move and the game-over screen coming up with the rules' reason."""

from __future__ import annotations

import random

import pygame
import pytest

from game import settings as user_settings
from game.app import App
from game.boards import draw_thumbnail
from game.config import MatchConfig, Mode
from game.scenes.gameover import GameOverScene
from game.scenes.menu import MenuScene, default_start, playable_ids
from game.scenes.play import PlayScene
from rules import game_ids
from tools.scenarios import Mouse, click_move, pump, random_play, settle

GAME_IDS = game_ids()
CLICKED_PLIES = 40  # the last moves of a seeded game are played again by clicks
#: but 30 of Ncuva's: each sowing is many frames of stones settling (the game clicked from there has
#: 10 sowings, 3 of them capturing, and its end)
CLICKED_SOWINGS = 30
MAX_PLIES = 600  # a random game by clicks that has not ended by then is a failure


def test_the_registry_is_not_empty():
    assert len(GAME_IDS) >= 5


@pytest.fixture(scope="module")
def app():
    a = App((960, 600), sound=False)
    yield a
    a.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_chooser_offers_the_game_with_a_drawn_thumbnail(app, game_id):
    assert game_id in playable_ids()
    game, state = default_start(game_id)
    surface = pygame.Surface((180, 120), pygame.SRCALPHA)
    draw_thumbnail(surface, surface.get_rect(), game, state)
    assert pygame.mask.from_surface(surface).count() > 180 * 120 // 4  # something was drawn


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_is_played_to_the_end_by_clicks(app, game_id):
    user_settings.update(animation="fast")  # every move still animated and announced when it lands
    seed = 7
    length = random_play(game_id, seed, lambda s: False, max_plies=3000).ply
    clicked = CLICKED_SOWINGS if game_id == "ncuva" else CLICKED_PLIES
    state = random_play(game_id, seed, lambda s: s.ply >= max(0, length - clicked), max_plies=3000)
    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = PlayScene(app, MatchConfig(game_id, mode=Mode.PASS), state)
    app.manager.push(scene)
    app.frame([], 1 / 60)
    mouse = Mouse(app)
    rng = random.Random(seed)
    for _ in range(MAX_PLIES):  # bounded by plies, never by the clock
        if scene.match.state.outcome() is not None:
            break
        moves = scene.match.state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        before = scene.match.state.ply
        click_move(mouse, scene, move)
        assert scene.match.state.ply == before + 1, (
            f"{scene.match.state.move_text(move)} was not played: {scene.match.said.words}"
        )
        assert scene.match.state.history()[-1] == move
        settle(app, scene)
        assert (
            scene.match.log and scene.match.event.rstrip(".") == scene.match.log[-1].words
        )  # announced once it has landed
    assert scene.match.state.outcome() is not None, (
        f"{game_id}: no end in {MAX_PLIES} plies: {scene.match.state.to_text()}"
    )
    pump(app, 1.0, 0.1)
    top = app.manager.top
    assert isinstance(top, GameOverScene)
    assert scene.match.state.outcome().reason in scene.match.turn_text()
