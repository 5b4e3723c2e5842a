"""The computer opponent off the UI thread: a process that takes a position and returns a move.

The contract is docs/AI_WORKER.md. The UI never blocks on the worker: ``request`` sends a
position text and returns a ticket at once, ``poll`` never waits, ``cancel`` only forgets.
The process is started with the "spawn" method (safe beside pygame's threads) and
restarted on the next request if it died. Searches in the process check a shared
"current ticket" number every iteration, so a cancelled or superseded search stops at
once; any reply that still comes back for an old ticket is dropped here.

A level that searches in several processes (Expert: one fewer than the machine's cores) gets
helper processes started here beside the search process (``game.ai.parallel``), which check the
same ticket number: a cancel stops all of them at once, and ``close`` stops them too.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, NamedTuple

from .levels import level_named
from .parallel import HelperSet, start_helpers, stop_helpers


class AIReply(NamedTuple):
    """The answer for one ticket: a move text for the side to move, or an error."""

    ticket: int
    move: str | None
    seconds: float
    iterations: int
    error: str | None


@dataclass
class _Pending:
    ticket: int
    sent_at: float
    min_pause: float
    reply: AIReply | None = None


def _serve(
    conn: Connection, current: Any, helper_conns: list[Connection] | None = None, generation: Any = None
) -> None:
    """The worker process: answer search requests until told to stop or the pipe closes.
    ``helper_conns`` lead to helper processes for the parallel levels (started by ``AIWorker``)."""
    from rules import load_state

    from .policy import LevelPlayer

    helpers = (
        HelperSet(conns=list(helper_conns), generation=generation, current=current) if helper_conns else None
    )
    players: dict[str, LevelPlayer] = {}  # one per level, so each keeps its tree between moves
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "stop":
            return
        _, ticket, text, level_name, seed, iterations = message
        if current.value != ticket:
            continue  # superseded before it started
        t0 = time.perf_counter()
        try:
            state = load_state(text)
            level = level_named(level_name)
            if iterations:
                level = level.capped(iterations)
            if seed is not None:
                player = LevelPlayer(level, random.Random(seed), helpers)
            else:
                key = f"{level.name}/{iterations}"
                player = players.get(key) or players.setdefault(
                    key, LevelPlayer(level, random.Random(), helpers)
                )

            def cancelled(t: int = ticket) -> bool:
                return bool(current.value != t)

            decision = player.choose(state, cancel=cancelled, ticket=ticket)
            if current.value != ticket:
                continue
            if decision.move is None:
                reply = AIReply(
                    ticket,
                    None,
                    time.perf_counter() - t0,
                    decision.iterations,
                    "there is no legal move: the game is over",
                )
            else:
                reply = AIReply(
                    ticket, state.move_text(decision.move), decision.seconds, decision.iterations, None
                )
        except Exception as exc:  # a bad position text or a bug: report it, keep serving
            reply = AIReply(ticket, None, time.perf_counter() - t0, 0, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(tuple(reply))
        except (BrokenPipeError, OSError):
            return


class AIWorker:
    """The UI's handle on the computer opponent (see docs/AI_WORKER.md)."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None
        self._current: Any = None  # shared ticket number the running search compares against
        self._last_ticket = 0
        self._pending: _Pending | None = None
        self._helpers: HelperSet | None = None  # helper processes of the parallel levels

    # --- the contract ----------------------------------------------------------------------
    def request(
        self,
        text: str,
        level: str = "medium",
        min_pause: float = 0.0,
        seed: int | None = None,
        iterations: int | None = None,
    ) -> int:
        """Ask for a move for the position ``text``; returns the ticket of the request.

        A new request supersedes any pending one. ``level`` is a name of LEVELS or "hint"
        (unknown names raise ValueError at once); ``iterations`` optionally fixes the
        search budget (tests and tools), ``seed`` makes the search reproducible.
        """
        wanted = level_named(level).search_workers() - 1
        if min_pause < 0:
            raise ValueError("min_pause must not be negative")
        self._last_ticket += 1
        ticket = self._last_ticket
        self._ensure_process(wanted)  # before the new request is pending: a restart cancels
        self._pending = _Pending(ticket, time.monotonic(), min_pause)
        self._current.value = ticket
        try:
            assert self._conn is not None
            self._conn.send(("search", ticket, text, level, seed, iterations))
        except (BrokenPipeError, OSError):
            pass  # the process died: poll() reports it and the next request restarts it
        return ticket

    def poll(self) -> AIReply | None:
        """The reply for the pending ticket once it is ready and ``min_pause`` has passed,
        else None. Never blocks."""
        pending = self._pending
        if pending is None:
            self._drain()
            return None
        self._drain()
        if pending.reply is not None:
            if time.monotonic() - pending.sent_at < pending.min_pause:
                return None
            self._pending = None
            return pending.reply
        if not self._alive():
            self._pending = None
            code = self._process.exitcode if self._process is not None else None
            return AIReply(
                pending.ticket,
                None,
                time.monotonic() - pending.sent_at,
                0,
                f"the AI process stopped unexpectedly (exit code {code})",
            )
        return None

    def cancel(self) -> None:
        """Forget the pending request (its reply will be dropped) and stop its search."""
        self._pending = None
        if self._current is not None:
            self._current.value = 0

    @property
    def busy(self) -> bool:
        """True while a request is pending."""
        return self._pending is not None

    def close(self) -> None:
        """Stop the process (on app exit); the worker can still be used again afterwards."""
        self.cancel()
        process, conn = self._process, self._conn
        self._process = self._conn = self._current = None
        if process is None:
            return
        try:
            if conn is not None:
                conn.send(("stop",))
        except (BrokenPipeError, OSError):
            pass
        process.join(0.5)
        if process.is_alive():
            process.terminate()
            process.join(0.5)
        if process.is_alive():
            process.kill()
            process.join(0.5)
        if conn is not None:
            conn.close()
        self._stop_helpers()

    def _stop_helpers(self) -> None:
        if self._helpers is not None:
            stop_helpers(self._helpers)
            self._helpers = None

    @property
    def helper_pids(self) -> list[int]:
        """The helper processes' ids (tests check that they stop)."""
        if self._helpers is None:
            return []
        return [p.pid for p in self._helpers.processes if p.is_alive()]

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the process ---------------------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        """The worker process id, if one is running (tests kill it to check the restart)."""
        return self._process.pid if self._alive() else None

    def _alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _ensure_process(self, helpers: int = 0) -> None:
        """A live search process with at least ``helpers`` helper processes beside it."""
        have = len(self._helpers.processes) if self._helpers is not None else 0
        if self._alive() and have >= helpers and all(p.is_alive() for p in self._helpers_list()):
            return
        if self._alive():  # a parallel level came up: start again with its helpers
            self.close()
        elif self._process is not None:  # dead: collect it before starting afresh
            self._process.join(0.1)
            if self._conn is not None:
                self._conn.close()
        self._stop_helpers()
        parent_end, child_end = self._ctx.Pipe()
        current = self._ctx.RawValue("q", 0)
        helper_set = start_helpers(helpers, current) if helpers > 0 else None
        args: tuple[Any, ...] = (child_end, current)
        if helper_set is not None:
            args += (helper_set.conns, helper_set.generation)
        process = self._ctx.Process(target=_serve, args=args, name="keliya-ai", daemon=True)
        process.start()
        child_end.close()
        self._process, self._conn, self._current = process, parent_end, current
        self._helpers = helper_set

    def _helpers_list(self) -> list[Any]:
        return self._helpers.processes if self._helpers is not None else []

    def _drain(self) -> None:
        """Read every reply that has arrived; keep only the pending ticket's."""
        conn = self._conn
        if conn is None:
            return
        try:
            while conn.poll(0):
                reply = AIReply(*conn.recv())
                if self._pending is not None and reply.ticket == self._pending.ticket:
                    self._pending.reply = reply
        except (EOFError, OSError):
            pass
