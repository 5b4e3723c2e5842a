"""The play scene's link to the computer opponent: one worker request per decision, polled
every frame so the window never waits (docs/AI_WORKER.md is the contract)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rules.words import N_, Words

if TYPE_CHECKING:  # the engines' core is not needed before a game is played (issue 29, item 5)
    from rules import Move, State


class Worker(Protocol):
    """What the play scene uses of ``game.ai.worker.AIWorker``."""

    @property
    def busy(self) -> bool: ...

    def request(
        self,
        position: str,
        level: str = ...,
        min_pause: float = ...,
        seed: int | None = ...,
        iterations: int | None = ...,
    ) -> int: ...
    def poll(self) -> Any: ...
    def cancel(self) -> None: ...
    def close(self) -> None: ...


def make_worker() -> Worker | None:
    """The real AI worker, or None when the AI package is not available."""
    try:
        from .ai.worker import AIWorker
    except ImportError:
        return None
    worker: Worker = AIWorker()
    return worker


def level_choices() -> list[tuple[str, str, str]]:
    """(name, label, description) of each difficulty, in order; empty without the AI package.
    Read from the levels' words alone: naming a level (the title's Continue, a save) imports no
    search and no rules engine."""
    try:
        from .ai.level_names import LEVEL_WORDS
    except ImportError:
        return []
    return [(name, label, description) for name, (label, description) in LEVEL_WORDS.items()]


def level_record(
    game_id: str, options: dict[str, Any], level: str, sides: Sequence[tuple[int, str]] = ()
) -> list[Words]:
    """The sentences the setup screen adds to ``level``'s help in this game with these rules:
    whether it checks its move for traps here (``level_names.checks_in``), then its matches against
    the other levels (``game.ai.level_records``); none without the AI package, and no matches if
    the shipped records cannot be read (reported on the console: a fault of the build). ``sides``:
    (side, its name) for each side the level will play; where the game's sides are unlike (a hunt,
    ``GameSpec.alike_sides``) a record says how the level did on those sides alone."""
    try:
        from .ai.level_names import checks_in
        from .ai.level_records import record_words, records_for
    except ImportError:
        return []
    said = [Words("Then it checks its move for traps further ahead.")] if checks_in(level, game_id) else []
    try:
        found = records_for(game_id, options, level)
    except (OSError, ValueError) as exc:
        print(f"keliya: the levels' records could not be read: {exc}")
        return said
    from rules import game_spec

    own = () if game_spec(game_id).alike_sides else sides
    return said + [words for record in found for words in record_words(record, level, own)]


class Opponent:
    """Asks the worker for a move and hands it back once, checked by the rules."""

    def __init__(self, worker: Worker, level: str, min_pause: float, iterations: int | None = None) -> None:
        self.worker = worker
        self.level = level
        self.min_pause = min_pause
        self.iterations = iterations
        self.ticket: int | None = None
        self.position = ""
        self.thinking_for = 0.0
        self.errors = 0

    @property
    def thinking(self) -> bool:
        return self.ticket is not None

    def request(self, state: State) -> None:
        self.position = state.to_text()
        extra = {"iterations": self.iterations} if self.iterations else {}
        self.ticket = self.worker.request(self.position, level=self.level, min_pause=self.min_pause, **extra)
        self.thinking_for = 0.0

    def cancel(self) -> None:
        if self.ticket is not None:
            self.worker.cancel()
        self.ticket = None

    def poll(self, state: State, dt: float) -> tuple[Move | None, str]:
        """(move, "") when the reply is in, (None, reason) if it failed, (None, "") while waiting."""
        if self.ticket is None:
            return None, ""
        self.thinking_for += dt
        reply = self.worker.poll()
        if reply is None or reply.ticket != self.ticket:
            return None, ""
        self.ticket = None
        if reply.error or not reply.move:
            self.errors += 1
            return None, f"the computer could not move ({reply.error or 'no move'})"
        if state.to_text() != self.position:
            return None, N_("the position changed while the computer was thinking")
        try:
            move = state.parse_move(reply.move)
        except ValueError as e:  # an IllegalMoveError is one
            self.errors += 1
            return None, f"the computer chose an illegal move {reply.move!r}: {e}"
        self.errors = 0
        return move, ""
