"""Hat Diviyan Keliya solved: every position reachable from the start, by backward induction.

Why it is exact and small: a position is the two bitmasks, the hands and the side to move,
plus the no-capture counter once both hands are empty. Placement can never repeat (every
leopard turn drops a piece), so it is solved from the positions after it. Between captures
the counter only grows, so the move phase is solved layer by layer (fewer leopards first; a
capture leads to the layer below with a fresh counter) and, within a layer, by the number of
moves ``r`` left before the no-capture draw: ``V_r`` from ``V_{r-1}``. The layers stop
changing once ``r`` passes the longest forced win; with the limit off, that fixed point is
the value (positions that never settle are draws). Successors come from the rules' own
``HuntState``, so the table plays by exactly the rules the app plays.

Scores are from the side to move: ``WIN - d`` a win in ``d`` plies, ``-(WIN - d)`` a loss in
``d`` plies, 0 a draw; the best move maximises ``back(child)``, so a won side wins fastest and
a lost side loses slowest. Tables are cached in the user's data directory
(``platformdirs.user_data_dir("keliya")``, via ``game.userfiles``): the standard board builds in about a second, the
large one takes a few minutes, too long to block anything, and it is derived data, so it is
computed on first use rather than shipped. ``table_for`` never blocks: it returns None and
starts a loader thread (cache file present) or a build in a separate process (absent) so
neither the UI nor a search waits. ``python -m game.ai.solver [--large]`` builds by hand.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import threading
import time
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rules import load_game
from rules.boards import bits
from rules.core import Game, Move, State

GAME_ID = "hat_diviyan_keliya"
WIN = 10000
FORMAT = 2  # bump when the table layout changes: old cache files are then ignored

Key = tuple[int, int, int, int, int]  # hunters, prey, hunters in hand, prey in hand, to move


def back(score: int) -> int:
    """A child's score seen from its parent (turns alternate in the hunt games)."""
    return -score + 1 if score > 0 else -score - 1 if score < 0 else 0


@dataclass
class Table:
    """Solved values of one Hat Diviyan Keliya variant (board, goal, limit). Positions are packed
    into one int each and kept in sorted arrays (about 10 bytes a position: the large board's
    870,000 positions would take over 200 MB as dicts of tuples in each process)."""

    variant: str
    limit: int  # the no-capture limit in moves, 0: off
    points: tuple[int, ...]  # the board's points, in the order the packed masks use
    placement_keys: array  # packed positions with a piece still in hand, sorted ('q')
    placement_values: array  # their scores ('h')
    keys: array  # packed move-phase positions, sorted ('q')
    layers: list[array]  # layers[r][i]: score with r moves left before the draw (last: r and more)

    def __post_init__(self) -> None:
        self._pack = packer(self.points)

    def score(self, key: Key, quiet: int) -> int | None:
        """The score of the position ``key`` with ``quiet`` moves already made without a capture."""
        packed = self._pack(key)
        if key[2] or key[3]:
            i = _find(self.placement_keys, packed)
            return None if i < 0 else self.placement_values[i]
        i = _find(self.keys, packed)
        if i < 0:
            return None
        r = self.limit - quiet if self.limit else len(self.layers) - 1
        return self.layers[max(0, min(r, len(self.layers) - 1))][i]


def packer(points: tuple[int, ...]) -> Callable[[Key], int]:
    """Packs a position into one int: both masks over the board's own points, then the hands
    (up to 3 tigers, 15 leopards) and the side to move."""
    slot = {p: i for i, p in enumerate(points)}
    n = len(points)

    def pack(key: Key) -> int:
        h, p, a, b, t = key
        out = 0
        for q in bits(h):
            out |= 1 << slot[q]
        for q in bits(p):
            out |= 1 << (n + slot[q])
        return out | a << 2 * n | b << (2 * n + 2) | t << (2 * n + 6)

    return pack


def _find(keys: array, packed: int) -> int:
    i = bisect_left(keys, packed)
    return i if i < len(keys) and keys[i] == packed else -1


