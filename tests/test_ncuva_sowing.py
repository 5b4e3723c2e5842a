"""Ncuva's sowing kernel (``rules.ncuva_sowing``): the cycle stop lands exactly where noting
every state in a set would (RULES-SPEC 6: the first lift of a state already seen), with the lift
limit on either side of the repeat; a lift can be undone (why comparing with the start finds
every cycle); a long sowing that ends by itself is never cut; the limit bounds the longest
cycle found."""

import random

import pytest

from rules import load_game, load_state, ncuva_sowing
from rules.kinds import Detail, EffectKind
from rules.ncuva_sowing import CYCLE_STOP, ENDED, LIFT_LIMIT, LIMIT_STOP, lift_and_sow, sow

# Half-boards (a circuit in sowing order) and a start whose relay sowing cycles; the first
# repeat comes at lift j (found by benchmarks/ncuva_sowings.py).
CYCLES = [
    ([2, 1, 3, 1, 2, 3, 0, 1], 2, 648),
    ([4, 1, 4, 0, 3, 0, 4, 0], 2, 1344),
    ([1, 0, 2, 1, 2, 0, 2, 1, 0, 4, 1, 2, 1, 2, 1, 0], 4, 292),
    ([4, 8, 7, 2], 2, 18),  # 16 of its 18 lifts lap the circuit (a hand of 4 or more)
]
# The longest found: over a million lifts before a state repeats, on 12 columns.
LONGEST = [0, 1, 0, 2, 6, 0, 6, 0, 2, 3, 0, 4, 3, 2, 1, 4, 1, 0, 1, 4, 1, 2, 4, 1]
# The sowing that ends by itself after 10,048 lifts (12 columns, South sows g1): the
# old 1,000-lift limit cut it short.
NATURAL = (
    "ncuva after_capture=end-turn columns=12 first=south only_two=off start=even; "
    "board=2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2/1,4,0,4,2,3,1,2,1,2,3,1/"
    "0,3,0,1,2,3,2,2,5,0,4,2; turn=S; turns=0; store=0/0; ply=0"
)


# The longest sowing known to end by itself: 16,663 lifts on a 12-column half-board holding its 48
# stones (a hill climb keeping the longest ending sowing, 120 s; the rules screen states it).
LONGEST_ENDING = ([1, 2, 1, 2, 1, 2, 1, 4, 3, 2, 3, 2, 1, 2, 3, 0, 2, 4, 3, 2, 1, 5, 1, 0], 21, 16_663)


def test_the_longest_known_sowing_that_ends_is_not_cut():
    circuit, origin, lifts = LONGEST_ENDING
    assert sum(circuit) == 48
    b = circuit[:]
    assert sow(b, 0, 24, origin)[1:] == (ENDED, lifts)
    assert noted(circuit, origin, 10**6)[1:] == (sow(circuit[:], 0, 24, origin)[0], ENDED, lifts)


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


def unlift(h: list[int], pos: int) -> int:
    """Undo, in place, the lift whose last stone fell in ``pos`` of the circuit ``h``; return the
    hole it lifted. Written from the module docstring's argument: a hand shorter than the
    circuit leaves the lifted hole the first empty one behind the last stone; whole laps leave
    no hole empty and the lifted one the first behind holding the fewest (one a lap), or the
    last stone's own hole when that holds the fewest."""
    n = len(h)
    fewest = min(h)
    behind = [k % n for k in range(pos - 1, pos - n, -1)]
    if fewest == 0:
        lifted = next(k for k in behind if h[k] == 0)
    elif h[pos] == fewest:
        lifted = pos
    else:
        lifted = next(k for k in behind if h[k] == fewest)
    rest = (pos - lifted) % n
    for k in range(1, rest + 1):
        h[(lifted + k) % n] -= 1
    for k in range(n):
        h[k] -= fewest
    h[lifted] = fewest * n + rest
    return lifted


def random_half(rng: random.Random, n: int, most: int) -> list[int]:
    h = [0] * n
    for _ in range(rng.randint(2, most)):
        h[rng.randrange(n)] += 1
    return h


