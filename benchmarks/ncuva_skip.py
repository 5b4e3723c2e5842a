"""CPU time of the frames around a long Ncuva sowing that is skipped: the frame that plays it,
the frames of its animation, and the frame of the click that shows its end at once.

Usage: python -m benchmarks.ncuva_skip [--frames 20] [--repeats 3] [--size 1280x800]

Sowings (pass and play, South clicks the hole, then clicks again after ``--frames`` frames):
- ``natural``: the issue's sowing that ends by itself after 10,048 lifts (12 columns, g1);
- ``cycle``: a relay cycle of 4,212 lifts met in a seeded random game (6 columns, seed 3518);
- ``limit``: the longest cycle found, stopped at the lift limit (12 columns, c2);
- ``short``: a 3-lift sowing from the start (4 columns), for scale.
Headless (SDL dummy driver) with settings of its own, like ``frame_times``. CPU time
(``time.process_time``) per frame, so other processes on the machine count less; the target
(issue 29) is no skip frame over 50 ms.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import frame_times  # noqa: E402,F401  (headless SDL and a KELIYA_HOME of the run's own)
from game.app import App  # noqa: E402
from game.config import MatchConfig  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from rules import Move, State, load_game, load_state  # noqa: E402
from rules.kinds import Detail, EffectKind  # noqa: E402
from tools.scenarios import Mouse  # noqa: E402

NATURAL = (
    "ncuva after_capture=end-turn columns=12 first=south only_two=off start=even; "
    "board=2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2/1,4,0,4,2,3,1,2,1,2,3,1/"
    "0,3,0,1,2,3,2,2,5,0,4,2; turn=S; turns=0; store=0/0; ply=0"
)
LONGEST = [0, 1, 0, 2, 6, 0, 6, 0, 2, 3, 0, 4, 3, 2, 1, 4, 1, 0, 1, 4, 1, 2, 4, 1]


def with_south_half(columns: int, half: list[int]) -> State:
    """A 12-column start whose two halves are ``half`` (circuit order), South to sow."""
    game = load_game("ncuva", columns=columns, start="even", first="south", after_capture="end-turn")
    counts = {game.cell_of[k]: v for k, v in enumerate(half + half)}
    rows = "/".join(",".join(str(counts[r * columns + c]) for c in range(columns)) for r in (3, 2, 1, 0))
    return load_state(f"{game.header()}; board={rows}; turn=S; turns=0; store=0/0; ply=0")


def cycle_in_play(columns: int, seed: int) -> tuple[State, Move]:
    """The position and move of the longest cycle in a seeded random default game."""
    game = load_game("ncuva", columns=columns, first="south")
    rng = random.Random(seed)
    state = game.new_initial_state()
    best: tuple[int, State, Move] | None = None
    while state.outcome() is None:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        stop = state.effects(move)[-1]
        if stop.detail == Detail.CYCLE and (best is None or stop.count > best[0]):
            best = (stop.count, state.copy(), move)
        state.apply(move)
    assert best is not None
    return best[1], best[2]


def sowings() -> dict[str, tuple[State, Move]]:
    natural = load_state(NATURAL)
    limit = with_south_half(12, LONGEST)
    short = load_game("ncuva", columns=4, first="south").new_initial_state()
    return {
        "natural": (natural, natural.parse_move("g1")),
        "cycle": cycle_in_play(6, 3518),
        "limit": (limit, next(m for m in limit.legal_moves() if m.origin == limit.game.cell_of[21])),
        "short": (short, short.legal_moves()[0]),
    }


def cpu_frame(app: App, events: list) -> float:
    t0 = time.process_time()
    app.frame(events, 1 / 60)
    return time.process_time() - t0


def measure(size: tuple[int, int], state: State, move: Move, frames: int) -> tuple[float, float, float, int]:
    """(the playing click's frame, the worst animation frame, the skip frame, frames after the
    skip until the board is still), CPU seconds."""
    app = App(size, sound=False)
    try:
        options = {o: state.game.options[o] for o in ("columns", "after_capture", "start", "first")}
        scene = PlayScene(app, MatchConfig("ncuva", options), state.copy())
        app.manager.clear()
        app.manager.push(scene)
        cpu_frame(app, [])
        mouse = Mouse(app)
        play = cpu_frame(app, mouse.events_at(scene.board.pos(move.origin)))
        assert scene.busy, scene.match.said.words
        worst = max(cpu_frame(app, []) for _ in range(frames))
        assert scene.busy
        skip = cpu_frame(app, mouse.events_at(scene.board.pos(move.origin)))
        after = 0
        while scene.busy and after < 600:
            cpu_frame(app, [])
            after += 1
        return play, worst, skip, after
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=20, help="animation frames before the skip")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--size", default="1280x800")
    args = ap.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    print(
        f"{'sowing':<8} {'lifts':>7} {'effects':>8} {'play ms':>8} {'anim max ms':>12} {'skip ms':>8} "
        f"{'skip max ms':>12} {'frames after':>13}"
    )
    for name, (state, move) in sowings().items():
        fx = state.effects(move)
        lifts = sum(e.kind in (EffectKind.LIFT, EffectKind.RELAY) for e in fx)
        runs = [measure(size, state, move, args.frames) for _ in range(args.repeats)]
        play = min(r[0] for r in runs) * 1000
        anim = min(r[1] for r in runs) * 1000
        skips = [r[2] * 1000 for r in runs]
        print(
            f"{name:<8} {lifts:>7} {len(fx):>8} {play:>8.1f} {anim:>12.1f} {min(skips):>8.1f} "
            f"{max(skips):>12.1f} "
            f"{max(r[3] for r in runs):>13}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
