"""Setup rows that explain the chosen value, grey what does not apply and leave Enter to Start;
the game-over card's "See board" keeps Rematch at hand (issue 13)."""

import pygame
import pytest

from game.app import App
from game.config import MatchConfig, Mode
from game.scenes.coin import CoinTossScene
from game.scenes.gameover import GameOverScene
from game.scenes.play import PlayScene
from game.scenes.setup import SetupScene
from game.widgets import Selector
from rules import game_ids, game_spec
from tools.scenarios import Mouse, finished, pump


@pytest.fixture
def app():
    a = App((1280, 800), sound=False)
    yield a
    a.close()


def _setup(app, game_id: str) -> SetupScene:
    setup = SetupScene(app, game_id)
    app.manager.push(setup)
    app.frame([], 1 / 60)
    return setup


def _row(setup: SetupScene, name: str):
    return next(sel for n, sel in setup.options if n == name)


def test_help_follows_the_chosen_capture_rule(app):
    setup = _setup(app, "kotu_ellima")
    sel = _row(setup, "capture")
    seen = {}
    for _ in sel.choices:
        seen[sel.value] = sel.current_help
        sel.nudge(1)
    assert seen["forced"].startswith("Forced")
    assert seen["huff"].startswith("Huff") and "Forced" not in seen["huff"]
    assert seen["free"].startswith("Free")
    assert len(set(seen.values())) == 3


def test_option_help_of_falls_back_to_the_general_help():
    opt = game_spec("kotu_ellima").option("limit")
    assert opt.help_of("off").startswith("Off")
    assert opt.help_of(40) == opt.help and "plies" in opt.help


@pytest.mark.parametrize("game_id", game_ids())
def test_no_capture_limits_say_they_count_plies(game_id):
    spec = game_spec(game_id)
    for opt in spec.options:
        if opt.name == "limit":
            assert "plies" in opt.help
            assert all("plies" in opt.label_of(c) for c in opt.choices if c != "off")


def test_repetition_is_greyed_while_a_limit_is_on(app):
    setup = _setup(app, "kotu_ellima")
    limit, rep = _row(setup, "limit"), _row(setup, "threefold")
    limit.set_value(40)
    setup._refresh()
    assert not rep.enabled and "limit" in rep.current_help
    before = rep.value
    Mouse(app).click((rep.rect.right - 20, rep.rect.top + 20))
    assert rep.value == before  # a greyed row does not change
    limit.set_value("off")
    setup._refresh()
    assert rep.enabled


def test_tigers_win_at_is_greyed_on_the_standard_board(app):
    setup = _setup(app, "hat_diviyan_keliya")
    board, left = _row(setup, "board"), _row(setup, "large_left")
    assert board.value == "standard" and not left.enabled
    Mouse(app).click((board.rect.right - 20, board.rect.top + 20))
    assert board.value == "large" and left.enabled


def test_enter_starts_the_game_after_clicking_an_arrow(app):
    setup = _setup(app, "kotu_ellima")
    sel = _row(setup, "capture")
    before = sel.value
    Mouse(app).click((sel.rect.right - 20, sel.rect.top + 20))
    after = sel.value
    assert after != before
    Mouse(app).key(pygame.K_RETURN)
    assert sel.value == after  # Enter did not change the row again
    assert isinstance(app.manager.top, (PlayScene, CoinTossScene))
    assert app.manager.top.match.config.options["capture"] == after


def test_space_still_changes_a_row_chosen_with_the_keyboard(app):
    setup = _setup(app, "kotu_ellima")
    sel = _row(setup, "capture")
    setup.focus.focus(sel)
    before = sel.value
    Mouse(app).key(pygame.K_SPACE)
    assert sel.value != before and app.manager.top is setup


def _finished_play(app) -> PlayScene:
    scene = PlayScene(
        app, MatchConfig("hat_diviyan_keliya"), finished("hat_diviyan_keliya")
    )  # with its history
    app.manager.push(scene)
    pump(app, 1.0, 0.1)
    assert isinstance(app.manager.top, GameOverScene)
    return scene


