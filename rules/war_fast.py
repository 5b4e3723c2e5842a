"""The war games' random-playout loop, compiled per board and capture rule for speed.

Search spends most of its time in random playouts, and the issue asks for thousands
of Kotu Ellima games a second in pure Python. A plain loop over the board's shift
tables spends a third of its time iterating the tables themselves, so this module
writes the loop out once per board and capture rule, with every direction unrolled and
every mask a constant, and compiles it. The rules are ``WarState``'s (forced, free and
huff captures); ``tests/test_war_random_games.py`` replays traced playouts through the
checked API.

The generated function's signature::

    playout(rng, own, opp, turn, quiet, huffable, max_plies, floor_left, limit, greedy, trace)
        -> (own, opp, turn, quiet, huffable, plies_played, won_by_capture)

``own`` is always the army of ``turn``, the side to move; ``huffable`` the opponent pieces
it may huff. Moves are uniformly random among the legal ones, except that with probability
``greedy`` a ply with a capture available takes one of the largest. ``trace`` is None or
a list that receives ``(origin, destination, captured_mask)`` per move (origin -1: a huff).
"""

from __future__ import annotations

from collections.abc import Callable

from .boards import Board

PlayoutFn = Callable[..., tuple[int, int, int, int, int, int, bool]]

FORCED, FREE, HUFF = "forced", "free", "huff"

_cache: dict[tuple[str, str], PlayoutFn] = {}

# Depth-first search for the capture chains of every piece in ``cap``. Forced: only
# chains that cannot go on are moves; free and huff: every prefix is a move.
_CHAINS = """\
rest = cap
while rest:
    low = rest & -rest
    rest ^= low
    origin = low.bit_length() - 1
    others = own ^ low
    stack = [(origin, opp, 0)]
    while stack:
        pos, o, taken = stack.pop()
        went_on = False
        if o & over_mask[pos]:
            blocked = others | o
            for obit, tbit, to in jump_bits[pos]:
                if o & obit and not blocked & tbit:
                    went_on = True
                    stack.append((to, o ^ obit, taken | obit))
                    {prefix}
        {complete}
"""

_LARGEST = """\
most = max(t.bit_count() for _, _, t in ends)
ends = [e for e in ends if e[2].bit_count() == most]
origin, dest, taken = ends[int(rand() * len(ends))]
"""

# Play the chosen capture chain (origin, dest, taken); under the huff rule a chain that
# could have gone on leaves its piece open to a huff.
_CAPTURE = """\
if trace is not None:
    trace.append((origin, dest, taken))
own = (own ^ (1 << origin)) | (1 << dest)
opp &= ~taken
quiet = 0
played += 1
{stopped_early}
if opp.bit_count() <= floor_left:
    return opp, own, turn ^ 1, quiet, huffable, played, True
own, opp = opp, own
turn ^= 1
continue
"""

_STOPPED_EARLY = """\
huffable = 0
blocked = own | opp
for over, to in jumps[dest]:
    if (opp >> over) & 1 and not (blocked >> to) & 1:
        huffable = 1 << dest
        break
"""

# Remove the k-th huffable piece; the same side then moves again.
_HUFF = """\
if k < nh:
    h = huffable
    while k:
        h &= h - 1
        k -= 1
    bit = h & -h
    if trace is not None:
        trace.append((-1, bit.bit_length() - 1, bit))
    opp ^= bit
    huffable = 0
    quiet = 0
    played += 1
    if opp.bit_count() <= floor_left:
        return own, opp, turn, quiet, huffable, played, True
    continue
k -= nh
"""


def _indent(snippet: str, spaces: int) -> list[str]:
    return [" " * spaces + line if line else "" for line in snippet.rstrip("\n").split("\n")]