@pytest.mark.parametrize(("circuit", "origin", "repeat"), CYCLES)
def test_the_cycle_stop_and_the_limit_land_where_the_set_says(circuit, origin, repeat, monkeypatch):
    assert noted(circuit, origin, 10**6)[2:] == (CYCLE_STOP, repeat)
    for limit in sorted(
        {repeat - 1, repeat, repeat + 1, 2 * repeat, max(1, repeat // 3), 16, 17, LIFT_LIMIT}
    ):
        monkeypatch.setattr(ncuva_sowing, "LIFT_LIMIT", limit)
        b = [7] + circuit[:] + [9]  # the other player's holes stay untouched
        pos, stop, lifts = sow(b, 1, len(circuit), origin)
        assert (b[1:-1], pos, stop, lifts) == noted(circuit, origin, limit), limit
        assert b[0] == 7 and b[-1] == 9


def test_random_half_boards_agree_with_the_set(monkeypatch):
    """Boards as play makes them (up to 4 stones a column) and boards heavy enough for lap lifts
    (as a position text may hold): the same stop, lifts and board as the set of every state."""
    rng = random.Random(19)
    for k in range(3000):
        limit = rng.choice((1, 5, 16, 100, 1000, LIFT_LIMIT))
        monkeypatch.setattr(ncuva_sowing, "LIFT_LIMIT", limit)
        n = 2 * rng.choice((2, 4, 6, 8, 12))
        h = random_half(rng, n, 2 * n if k % 2 else 6 * n)
        starts = [p for p in range(n) if h[p] >= 2]
        if starts:
            origin = rng.choice(starts)
            b = h[:]
            assert (b, *sow(b, 0, n, origin)) == noted(h, origin, limit)


def test_a_lift_is_undone_from_the_state_after_it():
    """The fact the cycle test rests on: the state before a lift follows from the state after
    it, so a sowing's first repeated state is its start. Checked lift by lift on random
    sowings, lap lifts (hands of a circuit or more) included, and on every cycle found."""
    rng = random.Random(29)
    laps = 0
    for k in range(2000):
        n = 2 * rng.choice((1, 2, 4, 6, 12))
        h = random_half(rng, n, 2 * n if k % 2 else 8 * n)
        starts = [p for p in range(n) if h[p] >= 1]
        pos = rng.choice(starts)
        for _ in range(rng.randint(1, 40)):
            if not h[pos]:
                break
            before, lifted = h[:], pos
            laps += h[pos] >= n
            pos = lift_and_sow(h, 0, n, pos)
            undone = h[:]
            assert unlift(undone, pos) == lifted and undone == before
    assert laps > 500
    for circuit, origin, repeat in CYCLES:
        h, pos = circuit[:], origin
        for _ in range(repeat):
            pos = lift_and_sow(h, 0, len(h), pos)
        assert (h, pos) == (circuit, origin)  # the cycle comes back to its start


def test_a_long_sowing_that_ends_by_itself_is_not_cut():
    """The issue's 10,048-lift sowing ends where its last stone falls (no capture: the turn
    passes), its effects show every lift, and a cycle ending is never said."""
    state = load_state(NATURAL)
    move = state.parse_move("g1")
    effects = state.effects(move)
    assert effects[-1].detail == Detail.SLEEP
    assert sum(e.kind in (EffectKind.LIFT, EffectKind.RELAY) for e in effects) == 10_048
    assert LIFT_LIMIT >= 6 * LONGEST_ENDING[2]  # far above the longest sowing known to end by itself
    after = state.copy()
    after.apply(move)
    assert after.to_move == 1 and after.stores() == (0, 0)
    b = state._b[:]
    n = state.game.n
    assert sow(b, 0, n, state.game.local_of[move.origin])[1:] == (ENDED, 10_048)


def test_the_longest_cycle_found_stops_at_the_limit():
    """A position text holding the million-lift cycle: the sowing stops at the limit, one walk
    of ``LIFT_LIMIT`` lifts (its time is in benchmarks/ncuva_sowings.py), and the turn passes."""
    game = load_game("ncuva", columns=12, start="even", first="south")
    board = LONGEST + LONGEST
    counts = {game.cell_of[k]: v for k, v in enumerate(board)}
    rows = "/".join(",".join(str(counts[r * 12 + c]) for c in range(12)) for r in (3, 2, 1, 0))
    state = load_state(f"{game.header()}; board={rows}; turn=S; turns=0; store=0/0; ply=0")
    move = next(m for m in state.legal_moves() if m.origin == game.cell_of[21])
    after = state.copy()
    after.apply(move)
    assert after.to_move == 1 and after.stores() == (0, 0)
    b = LONGEST[:]
    pos, stop, lifts = sow(b, 0, 24, 21)
    assert (stop, lifts) == (LIMIT_STOP, LIFT_LIMIT)
    assert [after.counts()[game.cell_of[k]] for k in range(24)] == b
