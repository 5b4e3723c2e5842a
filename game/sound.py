"""Sound effects: synthesised in code, cached as WAV files, loaded only when first needed.

Each effect is a few lines of arithmetic over samples (``recipes``). Synthesising them all in
pure Python costs a noticeable part of a second, so ``scripts/make_sounds.py`` writes them once
to ``assets/sounds/`` (a test checks the files still match the recipes) and the bank reads
those. Nothing touches the audio device before the first frame is on screen: ``warm_up`` (called
by the app after that frame) opens the mixer and loads the effects; ``play`` does it on demand
otherwise. If the mixer cannot open, or the bank is muted, every call is a no-op.
"""

from __future__ import annotations

import math
import random
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rules.kinds import PieceKind

from .assets_path import assets_dir

if TYPE_CHECKING:  # the boards package brings the match model: the title's window opens without it
    from .boards.beats import Beat

RATE = 22050


def sounds_dir() -> Path:
    """Where the cached effects live (``assets/sounds``: see ``assets_path``)."""
    return assets_dir() / "sounds"


def _tone(
    freq: float,
    seconds: float,
    volume: float = 0.5,
    decay: float = 8.0,
    sweep: float = 0.0,
    noise: float = 0.0,
    seed: int = 1,
    rate: int = RATE,
) -> list[float]:
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


def _chord(
    freqs: tuple[float, ...], step: float, seconds: float, volume: float, decay: float, rate: int
) -> list[float]:
    return _mix(
        *[(i * step, _tone(f, seconds, volume, decay, rate=rate)) for i, f in enumerate(freqs)], rate=rate
    )


RECIPES = {
    "click": lambda r: _tone(880, 0.05, 0.35, 60, rate=r),
    "select": lambda r: _tone(660, 0.08, 0.35, 30, sweep=0.3, rate=r),
    "hop": lambda r: _tone(220, 0.09, 0.5, 35, sweep=-0.4, noise=0.15, rate=r),
    "capture": lambda r: _mix(
        (0, _tone(520, 0.16, 0.45, 22, sweep=-0.6, noise=0.45, seed=3, rate=r)),
        (0.02, _tone(1040, 0.08, 0.2, 40, rate=r)),
        rate=r,
    ),
    # a piece set down on the board (placement phases)
    "drop": lambda r: _tone(140, 0.16, 0.6, 22, sweep=-0.3, noise=0.25, seed=5, rate=r),
    # one stone into a hole: short and light, since a sowing plays it many times in a row
    "sow": lambda r: _mix(
        (0, _tone(760, 0.045, 0.3, 70, sweep=-0.2, noise=0.3, seed=7, rate=r)),
        (0.004, _tone(1900, 0.02, 0.12, 120, rate=r)),
        rate=r,
    ),
    # the stones of a hole lifted to sow on (Ncuva relay)
    "relay": lambda r: _mix(
        *[
            (i * 0.025, _tone(600 + 90 * i, 0.04, 0.22, 70, noise=0.35, seed=11 + i, rate=r))
            for i in range(4)
        ],
        rate=r,
    ),
    # a crown: a bright rising fifth with a shimmer
    "promote": lambda r: _mix(
        (0, _chord((784, 1175, 1568), 0.07, 0.22, 0.26, 9, r)),
        (0.0, _tone(3136, 0.3, 0.05, 10, rate=r)),
        rate=r,
    ),
    "illegal": lambda r: _mix(
        (0, _tone(150, 0.12, 0.35, 12, rate=r)), (0.13, _tone(120, 0.14, 0.35, 12, rate=r)), rate=r
    ),
    "coin": lambda r: _mix(
        *[(i * 0.06, _tone(1500 + 200 * (i % 2), 0.05, 0.2, 50, rate=r)) for i in range(6)], rate=r
    ),
    "win": lambda r: _chord((523, 659, 784, 1047), 0.12, 0.3, 0.35, 6, r),
    "turn": lambda r: _tone(440, 0.1, 0.2, 25, sweep=0.5, rate=r),
}


def recipe(name: str, rate: int = RATE) -> list[float]:
    """One effect as float samples in [-1, 1]."""
    return RECIPES[name](rate)


