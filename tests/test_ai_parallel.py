"""Root-parallel search: merging the trees, searching in helper processes, stopping as one."""

from __future__ import annotations

import os
import random
import time

import pytest
from positions import war_state

from game.ai import parallel
from game.ai.levels import LEVELS, level_named
from game.ai.mcts import MCTS, SearchConfig, SearchResult
from game.ai.policy import LevelPlayer
from game.ai.worker import AIWorker
from rules import load_game
from tools.scenarios import first_answer


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
    merged = parallel.merge(state, local, [[(a, 60, 0.5, None), (b, 40, 0.6, None)],
                                           [(a, 10, 0.5, None), (b, 50, 0.6, None)]], [100, 60], 0.2)
    assert state.move_text(merged.move) == b and merged.iterations == 160
    assert merged.visits[state.parse_move(b)] == 90
    # a tree that proved c won decides; one that proved b lost rules it out
    merged = parallel.merge(state, local, [[(a, 60, 0.5, None), (b, 90, 0.6, 0.0)],
                                           [(a, 10, 0.5, None), (c, 1, 1.0, 1.0)]], [100, 60], 0.2)
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


def test_a_cancel_stops_every_process_at_once(helpers):
    search = parallel.RootParallelSearch(helpers, random.Random(1))
    state = _start()
    asked = iter(range(10**9))
    # A 30 s search cancelled after its first few checks: counted, never timed.
    result = search.search(MCTS(SearchConfig(), random.Random(2)), state, 30.0, None,
                           cancel=lambda: next(asked) >= 3)
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
        worker.request(state.to_text(), level="expert")  # a 4.6 s search on both processes
        time.sleep(0.5)
        worker.cancel()  # at once: every process idle below, by its CPU time
        time.sleep(0.3)
        busy = [_cpu_seconds(pid) for pid in helper_pids + [worker.pid]]
        time.sleep(0.5)
        assert [_cpu_seconds(pid) for pid in helper_pids + [worker.pid]] == pytest.approx(busy, abs=0.06)
    time.sleep(0.2)
    assert not any(os.path.exists(f"/proc/{pid}") and _state(pid) != "Z" for pid in helper_pids)


def _cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _state(pid: int) -> str:
    return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]


def test_a_level_named_with_at_n_searches_in_n_processes():
    from game.ai.policy import make_player

    player = make_player("expert@2", random.Random(1), iterations=10)
    assert isinstance(player, LevelPlayer) and player.level.search_workers() == 2
    assert make_player("expert", random.Random(1), workers=3).level.search_workers() == 3
    with pytest.raises(ValueError, match="after @"):
        make_player("expert@0", random.Random(1))
