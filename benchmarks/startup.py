"""Launch to first frame: start ``python main.py --exit-after-first-frame`` as a fresh process
several times and report how long the title took to reach the screen, with and without sound.

    SDL_VIDEODRIVER=dummy python -m benchmarks.startup --runs 7

The child prints the wall-clock time of its first ``display.flip``; the time counted is from just
before the process is spawned (so interpreter start and every import are included).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def launch_once(extra: list[str], env: dict[str, str] | None = None) -> float:
    """Seconds from spawning the app to its first frame on screen."""
    started = time.time()
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--exit-after-first-frame", *extra],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    if out.returncode != 0:
        raise RuntimeError(f"the app failed ({out.returncode}): {out.stderr[-500:]}")
    stamp = next(line for line in out.stdout.splitlines() if line.startswith("first-frame "))
    return float(stamp.split()[1]) - started


def measure(runs: int, extra: list[str]) -> list[float]:
    launch_once(extra)  # warm the file cache and .pyc files; not counted
    return [launch_once(extra) for _ in range(runs)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)
    load = os.getloadavg()
    print(
        f"{args.runs} runs each; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', '(default)')} "
        f"SDL_AUDIODRIVER={os.environ.get('SDL_AUDIODRIVER', '(default)')}"
    )
    for label, extra in (("sound on", []), ("--mute", ["--mute"])):
        times = measure(args.runs, extra)
        print(
            f"{label:<9} median {statistics.median(times):.3f} s  min {min(times):.3f}  max {max(times):.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
