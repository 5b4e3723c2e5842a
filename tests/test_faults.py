"""Faults of the disk, said out loud and losing nothing: a full disk, a folder Keliya may not
write in, a write cut short or killed half-way, a data folder that is a file — on game saves,
settings saves, the library's delete and its setting aside of bad files. Each fault is shown to
the player where they look (the text the scene draws, after real key and mouse events), the last
good file stays as it was, and the game stays in memory until a save succeeds again.

Running as root, chmod binds nobody: a read-only folder is then one whose writes the kernel's
own PermissionError (EACCES) refuses, raised by the calls that write there."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import appendfile, library, saves, userfiles
from game import settings as user_settings
from game.config import MatchConfig, Mode
from game.i18n import tr
from game.match import Match
from game.scenes.library_screen import LibraryScene
from game.scenes.menu import MenuScene
from game.scenes.pause import MenuOverlay, PauseScene
from game.scenes.play import PlayScene
from game.scenes.settings_screen import SettingsScene
from tests.hang_guard import run as run_bounded
from tools.scenarios import Mouse, click_move, finished, random_play, settle, shown_title, start_play, visible

ROOT = Path(__file__).resolve().parent.parent


# --- helpers ---------------------------------------------------------------------------------------
def disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sync to disk fails as a full disk's does (the write itself may have been cached)."""

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)


def move_by_mouse(app, scene: PlayScene, pick: int = 0) -> None:
    """Play legal move ``pick`` by clicking it, and let it land."""
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[pick])
    settle(app, scene)


def on_disk(game_file: library.GameFile) -> saves.SavedMatch:
    return saves.read_match(game_file.path(False).read_text(encoding="utf-8"))


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """``read_only(folder)``: nothing may be written in ``folder`` (files in it, its entries)."""
    chmodded: list[Path] = []

    def make(folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o555)
        chmodded.append(folder)
        probe = folder / ".probe"
        try:
            probe.write_text("")
        except PermissionError:
            return  # chmod binds
        probe.unlink()
        _deny_writes_in(folder, monkeypatch)

    yield make
    for folder in chmodded:
        folder.chmod(0o755)


