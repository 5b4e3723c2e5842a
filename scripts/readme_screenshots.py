#!/usr/bin/env python3
"""Refresh docs/screenshots/: one 960x600 picture per game, taken by the app's own ``--screenshots``.

    SDL_VIDEODRIVER=dummy python scripts/readme_screenshots.py

Runs ``main.py --screenshots`` into a temporary folder and copies the chosen scenes under the
games' ids (the README shows them). Total about 0.5 MB.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SIZE = "960x600"
#: game id (or "title") -> the scene of the screenshot tour that shows it best
CHOSEN = {
    "title": "01_title",
    "sixteen_soldiers": "13b_play_chain_may_stop",
    "peralikatuma": "18_play_computer_thinking",
    "kotu_ellima": "11_play_chain_in_progress",
    "cows_leopards": "15_play_cows_leopards_drops",
    "hat_diviyan_keliya": "16_play_hat_diviyan_keliya",
    "battlehalma": "34_squares_leap_chain_in_progress",
    "ncuva": "42_ncuva_hover_preview",
}


def main() -> int:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshots", tmp], check=True, env=env)
        OUT.mkdir(parents=True, exist_ok=True)
        total = 0
        for name, scene in CHOSEN.items():
            src = Path(tmp) / f"{SIZE}_{scene}.png"
            if not src.is_file():
                raise SystemExit(f"the screenshot tour made no {src.name}")
            shutil.copyfile(src, OUT / f"{name}.png")
            total += src.stat().st_size
    print(f"{len(CHOSEN)} pictures in {OUT} ({total / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
