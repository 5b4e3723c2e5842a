"""Frame times of the pygame UI: how long one frame's work takes (events, update, draw, flip)
while pieces hop along capture chains and while the computer thinks in its worker process.

Usage: python -m benchmarks.frame_times [--size 1280x800] [--chains 30] [--think-seconds 8]
       [--title-seconds 18] [--level hard]

Runs headless (SDL dummy video driver: software rendering, as on a real window, without the
vsync wait), with settings of its own (a fresh ``KELIYA_HOME``), not the player's. The budget
for 60 FPS is 16.7 ms a frame; the target is p95 <= 17 ms.
The "thinking" run paces frames at 60 FPS with pygame's clock, as the real loop does, so the
AI process and the UI share the machine's cores the way they do in play.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Settings of the run's own (this script's importers too): the player's saved animation speed
# ("off", say) would change what is timed, and a benchmark writes none of the player's files.
if "KELIYA_HOME" not in os.environ:
    os.environ["KELIYA_HOME"] = tempfile.mkdtemp(prefix="keliya-bench-")
    atexit.register(shutil.rmtree, os.environ["KELIYA_HOME"], True)

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.config import MatchConfig, Mode  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from rules.kinds import MoveKind  # noqa: E402
from tools.scenarios import Mouse, chain_position  # noqa: E402


def timed_frame(app: App, events: list, dt: float) -> float:
    t0 = time.perf_counter()
    app.frame(events, dt)
    pygame.display.flip()
    return time.perf_counter() - t0


def summary(name: str, samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    return (
        f"{name:<34} frames {len(ms):>5}  mean {statistics.fmean(ms):6.2f} ms  p50 {p(0.5):6.2f}  "
        f"p95 {p(0.95):6.2f}  p99 {p(0.99):6.2f}  max {ms[-1]:6.2f}"
    )


def hop_frames(app: App, chains: int) -> list[float]:
    """Frames while a multi-capture chain hops across the board (replayed ``chains`` times)."""
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    scene = PlayScene(app, MatchConfig("kotu_ellima"), state.copy())
    app.manager.clear()
    app.manager.push(scene)
    timed_frame(app, [], 1 / 60)
    mouse = Mouse(app)
    samples: list[float] = []
    for _ in range(chains):
        for p in chain.path:
            app.frame(mouse.events_at(scene.board.pos(p)), 1 / 60)
        assert scene.busy, "the chain was not played"
        while scene.busy or scene.bursts.active:
            samples.append(timed_frame(app, [], 1 / 60))
        scene.match.undo()
    return samples


def thinking_frames(app: App, seconds: float, level: str) -> tuple[list[float], list[float], int]:
    """Frames at a 60 FPS pace while the computer searches; returns (work, intervals, replies)."""
    if not app.computer_available:
        raise SystemExit("the AI worker is not available")
    cfg = MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=1, level=level, min_pause=0.0)
    app.manager.clear()
    scene = PlayScene(app, cfg)
    app.manager.push(scene)
    clock = pygame.time.Clock()
    work: list[float] = []
    intervals: list[float] = []
    replies = 0
    end = time.perf_counter() + seconds
    clock.tick(60)
    while time.perf_counter() < end:
        dt = clock.tick(60) / 1000
        thinking = scene.match.computer.opponent is not None and scene.match.computer.opponent.thinking
        ply = scene.match.state.ply
        w = timed_frame(app, [], dt)
        if thinking:
            work.append(w)
            intervals.append(dt)
        if scene.match.state.ply != ply:
            replies += 1
            # answer for the person at once so the computer is thinking again on the next frame
            while scene.busy:
                timed_frame(app, [], 1 / 60)
            if scene.match.state.outcome() is None and scene.match.human_to_move:
                scene.match.play(scene.match.state.legal_moves()[0])
    return work, intervals, replies


def title_frames(app: App, seconds: float) -> list[float]:
    app.manager.clear()
    app.manager.push(TitleScene(app))
    samples = []
    t = 0.0
    while t < seconds:
        samples.append(timed_frame(app, [], 1 / 60))
        t += 1 / 60
    return samples


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--chains", type=int, default=30)
    ap.add_argument("--think-seconds", type=float, default=8.0)
    ap.add_argument("--level", default="hard")
    ap.add_argument(
        "--title-seconds", type=float, default=18.0, help="long enough for the token pile to fill"
    )
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    app = App((w, h), sound=False)
    try:
        print(f"window {w}x{h}, SDL video driver {os.environ['SDL_VIDEODRIVER']}")
        print(summary("title screen (pymunk tokens)", title_frames(app, args.title_seconds)))
        print(summary("capture chain hops + bursts", hop_frames(app, args.chains)))
        work, intervals, replies = thinking_frames(app, args.think_seconds, args.level)
        print(summary(f"computer thinking ({args.level})", work))
        fps = len(intervals) / sum(intervals) if intervals else 0.0
        print(f"{'':<34} achieved {fps:5.1f} FPS while thinking; {replies} computer moves received")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
