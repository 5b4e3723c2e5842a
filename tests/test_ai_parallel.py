"""Root-parallel search: merging the trees, searching in helper processes, stopping as one."""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import threading

import pytest
from positions import war_state

from game.ai import parallel
from game.ai.evaluators import HEURISTIC
from game.ai.levels import LEVELS, level_named
from game.ai.mcts import MCTS, SearchConfig, SearchResult
from game.ai.policy import LevelPlayer
from game.ai.worker import AIWorker
from rules import load_game, load_state
from tools.scenarios import first_answer, wait_until


def _start():
    state = load_game("kotu_ellima").new_initial_state()
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    return state


def test_merge_adds_visits_takes_a_proven_win_and_avoids_a_proven_loss():
    state = war_state("kotu_ellima", "e3 a5 c1", "e4 i5", capture="free")
    texts = sorted(state.move_text(m) for m in state.legal_moves())
    a, b, c = texts[0], texts[1], texts[2]
    local = SearchResult(state.parse_move(a), 10, 0.1, 0.5, None, {})
    # b has the most visits over both trees, though a leads in the first.
    merged = parallel.merge(
        state,
        local,
        [[(a, 60, 0.5, None), (b, 40, 0.6, None)], [(a, 10, 0.5, None), (b, 50, 0.6, None)]],
        [100, 60],
        0.2,
    )
    assert state.move_text(merged.move) == b and merged.iterations == 160
    assert merged.visits[state.parse_move(b)] == 90
    # a tree that proved c won decides; one that proved b lost rules it out
    merged = parallel.merge(
        state,
        local,
        [[(a, 60, 0.5, None), (b, 90, 0.6, 0.0)], [(a, 10, 0.5, None), (c, 1, 1.0, 1.0)]],
        [100, 60],
        0.2,
    )
    assert state.move_text(merged.move) == c and merged.proven == "win"
    merged = parallel.merge(state, local, [[(a, 60, 0.5, None), (b, 90, 0.6, 0.0)]], [100], 0.2)
    assert state.move_text(merged.move) == a


def test_expert_searches_on_every_core_but_one_and_hard_on_one(monkeypatch):
    monkeypatch.delenv("KELIYA_AI_WORKERS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert LEVELS["expert"].search_workers() == 7
    assert LEVELS["hard"].search_workers() == 1 and level_named("hint").search_workers() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert LEVELS["expert"].search_workers() == 1
    monkeypatch.setenv("KELIYA_AI_WORKERS", "2")
    assert LEVELS["expert"].search_workers() == 2 and LEVELS["hard"].search_workers() == 1


@pytest.fixture(scope="module")
def helpers():
    started = parallel.start_helpers(1)
    yield started
    parallel.stop_helpers(started)
    assert not started.processes


def test_helpers_search_too_and_their_iterations_count(helpers):
    search = parallel.RootParallelSearch(helpers, random.Random(1))
    state = _start()
    result = search.search(MCTS(SearchConfig(), random.Random(2)), state, None, 300)
    assert result.move in state.legal_moves()
    assert search.last_iterations == [300, 300] and result.iterations == 600
    assert sum(result.visits.values()) >= 600 - len(state.legal_moves())


def test_a_search_that_proves_its_move_stops_the_helpers_at_once(helpers):
    """Counted in iterations, not seconds: once the search here proves the win, the helpers are
    told to stop, far short of what they were asked for."""
    search = parallel.RootParallelSearch(helpers, random.Random(1))
    state = load_state(
        "hat_diviyan_keliya board=standard large_left=5 limit=60; board=./.T./LL./L.L; turn=T; hands=0/0"
    )  # d3xd1 leaves three leopards: the tiger wins
    before = helpers.generation.value
    result = search.search(MCTS(SearchConfig(), random.Random(2)), state, None, 200_000)
    assert result.proven == "win" and state.move_text(result.move) == "d3xd1"
    assert len(search.last_iterations) == 2 and search.last_iterations[1] < 100_000
    assert helpers.generation.value == before + 2  # the search's own, then 'stop' as soon as it was proven


def test_a_cancel_stops_every_process_at_once(helpers):
    search = parallel.RootParallelSearch(helpers, random.Random(1))
    state = _start()
    asked = iter(range(10**9))
    # A 30 s search cancelled after its first few checks: counted, never timed.
    result = search.search(
        MCTS(SearchConfig(), random.Random(2)), state, 30.0, None, cancel=lambda: next(asked) >= 3
    )
    assert result.move is not None and sum(search.last_iterations) < 5_000  # 30 s would be ~100,000
    # The helper answered for the cancelled search (it stopped), and is free for the next one.
    result = search.search(MCTS(SearchConfig(), random.Random(3)), state, None, 200)
    assert search.last_iterations == [200, 200]


def test_a_parallel_level_in_the_arena_starts_and_stops_its_own_helpers():
    level = LEVELS["medium"].capped(200).with_workers(2)
    player = LevelPlayer(level, random.Random(1))
    try:
        decision = player.choose(_start())
        assert decision.search is not None and decision.search.iterations == 400
        processes = list(player._helpers.processes)
        assert len(processes) == 1 and processes[0].is_alive()
    finally:
        player.close()
    assert not processes[0].is_alive()


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads process CPU times from /proc")
def test_the_worker_cancels_its_helpers_with_the_search(monkeypatch):
    monkeypatch.setenv("KELIYA_AI_WORKERS", "2")
    state = _start()
    with AIWorker() as worker:
        worker.request(state.to_text(), level="expert", iterations=400, seed=1)
        reply = first_answer(worker.poll)
        assert reply is not None and reply.error is None and reply.iterations == 800
        helper_pids = worker.helper_pids
        assert len(helper_pids) == 1
        pids = helper_pids + [worker.pid]
        before = [_cpu_seconds(pid) for pid in pids]
        # Ten million iterations: far more than any wait below could see end by itself.
        worker.request(state.to_text(), level="expert", iterations=10_000_000)
        assert wait_until(lambda: all(_cpu_seconds(p) > b for p, b in zip(pids, before)))  # both searching
        worker.cancel()
        readings: list[list[float]] = []

        def idle() -> bool:  # every process's CPU time still over three readings in a row
            readings.append([_cpu_seconds(pid) for pid in pids])
            return len(readings) >= 3 and readings[-1] == readings[-2] == readings[-3]

        assert wait_until(idle, polls=2_000, step=0.05), "a process went on searching after the cancel"
    assert wait_until(
        lambda: not any(os.path.exists(f"/proc/{pid}") and _state(pid) != "Z" for pid in helper_pids)
    )


def _cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _state(pid: int) -> str:
    return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]


