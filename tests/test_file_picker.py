"""Opening a game from a file (issue 29, item 8): the in-app file browser, driven by real pygame
events through ``App.frame``, bounded by frames. It lists folders then game files, moves by keys,
wheel and clicks, opens a game as a dropped file opens (kept in the library beside the others),
refuses what holds no game in words and stays usable, never waits on a FIFO, says why a folder
cannot be listed, and remembers the folder it was left in."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import i18n, library, saves, theme
from game import settings as user_settings
from game.config import MatchConfig
from game.scenes import file_picker
from game.scenes.file_picker import FILE, FOLDER, UP, FilePickerScene, list_folder
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.userfiles import NOT_A_FILE
from tests.test_irregular_files import fifo_at, rescued, visible
from tools.scenarios import Mouse, random_play, shown_title


# --- helpers -------------------------------------------------------------------------------------
def key(app, k: int, mod: int = 0) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")], 1 / 60)


def frames(app, n: int) -> None:
    for _ in range(n):
        app.frame([], 1 / 60)


def row_at(picker: FilePickerScene, name: str) -> pygame.Rect:
    """The rectangle a row named ``name`` is drawn in (it must be in view)."""
    index = [row.name for row in picker.rows].index(name)
    return picker.row_rects[index - picker.top]


def names(picker: FilePickerScene) -> list[str]:
    return [row.name for row in picker.rows]


def game_text(game_id: str = "kotu_ellima", plies: int = 5, seed: int = 2) -> tuple[str, str]:
    """(a saved game's text, the position it reaches)."""
    state = random_play(game_id, seed, lambda s: s.ply >= plies)
    return saves.match_text(MatchConfig(game_id, dict(state.game.options)), state), state.to_text()


def browse(app, folder: Path) -> FilePickerScene:
    """The title, and the browser opened from it with F, starting in ``folder`` (the last one used)."""
    user_settings.update(last_folder=str(folder))
    app.manager.push(shown_title(app))
    app.frame([], 1 / 60)
    key(app, pygame.K_f)
    picker = app.manager.top
    assert isinstance(picker, FilePickerScene)
    return picker


def here(tmp_path: Path) -> Path:
    """A folder of the test's own (the test's temporary folder also holds Keliya's home)."""
    folder = tmp_path / "here"
    folder.mkdir()
    return folder


@pytest.fixture
def folder(tmp_path) -> Path:
    """A folder of games and other things: two sub-folders (one hidden), games, a text that holds
    no game, files that are not text, hidden files."""
    root = tmp_path / "games here"
    (root / "older").mkdir(parents=True)
    (root / "Archive").mkdir()
    (root / ".config").mkdir()
    text, _ = game_text()
    (root / "b-game.txt").write_text(text, encoding="utf-8")
    (root / "A-game.TXT").write_text(text, encoding="utf-8")
    (root / "notes.md").write_text("# not a game\n", encoding="utf-8")
    (root / "picture.png").write_bytes(b"\x89PNG")
    (root / ".hidden.txt").write_text(text, encoding="utf-8")
    return root


# --- the listing ---------------------------------------------------------------------------------------
def test_the_listing_shows_the_folder_above_then_folders_then_game_files_by_name(folder):
    listing = list_folder(folder)
    assert [(row.kind, row.name) for row in listing.rows] == [
        (UP, ".."),
        (FOLDER, "Archive"),
        (FOLDER, "older"),
        (FILE, "A-game.TXT"),
        (FILE, "b-game.txt"),
    ]
    assert listing.rows[0].path == folder.parent and listing.unread == 0
    assert list_folder(Path(folder.anchor)).rows[0].kind != UP  # the top of the disk has nothing above


def test_what_the_pause_menu_exports_is_listed():
    assert saves.export_path(MatchConfig("ncuva")).suffix in file_picker.GAME_SUFFIXES
    assert library.SUFFIX in file_picker.GAME_SUFFIXES


def test_a_very_large_folder_is_read_up_to_a_limit_and_the_rest_counted(tmp_path):
    tmp_path = here(tmp_path)
    for i in range(12):
        (tmp_path / f"g{i:02d}.txt").write_text("x")
    listing = list_folder(tmp_path, limit=5)
    assert len([r for r in listing.rows if r.kind == FILE]) == 5 and listing.unread == 7
    assert list_folder(tmp_path, limit=5, count_limit=3).unread == 3  # counting stops too
    assert list_folder(tmp_path, limit=12).unread == 0


def test_a_very_large_folder_says_how_many_entries_it_does_not_show(app, tmp_path, monkeypatch):
    tmp_path = here(tmp_path)
    for i in range(12):
        (tmp_path / f"g{i:02d}.txt").write_text("x")
    monkeypatch.setattr(file_picker, "READ_LIMIT", 5)
    picker = browse(app, tmp_path)
    assert len(picker.rows) == 1 + 5
    assert "7 more entries of this folder are not shown (only the first 5 are read)." in visible(app)
    monkeypatch.setattr(file_picker, "COUNT_LIMIT", 4)
    picker.go(tmp_path)
    assert "4+ more entries" in visible(app)


# --- moving about -------------------------------------------------------------------------------------
def test_keys_go_into_a_folder_and_back_up(app, folder):
    picker = browse(app, folder)
    assert picker.folder == folder and names(picker)[picker.selected] == ".."
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert names(picker)[picker.selected] == "older"
    key(app, pygame.K_RETURN)
    assert picker.folder == folder / "older" and names(picker) == [".."]
    assert "No folders and no game files (.txt) here." in visible(app)
    key(app, pygame.K_BACKSPACE)
    assert picker.folder == folder and names(picker)[picker.selected] == "older"  # where we came from
    key(app, pygame.K_HOME)
    key(app, pygame.K_RETURN)  # the ".." row
    assert picker.folder == folder.parent and names(picker)[picker.selected] == folder.name
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, TitleScene)


