"""Root parallelism: one search spread over several processes, merged at the root.

Each helper process keeps its own tree (and reuses it from move to move, like the caller's), all
search the same position with different random streams, and the caller searches too. At the end
the root moves' visits are added up: the most visited move over all trees is played, a move any
tree proved won is taken, and a move any tree proved lost is avoided while another is left.
CPython threads would share one tree but not the processor (the interpreter lock), and a tree
shared between processes would cost more in locking than it saves, so processes with their own
trees it is (measured: benchmarks/RESULTS.md, issue 22).

Stopping as one: helpers check two shared numbers every iteration, the app's current ticket (if
any: the AI worker's, so a cancel from the UI stops every process at once) and the pool's own
generation, which the caller moves on when its own search ends, is cancelled or runs out of time.
A reply for an old generation is dropped. Helpers are started with the "spawn" method as daemons,
so they never outlive the process that made them; the AI worker starts them beside its search
process (a daemonic process may not have children) and hands their pipes over.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from rules.core import Move, State

from .mcts import MCTS, SearchConfig, SearchResult

#: seconds a helper may answer late before its reply is given up for this move
GRACE = 0.5


def default_workers() -> int:
    """Search processes for a parallel level: one fewer than the machine's cores, at least 1
    (``KELIYA_AI_WORKERS`` in the environment overrides it: benchmarks and tests)."""
    given = os.environ.get("KELIYA_AI_WORKERS", "").strip()
    if given.isdigit() and int(given) >= 1:
        return int(given)
    return max(1, (os.cpu_count() or 1) - 1)


def helper_main(conn: Connection, generation: Any, current: Any) -> None:
    """A helper process: search what the pipe asks until it closes or says stop."""
    from rules import load_state

    searchers: dict[tuple[SearchConfig, str], MCTS] = {}  # a tree per config and evaluator
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "stop":
            return
        _, gen, ticket, text, config, evaluator, seconds, iterations, seed = message

        def stopped(gen: int = gen, ticket: int | None = ticket) -> bool:
            return generation.value != gen or (
                current is not None and ticket is not None and current.value != ticket
            )

        reply: tuple[Any, ...] = (gen, 0, [], None)  # over before it began: an empty answer
        if not stopped():  # (never none: a caller with no clock waits for every answer)
            try:
                state = load_state(text)
                key = (config, evaluator.name)
                mcts = searchers.get(key)
                if mcts is None:
                    mcts = searchers.setdefault(key, MCTS(config, random.Random(seed), evaluator))
                mcts.evaluator = evaluator
                result = mcts.search(state, seconds=seconds, iterations=iterations, cancel=stopped)
                stats = [(state.move_text(s.move), s.visits, s.value, s.exact) for s in mcts.root_stats()]
                reply = (gen, result.iterations, stats, None)
            except Exception as exc:  # a bug: say so, keep serving
                reply = (gen, 0, [], f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


@dataclass
class HelperSet:
    """Helper processes and the caller's ends of their pipes."""

    processes: list[Any] = field(default_factory=list)  # empty where another process owns them
    conns: list[Connection] = field(default_factory=list)
    generation: Any = None  # shared generation number (RawValue 'q')
    current: Any = None  # the AI worker's ticket number, or None


def start_helpers(count: int, current: Any = None) -> HelperSet:
    """Start ``count`` helper processes (spawn, daemonic); ``current`` is a shared ticket number
    they also obey (the AI worker's), or None."""
    ctx = mp.get_context("spawn")
    helpers = HelperSet(generation=ctx.RawValue("q", 0), current=current)
    for i in range(count):
        parent_end, child_end = ctx.Pipe()
        process = ctx.Process(
            target=helper_main,
            args=(child_end, helpers.generation, current),
            name=f"keliya-ai-helper-{i + 1}",
            daemon=True,
        )
        process.start()
        child_end.close()
        helpers.processes.append(process)
        helpers.conns.append(parent_end)
    return helpers


def stop_helpers(helpers: HelperSet) -> None:
    """Ask the helpers to stop, then make sure they have."""
    if helpers.generation is not None:
        helpers.generation.value += 1
    for conn in helpers.conns:
        try:
            conn.send(("stop",))
        except (BrokenPipeError, OSError):
            pass
    for process in helpers.processes:
        process.join(0.5)
        if process.is_alive():
            process.terminate()
            process.join(0.5)
    for conn in helpers.conns:
        conn.close()
    helpers.processes.clear()
    helpers.conns.clear()


