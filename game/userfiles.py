"""Where Keliya keeps what it remembers (settings, saved games, solver tables), and how its files
are written and read so that nothing a player does can tear, collide or crash:

- a write goes to a temporary file of its own (process id and a random part in the name, so
  two Keliya windows never share one), flushed and synced before it is renamed over the old
  file: a reader sees the old file or the new one, never half of either;
- a read is capped in size (per kind of file: ``MAX_BYTES``, ``MAX_SETTINGS_BYTES``; the solver
  tables their own) and takes regular files only, opened without blocking: a FIFO, a folder or a
  device where a file should be would hang the app for ever or feed it without end. Any failure
  (not a file, unreadable, not text, too big, anything) comes back as ``UserFileError`` in words;
  the caller reports it and moves the file aside (``set_aside``), under a name no other file has
  (a second bad file in the same second never overwrites the first);
- a write that fails is said in the player's words with what to do (``save_problem``: a full
  disk, a folder Keliya may not write in, a data folder that is a file);
- temporary files a killed save left behind are removed at the next start (``clean_leftovers``),
  only those no running Keliya can still be writing.

The folders come from platformdirs (the user's config and data directories); the environment
variable ``KELIYA_HOME`` puts both under one folder instead (tests, portable installs).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from pathlib import Path

import platformdirs

from rules.words import N_, Words

APP = "keliya"
#: the largest game file Keliya reads, saved, dropped or imported (a saved game of thousands of
#: moves is a few hundred KB)
MAX_BYTES = 1_000_000
#: the largest settings file (a hundred games' setups are a few tens of KB)
MAX_SETTINGS_BYTES = 200_000
#: how a user file is opened: read-only, never waiting for a writer (a FIFO), never becoming the
#: controlling terminal (a tty), binary on Windows
READ_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
)
#: a temporary file older than this is no write in progress (a save takes milliseconds; a slow
#: disk, seconds), whoever's process id its name carries
STALE_SECONDS = 600
#: ``_temp_name``'s pattern: the file it stands in for, the writer's process id, a random part
TEMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-[0-9a-f]{8}\.tmp$")


class UserFileError(ValueError):
    """A file of the player's that cannot be used; the message says why in words."""


def config_dir() -> Path:
    home = os.environ.get("KELIYA_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    home = os.environ.get("KELIYA_HOME")
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP))


def set_aside(path: Path) -> Path:
    """Move an unreadable file out of the way (``name.bad-<time>``, numbered if that is taken) so
    the next start is clean; return where it went (the path itself if it could not be moved).
    A name already taken is never overwritten, even by another window setting a file aside in
    the same second: the move is a hard link that fails on a taken name, then the unlink."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        try:
            _move_unless_taken(path, target)
            return target
        except FileExistsError:
            continue
        except OSError:
            return path
    return path


def _move_unless_taken(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target``; FileExistsError (and nothing moved) if ``target`` exists."""
    if os.name == "nt":  # Windows' rename never replaces an existing file
        os.rename(source, target)
        return
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if target.exists():  # a folder without hard links (FAT, some shares): checked, then renamed
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target)) from None
        os.rename(source, target)
        return
    try:
        os.unlink(source)
    except FileNotFoundError:  # another window set the same file aside at this moment: one copy is enough
        os.unlink(target)
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target)) from None


def _process_running(pid: int) -> bool:
    """Whether process ``pid`` may still be running (unknowable on Windows without a risk: True)."""
    if os.name == "nt" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process (EPERM): running
        return True
    return True


