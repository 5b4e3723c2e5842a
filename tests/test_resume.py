"""Save, quit, relaunch, resume: the title offers the game in progress and brings it back as it
was, for every game; a bad save is reported on the title screen and set aside."""

from __future__ import annotations

import pygame
import pytest

from game import library, saves
from game.app import App
from game.config import MatchConfig, Mode
from game.scenes.play import PlayScene
from rules import game_ids
from tools.scenarios import Mouse, click_move, random_play, settle, shown_title


@pytest.fixture
def app():
    a = App((960, 600), sound=False)
    yield a
    a.close()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_played_quit_and_resumed_is_the_same(game_id):
    first = App((960, 600), sound=False)
    state = random_play(game_id, 1, lambda s: s.ply >= 5)
    scene = PlayScene(first, MatchConfig(game_id, dict(state.game.options), Mode.PASS), state)
    first.manager.push(scene)
    first.frame([], 1 / 60)
    if scene.match.state.outcome() is None:
        click_move(Mouse(first), scene, scene.match.state.legal_moves()[-1])  # saved after the move
        settle(first, scene)
    text, history = scene.match.state.to_text(), scene.match.state.history()
    first.close()  # quit

    again = App((960, 600), sound=False)  # relaunch
    try:
        title = shown_title(again)
        again.manager.push(title)
        again.frame([], 1 / 60)
        if scene.match.state.outcome() is not None:
            assert not title.resume_button.visible  # a finished game is not offered
            return
        assert title.resume_button.visible
        Mouse(again).key(pygame.K_r)
        resumed = again.manager.top
        assert isinstance(resumed, PlayScene)
        assert resumed.match.state.to_text() == text and resumed.match.state.history() == history
        assert len(resumed.match.log) == len(history)
    finally:
        again.close()


def test_a_corrupt_save_is_reported_on_the_title_and_set_aside(app):
    path = library.games_dir() / "20260101-000000-abcdef.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("keliya-save 1\ngame kotu_ellima\nmode pass\n")
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    assert (
        "cannot be opened" in title.notice
        and "incomplete" in title.notice
        and not title.resume_button.visible
    )
    assert not path.exists() and list(path.parent.glob("*.bad-*"))


def test_a_dropped_file_or_a_position_text_opens_a_game(app, tmp_path):
    from game.config import MatchConfig

    state = random_play("battlehalma", 4, lambda s: s.ply >= 9)
    exported = tmp_path / "game.txt"
    exported.write_text(saves.match_text(MatchConfig("battlehalma", dict(state.game.options)), state))
    title = shown_title(app)
    app.manager.push(title)
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(exported))], 1 / 60)
    opened = app.manager.top
    assert isinstance(opened, PlayScene) and opened.match.state.history() == state.history()

    title = shown_title(app)
    app.manager.push(title)
    title.open_text(state.to_text())  # a bare position: a game from there
    assert isinstance(app.manager.top, PlayScene) and app.manager.top.match.state.to_text() == state.to_text()

    title = shown_title(app)
    app.manager.push(title)
    title.open_text("not a game at all")
    assert app.manager.top is title and "neither a game copied from Keliya nor a position" in title.notice


def test_a_pasted_position_the_game_can_never_reach_is_refused_in_words(app):
    """The Ncuva text of issue 18 (229 stones where a 4-column game has 26 with the default start)
    froze the app on its first frame; now the title refuses it and says why, and nothing is opened
    or saved."""
    title = shown_title(app)
    app.manager.push(title)
    title.open_text(
        "ncuva after_capture=sow-again columns=4 only_two=on; board=2,0,1,0/1,0,199,2/0,1,1,3/0,3,2,2; "
        "turn=N; turns=3; store=8/4; sown=1; ply=6"
    )
    app.frame([], 1 / 60)
    assert (
        app.manager.top is title and "229 stones" in title.notice and "a 4-column game has 26" in title.notice
    )
    assert library.scan().unfinished == []


def test_a_save_whose_position_has_a_huge_ply_is_refused_not_saved_into_a_crash():
    """A ply of 4,300 digits loaded, then crashed the first autosave (Python's int/str limit)."""
    from game.config import MatchConfig

    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    text = saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state)
    huge = "9" * 4300
    bad = text.replace("; ply=0\n", f"; ply={huge}\n").replace("; ply=4\n", f"; ply={huge}4\n")
    assert bad != text
    with pytest.raises(ValueError, match="ply"):
        saves.read_match(bad)


def test_a_game_dropped_on_the_chooser_opens_there(app, tmp_path):
    from game.config import MatchConfig
    from game.scenes.menu import MenuScene

    state = random_play("sixteen_soldiers", 2, lambda s: s.ply >= 6)
    path = tmp_path / "game.txt"
    path.write_text(saves.match_text(MatchConfig("sixteen_soldiers", dict(state.game.options)), state))
    menu = MenuScene(app)
    app.manager.push(menu)
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(path))], 1 / 60)
    assert isinstance(app.manager.top, PlayScene) and app.manager.stack[-2] is menu  # one chooser under it
    app.manager.pop()
    bad = tmp_path / "bad.txt"
    bad.write_text("hello")
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(bad))], 1 / 60)
    assert app.manager.top is menu and "neither a game" in menu.notice