class RootParallelSearch:
    """The caller's side: search in this process and in the helpers at once, merge at the root."""

    def __init__(self, helpers: HelperSet, rng: random.Random) -> None:
        self.helpers = helpers
        self.rng = rng
        self.last_iterations: list[int] = []  # per process, of the last search (this one first)

    def search(
        self,
        mcts: MCTS,
        state: State,
        seconds: float | None,
        iterations: int | None,
        cancel: Callable[[], bool] | None = None,
        ticket: int | None = None,
    ) -> SearchResult:
        """Like ``mcts.search``, with the helpers searching beside it (each ``iterations`` and
        ``seconds`` at most); ``ticket`` is the AI worker's request, which the helpers also obey."""
        h = self.helpers
        live = h.conns if not h.processes else [c for c, p in zip(h.conns, h.processes) if p.is_alive()]
        moves = state.legal_moves()
        if not live or len(moves) <= 1:
            return mcts.search(state, seconds=seconds, iterations=iterations, cancel=cancel)
        t0 = time.perf_counter()
        h.generation.value += 1
        gen = h.generation.value
        text = state.to_text()
        sent = []
        for conn in live:
            try:
                conn.send(
                    (
                        "search",
                        gen,
                        ticket,
                        text,
                        mcts.config,
                        mcts.evaluator,
                        seconds,
                        iterations,
                        self.rng.randrange(1 << 62),
                    )
                )
                sent.append(conn)
            except (BrokenPipeError, OSError):
                pass
        local = mcts.search(state, seconds=seconds, iterations=iterations, cancel=cancel)
        cancelled = cancel is not None and cancel()
        if seconds is not None or cancelled or local.proven is not None:
            h.generation.value += 1  # this search is over: stop the helpers now
        stats: list[list[tuple[str, int, float, float | None]]] = [
            [(state.move_text(s.move), s.visits, s.value, s.exact) for s in mcts.root_stats()]
        ]
        counts = [local.iterations]
        waiting = list(sent)
        deadline = None if seconds is None else t0 + seconds + GRACE
        while waiting:
            if cancel is not None and cancel():
                h.generation.value += 1
                deadline = min(deadline or float("inf"), time.perf_counter() + 0.05)
            if deadline is not None and time.perf_counter() > deadline:
                h.generation.value += 1
                break
            for ready in wait(waiting, timeout=0.01):
                assert isinstance(ready, Connection)
                conn = ready
                try:
                    reply = conn.recv()
                except (EOFError, OSError):
                    waiting.remove(conn)
                    continue
                if reply[0] != gen:
                    continue  # an old search's answer, left in the pipe
                waiting.remove(conn)
                if reply[3] is None:
                    counts.append(reply[1])
                    stats.append(reply[2])
        self.last_iterations = counts
        if cancelled or len(stats) == 1:
            return local
        return merge(state, local, stats, counts, time.perf_counter() - t0)

    def close(self) -> None:
        stop_helpers(self.helpers)


def merge(
    state: State,
    local: SearchResult,
    stats: list[list[tuple[str, int, float, float | None]]],
    counts: list[int],
    seconds: float,
) -> SearchResult:
    """One result from every tree's root statistics: visits added up per move; a move proven won
    in any tree wins, a move proven lost in any tree is avoided while another is left (a legal move
    no tree tried included), and the position is lost only when every legal move is. Values and
    proofs are from the side to move's view."""
    by_text = {state.move_text(m): m for m in state.legal_moves()}
    visits: dict[str, int] = {}
    value_sum: dict[str, float] = {}
    won: set[str] = set()
    lost: set[str] = set()
    proof: dict[str, float] = {}  # a move's proven result, as some tree proved it
    for tree in stats:
        for text, n, value, exact in tree:
            if text not in by_text:
                continue
            visits[text] = visits.get(text, 0) + n
            value_sum[text] = value_sum.get(text, 0.0) + value * n
            if exact is not None:
                proof[text] = exact
                if exact >= 1.0:
                    won.add(text)
                elif exact <= 0.0:
                    lost.add(text)
    if not visits:
        return local
    if won:
        best = max(won, key=lambda t: visits.get(t, 0))
        proven: str | None = "win"
    else:
        # a move no tree tried is not proven lost either: it is played before a proven loss
        candidates = [t for t in by_text if t not in lost] or list(visits)
        best = max(candidates, key=lambda t: (visits.get(t, 0), value_sum.get(t, 0.0)))
        proven = (
            "loss" if all(t in lost for t in by_text) else local.proven if local.proven != "win" else None
        )
    n = visits.get(best, 0)
    value = proof[best] if best in proof else value_sum[best] / n if n else 0.5
    move: Move = by_text[best]
    return SearchResult(move, sum(counts), seconds, value, proven, {by_text[t]: c for t, c in visits.items()})
