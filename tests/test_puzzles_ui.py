"""The puzzle screen by synthetic clicks and keys: reached from the chooser (the button and Z),
a puzzle solved by clicking its answer on the board (and by the keyboard's cursor), a wrong
click counted as a try and the puzzle back after its punishment, Hint and Answer by key and by
button, Next, the set changed, and Esc back to the chooser; the record written beside the games."""

from __future__ import annotations

import json

import pygame
import pytest

from game.match.puzzle import Phase
from game.scenes.menu import MenuScene, playable_ids
from game.scenes.puzzles import PuzzleScene
from tools.scenarios import Mouse, chooser_on, pump, shown_title, visible


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    return tmp_path


def puzzles_over_chooser(app, set_id: str = "sixteen_soldiers") -> PuzzleScene:
    app.manager.clear()
    app.manager.push(shown_title(app))
    app.manager.push(MenuScene(app))
    scene = PuzzleScene(app, set_id)
    app.manager.push(scene)
    app.frame([], 1 / 60)
    return scene


def click_move(mouse: Mouse, scene: PuzzleScene, text: str) -> None:
    """Click ``text``'s cells in order, and the last again if the chain could go on."""
    move = scene.session.puzzle_state().parse_move(text)
    for cell in move.path:
        mouse.click(scene.family.pos(cell))
    if scene.session.board.builder.path:
        mouse.click(scene.family.pos(move.path[-1]))


def settle(app, scene: PuzzleScene, limit: float = 20.0) -> None:
    t = 0.0
    while scene.busy and t < limit:
        app.frame([], 0.1, draw=False)
        t += 0.1
    app.frame([], 1 / 60)


def test_the_chooser_opens_the_puzzles_of_the_chosen_game_and_esc_comes_back(app, home):
    mouse = Mouse(app)
    menu = chooser_on(app, "ncuva")
    mouse.key(pygame.K_z)
    top = app.manager.top
    assert isinstance(top, PuzzleScene) and top.session.set.id == "ncuva"
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is menu
    menu.selected = playable_ids().index("cows_leopards")
    app.frame([], 1 / 60)
    mouse.click(menu.puzzles_button.rect.center)
    top = app.manager.top
    assert isinstance(top, PuzzleScene) and top.session.set.id == "cows_leopards-leopards"


def test_clicking_the_answer_solves_the_puzzle_and_the_record_is_saved(app, home):
    scene = puzzles_over_chooser(app)
    mouse = Mouse(app)
    p = scene.session.puzzle
    click_move(mouse, scene, p.answer)
    assert scene.session.phase == Phase.SOLVED and scene.busy  # the line is being shown
    settle(app, scene)
    assert scene.session.state.move_text(scene.session.board.last_move) == p.line[-1]
    assert "Solved" in visible(app)
    saved = json.loads((home / "data" / "puzzles.json").read_text())
    assert saved["puzzles"][p.id]["last"] == "solved" and saved["streak"] == 1
    mouse.key(pygame.K_n)
    assert scene.session.puzzle is not p and scene.session.phase == Phase.OPEN


def test_a_wrong_click_is_a_try_then_the_puzzle_comes_back(app, home):
    scene = puzzles_over_chooser(app)
    mouse = Mouse(app)
    p = scene.session.puzzle
    wrong = next(k for k in p.scores if k != p.answer)
    click_move(mouse, scene, wrong)
    assert scene.session.tries == 1 and scene.session.phase == Phase.PUNISHED
    assert "Wrong tries: 1 of 3" in visible(app)
    settle(app, scene)
    assert scene.session.phase == Phase.OPEN and scene.session.state.to_text() == p.position
    click_move(mouse, scene, p.answer)
    assert scene.session.phase == Phase.SOLVED and scene.session.record.streak == 0


def test_hint_and_answer_keys_and_buttons(app, home):
    scene = puzzles_over_chooser(app, "kotu_ellima")
    mouse = Mouse(app)
    p = scene.session.puzzle
    origin = scene.session.puzzle_state().parse_move(p.answer).path[0]
    mouse.key(pygame.K_h)
    assert scene.session.hint_cells == (origin,)
    assert not scene.hint_button.enabled  # one hint a puzzle
    mouse.key(pygame.K_a)
    assert scene.session.phase == Phase.SHOWN and scene.busy
    assert p.answer in visible(app)
    settle(app, scene)
    assert scene.replay_button.visible
    mouse.click(scene.replay_button.rect.center)
    assert scene.busy
    mouse.click(scene.next_button.rect.center)  # Next while the line runs: the next puzzle at once
    q = scene.session.puzzle
    assert q is not p and not scene.busy
    mouse.click(scene.hint_button.rect.center)
    assert scene.session.hint_cells
    mouse.click(scene.answer_button.rect.center)
    assert scene.session.record.result(q.id) == "failed"


def test_the_keyboard_cursor_plays_the_answer(app, home):
    scene = puzzles_over_chooser(app, "ncuva")
    mouse = Mouse(app)
    p = scene.session.puzzle
    move = scene.session.puzzle_state().parse_move(p.answer)
    for cell in move.path:
        mouse.key(pygame.K_RIGHT)  # the cursor appears, then is put on the cell wanted
        scene.cursor = cell
        mouse.key(pygame.K_SPACE)
    if scene.session.board.builder.path:
        mouse.key(pygame.K_SPACE)
    assert scene.session.phase == Phase.SOLVED


def test_page_down_changes_the_set_and_the_board(app, home):
    scene = puzzles_over_chooser(app, "battlehalma-terminal")
    mouse = Mouse(app)
    mouse.key(pygame.K_PAGEDOWN)
    assert scene.session.set.id == "ncuva" and scene.family.kind != "squares"
    mouse.key(pygame.K_PAGEUP)
    assert scene.session.set.id == "battlehalma-terminal"
    pump(app, 0.1)