def variant_of(game: Game) -> str | None:
    """A file-name-safe name of the game's options, or None if it is not Hat Diviyan Keliya."""
    if game.spec.id != GAME_ID:
        return None
    o = game.options
    left = o["large_left"] if o["board"] == "large" else "x"
    return f"{o['board']}_{left}_{o['limit']}"


def key_of(state: State) -> Key:
    h0, h1 = state.hands()
    return (state.army(0), state.army(1), h0, h1, state.to_move)  # type: ignore[attr-defined]


# --- building -----------------------------------------------------------------------------------
def build(game: Game, progress: Callable[[str], None] | None = None) -> Table:
    """Solve ``game`` (a Hat Diviyan Keliya variant) from every position reachable from its start."""
    say = progress or (lambda _: None)
    t0 = time.perf_counter()
    keys, kids, term = _explore(game)
    say(f"{len(keys)} positions explored in {time.perf_counter() - t0:.1f} s")
    limit = game.limit  # type: ignore[attr-defined]
    # Move phase: layers by leopards on the board, fewest first (captures lead downwards).
    groups: dict[int, list[int]] = {}
    for i, k in enumerate(keys):
        if not (k[2] or k[3]):
            groups.setdefault(k[1].bit_count(), []).append(i)
    final: dict[int, int] = {}  # node -> score with a fresh counter (or the fixed point)
    group_layers: list[tuple[list[int], list[array]]] = []
    for count in sorted(groups):
        nodes = groups[count]
        local = {n: j for j, n in enumerate(nodes)}
        quiet_kids: list[list[int]] = []
        capture_best: list[int | None] = []
        for n in nodes:
            q, best = [], None
            for c, is_capture in kids[n]:
                if is_capture or c not in local:
                    v = back(final[c] if c in final else term[c])  # type: ignore[arg-type]
                    best = v if best is None else max(best, v)
                else:
                    q.append(local[c])
            quiet_kids.append(q)
            capture_best.append(best)
        first = array("h", (term[n] if term[n] is not None else 0 for n in nodes))
        layers = [first]
        prev = first
        r = 0
        while not limit or r < limit:
            r += 1
            get = prev.__getitem__
            cur = array("h", prev)
            for j, n in enumerate(nodes):
                if term[n] is not None:
                    continue
                q = quiet_kids[j]
                best = back(min(map(get, q))) if q else None
                cb = capture_best[j]
                if cb is not None and (best is None or cb > best):
                    best = cb
                cur[j] = best  # type: ignore[assignment]
            if cur == prev:
                break
            layers.append(cur)
            prev = cur
        for j, n in enumerate(nodes):
            final[n] = layers[-1][j]
        group_layers.append((nodes, layers))
        say(f"{len(nodes)} positions with {count} leopards: {len(layers)} layers "
            f"({time.perf_counter() - t0:.1f} s)")
    # Move-phase positions in the order of their packed keys; layers padded with their last one.
    points = tuple(game.board.points)  # type: ignore[attr-defined]
    pack = packer(points)
    depth = max(len(layers) for _, layers in group_layers)
    entries = []  # (packed key, group, local index)
    for g, (nodes, _) in enumerate(group_layers):
        entries.extend((pack(keys[n]), g, j) for j, n in enumerate(nodes))
    entries.sort()
    merged = []
    for r in range(depth):
        row = [group_layers[g][1][min(r, len(group_layers[g][1]) - 1)] for g in range(len(group_layers))]
        merged.append(array("h", (row[g][j] for _, g, j in entries)))
    mkeys = array("q", (k for k, _, _ in entries))
    # Placement: no repetition possible; fewer pieces in hand first, the leopards' turn first.
    order = sorted((i for i, k in enumerate(keys) if k[2] or k[3]), key=lambda i: (keys[i][2] + keys[i][3], -keys[i][4]))
    pscore: dict[int, int] = {}
    for i in order:
        if term[i] is not None:
            pscore[i] = term[i]  # type: ignore[assignment]
        else:
            pscore[i] = max(back(pscore[c] if c in pscore else final[c] if c in final else term[c])  # type: ignore[arg-type]
                            for c, _ in kids[i])
    placed = sorted((pack(keys[i]), v) for i, v in pscore.items())
    say(f"solved in {time.perf_counter() - t0:.1f} s")
    return Table(variant_of(game) or "", limit, points, array("q", (k for k, _ in placed)),
                 array("h", (v for _, v in placed)), mkeys, merged)


