"""Solving Hat Diviyan Keliya: every position reachable from the start, by backward induction.

Why it is exact and small: a position is the two bitmasks, the hands and the side to move,
plus the no-capture counter once both hands are empty. Placement can never repeat (every
leopard turn drops a piece), so it is solved from the positions after it. Between captures
the counter only grows, so the move phase is solved layer by layer (fewer leopards first; a
capture leads to the layer below with a fresh counter) and, within a layer, by the number of
moves ``r`` left before the no-capture draw: ``V_r`` from ``V_{r-1}``. The layers stop
changing once ``r`` passes the longest forced win; with the limit off, that fixed point is
the value (positions that never settle are draws). Successors come from the rules' own
``HuntState``, so the table plays by exactly the rules the app plays.

The standard board solves in about a second, the large one in a few minutes: the app runs this
in a separate process (``python -m game.ai.solver --options VARIANT``) and never waits for it.
"""

from __future__ import annotations

import argparse
import time
from array import array
from collections.abc import Callable

from rules.core import Game

from .solver_table import WIN, Key, Table, back, game_for_variant, key_of, packer, variant_of


def scored(score: int | None) -> int:
    """A score the order of the build has already settled (a child in a settled layer)."""
    assert score is not None, "a position was scored before the positions it leads to"
    return score


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
    group_layers: list[tuple[list[int], list[array[int]]]] = []
    for count in sorted(groups):
        nodes = groups[count]
        local = {n: j for j, n in enumerate(nodes)}
        quiet_kids: list[list[int]] = []
        capture_best: list[int | None] = []
        for n in nodes:
            q, best = [], None
            for c, is_capture in kids[n]:
                if is_capture or c not in local:
                    v = back(final[c] if c in final else scored(term[c]))
                    best = v if best is None else max(best, v)
                else:
                    q.append(local[c])
            quiet_kids.append(q)
            capture_best.append(best)
        first = array("h", (t if (t := term[n]) is not None else 0 for n in nodes))
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
                cur[j] = scored(best)
            if cur == prev:
                break
            layers.append(cur)
            prev = cur
        for j, n in enumerate(nodes):
            final[n] = layers[-1][j]
        group_layers.append((nodes, layers))
        say(
            f"{len(nodes)} positions with {count} leopards: {len(layers)} layers "
            f"({time.perf_counter() - t0:.1f} s)"
        )
    # Move-phase positions in the order of their packed keys; layers padded with their last one.
    points = tuple(game.board.points)  # type: ignore[attr-defined]
    pack = packer(points)
    depth = max(len(layers) for _, layers in group_layers)
    entries: list[tuple[int, int, int]] = []  # (packed key, group, local index)
    for g, (nodes, _) in enumerate(group_layers):
        entries.extend((pack(keys[n]), g, j) for j, n in enumerate(nodes))
    entries.sort()
    merged = []
    for r in range(depth):
        row = [group_layers[g][1][min(r, len(group_layers[g][1]) - 1)] for g in range(len(group_layers))]
        merged.append(array("h", (row[g][j] for _, g, j in entries)))
    mkeys = array("q", (k for k, _, _ in entries))
    # Placement: no repetition possible; fewer pieces in hand first, the leopards' turn first.
    order = sorted(
        (i for i, k in enumerate(keys) if k[2] or k[3]), key=lambda i: (keys[i][2] + keys[i][3], -keys[i][4])
    )
    pscore: dict[int, int] = {}
    for i in order:
        if term[i] is not None:
            pscore[i] = scored(term[i])
        else:
            pscore[i] = max(
                back(pscore[c] if c in pscore else final[c] if c in final else scored(term[c]))
                for c, _ in kids[i]
            )
    placed = sorted((pack(keys[i]), v) for i, v in pscore.items())
    say(f"solved in {time.perf_counter() - t0:.1f} s")
    return Table(
        variant_of(game) or "",
        limit,
        points,
        array("q", (k for k, _ in placed)),
        array("h", (v for _, v in placed)),
        mkeys,
        merged,
    )


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Solve Hat Diviyan Keliya and cache the table.")
    ap.add_argument(
        "--options", default="standard_x_60", help="board_left_limit, e.g. large_5_60, standard_x_off"
    )
    ap.add_argument("--large", action="store_true", help="the large board with its default options")
    args = ap.parse_args(argv)
    variant = "large_5_60" if args.large else args.options
    game = game_for_variant(variant)
    table = build(game, progress=lambda words: print(words, flush=True))
    from .solver import save

    print(f"written {save(table)}")
    return 0
