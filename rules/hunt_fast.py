"""The hunt games' random-playout loop: bare bitmasks, no legal-move lists.

Search spends most of its time in random playouts. ``HuntState.legal_moves`` builds a
Move for every empty point in the drop phase and runs the outcome test every ply; this
loop instead picks a drop by rejection sampling over the board's points, counts the
flock's steps with the board's shift tables and picks the k-th one, and builds moves only
for the one or two hunters. It plays exactly the moves ``legal_moves`` allows, each with
equal probability (``greedy``: the biggest capture with that probability), and records
every move with its undo snapshot just as ``HuntState.apply`` does, so the moves stay
undoable and the tests replay them through the checked API.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .core import Move
from .kinds import MoveKind

if TYPE_CHECKING:
    from .hunt import HuntGame

Snapshot = tuple[int, int, int, int, int, int]
#: per point: (bit jumped over, landing bit, landing) of each jump (``Board.jump_bits``)
JumpBits = tuple[tuple[tuple[int, int, int], ...], ...]


def capture_nodes(
    jump_bits: JumpBits, chains: bool, hunters: int, prey: int
) -> list[tuple[int, int, int, int]]:
    """Every capture of the hunters as a node of its chain tree: (landing point, prey left
    after it, parent, jumps so far). ``parent`` is the index of the previous jump's node, or
    ``-1 - origin`` for a first jump. With chains every node is a legal move (a chain may
    stop anywhere); without, only first jumps are made. Paths are rebuilt only for the one
    node that is played (``node_move``): building a Move per node is what made this slow."""
    nodes: list[tuple[int, int, int, int]] = []
    h = hunters
    while h:
        low = h & -h
        h ^= low
        others = hunters ^ low
        stack = [(low.bit_length() - 1, prey, -low.bit_length(), 0)]  # -1 - origin
        while stack:
            pos, left, parent, depth = stack.pop()
            blocked = others | left
            for over_bit, to_bit, to in jump_bits[pos]:
                if left & over_bit and not blocked & to_bit:
                    node = (to, left ^ over_bit, parent, depth + 1)
                    nodes.append(node)
                    if chains:
                        stack.append((to, left ^ over_bit, len(nodes) - 1, depth + 1))
    return nodes


def node_move(nodes: list[tuple[int, int, int, int]], index: int) -> Move:
    """The capture move that ends at ``nodes[index]``."""
    path = [nodes[index][0]]
    parent = nodes[index][2]
    while parent >= 0:
        node = nodes[parent]
        path.append(node[0])
        parent = node[2]
    path.append(-1 - parent)
    path.reverse()
    # Lines are evenly spaced on the lattice, so the jumped point is the midpoint.
    return Move(MoveKind.JUMP, tuple(path), tuple((a + b) >> 1 for a, b in zip(path, path[1:])))


def random_playout(
    game: HuntGame,
    snap: Snapshot,
    hist: list[tuple[Move, Snapshot]],
    rng: random.Random,
    max_plies: int,
    greedy: float,
) -> tuple[Snapshot, int]:
    """Play from ``snap`` = (hunters, prey, hand0, hand1, turn, quiet) until the game ends or
    ``max_plies`` are played; append each move to ``hist``; return the final snapshot and
    the number of plies played."""
    h, p, hand0, hand1, turn, quiet = snap
    rand = rng.random
    board_mask = game.board.mask
    points = game.board.points
    n_points = len(points)
    floor = game.totals[1] - game.target  # the hunter wins once the prey left are this few
    limit = game.limit or 1 << 62
    step_right, step_left = game.step_right, game.step_left
    adjacent_mask = game.board.adjacent_mask
    jump_bits, chains = game.jump_bits, game.chains
    append = hist.append
    drop, step = MoveKind.DROP, MoveKind.STEP  # locals: an enum's attribute is a slow read in a loop
    played = 0
    while played < max_plies:
        if p.bit_count() + hand1 <= floor or quiet >= limit:
            break
        if turn:
            if hand1:
                while True:  # a uniformly random empty point: there are always a few
                    q = points[int(rand() * n_points)]
                    if not ((h | p) >> q) & 1:
                        break
                append((Move(drop, (q,)), (h, p, hand0, hand1, 1, quiet)))
                p |= 1 << q
                hand1 -= 1
            else:
                empty = board_mask ^ (h | p)
                counts = []
                total = 0
                for off, m in step_right:
                    c = p & m & (empty >> off)
                    if c:
                        counts.append((c, off))
                        total += c.bit_count()
                for off, m in step_left:
                    c = p & m & (empty << off)
                    if c:
                        counts.append((c, -off))
                        total += c.bit_count()
                if not total:
                    break
                k = int(rand() * total)
                for c, off in counts:
                    n = c.bit_count()
                    if k < n:
                        while k:
                            c &= c - 1
                            k -= 1
                        a = (c & -c).bit_length() - 1
                        b = a + off
                        break
                    k -= n
                append((Move(step, (a, b)), (h, p, hand0, hand1, 1, quiet)))
                p ^= (1 << a) | (1 << b)
                if not (hand0 or hand1):
                    quiet += 1
        else:
            if hand0:
                while True:
                    q = points[int(rand() * n_points)]
                    if not ((h | p) >> q) & 1:
                        break
                append((Move(drop, (q,)), (h, p, hand0, hand1, 0, quiet)))
                h |= 1 << q
                hand0 -= 1
            else:
                empty = board_mask ^ (h | p)
                nodes = capture_nodes(jump_bits, chains, h, p)
                if nodes and greedy and rand() < greedy:
                    best = max(node[3] for node in nodes)
                    deepest = [i for i, node in enumerate(nodes) if node[3] == best]
                    move = node_move(nodes, deepest[int(rand() * len(deepest))])
                else:
                    steps = []
                    n_steps = 0
                    hh = h
                    while hh:
                        low = hh & -hh
                        hh ^= low
                        a = low.bit_length() - 1
                        c = adjacent_mask[a] & empty
                        if c:
                            steps.append((a, c))
                            n_steps += c.bit_count()
                    total = n_steps + len(nodes)
                    if not total:
                        break
                    k = int(rand() * total)
                    if k < n_steps:
                        for a, c in steps:
                            n = c.bit_count()
                            if k < n:
                                while k:
                                    c &= c - 1
                                    k -= 1
                                move = Move(step, (a, (c & -c).bit_length() - 1))
                                break
                            k -= n
                    else:
                        move = node_move(nodes, k - n_steps)
                append((move, (h, p, hand0, hand1, 0, quiet)))
                path = move.path
                h = (h ^ (1 << path[0])) | (1 << path[-1])
                if move.captured:
                    for c in move.captured:
                        p ^= 1 << c
                    quiet = 0
                elif not hand1:
                    quiet += 1
        turn ^= 1
        played += 1
    return (h, p, hand0, hand1, turn, quiet), played