def _explore(game: Game) -> tuple[list[Key], list[list[tuple[int, bool]]], list[int | None]]:
    """Every position reachable from the start: keys, successors (index, is a capture), and the
    score of finished positions (None while play goes on; the no-capture draw is left out)."""
    from rules.hunt import HuntState  # the rules' own moves and endings

    start = game.new_initial_state()
    keys: list[Key] = [key_of(start)]
    seen = {keys[0]: 0}
    kids: list[list[tuple[int, bool]]] = []
    term: list[int | None] = []
    i = 0
    while i < len(keys):
        k = keys[i]
        state = HuntState(game, k[0], k[1], k[2], k[3], k[4])  # type: ignore[arg-type]
        out = state.outcome()
        if out is not None:
            term.append(0 if out.winner is None else WIN if out.winner == k[4] else -WIN)
            kids.append([])
        else:
            term.append(None)
            row = []
            for move in state.legal_moves():
                state.apply(move)
                c = key_of(state)
                state.undo()
                j = seen.get(c)
                if j is None:
                    j = seen[c] = len(keys)
                    keys.append(c)
                row.append((j, bool(state.captures(move))))
            kids.append(row)
        i += 1
    return keys, kids, term


# --- using a table ------------------------------------------------------------------------------
def move_scores(table: Table, state: State) -> list[tuple[int, Move]]:
    """Every legal move with its score for the side to move (the best first)."""
    out = []
    for move in state.legal_moves():
        state.apply(move)
        try:
            s = table.score(key_of(state), state.quiet_plies)  # type: ignore[attr-defined]
        finally:
            state.undo()
        if s is None:
            return []
        out.append((back(s), move))
    out.sort(key=lambda sm: -sm[0])
    return out


def best_moves(state: State) -> list[Move] | None:
    """The moves that keep the proven value at its best (fastest win, slowest loss), or None
    while the table is not ready or the game is not Hat Diviyan Keliya."""
    table = table_for(state.game)
    if table is None or state.outcome() is not None:
        return None
    scored = move_scores(table, state)
    if not scored:
        return None
    top = scored[0][0]
    return [m for s, m in scored if s == top]


def describe(score: int, mover: int, sides: tuple[str, str]) -> str:
    """Words for a score of the side ``mover``: 'proven: Leopards win in 9', 'draw with best play'."""
    if score == 0:
        return "draw with best play"
    winner = mover if score > 0 else mover ^ 1
    plies = WIN - abs(score)
    side = sides[winner]
    verb = "win" if side.endswith("s") else "wins"
    return f"proven: {side} {verb} in {plies}"


def proven_value(state: State) -> str | None:
    """The proven value of ``state`` in words where it is known, else None (other games, a
    finished game, or the table still loading). Never blocks; counts plies of both sides."""
    if state.game.spec.id != GAME_ID or state.outcome() is not None:
        return None
    table = table_for(state.game)
    if table is None:
        return None
    s = table.score(key_of(state), state.quiet_plies)  # type: ignore[attr-defined]
    return None if s is None else describe(s, state.to_move, state.game.sides)


# --- the cache: loaded in a thread, built in another process, never waited for -------------------
_tables: dict[str, Table] = {}
_started: set[str] = set()
_lock = threading.Lock()


def cache_dir() -> Path:
    """Where tables live: the user's data directory (``user_data_dir("keliya")``, or under
    $KELIYA_HOME, as for settings and saves: see ``game.userfiles``)."""
    from game.userfiles import data_dir

    return data_dir() / "solver"


def cache_path(variant: str) -> Path:
    return cache_dir() / f"hat_diviyan-{variant}-v{FORMAT}.table"