def test_a_level_named_with_at_n_searches_in_n_processes():
    from training.players import make_player

    player = make_player("expert@2", random.Random(1), iterations=10)
    assert isinstance(player, LevelPlayer) and player.level.search_workers() == 2
    assert make_player("expert", random.Random(1), workers=3).level.search_workers() == 3
    with pytest.raises(ValueError, match="after @"):
        make_player("expert@0", random.Random(1))


# --- a helper's own loop, run in this process: what it answers and when it stops ------------------


class _Shared:
    """A shared number as a helper reads it (``.value``), with no other process to share it with."""

    def __init__(self, value: int) -> None:
        self.value = value


def _served(messages: list[tuple], generation: int = 1, current: _Shared | None = None) -> list[tuple]:
    """What ``helper_main`` answers to ``messages`` and a stop, run here (the replies are small
    enough to wait in the pipe until it returns)."""
    ours, theirs = mp.Pipe()
    for message in [*messages, ("stop",)]:
        ours.send(message)
    parallel.helper_main(theirs, _Shared(generation), current)  # returns at the stop
    replies = []
    while ours.poll(0):
        replies.append(ours.recv())
    return replies


def _root_stats(engine: MCTS, state) -> list[tuple]:
    return [(state.move_text(s.move), s.visits, s.value, s.exact) for s in engine.root_stats()]


def test_a_helper_answers_with_its_seeded_trees_root_and_keeps_its_tree_per_config():
    """The caller seeds each helper, so a parallel search is as reproducible as a single one: the
    reply is the root of a tree searched with that seed. A second search of the same position with
    the same config reuses the helper's tree (its visits keep growing)."""
    state = _start()
    text, config = state.to_text(), SearchConfig()
    replies = _served(
        [
            ("search", 1, None, text, config, HEURISTIC, None, 60, 7),
            ("search", 1, None, text, config, HEURISTIC, None, 40, 8),
        ]
    )
    reference = MCTS(config, random.Random(7))
    reference.search(state, iterations=60)
    assert replies[0] == (1, 60, _root_stats(reference, state), None)
    reference.search(state, iterations=40)  # the same searcher again: its seed is the first one's
    assert replies[1] == (1, 40, _root_stats(reference, state), None) and len(replies) == 2
    assert sum(n for _, n, _, _ in replies[1][2]) >= 100 - len(state.legal_moves())


def test_a_helper_answers_a_search_that_is_over_before_it_began_with_nothing():
    """Over before it began (the caller's generation moved on, or the app's ticket did): an empty
    answer, never none (a caller with no clock waits for every answer). A ticket of None is not
    checked against the app's."""
    text, config = _start().to_text(), SearchConfig()
    search = ("search", 3, 5, text, config, HEURISTIC, None, 30, 1)
    assert _served([search], generation=4) == [(3, 0, [], None)]
    assert _served([search], generation=3, current=_Shared(6)) == [(3, 0, [], None)]
    answered = _served([search], generation=3, current=_Shared(5))
    assert answered[0][:2] == (3, 30) and answered[0][2]
    untied = _served(
        [("search", 3, None, text, config, HEURISTIC, None, 30, 1)], generation=3, current=_Shared(6)
    )
    assert untied[0][:2] == (3, 30)


