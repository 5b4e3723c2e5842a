"""Frame times while a BattleHalma leap chain is built and hops across the board (the squares
family: checkered board, marks, direction arrows, hops, bursts, the crowning rings).

Usage: python -m benchmarks.frame_times_battlehalma [--size 1280x800] [--chains 30]

Reuses ``frame_times`` (headless SDL, one frame's work timed with its flip); the chain is the
longest leap route (5 hops or more) found by seeded random play on the 10×10 board, clicked square by square
and stopped by clicking the piece again, then undone and played again.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from benchmarks.frame_times import summary, timed_frame  # noqa: E402
from game.app import App  # noqa: E402
from game.config import MatchConfig  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from rules.kinds import MoveKind  # noqa: E402
from tools.battlehalma_positions import longest_chain  # noqa: E402
from tools.scenarios import Mouse, find  # noqa: E402

OPTIONS = {"size": 10, "counters": 15}
MIN_HOPS = 5


def long_chain(state) -> bool:
    return any(len(m.path) > MIN_HOPS for m in state.legal_moves() if m.kind == MoveKind.LEAP)


def chain_frames(app: App, chains: int) -> tuple[list[float], list[float], int]:
    """(frames while the route is clicked, frames while it hops, hops in the chain)."""
    state = find("battlehalma", long_chain, **OPTIONS)
    move = longest_chain(state)
    scene = PlayScene(app, MatchConfig("battlehalma", dict(OPTIONS)), state.copy())
    app.manager.clear()
    app.manager.push(scene)
    timed_frame(app, [], 1 / 60)
    mouse = Mouse(app)
    building: list[float] = []
    hopping: list[float] = []
    for _ in range(chains):
        for p in move.path:
            building.append(timed_frame(app, mouse.events_at(scene.board.pos(p)), 1 / 60))
            for _ in range(3):  # the chain stands on screen a moment between clicks
                building.append(timed_frame(app, [], 1 / 60))
        if scene.match.builder.path:
            building.append(timed_frame(app, mouse.events_at(scene.board.pos(move.path[-1])), 1 / 60))
        assert scene.busy or scene.match.state.ply > state.ply, scene.match.said.words
        scene.skip_animation()
        scene.match.undo()
        scene.match.play(move)  # the same chain animated from its start (as the computer's move)
        while scene.busy or scene.bursts.active:
            hopping.append(timed_frame(app, [], 1 / 60))
        scene.match.undo()
    return building, hopping, len(move.path) - 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--chains", type=int, default=30)
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    app = App((w, h), sound=False)
    try:
        building, hopping, hops = chain_frames(app, args.chains)
        print(f"window {w}x{h}, BattleHalma 10×10, a chain of {hops} leaps")
        print(summary("leap chain clicked square by square", building))
        print(summary("leap chain hops (animation)", hopping))
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
