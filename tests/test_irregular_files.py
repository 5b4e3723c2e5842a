"""Non-regular files where Keliya reads a player's file (issue 29, item 7): a FIFO, a folder, a
device or a huge file in place of the settings, a saved game, a dropped file or a solver table.
Each is refused in the player's words before a byte is read, without waiting, and the app goes
on. Every wait is bounded by frames or polls; a read that blocks on a FIFO is freed by
``rescued`` (a writer opened after a count of polls), so that such a bug fails the test instead
of hanging it."""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game import settings as user_settings
from game import userfiles
from game.i18n import tr
from game.userfiles import NOT_A_FILE, UserFileError, read_bytes_capped, read_text_capped
from tools.scenarios import shown_title, visible, wait_until

TOO_LARGE = "far more than Keliya ever writes"


@contextmanager
def rescued(fifo: Path, polls: int = 300) -> Iterator[list[str]]:
    """While the block runs, a watcher waits ``polls`` polls at a time for it to end; each time
    it has not, it opens ``fifo`` for writing without blocking, which succeeds only when a reader
    is waiting on it: that reader is freed (it reads an empty file) and the yielded list says it
    was stuck. It goes on until the block ends (a second read would wait again)."""
    done = threading.Event()
    stuck: list[str] = []

    def watch() -> None:
        while not wait_until(done.is_set, polls=polls, step=0.01):
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as e:  # ENXIO: nobody is reading it, so nobody waits
                assert e.errno in (errno.ENXIO, errno.ENOENT), e
                continue
            stuck.append(str(fifo))
            os.close(fd)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield stuck
    finally:
        done.set()
        watcher.join()


def fifo_at(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


# --- the read helper ---------------------------------------------------------------------------------
def test_the_read_helper_refuses_a_fifo_without_waiting(tmp_path):
    fifo = fifo_at(tmp_path / "settings.json")
    with rescued(fifo) as stuck:
        with pytest.raises(UserFileError) as refused:
            read_bytes_capped(fifo)
    assert stuck == [] and str(refused.value) == NOT_A_FILE


def test_the_read_helper_refuses_a_folder_and_a_device(tmp_path):
    folder = tmp_path / "a folder.txt"
    folder.mkdir()
    with pytest.raises(UserFileError) as refused:
        read_text_capped(folder)
    assert str(refused.value) == NOT_A_FILE
    if Path("/dev/zero").exists():  # a device that never ends: refused before reading, not at the cap
        with pytest.raises(UserFileError) as refused:
            read_bytes_capped(Path("/dev/zero"))
        assert str(refused.value) == NOT_A_FILE


def test_the_read_helper_refuses_an_oversized_file_by_its_size_and_reads_one_at_the_cap(
    tmp_path, monkeypatch
):
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(50_000_000_000)  # sparse: 50 GB on paper, nothing on the disk
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(UserFileError, match=TOO_LARGE):
        read_bytes_capped(huge)
    assert reads == []  # refused by its size, before a byte is read
    monkeypatch.setattr(os, "read", real_read)
    exact = tmp_path / "exact.txt"
    exact.write_bytes(b"x" * 1000)
    assert read_bytes_capped(exact, 1000) == b"x" * 1000
    with pytest.raises(UserFileError, match=TOO_LARGE):
        read_bytes_capped(exact, 999)
    with pytest.raises(UserFileError, match="cannot be read"):
        read_bytes_capped(tmp_path / "absent.txt")


def test_a_folder_the_system_will_not_open_is_refused_as_not_a_file(tmp_path, monkeypatch):
    """Windows (and some systems) refuse to open a folder at all: said as a folder, not as a
    failure of the disk."""
    folder = tmp_path / "a folder.txt"
    folder.mkdir()

    def no_folders(path, flags, *args):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fsdecode(path))

    monkeypatch.setattr(os, "open", no_folders)
    with pytest.raises(UserFileError) as refused:
        read_text_capped(folder)
    assert str(refused.value) == NOT_A_FILE


def test_a_file_growing_while_it_is_read_is_read_no_further_than_the_cap(tmp_path, monkeypatch):
    """Another program writing on: the read stops one byte past the cap and says it is too large."""
    path = tmp_path / "growing.txt"
    path.write_bytes(b"x" * 500)
    got: list[int] = []
    real_read = os.read

    def read_while_it_grows(fd, n):
        chunk = real_read(fd, n)
        got.append(len(chunk))
        if len(got) == 1:
            with open(path, "ab") as f:
                f.write(b"y" * 5000)
        return chunk

    monkeypatch.setattr(os, "read", read_while_it_grows)
    with pytest.raises(UserFileError, match=r"^it is larger than 1 KB, far more than Keliya ever writes$"):
        read_bytes_capped(path, 1000)
    assert got[0] == 500 and sum(got) == 1001


@pytest.mark.parametrize("call", ["open", "read"])
@pytest.mark.parametrize(
    "error, said",
    [
        (PermissionError(errno.EACCES, "Permission denied"), "it cannot be read (Permission denied)"),
        (OSError("a share that went away"), "it cannot be read (a share that went away)"),
    ],
)
def test_a_file_that_cannot_be_opened_or_read_says_why_in_the_systems_words(
    tmp_path, monkeypatch, call, error, said
):
    path = tmp_path / "game.txt"
    path.write_text("a game")

    def refused(*args, **kwargs):
        raise error

    monkeypatch.setattr(os, call, refused)
    with pytest.raises(UserFileError) as raised:
        read_bytes_capped(path)
    assert tr(raised.value.args[0]) == said


