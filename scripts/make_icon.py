#!/usr/bin/env python3
"""Render the app icon to packaging/keliya.png with the app's own drawing code.

python scripts/make_icon.py            # writes packaging/keliya.png (256x256)
python scripts/make_icon.py --install  # also a Linux menu entry for this checkout (~/.local/share)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ICON = ROOT / "packaging" / "keliya.png"


def render(path: Path = ICON, size: int = 256) -> Path:
    import pygame

    from game.icon import icon_surface

    pygame.display.init()
    pygame.display.set_mode((1, 1))  # sprites convert to the display format
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(icon_surface(size), str(path))
    return path


def install() -> Path:
    """A .desktop entry that starts this checkout's main.py with this Python, with the icon."""
    template = (ROOT / "packaging" / "keliya.desktop").read_text()
    text = template.replace("Exec=keliya-gui", f"Exec={sys.executable} {ROOT / 'main.py'}").replace(
        "Icon=keliya", f"Icon={ICON}"
    )
    data = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    target = data / "applications" / "keliya.desktop"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return target


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--install", action="store_true", help="write ~/.local/share/applications/keliya.desktop")
    args = ap.parse_args(argv)
    print(f"icon: {render()}")
    if args.install:
        print(f"menu entry: {install()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