def test_the_mouse_goes_into_a_folder_and_back_up(app, folder):
    picker = browse(app, folder)
    mouse = Mouse(app)
    mouse.click(row_at(picker, "older").center)
    assert picker.folder == folder and names(picker)[picker.selected] == "older"  # one click chooses
    frames(app, 30)  # half a second: the next click is a click of its own
    mouse.click(row_at(picker, "older").center)
    assert picker.folder == folder
    mouse.click(row_at(picker, "older").center)  # a double click opens
    assert picker.folder == folder / "older"
    mouse.click(row_at(picker, "..").center)
    mouse.click(row_at(picker, "..").center)
    assert picker.folder == folder
    mouse.click(row_at(picker, "Archive").center)
    mouse.click(picker.open_button.rect.center)
    assert picker.folder == folder / "Archive"
    mouse.click(picker.up_button.rect.center)
    assert picker.folder == folder
    mouse.click(picker.back.rect.center)
    assert isinstance(app.manager.top, TitleScene)


def test_a_long_folder_scrolls_by_keys_and_wheel(app, tmp_path):
    tmp_path = here(tmp_path)
    for i in range(60):
        (tmp_path / f"game-{i:02d}.txt").write_text("x")
    picker = browse(app, tmp_path)
    shown = len(picker.row_rects)
    assert 1 < shown < 61
    key(app, pygame.K_END)
    assert picker.selected == 60 and picker.top == 61 - shown
    assert picker.row_rects[-1].collidepoint(row_at(picker, "game-59.txt").center)
    key(app, pygame.K_PAGEUP)
    assert picker.selected == 60 - (shown - 1)
    key(app, pygame.K_HOME)
    assert picker.selected == 0 and picker.top == 0
    key(app, pygame.K_PAGEDOWN)
    assert picker.selected == shown - 1
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)], 1 / 60)
    assert picker.top == 6 and picker.selected == shown - 1  # three rows a notch; the choice still in view
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False)], 1 / 60)
    assert picker.top == 36 and picker.selected == 36  # the choice comes along into view
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False)], 1 / 60)
    assert picker.top == 61 - shown  # no further than the end
    key(app, pygame.K_UP)
    assert picker.selected == 61 - shown - 1 and picker.top == picker.selected  # the list follows the choice


