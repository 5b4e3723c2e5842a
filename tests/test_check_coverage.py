"""The check-coverage benchmark (benchmarks/check_coverage.py) reads the arena's kept games and runs
a level's tactical check on A's positions as the level runs it, counting what finished."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from benchmarks.check_coverage import coverage, fractions, main, positions
from game.ai.judge import Judge
from game.ai.levels import LEVELS
from rules import load_state
from training.arena import main as arena


@pytest.fixture
def ticking(monkeypatch):
    """No real time: the judge's clock and the tool's own move a second at each look."""
    from types import SimpleNamespace

    import benchmarks.check_coverage as tool
    from game.ai import judge

    ticks = iter(range(10**9))
    clock = SimpleNamespace(perf_counter=lambda: float(next(ticks)), process_time=lambda: 5.0)
    monkeypatch.setattr(judge, "time", clock)
    monkeypatch.setattr(tool, "time", clock)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    path = tmp_path_factory.mktemp("kept") / "games.jsonl"
    argv = ["kotu_ellima", "greedy", "random", "--games", "2", "--seed", "3", "--max-plies", "30", "--quiet"]
    assert arena([*argv, "--games-out", str(path)]) == 0
    return path


def test_by_default_every_fourth_choice_is_asked(games, monkeypatch, capsys):
    import benchmarks.check_coverage as tool

    asked = []
    monkeypatch.setattr(
        tool, "coverage", lambda level, found, factor: asked.append((texts(found), factor)) or ""
    )
    assert main([str(games)]) == 0
    fourth = texts(positions(games, 4))
    assert fourth != texts(positions(games, 5)) and asked == [(fourth, 0.1), (fourth, 1.0)]


def texts(found) -> list[tuple[str, str]]:
    return [(state.to_text(), state.move_text(move)) for state, move in found]


def test_the_positions_are_every_nth_choice_of_player_a(games):
    kept = [json.loads(line) for line in games.read_text().splitlines()]
    expected = []
    for game in kept:
        state = load_state(game["start"])
        choices = []
        for text in game["moves"]:
            if state.to_move == game["a_side"] and len(state.legal_moves()) > 1:
                choices.append((state.to_text(), text))
            state.play(state.parse_move(text))
        expected += choices[3::4]
    found = positions(games, 4)
    assert [(s.to_text(), s.move_text(m)) for s, m in found] == expected and expected


def test_coverage_runs_the_levels_check_and_counts_what_finished(games):
    """Without a clock the count is the nodes' alone: every check finishes with ample nodes, none
    with five, and a change is counted where the check's best is a piece better than the move."""
    found = positions(games, 2)
    level = replace(LEVELS["expert"], seconds=None, tactics_deepest=4)
    ample = coverage(level, found, 1.0)
    n = len(found)
    changed = 0
    for state, move in found:
        check = Judge(level.tactics_nodes).deepest(state, [move], 4, 4)
        assert check is not None
        changed += check.best != move and check.best_score - check.scores[move] >= 1.0 - 1e-9
    assert ample.startswith(f"x1: 150000 nodes, no clock: finished {n} of {n} (plies: {n} at 4), ")
    assert f"would change {changed};" in ample
    starved = coverage(replace(level, tactics_nodes=50), found, 0.1)
    assert starved.startswith(f"x0.1: 5 nodes, no clock: finished 0 of {n} (plies: 0 at 4), would change 0;")


