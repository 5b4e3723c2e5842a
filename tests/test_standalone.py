"""The standalone app: build it with PyInstaller into a temporary folder and smoke-test the binary.

Skipped where PyInstaller is not installed (it is in the ``test`` extra, so CI runs it); about
half a minute on an idle machine. Deselect with ``pytest -m "not build"``.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

from tests.hang_guard import run as run_bounded

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.build,
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None, reason="PyInstaller is not installed"
    ),
]


def test_standalone_app_builds_and_runs(tmp_path):
    built = run_bounded(
        [
            sys.executable,
            str(ROOT / "scripts" / "build_app.py"),
            "--dist",
            str(tmp_path / "dist"),
            "--work",
            str(tmp_path / "work"),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    # the bundle's Python modules (PyInstaller's table of the archive): the app, not the tooling
    _, entries = ast.literal_eval((tmp_path / "work" / "keliya" / "PYZ-00.toc").read_text())
    bundled = {name for name, _path, _kind in entries}
    assert {"game.launch", "game.ai.worker", "rules"} <= bundled
    development = ("tools", "training", "tests", "benchmarks", "scripts")
    assert not sorted(m for m in bundled if m.split(".")[0] in development)
    exe = next((tmp_path / "dist" / "keliya").glob("keliya*"))
    smoke = run_bounded(
        [sys.executable, str(ROOT / "scripts" / "smoke_app.py"), str(exe)],
        capture_output=True,
        text=True,
    )
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr[-3000:]
    assert "PASS" in smoke.stdout
