"""The war games' random-playout loop, compiled per board for speed.

Search spends most of its time in random playouts, and the issue asks for thousands
of Kotu Ellima games a second in pure Python. A plain loop over the board's shift
tables spends a third of its time iterating the tables themselves, so this module
writes the loop out once per board with every direction unrolled and every mask a
constant, and compiles it. The rules are the same as ``WarState``'s with forced
captures; ``tests/test_war_fast.py`` replays traced playouts through the checked API.

The generated function's signature::

    playout(rng, own, opp, quiet, max_plies, floor_left, limit, trace)
        -> (own, opp, quiet, plies_played, won_by_capture)

``own`` is always the side to move (the two armies swap every ply). ``trace`` is None
or a list that receives ``(origin, destination, captured_mask)`` for every ply.
"""

from __future__ import annotations

from collections.abc import Callable

from .boards import Board

PlayoutFn = Callable[..., tuple[int, int, int, int, bool]]

_cache: dict[str, PlayoutFn] = {}

_CAPTURE_PLY = """\
        if cap:
            ends = []
            while cap:
                low = cap & -cap
                cap ^= low
                origin = low.bit_length() - 1
                others = own ^ low
                stack = [(origin, opp, 0)]
                while stack:
                    pos, o, taken = stack.pop()
                    blocked = others | o
                    went_on = False
                    for over, to in jumps[pos]:
                        if (o >> over) & 1 and not (blocked >> to) & 1:
                            went_on = True
                            bit = 1 << over
                            stack.append((to, o ^ bit, taken | bit))
                    if not went_on:
                        ends.append((origin, pos, taken))
            origin, dest, taken = ends[int(rand() * len(ends))]
            if trace is not None:
                trace.append((origin, dest, taken))
            own = (own ^ (1 << origin)) | (1 << dest)
            opp &= ~taken
            quiet = 0
            played += 1
            if opp.bit_count() <= floor_left:
                return opp, own, quiet, played, True
            own, opp = opp, own
            continue
"""


def _source(board: Board) -> str:
    right = [(off, m) for off, m in board.jump_shifts if off > 0]
    left = [(-off, m) for off, m in board.jump_shifts if off < 0]
    cap_terms = [f"({m} & (opp >> {off}) & (empty >> {2 * off}))" for off, m in right]
    cap_terms += [f"({m} & (opp << {off}) & (empty << {2 * off}))" for off, m in left]
    steps = [(f"own & {m} & (empty >> {off})", "<<", off) for off, m in board.step_shifts if off > 0]
    steps += [(f"own & {m} & (empty << {-off})", ">>", -off) for off, m in board.step_shifts if off < 0]
    lines = [
        "def playout(rng, own, opp, quiet, max_plies, floor_left, limit, trace):",
        "    rand = rng.random",
        "    played = 0",
        "    while played < max_plies:",
        "        if quiet >= limit:",
        "            break",
        f"        empty = {board.mask} ^ (own | opp)",
        "        cap = own & (" + " | ".join(cap_terms) + ")",
        _CAPTURE_PLY.rstrip("\n"),
    ]
    for i, (expr, _, _) in enumerate(steps):
        lines.append(f"        c{i} = {expr}")
    lines.append("        total = " + " + ".join(f"c{i}.bit_count()" for i in range(len(steps))))
    lines.append("        if not total:")
    lines.append("            break")
    lines.append("        k = int(rand() * total)")
    for i, (_, shift, off) in enumerate(steps):
        lines += [
            f"        n = c{i}.bit_count()",
            "        if k < n:",
            f"            c = c{i}",
            "            while k:",
            "                c &= c - 1",
            "                k -= 1",
            "            low = c & -c",
            f"            dest = low {shift} {off}",
            "            if trace is not None:",
            "                trace.append((low.bit_length() - 1, dest.bit_length() - 1, 0))",
            "            own ^= low | dest",
            "            quiet += 1",
            "            played += 1",
            "            own, opp = opp, own",
            "            continue",
            "        k -= n",
        ]
    lines.append("        raise AssertionError('step choice out of range')")
    lines.append("    return own, opp, quiet, played, False")
    return "\n".join(lines) + "\n"


def forced_playout(board: Board) -> PlayoutFn:
    """The compiled playout loop for ``board`` (built once per board)."""
    fn = _cache.get(board.name)
    if fn is None:
        namespace: dict[str, object] = {"jumps": board.jumps}
        exec(compile(_source(board), f"<war playout: {board.name}>", "exec"), namespace)
        fn = namespace["playout"]  # type: ignore[assignment]
        _cache[board.name] = fn
    return fn
