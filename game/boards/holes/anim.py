"""A sowing shown stone by stone from ``state.effects(move)``: the pit's stones rise into the
hand, the hand travels pit to pit dropping one stone into each (pymunk settles it among the
stones there), a relay lifts the pit the last stone fell in, a capture sweeps the stones to the
capturer's store, and the stop is said in words. Long sowings go faster so none drags on;
the player's speed setting (``speed``) scales all of it. ``finish`` lands everything at once,
with work bounded whatever the sowing's length (a sowing may run to 100,000 lifts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import overload

import pygame

from rules import Effect
from rules.kinds import Detail, EffectKind, PieceKind, Pieces
from rules.words import N_, Words

from ...easing import arc_point, ease_in_out, ease_out_cubic, lerp
from ...render.marks import alpha_circle
from ..beats import Beat, EventSink
from .stones import STONE_COLOURS, Stone, StoneField, heap_offset
from .view import HolesView, stone_sprite

SECONDS = {
    EffectKind.LIFT: 0.38,
    EffectKind.RELAY: 0.42,
    EffectKind.DROP: 0.2,
    EffectKind.CAPTURE: 0.6,
    EffectKind.STOP: 0.9,
}
HAND_LIFT = 0.32  # how far above its pit the hand is drawn, in pits
HAND_SCALE = 1.25  # stones in the hand are nearer the eye
#: the stops a sowing may announce by their own beat
STOP_BEATS = {
    Detail.SLEEP: Beat.SLEEP,
    Detail.CAPTURE: Beat.CAPTURE,
    Detail.CYCLE: Beat.CYCLE,
    Detail.LIMIT: Beat.LIMIT,
}
STOP_WORDS = {
    Detail.SLEEP: N_("{side} sleeps: the last stone fell into an empty hole, so the turn passes"),
    Detail.CAPTURE: N_("{side} captures {taken} stones"),
    Detail.CYCLE: N_("The relay went round in a cycle: the sowing stops here"),
    Detail.LIMIT: N_("{lifts} lifts (house rule): the sowing stops here"),
}


@dataclass
class _Step:
    effect: Effect
    seconds: float


LONGEST = 30.0  # seconds a sowing's stones take at most at the normal speed (a relay can run 100,000 lifts)
#: steps a skip replays on plain lists, stone by stone, so that each stone keeps its colour (about
#: a millisecond); a skip with more steps left lays the end counts out directly
FAITHFUL = 4000


class _Steps(Sequence[_Step]):
    """A sowing's steps, made when asked: a long sowing has hundreds of thousands of effects, and
    a list of steps made at once would cost a frame of its own."""

    def __init__(self, effects: list[Effect], k: float) -> None:
        self.effects = effects
        self.k = k

    def __len__(self) -> int:
        return len(self.effects)

    @overload
    def __getitem__(self, i: int) -> _Step: ...

    @overload
    def __getitem__(self, i: slice) -> list[_Step]: ...

    def __getitem__(self, i: int | slice) -> _Step | list[_Step]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        e = self.effects[i]
        return _Step(
            e,
            SECONDS.get(e.kind, 0.0)
            * (self.k if e.kind in (EffectKind.LIFT, EffectKind.RELAY, EffectKind.DROP) else 1.0),
        )


def net_change(effects: list[Effect]) -> tuple[dict[int, int], tuple[int, int]]:
    """What a sowing changes, one pass: stones gained (or lost) per pit, stones each side takes."""
    delta: dict[int, int] = {}
    taken = [0, 0]
    # locals: an enum's attribute is a slow read, and a sowing can have 100,000 effects
    drop, lift, relay, capture = EffectKind.DROP, EffectKind.LIFT, EffectKind.RELAY, EffectKind.CAPTURE
    for e in effects:
        kind = e.kind
        if kind == drop:
            delta[e.cell] = delta.get(e.cell, 0) + 1
        elif kind == lift or kind == relay:
            delta[e.cell] = delta.get(e.cell, 0) - e.count
        elif kind == capture:
            delta[e.cell] = delta.get(e.cell, 0) - e.count
            taken[e.player] += e.count
    return delta, (taken[0], taken[1])


def tempo(effects: list[Effect]) -> float:
    """How much faster than normal a sowing this long is shown (1 for a short one); no sowing's
    stones take more than ``LONGEST`` seconds."""
    # locals: an enum's attribute is a slow read, and a sowing can have 100,000 effects
    drop, lift, relay = EffectKind.DROP, EffectKind.LIFT, EffectKind.RELAY
    work = sum(1 for e in effects if e.kind == drop) + 2 * sum(1 for e in effects if e.kind == relay)
    plain = sum(SECONDS[e.kind] for e in effects if e.kind == lift or e.kind == relay or e.kind == drop)
    k = max(0.3, min(1.0, 24 / (work + 1)))
    return min(k, LONGEST / plain) if plain else k


def stop_words(effects: list[Effect], side: str) -> str:
    last = effects[-1] if effects and effects[-1].kind == EffectKind.STOP else None
    # locals: an enum's attribute is a slow read, and a sowing can have 100,000 effects
    capture = EffectKind.CAPTURE
    taken = sum(e.count for e in effects if e.kind == capture)
    template = STOP_WORDS.get(Detail(last.detail), "") if last else ""
    return (
        Words(template, side=side, taken=taken, lifts=f"{last.count:,}" if last else "0") if template else ""
    )


class SowingAnimation:
    """One sowing being shown on ``field``. ``board`` is empty: pits draw from the field."""

    def __init__(
        self,
        effects: list[Effect],
        field: StoneField,
        view: HolesView,
        on_event: EventSink,
        sides: tuple[str, str],
        player: int,
        on_end: Callable[[], None] | None = None,
        speed: float = 1.0,
    ) -> None:
        self.field = field
        self.view = view
        self.on_event = on_event
        self.on_end = on_end
        self.player = player
        self.board: Pieces = {}
        self.steps = _Steps(effects, tempo(effects))
        self.caption = stop_words(effects, sides[player])
        self.effects = effects
        self.change = net_change(effects)
        self.speed = max(0.1, speed)
        self.index = 0
        self.elapsed = 0.0
        self.begun = False
        self.hand: list[Stone] = []
        self.hand_cell: int | None = None
        self.hand_from: int | None = None
        self.rising: list[tuple[Stone, int, tuple[float, float]]] = []  # stone, pit, where it lay
        self.falling: Stone | None = None
        self.sweeping: list[tuple[Stone, int, tuple[float, float], int]] = []  # ... and its store place
        self.target: tuple[dict[int, int], tuple[int, int]] | None = None

    # --- time -------------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def update(self, dt: float) -> None:
        dt *= self.speed
        if self.target is None:
            self._start()
        self.field.update(dt)
        while not self.done:
            step = self.steps[self.index]
            if not self.begun:
                self._begin(step.effect, quiet=False)
            need = step.seconds - self.elapsed
            if dt < need:
                self.elapsed += dt
                return
            dt -= need
            self._end(step.effect, quiet=False)
        self._finished()

    def finish(self) -> None:
        """Jump to the end (a click, undo): every pit holds what the rules put there, quietly,
        in one frame of bounded work. With at most ``FAITHFUL`` steps left they are replayed on
        plain lists (no physics), so each stone keeps its colour; with more, the end counts are
        laid out directly (a sowing that long has shuffled every stone anyway). Either way only
        the pits that changed are laid out again, then settled by a fixed number of steps."""
        if self.target is None:
            self._start()
        if len(self.steps) - self.index <= FAITHFUL:
            pits, stored = self._replayed()
        else:
            pits, stored = self._laid_out()
        self.field.lay_out(pits, stored)
        self.index = len(self.steps)
        self.begun = False
        self.hand, self.rising, self.falling, self.sweeping = [], [], None, []
        self.hand_cell = self.hand_from = None
        self._finished()

    def _replayed(self) -> tuple[dict[int, list[Stone]], tuple[list[Stone], list[Stone]]]:
        """The stones of every pit at the end, and those each side sweeps into its store, by
        playing the steps left on lists of the very stones (the one begun finished first)."""
        pits = {cell: list(stones) for cell, stones in self.field.pits.items()}
        hand = list(self.hand)
        stored: tuple[list[Stone], list[Stone]] = ([], [])
        index = self.index
        if self.begun and not self.done:
            e = self.steps[index].effect
            if e.kind in (EffectKind.LIFT, EffectKind.RELAY):
                hand.extend(s for s, _, _ in self.rising)
            elif e.kind == EffectKind.DROP:
                pits[e.cell].append(self.falling if self.falling is not None else Stone(0))
            elif e.kind == EffectKind.CAPTURE:
                stored[e.player].extend(s for s, _, _, _ in self.sweeping)
            index += 1
        # locals: an enum's attribute is a slow read, and a sowing can have 100,000 effects
        drop, lift, relay, capture = EffectKind.DROP, EffectKind.LIFT, EffectKind.RELAY, EffectKind.CAPTURE
        for e in self.effects[index:]:
            kind = e.kind
            if kind == drop:
                pits[e.cell].append(hand.pop(0) if hand else Stone(0))
            elif kind == lift or kind == relay:
                hand.extend(pits[e.cell])
                pits[e.cell] = []
            elif kind == capture:
                stored[e.player].extend(pits[e.cell])
                pits[e.cell] = []
        return pits, stored

    def _laid_out(self) -> tuple[dict[int, list[Stone]], tuple[list[Stone], list[Stone]]]:
        """The end counts, each pit filled from the stones on the board and in the hand (new
        ones of a random colour where short), without replaying the steps."""
        assert self.target is not None
        counts, stores = self.target
        now = self.field.stores
        pool = [s for stones in self.field.pits.values() for s in stones] + list(self.hand)
        pool += [s for s, _, _ in self.rising] + [s for s, _, _, _ in self.sweeping]
        if self.falling is not None:
            pool.append(self.falling)
        rng = self.field.rng

        def take(k: int) -> list[Stone]:
            out = pool[:k]
            del pool[:k]
            return out + [Stone(rng.randrange(STONE_COLOURS)) for _ in range(k - len(out))]

        keep = {
            cell: stones for cell, stones in self.field.pits.items() if len(stones) == counts.get(cell, 0)
        }
        kept = {id(s) for stones in keep.values() for s in stones}
        pool = [s for s in pool if id(s) not in kept]
        pits = {cell: keep[cell] if cell in keep else take(counts.get(cell, 0)) for cell in self.field.pits}
        return pits, (take(stores[0] - now[0]), take(stores[1] - now[1]))

    def _start(self) -> None:
        delta, taken = self.change
        counts = self.field.counts()
        for cell, change in delta.items():
            counts[cell] = counts.get(cell, 0) + change
        stores = self.field.stores
        self._stores_at_start = (stores[0], stores[1])
        self.target = (counts, (stores[0] + taken[0], stores[1] + taken[1]))

    def taken_so_far(self) -> tuple[int, int]:
        """The stones each side has been seen to take since the sowing began: those already
        swept into its store."""
        if self.target is None:
            return (0, 0)
        now, start = self.field.stores, self._stores_at_start
        return (now[0] - start[0], now[1] - start[1])

    def _finished(self) -> None:
        if self.on_end is not None:
            end, self.on_end = self.on_end, None
            end()

    @property
    def step_t(self) -> float:
        if self.done:
            return 1.0
        seconds = self.steps[self.index].seconds
        return 1.0 if seconds <= 0 else min(1.0, self.elapsed / seconds)

    # --- steps ------------------------------------------------------------------------------------
    def _begin(self, e: Effect, quiet: bool) -> None:
        self.begun = True
        self.elapsed = 0.0
        field = self.field
        piece = (self.player, PieceKind.STONE)
        if e.kind in (EffectKind.LIFT, EffectKind.RELAY):
            self.rising = [(s, e.cell, at) for s, at in field.lift(e.cell)]
            self.hand_cell = e.cell
            if e.kind == EffectKind.RELAY and not quiet:
                self.on_event(Beat.RELAY, e.cell, piece)
        elif e.kind == EffectKind.DROP:
            self.hand_from, self.hand_cell = self.hand_cell, e.cell
            self.falling = self.hand.pop(0) if self.hand else Stone(0)
        elif e.kind == EffectKind.CAPTURE:
            base = field.stores[e.player]
            self.sweeping = [(s, e.cell, at, base + i) for i, (s, at) in enumerate(field.lift(e.cell))]
            if not quiet:
                self.on_event(Beat.CAPTURE, e.cell, (e.player, PieceKind.STONE))
        elif e.kind == EffectKind.STOP and not quiet:
            self.on_event(
                STOP_BEATS.get(e.detail, Beat.STOP) if isinstance(e.detail, Detail) else Beat.STOP,
                e.cell,
                piece,
            )

    def _end(self, e: Effect, quiet: bool) -> None:
        field = self.field
        if e.kind in (EffectKind.LIFT, EffectKind.RELAY):
            self.hand.extend(s for s, _, _ in self.rising)
            self.rising = []
        elif e.kind == EffectKind.DROP:
            stone, self.falling = self.falling, None
            assert stone is not None
            if quiet:
                field.place(e.cell, stone)
            else:
                field.drop(e.cell, stone)
                self.on_event(Beat.DROP, e.cell, (self.player, PieceKind.STONE))
            self.hand_from = None
        elif e.kind == EffectKind.CAPTURE:
            field.to_store(e.player, [s for s, _, _, _ in self.sweeping])
            self.sweeping = []
        self.index += 1
        self.begun = False
        self.elapsed = 0.0

    # --- drawing (reads only) -----------------------------------------------------------------------
    def hand_centre(self) -> tuple[float, float] | None:
        """Pixel centre of the hand, or None when it is empty and still."""
        view = self.view
        if self.hand_cell is None:
            return None
        x, y = view.pos(self.hand_cell)
        if self.hand_from is not None and not self.done and self.begun:
            fx, fy = view.pos(self.hand_from)
            g = ease_in_out(min(1.0, self.step_t / 0.6))
            x, y = lerp(fx, x, g), lerp(fy, y, g)
        return (x, y - HAND_LIFT * view.s)

    def _hand_slot(self, centre: tuple[float, float], k: int) -> tuple[float, float]:
        _, (dx, dy) = heap_offset(k)
        return (centre[0] + dx * self.view.s * HAND_SCALE, centre[1] - dy * self.view.s * HAND_SCALE)

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        view = self.view
        r = view.stone_r
        big = max(2, int(r * HAND_SCALE))
        t = self.step_t
        centre = self.hand_centre()
        if self.rising and centre is not None:
            g = ease_out_cubic(t)
            for k, (stone, cell, at) in enumerate(self.rising):
                sx, sy = view.stone_px(cell, self.field.centres[cell], at)
                hx, hy = self._hand_slot(centre, len(self.hand) + k)
                self._blit(surface, stone, (lerp(sx, hx, g), lerp(sy, hy, g)), int(lerp(r, big, g)), g)
        if centre is not None:
            for k, stone in enumerate(self.hand):
                self._blit(surface, stone, self._hand_slot(centre, k + 1), big, 1.0)
        if self.falling is not None and centre is not None:
            cell = self.steps[self.index].effect.cell
            px, py = view.pos(cell)
            f = max(0.0, (t - 0.6) / 0.4)
            start = self._hand_slot(centre, 0)
            pos = (lerp(start[0], px, ease_in_out(f)), lerp(start[1], py, f * f))
            self._blit(surface, self.falling, pos, int(lerp(big, r, f)), 1.0 - f)
        for stone, cell, at, slot in self.sweeping:
            start = view.stone_px(cell, self.field.centres[cell], at)
            end = view.store_slot(self.steps[self.index].effect.player, slot)
            pos, lift = arc_point(start, end, t, view.s * 0.8)
            self._blit(surface, stone, pos, int(r * (1 + 0.4 * lift)), lift)

    def _blit(
        self, surface: pygame.Surface, stone: Stone, pos: tuple[float, float], radius: int, lift: float
    ) -> None:
        radius = max(2, radius)
        if lift > 0.05:  # a shadow on the board under a stone in the air
            alpha_circle(
                surface,
                (20, 12, 6),
                90,
                (pos[0] + lift * radius * 0.6, pos[1] + lift * radius * 1.4),
                radius * 0.9,
            )
        surface.blit(stone_sprite(stone.colour, radius), (pos[0] - radius - 1, pos[1] - radius - 1))