def test_a_helper_says_what_went_wrong_and_keeps_serving():
    text, config = _start().to_text(), SearchConfig()
    replies = _served(
        [
            ("search", 1, None, "no such game; board=", config, HEURISTIC, None, 30, 1),
            ("search", 1, None, text, config, HEURISTIC, None, 30, 1),
        ]
    )
    assert replies[0][:3] == (1, 0, []) and replies[0][3].startswith(
        "PositionError: "
    )  # a text it cannot read
    assert replies[1][:2] == (1, 30) and replies[1][3] is None


def test_a_helper_whose_pipe_is_closed_ends():
    """No caller is left to answer (the app quit without a stop): the helper returns."""
    ours, theirs = mp.Pipe()
    ours.close()
    helper = threading.Thread(target=parallel.helper_main, args=(theirs, _Shared(0), None), daemon=True)
    helper.start()
    assert wait_until(lambda: not helper.is_alive()), "the helper never ended"


# --- starting and stopping the helpers ------------------------------------------------------------


def test_helpers_are_daemons_that_remember_the_ticket_they_obey(helpers):
    """Daemonic, so a helper never outlives the app that started it; the set keeps the AI worker's
    ticket its helpers obey."""
    assert [p.name for p in helpers.processes] == ["keliya-ai-helper-1"]
    assert all(p.daemon for p in helpers.processes)
    current = mp.get_context("spawn").RawValue("q", 7)
    none = parallel.start_helpers(0, current)
    assert none.current is current and none.generation.value == 0 and not none.processes and not none.conns


class _Process:
    """A helper process as ``stop_helpers`` sees it: one that stops when asked, or one that does
    not until it is terminated."""

    def __init__(self, stops: bool) -> None:
        self.stops, self.alive, self.waited, self.terminated = stops, True, [], False

    def join(self, timeout: float | None = None) -> None:
        self.waited.append(timeout)
        self.alive = self.alive and not self.stops

    def is_alive(self) -> bool:
        return self.alive

    def terminate(self) -> None:
        self.terminated, self.alive = True, False


def test_stopping_moves_the_generation_on_asks_each_helper_and_ends_one_that_will_not_stop():
    """A helper still searching the last generation sees it move on; each is sent a stop; one that
    does not stop is terminated, and quitting never waits more than a second for any helper."""
    polite, stuck = _Process(stops=True), _Process(stops=False)
    pipes = [mp.Pipe(), mp.Pipe(), mp.Pipe()]
    pipes[0][1].close()  # a helper already gone: its pipe is broken
    helpers = parallel.HelperSet(
        processes=[polite, stuck], conns=[ours for ours, _ in pipes], generation=_Shared(4)
    )
    parallel.stop_helpers(helpers)
    assert helpers.generation.value == 5
    assert [theirs.recv() if theirs.poll(0) else None for _, theirs in pipes[1:]] == [("stop",), ("stop",)]
    assert not polite.terminated and polite.waited == [0.5]
    assert stuck.terminated and not stuck.alive and None not in stuck.waited and sum(stuck.waited) <= 1.0
    assert all(ours.closed for ours, _ in pipes) and helpers.processes == [] and helpers.conns == []


# --- the caller's side ------------------------------------------------------------------------------


def test_two_moves_are_searched_in_parallel_and_one_is_not_searched_at_all(helpers):
    choice = war_state("kotu_ellima", "c1", "e9", capture="free")
    assert len(choice.legal_moves()) == 2
    search = parallel.RootParallelSearch(helpers, random.Random(1))
    result = search.search(MCTS(SearchConfig(), random.Random(2)), choice, None, 50)
    assert result.move in choice.legal_moves() and search.last_iterations == [50, 50]
    forced = war_state("kotu_ellima", "e3", "e4", capture="forced")
    assert len(forced.legal_moves()) == 1
    search = parallel.RootParallelSearch(helpers, random.Random(1))
    result = search.search(MCTS(SearchConfig(), random.Random(2)), forced, None, 50)
    assert result.move == forced.legal_moves()[0] and result.iterations == 0 and search.last_iterations == []


def test_the_merge_passes_on_only_a_proof_the_trees_bear_out():
    """The caller's own result is taken at its word for a draw or a loss while no move wins, but a
    win only through a move some tree proved won."""
    state = war_state("kotu_ellima", "e3 a5 c1", "e4 i5", capture="free")
    a, b = sorted(state.move_text(m) for m in state.legal_moves())[:2]
    trees = [[(a, 30, 0.6, None), (b, 10, 0.5, None)]]
    for claimed, passed in (("win", None), ("draw", "draw"), (None, None)):
        local = SearchResult(state.parse_move(a), 40, 0.1, 0.6, claimed, {})
        merged = parallel.merge(state, local, trees, [40], 0.1)
        assert merged.proven == passed and state.move_text(merged.move) == a
