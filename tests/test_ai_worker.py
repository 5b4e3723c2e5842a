"""The AI worker process (docs/AI_WORKER.md): replies, pauses, cancel, superseded tickets, restarts."""

from __future__ import annotations

import os
import signal

import pytest

from game.ai.worker import AIReply, AIWorker
from rules import load_game
from tools.scenarios import first_answer, wait_until


@pytest.fixture(scope="module")
def worker():
    w = AIWorker()
    yield w
    w.close()


@pytest.fixture
def start_text():
    return load_game("kotu_ellima").new_initial_state().to_text()


def out_of_book():
    """A Kotu Ellima position with a choice that Hard's and Expert's opening book does not hold."""
    state = load_game("kotu_ellima").new_initial_state()
    state.play("d4-e5")
    while len(state.legal_moves()) == 1:  # the forced captures that follow
        state.apply(state.legal_moves()[0])
    return state


def wait_reply(worker: AIWorker, polls: int = 20_000) -> AIReply:
    reply = first_answer(worker.poll, polls)
    assert reply is not None, "no reply from the AI worker"
    return reply


def test_reply_is_a_legal_move(worker):
    state = out_of_book()
    ticket = worker.request(state.to_text(), level="hard", min_pause=0, seed=1, iterations=50)
    assert worker.busy
    reply = wait_reply(worker)
    assert reply.ticket == ticket and reply.error is None and reply.iterations == 50
    state.parse_move(reply.move)
    assert not worker.busy


def test_hard_answers_from_its_opening_book_without_searching(worker, start_text):
    worker.request(start_text, level="hard", min_pause=0, seed=1, iterations=50)
    reply = wait_reply(worker)
    assert reply.error is None and reply.iterations == 0
    assert reply.move == "e4-e5"  # the book's only first move: the others lose pieces


class _Watched:
    """The worker's end of the pipe, every call noted: poll must only ever look (``poll(0)``)
    and receive what is already there, never wait."""

    def __init__(self, conn) -> None:
        self.conn, self.calls = conn, []

    def poll(self, timeout=None):
        self.calls.append(("poll", timeout))
        return self.conn.poll(timeout)

    def recv(self):
        self.calls.append(("recv", None))
        return self.conn.recv()

    def send(self, message) -> None:
        self.calls.append(("send", None))
        self.conn.send(message)


def test_poll_never_blocks(worker, start_text, monkeypatch):
    worker.request(start_text, level="medium", min_pause=0)
    watched = _Watched(worker._conn)
    monkeypatch.setattr(worker, "_conn", watched)
    for _ in range(20):
        worker.poll()
    assert watched.calls and all(call == ("poll", 0) or call[0] == "recv" for call in watched.calls)
    assert all(
        watched.calls[i - 1] == ("poll", 0) for i, call in enumerate(watched.calls) if call[0] == "recv"
    )
    worker.cancel()


class _Monotonic:
    """The worker's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def perf_counter(self) -> float:
        return self.now


def test_min_pause_delays_the_reply(worker, start_text, monkeypatch):
    from game.ai import worker as worker_module

    clock = _Monotonic()
    monkeypatch.setattr(worker_module, "time", clock)
    worker.request(start_text, level="easy", min_pause=0.5, iterations=5)
    first_answer(lambda: worker._drain() or worker._pending.reply)  # the reply has arrived...
    clock.now += 0.49
    assert worker.poll() is None  # ...and waits out the pause
    clock.now += 0.01
    reply = worker.poll()
    assert reply is not None and reply.error is None


def test_hint_level(worker, start_text):
    worker.request(start_text, level="hint", min_pause=0, iterations=20)
    assert wait_reply(worker).move is not None


def test_superseded_reply_is_dropped(worker, start_text):
    first = worker.request(start_text, level="easy", min_pause=0, iterations=5)
    assert wait_until(lambda: worker._conn.poll(0))  # the first reply is waiting in the pipe
    state = load_game("kotu_ellima").new_initial_state()
    state.play("f5-e5")
    second = worker.request(state.to_text(), level="easy", min_pause=0, iterations=5)
    reply = wait_reply(worker)
    assert reply.ticket == second != first
    state.parse_move(reply.move)
    assert worker.poll() is None and not worker.busy  # the first reply was dropped, not kept for later
    assert not worker._conn.poll(0)  # nothing left in the pipe to come


def test_cancel_returns_at_once_and_drops_the_reply(worker, start_text, monkeypatch):
    worker.request(out_of_book().to_text(), level="expert", min_pause=0)
    watched = _Watched(worker._conn)
    monkeypatch.setattr(worker, "_conn", watched)
    worker.cancel()
    assert watched.calls == [] and not worker.busy  # no word with the process: nothing to wait for
    monkeypatch.undo()
    assert worker.poll() is None
    # the search stopped (it reads the cancelled ticket): the next request is answered
    worker.request(start_text, level="easy", min_pause=0, iterations=5)
    reply = wait_reply(worker)
    assert reply.error is None and reply.iterations <= 5


def test_worker_survives_a_killed_process(worker, start_text):
    ticket = worker.request(out_of_book().to_text(), level="expert", min_pause=0)
    pid = worker.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    reply = wait_reply(worker)
    assert reply.ticket == ticket and reply.move is None and "stopped" in reply.error
    worker.request(start_text, level="easy", min_pause=0, iterations=5)
    reply = wait_reply(worker)
    assert reply.error is None and reply.move
    assert worker.pid != pid


def test_bad_input(worker):
    with pytest.raises(ValueError, match="unknown level"):
        worker.request("kotu_ellima", level="impossible")
    worker.request("no_such_game; board=...", level="easy", min_pause=0)
    reply = wait_reply(worker)
    assert reply.move is None and "unknown game" in reply.error


def test_game_over_position_reports_an_error(worker):
    from positions import war_state

    state = war_state("kotu_ellima", "e3", "", turn="N")  # North has nothing left
    worker.request(state.to_text(), level="easy", min_pause=0)
    reply = wait_reply(worker)
    assert reply.move is None and "game is over" in reply.error
