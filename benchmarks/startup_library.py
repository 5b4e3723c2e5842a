"""Start-up and saving with a big library (issue 29, item 5): CPU time, not wall time, because
the machine is shared and a loaded core stretches wall time but not the work done.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m benchmarks.startup_library --rounds 7

1. First frame. A library of ``--games`` games (``--unfinished`` of them unfinished, lengths as
   people play them: 10 to 160 plies unfinished, finished ones played out) is written into a
   temporary ``KELIYA_HOME``; then, in rounds, three launches are interleaved: a bare pygame
   window (display and font opened, one flip), ``main.py --exit-after-first-frame --mute`` on an
   empty library, and the same on the big library (``.pyc`` files written, as a player's Python
   does, even where ``PYTHONDONTWRITEBYTECODE`` is set). Each launch's CPU time (user + system) and
   peak memory are the child's own (``os.wait4``). One launch of each kind first, not counted:
   it warms the file cache and ``.pyc`` files, and lets the app build what it keeps between
   launches (the library's index); its cost is printed apart.
2. Saving. A pass-and-play ``Match`` (the model the play scene drives, no window) of 50 plies
   and one of 5,000 plies (Kotu Ellima with free captures, no move limit, quiet random moves:
   a game that goes on) each play ``--moves`` moves, alternately; the CPU time of each
   ``Match.play`` (the autosave included) is counted.
3. Continue. The 5,000-ply game, saved, is opened as the title's Continue opens it
   (``opening.open_entry`` in a window of the dummy driver, and one frame drawn): CPU time.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE = (
    "import pygame\npygame.display.init()\npygame.font.init()\n"
    "pygame.display.set_mode((1280, 800), pygame.RESIZABLE)\npygame.display.flip()\n"
)
UNFINISHED_GAMES = (
    "kotu_ellima",
    "peralikatuma",
    "sixteen_soldiers",
    "cows_leopards",
    "hat_diviyan_keliya",
    "battlehalma",
    "ncuva",
)


# --- a library -------------------------------------------------------------------------------------
def make_library(home: Path, games: int, unfinished: int, seed: int = 1) -> None:
    """Write ``games`` saved games into ``home`` (a ``KELIYA_HOME``): ``unfinished`` of them in
    ``games/``, the rest in ``history/``, saved over the last year, newest last. A pool of
    distinct games is played once and written under many ids and times (reading a file costs
    what its game costs, whoever played it)."""
    os.environ["KELIYA_HOME"] = str(home)
    from game import saves
    from game.config import MatchConfig, Mode
    from tools.scenarios import random_play

    rng = random.Random(seed)
    pool_open, pool_done = [], []
    for i in range(42):
        gid = UNFINISHED_GAMES[i % len(UNFINISHED_GAMES)]
        plies = rng.randint(10, 160)
        state = random_play(gid, seed + i, lambda s, n=plies: s.ply >= n)
        if state.outcome() is None:
            pool_open.append(state)
    for i in range(21):
        gid = UNFINISHED_GAMES[i % len(UNFINISHED_GAMES)]
        state = random_play(gid, seed + 100 + i, lambda s: False, max_plies=2000)
        if state.outcome() is not None:
            pool_done.append(state)
    now = time.time()
    start = now - 365 * 86400
    for n in range(games):
        done = n >= unfinished
        state = rng.choice(pool_done if done else pool_open)
        mode = Mode.COMPUTER if n % 3 else Mode.PASS
        config = MatchConfig(state.game.id, dict(state.game.options), mode, n % 2, "medium")
        when = start + (now - start - 60) * rng.random()
        name = f"{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}-{n:06x}.txt"
        folder = home / "data" / ("history" if done else "games")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        path.write_text(saves.match_text(config, state, when), encoding="utf-8")
        os.utime(path, (when, when))


# --- launches --------------------------------------------------------------------------------------
def launch(args: list[str], home: Path) -> tuple[float, float]:
    """(CPU seconds, peak MB) of one child process run to its end."""
    env = {**os.environ, "KELIYA_HOME": str(home), "KELIYA_NO_DIALOG": "1"}
    env.pop(
        "PYTHONDONTWRITEBYTECODE", None
    )  # a player's Python keeps its .pyc files: compile once, not each launch
    proc = subprocess.Popen(
        [sys.executable, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"{args} failed ({proc.returncode}): {err.decode()[-800:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def first_frames(rounds: int, big: Path, empty: Path) -> dict[str, list[tuple[float, float]]]:
    app = [str(ROOT / "main.py"), "--exit-after-first-frame", "--mute"]
    kinds = {"bare window": (["-c", BARE], empty), "empty library": (app, empty), "big library": (app, big)}
    for name, (args, home) in kinds.items():
        cpu, mb = launch(args, home)
        print(f"  first launch, not counted: {name:<14} {cpu:.3f} s CPU, {mb:.0f} MB", flush=True)
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in kinds}
    for r in range(rounds):
        order = list(kinds.items())
        if r % 2:
            order.reverse()  # neither kind always runs right after the other
        for name, (args, home) in order:
            seen[name].append(launch(args, home))
    return seen


# --- saving and continuing (in this process) -------------------------------------------------------
def long_game(plies: int):
    from tools.scenarios import random_play

    return random_play(
        "kotu_ellima",
        1,
        lambda s: s.ply >= plies,
        max_plies=plies,
        avoid_captures=True,
        capture="free",
        limit="off",
        threefold="off",
    )


def per_move_costs(moves: int) -> dict[int, list[float]]:
    """CPU seconds of each ``Match.play`` (its autosave included), 50 and 5,000 plies in."""
    from game.config import MatchConfig, Mode
    from game.match import Match

    matches = {}
    for plies in (50, 5000):
        state = long_game(plies)
        match = Match(MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS), state)
        match.save_now()  # a game resumed: its file is on disk before the moves are timed
        matches[plies] = match
    rng = random.Random(3)
    costs: dict[int, list[float]] = {plies: [] for plies in matches}
    for _ in range(moves):
        for plies, match in matches.items():
            moves_now = match.state.legal_moves()
            quiet = [m for m in moves_now if not match.state.captures(m)] or moves_now
            move = quiet[rng.randrange(len(quiet))]
            t = time.process_time()
            match.play(move)
            costs[plies].append(time.process_time() - t)
            match.settle()
    return costs


def continue_cost(repeats: int) -> list[float]:
    """CPU seconds to open a saved 5,000-ply game as Continue does, and draw one frame."""
    from game import library
    from game.app import App
    from game.config import MatchConfig, Mode
    from game.scenes.opening import open_entry

    state = long_game(5000)
    game_file = library.GameFile()
    assert game_file.save(MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS), state) == ""
    app = App((1280, 800), sound=False)
    out = []
    try:
        for _ in range(repeats):
            library._cache.clear()  # a launch has read nothing yet
            [entry] = [e for e in library.scan().unfinished if e.id == game_file.id]
            t = time.process_time()
            problem = open_entry(app, entry)
            app.frame([], 1 / 60)
            out.append(time.process_time() - t)
            assert not problem, problem
            app.manager.clear()
    finally:
        app.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7, help="interleaved launches of each kind")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--unfinished", type=int, default=854)
    ap.add_argument("--moves", type=int, default=40, help="moves timed in each of the two games")
    ap.add_argument("--skip-launches", action="store_true")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    load = os.getloadavg()
    print(
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start; {os.cpu_count()} cores; "
        f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}"
    )
    work = Path(tempfile.mkdtemp(prefix="keliya-bench-"))
    try:
        big, empty, scratch = work / "big", work / "empty", work / "scratch"
        if not args.skip_launches:
            t = time.process_time()
            make_library(big, args.games, args.unfinished)
            print(
                f"library: {args.games} games, {args.unfinished} unfinished "
                f"({time.process_time() - t:.1f} s to write)",
                flush=True,
            )
            seen = first_frames(args.rounds, big, empty)
            med = {name: statistics.median(c for c, _ in runs) for name, runs in seen.items()}
            for name, runs in seen.items():
                cpus = sorted(c for c, _ in runs)
                print(
                    f"  {name:<14} CPU median {med[name]:.3f} s (min {cpus[0]:.3f}, max {cpus[-1]:.3f}), "
                    f"peak {statistics.median(m for _, m in runs):.0f} MB"
                )
            print(
                f"  empty library / bare window: {med['empty library'] / med['bare window']:.2f}x; "
                f"big library / empty library: {med['big library'] / med['empty library']:.2f}x"
            )
        os.environ["KELIYA_HOME"] = str(scratch)
        costs = per_move_costs(args.moves)
        per = {plies: statistics.median(c) * 1000 for plies, c in costs.items()}
        print(
            f"per move (Match.play with its save), median of {args.moves}: 50 plies {per[50]:.2f} ms, "
            f"5,000 plies {per[5000]:.2f} ms CPU ({per[5000] / per[50]:.2f}x); "
            f"mean {statistics.mean(costs[50]) * 1000:.2f} / {statistics.mean(costs[5000]) * 1000:.2f} ms"
        )
        cont = continue_cost(3)
        print(
            f"continue a 5,000-ply game: CPU median {statistics.median(cont):.3f} s "
            f"({', '.join(f'{c:.3f}' for c in cont)})"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