def _step_lines(board: Board, huff: bool) -> tuple[list[str], list[str]]:
    """Lines that count the steps per direction, and lines that play the k-th step."""
    steps = [(f"own & {m} & (empty >> {off})", "<<", off) for off, m in board.step_shifts if off > 0]
    steps += [(f"own & {m} & (empty << {-off})", ">>", -off) for off, m in board.step_shifts if off < 0]
    count = []
    for i, (expr, _, _) in enumerate(steps):
        count.append(f"        c{i} = {expr}")
        count.append(f"        n{i} = c{i}.bit_count()")
    count.append("        nsteps = " + " + ".join(f"n{i}" for i in range(len(steps))))
    # Under the huff rule, a plain move while a capture was there leaves the capturers
    # open to a huff, the moved piece at its new point.
    after_step = (["            huffable = cap ^ (low | dest) if cap & low else cap"] if huff else [])
    play = []
    for i, (_, shift, off) in enumerate(steps):
        play += [
            f"        if k < n{i}:",
            f"            c = c{i}",
            "            while k:",
            "                c &= c - 1",
            "                k -= 1",
            "            low = c & -c",
            f"            dest = low {shift} {off}",
            "            if trace is not None:",
            "                trace.append((low.bit_length() - 1, dest.bit_length() - 1, 0))",
            *after_step,
            "            own ^= low | dest",
            "            quiet += 1",
            "            played += 1",
            "            own, opp = opp, own",
            "            turn ^= 1",
            "            continue",
            f"        k -= n{i}",
        ]
    play.append("        raise AssertionError('move choice out of range')")
    return count, play


def _source(board: Board, rule: str) -> str:
    right = [(off, m) for off, m in board.jump_shifts if off > 0]
    left = [(-off, m) for off, m in board.jump_shifts if off < 0]
    cap_terms = [f"({m} & (opp >> {off}) & (empty >> {2 * off}))" for off, m in right]
    cap_terms += [f"({m} & (opp << {off}) & (empty << {2 * off}))" for off, m in left]
    forced = rule == FORCED
    chains = _CHAINS.format(
        prefix="" if forced else "ends.append((origin, to, taken | obit))",
        complete="if not went_on:\n            ends.append((origin, pos, taken))" if forced else "",
    )
    capture = _CAPTURE.format(stopped_early=_STOPPED_EARLY if rule == HUFF else "")
    count, play = _step_lines(board, rule == HUFF)
    lines = [
        "def playout(rng, own, opp, turn, quiet, huffable, max_plies, floor_left, limit, greedy, trace):",
        "    rand = rng.random",
        "    played = 0",
        "    while played < max_plies:",
        "        if quiet >= limit:",
        "            break",
        f"        empty = {board.mask} ^ (own | opp)",
        "        cap = own & (" + " | ".join(cap_terms) + ")",
    ]
    if forced:
        # A capture available must be taken: choose among the complete chains.
        lines += ["        if cap:", "            ends = []", *_indent(chains, 12)]
        lines += ["            if greedy and rand() < greedy:", *_indent(_LARGEST, 16), "            else:",
                  "                origin, dest, taken = ends[int(rand() * len(ends))]",
                  *_indent(capture, 12)]
        lines += count
        lines += ["        if not nsteps:", "            break", "        k = int(rand() * nsteps)"]
    else:
        # Captures are optional: huffs, chains (every prefix) and steps share one uniform draw.
        lines += ["        ends = []", "        if cap:", *_indent(chains, 12)]
        lines += count
        lines += ["        nh = huffable.bit_count()" if rule == HUFF else "        nh = 0"]
        lines += [
            "        total = nsteps + len(ends) + nh",
            "        if not total:",
            "            break",
            "        if ends and greedy and rand() < greedy:", *_indent(_LARGEST, 12), *_indent(capture, 12),
            "        k = int(rand() * total)",
        ]
        if rule == HUFF:
            lines += _indent(_HUFF, 8)
        lines += [
            "        if k < len(ends):",
            "            origin, dest, taken = ends[k]", *_indent(capture, 12),
            "        k -= len(ends)",
        ]
        if rule == HUFF:
            lines += ["        huffable = 0"]
    lines += play
    lines.append("    return own, opp, turn, quiet, huffable, played, False")
    return "\n".join(lines) + "\n"


def compiled_playout(board: Board, rule: str) -> PlayoutFn:
    """The compiled playout loop for ``board`` under capture ``rule`` (built once)."""
    key = (board.name, rule)
    fn = _cache.get(key)
    if fn is None:
        namespace: dict[str, object] = {
            "jumps": board.jumps,
            "jump_bits": tuple(tuple((1 << o, 1 << t, t) for o, t in js) for js in board.jumps),
            "over_mask": tuple(sum(1 << o for o, _ in js) for js in board.jumps),
        }
        exec(compile(_source(board, rule), f"<war playout: {board.name}, {rule}>", "exec"), namespace)
        fn = namespace["playout"]  # type: ignore[assignment]
        _cache[key] = fn
    return fn
