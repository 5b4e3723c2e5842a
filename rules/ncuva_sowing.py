"""Ncuva's sowing on a bare list of counts: one kernel for apply, captures, effects, playouts.

A player's circuit is ``b[base:base+n]`` (local positions 0..n-1: the outer row, then the inner
row; see ``ncuva``). A sowing is a deterministic walk: each *lift* takes a hole's stones and
drops them one a hole; if the last stone lands in a hole that was not empty, that hole is
lifted next (a relay). A relay that comes back to a state (board, hole about to be lifted) it
has been in would go round for ever: RULES-SPEC 6 stops it at the first lift of a state already
seen, and the turn ends. That stops only cycles: a sowing that ends by itself never repeats a
state. The one other stop is a safety net, ``LIFT_LIMIT`` lifts (house rule): a cycle can take
over a million lifts to come round (12 columns), and no exact test can be quicker than walking
it. The limit is set far above the longest sowing that ended by itself in Keliya's measurements
(``benchmarks/ncuva_sowings.py``; the figures are in ``benchmarks/RESULTS.md`` and on the rules
screen).

Why comparing each state with the start finds every cycle (one walk, constant memory): a lift
can be undone, so two different states never lead to the same one, and the first state a
sowing repeats is its start. A lift of fewer stones than the circuit has holes leaves the
lifted hole empty and every hole after it up to the last stone occupied: the lifted hole is the
first empty one behind the last stone. A lift of a whole lap or more leaves no hole empty, the
lifted one holding the fewest stones (one a lap) and every hole after it up to the last stone
more: it is the first hole behind the last stone holding the fewest, or the last stone's own
when that holds the fewest. Either way the state before a lift is known from the state after
it (``tests/test_ncuva_sowing.py`` checks the undoing, and random sowings against a set of
every state).
"""

from __future__ import annotations

LIFT_LIMIT = 100_000  # house rule, a safety net: a sowing stops after this many lifts
ENDED, CYCLE_STOP, LIMIT_STOP = 0, 1, 2  # how a sowing ended (``sow``'s second value)


def lift_and_sow(b: list[int], base: int, n: int, pos: int) -> int:
    """Lift local ``pos`` of the circuit at ``b[base:base+n]`` and drop its stones one a hole
    along it (whole laps at once); return the local position of the last stone."""
    i = base + pos
    hand = b[i]
    b[i] = 0
    if hand >= n:
        laps, hand = divmod(hand, n)
        for k in range(base, base + n):
            b[k] += laps
    end = pos + hand
    if end < n:
        for k in range(i + 1, base + end + 1):
            b[k] += 1
        return end
    end -= n
    for k in range(i + 1, base + n):
        b[k] += 1
    for k in range(base, base + end + 1):
        b[k] += 1
    return end


def sow(b: list[int], base: int, n: int, origin: int) -> tuple[int, int, int]:
    """Sow from local ``origin``, relaying while the last stone lands in an occupied hole.
    Return (local position of the last stone, ``ENDED``/``CYCLE_STOP``/``LIMIT_STOP``, lifts
    made). After a stop the position is the hole that was about to be lifted: the start's own
    after a cycle (see the module docstring), the board then as it was before the sowing."""
    start = b[base : base + n]
    pos = origin
    for lifts in range(1, LIFT_LIMIT + 1):
        pos = lift_and_sow(b, base, n, pos)
        if b[base + pos] == 1:
            return pos, ENDED, lifts
        if pos == origin and b[base : base + n] == start:
            return pos, CYCLE_STOP, lifts
    return pos, LIMIT_STOP, LIFT_LIMIT


def choices(b: list[int], base: int, n: int, only_two: bool) -> tuple[list[int], bool]:
    """The local positions a player may start from, and whether they are singles moves."""
    own = b[base : base + n]
    big = [k for k in range(n) if own[k] >= 2]
    if big:
        if only_two and len(big) == 1 and sum(own) == own[big[0]]:
            return [], False  # the "only two left" rule: the last hole with stones stays
        return big, False
    return [k for k in range(n) if own[k] == 1 and not own[(k + 1) % n]], True


def decide(b: list[int], player: int, cols: int, pos: int, single: bool) -> tuple[int, int, int, int]:
    """Play one decision of ``player`` from local ``pos`` on ``b``: (stones taken, opponent's
    inner and outer index emptied or -1, how the sowing ended: ``ENDED`` or a stop)."""
    n = 2 * cols
    base = player * n
    if single:
        b[base + pos] = 0
        pos = pos + 1 if pos + 1 < n else 0
        b[base + pos] += 1
        stop = ENDED
    else:
        pos, stop, _ = sow(b, base, n, pos)
        if stop:
            return 0, -1, -1, stop
    if pos < cols:
        return 0, -1, -1, ENDED
    obase = n - base
    inner = obase + 3 * cols - 1 - pos
    if not b[inner]:
        return 0, -1, -1, ENDED
    outer = obase + pos - cols
    taken = b[inner] + b[outer]
    b[inner] = b[outer] = 0
    return taken, inner, outer, ENDED
