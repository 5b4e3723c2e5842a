"""Frame times while Ncuva's longest relay sowing is shown stone by stone on the 12-column board
(pymunk settling every dropped stone), with all 96 stones still in play.

Usage: python -m benchmarks.ncuva_frames [--seeds 40] [--repeats 3]

Headless (SDL dummy driver, software rendering, no vsync wait), like ``frame_times``: the budget
for 60 FPS is 16.7 ms a frame; the target is p95 <= 17 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from benchmarks.frame_times import summary, timed_frame  # noqa: E402
from game.app import App  # noqa: E402
from game.config import MatchConfig  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from rules import load_game  # noqa: E402
from rules.kinds import EffectKind  # noqa: E402
from tools.scenarios import Mouse  # noqa: E402


def longest_sowing(seeds: int):
    """The sowing with the most drops and relays met in seeded random games while no stone has
    been captured yet (all 96 in play)."""
    game = load_game("ncuva", columns=12)
    best = None
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state(rng)
        while state.outcome() is None and sum(state.stores()) == 0:
            for move in state.legal_moves():
                fx = state.effects(move)
                work = sum(e.kind == EffectKind.DROP for e in fx) + 3 * sum(
                    e.kind == EffectKind.RELAY for e in fx
                )
                if best is None or work > best[0]:
                    best = (work, state.copy(), move)
            moves = state.legal_moves()
            state.play(moves[rng.randrange(len(moves))])
    assert best is not None
    return best[1], best[2]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    state, move = longest_sowing(args.seeds)
    fx = state.effects(move)
    print(
        f"sowing {state.game.format_move(move)} at ply {state.ply}: "
        f"{sum(e.kind == EffectKind.DROP for e in fx)} drops, "
        f"{sum(e.kind == EffectKind.RELAY for e in fx)} relays, "
        f"{sum(state.counts().values())} stones on the board"
    )
    for size in ((1280, 800), (960, 600)):
        app = App(size, sound=False)
        samples: list[float] = []
        try:
            for _ in range(args.repeats):
                scene = PlayScene(app, MatchConfig("ncuva", {"columns": 12}), state.copy())
                app.manager.clear()
                app.manager.push(scene)
                timed_frame(app, [], 1 / 60)
                app.frame(Mouse(app).events_at(scene.board.pos(move.origin)), 1 / 60)
                assert scene.busy, scene.match.said.words
                while scene.busy:
                    samples.append(timed_frame(app, [], 1 / 60))
        finally:
            app.close()
        print(summary(f"ncuva relay sowing {size[0]}x{size[1]}", samples))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
