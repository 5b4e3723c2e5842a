"""Lessons for the hunt games (Cows and Leopards, Hat Diviyan Keliya): placement by drops, the
hunter's steps and jumps, and how the many trap the few. The player plays both sides."""

from __future__ import annotations

import random

from rules import load_game

from .lesson import Lesson, Step, position

#: cows standing out of the way so the capture goal is not reached (13 taken wins)
_FAR_COWS = "g3 g4 h4 h5 h6 g6 i3 i5 i7 a3 e9 g9"


def _start(game_id: str) -> str:
    return load_game(game_id).new_initial_state(random.Random(0)).to_text()


def cows_leopards() -> Lesson:
    gid = "cows_leopards"
    return Lesson(
        gid,
        "Drops, jumps and the trap",
        (
            Step(
                "Two leopards hunt twenty-four cows; you play both sides here. The game starts with "
                "drops: the leopards drop a leopard on any empty point. Drop it on the marked point e3.",
                ("@e3",),
                _start(gid),
                title="Placement",
                hint="Click the empty point e3 to drop a leopard there.",
                reply=("@c3",),
                after="The cows answered by dropping a cow on c3. Drops alternate.",
            ),
            Step(
                "Drop the second leopard: on g7.",
                ("@g7",),
                title="Placement",
                hint="Click the empty point g7.",
                reply=("@g3",),
                after="Both leopards are down. From now on the leopards move every turn, while the cows go "
                "on dropping one cow a turn until all are on the board.",
            ),
            Step(
                "A leopard captures by jumping a neighbouring cow onto the empty point right behind it, "
                "and may jump again. Captures are never forced and a chain may stop after any jump. "
                "Jump from c3 over d4 to e5, then over e6 to e7.",
                ("c3xe5xe7", "c3xe5"),
                position(gid, {"L": "c3 a7", "C": "d4 e6 " + _FAR_COWS}, hands="0/0", phase="move", turn="L"),
                title="Jumps and chains",
                hint="Click the leopard on c3, then e5, then e7.",
                after="Two cows taken. The leopards win when they have taken 13.",
            ),
            Step(
                "Cows only step: they never jump and never capture. They win by penning the leopards in. "
                "Both leopards are nearly trapped: step the cow from e4 to e3.",
                ("e4-e3",),
                position(
                    gid,
                    {"L": "c1 g1", "C": "d2 e1 f2 e4 c5 d5 f5 g5 c6 d6 e6 f6 g6"},
                    hands="0/0",
                    phase="move",
                    turn="C",
                ),
                title="The trap",
                hint="Step the cow on e4 down to e3: then no leopard can step or jump.",
                after="Neither leopard can move: the cows win.",
            ),
        ),
        outro="Lesson complete: leopards want 13 cows, cows want the leopards stuck.",
    )


def hat_diviyan_keliya() -> Lesson:
    gid = "hat_diviyan_keliya"
    return Lesson(
        gid,
        "The tiger and the seven leopards",
        (
            Step(
                "One tiger against seven leopards on a triangle; you play both sides here. The board "
                "starts empty and the tiger moves first: drop the tiger on the apex d4.",
                ("@d4",),
                _start(gid),
                title="Placement",
                hint="Click the top point of the triangle, d4.",
                reply=("@a1",),
                after="A leopard was dropped on a1. Leopards drop one a turn and cannot move until all "
                "seven are on the board.",
            ),
            Step(
                "Meanwhile the tiger moves on its turns: it steps along a line to a neighbouring empty "
                "point. Step it down to d3.",
                ("d4-d3",),
                title="The tiger moves",
                hint="Click the tiger on d4, then d3.",
                reply=("@d4",),
                after="Another leopard dropped, on d4.",
            ),
            Step(
                "The tiger captures with a short jump over a neighbouring leopard onto the empty point "
                "behind it: one capture a turn, never forced. Jump from d2 over d3 to d4.",
                ("d2xd4",),
                position(gid, {"T": "d2", "L": "d3 c3 a1 g1 f2"}, hands="0/0", phase="move", turn="T"),
                title="A capture",
                hint="Click the tiger on d2, then d4.",
                after="The tiger wins when only 3 leopards are left.",
            ),
            Step(
                "Leopards only step, and win when the tiger cannot move. The tiger on a1 is nearly "
                "trapped: step the leopard from f2 to g1.",
                ("f2-g1",),
                position(gid, {"T": "a1", "L": "b2 c3 d1 f2"}, hands="0/0", phase="move", turn="L"),
                title="The trap",
                hint="Step f2 down to g1: then the tiger can neither step nor jump.",
                after="The tiger cannot move: the leopards win.",
            ),
        ),
        outro="Lesson complete: trap the tiger before it takes too many leopards.",
    )
