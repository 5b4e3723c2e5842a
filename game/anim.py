"""Small time-based animations (all driven by dt in seconds); the curves are in ``easing``.

Nothing here counts frames, so an animation takes the same time at 30 or 144 FPS.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


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
