"""What a learned evaluation looks at: a few numbers per position, per game family.

Every feature is read from player 0's side (most are player 0's count minus player 1's), so one
weight vector serves both players. They are cheap on purpose: the search calls them in its
leaves, thousands of times a second, so each is a handful of bitmask shifts and bit counts over
tables built once per board. They read the rules' public API only (armies, the game's shift and
jump tables, ``move_limit``); nothing here decides legality.

Families: the war games (``WarState``), the hunt games (``HuntState``) and BattleHalma
(``BattleHalmaState``). A game outside them (Ncuva) has no features, and the search keeps its
``state.heuristic()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from rules.battlehalma import BattleHalmaGame, BattleHalmaState
from rules.boards import Board
from rules.core import State
from rules.hunt import HuntGame, HuntState
from rules.war import WarGame, WarState

FeatureFn = Callable[[State], list[float]]

WAR_FEATURES = (
    "material",  # (S - N) / pieces at the start
    "ratio",  # (S - N) / (S + N): a lead counts for more as the armies thin out
    "mobility",  # steps open to each side
    "capturers",  # pieces that could capture if it were their turn
    "en_prise",  # pieces the enemy could jump at once (player 1's minus player 0's)
    "exposed",  # pieces with an empty point on both sides along a line (a jump needs one)
    "supported",  # pieces with a friend beside them on a line
    "centre",  # pieces on the nine central points
    "side_wings",  # pieces in the east and west wings
    "advance",  # mean distance travelled toward the enemy wing
    "home",  # pieces still in their own wing
    "to_move",  # +1 when player 0 is to move
    "threat",  # for the side to move: enemy pieces it can jump now (signed by who moves)
    "race",  # material ratio times the share of the no-capture limit used up
)

HUNT_FEATURES = (
    "progress",  # captures made / the hunters' goal
    "freedom",  # the hunters' steps and jumps per hunter
    "trapped",  # hunters with no move at all (counted against the hunters)
    "en_prise",  # prey the hunters could jump at once
    "exposed",  # prey with an empty point on both sides along a line
    "wall",  # prey with a friend beside them on a line
    "hands",  # prey still in hand / the flock
    "hunter_centre",  # hunters on the nine central points
    "to_move",
    "threat",  # the hunters are to move and have a capture
    "limit_used",  # share of the no-capture limit used up (the limit is a draw)
)

HALMA_FEATURES = (
    "material",  # counters 1, kings 2.5: (R - B) / (R + B)
    "kings",  # kings, per counter at the start
    "progress",  # mean progress toward the enemy corner
    "leader",  # the most advanced piece's progress
    "at_home",  # pieces still in their own yard
    "en_prise",  # pieces the enemy can land on next move by a step or one leap
    "to_move",
    "threat",  # for the side to move: enemies it can land on now
    "near",  # pieces within two king steps of an enemy piece (the hunt for the last pieces)
    "limit_used",  # material times the share of the no-capture limit used up
)


@dataclass(frozen=True)
class LineTables:
    """Masks of one line board that the war and hunt features read."""

    rows: tuple[int, ...]  # row r (0 at the bottom) as a mask
    row_bits: tuple[int, ...]  # bit k: the rows whose number has bit k set
    centre: int  # the nine points around the centre
    side_wings: int  # columns outside the central square (east and west wings)
    south_wing: int  # rows below the central square
    north_wing: int  # rows above it
    jumps: tuple[tuple[int, int, int], ...]  # (shift, 2*shift, origins): jumps toward higher points
    jumps_down: tuple[tuple[int, int, int], ...]  # the same toward lower points (shifts positive)
    steps: tuple[tuple[int, int], ...]  # (shift, origins) toward higher points
    steps_down: tuple[tuple[int, int], ...]  # toward lower points


@cache
def line_tables(board: Board) -> LineTables:
    """The masks for ``board`` (built once per board)."""
    w, h = board.width, board.height
    rows = tuple(sum(1 << p for p in board.points if p // w == r) for r in range(h))
    cx, cy = w // 2, h // 2
    centre = sum(1 << p for p in board.points if abs(p % w - cx) <= 1 and abs(p // w - cy) <= 1)
    # The central square: the columns filled in every row of the middle band (c to g on the
    # war board); a board without one (the triangles) has no side wings.
    band = [r for r in range(cy - 2, cy + 3) if 0 <= r < h]
    full = [c for c in range(w) if all((board.mask >> (r * w + c)) & 1 for r in band)]
    lo, hi = (min(full), max(full)) if full else (0, w - 1)
    side = sum(1 << p for p in board.points if not lo <= p % w <= hi)
    south = sum(1 << p for p in board.points if p // w < cy - 2)
    north = sum(1 << p for p in board.points if p // w > cy + 2)
    up = tuple((off, 2 * off, m) for off, m in board.jump_shifts if off > 0)
    down = tuple((-off, -2 * off, m) for off, m in board.jump_shifts if off < 0)
    steps = tuple((off, m) for off, m in board.step_shifts if off > 0)
    steps_down = tuple((-off, m) for off, m in board.step_shifts if off < 0)
    row_bits = tuple(
        sum(m for r, m in enumerate(rows) if r >> k & 1) for k in range(max(1, (h - 1).bit_length()))
    )
    return LineTables(rows, row_bits, centre, side, south, north, up, down, steps, steps_down)


def _steps(t: LineTables, own: int, empty: int) -> int:
    n = 0
    for off, m in t.steps:
        n += (own & m & (empty >> off)).bit_count()
    for off, m in t.steps_down:
        n += (own & m & (empty << off)).bit_count()
    return n


def _jumpable(t: LineTables, attackers: int, victims: int, empty: int) -> int:
    """Mask of ``victims`` that some piece of ``attackers`` can jump at once."""
    hit = 0
    for off, _, m in t.jumps:
        hit |= ((attackers & m) << off) & victims & (empty >> off)
    for off, _, m in t.jumps_down:
        hit |= ((attackers & m) >> off) & victims & (empty << off)
    return hit


def _exposed(t: LineTables, pieces: int, empty: int) -> int:
    """Mask of ``pieces`` with an empty point on both sides along some line."""
    out = 0
    for off, _, m in t.jumps:
        out |= ((empty & m) << off) & pieces & (empty >> off)
    return out


def _supported(t: LineTables, pieces: int) -> int:
    """Mask of ``pieces`` with a friend on a neighbouring point."""
    out = 0
    for off, m in t.steps:
        both = pieces & m & (pieces >> off)
        out |= both | (both << off)
    return out


def _row_sum(t: LineTables, pieces: int) -> int:
    """The sum of the row numbers of ``pieces``, by the bits of the row number."""
    return sum((pieces & plane).bit_count() << k for k, plane in enumerate(t.row_bits))


def war_features(state: State) -> list[float]:
    """``WAR_FEATURES`` of a war-game position (one pass over each shift table for both armies)."""
    assert isinstance(state, WarState)
    g: WarGame = state.game
    t = line_tables(g.board)
    s, n = state.army(0), state.army(1)
    empty = g.board.mask & ~(s | n)
    cs, cn = s.bit_count(), n.bit_count()
    # Jumps: who can capture, who can be taken, who stands open on a line.
    cap_s = cap_n = hit_s = hit_n = open_s = open_n = 0
    for off, off2, m in t.jumps:
        land = empty >> off2
        cap_s |= s & m & (n >> off) & land
        cap_n |= n & m & (s >> off) & land
        e_m = empty & m
        far = empty >> off
        hit_s |= ((n & m) << off) & s & far  # a South piece North jumps upward
        hit_n |= ((s & m) << off) & n & far
        open_s |= (e_m << off) & s & far
        open_n |= (e_m << off) & n & far
    for off, off2, m in t.jumps_down:
        land = empty << off2
        cap_s |= s & m & (n << off) & land
        cap_n |= n & m & (s << off) & land
        near = empty << off
        hit_s |= ((n & m) >> off) & s & near
        hit_n |= ((s & m) >> off) & n & near
    # Steps and friends beside.
    steps_s = steps_n = 0
    sup_s = sup_n = 0
    for off, m in t.steps:
        up = empty >> off
        steps_s += (s & m & up).bit_count()
        steps_n += (n & m & up).bit_count()
        both = s & m & (s >> off)
        sup_s |= both | (both << off)
        both = n & m & (n >> off)
        sup_n |= both | (both << off)
    for off, m in t.steps_down:
        down = empty << off
        steps_s += (s & m & down).bit_count()
        steps_n += (n & m & down).bit_count()
    start = float(g.start_count)
    top = len(t.rows) - 1
    sign = 1.0 if state.to_move == 0 else -1.0
    att_s, att_n = hit_s.bit_count(), hit_n.bit_count()
    ratio = (cs - cn) / (cs + cn) if cs + cn else 0.0
    used = 1.0 - (g.limit - state.quiet_plies) / g.limit if g.limit else 0.0
    adv_s = _row_sum(t, s) / cs if cs else 0.0
    adv_n = top - _row_sum(t, n) / cn if cn else 0.0
    return [
        (cs - cn) / start,
        ratio,
        (steps_s - steps_n) / (2.0 * start),
        (cap_s.bit_count() - cap_n.bit_count()) / start,
        (att_n - att_s) / start,
        (open_s.bit_count() - open_n.bit_count()) / start,
        (sup_s.bit_count() - sup_n.bit_count()) / start,
        ((s & t.centre).bit_count() - (n & t.centre).bit_count()) / 9.0,
        ((s & t.side_wings).bit_count() - (n & t.side_wings).bit_count()) / start,
        (adv_s - adv_n) / top,
        ((s & t.south_wing).bit_count() - (n & t.north_wing).bit_count()) / start,
        sign,
        sign * (att_n if sign > 0 else att_s) / start,
        ratio * max(0.0, used),
    ]


def hunt_features(state: State) -> list[float]:
    """``HUNT_FEATURES`` of a hunt-game position (player 0 hunts)."""
    assert isinstance(state, HuntState)
    g: HuntGame = state.game
    t = line_tables(g.board)
    h, p = state.army(0), state.army(1)
    empty = g.board.mask & ~(h | p)
    hands = state.hands()
    hunters = g.totals[0]
    adjacent = g.board.adjacent_mask
    jump_bits = g.jump_bits
    trapped = 0
    moves = 0
    for a in _bits(h):
        free = (adjacent[a] & empty).bit_count()
        for over_bit, to_bit, _ in jump_bits[a]:
            if p & over_bit and empty & to_bit:
                free += 1
        moves += free
        trapped += free == 0
    moves += 4 * hands[0]
    en_prise = _jumpable(t, h, p, empty).bit_count()
    flock = float(g.totals[1])
    limit = state.move_limit()
    used = 0.0 if limit is None or not g.limit else 1.0 - limit.left / g.limit
    sign = 1.0 if state.to_move == 0 else -1.0
    return [
        state.captured_counts()[0] / g.target,
        moves / (4.0 * hunters),
        -trapped / hunters,
        en_prise / flock,
        -_exposed(t, p, empty).bit_count() / flock,
        -_supported(t, p).bit_count() / flock,
        -hands[1] / flock,
        (h & t.centre).bit_count() / hunters,
        sign,
        1.0 if sign > 0 and en_prise else 0.0,
        used,
    ]


@dataclass(frozen=True)
class HalmaTables:
    """Per-board masks for the BattleHalma features."""

    progress_rows: tuple[tuple[tuple[int, float], ...], ...]  # per side: (mask, progress) by distance
    yards: tuple[int, int]


@cache
def _halma_tables(game: BattleHalmaGame) -> HalmaTables:
    n = game.n
    rows = []
    for side in (0, 1):
        by_value: dict[float, int] = {}
        for q in range(n * n):
            v = game.progress[side][q]
            by_value[v] = by_value.get(v, 0) | (1 << q)
        rows.append(tuple(sorted(((m, v) for v, m in by_value.items()), key=lambda mv: -mv[1])))
    return HalmaTables((rows[0], rows[1]), game.start)


def _landings(game: BattleHalmaGame, side: int, movers: int, occupied: int) -> int:
    """Squares ``side``'s counters in ``movers`` reach by a step or one leap (occupied or not)."""
    fwd, back = game.geo.shifts[side]
    out = 0
    for src, s in fwd:
        t = (movers & src) << s
        out |= t | ((t & occupied & src) << s)
    for src, s in back:
        t = (movers & src) >> s
        out |= t | ((t & occupied & src) >> s)
    return out


