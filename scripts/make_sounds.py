#!/usr/bin/env python3
"""Write every sound effect once to assets/sounds/*.wav, so start-up does not synthesise them.

Run after changing a recipe in game/sound.py (a test fails while the files are out of date):
    python scripts/make_sounds.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.sound import RATE, recipes, sounds_dir, write_wav  # noqa: E402


def main() -> int:
    out = sounds_dir()
    for name, wave_ in recipes(RATE).items():
        write_wav(out / f"{name}.wav", wave_)
    print(f"wrote {len(recipes(RATE))} effects to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
