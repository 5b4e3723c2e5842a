"""Adding to the end of a player's file without tearing it: what a long game's save does after
every move instead of writing its whole history again (``library.GameFile``).

``userfiles.write_bytes_atomically`` (temporary file, sync, rename) stays the way a file is
written whole; an append is the other way, and keeps the same promises: it is synced before it
counts, a write that fails is cut off again so the file is exactly what it was, and a kill
half-way leaves at most a line without its end, which the readers leave out
(``saves.drop_torn_tail``). It writes only to the very file its writer left (same inode, same
size): a file another window replaced or added to is left alone, for the whole save to judge.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path


def append_bytes(path: Path, data: bytes, size: int, inode: int) -> os.stat_result | None:
    """Add ``data`` at the end of ``path``, synced to disk, if the file is still the one this
    writer left (``inode``, ``size`` bytes); None, and nothing written, if it is not. OSError if
    the write fails, the file then cut back to ``size`` bytes. Returns the file's status after
    the write."""
    with open(path, "r+b", buffering=0) as f:
        before = os.fstat(f.fileno())
        if before.st_ino != inode or before.st_size != size:
            return None
        f.seek(size)
        try:
            left = memoryview(data)
            while left:  # an unbuffered write may take part of it
                done = f.write(left)
                if not done:
                    raise OSError(errno.EIO, os.strerror(errno.EIO))
                left = left[done:]
            os.fsync(f.fileno())
        except BaseException:
            try:
                f.truncate(size)
                os.fsync(f.fileno())
            except OSError:
                pass  # a line without its end is left out by readers; the game before it is whole
            raise
        return os.fstat(f.fileno())