# --- opening a file ------------------------------------------------------------------------------------
def test_a_saved_game_opens_as_a_new_game_of_the_library_beside_the_others(app, folder):
    kept = random_play("sixteen_soldiers", 1, lambda s: s.ply >= 3)
    library.GameFile().save(MatchConfig("sixteen_soldiers"), kept)
    _, position = game_text()
    picker = browse(app, folder)
    picker.selected = names(picker).index("b-game.txt")
    key(app, pygame.K_RETURN)
    top = app.manager.top
    assert isinstance(top, PlayScene) and top.match.state.to_text() == position
    assert [type(s) for s in app.manager.stack] == [
        TitleScene,
        MenuScene,
        PlayScene,
    ]  # Esc leads to the chooser
    games = library.scan().unfinished
    assert sorted(e.position.to_text() for e in games) == sorted([kept.to_text(), position])
    assert (folder / "b-game.txt").exists()  # the player's file stays where it is


def test_a_position_text_opens_from_the_chooser(app, tmp_path):
    tmp_path = here(tmp_path)
    state = random_play("cows_leopards", 3, lambda s: s.ply >= 4)
    (tmp_path / "position.txt").write_text(state.to_text() + "\n", encoding="utf-8")
    user_settings.update(last_folder=str(tmp_path))
    app.manager.push(shown_title(app))
    app.manager.push(MenuScene(app))
    app.frame([], 1 / 60)
    key(app, pygame.K_o, pygame.KMOD_LCTRL)
    picker = app.manager.top
    assert isinstance(picker, FilePickerScene)
    mouse = Mouse(app)
    mouse.click(row_at(picker, "position.txt").center)
    mouse.click(row_at(picker, "position.txt").center)
    top = app.manager.top
    assert isinstance(top, PlayScene) and top.match.state.to_text() == state.to_text()
    assert [type(s) for s in app.manager.stack] == [TitleScene, MenuScene, PlayScene]


def test_a_file_without_a_game_is_refused_in_words_and_the_browser_goes_on(app, folder):
    kept = random_play("sixteen_soldiers", 1, lambda s: s.ply >= 3)
    library.GameFile().save(MatchConfig("sixteen_soldiers"), kept)
    bad = folder / "b-game.txt"
    bad.write_text("keliya-save 1\ngame kotu_ellima\n", encoding="utf-8")  # cut short
    picker = browse(app, folder)
    picker.selected = names(picker).index("b-game.txt")
    key(app, pygame.K_RETURN)
    assert app.manager.top is picker
    assert "This saved game cannot be opened: the saved game is incomplete" in visible(app)
    assert bad.read_text(encoding="utf-8") == "keliya-save 1\ngame kotu_ellima\n"  # nothing moved or changed
    assert [e.position.to_text() for e in library.scan().unfinished] == [kept.to_text()]
    key(app, pygame.K_HOME)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # still usable: into Archive
    assert picker.folder == folder / "Archive" and not picker.notice
    key(app, pygame.K_BACKSPACE)
    picker.selected = names(picker).index("A-game.TXT")
    key(app, pygame.K_RETURN)  # and a good game opens next
    assert isinstance(app.manager.top, PlayScene)


def test_a_fifo_is_listed_and_refused_without_waiting(app, tmp_path):
    tmp_path = here(tmp_path)
    fifo = fifo_at(tmp_path / "a game.txt")
    with rescued(fifo) as stuck:
        picker = browse(app, tmp_path)
        assert names(picker) == ["..", "a game.txt"]
        picker.selected = 1
        key(app, pygame.K_RETURN)
        assert app.manager.top is picker
        assert f"That file cannot be opened: {NOT_A_FILE}." in visible(app)
        frames(app, 10)
    assert stuck == [] and fifo.exists()