def save(table: Table, path: Path | None = None) -> Path:
    path = path or cache_path(table.variant)
    path.parent.mkdir(parents=True, exist_ok=True)
    plain = (FORMAT, table.variant, table.limit, table.points, table.placement_keys.tobytes(),
             table.placement_values.tobytes(), table.keys.tobytes(), [a.tobytes() for a in table.layers])
    blob = zlib.compress(pickle.dumps(plain, protocol=pickle.HIGHEST_PROTOCOL), 6)
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    tmp.write_bytes(blob)
    os.replace(tmp, path)  # readers never see half a file
    return path


def load(path: Path) -> Table | None:
    """The table in ``path``, or None if it is missing, damaged or of another format."""
    try:
        fmt, variant, limit, points, pkeys, pvalues, keys, layers = pickle.loads(zlib.decompress(path.read_bytes()))
        if fmt != FORMAT:
            return None
        return Table(variant, limit, tuple(points), _array("q", pkeys), _array("h", pvalues), _array("q", keys),
                     [_array("h", raw) for raw in layers])
    except (OSError, ValueError, TypeError, EOFError, pickle.UnpicklingError, zlib.error):
        return None


def _array(code: str, raw: bytes) -> array:
    out = array(code)
    out.frombytes(raw)
    return out


def install(table: Table) -> None:
    """Make ``table`` the one used for its variant in this process (tests, the builder)."""
    with _lock:
        _tables[table.variant] = table


def table_for(game: Game) -> Table | None:
    """The table for ``game`` if this process has it; otherwise None, after starting (once)
    a loader thread when a cache file exists, or a build in a separate process when not."""
    variant = variant_of(game)
    if variant is None:
        return None
    table = _tables.get(variant)
    if table is not None:
        return table
    with _lock:
        if variant in _started:
            return None
        _started.add(variant)
    threading.Thread(target=_load_or_build, args=(game, variant), name="keliya-solver", daemon=True).start()
    return None


def _load_or_build(game: Game, variant: str) -> None:
    path = cache_path(variant)
    if not path.exists() and _claim(path):  # one builder at a time (the UI and the worker may both ask)
        marker = path.with_suffix(".building")
        try:
            if getattr(sys, "frozen", False):  # a bundled app has no "python -m"
                save(build(game))
            else:
                args = [sys.executable, "-m", "game.ai.solver", "--options", variant]
                subprocess.run(args, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               cwd=Path(__file__).resolve().parents[2])
        except OSError:
            pass
        finally:
            marker.unlink(missing_ok=True)
    deadline = time.monotonic() + BUILD_WAIT
    while not path.exists() and path.with_suffix(".building").exists() and time.monotonic() < deadline:
        time.sleep(1.0)  # another process is building it
    table = load(path)
    if table is not None:
        install(table)
    else:
        with _lock:
            _started.discard(variant)  # try again on a later call


BUILD_WAIT = 600.0  # seconds to wait for another process's build before giving up (for now)


def _claim(path: Path) -> bool:
    """Create the build marker beside ``path``; False if another build holds a fresh one."""
    marker = path.with_suffix(".building")
    marker.parent.mkdir(parents=True, exist_ok=True)
    try:
        if time.time() - marker.stat().st_mtime > BUILD_WAIT:
            marker.unlink(missing_ok=True)  # left by a build that died
    except OSError:
        pass
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        return True
    except OSError:
        return False


def game_for_variant(variant: str) -> Game:
    board, left, limit = variant.split("_")
    options = {"board": board, "limit": limit}
    if board == "large":
        options["large_left"] = left
    return load_game(GAME_ID, **options)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Solve Hat Diviyan Keliya and cache the table.")
    ap.add_argument("--options", default="standard_x_60", help="board_left_limit, e.g. large_5_60, standard_x_off")
    ap.add_argument("--large", action="store_true", help="the large board with its default options")
    args = ap.parse_args(argv)
    variant = "large_5_60" if args.large else args.options
    game = game_for_variant(variant)
    table = build(game, progress=lambda words: print(words, flush=True))
    print(f"written {save(table)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
