"""The search-speed benchmark's CPU count (benchmarks/ai_speed.py ``--cpu``) times a level or one of
the arena's variants of it, so a search setting's cost is measured on the level that would carry it."""

from __future__ import annotations

import random

import pytest

import benchmarks.ai_speed as speed
from game.ai.policy import LevelPlayer


@pytest.mark.parametrize(("name", "resolve"), [("hard", 0), ("hard:resolve", 4), ("easy", 0)])
def test_the_cpu_count_searches_with_the_named_levels_own_settings(name, resolve, monkeypatch, capsys):
    """The level's own search settings (a variant's too) under the rules options asked, never straying."""
    searched = []
    choose = speed.LevelPlayer.choose

    def spy(self, state, cancel=None):  # type: ignore[no-untyped-def]
        config = self.level.config_for(state.game)
        searched.append((config.resolve, self.level.stray, state.game.options["limit"]))
        return choose(self, state, cancel)

    monkeypatch.setattr(speed.LevelPlayer, "choose", spy)
    assert speed.main(["--cpu", "20", "--level", name, "--games", "kotu_ellima", "--option", "limit=40"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{name} settings (each game's own), 20 iterations a search")
    assert searched == [(resolve, 0.0, 40)] * 3  # three positions, each searched with the level's setting
    rows = [line.split() for line in out.splitlines() if line.startswith("kotu_ellima")]
    assert [row[3] for row in rows] == ["20"] * 3  # each search ran its 20 iterations


def test_the_cpu_count_refuses_a_player_that_is_not_a_level():
    with pytest.raises(SystemExit, match="--level alphabeta: not a level"):
        speed.main(["--cpu", "20", "--level", "alphabeta", "--games", "kotu_ellima"])


def test_the_cpu_count_times_the_level_alone_and_prints_each_search_and_the_total(monkeypatch, capsys):
    """Expert timed as one process, with no book, no solved table and no straying, capped at the
    iterations asked; each search's CPU seconds (here a counter: a quarter second a search) give its
    rate, the median of the rounds, and the last row adds them all up."""
    from types import SimpleNamespace

    ticks = iter(range(10**6))
    monkeypatch.setattr(speed, "time", SimpleNamespace(process_time=lambda: next(ticks) * 0.25))
    levels = []
    choose = speed.LevelPlayer.choose

    def spy(self, state, cancel=None):  # type: ignore[no-untyped-def]
        levels.append(self.level)
        return choose(self, state, cancel)

    monkeypatch.setattr(speed.LevelPlayer, "choose", spy)
    assert speed.main(["--cpu", "20", "--level", "expert", "--rounds", "3", "--games", "kotu_ellima"]) == 0
    assert len(levels) == 9  # three rounds of three positions
    for level in levels:
        assert (level.book, level.perfect, level.workers, level.stray) == (False, False, 1, 0.0)
        assert (level.seconds, level.iterations, level.name) == (None, 20, "expert")
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        "expert settings (each game's own), 20 iterations a search, seed 1, one process; 3 round(s), median",
        f"{'game':<22} {'position':<9} {'iterations':>10} {'cpu s':>7} {'it/cpu s':>9} {'move':>10}",
    ]
    rows = [line.split() for line in out[2:5]]
    assert [row[:2] for row in rows] == [["kotu_ellima", "ply"]] * 3
    assert [row[3:6] for row in rows] == [["20", "0.250", "80"]] * 3  # 20 iterations in a quarter second
    assert out[5].split() == ["all", "60", "0.750", "80"] and len(out) == 6
    level = levels[0]  # the move printed is the one a search seeded with 1 plays, as the header says
    states = [state for _, state in speed.positions("kotu_ellima")]
    seeded = [state.move_text(LevelPlayer(level, random.Random(1)).choose(state).move) for state in states]
    assert [row[6] for row in rows] == seeded


def test_a_search_that_took_no_cpu_time_is_given_no_rate(monkeypatch, capsys):
    from types import SimpleNamespace

    monkeypatch.setattr(speed, "time", SimpleNamespace(process_time=lambda: 3.0))
    assert speed.main(["--cpu", "20", "--level", "hard", "--games", "kotu_ellima"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[4:6] for line in out[2:5]] == [["0.000", "0"]] * 3
    assert out[5].split() == ["all", "60", "0.000", "0"]
