"""The arena's kept games read back and replayed (training/kept_games.py), as the tools that look
into a match's games read them."""

from __future__ import annotations

import json

import pytest

from rules import load_state
from training.kept_games import read_kept, replay


def test_the_games_are_read_as_written_and_blank_lines_passed_over(kept_games, tmp_path):
    written = [json.loads(line) for line in kept_games.read_text(encoding="utf-8").splitlines()]
    assert read_kept(kept_games) == written and len(written) == 6
    spaced = tmp_path / "spaced.jsonl"
    spaced.write_text("\n" + kept_games.read_text(encoding="utf-8") + "  \n", encoding="utf-8")
    assert read_kept(spaced) == written


def test_each_position_is_the_one_before_its_move_and_a_copy_of_its_own(kept_games):
    for game in read_kept(kept_games):
        played = replay(game)
        assert [state.move_text(move) for state, move in played] == game["moves"]
        state = load_state(game["start"])
        for position, move in played:
            assert position.to_text() == state.to_text()
            state.play(move)
        assert str(state.outcome().reason) == game["end"]
        first, _ = played[0]
        first.play(played[0][1])  # changing one position changes no other
        assert played[1][0].to_text() == first.to_text() and played[0][0] is not played[1][0]


def test_what_is_not_a_kept_game_is_refused(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    with pytest.raises(ValueError):
        read_kept(bad)
    with pytest.raises(KeyError):
        replay({"moves": []})
    with pytest.raises(ValueError):
        replay({"start": "kotu_ellima", "moves": []})