def test_the_command_prints_one_line_a_clock_and_refuses_bad_arguments(games, capsys, ticking):
    assert main([str(games), "--every", "5", "--clocks", "0.01,0.02"]) == 0
    lines = capsys.readouterr().out.splitlines()
    n = len(positions(games, 5))
    assert lines[0].startswith(f"expert's check on {n} positions of games.jsonl (load ")
    # every check out of nodes before its first depth; "wall" counts the fake clock's looks (2 a check)
    assert lines[1:] == [
        f"x0.01: 1500 nodes, 0.018 s: finished 0 of {n} (plies: 0 at 4 / 0 at 5 / 0 at 6), would change 0; "
        "CPU 0 s, wall 9 s",
        f"x0.02: 3000 nodes, 0.037 s: finished 0 of {n} (plies: 0 at 4 / 0 at 5 / 0 at 6), would change 0; "
        "CPU 0 s, wall 9 s",
    ]
    for argv, words in (
        (["--level", "hard"], "'hard' has no tactical check (levels with one: expert)"),
        (["--every", "0"], "--every must be at least 1"),
        (["--clocks", "a,b"], "--clocks: fractions separated by commas, not 'a,b'"),
        (["--clocks", "0"], "--clocks: each fraction above 0 and at most 10"),
    ):
        with pytest.raises(SystemExit):
            main([str(games), *argv])
        assert capsys.readouterr().err.rstrip().endswith(f"error: {words}")
    bad = games.with_name("bad.jsonl")
    bad.write_text("not json\n")
    with pytest.raises(SystemExit):
        main([str(bad)])
    assert "cannot read the games in" in capsys.readouterr().err


def test_the_clocks_are_fractions_above_0_and_at_most_10():
    assert fractions("0.1,1") == [0.1, 1.0] and fractions("10") == [10.0]
    for bad in ("0", "10.5", "-1", "0.1,11"):
        with pytest.raises(ValueError, match="each fraction above 0 and at most 10"):
            fractions(bad)
    with pytest.raises(ValueError, match="fractions separated by commas, not '1;2'"):
        fractions("1;2")


def test_every_position_may_be_asked_and_the_load_is_the_machines(games, capsys, ticking):
    assert main([str(games), "--every", "1", "--clocks", "0.001"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"expert's check on {len(positions(games, 1))} positions")
    assert re.search(r"\(load \d+\.\d+ \d+\.\d+ \d+\.\d+\)$", lines[0])


def test_the_command_says_what_it_is_and_its_options(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert shown.startswith("usage: python -m benchmarks.check_coverage [-h] [--level LEVEL] [--every EVERY]")
    assert "How often a level's tactical check finishes, and how deep, at a fraction of its clock" in shown
    assert "Usage::" not in shown  # the first line of the module's text, not all of it
    for said in (
        "games games kept by the arena's --games-out",
        "--level LEVEL the level whose check is run (default: expert)",
        "--every EVERY every N-th of A's positions (default: 4)",
        "--clocks CLOCKS fractions of the app's clock (default: 0.1,1)",
    ):
        assert said in shown


def test_a_check_that_runs_out_of_nodes_is_not_counted_and_the_next_is_still_asked(games):
    """With nodes for some positions and not others, the count is exactly those that finished."""
    found = positions(games, 1)
    level = replace(LEVELS["expert"], seconds=None, tactics_deepest=4)
    for nodes in (300, 600, 1200, 2400, 4800, 9600):
        done = sum(Judge(nodes).deepest(state, [move], 4, 4) is not None for state, move in found)
        if 0 < done < len(found):
            break
    else:
        raise AssertionError("no budget finishes some checks and not others")
    line = coverage(replace(level, tactics_nodes=nodes), found, 1.0)
    assert f"finished {done} of {len(found)} (plies: {done} at 4)" in line


def test_the_check_stops_at_its_share_of_the_clock(games, ticking):
    """The clock is a counter moving a second at each look: with a clock of 1.2 s for the check
    (Expert's 4.6 s times its 0.4 share, times 0.65) no check finishes its 4 plies; without, all do."""
    found = positions(games, 3)
    level = replace(LEVELS["expert"], tactics_nodes=10**6, tactics_deepest=4)
    assert f"finished 0 of {len(found)}" in coverage(level, found, 0.65)
    assert f"finished {len(found)} of {len(found)}" in coverage(replace(level, seconds=None), found, 0.65)
