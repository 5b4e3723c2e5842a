"""The position editor on screen, by synthetic clicks and keys: reached from the chooser, pieces
placed and removed on the game's own board, a refused position said with the rules' reason and
its Play buttons waiting, a position played as a new game of the library, copied and pasted as
text, and Esc back to the chooser."""

from __future__ import annotations

import random

import pygame
import pytest

from game import library
from game.config import Mode
from game.scenes.editor import EditorScene
from game.scenes.menu import MenuScene, playable_ids
from game.scenes.play import PlayScene
from rules import load_game, load_state
from tools.scenarios import Mouse, chooser_on, visible


def editor_over_chooser(app, game_id: str) -> EditorScene:
    chooser_on(app, game_id)
    scene = EditorScene(app, game_id)
    app.manager.push(scene)
    app.frame([], 1 / 60)
    return scene


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return rect.center


def saved_games() -> list[str]:
    folder = library.games_dir()
    return sorted(p.name for p in folder.glob("*")) if folder.exists() else []


def test_the_chooser_opens_the_editor_for_the_chosen_game_by_key_and_by_button(app):
    mouse = Mouse(app)
    menu = chooser_on(app, "cows_leopards")
    mouse.key(pygame.K_p)
    top = app.manager.top
    assert isinstance(top, EditorScene) and top.editor.game.spec.id == "cows_leopards"
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is menu
    menu.selected = playable_ids().index("ncuva")
    app.frame([], 1 / 60)
    mouse.click(centre(menu.editor_button.rect))
    top = app.manager.top
    assert isinstance(top, EditorScene) and top.editor.stones


def test_clicks_place_and_remove_pieces_and_a_refusal_is_said_with_play_waiting(app):
    mouse = Mouse(app)
    scene = editor_over_chooser(app, "sixteen_soldiers")
    editor = scene.editor
    start = editor.text()
    assert "Ready to play" in visible(app)
    mouse.click(centre(scene.palette[1]))  # North's piece
    assert editor.chosen == 1
    empty = next(c for c in editor.cells if c not in editor.board)
    mouse.click(scene.family.pos(empty))
    assert editor.board[empty] == "N" and editor.text() != start
    assert editor.text() in visible(app) or editor.text()[:40] in visible(app)  # the text is shown
    south = next(c for c, ch in editor.board.items() if ch == "S")
    mouse.click(scene.family.pos(south), button=3)  # a right-click takes a piece off
    assert south not in editor.board
    mouse.click(centre(scene.clear_button.rect))
    assert editor.board == {}
    said = visible(app)
    reason = str(editor.check().reason)
    assert "Cannot be played" in said and reason.split(":")[0][1:] in said  # the loader's own words
    assert not scene.friend_button.enabled and not scene.computer_button.enabled
    mouse.click(centre(scene.friend_button.rect))
    assert app.manager.top is scene  # a position the rules refuse is not played
    mouse.key(pygame.K_r)  # the start position again
    assert editor.text() == start and scene.friend_button.enabled


def test_play_with_a_friend_starts_the_edited_position_as_a_new_game(app):
    mouse = Mouse(app)
    before = saved_games()
    scene = editor_over_chooser(app, "kotu_ellima")
    editor = scene.editor
    south = next(c for c, ch in editor.board.items() if ch == "S")
    mouse.click(scene.family.pos(south), button=3)
    mouse.key(pygame.K_t)  # North to move
    assert editor.turn == 1 and scene.turn_row.value == 1
    text = editor.text()
    assert editor.check().playable, editor.check().reason
    mouse.click(centre(scene.friend_button.rect))
    top = app.manager.top
    assert isinstance(top, PlayScene)
    assert top.match.state.to_text() == load_state(text).to_text()
    assert top.match.config.mode == Mode.PASS
    assert [type(s).__name__ for s in app.manager.stack][-2:] == ["MenuScene", "PlayScene"]
    after = saved_games()
    assert len(after) == len(before) + 1 and set(before) <= set(after)  # a new game, none overwritten


def test_play_the_computer_takes_the_side_and_level_chosen(app):
    mouse = Mouse(app)
    scene = editor_over_chooser(app, "hat_diviyan_keliya")
    if not scene.levels:
        pytest.skip("no computer opponent installed")
    mouse.click((scene.side_row.rect.right - 10, scene.side_row.rect.top + 10))  # the next side
    assert scene.side_row.value == 1
    mouse.key(pygame.K_p)
    top = app.manager.top
    assert isinstance(top, PlayScene)
    assert top.match.config.mode == Mode.COMPUTER and top.match.config.human_side == 1


def test_copy_gives_the_text_and_paste_opens_a_position_of_any_game(app):
    mouse = Mouse(app)
    scene = editor_over_chooser(app, "sixteen_soldiers")
    mouse.key(pygame.K_c, pygame.KMOD_LCTRL)
    assert pygame.scrap.get_text() == scene.editor.text()
    assert scene.editor.board  # Ctrl+C copies, never clears the board
    ncuva = load_game("ncuva", columns=6).new_initial_state(random.Random(1)).to_text()
    pygame.scrap.put_text(ncuva)
    mouse.key(pygame.K_v, pygame.KMOD_LCTRL)
    assert scene.editor.game.spec.id == "ncuva" and scene.editor.text() == load_state(
        ncuva
    ).to_text().replace("; store=0/0", "")
    assert scene.family.kind == "holes"
    pygame.scrap.put_text("ncuva columns=4; board=9,9,9,9/0,0,0,0/0,0,0,0/0,0,0,0; turn=S")
    kept = scene.editor.text()
    mouse.key(pygame.K_v, pygame.KMOD_LCTRL)
    assert scene.editor.text() == kept  # a text the rules refuse changes nothing, and says why
    assert "cannot be used" in scene.note.lower() or "stones" in str(scene.note)


def test_ncuva_holes_take_stones_by_click_right_click_and_keys(app):
    mouse = Mouse(app)
    scene = editor_over_chooser(app, "ncuva")
    editor = scene.editor
    hole = editor.cells[0]
    n = editor.counts[hole]
    mouse.click(scene.family.pos(hole))
    assert editor.counts[hole] == n + 1
    mouse.click(scene.family.pos(hole), button=3)
    mouse.click(scene.family.pos(hole), button=3)
    assert editor.counts[hole] == n - 1
    assert editor.stores()[0] == 1  # the stone gone from North's rows is in South's store
    mouse.key(pygame.K_PLUS)  # the keyboard works on the cell last clicked
    assert editor.counts[hole] == n


def test_the_keyboard_moves_a_cursor_places_removes_and_tabs_to_the_settings(app):
    mouse = Mouse(app)
    scene = editor_over_chooser(app, "battlehalma")
    editor = scene.editor
    mouse.key(pygame.K_RIGHT)  # the first arrow shows the cursor
    first = scene.cursor
    assert first is not None
    mouse.key(pygame.K_RIGHT)
    assert scene.cursor != first and scene.family.pos(scene.cursor)[0] > scene.family.pos(first)[0]
    mouse.key(pygame.K_UP)
    cell = scene.cursor
    assert scene.family.pos(cell)[1] < scene.family.pos(first)[1]
    mouse.key(pygame.K_4)  # Blue's king
    mouse.key(pygame.K_SPACE)
    assert editor.board[cell] == "B"
    mouse.key(pygame.K_DELETE)
    assert cell not in editor.board
    mouse.key(pygame.K_TAB)  # to the settings: the first row is whose move it is
    assert not scene.on_board
    mouse.key(pygame.K_RIGHT)
    assert editor.turn == 1
    mouse.key(pygame.K_DOWN)
    mouse.key(pygame.K_RIGHT)  # plies since the last capture
    assert "quiet=1" in editor.text()
    mouse.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    mouse.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert scene.on_board
    mouse.key(pygame.K_ESCAPE)
    assert isinstance(app.manager.top, MenuScene)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("game_id", ["cows_leopards", "battlehalma", "ncuva"])
def test_the_editor_is_laid_out_inside_the_window_without_overlaps(app, size, game_id):
    app.resize(size)
    scene = editor_over_chooser(app, game_id)
    window = pygame.Rect((0, 0), size)
    boxes = [b.rect for b in scene.buttons if b.visible] + [r.rect for r in scene.rows] + scene.palette
    boxes.append(scene.family.frame)
    for box in boxes:
        assert window.contains(box), box
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    assert scene.status_rect.bottom <= scene.friend_button.rect.top
    assert all(not scene.status_rect.colliderect(r.rect) for r in scene.rows)


def test_the_pause_menu_sets_up_the_games_position_and_play_from_it_is_a_new_game(app):
    """Esc in a game, Set up this position: the editor on that position; Esc comes back to the
    pause menu, and a position played from the editor is a game of its own (the first stays)."""
    from game.config import MatchConfig
    from game.scenes.pause import PauseScene
    from tools.scenarios import random_play, start_play

    mouse = Mouse(app)
    state = random_play("cows_leopards", 2, lambda s: s.ply >= 6)
    play = start_play(app, MatchConfig("cows_leopards"), state)
    play.match.save_now()
    mouse.key(pygame.K_ESCAPE)
    pause = app.manager.top
    assert isinstance(pause, PauseScene)
    button = next(b for b in pause.buttons if b.label == "Set up this position")
    mouse.click(centre(button.rect))
    editor = app.manager.top
    assert isinstance(editor, EditorScene)
    assert load_state(editor.editor.text()).to_text() == state.to_text()
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is pause
    mouse.key(pygame.K_p)
    editor = app.manager.top
    before = saved_games()
    mouse.key(pygame.K_f)
    top = app.manager.top
    assert isinstance(top, PlayScene) and top is not play
    assert top.match.state.pieces() == state.pieces() and top.match.state.to_move == state.to_move
    assert len(saved_games()) == len(before) + 1


def test_rules_options_come_from_the_games_setup_and_keep_what_the_board_allows(app):
    from game.scenes.setup import SetupScene

    mouse = Mouse(app)
    scene = editor_over_chooser(app, "battlehalma")
    red = next(c for c, ch in scene.editor.board.items() if ch == "r")
    mouse.click(scene.family.pos(red), button=3)
    mouse.click(centre(scene.options_button.rect))
    setup = app.manager.top
    assert isinstance(setup, SetupScene) and setup.chosen is not None
    limit = setup._selector("limit")
    assert limit is not None and limit.value == 100
    mouse.click((limit.rect.right - 12, limit.rect.top + 12))  # 100 -> 200 plies
    assert "Use these rules" in visible(app)
    mouse.key(pygame.K_RETURN)
    assert app.manager.top is scene
    assert "limit=200" in scene.editor.text() and red not in scene.editor.board  # the position kept
    mouse.key(pygame.K_o)
    setup = app.manager.top
    size = setup._selector("size")
    mouse.click((size.rect.right - 12, size.rect.top + 12))  # 8 -> 10 squares: the new board's start
    mouse.key(pygame.K_RETURN)
    assert "size=10" in scene.editor.text() and scene.editor.check().playable
    assert len(scene.editor.cells) == 100 and scene.family.cell_at(scene.family.pos(99)) == 99
