"""Where Keliya keeps what it remembers (settings, saved games, solver tables), and how its files
are written and read so that nothing a player does can tear, collide or crash:

- a write goes to a temporary file of its own (process id and a random part in the name, so
  two Keliya windows never share one), flushed and synced before it is renamed over the old
  file: a reader sees the old file or the new one, never half of either;
- a read is capped in size and any failure (unreadable, not text, too big, anything) comes back
  as ``UserFileError`` in words; the caller reports it and moves the file aside (``set_aside``).

The folders come from platformdirs (the user's config and data directories); the environment
variable ``KELIYA_HOME`` puts both under one folder instead (tests, portable installs).
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

import platformdirs

from rules.words import Words

APP = "keliya"
#: the largest user file Keliya reads (a saved game of thousands of moves is a few hundred KB)
MAX_BYTES = 1_000_000


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
    the next start is clean; return where it went (the path itself if even that failed)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        if target.exists():
            continue
        try:
            path.replace(target)
            return target
        except OSError:
            return path
    return path


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


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


def write_text_atomically(path: Path, text: str) -> None:
    """``write_bytes_atomically`` for UTF-8 text."""
    write_bytes_atomically(path, text.encode("utf-8"))


def read_bytes_capped(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``; ``UserFileError`` if it cannot be read or is over ``limit`` bytes."""
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise UserFileError(Words("it cannot be read ({problem})", problem=str(e.strerror or e))) from None
    if len(data) > limit:
        raise UserFileError(Words("it is larger than {size} KB, far more than Keliya ever writes",
                                  size=f"{limit // 1000:,}"))
    return data


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
