"""The lessons (game/tutorials) and their scene: every scripted move is legal where it stands,
each lesson completes by synthetic clicks on the real board, a wrong try is refused in words and
changes nothing, and Esc goes back to the chooser (or the rules screen the lesson came from)."""

import pygame
import pytest

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.rules_screen import RulesScene
from game.scenes.tutorial import TutorialScene
from game.tutorials import lesson_for, lesson_ids, replay
from game.tutorials.lesson import position
from game.tutorials.lesson_match import Stage
from rules import game_ids, load_state
from tools.scenarios import Mouse, click_move, pump, settle


@pytest.fixture(scope="module")
def app():
    a = App((1280, 800), sound=False)
    yield a
    a.close()


def open_lesson(app, game_id):
    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = TutorialScene(app, game_id)
    app.manager.push(scene)
    pump(app, 0.05)
    return scene


def test_every_game_has_a_lesson():
    assert set(lesson_ids()) == set(game_ids())


@pytest.mark.parametrize("game_id", lesson_ids())
def test_scripted_moves_are_legal(game_id):
    lesson = lesson_for(game_id)
    assert lesson.steps[0].position is not None
    assert replay(lesson) == []


def test_position_helper_reads_back():
    text = position("kotu_ellima", {"S": "d3", "N": "d4 a7"})
    state = load_state(text)
    assert state.to_text() == text
    with pytest.raises(ValueError):
        position("kotu_ellima", {"S": "z9"})


@pytest.mark.parametrize("game_id", lesson_ids())
def test_lesson_completes_by_clicks(app, game_id):
    mouse = Mouse(app)
    scene = open_lesson(app, game_id)
    for _ in range(len(scene.lesson.steps)):
        assert scene.stage == Stage.MOVE
        click_move(mouse, scene, scene.expected[0])
        settle(app, scene, 30)
        pump(app, 0.05)
        settle(app, scene, 30)
        assert scene.stage == Stage.AFTER, (game_id, scene.index, scene.feedback)
        assert not scene.feedback
        mouse.key(pygame.K_RETURN)
    assert scene.stage == Stage.DONE
    assert app.manager.top is scene  # a lesson ending a game shows no game-over box
    mouse.key(pygame.K_RETURN)
    assert isinstance(app.manager.top, MenuScene)


def test_wrong_move_is_refused_and_changes_nothing(app):
    mouse = Mouse(app)
    scene = open_lesson(app, "kotu_ellima")
    for _ in range(3):  # to the forced-capture step: g3 must jump, e1 may not step
        click_move(mouse, scene, scene.expected[0])
        settle(app, scene, 30)
        pump(app, 0.05)
        mouse.key(pygame.K_RETURN)
    assert scene.step.title == "Forced capture"
    before = scene.match.state.to_text()
    name = scene.match.state.game.point_index
    mouse.click(scene.board.pos(name("e1")))  # not a capture: the rules refuse it
    assert scene.match.state.to_text() == before and scene.feedback and scene.stage == Stage.MOVE


def test_legal_but_not_the_lesson_move_is_refused(app):
    mouse = Mouse(app)
    scene = open_lesson(app, "battlehalma")
    before = scene.match.state.to_text()
    name = scene.match.state.game.point_index
    mouse.click(scene.board.pos(name("g2")))  # a red counter with moves, but not the one marked
    assert scene.feedback.startswith("Not that one")
    assert scene.match.builder.path == ()
    mouse.click(scene.board.pos(name("f2")))
    mouse.click(scene.board.pos(name("f3")))  # legal, but the lesson asks for e3
    assert scene.match.state.to_text() == before and "Not that one" in scene.feedback
    assert scene.stage == Stage.MOVE and not scene.match.movers


def test_esc_returns_to_the_chooser(app):
    mouse = Mouse(app)
    open_lesson(app, "ncuva")
    mouse.key(pygame.K_ESCAPE)
    assert isinstance(app.manager.top, MenuScene)


def test_chooser_learn_key_and_rules_button(app):
    mouse = Mouse(app)
    app.manager.clear()
    menu = MenuScene(app, 5)
    app.manager.push(menu)
    pump(app, 0.05)
    mouse.key(pygame.K_l)
    scene = app.manager.top
    assert isinstance(scene, TutorialScene) and scene.lesson.game_id == menu.ids[5]
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is menu
    pump(app, 0.05)
    mouse.click(menu.learn_button.rect.center)
    assert isinstance(app.manager.top, TutorialScene)


def test_rules_screen_offers_the_tutorial(app):
    mouse = Mouse(app)
    app.manager.clear()
    app.manager.push(MenuScene(app))
    rules = RulesScene(app, "cows_leopards")
    app.manager.push(rules)
    pump(app, 0.05)
    mouse.click(rules.tutorial_button.rect.center)
    scene = app.manager.top
    assert isinstance(scene, TutorialScene)
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is rules


@pytest.mark.parametrize("game_id", lesson_ids())
def test_rules_diagrams_draw(app, game_id):
    from game.tutorials.diagrams import diagrams, render

    figures = diagrams(game_id)
    assert figures, "every game's rules screen has a diagram"
    for _, text, move in figures:
        surf = render(text, move, (240, 200))
        assert surf.get_bounding_rect().width > 100  # something was drawn
    app.manager.clear()
    app.manager.push(RulesScene(app, game_id))
    pump(app, 0.05)


def test_a_lesson_never_replaces_the_players_saved_game():
    from game import library
    from game.app import App
    from game.config import MatchConfig
    from game.scenes.tutorial import TutorialScene
    from rules import load_game
    from tools.scenarios import Mouse, click_move, settle

    state = load_game("kotu_ellima").new_initial_state()
    assert library.GameFile().save(MatchConfig("kotu_ellima"), state) == ""
    app = App((960, 600), sound=False)
    try:
        scene = TutorialScene(app, "ncuva")
        app.manager.push(scene)
        app.frame([], 1 / 60)
        click_move(Mouse(app), scene, scene.expected[0])
        settle(app, scene)
        games = library.scan().unfinished
        assert [g.config.game_id for g in games] == ["kotu_ellima"]
        assert "taken" not in scene.match.help_text()
    finally:
        app.close()
