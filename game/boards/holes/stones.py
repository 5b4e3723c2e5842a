"""The stones in the pits as a pymunk world, in board units (a pit is one unit apart from the
next), so a window resize never moves a stone.

Physics is cosmetic: the rules own the counts, and ``sync`` makes every pit hold exactly the
rules' number of stones. A pit is a bowl: round walls of static segments, and each stone tied
to the pit's centre by a soft spring, so dropped stones roll in, knock the others and come to
rest in a heap. Stones beyond one layer ride on top (their own collision layer) rather than
jamming the bowl. The world steps at a fixed rate from an accumulator, with a seeded random
source for colours and jitter: the same seed and the same frame times give the same picture.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pymunk

STEP = 1 / 120
MAX_BACKLOG = 0.25  # seconds of simulation a slow frame may owe at most
PIT_RADIUS = 0.42  # the drawn pit, board units
WALL_RADIUS = 0.385  # the inner face of the pit's wall
STONE_RADIUS = 0.078
WALL_SEGMENTS = 18
SPRING_STIFFNESS = 70.0
SPRING_DAMPING = 11.0
SLOT_SPACING = 2.12 * STONE_RADIUS  # resting stones just clear of each other
STONE_COLOURS = 6  # kinds of pebble the sprites draw

Point = tuple[float, float]


@dataclass
class Stone:
    """One stone: its body while it lies in a pit (None in a hand or a store), and its look."""

    colour: int
    body: pymunk.Body | None = None
    shape: pymunk.Circle | None = None
    spring: pymunk.DampedSpring | None = None
    layer: int = 0


def _slots(layer: int) -> tuple[Point, ...]:
    """Resting places of one layer of a heap, nearest the centre first: a hex lattice (the
    bottom one shifted so two stones lie side by side at the centre); each higher layer is
    shifted into the hollows of the one below and keeps only the places inside the wall."""
    d = SLOT_SPACING
    shift_x = -0.5 + 0.5 * (layer % 2)
    shift_y = (0.0, 0.58, 0.29)[layer % 3]
    limit = WALL_RADIUS - STONE_RADIUS * 1.05
    pts = []
    for j in range(-6, 7):
        for i in range(-6, 7):
            x = (i + 0.5 * (j % 2) + shift_x) * d
            y = (j + shift_y) * d * math.sqrt(3) / 2
            if math.hypot(x, y) <= limit:
                pts.append((x, y))
    pts.sort(key=lambda p: (round(math.hypot(*p), 6), math.atan2(p[1], p[0])))
    return tuple(pts)


MAX_LAYERS = 8
LAYERS = tuple(_slots(layer) for layer in range(MAX_LAYERS))
LAYER_CAPACITY = len(LAYERS[0])


def slot(k: int) -> tuple[int, Point]:
    """The layer and resting place of the ``k``-th stone of a heap (past the top layer, the
    places repeat)."""
    layer = 0
    while k >= len(LAYERS[layer % MAX_LAYERS]):
        k -= len(LAYERS[layer % MAX_LAYERS])
        layer += 1
    return min(layer, MAX_LAYERS - 1), LAYERS[layer % MAX_LAYERS][k]


def heap_offset(k: int, turn: float = 0.0) -> tuple[int, Point]:
    """Layer and place of the ``k``-th stone of a heap turned by ``turn`` (each pit's own)."""
    layer, (x, y) = slot(k)
    c, s = math.cos(turn), math.sin(turn)
    return layer, (x * c - y * s, x * s + y * c)


class StoneField:
    """Every pit's stones, and the stones each player has captured (counted, kept off the board)."""

    def __init__(self, centres: dict[int, Point], seed: int = 0) -> None:
        self.centres = dict(centres)
        self.rng = random.Random(seed)
        self.space = pymunk.Space()
        self.space.gravity = (0, 0)
        self.space.damping = 0.2
        self.space.iterations = 12
        self.space.idle_speed_threshold = 0.1
        self.space.sleep_time_threshold = 0.3
        self.pits: dict[int, list[Stone]] = {c: [] for c in centres}
        self.stores = [0, 0]
        self.store_colours: list[list[int]] = [[], []]
        self._acc = 0.0
        self.synced = False
        self.turns = {c: self.rng.uniform(0, 2 * math.pi) for c in sorted(centres)}  # each heap's own angle
        self._walls()

    def _walls(self) -> None:
        static = self.space.static_body
        shapes = []
        r = WALL_RADIUS + 0.02
        for cx, cy in self.centres.values():
            pts = [
                (
                    cx + r * math.cos(2 * math.pi * i / WALL_SEGMENTS),
                    cy + r * math.sin(2 * math.pi * i / WALL_SEGMENTS),
                )
                for i in range(WALL_SEGMENTS)
            ]
            for a, b in zip(pts, pts[1:] + pts[:1]):
                seg = pymunk.Segment(static, a, b, 0.02)
                seg.elasticity = 0.35
                seg.friction = 0.6
                seg.filter = pymunk.ShapeFilter(categories=(1 << MAX_LAYERS) - 1)
                shapes.append(seg)
        self.space.add(*shapes)

    # --- counts -------------------------------------------------------------------------------
    def counts(self) -> dict[int, int]:
        return {c: len(s) for c, s in self.pits.items()}

    def in_sync(self, counts: dict[int, int], stores: tuple[int, int]) -> bool:
        return self.synced and self.counts() == counts and tuple(self.stores) == tuple(stores)

    def sync(self, counts: dict[int, int], stores: tuple[int, int]) -> None:
        """Make every pit hold the rules' count: pits that differ are laid out afresh as resting
        heaps (then settled), pits that agree keep their stones where they lie."""
        changed = False
        for cell, want in counts.items():
            stones = self.pits[cell]
            if len(stones) == want:
                continue
            changed = True
            for stone in stones:
                self._unbody(stone)
            del stones[want:]
            while len(stones) < want:
                stones.append(Stone(self.rng.randrange(STONE_COLOURS)))
            for k, stone in enumerate(stones):
                self._embody(stone, cell, k, None)
        for p in (0, 1):
            self.stores[p] = stores[p]
            col = self.store_colours[p]
            del col[stores[p] :]
            while len(col) < stores[p]:
                col.append(self.rng.randrange(STONE_COLOURS))
        if changed or not self.synced:
            self.settle()
        self.synced = True

    def lay_out(
        self, pits: dict[int, list[Stone]], stored: tuple[list[Stone], list[Stone]], settle: float = 0.3
    ) -> None:
        """Put ``pits[cell]``'s stones in each pit at rest (a skipped sowing's end) and ``stored``
        in the stores. A pit holding the very same stones keeps them where they lie; the others
        are laid out afresh and the world settled a fixed number of steps: the work is the
        stones moved, not the steps of the sowing that moved them."""
        changed = [
            cell
            for cell, stones in pits.items()
            if len(stones) != len(self.pits[cell]) or any(a is not b for a, b in zip(stones, self.pits[cell]))
        ]
        for cell in changed:  # every moved stone leaves its old body first, wherever it goes
            for stone in self.pits[cell]:
                self._unbody(stone)
        for cell in changed:
            self.pits[cell] = list(pits[cell])
            for k, stone in enumerate(self.pits[cell]):
                self._unbody(stone)
                self._embody(stone, cell, k, None)
        for player in (0, 1):
            self.to_store(player, stored[player])
        if changed:
            self.settle(settle)

    def settle(self, seconds: float = 0.6) -> None:
        """Run the world until the heaps rest (a fixed number of steps: deterministic)."""
        for _ in range(int(seconds / STEP)):
            self.space.step(STEP)
        self._acc = 0.0

    # --- stones leaving and entering pits ---------------------------------------------------------
    def lift(self, cell: int) -> list[tuple[Stone, Point]]:
        """Take every stone out of ``cell``: (stone, where it lay) for each."""
        out = []
        for stone in self.pits[cell]:
            out.append((stone, self.position(stone)))
            self._unbody(stone)
        self.pits[cell] = []
        return out

    def drop(self, cell: int, stone: Stone, speed: float = 0.9) -> None:
        """A stone falls into ``cell`` beside its place in the heap, knocks its neighbours and
        rolls to rest."""
        self.pits[cell].append(stone)
        a = self.rng.uniform(0, 2 * math.pi)
        d = self.rng.uniform(0.3, 0.8) * STONE_RADIUS
        self._embody(stone, cell, len(self.pits[cell]) - 1, (d * math.cos(a), d * math.sin(a)))
        a = self.rng.uniform(0, 2 * math.pi)
        assert stone.body is not None
        stone.body.velocity = (speed * math.cos(a), speed * math.sin(a))

    def place(self, cell: int, stone: Stone) -> None:
        """Put a stone straight onto its resting place in ``cell`` (a skipped sowing)."""
        self.pits[cell].append(stone)
        self._embody(stone, cell, len(self.pits[cell]) - 1, None)

    def to_store(self, player: int, stones: list[Stone]) -> None:
        self.stores[player] += len(stones)
        self.store_colours[player].extend(s.colour for s in stones)

    def position(self, stone: Stone) -> Point:
        assert stone.body is not None
        p = stone.body.position
        return (p.x, p.y)

    # --- time -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds in fixed steps (what is left waits for the next frame)."""
        self._acc = min(self._acc + dt, MAX_BACKLOG)
        while self._acc >= STEP:
            self.space.step(STEP)
            self._acc -= STEP

    @property
    def resting(self) -> bool:
        """True when no stone is still rolling."""
        for stones in self.pits.values():
            for s in stones:
                b = s.body
                if b is not None and not b.is_sleeping and b.velocity.length > 0.1:
                    return False
        return True

    def snapshot(self) -> list[tuple[int, int, float, float]]:
        """(cell, colour, x, y) of every stone in a pit: what the determinism tests compare."""
        out = []
        for cell, stones in sorted(self.pits.items()):
            for s in stones:
                x, y = self.position(s)
                out.append((cell, s.colour, round(x, 9), round(y, 9)))
        return out

    # --- bodies ---------------------------------------------------------------------------------
    def _embody(self, stone: Stone, cell: int, k: int, off: Point | None) -> None:
        """Give the ``k``-th stone of ``cell`` a body, tied by a soft spring to its resting
        place (``off`` from it, or right there); a stone of a higher layer touches only its layer."""
        cx, cy = self.centres[cell]
        layer, (dx, dy) = heap_offset(k, self.turns[cell])
        j = STONE_RADIUS * 0.04
        rest = (cx + dx + self.rng.uniform(-j, j), cy + dy + self.rng.uniform(-j, j))
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, STONE_RADIUS))
        body.position = rest if off is None else (rest[0] + off[0], rest[1] + off[1])
        shape = pymunk.Circle(body, STONE_RADIUS)
        shape.elasticity = 0.3
        shape.friction = 0.5
        bit = 1 << layer
        shape.filter = pymunk.ShapeFilter(categories=bit, mask=bit)
        spring = pymunk.DampedSpring(
            self.space.static_body, body, rest, (0, 0), 0.0, SPRING_STIFFNESS, SPRING_DAMPING
        )
        self.space.add(body, shape, spring)
        stone.body, stone.shape, stone.spring, stone.layer = body, shape, spring, layer

    def _unbody(self, stone: Stone) -> None:
        if stone.body is not None and stone.shape is not None and stone.spring is not None:
            self.space.remove(stone.body, stone.shape, stone.spring)
        stone.body = stone.shape = stone.spring = None