def _around(game: BattleHalmaGame, pieces: int) -> int:
    """Squares within two king steps of ``pieces``."""
    fwd, back = game.geo.shifts[2]
    out = pieces
    for _ in range(2):
        grown = out
        for src, s in fwd:
            grown |= (out & src) << s
        for src, s in back:
            grown |= (out & src) >> s
        out = grown
    return out


def halma_features(state: State) -> list[float]:
    """``HALMA_FEATURES`` of a BattleHalma position."""
    assert isinstance(state, BattleHalmaState)
    g: BattleHalmaGame = state.game
    t = _halma_tables(g)
    red, blue = state.army(0), state.army(1)
    kings = state.kings()
    occupied = red | blue
    value = [0.0, 0.0]
    prog = [0.0, 0.0]
    lead = [0.0, 0.0]
    for side, army in ((0, red), (1, blue)):
        count = army.bit_count()
        value[side] = count + 1.5 * (army & kings).bit_count()
        total = 0.0
        for mask, v in t.progress_rows[side]:
            k = (army & mask).bit_count()
            if k:
                if not lead[side]:
                    lead[side] = v
                total += k * v
        prog[side] = total / count if count else 0.0
    # What each side can land on next move: counters by their own directions, kings all ways.
    reach_red = _landings(g, 0, red & ~kings, occupied) | _landings(g, 2, red & kings, occupied)
    reach_blue = _landings(g, 1, blue & ~kings, occupied) | _landings(g, 2, blue & kings, occupied)
    hit_red = (reach_blue & red).bit_count()  # Red pieces Blue can take
    hit_blue = (reach_red & blue).bit_count()
    start = float(g.start_count)
    material = (value[0] - value[1]) / (value[0] + value[1]) if value[0] + value[1] else 0.0
    sign = 1.0 if state.to_move == 0 else -1.0
    limit = state.move_limit()
    used = 0.0 if limit is None or not g.limit else 1.0 - limit.left / g.limit
    return [
        material,
        ((red & kings).bit_count() - (blue & kings).bit_count()) / start,
        prog[0] - prog[1],
        lead[0] - lead[1],
        ((red & t.yards[0]).bit_count() - (blue & t.yards[1]).bit_count()) / start,
        (hit_blue - hit_red) / start,
        sign,
        sign * (hit_blue if sign > 0 else hit_red) / start,
        ((red & _around(g, blue)).bit_count() - (blue & _around(g, red)).bit_count()) / start,
        material * used,
    ]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def family_of(state: State) -> tuple[str, Sequence[str], FeatureFn] | None:
    """(family name, feature names, feature function) for ``state``'s game, or None."""
    if isinstance(state, WarState):
        return ("war", WAR_FEATURES, war_features)
    if isinstance(state, HuntState):
        return ("hunt", HUNT_FEATURES, hunt_features)
    if isinstance(state, BattleHalmaState):
        return ("battlehalma", HALMA_FEATURES, halma_features)
    return None
