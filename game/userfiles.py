"""Where Keliya keeps what it remembers (settings, the game in progress), and how a file that
cannot be read is handled: reported in words and moved aside, never a crash.

The folders come from platformdirs (the user's config and data directories); the environment
variable ``KELIYA_HOME`` puts both under one folder instead (tests, portable installs).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs

APP = "keliya"


def config_dir() -> Path:
    home = os.environ.get("KELIYA_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    home = os.environ.get("KELIYA_HOME")
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP))


def set_aside(path: Path) -> Path:
    """Move an unreadable file out of the way (``name.bad-<time>``) so the next start is clean;
    return where it went (the path itself if even that failed)."""
    target = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        path.replace(target)
        return target
    except OSError:
        return path


def write_text_atomically(path: Path, text: str) -> None:
    """Write via a temporary file and a rename, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
