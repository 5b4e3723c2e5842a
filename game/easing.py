"""Easing curves and the hop of a piece: pure functions of time 0..1 (the title's first frame
draws its hopping pieces with them, before any animation object is needed)."""

from __future__ import annotations

import math

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