def test_a_file_at_the_cap_that_grows_as_it_is_read_is_refused_not_cut(tmp_path, monkeypatch):
    """Exactly at the cap when looked at, longer by the end of the read: never its first 1000
    bytes taken for the whole file."""
    path = tmp_path / "growing.txt"
    path.write_bytes(b"x" * 1000)
    real_read = os.read
    grown: list[bool] = []

    def read_while_it_grows(fd, n):
        chunk = real_read(fd, n)
        if not grown:
            grown.append(True)
            with open(path, "ab") as f:
                f.write(b"y" * 10)
        return chunk

    monkeypatch.setattr(os, "read", read_while_it_grows)
    with pytest.raises(UserFileError, match=TOO_LARGE):
        read_bytes_capped(path, 1000)


def test_each_kind_of_file_has_its_cap(tmp_path):
    """A settings file far larger than any settings is refused (games may be larger)."""
    path = user_settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"sound": false, "pad": "' + "x" * userfiles.MAX_SETTINGS_BYTES + '"}')
    settings, problem = user_settings.load_settings()
    assert TOO_LARGE in problem and settings == user_settings.Settings()
    game = tmp_path / "game.txt"
    game.write_text("x" * (userfiles.MAX_SETTINGS_BYTES * 2))
    assert len(read_text_capped(game)) == userfiles.MAX_SETTINGS_BYTES * 2


def test_a_fifo_in_place_of_the_settings_is_said_and_set_aside(tmp_path):
    fifo = fifo_at(user_settings.settings_path())
    with rescued(fifo) as stuck:
        settings, problem = user_settings.load_settings()
    assert stuck == [] and settings == user_settings.Settings()
    assert (
        f"The settings file could not be read ({NOT_A_FILE}); defaults are used. It was moved to" in problem
    )
    assert not fifo.exists() and list(fifo.parent.glob("settings.json.bad-*"))
    assert user_settings.update(sound=False) == "" and user_settings.load_settings() == (
        user_settings.Settings(sound=False),
        "",
    )


# --- in the app: it starts and carries on -------------------------------------------------------------
def test_a_fifo_in_place_of_the_settings_lets_keliya_start_and_says_why():
    """As the launcher starts: the settings read first, then the window and the title, which says
    what was wrong; then the settings screen saves to a real file."""
    import pygame

    from game.app import App
    from game.scenes.settings_screen import SettingsScene
    from game.scenes.title import TitleScene
    from tools.scenarios import Mouse

    fifo = fifo_at(user_settings.settings_path())
    with rescued(fifo) as stuck:
        defaults = user_settings.current() == user_settings.Settings()
        app = App((1280, 800), sound=False)
        try:
            app.manager.push(shown_title(app))
            shown = visible(app)
            for _ in range(30):
                app.frame([], 1 / 60)
            Mouse(app).key(pygame.K_s)
            assert isinstance(app.manager.top, SettingsScene)
            Mouse(app).key(pygame.K_RIGHT)  # the first row, sound: off
            Mouse(app).key(pygame.K_ESCAPE)
            assert isinstance(app.manager.top, TitleScene)
        finally:
            app.close()
    assert stuck == [] and defaults
    assert f"The settings file could not be read ({NOT_A_FILE}); defaults are used. It was moved to" in shown
    assert len(list(fifo.parent.glob("settings.json.bad-*"))) == 1
    assert fifo.is_file() and user_settings.load_settings() == (user_settings.Settings(sound=False), "")


def test_a_fifo_in_place_of_a_saved_game_is_set_aside_and_the_others_are_offered(app):
    import pygame

    from game import library
    from game.config import MatchConfig
    from game.scenes.play import PlayScene
    from tools.scenarios import Mouse, random_play

    kept = library.GameFile()
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    assert kept.save(MatchConfig("kotu_ellima", dict(state.game.options)), state) == ""
    fifo = fifo_at(library.games_dir() / "20250101-000000-fifo00.txt")
    with rescued(fifo) as stuck:
        title = shown_title(app)
        app.manager.push(title)
        shown = visible(app)
        for _ in range(30):
            app.frame([], 1 / 60)
        Mouse(app).key(pygame.K_r)  # Continue: the real game opens
        for _ in range(5):
            app.frame([], 1 / 60)
    assert stuck == []
    assert f"A saved game cannot be opened: {NOT_A_FILE}. It was moved to" in shown
    assert not fifo.exists() and len(list(fifo.parent.glob(fifo.name + ".bad-*"))) == 1
    scene = app.manager.top
    assert isinstance(scene, PlayScene) and scene.match.state.to_text() == state.to_text()


def test_a_fifo_dropped_on_the_title_or_the_chooser_is_refused_and_left_where_it_is(app, tmp_path):
    import pygame

    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene

    fifo = fifo_at(tmp_path / "a game.txt")
    dropped = pygame.event.Event(pygame.DROPFILE, file=str(fifo))
    refused = f"That file cannot be opened: {NOT_A_FILE}."
    with rescued(fifo) as stuck:
        title = shown_title(app)
        app.manager.push(title)
        app.frame([dropped], 1 / 60)
        assert app.manager.top is title and refused in visible(app)
        chooser = MenuScene(app)
        app.manager.push(chooser)
        app.frame([dropped], 1 / 60)
        assert app.manager.top is chooser and refused in visible(app)
        for _ in range(30):
            app.frame([], 1 / 60)
    assert stuck == [] and fifo.exists()  # the player's own file: refused, never moved
    game = tmp_path / "exported.txt"  # a real file dropped next opens as ever
    from game import saves
    from game.config import MatchConfig
    from tools.scenarios import random_play

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 3)
    game.write_text(
        saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state), encoding="utf-8"
    )
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(game))], 1 / 60)
    assert isinstance(app.manager.top, PlayScene) and app.manager.top.match.state.to_text() == state.to_text()
