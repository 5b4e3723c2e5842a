"""Guided lessons, one per game, as data (``lesson.Step`` / ``lesson.Lesson``): scripted
positions, the move to make in notation, a hint for a wrong try and the other side's reply.
``tests/test_tutorials.py`` replays each through the rules so a rules change cannot break one
silently; ``game.scenes.tutorial`` plays them on the real boards."""

from __future__ import annotations

from . import battlehalma, hunt, ncuva, war
from .lesson import Lesson, Step, replay

__all__ = ["Lesson", "Step", "has_lesson", "lesson_for", "lesson_ids", "replay"]

_LESSONS = {
    "sixteen_soldiers": lambda: war.lesson("sixteen_soldiers"),
    "peralikatuma": lambda: war.lesson("peralikatuma"),
    "kotu_ellima": lambda: war.lesson("kotu_ellima"),
    "cows_leopards": hunt.cows_leopards,
    "hat_diviyan_keliya": hunt.hat_diviyan_keliya,
    "battlehalma": battlehalma.lesson,
    "ncuva": ncuva.lesson,
}


def has_lesson(game_id: str) -> bool:
    return game_id in _LESSONS


def lesson_for(game_id: str) -> Lesson:
    """The lesson for ``game_id``; KeyError for a game without one."""
    return _LESSONS[game_id]()


def lesson_ids() -> list[str]:
    return list(_LESSONS)
