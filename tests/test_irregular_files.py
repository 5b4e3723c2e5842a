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
from game.userfiles import NOT_A_FILE, UserFileError, read_bytes_capped, read_text_capped
from tools.scenarios import wait_until

TOO_LARGE = "far more than Keliya ever writes"


@contextmanager
def rescued(fifo: Path, polls: int = 1_000) -> Iterator[list[str]]:
    """While the block runs, a watcher waits ``polls`` polls for it to end; if it has not, it
    opens ``fifo`` for writing without blocking, which succeeds only when a reader is waiting on
    it: that reader is freed (it reads an empty file) and the yielded list says it was stuck."""
    done = threading.Event()
    stuck: list[str] = []

    def watch() -> None:
        if wait_until(done.is_set, polls=polls, step=0.01):
            return
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as e:  # ENXIO: nobody is reading it, so nobody waits
            assert e.errno in (errno.ENXIO, errno.ENOENT), e
            return
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


def test_the_read_helper_refuses_an_oversized_file_by_its_size_and_reads_one_at_the_cap(tmp_path, monkeypatch):
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
    assert f"The settings file could not be read ({NOT_A_FILE}); defaults are used. It was moved to" in problem
    assert not fifo.exists() and list(fifo.parent.glob("settings.json.bad-*"))
    assert user_settings.update(sound=False) == "" and user_settings.load_settings() == (
        user_settings.Settings(sound=False), "")