@cache
def recipes(rate: int = RATE) -> dict[str, list[float]]:
    """Every effect by name, as float samples (synthesised on call: tests and the cache script use it)."""
    return {name: recipe(name, rate) for name in RECIPES}


def to_pcm(wave_: list[float], channels: int = 1) -> bytes:
    """Signed 16-bit samples, each repeated for ``channels``."""
    from array import array  # here: only a missing effect is synthesised (the first frame needs none)

    samples = array("h")
    for s in wave_:
        samples.extend([int(max(-1.0, min(1.0, s)) * 32000)] * channels)
    if sys.byteorder == "big":
        samples.byteswap()
    return samples.tobytes()


def write_wav(path: Path, wave_: list[float], rate: int = RATE) -> None:
    """Save mono 16-bit PCM (what ``scripts/make_sounds.py`` caches; the app only reads them)."""
    import wave

    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(to_pcm(wave_))


@cache
def event_sounds() -> dict[Beat, tuple[str, float]]:
    """What each board animation event sounds like: (effect, volume); see ``event_sound``. Built
    when a board first makes a sound (the beats live with the boards, which the title does not load)."""
    from .boards.beats import Beat

    return {
        Beat.CAPTURE: ("capture", 1.0),
        Beat.HUFF: ("capture", 1.0),
        Beat.LAND: ("hop", 0.5),
        Beat.DROP: ("drop", 1.0),
        Beat.RELAY: ("relay", 0.8),
        Beat.PROMOTE: ("promote", 0.9),
    }


def event_sound(name: Beat, piece: tuple[int, PieceKind] | None = None) -> tuple[str, float] | None:
    """The effect for a board animation event (``on_event(name, cell, piece)``), or None.

    A stone falling into a hole is a sowing, not a piece set down: it gets the light 'sow'."""
    from .boards.beats import Beat

    if name == Beat.DROP and piece is not None and piece[1] == PieceKind.STONE:
        return "sow", 0.7
    return event_sounds().get(name)


class SoundBank:
    """Plays the named effects; does nothing at all if audio is unavailable or muted.

    ``built`` counts the effects made so far (loaded or synthesised): each is made once.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.wanted = enabled
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.built = 0
        self._mixer: bool | None = None  # None: not opened yet; False: failed

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))

    @property
    def enabled(self) -> bool:
        """Sound is on and the device works (opens the mixer the first time it is asked)."""
        return self.wanted and self._open()

    def set_enabled(self, on: bool) -> None:
        self.wanted = on
        if not on and self._mixer:
            pygame.mixer.stop()

    def _open(self) -> bool:
        if self._mixer is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
                self._mixer = bool(pygame.mixer.get_init())
            except (pygame.error, OSError, ValueError):
                self._mixer = False
        return self._mixer

    def warm_up(self) -> None:
        """Open the device and make every effect now (after the first frame), not on first play."""
        if self.enabled:
            for name in RECIPES:
                self._sound(name)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        snd = self.sounds.get(name)
        if snd is None and name in RECIPES:
            snd = self.sounds[name] = self._make(name)
            self.built += 1
        return snd

    def _make(self, name: str) -> pygame.mixer.Sound:
        path = sounds_dir() / f"{name}.wav"
        if path.is_file():
            try:
                return pygame.mixer.Sound(str(path))
            except pygame.error:
                pass
        init = pygame.mixer.get_init()
        if init is None:
            raise pygame.error("the mixer is not open")
        rate, _, channels = init
        return pygame.mixer.Sound(buffer=to_pcm(recipe(name, rate), channels))

    def play_event(self, name: Beat, piece: tuple[int, PieceKind] | None = None) -> None:
        """Play what a board animation event sounds like (``event_sound``), if anything."""
        found = event_sound(name, piece)
        if found is not None:
            self.play(*found)

    def play(self, name: str, volume: float = 1.0) -> None:
        if not self.wanted or self.volume <= 0 or not self._open():
            return
        try:
            snd = self._sound(name)
            if snd is not None:
                snd.set_volume(volume * self.volume)
                snd.play()
        except (pygame.error, OSError, ValueError):
            pass
