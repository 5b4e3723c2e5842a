"""Building and verifying a book (``python -m training.book``): a book that answers the other
side's every first move (``explore``), and a verification run by several processes that finds what
one finds. Small books at small depths: a search bounded by iterations, plies and nodes only."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from game.ai import book
from rules import game_ids, load_game
from training import book as tb

GID = "sixteen_soldiers"  # nine first moves for South, each answered by a forced capture


def _start():
    return load_game(GID).new_initial_state()


def _after(state, *moves: str):
    state = state.copy()
    for text in moves:
        state.apply(state.parse_move(text))
    return state


def test_a_book_built_with_explore_answers_every_first_move_and_plays_only_its_own():
    start = _start()
    plain = tb.build(GID, seed=3, depth=3, iterations=60, width=2, margin=0.1, log=False)
    wide = tb.build(GID, seed=3, depth=3, iterations=60, width=2, margin=0.1, log=False, explore=1)
    key = book.position_key(start)
    assert wide.entries[key] == plain.entries[key]  # the start's entry: the search's own moves
    own = {t for t, _ in wide.entries[key]}
    assert 1 <= len(own) <= 2 < len(start.legal_moves())
    for move in start.legal_moves():
        child = _after(start, start.move_text(move))
        reply = wide.entries.get(book.position_key(child))
        assert reply, f"no answer to {start.move_text(move)}"
        # Answered with a legal move; the plain book holds only the answers to its own moves.
        assert all(child.parse_move(t) in child.legal_moves() for t, _ in reply)
        in_plain = book.position_key(child) in plain.entries
        assert in_plain == (start.move_text(move) in own)
    assert wide.explore == 1 and plain.explore == 0
    assert wide.built["explore"] == 1 and wide.built["positions"] == len(wide.entries)


def _small_book(explore: int) -> book.Book:
    """The start answered by e4-e5 only, and one answer to d4-d5, which the book does not play."""
    start = _start()
    other = _after(start, "d4-d5")
    entries = {
        book.position_key(start): [("e4-e5", 3)],
        book.position_key(_after(start, "e4-e5")): [("e6xe4", 1)],
        book.position_key(other): [("d6xd4", 1)],
    }
    return book.Book(GID, entries, {"command": "by hand", "explore": explore})


def test_the_verifier_keeps_the_answers_to_the_other_sides_first_moves_only_with_explore():
    kept, _ = tb.verify(_small_book(1), depth=2, budget=100_000, margin=0.5, log=False)
    dropped, _ = tb.verify(_small_book(0), depth=2, budget=100_000, margin=0.5, log=False)
    other = book.position_key(_after(_start(), "d4-d5"))
    assert kept.entries[other] == [("d6xd4", 1)] and kept.built["verified"]["unreached"] == 0
    assert other not in dropped.entries and dropped.built["verified"]["unreached"] == 1
    assert kept.explore == 1  # carried into the verified book


def test_two_processes_verify_as_one_does():
    """A real book's first plies, dropped moves and all: the same book and checks either way."""
    wide = tb.build(GID, seed=5, depth=4, iterations=80, width=3, margin=0.2, log=False, explore=1)
    one, checks_one = tb.verify(wide, depth=2, budget=200_000, margin=0.0, log=False, jobs=1)
    two, checks_two = tb.verify(wide, depth=2, budget=200_000, margin=0.0, log=False, jobs=2)
    assert checks_two == checks_one and two.entries == one.entries
    record_one, record_two = one.built["verified"], two.built["verified"]
    assert record_one["positions"] == len(one.entries) > 9
    for field in ("positions", "moves", "checked", "dropped", "unreached", "most_nodes"):
        assert record_two[field] == record_one[field], field


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([GID, "--explore", "-1"], "error: --explore must be at least 0"),
        ([GID, "--jobs", "0"], "error: argument --jobs: must be at least 1"),
        (["verify", GID, "--jobs", "0"], "error: argument --jobs: must be at least 1"),
    ],
)
def test_bad_settings_print_usage(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        tb.main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.startswith("usage: ") and err.endswith(message + "\n")


def test_the_command_line_builds_verifies_and_says_how(tmp_path, monkeypatch, capsys):
    calls = []

    def shallow(opening, jobs=1):
        calls.append(jobs)
        return real(opening, depth=2, budget=100_000, margin=0.5, log=False, jobs=jobs)

    real = tb.verify
    monkeypatch.setattr(tb, "verify", shallow)
    monkeypatch.setattr(tb, "BOOKS_DIR", tmp_path / "shipped")  # never written: --out is given
    out = tmp_path / "b.json"
    argv = [GID, "--seed", "2", "--depth", "2", "--iterations", "40", "--explore", "1", "--jobs", "1"]
    argv += ["--out", str(out)]
    assert tb.main(argv) == 0 and calls == [1]
    data = json.loads(out.read_text(encoding="utf-8"))
    command = "python -m training.book sixteen_soldiers --seed 2 --depth 2 --iterations 40 --width 3"
    assert data["built"]["command"] == command + " --margin 0.03 --explore 1"
    assert data["built"]["explore"] == 1 and f"positions written to {out}" in capsys.readouterr().out
    written = book.Book.from_json(out.read_text(encoding="utf-8"))
    assert len(written.entries) == 1 + len(_start().legal_moves())  # the start and every answer
    assert not (tmp_path / "shipped").exists()


# --- the build's choice of moves, with a stand-in search whose ratings the test sets ------------------


class _Search:
    """Stands in for the MCTS: at the start it rates South's nine moves as the test says (visits,
    value, proof), elsewhere its first legal move alone; it checks it is Hard's search."""

    start_stats: list = []
    searched: list = []
    keep_all = False  # elsewhere, every legal move rated alike

    def __init__(self, config, rng, evaluator) -> None:
        from dataclasses import replace

        from game.ai.levels import LEVELS

        game = _start().game
        assert config == replace(LEVELS["hard"].config_for(game), reuse=False)
        assert evaluator is LEVELS["hard"].evaluator_for(game)
        self.state: Any = None

    def search(self, state, iterations) -> None:
        assert iterations == 77
        self.state = state
        _Search.searched.append(book.position_key(state))

    def root_stats(self):
        from game.ai.mcts import RootStat

        legal = self.state.legal_moves()
        if book.position_key(self.state) == book.position_key(_start()):
            return [
                RootStat(legal[i], v, value, exact) for i, (v, value, exact) in enumerate(_Search.start_stats)
            ]
        return [RootStat(m, 10 if i == 0 or _Search.keep_all else 0, 0.5, None) for i, m in enumerate(legal)]


@pytest.fixture
def search(monkeypatch):
    monkeypatch.setattr(tb, "MCTS", _Search)
    monkeypatch.setattr(tb, "time", type("Clock", (), {"perf_counter": staticmethod(lambda: 5.0)}))
    _Search.searched, _Search.keep_all = [], False
    return _Search


def _moves_at_start(opening: book.Book) -> list[tuple[str, int]]:
    start = _start()
    return [(t, w) for t, w in opening.entries[book.position_key(start)]]


def test_the_build_keeps_the_moves_close_to_the_best_in_visits_and_value(search):
    start = _start()
    texts = [start.move_text(m) for m in start.legal_moves()]
    search.start_stats = [
        (1000, 0.75, None),  # the best: most visits
        (100, 0.74, None),  # a tenth of its visits: kept
        (99, 0.75, None),  # just under a tenth: not
        (500, 0.50, None),  # exactly the margin below: kept
        (400, 0.49, None),  # just over the margin below: not
        (300, 0.80, 0.0),  # proven lost: not
        (200, 0.80, 0.5),  # proven drawn: kept
        (0, 0.0, None),
        (0, 0.0, None),
    ]
    opening = tb.build(GID, seed=1, depth=1, iterations=77, width=9, margin=0.25, log=False)
    assert _moves_at_start(opening) == [(texts[0], 1000), (texts[3], 500), (texts[6], 200), (texts[1], 100)]
    narrow = tb.build(GID, seed=1, depth=1, iterations=77, width=2, margin=0.25, log=False)
    assert _moves_at_start(narrow) == [(texts[0], 1000), (texts[3], 500)]  # the most visited first
    assert opening.built == {
        "seed": 1,
        "depth": 1,
        "iterations": 77,
        "width": 9,
        "margin": 0.25,
        "explore": 0,
        "positions": 1,
        "searched": 1,
    }


def test_when_nothing_passes_the_best_is_kept_and_a_forced_move_weighs_one(search):
    start = _start()
    search.start_stats = [(0, 0.9, 0.0)] * 9  # every move proven lost
    search.start_stats[2] = (5, 0.1, 0.0)  # d4-d5, the most visited, answered by one capture
    opening = tb.build(GID, seed=1, depth=3, iterations=77, width=3, margin=0.1, log=False)
    first = "d4-d5"
    assert _moves_at_start(opening) == [(first, 5)]
    forced = _after(start, first)
    assert len(forced.legal_moves()) == 1
    assert opening.entries[book.position_key(forced)] == [(forced.move_text(forced.legal_moves()[0]), 1)]
    # Searched: the start and the one position after the forced reply (depth 3), not the forced one.
    assert opening.built["searched"] == len(search.searched) == 2 and opening.built["positions"] == 3


def test_the_build_stops_at_its_most_positions_and_says_how_far_it_got(search, capsys):
    search.start_stats = [(10, 0.5, None)] * 9
    small = tb.build(GID, seed=1, depth=6, iterations=77, width=9, margin=0.1, max_positions=2)
    assert len(small.entries) == 2 and small.built["positions"] == 2
    search.searched = []
    opening = tb.build(GID, seed=1, depth=7, iterations=77, width=9, margin=0.1, explore=1)
    searched = opening.built["searched"]
    assert searched >= 25
    out = capsys.readouterr().out
    assert "  25 positions searched, " in out and " in the book, 0 s\n" in out
    assert out.count("positions searched") == searched // 25


# --- the verification's walk and record -------------------------------------------------------------


def test_the_walk_answers_every_move_in_the_explored_plies_and_only_there():
    """``explore`` 2: the other side's every move at plies 0 and 1 is followed, not at ply 2."""
    start = _start()
    line = _after(start, "d4-d5", "d6xd4")  # South to move at ply 2, three captures
    ours, theirs = (line.move_text(m) for m in line.legal_moves()[:2])
    explored = _after(start, "c4-c5", "d6xb4")  # c4-c5 and d6xb4: neither is the book's own
    entries = {
        book.position_key(start): [("d4-d5", 3)],
        book.position_key(_after(start, "d4-d5")): [("d6xd4", 1)],
        book.position_key(_after(start, "c4-c5")): [("c6xc4", 1)],
        book.position_key(explored): [(explored.move_text(explored.legal_moves()[0]), 1)],
        book.position_key(line): [(ours, 1)],
        book.position_key(_after(line, theirs)): [("a1-a2", 1)],  # after a move the book never makes
    }
    opening = book.Book(GID, entries, {"explore": 2})
    verified, checks = tb.verify(opening, depth=1, budget=100_000, margin=100.0, log=False)
    assert verified.game == GID and all(c.kept for c in checks)
    assert set(verified.entries) == set(entries) - {book.position_key(_after(line, theirs))}
    assert verified.built["verified"]["unreached"] == 1


def test_a_book_without_the_start_is_all_unreached():
    other = book.position_key(_after(_start(), "d4-d5"))
    verified, checks = tb.verify(book.Book(GID, {other: [("d6xd4", 1)]}, {}), log=False)
    record = verified.built["verified"]
    assert checks == [] and verified.entries == {}
    assert (record["unreached"], record["checked"], record["most_nodes"], record["positions"]) == (1, 0, 0, 0)


def test_the_record_says_what_was_checked_and_a_second_run_adds_to_it(monkeypatch, capsys):
    """The verification of issue 33's g5-f5 (Peralikatuma), run twice: each run's record, the log,
    the CPU seconds counted position by position (a counter clock), and no process pool for one job."""
    ticks = iter(range(1000))
    monkeypatch.setattr(
        tb, "time", type("Clock", (), {"process_time": staticmethod(lambda: next(ticks) * 0.04)})
    )
    monkeypatch.setattr(tb, "ProcessPoolExecutor", None)  # one job: no pool
    start = load_game("peralikatuma").new_initial_state()
    sound = _after(start, "f4-f5")
    entries = {
        book.position_key(start): [("g5-f5", 7), ("f4-f5", 5)],
        book.position_key(sound): [(sound.move_text(sound.legal_moves()[0]), 2)],
    }
    first, checks = tb.verify(book.Book("peralikatuma", entries, {}), depth=3, budget=200_000, margin=0.5)
    record = first.built["verified"]
    assert {k: record[k] for k in ("depth", "budget", "margin", "evaluation", "checked", "unreached")} == {
        "depth": 3,
        "budget": 200_000,
        "margin": 0.5,
        "evaluation": "material",
        "checked": 3,
        "unreached": 0,
    }
    assert record["cpu_seconds"] == 0.1  # two positions at 0.04 s each, to a tenth
    assert all(c.score == int(c.score) for c in checks)  # material alone: whole pieces
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("  peralikatuma: position 1 (ply 0), ") and out[0].endswith(" nodes")
    assert out[1] == "  peralikatuma: g5-f5 dropped (loses 1 by force; best d4-d5 0)"
    assert out[2].startswith("  peralikatuma: position 2 (ply 1), ") and len(out) == 3
    again, _ = tb.verify(first, depth=3, budget=200_000, margin=0.5, log=False)
    dropped = again.built["verified"]["dropped"]
    assert dropped == record["dropped"] and dropped[0][:2] == [book.position_key(start), "g5-f5"]
    stale = book.Book("peralikatuma", entries, {"verified": {"dropped": [["x", "y"]], "unreached": 4}})
    later = tb.verify(stale, depth=3, budget=200_000, margin=0.5, log=False)[0].built["verified"]
    assert later["dropped"][0] == ["x", "y"] and len(later["dropped"]) == 2 and later["unreached"] == 4


def test_the_verify_command_rewrites_a_book_in_place_with_two_processes(tmp_path, capsys):
    start = _start()
    entries = {
        book.position_key(start): [("d4-d5", 3)],
        book.position_key(_after(start, "c4-c5")): [("c6xc4", 1)],
    }
    path = tmp_path / f"{GID}.json"
    path.write_text(book.Book(GID, entries, {"explore": 1}).to_json(), encoding="utf-8")
    argv = ["verify", GID, "--books", str(tmp_path), "--depth", "1", "--budget", "50000", "--margin", "9"]
    assert tb.main(argv + ["--jobs", "2"]) == 0
    written = book.Book.from_json(path.read_text(encoding="utf-8"))
    record = written.built["verified"]
    assert written.entries == entries and written.explore == 1
    assert record["command"] == f"python -m training.book verify {GID} --depth 1 --budget 50000 --margin 9.0"
    assert capsys.readouterr().out.endswith(
        f"{GID}: 2 moves checked, 0 dropped, 2 -> 2 positions, {record['cpu_seconds']} CPU s\n"
    )


def test_a_position_reached_by_two_orders_is_searched_once(search):
    """c4-c5 d6xb4 c3-c4 and d4-c5 d6xb4 c3-d4 meet: the build searches that position once and
    goes on (every move kept, so the book is every position within its depth)."""
    search.start_stats, search.keep_all = [(10, 0.5, None)] * 9, True
    opening = tb.build(GID, seed=1, depth=4, iterations=77, width=99, margin=0.1, log=False)
    assert len(search.searched) == len(set(search.searched))
    frontier, every = [_start()], set()
    for _ in range(4):  # plies 0-3: every position the book should hold, each once
        every |= {book.position_key(s) for s in frontier}
        frontier = [_after(s, s.move_text(m)) for s in frontier for m in s.legal_moves()]
    assert set(opening.entries) == every
    met = book.position_key(_after(_start(), "c4-c5", "d6xb4", "c3-c4"))
    assert met == book.position_key(_after(_start(), "d4-c5", "d6xb4", "c3-d4")) and met in every


# --- the command line: its settings, defaults and limits (the build and verification stubbed) ------


@pytest.fixture
def stubbed(monkeypatch, tmp_path):
    """``build`` and ``verify`` replaced by stubs that record what they were asked; the books'
    folder is a temporary one."""
    calls: list[tuple[str, tuple, dict]] = []

    def build(*args, **kwargs):
        calls.append(("build", args, kwargs))
        return book.Book(args[0], {}, {})

    def verify(opening, *args, **kwargs):
        calls.append(("verify", args, kwargs))
        return book.Book(
            opening.game, opening.entries, dict(opening.built, verified={"cpu_seconds": 0.5})
        ), []

    monkeypatch.setattr(tb, "build", build)
    monkeypatch.setattr(tb, "verify", verify)
    monkeypatch.setattr(tb, "BOOKS_DIR", tmp_path)
    return calls


def test_the_build_commands_defaults_are_what_it_writes(stubbed, tmp_path, monkeypatch):
    monkeypatch.setattr("sys.argv", ["book.py", GID])
    assert tb.main() == 0
    assert stubbed == [
        ("build", (GID, 1, 8, 4000, 3, 0.03), {"explore": 0}),
        ("verify", (), {"jobs": 1}),
    ]
    written = json.loads((tmp_path / f"{GID}.json").read_text(encoding="utf-8"))["built"]
    assert written["command"] == (
        "python -m training.book sixteen_soldiers --seed 1 --depth 8 --iterations 4000 --width 3 "
        "--margin 0.03"
    )
    assert written["verified"]["command"] == tb.verify_command([GID], 7, 20_000_000, 0.5)
    out = tmp_path / "deep" / "er" / "b.json"  # its folders made
    tb.main(
        [
            GID,
            "--seed",
            "4",
            "--width",
            "2",
            "--margin",
            "1",
            "--explore",
            "2",
            "--jobs",
            "3",
            "--out",
            str(out),
        ]
    )
    assert stubbed[2:] == [("build", (GID, 4, 8, 4000, 2, 1.0), {"explore": 2}), ("verify", (), {"jobs": 3})]
    assert json.loads(out.read_text(encoding="utf-8"))["built"]["command"].endswith(
        " --margin 1.0 --explore 2"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess"], "unknown game 'chess' (games: "),
        ([GID, "--depth", "0"], "--depth must be at least 1"),
        ([GID, "--iterations", "0"], "--iterations must be at least 1"),
        ([GID, "--width", "0"], "--width must be at least 1"),
        ([GID, "--margin", "-0.01"], "--margin must be between 0 and 1"),
        ([GID, "--margin", "1.01"], "--margin must be between 0 and 1"),
        ([GID, "--seed", "x"], "argument --seed: invalid int value: 'x'"),
        ([GID, "--margin", "x"], "argument --margin: invalid float value: 'x'"),
        (["verify", "ncuva"], "no book for 'ncuva' (books: sixteen_soldiers, peralikatuma, kotu_ellima)"),
        (["verify", "--depth", "0"], "--depth and --budget must be at least 1, --margin at least 0"),
        (["verify", "--budget", "0"], "--depth and --budget must be at least 1, --margin at least 0"),
        (["verify", "--margin", "-0.5"], "--depth and --budget must be at least 1, --margin at least 0"),
    ],
)
def test_each_setting_out_of_its_range_prints_usage(argv, message, stubbed, capsys):
    with pytest.raises(SystemExit) as exit_:
        tb.main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and f"error: {message}" in err and stubbed == []
    if argv[0] == "chess":
        assert ", ".join(game_ids()) in err


@pytest.mark.parametrize(
    "argv",
    [
        [GID, "--depth", "1", "--iterations", "1", "--width", "1", "--margin", "0", "--explore", "0"],
        [GID, "--margin", "1"],
        ["verify", GID, "--depth", "1", "--budget", "1", "--margin", "0"],
    ],
)
def test_each_setting_at_its_limit_is_taken(argv, stubbed, tmp_path):
    if argv[0] == "verify":
        (tmp_path / f"{GID}.json").write_text(book.Book(GID, {}, {}).to_json(), encoding="utf-8")
        argv = argv + ["--books", str(tmp_path)]
    assert tb.main(argv) == 0 and len(stubbed) == 2 - (argv[0] == "verify")


def test_the_verify_commands_defaults_go_over_every_war_games_book(stubbed, tmp_path, capsys):
    for gid in book.WAR_GAMES:
        (tmp_path / f"{gid}.json").write_text(book.Book(gid, {}, {}).to_json(), encoding="utf-8")
    assert tb.main(["verify"]) == 0  # the books' folder (here a temporary one) and one job
    assert tb.main(["verify", "--books", str(tmp_path), "--jobs", "2"]) == 0
    assert (
        stubbed
        == [("verify", (7, 20_000_000, 0.5), {"jobs": 1})] * 3
        + [("verify", (7, 20_000_000, 0.5), {"jobs": 2})] * 3
    )
    assert capsys.readouterr().out.splitlines()[0] == (
        "sixteen_soldiers: 0 moves checked, 0 dropped, 0 -> 0 positions, 0.5 CPU s"
    )
    for gid in book.WAR_GAMES:
        record = json.loads((tmp_path / f"{gid}.json").read_text(encoding="utf-8"))["built"]["verified"]
        assert record["command"] == tb.verify_command([gid], 7, 20_000_000, 0.5)


def test_the_help_says_what_each_setting_does(capsys):
    for argv in (["--help"], ["verify", "--help"]):
        with pytest.raises(SystemExit):
            tb.main(argv)
    out = capsys.readouterr().out
    for words in (
        "usage: python -m training.book [-h]",
        "Build an opening book for a war game, verify it, and write it where the app reads it",
        "game id: sixteen_soldiers, peralikatuma, kotu_ellima",
        "plies from the start the book covers",
        "search iterations per book position",
        "at most this many moves kept per position",
        "keep moves rated this close to the best",
        "the first plies, where the book answers every legal move",
        "processes verifying positions side by side",
        "where to write the book (default game/ai/books/GAME.json)",
        "usage: python -m training.book verify [-h]",
        "Verify the shipped opening books by a full-width search, in place (see the module text).",
        "game ids (default: every war game's book)",
        "plies searched, forced replies not counted",
        "nodes a position at most",
        "pieces below the best move allowed",
        "folder of the books (default the shipped one)",
        "processes checking positions side by side",
    ):
        assert re.search(rf"(^|\s){re.escape(words)}(\s|$)", " ".join(out.split())), words
