"""Sound effects synthesised in code (no files to download), silent when there is no device.

Each effect is a few lines of arithmetic over 16-bit samples: a pitched blip for clicks, a
soft knock for hops, a noisy pop for captures. If the mixer cannot open, every call is a no-op.
"""

from __future__ import annotations

import math
import random
from array import array
from functools import cache

import pygame

RATE = 22050


def _tone(freq: float, seconds: float, volume: float = 0.5, decay: float = 8.0,
          sweep: float = 0.0, noise: float = 0.0, seed: int = 1, rate: int = RATE) -> list[float]:
    """A decaying sine (optionally sweeping in pitch and mixed with noise), values in [-1, 1]."""
    rng = random.Random(seed)
    n = int(rate * seconds)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / rate
        f = freq * (1.0 + sweep * t / seconds)
        phase += 2 * math.pi * f / rate
        env = math.exp(-decay * t) * min(1.0, i / 40.0)
        s = math.sin(phase) * (1 - noise) + (rng.random() * 2 - 1) * noise
        out.append(s * env * volume)
    return out


def _mix(*parts: tuple[float, list[float]], rate: int = RATE) -> list[float]:
    """Lay waves one after another or over each other: (start seconds, samples)."""
    n = max(int(start * rate) + len(w) for start, w in parts)
    out = [0.0] * n
    for start, w in parts:
        o = int(start * rate)
        for i, s in enumerate(w):
            out[o + i] += s
    return out


@cache
def recipes(rate: int = RATE) -> dict[str, list[float]]:
    """Every effect by name, as float samples (kept separate so tests can check them)."""
    return {
        "click": _tone(880, 0.05, 0.35, 60, rate=rate),
        "select": _tone(660, 0.08, 0.35, 30, sweep=0.3, rate=rate),
        "hop": _tone(220, 0.09, 0.5, 35, sweep=-0.4, noise=0.15, rate=rate),
        "capture": _mix((0, _tone(520, 0.16, 0.45, 22, sweep=-0.6, noise=0.45, seed=3, rate=rate)),
                        (0.02, _tone(1040, 0.08, 0.2, 40, rate=rate)), rate=rate),
        "drop": _tone(140, 0.16, 0.6, 22, sweep=-0.3, noise=0.25, seed=5, rate=rate),
        "illegal": _mix((0, _tone(150, 0.12, 0.35, 12, rate=rate)), (0.13, _tone(120, 0.14, 0.35, 12, rate=rate)), rate=rate),
        "coin": _mix(*[(i * 0.06, _tone(1500 + 200 * (i % 2), 0.05, 0.2, 50, rate=rate)) for i in range(6)], rate=rate),
        "win": _mix(*[(i * 0.12, _tone(f, 0.3, 0.35, 6, rate=rate)) for i, f in enumerate((523, 659, 784, 1047))], rate=rate),
        "turn": _tone(440, 0.1, 0.2, 25, sweep=0.5, rate=rate),
    }


class SoundBank:
    """Plays the named effects; does nothing at all if audio is unavailable or muted."""

    def __init__(self, enabled: bool = True) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = False
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                return
            channels = init[2]
            for name, wave in recipes(init[0]).items():
                samples = array("h")
                for s in wave:
                    v = int(max(-1.0, min(1.0, s)) * 32000)
                    samples.extend([v] * channels)
                self.sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
            self.enabled = True
        except (pygame.error, OSError, ValueError):
            self.sounds.clear()
            self.enabled = False

    def play(self, name: str, volume: float = 1.0) -> None:
        if not self.enabled:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        try:
            snd.set_volume(volume)
            snd.play()
        except pygame.error:
            pass