def _deny_writes_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As root: each call that would write in ``folder`` refuses as the kernel does for others."""
    folder = folder.absolute()

    def inside(p) -> bool:
        return Path(os.fsdecode(p)).absolute().parent == folder

    def denied(p) -> PermissionError:
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(p))

    def guard(real: Callable, *which: int) -> Callable:
        def call(*args, **kw):
            for i in which:
                if i < len(args) and inside(args[i]):
                    raise denied(args[i])
            return real(*args, **kw)

        return call

    for name, which in (
        ("replace", (0, 1)),
        ("rename", (0, 1)),
        ("link", (0, 1)),
        ("unlink", (0,)),
        ("mkdir", (0,)),
    ):
        monkeypatch.setattr(os, name, guard(getattr(os, name), *which))
    real_open = open

    def opened(file, mode="r", *args, **kw):
        if any(c in mode for c in "wax+") and inside(file):
            raise denied(file)
        return real_open(file, mode, *args, **kw)

    monkeypatch.setattr(userfiles, "open", opened, raising=False)
    monkeypatch.setattr(appendfile, "open", opened, raising=False)


def pass_and_play(app, plies: int = 8) -> PlayScene:
    """A Kotu Ellima game of pass and play ``plies`` in (17 moves to choose from at 8), on screen."""
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= plies)
    return start_play(app, MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS), state)


# --- game saves ------------------------------------------------------------------------------------
def test_a_full_disk_is_shown_until_a_save_succeeds_and_nothing_is_lost(app, monkeypatch):
    scene = pass_and_play(app)
    move_by_mouse(app, scene)
    game_file = scene.match.game_file
    before = game_file.path(False).read_text(encoding="utf-8")
    with monkeypatch.context() as m:
        disk_full(m)
        move_by_mouse(app, scene)
        shown = visible(app)
        assert "Could not save: the disk is full. Free some space on it." in shown
        assert scene.match.said.words and scene.match.said.words in shown  # the guidance is there too
        Mouse(app).click(scene.board.pos(scene.match.builder.legal()[0].path[0]))  # choose a piece
        assert scene.match.builder.path and "the disk is full" in visible(app)  # the guidance hides nothing
        move_by_mouse(app, scene, -1)
        assert "the disk is full" in visible(app)  # still failing: still said
        assert game_file.path(False).read_text(encoding="utf-8") == before  # the last good save, whole
        Mouse(app).key(pygame.K_ESCAPE)
        pause = app.manager.top
        assert isinstance(pause, PauseScene)
        shown = visible(app)
        assert "The game is not being saved: the disk is full." in shown
        assert "saved after every move" not in shown
        Mouse(app).key(pygame.K_ESCAPE)
    assert not list(library.games_dir().glob(".*.tmp"))  # no temporary file left by the failed saves
    played = scene.match.state.history()
    move_by_mouse(app, scene)  # the disk has room again: the game in memory is saved whole
    assert on_disk(game_file).state.history() == [*played, scene.match.state.history()[-1]]
    shown = visible(app)
    assert "Saved again" in shown and "disk is full" not in shown
    move_by_mouse(app, scene)  # said once
    assert "Saved again" not in visible(app)
    Mouse(app).key(pygame.K_ESCAPE)
    assert "The game is saved after every move." in visible(app)


def test_leaving_a_game_that_could_not_be_saved_asks_first(app, monkeypatch):
    scene = pass_and_play(app)
    with monkeypatch.context() as m:
        disk_full(m)
        move_by_mouse(app, scene)
        Mouse(app).key(pygame.K_ESCAPE)
        Mouse(app).key(pygame.K_m)  # save and leave
        ask = app.manager.top
        assert isinstance(ask, MenuOverlay) and "Leave without saving?" in visible(app)
        Mouse(app).key(pygame.K_ESCAPE)  # keep playing
        assert app.manager.top is scene and scene.match.state.ply == 9
    Mouse(app).key(pygame.K_ESCAPE)
    Mouse(app).key(pygame.K_m)  # saved now: it leaves
    assert isinstance(app.manager.top, MenuScene)
    assert on_disk(scene.match.game_file).state.ply == 9


class WrappedFile:
    """An open file whose ``write`` a test replaces (a disk that fills or takes nothing); the
    rest is the real file's."""

    def __init__(self, f) -> None:
        self.f = f

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.f.close()

    def __getattr__(self, name: str):
        return getattr(self.f, name)


@pytest.mark.parametrize("write", ["whole", "appended"])
def test_a_write_cut_short_leaves_the_last_file_whole(monkeypatch, write):
    """The disk fills half-way through the write: the temporary file is cut short and removed
    (a whole write: the first save of a window that reopened the game), or the appended line is
    cut off again (the next move's save), and the game's file is the last one written."""
    state = random_play("ncuva", 3, lambda s: s.ply >= 6)
    config = MatchConfig("ncuva", dict(state.game.options))
    game_file = library.GameFile()
    assert game_file.save(config, state) == ""
    before = game_file.path(False).read_bytes()
    if write == "whole":
        game_file = library.GameFile(game_file.id, before.decode())
    real_open = open

    class CutShort(WrappedFile):
        def write(self, data: bytes) -> int:
            self.f.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    for module in (userfiles, appendfile):
        monkeypatch.setattr(module, "open", lambda *a, **k: CutShort(real_open(*a, **k)), raising=False)
    state.play(state.legal_moves()[0])
    words = game_file.save(config, state)
    assert words == game_file.problem and "the disk is full" in words
    assert game_file.path(False).read_bytes() == before
    assert not list(library.games_dir().glob(".*.tmp"))


