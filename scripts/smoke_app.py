#!/usr/bin/env python3
"""Smoke-test the standalone app: start the built binary headless and check it works.

    python scripts/smoke_app.py [dist/keliya/keliya]

Checks: the bundle holds the sounds, the typefaces, the translations and the AI's weights and books;
``--list`` prints every game; a first frame in each language; the solver
helper (``keliya -m game.ai.solver``) runs; the AI finds its weights and books
(``keliya -m game.ai.evaluation``); ``--exit-after-first-frame`` (with sound) exits 0;
``--screenshots DIR``, a tool of the source checkout that the bundle leaves out, says so in one
line and exits non-zero, without a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' bound on a child's work (a checkout's script)
from tests.hang_guard import run as run_bounded  # noqa: E402

DEFAULT = ROOT / "dist" / "keliya" / ("keliya.exe" if os.name == "nt" else "keliya")
LANGUAGES = ("si", "ta", "bn")


def _env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KELIYA_NO_DIALOG="1")


def _run(exe: Path, *args: str) -> subprocess.CompletedProcess:
    out = run_bounded([str(exe), *args], capture_output=True, text=True, env=_env())
    if out.returncode != 0:
        raise SystemExit(
            f"FAIL {' '.join(args)}: exit {out.returncode}\n{out.stdout[-800:]}\n{out.stderr[-2000:]}"
        )
    return out


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
    out = _run(exe, "-m", "game.ai.solver", "--help")  # how the app starts its solver
    if "usage:" not in out.stdout:
        raise SystemExit("FAIL the bundled solver helper did not answer")
    report.append("-m game.ai.solver --help: the helper runs inside the bundle")
    out = _run(exe, "-m", "game.ai.evaluation")  # the AI reads its data inside the bundle
    if "learned evaluation: kotu_ellima" not in out.stdout or "opening book: kotu_ellima" not in out.stdout:
        raise SystemExit(f"FAIL the bundled AI did not find its weights and books:\n{out.stdout}")
    report.append("-m game.ai.evaluation: the learned evaluations and opening books load inside the bundle")
    started = time.perf_counter()
    out = _run(exe, "--exit-after-first-frame")
    if "first-frame" not in out.stdout:
        raise SystemExit("FAIL --exit-after-first-frame drew no frame")
    report.append(f"first frame (sound on): exit 0 after {time.perf_counter() - started:.2f} s")
    for code in LANGUAGES:
        _run(exe, "--exit-after-first-frame", "--lang", code)
    report.append(
        f"first frame in {', '.join(LANGUAGES)}: exit 0 (their typefaces and catalogues are inside)"
    )
    with tempfile.TemporaryDirectory() as tmp:  # the screenshot tool is the checkout's, not the app's
        out = run_bounded([str(exe), "--screenshots", tmp], capture_output=True, text=True, env=_env())
        said = (out.stdout + out.stderr).strip()
        if out.returncode == 0 or "needs a source checkout" not in said or "Traceback" in said:
            raise SystemExit(f"FAIL --screenshots in the bundle: exit {out.returncode}\n{said[-2000:]}")
        if list(Path(tmp).iterdir()):
            raise SystemExit("FAIL --screenshots in the bundle wrote files")
        report.append(f"--screenshots: exit {out.returncode}, one line saying it needs a source checkout")
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
