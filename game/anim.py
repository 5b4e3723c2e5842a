"""Easing curves and small time-based animations (all driven by dt in seconds).

Nothing here counts frames, so an animation takes the same time at 30 or 144 FPS.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Point = tuple[float, float]


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return t * t * (3 - 2 * t)


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_quad(t: float) -> float:
    t = clamp01(t)
    return t * t


def ease_out_back(t: float, overshoot: float = 1.7) -> float:
    t = clamp01(t) - 1
    return 1 + t * t * ((overshoot + 1) * t + overshoot)


def bounce_out(t: float) -> float:
    """A ball dropped on the floor: three shrinking bounces."""
    t = clamp01(t)
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def arc_point(start: Point, end: Point, t: float, height: float) -> tuple[Point, float]:
    """Position along a hop from ``start`` to ``end`` at eased time ``t`` and the lift (0..1)
    at that moment; the lift draws the piece a little larger with a shadow under it."""
    e = ease_in_out(t)
    x = lerp(start[0], end[0], e)
    y = lerp(start[1], end[1], e)
    lift = math.sin(math.pi * e)
    return (x, y - height * lift), lift


@dataclass
class Timer:
    """Counts ``duration`` seconds; ``t`` runs 0 → 1."""

    duration: float
    elapsed: float = 0.0

    def tick(self, dt: float) -> None:
        self.elapsed = min(self.duration, self.elapsed + dt)

    @property
    def t(self) -> float:
        return 1.0 if self.duration <= 0 else self.elapsed / self.duration

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


@dataclass
class Pulse:
    """A repeating 0..1..0 wave for glows and blinking hints."""

    period: float = 1.2
    phase: float = 0.0
    _time: float = field(default=0.0, repr=False)

    def tick(self, dt: float) -> None:
        self._time = (self._time + dt) % self.period

    @property
    def value(self) -> float:
        return 0.5 - 0.5 * math.cos(2 * math.pi * (self._time / self.period + self.phase))
