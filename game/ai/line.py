"""The engine's evaluation and best line for one position at a time (the analysis board, issue 32,
item 1), in a process of its own that stays up while the board is open: each position asked for
replaces the one before, so stepping through a game never queues stale work.

A line is the analysis judge's (``game.ai.analysis.value_position``) best move, played, then the
best reply, and so on: each point arrives as it is found, the first (the position's value and best
move) after one judgement of the budget (RESULTS.md, "The analysis board").
"""

from __future__ import annotations

import multiprocessing as mp
import queue
from collections.abc import Iterator
from typing import Any

from rules import load_state

from .analysis import Point, budget_for, value_position
from .evaluators import evaluator_for
from .judge import Judge

#: moves of the best line shown
LINE_PLIES = 5


def best_line(position: str, plies: int = LINE_PLIES, budget: int | None = None) -> Iterator[Point]:
    """The position's value and best move, then the same for each position of its best line,
    ``plies`` at most (fewer where the game ends)."""
    state = load_state(position)
    judge = Judge(budget if budget is not None else budget_for(state.game.id), evaluator_for(state.game))
    for _ in range(plies):
        point = value_position(state, None, judge, as_searched=True)
        yield point
        if not point.best:
            return
        state.play(point.best)


def _newest(requests: Any, item: Any) -> Any:
    """The last of ``item`` and the requests queued after it (None, the end, wins)."""
    while item is not None:
        try:
            item = requests.get_nowait()
        except queue.Empty:
            break
    return item


def _answers(request: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """What a request is answered with, item by item: ``("line", position, plies)``, the points
    of its best line; ``("try", position, move, plies)``, the move judged there as a game's
    analysis judges a move played (``("judged", point, move, forces)``), then the points of the
    best line after it (what the move allows)."""
    if request[0] == "line":
        _, position, plies = request
        for point in best_line(position, plies):
            yield tuple(point)
        return
    _, position, move_text, plies = request
    state = load_state(position)
    move = state.parse_move(move_text)
    judge = Judge(budget_for(state.game.id), evaluator_for(state.game))
    point = value_position(state, move, judge)
    yield ("judged", tuple(point), state.move_text(move), state.forces(state.to_move))
    state.play(move)
    if state.outcome() is None:
        for after in best_line(state.to_text(), plies):
            yield tuple(after)


def _serve(requests: Any, out: Any) -> None:
    """The process: answer each request (``(ask, kind, ...)``, see ``_answers``) item by item,
    dropping it for a newer one as soon as one arrives; None ends it."""
    item = _newest(requests, requests.get())
    while item is not None:
        ask, request = item[0], item[1:]
        item = _WAIT
        try:
            for answer in _answers(request):
                out.put((ask, answer))
                try:
                    item = _newest(requests, requests.get_nowait())
                    break  # a newer position was asked for (or the end)
                except queue.Empty:
                    continue
            else:
                out.put((ask, ("done",)))
        except Exception as exc:  # noqa: BLE001 - reported to the window, which goes on
            out.put((ask, ("error", f"{type(exc).__name__}: {exc}")))
        if item is _WAIT:
            item = _newest(requests, requests.get())


_WAIT = ("wait",)  # no newer request came while a line was found: wait for one


class LineEngine:
    """``ask(position)`` and ``poll()`` the points of its best line as they come (never waits);
    ``close()`` ends the process."""

    def __init__(self, plies: int = LINE_PLIES) -> None:
        ctx = mp.get_context("spawn")
        self._requests: Any = ctx.Queue()
        self._out: Any = ctx.Queue()
        self._process: Any = ctx.Process(
            target=_serve, args=(self._requests, self._out), daemon=True, name="keliya-line"
        )
        self._process.start()
        self.plies = plies
        self._asked = 0
        self.position = ""
        self.points: list[Point] = []
        self.judged: tuple[Point, str, int] | None = None  # a move tried: (point, move, forces)
        self.done = False
        self.error = ""

    def ask(self, position: str) -> None:
        """Look at ``position`` (text) from now on; what was found for another is dropped."""
        if position == self.position and not self.error:
            return
        self._asked += 1
        self.position, self.points, self.judged, self.done, self.error = position, [], None, False, ""
        self._requests.put((self._asked, "line", position, self.plies))

    def ask_try(self, position: str, move: str) -> None:
        """Judge ``move`` in ``position`` as a game's analysis judges a move played (``judged``),
        then find the best line after it (``points``); what was asked before is dropped."""
        self._asked += 1
        self.position, self.points, self.judged, self.done, self.error = "", [], None, False, ""
        self._requests.put((self._asked, "try", position, move, self.plies))

    def poll(self) -> bool:
        """Take what the process found for the position asked; True if anything new arrived."""
        new = False
        while True:
            try:
                ask, item = self._out.get_nowait()
            except queue.Empty:
                break
            if ask != self._asked:
                continue
            new = True
            if item[0] == "done":
                self.done = True
            elif item[0] == "error":
                self.done, self.error = True, str(item[1])
            elif item[0] == "judged":
                self.judged = (Point(*item[1]), item[2], item[3])
            else:
                self.points.append(Point(*item))
        if not self.done and not self._process.is_alive():
            self.done, self.error = True, "the engine stopped"
            new = True
        return new

    def close(self) -> None:
        if self._process.is_alive():
            try:
                self._requests.put(None)
                self._process.join(0.5)
            finally:
                if self._process.is_alive():
                    self._process.terminate()
                    self._process.join(1.0)
        self.done = True