def test_a_disk_error_no_player_meets_is_said_in_the_systems_words_with_what_to_do(monkeypatch):
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    game_file = library.GameFile()

    def broken(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    words = game_file.save(MatchConfig("kotu_ellima", dict(state.game.options)), state)
    assert tr(words) == (
        "Could not save: the system says: Input/output error. Check the disk. The game is kept "
        "in memory and saved again after the next move."
    )
    assert not game_file.path(False).exists()


def test_an_append_the_disk_takes_nothing_of_is_said_as_a_disk_error_and_nothing_is_lost(monkeypatch):
    """An unbuffered write that writes no byte (and raises nothing): said, the file as it was."""
    state = random_play("ncuva", 3, lambda s: s.ply >= 6)
    config = MatchConfig("ncuva", dict(state.game.options))
    game_file = library.GameFile()
    assert game_file.save(config, state) == ""
    before = game_file.path(False).read_bytes()
    real_open = open

    class TakesNothing(WrappedFile):
        def write(self, data) -> int:
            return 0

    monkeypatch.setattr(appendfile, "open", lambda *a, **k: TakesNothing(real_open(*a, **k)), raising=False)
    state.play(state.legal_moves()[0])
    assert tr(game_file.save(config, state)) == (
        f"Could not save: the system says: {os.strerror(errno.EIO)}. Check the disk. "
        "The game is kept in memory and saved again after the next move."
    )
    assert game_file.path(False).read_bytes() == before


@pytest.mark.skipif(os.name == "nt", reason="a process killed by a signal")
def test_a_save_killed_half_way_is_cleaned_at_the_next_start_and_another_windows_is_not(monkeypatch):
    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 4)
    game_file = library.GameFile()
    assert game_file.save(MatchConfig("kotu_ellima", dict(state.game.options)), state) == ""
    path = game_file.path(False)
    before = path.read_text(encoding="utf-8")
    killed = (
        "import os, signal, sys\nfrom pathlib import Path\nfrom game import userfiles\n"
        "os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
        "userfiles.write_text_atomically(Path(sys.argv[1]), 'half of a newer save')\n"
    )
    run = run_bounded(
        [sys.executable, "-c", killed, str(path)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
    )
    assert run.returncode == -9, run.stderr
    [left] = path.parent.glob(".*.tmp")  # what the killed save left
    another = path.with_name(f".{path.name}.{os.getppid()}-0123abcd.tmp")  # a window saving at this moment
    another.write_text("being written")
    assert path.read_text(encoding="utf-8") == before
    assert [e.id for e in library.scan().unfinished] == [game_file.id]  # the next start
    assert not left.exists() and another.exists()
    old = another.stat().st_mtime - userfiles.STALE_SECONDS - 1  # no save takes ten minutes: left long ago
    os.utime(another, (old, old))
    assert userfiles.clean_leftovers(path.parent) == 1 and not another.exists()


def test_a_data_folder_that_is_a_file_is_said_and_play_goes_on(app):
    userfiles.data_dir().parent.mkdir(parents=True, exist_ok=True)
    userfiles.data_dir().write_text("not a folder")
    scene = pass_and_play(app)
    move_by_mouse(app, scene)
    assert "a file stands where Keliya's folder should be. Move that file away." in visible(app)
    assert scene.match.state.ply == 9 and not scene.match.saving
    assert library.scan().unfinished == []  # the title reads nothing and stops at nothing


def test_a_read_only_games_folder_is_said_on_saves_and_deletes(app, read_only):
    kept = library.GameFile()
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 8)
    assert kept.save(MatchConfig("kotu_ellima", dict(state.game.options)), state) == ""
    read_only(library.games_dir())
    scene = pass_and_play(app)
    move_by_mouse(app, scene)
    assert "Could not save: Keliya may not write in its folder." in visible(app)
    Mouse(app).key(pygame.K_ESCAPE)
    assert "The game is not being saved: Keliya may not write in its folder." in visible(app)
    app.manager.clear()
    screen = LibraryScene(app)
    app.manager.push(screen)
    app.frame([], 1 / 60)
    Mouse(app).key(pygame.K_DELETE)
    Mouse(app).key(pygame.K_RETURN)  # delete it: refused
    assert "The game could not be deleted: Keliya may not write in its folder." in visible(app)
    assert kept.path(False).exists() and [e.id for e in library.scan().unfinished] == [kept.id]


# --- bad files set aside -----------------------------------------------------------------------------
def test_a_bad_file_that_cannot_be_moved_aside_is_said_once(app, read_only):
    bad = library.games_dir() / "20250101-000000-aaaaaa.txt"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text("keliya-save 1\ngame kotu_ellima\n")
    read_only(library.games_dir())
    title = shown_title(app)
    app.manager.push(title)
    assert visible(app).count("A saved game cannot be opened") == 1
    for _ in range(3):  # to the settings and back: the title reads the disk again
        Mouse(app).key(pygame.K_s)
        Mouse(app).key(pygame.K_ESCAPE)
        assert app.manager.top is title
    assert title.notice.count("cannot be opened") == 1 and bad.exists()
    assert library.scan().problems == [] and library.scan().unfinished == []


