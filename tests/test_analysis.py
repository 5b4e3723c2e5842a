"""Looking a game over with the engine: every position valued in a process of its own, each move
judged by what it gave away, the slips marked in the move list and on a graph, and a slip looked
at shows the engine's move on the board."""

from __future__ import annotations

import pygame
from scripted_runner import Scripted

from game.ai.analysis import AnalysisRunner, Point, analyse
from game.config import MatchConfig, Mode
from game.match import Match
from game.match.analysis import GameAnalysis, Verdict
from tools.scenarios import finished, random_play, wait_until
from tools.scenarios import start_play as start


def test_a_move_is_judged_by_the_share_of_the_result_it_gives_away():
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 3)
    movers = []
    replay = state.copy()
    for _ in range(3):
        replay.undo()
    for move in state.history():
        movers.append(replay.to_move)
        replay.apply(move)
    best = "a1-a2"
    # the first mover keeps 0.6; then the second mover drops from 0.4 (their side) to 0.05; then a small slip
    points = [
        Point(0, movers[0], 0.6, best, 3),
        Point(1, movers[1], 0.4, best, 3),
        Point(2, movers[2], 0.95, best, 3),
        Point(3, movers[2] ^ 1, 0.12, ""),
    ]
    analysis = GameAnalysis(state, lambda start, moves: Scripted(points))
    analysis.poll()
    verdicts = [j.verdict for j in analysis.judgements()]
    assert verdicts == [Verdict.GOOD, Verdict.BLUNDER, Verdict.GOOD]
    assert analysis.judgement(2).loss == 0.35 and analysis.judgement(2).best == best
    assert (
        len(analysis.graph(0)) == 4 and analysis.done and "1 blunder" in analysis.summary(("South", "North"))
    )


def test_the_engine_values_every_position_of_a_real_game():
    state = finished("hat_diviyan_keliya", 2)
    start_state = state.copy()
    for _ in state.history():
        start_state.undo()
    replay, moves = start_state.copy(), []
    for move in state.history():
        moves.append(replay.move_text(move))
        replay.apply(move)
    points = list(analyse(start_state.to_text(), moves[:4] if len(moves) > 4 else moves, budget=30))
    assert [p.ply for p in points] == list(range(len(points)))
    assert all(0.0 <= p.value <= 1.0 for p in points) and all(p.best for p in points[:-1])


def test_the_runner_works_in_its_own_process_and_can_be_stopped():
    state = random_play("sixteen_soldiers", 3, lambda s: s.ply >= 4)
    start_state = state.copy()
    for _ in range(4):
        start_state.undo()
    moves = []
    replay = start_state.copy()
    for move in state.history():
        moves.append(replay.move_text(move))
        replay.apply(move)
    runner = AnalysisRunner(start_state.to_text(), moves, budget=20)
    found: list[Point] = []

    def finished() -> bool:
        found.extend(runner.poll())
        return runner.done

    assert wait_until(finished, step=0.02), "no analysis came"
    assert runner.error == "" and [p.ply for p in found] == [0, 1, 2, 3, 4]
    slow = AnalysisRunner(start_state.to_text(), moves, budget=10**7)
    slow.cancel()
    assert slow.done and not slow._process.is_alive()


def test_a_slip_looked_at_shows_the_engines_move_on_the_board(app):
    def has_choice_at_move_4(s) -> bool:
        if s.ply < 6:
            return False
        b = s.copy()
        for _ in range(3):
            b.undo()
        return len(b.legal_moves()) > 1

    state = next(
        st
        for seed in range(50)
        if has_choice_at_move_4(st := random_play("sixteen_soldiers", seed, lambda s: s.ply >= 6))
    )
    scene = start(app, MatchConfig("sixteen_soldiers", mode=Mode.PASS), state)
    m: Match = scene.match
    before = state.copy()
    for _ in range(3):
        before.undo()  # the position before move 4
    best = before.move_text(next(mv for mv in before.legal_moves() if mv != state.history()[3]))
    values = [0.5, 0.5, 0.5, 0.9, 0.5, 0.5, 0.5]
    movers = []
    replay = state.copy()
    for _ in range(6):
        replay.undo()
    for _ in range(7):
        movers.append(replay.to_move)
        if len(movers) <= 6:
            replay.apply(state.history()[len(movers) - 1])
    points = [Point(i, movers[i], values[i], best if i == 3 else "", 2) for i in range(7)]
    m.analyse(lambda start, moves: Scripted(points))
    app.frame([], 1 / 60)
    judged = m.analysis.judgement(4)
    assert judged is not None and judged.verdict == Verdict.BLUNDER
    assert any(words.endswith("??") and ply == 4 for _, ply, words in scene.plan.log_cells), (
        scene.plan.log_cells
    )
    assert scene.plan.graph_marks and scene.plan.graph_marks[0][2] == 4
    (x, y), _, _ = scene.plan.graph_marks[0]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1)], 1 / 60)
    assert m.review.ply == 3 and m.review.view.suggestion == m.review.view.state.parse_move(best)
    assert "blunder" in m.said.words and best in m.said.words
