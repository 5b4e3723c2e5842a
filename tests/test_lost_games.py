"""The lost-games reader (benchmarks/lost_games.py) finds, in the arena's kept games, where player A
fell a piece behind and which of A's moves before it a deeper search faults."""

from __future__ import annotations

import json

import pytest

from benchmarks.lost_games import main
from game.ai import book
from game.ai.judge import Judge
from rules import load_game, load_state


def _expected(game: dict, depth: int, before: int) -> tuple[int | None, list[str], int]:
    """The ply A first stands a piece behind, A's moves before it a ``depth``-ply search faults, and
    the plies the game's positions stayed in Kotu Ellima's shipped book."""
    a, positions = game["a_side"], [load_state(game["start"])]
    for text in game["moves"][:-1]:
        positions.append(positions[-1].copy())
        positions[-1].play(positions[-1].parse_move(text))
    opening = book.book_for("kotu_ellima")
    assert opening is not None
    in_book = 0
    while in_book < len(positions) and book.position_key(positions[in_book]) in opening.entries:
        in_book += 1
    leads = [p.captured_counts()[a] - p.captured_counts()[1 - a] for p in positions]
    settled = [
        p for p, position in enumerate(positions) if not any(m.captured for m in position.legal_moves())
    ]
    behind = next((p for p in settled if all(leads[q] <= -1 for q in settled if q >= p)), None)
    faulted = []
    for ply in range(max(0, (behind or 0) - before), behind or 0):
        position = positions[ply]
        if position.to_move != a or len(position.legal_moves()) < 2:
            continue
        move = position.parse_move(game["moves"][ply])
        found = Judge(10**6).compare(position, [move], depth)
        assert found is not None
        if found.best_score - found.scores[move] >= 1.0 - 1e-9:
            faulted.append(f"ply {ply} {game['moves'][ply]}")
    return behind, faulted, in_book


@pytest.mark.parametrize("before", [8, 200])  # 200: every move from the game's first
def test_each_lost_game_says_where_a_fell_behind_and_the_moves_a_deeper_search_faults(
    kept_games, before, capsys
):
    assert main([str(kept_games), "--depth", "2", "--before", str(before), "--budget", "1000000"]) == 0
    out = capsys.readouterr().out.splitlines()
    games = [json.loads(line) for line in kept_games.read_text(encoding="utf-8").splitlines()]
    lost = [g for g in games if g["a_score"] == 0.0]
    assert lost  # the random player loses some games at least
    assert out[-1] == f"A lost {len(lost)} of {len(games)} games"
    heads = [i for i, line in enumerate(out) if line.startswith("seed ")]
    assert [out[i].split(",")[0] for i in heads] == [f"seed {g['seed']}" for g in lost]
    faulted_somewhere, in_book_somewhere = False, False
    ends = [*heads[1:], len(out) - 1]  # each game's lines run to the next game's, the last to the total
    for i, end, game in zip(heads, ends, lost, strict=True):
        behind, faulted, in_book = _expected(game, 2, before)
        where = "never behind for good" if behind is None else f"behind for good from ply {behind}"
        assert out[i] == (
            f"seed {game['seed']}, A as side {game['a_side']}: {len(game['moves'])} plies, {game['end']}; "
            f"in the book {in_book} plies; A {where}"
        )
        in_book_somewhere |= in_book > 0
        assert [line.split(":")[0].strip() for line in out[i + 1 : end]] == faulted
        faulted_somewhere |= bool(faulted)
    assert faulted_somewhere  # the random player's blunders are found
    assert in_book_somewhere  # some game began in the book (the greedy player's first move is in it)


def test_a_search_over_its_budget_is_said_to_be_and_nothing_is_faulted(kept_games, capsys):
    assert main([str(kept_games), "--depth", "6", "--before", "2", "--budget", "5"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    assert lines and all(line.endswith(": over budget") for line in lines)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--depth", "0"], "--depth from 1 to 12"),
        (["--depth", "13"], "--depth from 1 to 12"),
        (["--before", "0"], "--before and --budget must be at least 1"),
        (["--budget", "0"], "--before and --budget must be at least 1"),
    ],
)
def test_bad_arguments_are_refused_with_the_rule(kept_games, args, message, capsys):
    with pytest.raises(SystemExit):
        main([str(kept_games), *args])
    assert capsys.readouterr().err.splitlines()[-1] == f"python -m benchmarks.lost_games: error: {message}"


def test_a_file_that_is_not_kept_games_is_refused(tmp_path, capsys):
    missing = tmp_path / "none.jsonl"
    with pytest.raises(SystemExit):
        main([str(missing)])
    assert "cannot read the games in" in capsys.readouterr().err
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"a_score": 0.0}\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        main([str(foreign)])
    assert "is not one the arena kept" in capsys.readouterr().err


def test_a_lost_game_never_behind_is_said_so_and_searched_no_further(tmp_path, capsys):
    """A game never behind; in Cows and Leopards, a game without a book, nothing is said of one."""
    path = tmp_path / "two.jsonl"
    lines = []
    for gid, seed in (("kotu_ellima", 7), ("cows_leopards", 8)):
        start = load_game(gid).new_initial_state().to_text()
        record = {"game": gid, "start": start, "moves": [], "a_side": 0, "a_score": 0.0, "seed": seed}
        lines.append(json.dumps(record | {"end": "resigned"}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main([str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "seed 7, A as side 0: 0 plies, resigned; in the book 0 plies; A never behind for good",
        "seed 8, A as side 0: 0 plies, resigned; A never behind for good",
        "A lost 2 of 2 games",
    ]


def test_the_defaults_and_the_limits_of_each_setting(kept_games, monkeypatch, capsys):
    """Depth 6, 30 plies before, 3,000,000 nodes unless told; each setting's least and most accepted."""
    import benchmarks.lost_games as tool

    asked = []
    monkeypatch.setattr(tool, "lost_game", lambda game, *settings: asked.append(settings) or [])
    assert main([str(kept_games)]) == 0
    assert set(asked) == {(6, 30, 3_000_000)}
    for args, settings in (
        (["--depth", "1", "--before", "1", "--budget", "1"], (1, 1, 1)),
        (["--depth", "12"], (12, 30, 3_000_000)),
    ):
        asked.clear()
        assert main([str(kept_games), *args]) == 0
        assert set(asked) == {settings}
    assert capsys.readouterr().out.splitlines()[-1] == "A lost 0 of 6 games"  # nothing searched, nothing lost


def test_the_help_names_the_tool_and_every_setting(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("usage: python -m benchmarks.lost_games [-h]")
    assert "search faults. positional arguments:" in out  # the first line of the text, and no more
    for text in (
        "Where a level's lost games went wrong: the ply each fell behind, and the moves a deeper "
        "search faults.",
        "games kept by the arena's --games-out",
        "plies the judge searches (default: 6)",
        "plies before falling behind (default: 30)",
        "nodes a move (default: 3,000,000)",
    ):
        assert f" {text} " in f" {out} "
