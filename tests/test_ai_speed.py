"""The search-speed benchmark's CPU count (benchmarks/ai_speed.py ``--cpu``) times a level or one of
the arena's variants of it, so a search setting's cost is measured on the level that would carry it."""

from __future__ import annotations

import pytest

import benchmarks.ai_speed as speed


@pytest.mark.parametrize(("name", "resolve"), [("hard", 0), ("hard:resolve", 4)])
def test_the_cpu_count_searches_with_the_named_levels_own_settings(name, resolve, monkeypatch, capsys):
    searched = []
    choose = speed.LevelPlayer.choose

    def spy(self, state, cancel=None):  # type: ignore[no-untyped-def]
        searched.append(self.level.config_for(state.game).resolve)
        return choose(self, state, cancel)

    monkeypatch.setattr(speed.LevelPlayer, "choose", spy)
    assert speed.main(["--cpu", "20", "--level", name, "--games", "kotu_ellima"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{name} settings (each game's own), 20 iterations a search")
    assert searched == [resolve] * 3  # the start and two later positions, each with the level's setting
    rows = [line.split() for line in out.splitlines() if line.startswith("kotu_ellima")]
    assert [row[3] for row in rows] == ["20"] * 3  # each search ran its 20 iterations


def test_the_cpu_count_refuses_a_player_that_is_not_a_level():
    with pytest.raises(SystemExit, match="--level alphabeta: not a level"):
        speed.main(["--cpu", "20", "--level", "alphabeta", "--games", "kotu_ellima"])