def clean_leftovers(folder: Path, now: float | None = None) -> int:
    """Remove the temporary files saves killed half-way left in ``folder``; how many went. Only
    files no Keliya can still be writing: its process has ended (another window's save in
    progress is never touched) or it is older than ``STALE_SECONDS`` (a process id reused).
    Never raises: a folder that cannot be read or a file that cannot go is left as it is."""
    now = time.time() if now is None else now
    removed = 0
    try:
        names = [p for p in folder.iterdir() if TEMP_NAME.match(p.name)]
    except OSError:
        return 0
    for path in names:
        match = TEMP_NAME.match(path.name)
        assert match is not None
        pid = int(match["pid"])
        try:
            old = now - path.stat().st_mtime > STALE_SECONDS
            if old or (pid != os.getpid() and not _process_running(pid)):
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _temp_name(path: Path) -> Path:
    """A name no other writer picks. ``os.urandom(n).hex()`` is what ``secrets.token_hex(n)``
    returns, without ``secrets``' import of hashlib and OpenSSL before the first frame (issue 29, item 5)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file of this write alone, synced to disk
    before the rename: a crash or a second window never leaves a torn or half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_name(path)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Sync the folder after the rename (POSIX), so the new name survives a power cut too; best
    effort: the file itself is already safe."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_text_atomically(path: Path, text: str) -> None:
    """``write_bytes_atomically`` for UTF-8 text."""
    write_bytes_atomically(path, text.encode("utf-8"))


def read_bytes_capped(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``; ``UserFileError`` in words if it is not a regular file (a folder, a
    FIFO, a device: refused before a byte is read, without waiting), cannot be read or is over
    ``limit`` bytes. Every read of a player's file goes through here."""
    try:
        fd = os.open(path, READ_FLAGS)
    except OSError as e:
        if e.errno == errno.EISDIR:  # Windows, and some systems, refuse to open a folder at all
            raise UserFileError(NOT_A_FILE) from None
        raise UserFileError(Words("it cannot be read ({problem})", problem=str(e.strerror or e))) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UserFileError(NOT_A_FILE)
        if info.st_size > limit:
            raise _too_large(limit)
        chunks, size = [], 0
        while size <= limit:  # a file growing while it is read stops at the cap all the same
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise UserFileError(Words("it cannot be read ({problem})", problem=str(e.strerror or e))) from None
    finally:
        os.close(fd)
    if size > limit:
        raise _too_large(limit)
    return b"".join(chunks)


#: why a folder, a FIFO, a socket or a device is not read, in a player's words
NOT_A_FILE = N_("it is not a file but a folder, a pipe or a device")


def _too_large(limit: int) -> UserFileError:
    return UserFileError(
        Words("it is larger than {size} KB, far more than Keliya ever writes", size=f"{limit // 1000:,}")
    )


def read_text_capped(path: Path, limit: int = MAX_BYTES) -> str:
    """The text of ``path`` (UTF-8, a byte-order mark allowed); ``UserFileError`` in words if it
    cannot be read, is too big or is not text."""
    return decode_text(read_bytes_capped(path, limit))


def decode_text(data: bytes) -> str:
    """UTF-8 text (a byte-order mark allowed); ``UserFileError`` if it is not text."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserFileError("it is not a text file") from None
    if "\x00" in text:
        raise UserFileError("it is not a text file")
    return text


#: errno -> (why, in a player's words; what to do about it)
_FULL = (N_("the disk is full"), N_("Free some space on it."))
_LIMIT = (
    N_("the file would be larger than this system allows"),
    N_("Free some space or raise the file-size limit."),
)
_DENIED = (N_("Keliya may not write in its folder"), N_("Give Keliya permission to write there."))
_READ_ONLY = (N_("the disk is read-only"), _DENIED[1])
_NOT_FOLDER = (N_("a file stands where Keliya's folder should be"), N_("Move that file away."))
PROBLEMS = {
    errno.ENOSPC: _FULL,
    getattr(errno, "EDQUOT", errno.ENOSPC): _FULL,
    errno.EFBIG: _LIMIT,
    errno.EACCES: _DENIED,
    errno.EPERM: _DENIED,
    errno.EROFS: _READ_ONLY,
    errno.ENOTDIR: _NOT_FOLDER,
    errno.EEXIST: _NOT_FOLDER,
}


def save_problem(error: OSError) -> tuple[str, str]:
    """Why a write failed and what the player can do, in words (the system's own words, which
    are not translated, only for a failure no player meets: a disk error, say)."""
    known = PROBLEMS.get(error.errno or 0)
    if known is not None:
        return known
    return Words("the system says: {problem}", problem=str(error.strerror or error)), N_("Check the disk.")
