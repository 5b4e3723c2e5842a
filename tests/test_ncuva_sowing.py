"""Ncuva's sowing kernel (``rules.ncuva_sowing``): the constant-memory cycle stop lands exactly
where noting every state in a set would (RULES-SPEC 6: the first lift of a state already seen),
with the lift limit on either side of the repeat; and the longest sowing found stays bounded."""

import random

import pytest

from rules import load_game, load_state, ncuva_sowing
from rules.ncuva_sowing import CYCLE_STOP, ENDED, LIMIT_STOP, lift_and_sow, sow

# Half-boards (a circuit in sowing order) and a start whose relay sowing cycles; the first
# repeat comes at lift j (found by benchmarks/ncuva_sowings.py).
CYCLES = [
    ([2, 1, 3, 1, 2, 3, 0, 1], 2, 648),
    ([4, 1, 4, 0, 3, 0, 4, 0], 2, 1344),
    ([1, 0, 2, 1, 2, 0, 2, 1, 0, 4, 1, 2, 1, 2, 1, 0], 4, 292),
]
# The longest found: over a million lifts before a state repeats, on 12 columns.
LONGEST = [0, 1, 0, 2, 6, 0, 6, 0, 2, 3, 0, 4, 3, 2, 1, 4, 1, 0, 1, 4, 1, 2, 4, 1]


def noted(h: list[int], origin: int, limit: int) -> tuple[list[int], int, int, int]:
    """The sowing with every state noted in a set (board, hole about to be lifted)."""
    h = h[:]
    seen = set()
    pos, lifts = origin, 0
    while True:
        key = (tuple(h), pos)
        if key in seen:
            return h, pos, CYCLE_STOP, lifts
        if lifts == limit:
            return h, pos, LIMIT_STOP, lifts
        seen.add(key)
        pos = lift_and_sow(h, 0, len(h), pos)
        lifts += 1
        if h[pos] == 1:
            return h, pos, ENDED, lifts


@pytest.mark.parametrize(("circuit", "origin", "repeat"), CYCLES)
def test_the_cycle_stop_and_the_limit_land_where_the_set_says(circuit, origin, repeat, monkeypatch):
    assert noted(circuit, origin, 10**6)[2:] == (CYCLE_STOP, repeat)
    for limit in sorted({repeat - 1, repeat, repeat + 1, 2 * repeat, max(1, repeat // 3), 64, 65, 1000}):
        monkeypatch.setattr(ncuva_sowing, "LIFT_LIMIT", limit)
        for check in sorted({1, min(64, limit)}):
            monkeypatch.setattr(ncuva_sowing, "LIFT_CHECK", check)
            b = [7] + circuit[:] + [9]  # the other player's holes stay untouched
            pos, stop, lifts = sow(b, 1, len(circuit), origin)
            assert (b[1:-1], pos, stop, lifts) == noted(circuit, origin, limit), (limit, check)
            assert b[0] == 7 and b[-1] == 9


def test_random_half_boards_agree_with_the_set(monkeypatch):
    rng = random.Random(19)
    for _ in range(3000):
        limit = rng.choice((1, 5, 64, 100, 1000))
        monkeypatch.setattr(ncuva_sowing, "LIFT_LIMIT", limit)
        monkeypatch.setattr(ncuva_sowing, "LIFT_CHECK", min(rng.choice((1, 64)), limit))
        n = 2 * rng.choice((4, 6, 8, 12))
        h = [0] * n
        for _ in range(rng.randint(2, 4 * n)):
            h[rng.randrange(n)] += 1
        starts = [k for k in range(n) if h[k] >= 2]
        if starts:
            origin = rng.choice(starts)
            b = h[:]
            assert (b, *sow(b, 0, n, origin)) == noted(h, origin, limit)


def test_the_longest_sowing_found_stops_at_the_limit():
    """A position text holding the million-lift cycle: the sowing stops at the limit and its
    effects show each of those lifts (its time is in benchmarks/ncuva_sowings.py: about a
    millisecond, where the set of every state took seconds)."""
    game = load_game("ncuva", columns=12, start="even", first="south")
    board = LONGEST + LONGEST
    counts = {game.cell_of[k]: v for k, v in enumerate(board)}
    rows = "/".join(",".join(str(counts[r * 12 + c]) for c in range(12)) for r in (3, 2, 1, 0))
    state = load_state(f"{game.header()}; board={rows}; turn=S; turns=0; store=0/0; ply=0")
    move = next(m for m in state.legal_moves() if m.origin == game.cell_of[21])
    effects = state.effects(move)
    after = state.copy()
    after.apply(move)
    assert after.to_move == 1 and after.stores() == (0, 0)
    assert effects[-1].detail == "limit" and effects[-1].count == ncuva_sowing.LIFT_LIMIT
    assert sum(e.kind in ("lift", "relay") for e in effects) == ncuva_sowing.LIFT_LIMIT