def test_a_bad_file_is_set_aside_under_its_date_and_time(monkeypatch, tmp_path):
    real_strftime = userfiles.time.strftime
    at = (2025, 1, 2, 3, 4, 5, 3, 2, 0)  # 2 January 2025, 03:04:05
    monkeypatch.setattr(userfiles.time, "strftime", lambda fmt, *a: real_strftime(fmt, a[0] if a else at))
    path = tmp_path / "settings.json"
    path.write_text("bad")
    assert userfiles.set_aside(path).name == "settings.json.bad-20250102-030405"


def test_a_second_bad_file_in_the_same_second_gets_its_own_name(monkeypatch, tmp_path):
    monkeypatch.setattr(userfiles.time, "strftime", lambda fmt, *a: "20250101-000000")
    path = tmp_path / "settings.json"
    moved = []
    for content in ("first bad", "second bad"):
        path.write_text(content)
        moved.append(userfiles.set_aside(path))
    real_link = os.link

    def another_window_first(source, target):  # another window sets a file aside under the next free name now
        if not raced and not Path(target).exists():
            raced.append(Path(target))
            Path(target).write_text("another window's")
        real_link(source, target)

    raced: list[Path] = []

    monkeypatch.setattr(os, "link", another_window_first)
    path.write_text("third bad")
    moved.append(userfiles.set_aside(path))
    assert raced and len(set(moved)) == 3 and path not in moved and not path.exists()
    assert [p.read_text() for p in moved] == ["first bad", "second bad", "third bad"]
    assert sorted(p.read_text() for p in tmp_path.iterdir()) == sorted(
        ["first bad", "second bad", "third bad", "another window's"]
    )


class _System:
    """The ``os`` module as another system (or another moment) shows it to ``userfiles``: the
    names given in place of its own, everything else the real one's."""

    def __init__(self, **changes) -> None:
        self.__dict__.update(changes)

    def __getattr__(self, name: str):
        return getattr(os, name)


@pytest.mark.parametrize("refused", [errno.EPERM, errno.EXDEV])
def test_a_folder_without_hard_links_sets_bad_files_aside_by_renaming_and_never_over_another(
    monkeypatch, tmp_path, refused
):
    """FAT, some network shares, another device: no hard link; the file is renamed, and a name
    already taken in the same second is still never overwritten."""
    monkeypatch.setattr(userfiles.time, "strftime", lambda fmt, *a: "20250101-000000")

    def no_link(source, target):
        raise OSError(refused, os.strerror(refused))

    monkeypatch.setattr(os, "link", no_link)
    assert_two_set_aside_in_one_second_are_both_kept(tmp_path / "settings.json")


def test_a_bad_file_whose_link_is_refused_for_another_reason_stays_where_it_is(monkeypatch, tmp_path):
    def denied(source, target):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "link", denied)
    path = tmp_path / "settings.json"
    path.write_text("bad")
    assert userfiles.set_aside(path) == path  # said as not moved by the caller
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"] and path.read_text() == "bad"


def test_two_windows_setting_one_file_aside_at_once_leave_one_copy(monkeypatch, tmp_path):
    """The other window moves the file away between this window's link and its unlink: this
    window's copy goes again, and the other's is the one kept."""
    real_link = os.link
    path = tmp_path / "settings.json"
    theirs = tmp_path / "settings.json.bad-theirs"

    def the_other_window_moves_it_meanwhile(source, target):
        real_link(source, target)
        if not theirs.exists():
            real_link(source, theirs)
            path.unlink()

    monkeypatch.setattr(os, "link", the_other_window_moves_it_meanwhile)
    path.write_text("bad")
    userfiles.set_aside(path)
    assert [p.name for p in tmp_path.iterdir()] == [theirs.name] and theirs.read_text() == "bad"


