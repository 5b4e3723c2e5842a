#!/usr/bin/env python3
"""Build the standalone one-folder app with PyInstaller: dist/keliya/keliya (keliya.exe on Windows).

    pip install pyinstaller          # a build tool only: not a dependency of Keliya
    python scripts/build_app.py      # then: python scripts/smoke_app.py

The folder holds Python, pygame-ce, pymunk, the typeface (assets/fonts/), the cached sound effects
(assets/sounds/), the AI's learned evaluations and opening books (game/ai/weights/, game/ai/books/)
and the icon; copy it anywhere and start ``keliya`` inside it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BUILD = ROOT / "build"
NAME = "keliya"
#: the repository's development packages, which the app never needs: left out of the bundle even
#: where the app names them (``--screenshots`` imports tools/ in a checkout, and says it needs one here)
DEVELOPMENT = ("tools", "training", "tests", "benchmarks", "scripts")


def data_args() -> list[str]:
    """--add-data for every file the app reads at run time (source:destination in the bundle)."""
    pairs = [
        (ROOT / "assets", "game/assets"),  # inside the package, as an installed copy keeps them
        (ROOT / "game" / "ai" / "weights", "game/ai/weights"),  # the learned evaluations
        (ROOT / "game" / "ai" / "books", "game/ai/books"),
    ]  # the opening books
    return [f"--add-data={src}{os.pathsep}{dest}" for src, dest in pairs if src.is_dir()]


def build(dist: Path = DIST, work: Path = BUILD) -> Path:
    """Run PyInstaller; returns the built executable's path."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        sys.exit("PyInstaller is not installed: pip install pyinstaller")
    icon = ROOT / "packaging" / "keliya.png"
    if not icon.is_file():  # committed; drawn again only if missing
        subprocess.run([sys.executable, str(ROOT / "scripts" / "make_icon.py")], check=True)
    args = [
        str(ROOT / "main.py"),
        f"--name={NAME}",
        "--onedir",
        "--windowed",
        "--noconfirm",
        "--clean",
        f"--distpath={dist}",
        f"--workpath={work}",
        f"--specpath={work}",
        "--collect-submodules=game",
        "--collect-submodules=rules",
        *(f"--exclude-module={name}" for name in DEVELOPMENT),
        "--log-level=WARN",
        *data_args(),
    ]
    if icon.is_file():
        args.append(f"--add-data={icon}{os.pathsep}packaging")
    pyinstaller.run(args)
    return dist / NAME / (NAME + (".exe" if os.name == "nt" else ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=DIST, help="where the app folder goes (default dist/)")
    ap.add_argument("--work", type=Path, default=BUILD, help="PyInstaller's scratch folder (default build/)")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    shutil.rmtree(args.dist / NAME, ignore_errors=True)
    exe = build(args.dist, args.work)
    size = sum(f.stat().st_size for f in (args.dist / NAME).rglob("*") if f.is_file())
    print(f"built {exe} in {time.perf_counter() - started:.0f} s ({size / 1e6:.0f} MB)")
    return 0 if exe.exists() else 1


if __name__ == "__main__":
    raise SystemExit(main())
