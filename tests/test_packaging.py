"""What ``pip install`` ships: every package of the repository (the list in pyproject.toml is
written out by hand, because the assets at the top level map into the package), and the
typeface and the sounds inside an installed copy, where the app finds them."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import tomllib
from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_for_install():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set(find_packages(str(ROOT), include=["rules*", "game*", "tools*"]))
    assert found | {"game.assets"} == listed


@pytest.mark.build
def test_a_wheel_carries_the_assets_where_the_app_reads_them(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    wheel = next(tmp_path.glob("keliya-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    # the translators' sources (.pot, .po) stay in the repository: the app reads the compiled .mo
    assets = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and p.suffix not in (".po", ".pot") and "__pycache__" not in p.parts
    )
    assert assets and all(f"game/{a}" in names for a in assets), [
        a for a in assets if f"game/{a}" not in names
    ]
    assert {f"game/assets/locale/{code}/LC_MESSAGES/keliya.mo" for code in ("si", "ta", "bn")} <= names
    assert "game/assets_path.py" in names and "tools/shots/__init__.py" in names