def test_a_folder_that_cannot_be_listed_is_said_and_the_browser_stays(app, folder, monkeypatch):
    locked = folder / "older"
    real_scandir = os.scandir

    def scandir(path=".", *args):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path, *args)

    if os.geteuid() != 0:  # a real lock where the system honours it; root reads anything, so also:
        locked.chmod(0)
    monkeypatch.setattr(os, "scandir", scandir)
    try:
        picker = browse(app, folder)
        picker.selected = names(picker).index("older")
        key(app, pygame.K_RETURN)
        assert picker.folder == folder and names(picker)[picker.selected] == "older"
        assert "That folder cannot be opened: Keliya may not look inside it." in visible(app)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)  # the next row opens as ever
        assert isinstance(app.manager.top, PlayScene)
    finally:
        locked.chmod(0o755)


def test_a_file_dropped_on_the_browser_opens(app, folder, tmp_path):
    text, position = game_text("ncuva", 4)
    dropped = tmp_path / "dropped.txt"
    dropped.write_text(text, encoding="utf-8")
    browse(app, folder)
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(dropped))], 1 / 60)
    top = app.manager.top
    assert isinstance(top, PlayScene) and top.match.state.to_text() == position


# --- where it starts -----------------------------------------------------------------------------------
def test_the_last_folder_is_remembered_else_the_exports_else_home(app, folder, tmp_path, monkeypatch):
    picker = browse(app, folder)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # into Archive
    key(app, pygame.K_ESCAPE)
    assert user_settings.load_settings()[0].last_folder == str(folder / "Archive")  # on disk
    user_settings.forget_loaded()  # as at the next launch
    key(app, pygame.K_f)
    picker = app.manager.top
    assert isinstance(picker, FilePickerScene) and picker.folder == folder / "Archive"
    key(app, pygame.K_ESCAPE)
    (folder / "Archive").rmdir()  # gone: the folder the pause menu exports to
    saves.export_folder().mkdir(parents=True)
    key(app, pygame.K_f)
    assert app.manager.top.folder == saves.export_folder()
    key(app, pygame.K_ESCAPE)
    user_settings.update(last_folder="")
    saves.export_folder().rmdir()  # no export yet: home
    monkeypatch.setenv("HOME", str(tmp_path))
    key(app, pygame.K_f)
    assert app.manager.top.folder == tmp_path


def test_a_bad_last_folder_in_the_settings_resets_that_setting_alone(tmp_path):
    path = user_settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"sound": false, "last_folder": ["not", "a", "path"]}', encoding="utf-8")
    settings, problem = user_settings.load_settings()
    assert settings.last_folder == "" and settings.sound is False and "the last folder opened" in problem


# --- the ways in -------------------------------------------------------------------------------------
@pytest.mark.parametrize("way", ["F", "Ctrl+O", "button"])
def test_the_title_opens_the_browser(app, way):
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    if way == "button":
        Mouse(app).click(title.file_button.rect.center)
    else:
        key(app, pygame.K_f if way == "F" else pygame.K_o, 0 if way == "F" else pygame.KMOD_LCTRL)
    assert isinstance(app.manager.top, FilePickerScene)
    assert title.notice == ""  # Ctrl+O never reads the clipboard (O alone does)


def test_the_chooser_opens_the_browser_by_its_button(app):
    app.manager.push(shown_title(app))
    chooser = MenuScene(app)
    app.manager.push(chooser)
    app.frame([], 1 / 60)
    Mouse(app).click(chooser.file_button.rect.center)
    assert isinstance(app.manager.top, FilePickerScene)


# --- names are shown as they are ------------------------------------------------------------------------
def test_a_file_name_is_never_translated():
    """A folder named as a word of the app ("Settings") is shown as it is called on the disk."""
    spoken = i18n.language()
    i18n.set_language("si")
    try:
        assert theme.spoken("Settings") != "Settings"
        assert theme.spoken(theme.Verbatim("Settings")) == "Settings"
        cut = theme.fit(theme.Verbatim("Settings " * 20), 20, 200)
        assert isinstance(cut, theme.Verbatim) and cut.startswith("Settings") and cut.endswith("…")
    finally:
        i18n.set_language(spoken)
