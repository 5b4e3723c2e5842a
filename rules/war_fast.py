"""The war games' random-playout loop on bare bitmasks, for the search's simulations.

Search spends most of its time in random playouts, and the issue asks for thousands of Kotu
Ellima games a second in pure Python. This loop plays the rules of ``WarState`` (forced, free
and huff captures) on the tables the rules API reads: the board's directions
(``Board.up``/``down``: offset, origins of a step, origins of a jump) and its jumps per point
(``Board.jump_bits``, ``over_mask``), with no ``Move`` built. A loop over the directions spends
a third of its time iterating them, so ``playout`` binds each direction's offset and masks to
locals once a call and spells out the six directions a sign of the Alquerque lattice (a board
with fewer gets empty ones); each shifted ``empty`` serves both the capture test and the step
count. ``tests/test_fast_paths.py`` replays traced playouts through the checked API and checks
that these tables are the API's.

``own`` is always the army of ``turn``, the side to move; ``huffable`` the opponent pieces
it may huff. Moves are uniformly random among the legal ones, except that with probability
``greedy`` a ply with a capture available takes one of the largest. ``trace`` is None or a
list that receives ``(origin, destination, captured mask, moves to choose from)`` per move
(origin -1: a huff), for the tests to check against ``legal_moves``.
"""

from __future__ import annotations

import random

from .boards import Board

#: (origin, landing, mask of the pieces taken) of one capture chain
Chain = tuple[int, int, int]
#: (origin, landing, captured mask, how many moves were legal) per ply
Trace = list[tuple[int, int, int, int]]
#: directions per sign the unrolled loop has room for (the 49-point board uses them all)
DIRECTIONS = 6


def capture_chains(board: Board, cap: int, own: int, opp: int, maximal: bool) -> list[Chain]:
    """Every capture chain of the pieces in ``cap`` as (origin, landing, taken mask), found
    depth first over ``board.jump_bits``: with ``maximal`` (forced captures) only the chains
    that cannot go on, otherwise every prefix (a chain may stop after any jump)."""
    jump_bits, over_mask = board.jump_bits, board.over_mask
    ends: list[Chain] = []
    append = ends.append
    rest = cap
    while rest:
        low = rest & -rest
        rest ^= low
        origin = low.bit_length() - 1
        others = own ^ low
        stack = [(origin, opp, 0)]
        pop, push = stack.pop, stack.append
        while stack:
            pos, o, taken = pop()
            if o & over_mask[pos]:
                went_on = False
                blocked = others | o
                for obit, tbit, to in jump_bits[pos]:
                    if o & obit and not blocked & tbit:
                        went_on = True
                        push((to, o ^ obit, taken | obit))
                        if not maximal:
                            append((origin, to, taken | obit))
                if maximal and not went_on:
                    append((origin, pos, taken))
            elif maximal:
                append((origin, pos, taken))
    return ends


def can_jump_from(board: Board, pos: int, own: int, opp: int) -> bool:
    """Whether the piece on ``pos`` has a jump (own and opp as after it moved there)."""
    blocked = own | opp
    for obit, tbit, _ in board.jump_bits[pos]:
        if opp & obit and not blocked & tbit:
            return True
    return False


def _largest(ends: list[Chain], rand: random.Random) -> Chain:
    """A random one of the chains that take the most."""
    most = max(t.bit_count() for _, _, t in ends)
    ends = [e for e in ends if e[2].bit_count() == most]
    return ends[int(rand.random() * len(ends))]


def _directions(board: Board) -> tuple[bool, tuple[tuple[int, int, int], ...]]:
    """Whether ``board`` has the sixth direction a sign (the 49-point board's wing lines three
    rows apart, offset 18: the two-wing board has none), and its twelve directions in the
    order the moves are counted: up by offset, then down from the longest offset; an empty
    direction (masks 0) stands in for a missing sixth one."""
    up, down = board.up, board.down
    six = len(up) == len(down) == DIRECTIONS
    if not six and not len(up) == len(down) == DIRECTIONS - 1:
        raise ValueError(f"the war playout plays boards of 5 or 6 directions a sign, not {len(up)}")
    if six:
        return True, up + down
    return False, up + ((0, 0, 0),) + ((0, 0, 0),) + down