def test_on_windows_a_bad_file_is_renamed_aside_and_never_over_another(monkeypatch, tmp_path):
    """Windows' rename never replaces a file; a FAT drive has no hard links (EINVAL)."""

    def windows_rename(source, target):
        if Path(target).exists():
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST))
        os.rename(source, target)

    def no_link(source, target):
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))

    monkeypatch.setattr(userfiles, "os", _System(name="nt", rename=windows_rename, link=no_link))
    monkeypatch.setattr(userfiles.time, "strftime", lambda fmt, *a: "20250101-000000")
    assert_two_set_aside_in_one_second_are_both_kept(tmp_path / "settings.json")


def assert_two_set_aside_in_one_second_are_both_kept(path: Path) -> None:
    """Two bad files set aside at ``path`` in the same second (strftime fixed): both kept, the
    second beside the first, never over it."""
    moved = []
    for content in ("first bad", "second bad"):
        path.write_text(content)
        moved.append(userfiles.set_aside(path))
    assert [p.name for p in moved] == [
        f"{path.name}.bad-20250101-000000",
        f"{path.name}.bad-20250101-000000-1",
    ]
    assert [p.read_text() for p in moved] == ["first bad", "second bad"] and not path.exists()


def _left_by(folder: Path, pid: int) -> Path:
    """A temporary file a save of process ``pid`` left in ``folder``, written just now."""
    left = folder / f".game.txt.{pid}-0123abcd.tmp"
    left.write_text("half a save")
    return left


def test_a_temporary_file_of_another_users_running_process_is_kept(monkeypatch, tmp_path):
    def not_yours(pid, sig):
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "kill", not_yours)
    left = _left_by(tmp_path, 4242)
    assert userfiles.clean_leftovers(tmp_path) == 0 and left.exists()


