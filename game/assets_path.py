"""Where the files the app ships live (``assets/``: the typeface, the sound effects).

The repository keeps them at its top level, beside ``game/``; an installed copy (``pip install``,
mapped by ``package-dir`` in pyproject.toml) and the standalone build keep them inside the
package as ``game/assets``. Both are found the same way, so a checkout, an editable install, a
wheel and the bundle all read the same files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent


@cache
def assets_dir() -> Path:
    """The folder that holds ``fonts/`` and ``sounds/`` (looked for once: the text layout asks
    for a face thousands of times a second)."""
    for candidate in (_HERE / "assets", _HERE.parent / "assets"):
        if (candidate / "fonts").is_dir():
            return candidate
    return _HERE.parent / "assets"
