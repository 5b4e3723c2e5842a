"""Ncuva's sowing on a bare list of counts: one kernel for apply, captures, effects, playouts.

A player's circuit is ``b[base:base+n]`` (local positions 0..n-1: the outer row, then the inner
row; see ``ncuva``). A sowing is a deterministic walk: each *lift* takes a hole's stones and
drops them one a hole; if the last stone lands in a hole that was not empty, that hole is
lifted next (a relay). RULES-SPEC 6 stops a sowing at the first lift of a state (board, hole
about to be lifted) already seen in it, and Keliya's house rule stops it after ``LIFT_LIMIT``
lifts, whichever comes first; either way the turn ends.

Why a limit: a relay can go round a cycle of over a million lifts before a state repeats (12
columns; over 600,000 on 8, reached in play), and no exact cycle test can be quicker than walking
it once. Sowings that end by themselves are short (the longest found, by hill climbing, 266
lifts; about 60-110 in random games: ``benchmarks/ncuva_sowings.py``), so the limit cuts short
only sowings that would cycle.

How the cycle is found in constant memory: a sowing that ends within ``LIFT_CHECK`` lifts
cannot have repeated a state (a repeat never ends), so it is walked without noting anything.
A longer one is walked again with Brent's method: the hare is the sowing itself; the tortoise
is a copy of the state at lift 2^k - 1, compared with each of the next 2^k states. A repeat at
lift ``j = mu + lam <= LIFT_LIMIT`` is seen by lift ``3 * LIFT_LIMIT + 2`` at the latest; then
``mu`` (the first state of the cycle) is found by walking two copies ``lam`` apart, and the
second copy stands on state ``mu + lam``: the first lift of a state already seen.
"""

from __future__ import annotations

LIFT_LIMIT = 1000  # house rule: a sowing stops after this many lifts
LIFT_CHECK = 64  # lifts walked without any cycle test (a sowing this short never repeats); <= LIFT_LIMIT
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
    made). After a stop the position is the hole that was about to be lifted."""
    start = b[base:base + n]
    pos = origin
    for lifts in range(1, LIFT_CHECK + 1):
        pos = lift_and_sow(b, base, n, pos)
        if b[base + pos] == 1:
            return pos, ENDED, lifts
    h = start[:]
    pos, stop, lifts = long_sowing(h, n, origin)
    b[base:base + n] = h
    return pos, stop, lifts


def long_sowing(h: list[int], n: int, origin: int) -> tuple[int, int, int]:
    """``sow`` on the circuit ``h`` alone (changed in place), with the cycle test and the limit
    from the first lift (see the module docstring): constant memory, at most
    ``5 * LIFT_LIMIT + 2`` lifts."""
    start = h[:]
    hare_cap = 3 * LIFT_LIMIT + 2  # Brent sees any repeat within the limit by then
    tortoise, tortoise_pos = h[:], origin  # state 0
    power = lam = 1
    pos = lift_and_sow(h, 0, n, origin)
    lifts = 1  # the hare stands on state ``lifts``
    at_limit: tuple[list[int], int] | None = None
    while True:
        if h[pos] == 1:  # the sowing ends by itself
            if lifts <= LIFT_LIMIT:
                return pos, ENDED, lifts
            break
        if pos == tortoise_pos and h == tortoise:
            return _first_repeat(h, n, start, origin, lam, at_limit)
        if lifts == LIFT_LIMIT:
            at_limit = (h[:], pos)
        if lifts >= hare_cap:
            break  # no state repeats within the limit
        if power == lam:
            tortoise, tortoise_pos = h[:], pos
            power *= 2
            lam = 0
        pos = lift_and_sow(h, 0, n, pos)
        lifts += 1
        lam += 1
    assert at_limit is not None
    h[:] = at_limit[0]
    return at_limit[1], LIMIT_STOP, LIFT_LIMIT


def _first_repeat(h: list[int], n: int, start: list[int], origin: int, lam: int,
                  at_limit: tuple[list[int], int] | None) -> tuple[int, int, int]:
    """The states cycle with period ``lam``: walk two copies ``lam`` lifts apart from the start
    until they meet (at ``mu``); the leading one then stands on the first repeat, ``mu + lam``.
    If that lies beyond the limit, the sowing stopped at the limit instead."""
    if lam <= LIFT_LIMIT:
        lead, lead_pos = start[:], origin
        for _ in range(lam):
            lead_pos = lift_and_sow(lead, 0, n, lead_pos)
        trail, trail_pos = start[:], origin
        for mu in range(LIFT_LIMIT - lam + 1):
            if lead_pos == trail_pos and lead == trail:
                h[:] = lead
                return lead_pos, CYCLE_STOP, mu + lam
            lead_pos = lift_and_sow(lead, 0, n, lead_pos)
            trail_pos = lift_and_sow(trail, 0, n, trail_pos)
    assert at_limit is not None  # the repeat comes after the limit, which the hare passed
    h[:] = at_limit[0]
    return at_limit[1], LIMIT_STOP, LIFT_LIMIT


def choices(b: list[int], base: int, n: int, only_two: bool) -> tuple[list[int], bool]:
    """The local positions a player may start from, and whether they are singles moves."""
    own = b[base:base + n]
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