def test_on_windows_a_fresh_temporary_file_is_kept_whoever_wrote_it(monkeypatch, tmp_path):
    """Windows cannot ask whether a process runs without a risk: a fresh file is left, an old one goes."""

    def gone(pid, sig):
        raise ProcessLookupError(errno.ESRCH, os.strerror(errno.ESRCH))

    monkeypatch.setattr(userfiles, "os", _System(name="nt", kill=gone))
    fresh, old = _left_by(tmp_path, 4242), _left_by(tmp_path, 4343)
    then = old.stat().st_mtime - userfiles.STALE_SECONDS - 1
    os.utime(old, (then, then))
    assert userfiles.clean_leftovers(tmp_path) == 1 and fresh.exists() and not old.exists()


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_cleaning_asks_after_another_window_without_disturbing_it(tmp_path):
    window = subprocess.Popen(
        [sys.executable, "-c", "import sys; print(sys.stdin.readline().strip(), 'back')"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        left = _left_by(tmp_path, window.pid)
        assert userfiles.clean_leftovers(tmp_path) == 0 and left.exists()
    finally:
        out, _ = window.communicate(b"still there?\n")
    assert out == b"still there? back\n" and window.returncode == 0


def _cut_short(text: str) -> str:
    """The save with its last move gone from the move list and the position line kept."""
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("moves "))
    lines[i] = lines[i].rsplit(" ", 1)[0]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("done", [False, True])
def test_a_move_list_short_of_its_position_is_refused_and_set_aside(done):
    state = finished("kotu_ellima", 1) if done else random_play("kotu_ellima", 1, lambda s: s.ply >= 9)
    game_file = library.GameFile()
    assert game_file.save(MatchConfig("kotu_ellima", dict(state.game.options)), state) == ""
    path = game_file.path(done)
    path.write_text(_cut_short(path.read_text(encoding="utf-8")), encoding="utf-8")
    lib = library.scan()
    assert lib.finished == [] and lib.unfinished == []
    [problem] = lib.problems
    assert "moves do not" in problem and "moved to" in problem
    assert not path.exists() and len(list(path.parent.glob("*.bad-*"))) == 1


def test_the_temporary_file_is_synced_before_it_is_renamed(monkeypatch, tmp_path):
    steps: list[tuple[str, int]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        steps.append(("sync", os.fstat(fd).st_ino))
        real_fsync(fd)

    def replace(source, target) -> None:
        steps.append(("rename", os.stat(source).st_ino))
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    userfiles.write_text_atomically(tmp_path / "game.txt", "a whole game")
    [temp] = [ino for step, ino in steps if step == "rename"]
    assert steps.index(("sync", temp)) < steps.index(("rename", temp))
    if os.name != "nt":  # and the folder after the rename, so that the new name survives a power cut too
        assert steps.index(("rename", temp)) < steps.index(("sync", tmp_path.stat().st_ino))


# --- settings --------------------------------------------------------------------------------------
def test_a_settings_save_that_fails_is_shown_in_the_settings(app, monkeypatch):
    screen = SettingsScene(app)
    app.manager.push(screen)
    with monkeypatch.context() as m:
        disk_full(m)
        Mouse(app).key(pygame.K_RIGHT)  # sound: off
        shown = visible(app)
        assert "The settings could not be saved: the disk is full." in shown and "Saved." not in shown
        assert user_settings.current().sound is False  # in force until Keliya closes
    Mouse(app).key(pygame.K_LEFT)
    assert "Saved." in visible(app) and "could not be saved" not in visible(app)
    assert user_settings.load_settings()[0].sound is True


def test_a_settings_folder_that_is_a_file_is_said(app):
    userfiles.config_dir().parent.mkdir(parents=True, exist_ok=True)
    userfiles.config_dir().write_text("not a folder")
    app.manager.push(SettingsScene(app))
    Mouse(app).key(pygame.K_RIGHT)
    assert "The settings could not be saved: a file stands where Keliya's folder should be." in visible(app)


def test_a_read_only_settings_folder_never_claims_a_file_was_moved(read_only):
    path = user_settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    read_only(path.parent)
    settings, problem = user_settings.load_settings()
    assert "could not be read" in problem and "moved" not in problem and str(path) not in problem
    assert path.exists() and settings == user_settings.Settings()


# --- two windows -----------------------------------------------------------------------------------
def test_two_windows_on_one_game_say_so_and_leave_no_duplicate(app):
    """Window A and window B resume one game; A moves, then B moves differently: B's game is kept
    apart and B's panel says so (the next line used to say silence over it). Window C, on the
    same game, leaves without a move: no third, identical copy."""
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 8)
    first = library.GameFile()
    assert first.save(MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS), state) == ""
    entry = library.scan().unfinished[0]

    def window() -> tuple[saves.SavedMatch, library.GameFile]:
        return library.reopen(entry)

    (a_match, a_file), (b_match, b_file), (c_match, c_file) = window(), window(), window()
    a = Match(a_match.config, a_match.state, None, a_file)
    a.play(a.state.legal_moves()[0])
    app.manager.push(MenuScene(app))
    c = PlayScene(app, c_match.config, c_match.state, c_file)
    app.manager.push(c)
    b = PlayScene(app, b_match.config, b_match.state, b_file)
    app.manager.push(b)
    app.frame([], 1 / 60)
    move_by_mouse(app, b, -1)
    assert "this window's game is kept as a separate game in Saved games" in visible(app)
    assert b.match.game_file.id != first.id
    move_by_mouse(app, b)
    assert "separate game" not in visible(app)  # said once, then the game goes on in its own file
    app.manager.pop()
    Mouse(app).key(pygame.K_ESCAPE)
    Mouse(app).key(pygame.K_m)  # window C: save and leave, with nothing of its own
    assert isinstance(app.manager.top, MenuScene)
    games = library.scan().unfinished
    assert len(games) == 2 and len({g.match.state.to_text() for g in games}) == 2
    assert {g.id for g in games} == {first.id, b.match.game_file.id}


def test_two_windows_making_the_same_move_keep_one_game():
    """The other window made this very move: nothing to keep apart, so no second entry and no
    words about a separate game."""
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 6)  # one legal move here
    first = library.GameFile()
    assert first.save(MatchConfig("kotu_ellima", dict(state.game.options)), state) == ""
    entry = library.scan().unfinished[0]
    (a_match, a_file), (b_match, b_file) = library.reopen(entry), library.reopen(entry)
    for match, game_file in ((a_match, a_file), (b_match, b_file)):
        [move] = match.state.legal_moves()
        match.state.play(move)
        assert game_file.save(match.config, match.state) == ""
    assert b_file.id == first.id and [e.id for e in library.scan().unfinished] == [first.id]
