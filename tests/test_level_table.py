"""The ladder table (benchmarks/level_table.py) reads the records the app reads, from the stronger
level's side, and says each in whole games out of 10."""

from __future__ import annotations

import pytest

from benchmarks.level_table import main, reading, tenths, upward
from game.ai.level_records import Record, save


def test_a_row_reads_up_the_ladder_whichever_way_the_match_was_recorded():
    down = Record("kotu_ellima", {}, "medium", "hard", 0.5, 3, 5, 32)
    up = upward(down)
    assert (up.a, up.b, up.wins, up.draws, up.losses) == ("hard", "medium", 32, 5, 3)
    assert upward(up) == up


def test_a_hunt_row_reads_up_with_the_stronger_levels_score_on_each_side(tmp_path, capsys):
    """Recorded from Hard's side (Hard's Leopards 1-4-15, its Cows 9-9-2), the row is Expert's:
    as the Leopards it met Hard's Cows, as the Cows Hard's Leopards."""
    down = Record("cows_leopards", {}, "hard", "expert", 0.1, 10, 13, 17, ((1, 4, 15), (9, 9, 2)))
    up = upward(down)
    assert (up.a, up.wins, up.draws, up.losses) == ("expert", 17, 13, 10)
    assert up.by_side == ((2, 9, 9), (15, 4, 1))
    assert upward(up) == up
    path = tmp_path / "records.json"
    save([down, Record("cows_leopards", {}, "medium", "easy", 1.0, 2, 0, 0, ((2, 0, 0), (0, 0, 0)))], path)
    assert main(["--records", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert rows[0].split(" | ")[7] == "Leopards 32.5%, Cows 85.0%"
    assert rows[1].split(" | ")[7] == "Leopards 100.0%, Cows —"  # no game as the Cows: no score


def test_a_sides_names_are_those_of_the_records_rules(tmp_path, capsys):
    """Hat Diviyan Keliya's large board has two tigers: its first side is the Tigers there."""
    path = tmp_path / "records.json"
    save(
        [
            Record(
                "hat_diviyan_keliya",
                {"board": "large"},
                "hard",
                "medium",
                1.0,
                1,
                0,
                1,
                ((1, 0, 0), (0, 0, 1)),
            )
        ],
        path,
    )
    assert main(["--records", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[2].split(" | ")[7] == "Tigers 100.0%, Leopards 0.0%"


@pytest.mark.parametrize(
    ("counts", "tens"),
    [((33, 0, 7), (8, 0, 2)), ((1, 37, 2), (0, 9, 1)), ((40, 0, 0), (10, 0, 0)), ((1, 1, 1), (4, 3, 3))],
)
def test_whole_games_in_ten_add_up_to_ten(counts, tens):
    assert tenths(counts) == tens


def test_what_a_player_reads_of_a_row():
    assert (
        reading(Record("g", {}, "expert", "hard", 1.0, 33, 0, 7))
        == "Expert beats Hard about 8 games in 10; loses 2"
    )
    assert (
        reading(Record("g", {}, "hard", "medium", 1.0, 40, 0, 0)) == "Hard beats Medium about 10 games in 10"
    )
    assert (
        reading(Record("g", {}, "expert", "hard", 1.0, 1, 37, 2))
        == "Expert beats Hard in under 1 game in 10; draws 9 and loses 1"
    )
    assert (
        reading(Record("g", {}, "expert", "hard", 1.0, 3, 37, 0))
        == "Expert beats Hard about 1 game in 10; draws 9"
    )


def test_the_table_has_a_row_for_every_record_with_its_rules_and_clocks(tmp_path, capsys):
    path = tmp_path / "records.json"
    save(
        [
            Record("battlehalma", {"rule": "terminal", "counters": "6"}, "hard", "expert", 0.25, 7, 0, 33),
            Record("kotu_ellima", {}, "medium", "easy", 1.0, 37, 3, 0),
        ],
        path,
    )
    assert main(["--records", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert rows == [
        "| BattleHalma | counters=6, rule=terminal | Expert–Hard | ×0.25 | 33–0–7 | 82.5% | 68.0%–91.3% "
        "| — | Expert beats Hard about 8 games in 10; loses 2 |",
        "| Kotu Ellima | defaults | Medium–Easy | ×1 | 37–3–0 | 96.2% | 85.3%–99.1% "
        "| — | Medium beats Easy about 9 games in 10; draws 1 |",
    ]


def test_a_file_that_is_not_the_records_is_refused_in_one_line(tmp_path, capsys):
    path = tmp_path / "records.json"
    path.write_text('{"not": "a list"}', encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["--records", str(path)])
    assert exit_info.value.code == 2
    assert "cannot read the records" in capsys.readouterr().err


def test_a_games_rows_go_down_the_ladder_from_its_strongest_pair(tmp_path, capsys):
    path = tmp_path / "records.json"
    save(
        [
            Record("kotu_ellima", {}, "medium", "easy", 1.0, 37, 3, 0),
            Record("kotu_ellima", {}, "expert", "medium", 0.5, 30, 10, 0),
            Record("kotu_ellima", {}, "hard", "expert", 0.25, 2, 37, 1),
            Record("kotu_ellima", {}, "hard", "medium", 0.5, 40, 0, 0),
        ],
        path,
    )
    assert main(["--records", str(path)]) == 0
    pairs = [row.split(" | ")[2] for row in capsys.readouterr().out.splitlines()[2:]]
    assert pairs == ["Expert–Hard", "Expert–Medium", "Hard–Medium", "Medium–Easy"]


def test_the_table_says_what_it_is_and_what_it_reads(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert shown.startswith("usage: python -m benchmarks.level_table [-h] [--records RECORDS]")
    assert "The levels' ladder in one table: every match the setup screen quotes, game by game." in shown
    assert "--records RECORDS a records file (default: the shipped one)" in shown
    assert "Reads the shipped records" not in shown  # the first line of the module's text, not all of it
