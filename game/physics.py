"""pymunk worlds that give the screens some life: capture bursts and the title's tumbling tokens.

Both step the physics in fixed sub-steps of 1/120 s from the frame's dt, so they behave the
same at any frame rate; y grows downwards, as on screen.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame
import pymunk

STEP = 1 / 120
_NO_SELF_COLLIDE = pymunk.ShapeFilter(group=1)


@dataclass
class _Particle:
    body: pymunk.Body
    shape: pymunk.Shape
    color: tuple[int, int, int]
    size: float
    life: float
    max_life: float


class _World:
    """A pymunk space stepped at a fixed rate from variable frame times."""

    def __init__(self, gravity: float) -> None:
        self.space = pymunk.Space()
        self.space.gravity = (0, gravity)
        self._acc = 0.0

    def _step(self, dt: float) -> int:
        self._acc = min(self._acc + dt, 0.25)
        steps = 0
        while self._acc >= STEP:
            self.space.step(STEP)
            self._acc -= STEP
            steps += 1
        return steps


class Bursts(_World):
    """Small fragments thrown out where a piece is captured; they arc, fall and fade."""

    def __init__(self, gravity: float = 1400.0, seed: int | None = None) -> None:
        super().__init__(gravity)
        self.particles: list[_Particle] = []
        self.rng = random.Random(seed)

    def burst(
        self,
        pos: tuple[float, float],
        colors: tuple[tuple[int, int, int], ...],
        scale: float = 1.0,
        count: int = 22,
    ) -> None:
        for i in range(count):
            angle = 2 * math.pi * i / count + self.rng.uniform(-0.2, 0.2)
            speed = self.rng.uniform(180, 380) * scale
            size = self.rng.uniform(3.5, 8.0) * scale
            body = pymunk.Body(0.1, pymunk.moment_for_circle(0.1, 0, size))
            body.position = pos
            body.velocity = (math.cos(angle) * speed, math.sin(angle) * speed - 260 * scale)
            body.angular_velocity = self.rng.uniform(-12, 12)
            shape = pymunk.Circle(body, size)
            shape.filter = _NO_SELF_COLLIDE
            self.space.add(body, shape)
            life = self.rng.uniform(0.45, 0.8)
            self.particles.append(_Particle(body, shape, colors[i % len(colors)], size, life, life))

    def update(self, dt: float) -> None:
        if not self.particles:
            self._acc = 0.0
            return
        self._step(dt)
        alive = []
        for p in self.particles:
            p.life -= dt
            if p.life > 0:
                alive.append(p)
            else:
                self.space.remove(p.body, p.shape)
        self.particles = alive

    @property
    def active(self) -> bool:
        return bool(self.particles)

    def draw(self, surface: pygame.Surface, within: pygame.Rect | None = None) -> None:
        """The shards, kept ``within`` a rectangle (the board: a capture's shards never fly
        over the panel or off the screen)."""
        clip = surface.get_clip()
        if within is not None:
            surface.set_clip(within.clip(clip))
        for p in self.particles:
            k = p.life / p.max_life
            r = max(1, int(p.size * (0.4 + 0.6 * k)))
            x, y = p.body.position
            angle = p.body.angle
            pts = [
                (x + math.cos(angle + a) * r * 1.3, y + math.sin(angle + a) * r * 1.3) for a in (0, 2.1, 4.2)
            ]
            pygame.draw.polygon(surface, p.color, pts)
        surface.set_clip(clip)


class TokenRain(_World):
    """Game pieces that drop in from the top of the title screen, bounce and pile up."""

    def __init__(self, size: tuple[int, int], seed: int = 7, floor: float = 0.0) -> None:
        super().__init__(900.0)
        self.floor = floor  # the pile's floor this far above the bottom edge (the footer stays clear)
        self.rng = random.Random(seed)
        self.tokens: list[tuple[pymunk.Body, pymunk.Circle, int]] = []
        self.size = (0, 0)
        self._walls: list[pymunk.Shape] = []
        self._spawn = 0.0
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        if size == self.size:
            return
        self.size = size
        for wall in self._walls:
            self.space.remove(wall)
        w, h = size[0], size[1] - self.floor * min(size[0] / 1280, size[1] / 800)
        static = self.space.static_body
        self._walls = [
            pymunk.Segment(static, (-50, h), (w + 50, h), 4),
            pymunk.Segment(static, (0, -400), (0, h), 4),
            pymunk.Segment(static, (w, -400), (w, h), 4),
        ]
        for wall in self._walls:
            wall.elasticity = 0.6
            wall.friction = 0.8
        self.space.add(*self._walls)
        for body, _shape, _ in self.tokens:
            if body.position.x > w or body.position.y > h:
                body.position = (self.rng.uniform(30, w - 30), -40)

    def update(self, dt: float) -> None:
        self._spawn -= dt
        if self._spawn <= 0:
            self._spawn = 0.35
            self._add_token()
        self._step(dt)

    def _add_token(self) -> None:
        w, _ = self.size
        scale = max(0.6, w / 1280)
        r = self.rng.uniform(14, 24) * scale
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, r))
        body.position = (self.rng.uniform(r + 4, w - r - 4), -r - 10)
        body.velocity = (self.rng.uniform(-60, 60), self.rng.uniform(0, 120))
        shape = pymunk.Circle(body, r)
        shape.elasticity = 0.55
        shape.friction = 0.6
        self.space.add(body, shape)
        self.tokens.append((body, shape, self.rng.randrange(4)))
        if len(self.tokens) > 46:
            old_body, old_shape, _ = self.tokens.pop(0)
            self.space.remove(old_body, old_shape)

    def positions(self) -> list[tuple[float, float, float, float, int]]:
        """(x, y, radius, angle, style) of every token, for the title screen to draw."""
        return [(b.position.x, b.position.y, s.radius, b.angle, k) for b, s, k in self.tokens]
