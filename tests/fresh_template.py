"""The catalogue's template extracted from the code as it is now, once a run: the check that the
committed template is current and the check that its references follow the code read the same
extraction (it reads every source file: a few seconds each time)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

from tests.script_loader import load_script


@cache
def fresh_template() -> Path:
    """``scripts/catalogue.py extract`` written into a folder of its own, removed at exit."""
    folder = Path(tempfile.mkdtemp(prefix="keliya-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    out = folder / "keliya.pot"
    assert load_script("catalogue").extract(out) == 0, "extracting the template failed"
    return out
