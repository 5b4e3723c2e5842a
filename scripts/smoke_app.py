#!/usr/bin/env python3
"""Smoke-test the standalone app: start the built binary headless and check it works.

    python scripts/smoke_app.py [dist/keliya/keliya]

Checks: the bundle holds the sounds, the typefaces, the translations and the AI's weights and books;
``--list`` prints every game; a first frame in each language; the solver
helper (``keliya -m game.ai.solver``) runs; the AI finds its weights and books
(``keliya -m game.ai.evaluation``); ``--exit-after-first-frame`` (with sound) exits 0;
``--screenshots DIR`` exits 0 and every scene's PNG is there and not blank.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "dist" / "keliya" / ("keliya.exe" if os.name == "nt" else "keliya")
MIN_SHOTS = 40  # the screenshot tour has 20-odd scenes at each of two sizes
#: a scene of every kind must be there (parts of the screenshots' file names)
LANGUAGES = ("si", "ta", "bn")
SCENES = ("title", "menu", "setup", "rules", "coin_toss", "play", "game_over", "squares", "ncuva")


def _env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KELIYA_NO_DIALOG="1")


def _run(exe: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    out = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=timeout, env=_env())
    if out.returncode != 0:
        raise SystemExit(
            f"FAIL {' '.join(args)}: exit {out.returncode}\n{out.stdout[-800:]}\n{out.stderr[-2000:]}"
        )
    return out


def blank(path: Path) -> bool:
    """True if the picture is one flat colour (nothing was drawn)."""
    import pygame

    surf = pygame.image.load(str(path))
    small = pygame.transform.scale(surf, (64, 40))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(40)}
    return len(colours) < 8


def check(exe: Path) -> list[str]:
    """Run the checks; returns lines of report (raises SystemExit on a failure)."""
    report = []
    if not exe.exists():
        raise SystemExit(f"FAIL no app at {exe}: build it with python scripts/build_app.py")
    internal = exe.parent / "_internal"
    for pattern in (
        "game/assets/sounds/*.wav",
        "game/assets/fonts/*",
        "game/assets/fonts/NotoSansSinhala*",
        "game/assets/fonts/NotoSansTamil*",
        "game/assets/fonts/NotoSansBengali*",
        *(f"game/assets/locale/{code}/LC_MESSAGES/keliya.mo" for code in LANGUAGES),
        "game/ai/weights/*.json",
        "game/ai/books/*.json",
    ):
        if internal.is_dir() and not list(internal.glob(pattern)):
            raise SystemExit(f"FAIL the bundle lacks {pattern}")
    out = _run(exe, "--list")
    for gid in (
        "sixteen_soldiers",
        "peralikatuma",
        "kotu_ellima",
        "cows_leopards",
        "hat_diviyan",
        "battlehalma",
        "ncuva",
    ):
        if gid not in out.stdout:
            raise SystemExit(f"FAIL --list does not name {gid}")
    report.append("--list: 7 games")
    out = _run(exe, "-m", "game.ai.solver", "--help", timeout=60)  # how the app starts its solver
    if "usage:" not in out.stdout:
        raise SystemExit("FAIL the bundled solver helper did not answer")
    report.append("-m game.ai.solver --help: the helper runs inside the bundle")
    out = _run(exe, "-m", "game.ai.evaluation", timeout=60)  # the AI reads its data inside the bundle
    if "learned evaluation: kotu_ellima" not in out.stdout or "opening book: kotu_ellima" not in out.stdout:
        raise SystemExit(f"FAIL the bundled AI did not find its weights and books:\n{out.stdout}")
    report.append("-m game.ai.evaluation: the learned evaluations and opening books load inside the bundle")
    started = time.perf_counter()
    out = _run(exe, "--exit-after-first-frame", timeout=60)
    if "first-frame" not in out.stdout:
        raise SystemExit("FAIL --exit-after-first-frame drew no frame")
    report.append(f"first frame (sound on): exit 0 after {time.perf_counter() - started:.2f} s")
    for code in LANGUAGES:
        _run(exe, "--exit-after-first-frame", "--lang", code, timeout=60)
    report.append(
        f"first frame in {', '.join(LANGUAGES)}: exit 0 (their typefaces and catalogues are inside)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        out = _run(exe, "--screenshots", tmp)
        shots = sorted(Path(tmp).glob("*.png"))
        said = next(
            (
                int(w)
                for line in out.stdout.splitlines()
                if line.startswith("saved ")
                for w in line.split()[1:2]
            ),
            -1,
        )
        if len(shots) < MIN_SHOTS or said != len(shots):
            raise SystemExit(
                f"FAIL {len(shots)} screenshots on disk, the app said {said} (at least {MIN_SHOTS})"
            )
        scenes = {p.name.split("_", 1)[1] for p in shots}
        for size in ("1280x800", "960x600"):
            lacking = sorted(s for s in scenes if not (Path(tmp) / f"{size}_{s}").is_file())
            if lacking:
                raise SystemExit(f"FAIL no {size} picture of {', '.join(lacking)}")
        for needed in SCENES:
            if not any(needed in s for s in scenes):
                raise SystemExit(f"FAIL no screenshot of the {needed} scene")
        empty = [p.name for p in shots if blank(p)]
        if empty:
            raise SystemExit(f"FAIL blank screenshots: {', '.join(empty)}")
        report.append(
            f"--screenshots: exit 0, {len(shots)} scenes drawn, none blank "
            f"({time.perf_counter() - started:.0f} s)"
        )
    return report


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    exe = Path(argv[0]) if argv else DEFAULT
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    for line in check(exe):
        print("ok  " + line)
    print(f"PASS {exe}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
