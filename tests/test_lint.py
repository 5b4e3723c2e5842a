"""The code base stays `ruff check`, `ruff format` and `mypy` clean, and the rules and AI never
import pygame."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]' brings it)")
    out = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_formatted():
    """The code is as ``ruff format`` writes it (pyproject.toml's settings), so a diff shows only
    what changed: run ``ruff format`` before committing."""
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]' brings it)")
    out = subprocess.run([ruff, "format", "--check", str(ROOT)], capture_output=True, text=True)
    assert out.returncode == 0, "run `ruff format`:\n" + out.stdout + out.stderr


def test_rules_and_ai_never_import_pygame():
    pattern = re.compile(r"^\s*(import|from)\s+(pygame|pymunk)", re.M)
    for folder in ("rules", "game/ai"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not pattern.search(path.read_text()), f"{path} imports pygame/pymunk"


def test_mypy_clean():
    """The type checker passes: with mypy --strict's checks on the rules, the computer and the
    match model (pyproject.toml's overrides: ``mypy --strict rules game/ai game/match`` passes
    too), checked on the rest."""
    mypy = shutil.which("mypy") or str(Path(sys.executable).parent / "mypy")
    if not Path(mypy).exists():
        pytest.skip("mypy is not installed (pip install -e '.[test]' brings it)")
    out = subprocess.run([mypy], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr
