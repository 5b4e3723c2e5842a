"""What a lesson is: data only (no pygame), so a test can replay every lesson through the rules.

A ``Step`` is one scripted position with the words that explain it, the move(s) to make in
notation (any of them is right), an optional reply the other side plays at once, and the words
that follow. A step with no ``position`` goes on from where the previous step (and its reply)
left the board.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from rules import State, load_game, load_state
from rules.words import N_


@dataclass(frozen=True)
class Step:
    caption: str  # what to notice and what to do, in words
    expect: tuple[str, ...]  # the right moves, in notation; any of them is accepted
    position: str | None = None  # position text; None: the board as the previous step left it
    hint: str = ""  # said when a wrong move is tried ("Not that one: ...")
    reply: tuple[str, ...] = ()  # the other side's answer (a huff and a move: two), played automatically
    after: str = ""  # said once the move (and the reply) have been shown
    title: str = ""  # a short name for the step ("Moving", "Chains")


@dataclass(frozen=True)
class Lesson:
    game_id: str
    title: str
    steps: tuple[Step, ...]
    outro: str = N_("Lesson complete.")


def rows_top_down(game_id: str, options: dict[str, object]) -> list[list[str]]:
    """A line or square board's point names row by row from the top, as position text writes them."""
    layout = load_game(game_id, **options).layout
    by_y: dict[float, list] = {}
    for cell in layout.cells:
        by_y.setdefault(cell.y, []).append(cell)
    return [[c.name for c in sorted(by_y[y], key=lambda c: c.x)] for y in sorted(by_y, reverse=True)]


def position(
    game_id: str, pieces: dict[str, str], options: Mapping[str, object] | None = None, **fields: str | int
) -> str:
    """Position text for ``game_id`` with ``pieces`` (character -> point names, space separated,
    e.g. ``{"S": "e3 d3", "N": "e4"}``); other fields (turn, hands, phase...) as given, the rest
    as at the start. Written from names so a lesson reads like the rules text."""
    options = dict(options or {})
    at: dict[str, str] = {}
    for ch, names in pieces.items():
        for name in names.split():
            at[name] = ch
    board = "/".join("".join(at.pop(n, ".") for n in row) for row in rows_top_down(game_id, options))
    if at:
        raise ValueError(f"no such point(s) on the {game_id} board: {', '.join(at)}")
    start = load_game(game_id, **options).new_initial_state(random.Random(0)).to_text()
    header, _, rest = start.partition("; ")
    values = dict(part.split("=", 1) for part in rest.split("; "))
    values["board"] = board
    values.pop("rep", None)  # the start's repetition count belongs to the start
    for k, v in fields.items():
        values[k] = str(v)
    return header + "; " + "; ".join(f"{k}={v}" for k, v in values.items())


def start_state(lesson: Lesson) -> State:
    """The first step's position (a lesson always starts from one)."""
    first = lesson.steps[0].position
    if first is None:
        raise ValueError(f"{lesson.game_id}: the first step needs a position")
    return load_state(first)


def replay(lesson: Lesson) -> list[str]:
    """Play the lesson through the rules: the first right move and the reply of every step.
    Returns the problems found (an empty list when every scripted move is legal where it stands)."""
    problems: list[str] = []
    state: State | None = None
    for i, step in enumerate(lesson.steps, start=1):
        where = f"{lesson.game_id} step {i}"
        try:
            if step.position is not None:
                state = load_state(step.position)
            if state is None:
                raise ValueError("no position")
            for text in step.expect:  # every right answer is legal, and the reply follows each
                after = state.copy()
                after.play(after.parse_move(text))
                for reply in step.reply:
                    after.play(after.parse_move(reply))
            state.play(state.parse_move(step.expect[0]))
            for reply in step.reply:
                state.play(state.parse_move(reply))
            ended = state.outcome()
            if ended is not None and i < len(lesson.steps):
                problems.append(f"{where}: the game ends before the lesson does ({ended.reason})")
        except ValueError as e:
            problems.append(f"{where}: {e}")
            state = None
    return problems