def playout(
    board: Board,
    forced: bool,
    huffing: bool,
    rng: random.Random,
    own: int,
    opp: int,
    turn: int,
    quiet: int,
    huffable: int,
    max_plies: int,
    floor_left: int,
    limit: int,
    greedy: float,
    trace: Trace | None = None,
) -> tuple[int, int, int, int, int, int, bool]:
    """Random moves until the game ends, ``limit`` plies pass without a capture or ``max_plies``
    are played; returns (own, opp, turn, quiet, huffable, plies played, won by a capture or a
    huff), ``own`` again the army of ``turn``. ``forced``: captures are forced and chains go on
    to their end; ``huffing``: the huff rule (neither: free captures). ``floor_left``: the
    fewest pieces a side may keep before its opponent has won (the capture target)."""
    rand = rng.random
    board_mask = board.mask
    # Each direction's offset, step origins and jump origins as locals, in counting order:
    # 1-6 toward higher points (a left shift), 7-12 toward lower ones; 6 and 7 may be missing.
    six, directions = _directions(board)
    (
        (o1, s1, j1),
        (o2, s2, j2),
        (o3, s3, j3),
        (o4, s4, j4),
        (o5, s5, j5),
        (o6, s6, j6),
        (o7, s7, j7),
        (o8, s8, j8),
        (o9, s9, j9),
        (o10, s10, j10),
        (o11, s11, j11),
        (o12, s12, j12),
    ) = directions
    no_chains: list[Chain] = []
    played = 0
    while played < max_plies and quiet < limit:
        empty = board_mask ^ (own | opp)
        # The empty points a step away, per direction: a step's landing, or beyond a jumped enemy.
        e1, e2, e3, e4, e5 = empty >> o1, empty >> o2, empty >> o3, empty >> o4, empty >> o5
        e8, e9, e10, e11, e12 = empty << o8, empty << o9, empty << o10, empty << o11, empty << o12
        cap = (
            (j1 & ((opp & e1) >> o1))
            | (j2 & ((opp & e2) >> o2))
            | (j3 & ((opp & e3) >> o3))
            | (j4 & ((opp & e4) >> o4))
            | (j5 & ((opp & e5) >> o5))
            | (j8 & ((opp & e8) << o8))
            | (j9 & ((opp & e9) << o9))
            | (j10 & ((opp & e10) << o10))
            | (j11 & ((opp & e11) << o11))
            | (j12 & ((opp & e12) << o12))
        )
        if six:
            e6, e7 = empty >> o6, empty << o7
            cap |= (j6 & ((opp & e6) >> o6)) | (j7 & ((opp & e7) << o7))
        cap &= own  # the pieces that can capture
        chain: Chain | None = None
        if cap:
            ends = capture_chains(board, cap, own, opp, forced)
            if forced:  # a capture available must be taken: one of the complete chains
                chain = _largest(ends, rng) if greedy and rand() < greedy else ends[int(rand() * len(ends))]
        else:
            ends = no_chains
        if chain is None:  # count the steps per direction (unrolled on purpose, like the capture
            # test above: these are the search's hottest lines; a loop over the direction tuples
            # timed 1.4x slower for this block; tests/test_fast_paths.py holds it to the API)
            c1 = own & s1 & e1
            n1 = c1.bit_count()
            c2 = own & s2 & e2
            n2 = c2.bit_count()
            c3 = own & s3 & e3
            n3 = c3.bit_count()
            c4 = own & s4 & e4
            n4 = c4.bit_count()
            c5 = own & s5 & e5
            n5 = c5.bit_count()
            if six:
                c6 = own & s6 & e6
                n6 = c6.bit_count()
                c7 = own & s7 & e7
                n7 = c7.bit_count()
            else:
                c6 = c7 = n6 = n7 = 0
            c8 = own & s8 & e8
            n8 = c8.bit_count()
            c9 = own & s9 & e9
            n9 = c9.bit_count()
            c10 = own & s10 & e10
            n10 = c10.bit_count()
            c11 = own & s11 & e11
            n11 = c11.bit_count()
            c12 = own & s12 & e12
            n12 = c12.bit_count()
            nsteps = n1 + n2 + n3 + n4 + n5 + n6 + n7 + n8 + n9 + n10 + n11 + n12
            if forced:
                if not nsteps:
                    break
                k = int(rand() * nsteps)
            else:  # captures are optional: huffs, chains (every prefix) and steps share one draw
                nh = huffable.bit_count()
                total = nsteps + len(ends) + nh
                if not total:
                    break
                if ends and greedy and rand() < greedy:
                    chain = _largest(ends, rng)
                else:
                    k = int(rand() * total)
                    if k < nh:  # remove the k-th huffable piece; the same side moves again
                        h = huffable
                        while k:
                            h &= h - 1
                            k -= 1
                        bit = h & -h
                        if trace is not None:
                            trace.append((-1, bit.bit_length() - 1, bit, total))
                        opp ^= bit
                        huffable = quiet = 0
                        played += 1
                        if opp.bit_count() <= floor_left:
                            return own, opp, turn, quiet, huffable, played, True
                        continue
                    k -= nh
                    if k < len(ends):
                        chain = ends[k]
                    k -= len(ends)
        if chain is None:  # the k-th step: its direction's origins and offset (< 0: downward)
            if k < n1:
                c, off = c1, o1
            elif (k := k - n1) < n2:
                c, off = c2, o2
            elif (k := k - n2) < n3:
                c, off = c3, o3
            elif (k := k - n3) < n4:
                c, off = c4, o4
            elif (k := k - n4) < n5:
                c, off = c5, o5
            elif (k := k - n5) < n6:
                c, off = c6, o6
            elif (k := k - n6) < n7:
                c, off = c7, -o7
            elif (k := k - n7) < n8:
                c, off = c8, -o8
            elif (k := k - n8) < n9:
                c, off = c9, -o9
            elif (k := k - n9) < n10:
                c, off = c10, -o10
            elif (k := k - n10) < n11:
                c, off = c11, -o11
            else:
                k -= n11
                c, off = c12, -o12
            while k:
                c &= c - 1
                k -= 1
            low = c & -c
            dest = low << off if off > 0 else low >> -off
            if trace is not None:
                trace.append((low.bit_length() - 1, dest.bit_length() - 1, 0, nsteps if forced else total))
            if huffing:  # a plain move while a capture was there: the capturers may be huffed
                huffable = cap ^ (low | dest) if cap & low else cap
            own ^= low | dest
            quiet += 1
            played += 1
        else:
            origin, dest, taken = chain
            if trace is not None:
                trace.append((origin, dest, taken, len(ends) if forced else total))
            own = (own ^ (1 << origin)) | (1 << dest)
            opp &= ~taken
            quiet = 0
            played += 1
            if huffing:  # a chain that could have gone on leaves its piece open to a huff
                huffable = 1 << dest if can_jump_from(board, dest, own, opp) else 0
            if opp.bit_count() <= floor_left:
                return opp, own, turn ^ 1, quiet, huffable, played, True
        own, opp = opp, own
        turn ^= 1
    return own, opp, turn, quiet, huffable, played, False
