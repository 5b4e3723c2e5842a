"""BattleHalma's legal moves for the rules API, built quickly: most moves are made before play.

A step and the first leap of a chain depend only on the mover, its square and where it lands,
so their ``Move`` values (quiet, capturing, crowning) are made once per board (``MoveTables``)
and generation only picks them: no tuple or ``Move`` is built for them during play. Longer
counter chains extend those routes breadth first (each landing once, by a shortest route, as
``BattleHalmaState._extend_counter`` does); kings' chains, which remove what they leap, are
searched depth first by ``extend_king``, which the API's routes and the playouts use too. The
moves come out in the order the UI and the tests have always seen: square by square, steps
before leaps, routes breadth first. The tests compare every generated position with the naive
reference (``tests/reference_battlehalma``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .core import Move

if TYPE_CHECKING:
    from .battlehalma import BattleHalmaGame, BattleHalmaState

_new = tuple.__new__  # Move(kind, path, captured) without the NamedTuple's Python-level __new__

#: per square: (bit of the square stepped to, its quiet move, its capturing move)
Steps = tuple[tuple[tuple[int, Move, Move], ...], ...]
#: per square: (bit leapt over, landing, landing bit, the quiet one-leap move, the capturing one)
Leaps = tuple[tuple[tuple[int, int, int, Move, Move], ...], ...]


class MoveTables:
    """The premade moves of one board, per mover (Red counter, Blue counter, king)."""

    def __init__(self, game: BattleHalmaGame) -> None:
        from .battlehalma import KING
        from .kinds import MoveKind

        geo = game.geo
        steps, leaps, near = [], [], []
        for mover in (0, 1, KING):
            goal = game.goals[mover] if mover != KING and game.promotion else -1
            st, lp, nm = [], [], []
            for p in range(geo.n * geo.n):
                st.append(
                    tuple(
                        (
                            qb,
                            Move(MoveKind.STEP_KING if q == goal else MoveKind.STEP, (p, q)),
                            Move(MoveKind.STEP_KING if q == goal else MoveKind.STEP, (p, q), (q,)),
                        )
                        for q, qb in geo.steps[mover][p]
                    )
                )
                lp.append(
                    tuple(
                        (
                            over_b,
                            land,
                            land_b,
                            Move(MoveKind.LEAP_KING if land == goal else MoveKind.LEAP, (p, land)),
                            Move(MoveKind.LEAP_KING if land == goal else MoveKind.LEAP, (p, land), (land,)),
                        )
                        for over_b, _over, land, land_b in geo.leaps[mover][p]
                    )
                )
                nm.append(sum(qb for q, qb in geo.steps[mover][p]) | sum(t[3] for t in geo.leaps[mover][p]))
            steps.append(tuple(st))
            leaps.append(tuple(lp))
            near.append(tuple(nm))
        self.steps: tuple[Steps, ...] = tuple(steps)
        self.leaps: tuple[Leaps, ...] = tuple(leaps)
        #: per mover and square: the squares a step or a first leap looks at
        self.near: tuple[tuple[int, ...], ...] = tuple(near)
        #: per counter side and square: (own pieces, enemies) on its ``near`` squares -> ``first_moves``
        self.seen: tuple[list[dict[tuple[int, int], FirstMoves]], ...] = tuple(
            [{} for _ in range(geo.n * geo.n)] for _ in (0, 1)
        )
        #: per counter side: the goal square a landing crowns on (-1: none under these rules)
        self.crown_at = tuple(game.goals[side] if game.promotion else -1 for side in (0, 1))
        #: per counter side and landing square: the kind of a chain ending there (crowning or not)
        self.leap_kind = tuple(
            tuple(MoveKind.LEAP_KING if q == goal else MoveKind.LEAP for q in range(geo.n * geo.n))
            for goal in self.crown_at
        )
        #: per counter side and square: (bit leapt over, landing, landing bit) of every leap from it
        self.hops = tuple(
            tuple(
                tuple((over_b, land, land_b) for over_b, _over, land, land_b in geo.leaps[side][p])
                for p in range(geo.n * geo.n)
            )
            for side in (0, 1)
        )
        self.king, self.king_leap = KING, MoveKind.LEAP


#: a counter's steps and first leaps, the one-leap routes that may go on, and their landings
FirstMoves = tuple[tuple[Move, ...], tuple[tuple[int, ...], ...], int]
_SEEN_MAX = 4096  # neighbourhoods remembered per square and side before that memory is cleared


def first_moves(
    steps: tuple[tuple[int, Move, Move], ...],
    leaps: tuple[tuple[int, int, int, Move, Move], ...],
    own: int,
    opp: int,
    here: int,
) -> FirstMoves:
    """A counter's steps and first leaps from ``here`` (its bit), the one-leap routes that may
    go on, and the squares they land on. They depend only on the squares next to it and a leap
    away (``MoveTables.near``), so ``generate`` works each neighbourhood out once."""
    out: list[Move] = []
    for qb, quiet, capture in steps:
        if not own & qb:
            out.append(capture if opp & qb else quiet)
    occ = (own | opp) ^ here  # the counter has left its square
    reached = 0
    routes = []
    for over_b, _land, land_b, quiet, capture in leaps:
        if occ & over_b and not own & land_b:
            reached |= land_b
            if opp & land_b:
                out.append(capture)
            else:
                out.append(quiet)
                routes.append(quiet.path)
    return tuple(out), tuple(routes), reached


def generate(state: BattleHalmaState) -> list[Move]:
    """Every legal move of the side to move (the game is not over)."""
    g = state.game
    tables = g.move_tables
    turn = state._turn
    own, opp = (state._red, state._blue) if turn == 0 else (state._blue, state._red)
    kings = state._kings
    near, seen = tables.near[turn], tables.seen[turn]
    hops, leap_kind = tables.hops[turn], tables.leap_kind[turn]
    occ_all = own | opp
    out: list[Move] = []
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        p = low.bit_length() - 1
        if kings & low:
            _king_moves(state, p, own, opp, out)
            continue
        mask = near[p]
        known = seen[p]
        key = (own & mask, opp & mask)
        first = known.get(key)
        if first is None:
            if len(known) >= _SEEN_MAX:
                known.clear()
            first = known[key] = first_moves(tables.steps[turn][p], tables.leaps[turn][p], own, opp, low)
        moves, routes, reached = first
        out += moves
        if not routes:
            continue
        occ = occ_all ^ low  # the counter has left its square
        blocked = own | reached  # its square (visited), the other own pieces, the landings so far
        queue = list(routes)
        for route in queue:  # longer chains, breadth first (the queue grows as it is read)
            for over_b, land, land_b in hops[route[-1]]:
                if occ & over_b and not blocked & land_b:
                    blocked |= land_b
                    r2 = route + (land,)
                    if opp & land_b:
                        out.append(_new(Move, (leap_kind[land], r2, (land,))))
                    else:
                        out.append(_new(Move, (leap_kind[land], r2, ())))
                        queue.append(r2)
    return out


def _king_moves(state: BattleHalmaState, p: int, own: int, opp: int, out: list[Move]) -> None:
    """A king's steps, then its chains depth first (one move per landing and captured set)."""
    tables = state.game.move_tables
    leap = tables.king_leap
    pb = 1 << p
    for qb, quiet, capture in tables.steps[tables.king][p]:
        if not own & qb:
            out.append(capture if opp & qb else quiet)
    seen: set[tuple[int, int]] = set()

    def emit(route: tuple[int, ...], caps: tuple[int, ...]) -> None:
        key = (route[-1], sum(1 << c for c in caps))
        if key not in seen:
            seen.add(key)
            out.append(_new(Move, (leap, route, caps)))

    extend_king(state.game.geo.leaps[tables.king], (p,), own ^ pb, opp, pb, (), emit)


#: per square: (bit leapt over, square leapt over, landing, landing bit) of each of a king's leaps
KingLeaps = tuple[tuple[tuple[int, int, int, int], ...], ...]


def extend_king(
    leaps: KingLeaps,
    route: tuple[int, ...],
    own_rest: int,
    opp: int,
    visited: int,
    caps: tuple[int, ...],
    emit: Callable[[tuple[int, ...], tuple[int, ...]], None],
) -> None:
    """Every continuation of a king's chain ``route`` (having taken ``caps``, landed on
    ``visited``), depth first: ``emit(route, captured)`` for each. The enemies a king leaps
    vanish at once, so a chain may cross a square a leapt enemy stood on; landing on an enemy
    takes it and ends the chain."""
    occ = own_rest | opp
    blocked = visited | own_rest
    for over_b, over, land, land_b in leaps[route[-1]]:
        if occ & over_b and not blocked & land_b:
            r2 = route + (land,)
            if opp & over_b:
                c2, o2 = caps + (over,), opp ^ over_b
            else:
                c2, o2 = caps, opp
            if o2 & land_b:
                emit(r2, c2 + (land,))
            else:
                emit(r2, c2)
                extend_king(leaps, r2, own_rest, o2, visited | land_b, c2, emit)