def test_rematch_after_see_board_by_key(app):
    scene = _finished_play(app)
    over = app.manager.top
    Mouse(app).key(pygame.K_ESCAPE)  # See board
    assert app.manager.top is over and over.peeking
    pump(app, 0.2, 0.1)
    Mouse(app).key(pygame.K_r)
    fresh = app.manager.top
    assert isinstance(fresh, PlayScene) and fresh is not scene and fresh.match.state.ply == 0


def test_rematch_after_see_board_by_click_and_review_still_works(app):
    scene = _finished_play(app)
    over = app.manager.top
    Mouse(app).click(over.review.rect.center)
    assert over.peeking
    Mouse(app).key(pygame.K_HOME)  # passed on to the play scene: look at the start
    assert scene.match.review.active and scene.match.review.ply == 0
    Mouse(app).key(pygame.K_END)
    Mouse(app).click(over.strip_rematch.rect.center)
    fresh = app.manager.top
    assert isinstance(fresh, PlayScene) and fresh is not scene and fresh.match.state.ply == 0


def test_undo_after_see_board_puts_the_game_back_in_play(app):
    scene = _finished_play(app)
    Mouse(app).key(pygame.K_ESCAPE)
    Mouse(app).click(scene.undo_button.rect.center)
    pump(app, 0.1, 0.05)
    assert scene.match.state.outcome() is None and app.manager.top is scene


def test_the_last_setup_of_a_game_is_remembered_and_learn_opens_the_lesson():
    import pygame

    from game.app import App
    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene
    from game.scenes.setup import SetupScene
    from game.scenes.tutorial import TutorialScene
    from tools.scenarios import Mouse

    app = App((1280, 800), sound=False)
    try:
        app.manager.push(MenuScene(app))
        setup = SetupScene(app, "kotu_ellima")
        app.manager.push(setup)
        app.frame([], 1 / 60)
        setup._selector("capture").set_value("huff")
        setup._selector("limit").set_value(40)
        Mouse(app).key(pygame.K_RETURN)
        assert isinstance(app.manager.top, PlayScene)
        assert app.manager.top.match.state.game.options["capture"] == "huff"
        again = SetupScene(app, "kotu_ellima")  # chosen again later (or after a relaunch)
        assert again._selector("capture").value == "huff" and again._selector("limit").value == 40
        assert SetupScene(app, "peralikatuma")._selector("capture").value == "forced"  # per game
        app.manager.push(again)
        app.frame([], 1 / 60)
        Mouse(app).key(pygame.K_l)
        assert isinstance(app.manager.top, TutorialScene)
    finally:
        app.close()


def test_a_saved_setup_the_game_refuses_is_dropped():
    from game import settings as user_settings
    from game.app import App
    from game.scenes.setup import SetupScene

    user_settings.update(setups={"kotu_ellima": {"options": {"capture": "sideways"}, "mode": "???"}})
    app = App((960, 600), sound=False)
    try:
        setup = SetupScene(app, "kotu_ellima")
        assert setup._selector("capture").value == "forced" and setup.mode.value == Mode.PASS
    finally:
        app.close()


def test_setup_by_keyboard_starts_on_the_first_row_and_arrows_change_values(app):
    from game.scenes.setup import SetupScene

    scene = SetupScene(app, "kotu_ellima")
    app.manager.push(scene)
    app.frame([], 1 / 60)
    assert scene.focus.focused is scene.mode and scene.focus.keyboard_used  # visible from the start
    mode = scene.mode.value
    Mouse(app).key(pygame.K_RIGHT)
    assert scene.mode.value != mode and scene.focus.focused is scene.mode  # changed, and still there
    Mouse(app).key(pygame.K_DOWN)
    assert scene.focus.focused is not scene.mode
    scene.focus.focus(scene.start_button)
    Mouse(app).key(pygame.K_LEFT)
    assert scene.focus.focused is scene.start_button  # Left/Right never wander off a button


def test_the_house_rule_note_is_only_on_house_rules(app):
    from game.scenes.setup import SetupScene

    scene = SetupScene(app, "kotu_ellima")
    app.manager.push(scene)
    for widget in scene.focus.widgets:
        if isinstance(widget, Selector) and widget.visible:
            scene.focus.focus(widget)
            _, words, note = scene.about()
            assert words and bool(note) == widget.house_rule, widget.label
    assert any(sel.house_rule for _, sel in scene.options) and not scene.mode.house_rule
