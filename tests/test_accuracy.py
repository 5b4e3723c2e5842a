"""Accuracy (issue 32, item 3): the share of the expected result each player kept, on average
over their moves that had a choice, as the summary under the graph, the command line and the
rules screen's help say it."""

from __future__ import annotations

import pytest
from scripted_runner import Scripted

from game.ai.analysis import Point
from game.i18n import tr
from game.match import analysis as analysis_module
from game.match.analysis import LINES, GameAnalysis, Judgement, Verdict, accuracy, percent
from game.scenes.rules_screen import analysis_help
from tools.scenarios import finished


def judged(mover: int, before: float, after: float, best: str = "b", choices: int = 5) -> Judgement:
    return Judgement(
        1, mover, max(0.0, before - after), Verdict.GOOD, best, before, after, 0.0, choices=choices
    )


def test_a_move_keeps_what_it_did_not_give_away():
    assert judged(0, 0.8, 0.6).kept == pytest.approx(0.8)  # gave away 20% of the expected result
    assert judged(0, 0.8, 0.9).kept == 1.0  # better than the engine's search thought: all kept, no more
    assert judged(0, 0.8, 0.2, best="").kept == 1.0  # the engine's own move
    assert judged(0, 0.05, 0.02).kept == pytest.approx(0.97)  # a lost game: little left to give away
    assert judged(0, 1.0, 0.0).kept == 0.0  # a won game thrown away


def test_accuracy_is_the_mean_kept_over_the_moves_with_a_choice():
    moves = [
        judged(0, 0.8, 0.6),  # 0.8
        judged(0, 0.5, 0.5),  # 1.0
        judged(0, 0.9, 0.0, choices=1),  # forced: left out
        judged(1, 0.6, 0.3),  # the other player's
    ]
    assert accuracy(moves, 0) == pytest.approx(0.9)
    assert accuracy(moves, 1) == pytest.approx(0.7)
    assert accuracy([judged(0, 0.9, 0.0, choices=1)], 0) is None
    assert accuracy([], 1) is None


def test_a_share_is_never_rounded_up_to_a_whole_game():
    assert (percent(0.996), percent(1.0), percent(0.874), percent(0.0)) == ("99%", "100%", "87%", "0%")


def test_the_summary_gives_each_players_accuracy_before_their_slips():
    state = finished("kotu_ellima", 3)
    movers = []
    replay = state.copy()
    for _ in state.history():
        replay.undo()
    for move in state.history():
        movers.append(replay.to_move)
        replay.apply(move)
    # the first move gives away 30% of the expected result (a blunder); every other move is the engine's
    points = [Point(0, movers[0], 0.6, "x9-x9", 4, played=0.3)]
    points += [Point(ply, mover, 0.5, "", 4) for ply, mover in enumerate(movers[1:] + [state.to_move], 1)]
    analysis = GameAnalysis(state, lambda start, moves: Scripted(points))
    analysis.poll()
    first_mover = movers[0]
    moves_by_first = sum(m == first_mover for m in movers)
    share = (1 - (0.6 - 0.3) + moves_by_first - 1) / moves_by_first
    names = ("South", "North")
    said = tr(analysis.summary(names, first_mover))
    assert said.startswith(f"Looked over. {names[first_mover]}: {percent(share)} accuracy, 1 blunder; ")
    assert f"{names[first_mover ^ 1]}: 100% accuracy, no slip." in said
    assert analysis.accuracy(first_mover) == pytest.approx(share)


@pytest.mark.parametrize("game_id", ["kotu_ellima", "ncuva"])
def test_the_rules_screen_says_the_judges_own_lines(game_id, monkeypatch):
    said = " ".join(tr(p) for p in analysis_help(game_id))
    for limit, _ in LINES.value:
        assert f"{round(limit * 100)}% or more" in said
    assert ("stones" in said) == (game_id == "ncuva") and ("pieces" in said) == (game_id != "ncuva")
    assert "Accuracy is the share of the expected result" in said
    moved = LINES._replace(
        value=((0.4, Verdict.BLUNDER), (0.25, Verdict.MISTAKE), (0.05, Verdict.INACCURACY))
    )
    monkeypatch.setattr(analysis_module, "LINES", moved)
    said = " ".join(tr(p) for p in analysis_help(game_id))
    assert "5% or more of the expected result" in said and "40% or more a blunder" in said


# --- the judgements the accuracy and the marks are made from -------------------------------------
def _analysed(points: list[Point]) -> GameAnalysis:
    state = finished("kotu_ellima", 3)
    analysis = GameAnalysis(state, lambda start, moves: Scripted(points))
    analysis.poll()
    return analysis


def test_the_judgements_are_made_once_for_so_many_points(monkeypatch):
    """The panel asks for them every frame: judged again only when a point arrives."""
    calls = []
    real = analysis_module.judge_point
    monkeypatch.setattr(analysis_module, "judge_point", lambda *a: (calls.append(1), real(*a))[1])
    points = [Point(ply, ply % 2, 0.5, "", 4) for ply in range(5)]
    runner = Scripted(points[:3])
    analysis = GameAnalysis(finished("kotu_ellima", 3), lambda start, moves: runner)
    analysis.poll()
    first = analysis.judgements()
    assert len(first) == 2 and len(calls) == 2
    assert analysis.judgements() == first and len(calls) == 2  # the same, not judged again
    runner.points = points[3:]
    analysis.poll()
    assert len(analysis.judgements()) == 4 and len(calls) == 2 + 4


def test_a_side_that_moves_again_is_judged_by_its_own_value_after():
    """A huff, or Ncuva's sowing again: the position after is the same side's to move, so the move
    kept the value it has there (not one less it)."""
    points = [Point(0, 0, 0.6, "x", 4), Point(1, 0, 0.6, "x", 4), Point(2, 1, 0.4, "x", 4)]
    first = _analysed(points).judgements()[0]
    assert (first.after, first.loss, first.verdict) == (pytest.approx(0.6), 0.0, Verdict.GOOD)


def test_pieces_lost_by_force_are_a_blunder_when_they_are_a_third_of_the_movers_forces():
    """What the mover had to play with (the whole army at the start: 22 pieces in Kotu Ellima)
    decides: eight pieces lost by force is a blunder, seven (under a third) a mistake."""
    for lost, verdict in ((8.0, Verdict.BLUNDER), (7.0, Verdict.MISTAKE)):
        points = [
            Point(0, 0, 0.5, "x", 4, played=0.45, score=0.0, played_score=-lost),
            Point(1, 1, 0.55, "x", 4),
        ]
        assert _analysed(points).judgements()[0].verdict == verdict, lost
