"""A library that stays quick at thousands of games (issue 29, item 5), counted in files read and
bytes written, never in seconds: the title reads the library's index and no game whose file is
as the index saw it; the index follows files added, edited, replaced or removed behind its back
and is rebuilt when damaged; a long game's save appends its new moves (a bounded number of bytes,
no whole write) and is written whole again only when the tail has grown as long as the game; a
line a kill cut short loses nothing; an older Keliya reads the last whole write."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from game import library, saves
from game.app import App
from game.config import MatchConfig, Mode
from rules import State
from tools.scenarios import random_play, shown_title


@pytest.fixture
def app():
    a = App((960, 600), sound=False)
    yield a
    a.close()


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The game files read (each ``read_game_text``), by name, from now on."""
    seen: list[str] = []
    real = library.read_game_text

    def counted(path):
        seen.append(path.name)
        return real(path)

    monkeypatch.setattr(library, "read_game_text", counted)
    return seen


def a_new_launch() -> None:
    """Forget what this process has read, as a new start of Keliya would."""
    library._cache.clear()
    library._index_memo = None


def write_games(count: int, start: int = 0) -> list[str]:
    """``count`` saved games (every third finished), saved one minute apart; their ids."""
    ids = []
    for n in range(start, start + count):
        state = random_play("kotu_ellima", n % 5 + 1, lambda s, k=n: s.ply >= 4 + k % 7)
        if n % 3 == 2:
            state = random_play("cows_leopards", n % 4 + 1, lambda s: False, max_plies=2000)
        game_id = f"20260101-{n:06d}-abcdef"
        config = MatchConfig(state.game.id, dict(state.game.options), Mode.COMPUTER, 0, "hard")
        folder = library.history_dir() if state.outcome() is not None else library.games_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{game_id}.txt").write_text(saves.match_text(config, state, 1_700_000_000 + 60 * n))
        ids.append(game_id)
    return ids


def continue_of(app) -> str:
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    app.manager.clear()
    return title.resume_button.label if title.resume_button.visible else ""


@pytest.mark.parametrize("games", [3, 12])
def test_the_title_reads_no_game_when_the_index_knows_them_all(app, reads, games):
    write_games(games)
    first = library.overview()  # builds the index: every game read once
    assert len(reads) == games
    newest = library.scan().unfinished[0]
    assert first.latest is not None and first.latest.id == newest.id  # Continue is scan's newest
    reads.clear()
    a_new_launch()
    label = continue_of(app)
    assert reads == []  # as many games read before the first frame with 12 games as with 3: none
    assert newest.match is not None and label.startswith(f"Continue {newest.match.summary()}")
    lib = library.scan()
    assert f"({len(lib.unfinished)})" in shown_title(app).library_button.label


def test_the_index_follows_files_changed_behind_its_back(app, reads):
    ids = write_games(6)
    library.overview()
    reads.clear()
    a_new_launch()
    # added: a newer game from another window (or copied in) is read, alone, and offered
    newer = library.GameFile()
    state = random_play("ncuva", 2, lambda s: s.ply >= 5)
    assert newer.save(MatchConfig("ncuva", dict(state.game.options), Mode.PASS), state) == ""
    reads.clear()
    assert "Ncuva" in continue_of(app) and reads == [f"{newer.id}.txt"]
    reads.clear()
    # edited in place (same name, new content): read again and believed
    path = newer.path(False)
    path.write_text(
        path.read_text().replace("mode pass", "mode computer").replace("level medium", "level easy")
    )
    assert "Ncuva against Easy" in continue_of(app) and reads == [path.name]
    reads.clear()
    # removed: the next newest is offered, nothing read
    path.unlink()
    unfinished = [i for i in ids if (library.games_dir() / f"{i}.txt").exists()]
    assert library.overview().latest.id == max(unfinished) and reads == []
    # a damaged index is rebuilt from the games
    index = library.data_dir() / library.INDEX
    index.write_text('{"version": 1, "games": {"games/x.txt": {"stamp": "no"}')
    a_new_launch()
    again = library.overview()
    assert again.latest.id == max(unfinished) and len(reads) == 6
    assert json.loads(index.read_text())["version"] == library.INDEX_VERSION
    reads.clear()
    a_new_launch()
    assert library.overview().unfinished == len(unfinished) and reads == []
    # a record of the right stamp but impossible content (an edited index) is read again, not believed
    data = json.loads(index.read_text())
    key = f"games/{max(unfinished)}.txt"
    data["games"][key].update(game="chess", saved_at=float("nan"))
    index.write_text(json.dumps(data))
    a_new_launch()
    assert library.overview().latest.id == max(unfinished) and reads == [f"{max(unfinished)}.txt"]


def long_state(plies: int) -> State:
    """Kotu Ellima that goes on: free captures, no move limit, quiet random moves."""
    return random_play(
        "kotu_ellima",
        1,
        lambda s: s.ply >= plies,
        max_plies=plies,
        avoid_captures=True,
        capture="free",
        limit="off",
        threefold="off",
    )


def quiet_move(state: State, rng: random.Random):
    moves = state.legal_moves()
    quiet = [m for m in moves if not state.captures(m)] or moves
    return quiet[rng.randrange(len(quiet))]


def test_a_long_games_save_appends_a_bounded_number_of_bytes(monkeypatch):
    state = long_state(5000)
    config = MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS)
    game_file = library.GameFile()
    assert game_file.save(config, state) == ""
    path = game_file.path(False)
    whole_text = path.read_text()
    whole_writes: list[str] = []
    real = library.write_text_atomically
    monkeypatch.setattr(
        library, "write_text_atomically", lambda p, t: (whole_writes.append(p.name), real(p, t))[1]
    )
    rng = random.Random(2)
    sizes = [path.stat().st_size]
    for _ in range(20):
        state.play(quiet_move(state, rng))
        assert game_file.save(config, state) == ""
        sizes.append(path.stat().st_size)
    assert whole_writes == []
    grown = [b - a for a, b in zip(sizes, sizes[1:])]
    assert max(grown) <= len(state.to_text()) + 80  # a move, a time and the position: not the history
    back = saves.read_match(path.read_text())
    assert back.state.to_text() == state.to_text() and back.state.history() == state.history()
    # an older Keliya knows no appended line: it reads the game as last written whole
    old_reader = "".join(
        line for line in path.read_text().splitlines(keepends=True) if not line.startswith("then ")
    )
    assert old_reader == whole_text and saves.read_match(old_reader).state.ply == 5000


def test_the_tail_is_written_whole_again_once_it_is_as_long_as_the_game(monkeypatch):
    state = long_state(50)
    config = MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS)
    game_file = library.GameFile()
    assert game_file.save(config, state) == ""
    path = game_file.path(False)
    rng = random.Random(4)
    largest = 0
    wholes = 0
    for _ in range(160):
        state.play(quiet_move(state, rng))
        assert game_file.save(config, state) == ""
        text = path.read_text()
        wholes += "then " not in text
        largest = max(largest, len(text))
    assert wholes >= 1
    assert largest <= 2 * len(saves.match_text(config, state, 0.0)) + library.MIN_TAIL_BYTES + 400
    assert saves.read_match(path.read_text()).state.history() == state.history()


@pytest.mark.parametrize("torn", ["half a line", "zeros"])
def test_a_torn_append_never_loses_the_game(torn):
    state = long_state(60)
    config = MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS)
    game_file = library.GameFile()
    rng = random.Random(5)
    assert game_file.save(config, state) == ""
    for _ in range(2):
        state.play(quiet_move(state, rng))
        assert game_file.save(config, state) == ""
    kept = state.copy()
    path = game_file.path(False)
    state.play(quiet_move(state, rng))
    line = saves.appended_line(0.0, [kept.move_text(state.history()[-1])], state.to_text())
    with open(path, "ab") as f:  # the kill came half-way through the next append
        f.write(line.encode()[: len(line) // 2] if torn == "half a line" else b"\0" * 64)
    if torn == "half a line":  # a text read otherwise (dropped on the window) is read the same
        assert saves.read_match(path.read_text()).state.history() == kept.history()
    a_new_launch()
    lib = library.scan()
    assert lib.problems == [] and [e.id for e in lib.unfinished] == [game_file.id]
    assert lib.unfinished[0].match.state.history() == kept.history()
    assert library.overview().latest.id == game_file.id
    match, reopened = library.reopen(lib.unfinished[0])  # the next start plays on
    match.state.play(quiet_move(match.state, rng))
    assert reopened.save(match.config, match.state) == ""
    text = path.read_text()
    assert "then " not in text and re.search(r"\x00", text) is None  # written whole: the torn line gone
    assert saves.read_match(text).state.history() == match.state.history()


def test_two_windows_are_told_apart_while_one_appends():
    """Window A appends its moves; window B, on the same game, moves: B's game is kept apart,
    A's file is A's game, whole."""
    state = long_state(30)
    first = library.GameFile()
    assert first.save(MatchConfig("kotu_ellima", dict(state.game.options), Mode.PASS), state) == ""
    entry = library.scan().unfinished[0]
    (a_match, a_file), (b_match, b_file) = library.reopen(entry), library.reopen(entry)
    rng = random.Random(6)
    for _ in range(3):  # the first save is whole, the next two appended
        a_match.state.play(quiet_move(a_match.state, rng))
        assert a_file.save(a_match.config, a_match.state) == ""
    assert "then " in a_file.path(False).read_text()
    b_match.state.play(quiet_move(b_match.state, random.Random(7)))
    assert "another Keliya window" in b_file.save(b_match.config, b_match.state) and b_file.id != first.id
    # window C opens A's game as it is now, moves and writes it whole: A's next move must not land on C's file
    [now] = [e for e in library.scan().unfinished if e.id == first.id]
    c_match, c_file = library.reopen(now)
    c_match.state.play(quiet_move(c_match.state, random.Random(8)))
    assert c_file.save(c_match.config, c_match.state) == ""
    a_match.state.play(quiet_move(a_match.state, rng))
    assert "another Keliya window" in a_file.save(a_match.config, a_match.state) and a_file.id != first.id
    lib = library.scan()
    histories = {e.id: e.match.state.history() for e in lib.unfinished}
    assert lib.problems == [] and histories == {
        first.id: c_match.state.history(),
        b_file.id: b_match.state.history(),
        a_file.id: a_match.state.history(),
    }


def test_back_at_the_title_not_even_the_index_just_written_is_read_again(monkeypatch, reads):
    write_games(4)
    opened: list[str] = []
    real = library.read_text_capped

    def counted(path, *args):
        opened.append(path.name)
        return real(path, *args)

    monkeypatch.setattr(library, "read_text_capped", counted)
    first = library.overview()  # the first start: every game read, the index written
    assert len(reads) == 4 and (library.data_dir() / library.INDEX).exists()
    opened.clear()
    reads.clear()
    again = library.overview()  # back at the title: nothing has changed on disk
    assert opened == [] and reads == []
    assert again.latest is not None and first.latest is not None
    assert (again.latest.id, again.unfinished, again.finished) == (
        first.latest.id,
        first.unfinished,
        first.finished,
    )


def test_the_title_counts_finished_games_when_no_game_is_unfinished():
    """A library of finished games alone (the unfinished games' folder never made, or removed)."""
    write_games(3)  # the third is finished: into history/
    for path in library.games_dir().iterdir():
        path.unlink()
    library.games_dir().rmdir()
    for _ in range(2):  # the index built, then read
        a_new_launch()
        seen = library.overview()
        assert (seen.latest, seen.unfinished, seen.finished) == (None, 0, 1)


@pytest.mark.parametrize("tail, kept", [(b"\0" * 8, True), (b"X\0\0", False), (b"\0X", False)])
def test_only_zeros_after_the_last_line_are_taken_for_a_power_cut(tail, kept):
    """Zeros where a power cut left them are dropped; a NUL among other bytes is no text file."""
    [game_id] = write_games(1)
    path = library.games_dir() / f"{game_id}.txt"
    with open(path, "ab") as f:
        f.write(tail)
    lib = library.scan()
    assert [e.id for e in lib.unfinished] == ([game_id] if kept else [])
    assert [
        p.startswith("A saved game cannot be opened: it is not a text file. It was moved to")
        for p in lib.problems
    ] == ([] if kept else [True])
    assert path.exists() is kept


def test_a_second_look_at_the_library_reads_no_game_unchanged(reads):
    ids = write_games(3)
    assert sorted(e.id for e in [*library.scan().unfinished, *library.scan().finished]) == sorted(ids)
    assert sorted(reads) == sorted(f"{i}.txt" for i in ids)
    reads.clear()
    again = library.scan()
    assert reads == [] and len(again.unfinished) + len(again.finished) == 3


def test_a_game_dated_at_the_very_start_of_1970_is_believed_from_the_index(reads):
    """A save without its time whose file is dated 0 (an archive that keeps no dates)."""
    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    path = library.games_dir() / "19700101-000000-aaaaaa.txt"
    path.parent.mkdir(parents=True)
    path.write_text(saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state))
    os.utime(path, (0, 0))
    latest = library.overview().latest
    assert latest is not None and latest.saved_at == 0 and reads == [path.name]
    reads.clear()
    a_new_launch()
    latest = library.overview().latest
    assert latest is not None and latest.id == "19700101-000000-aaaaaa" and reads == []


def test_a_change_of_settings_mid_game_is_written_whole_not_appended():
    """Only moves are appended: new settings (another level, say) rewrite the file."""
    state = long_state(20)
    before = MatchConfig("kotu_ellima", dict(state.game.options), Mode.COMPUTER, 0, "hard")
    game_file = library.GameFile()
    assert game_file.save(before, state) == ""
    state.play(quiet_move(state, random.Random(1)))
    assert game_file.save(before, state) == ""  # appended
    state.play(quiet_move(state, random.Random(2)))
    after = MatchConfig("kotu_ellima", dict(state.game.options), Mode.COMPUTER, 0, "easy")
    assert game_file.save(after, state) == ""
    back = saves.read_match(game_file.path(False).read_text())
    assert back.config.level == "easy" and back.state.history() == state.history()


def _listed_in_order(monkeypatch, then=None) -> None:
    """The folders listed in name order (``then(entries)`` run as a listing is made)."""
    real = os.scandir

    def listed(folder):
        with real(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
        if then is not None:
            then(entries)
        return entries

    monkeypatch.setattr(os, "scandir", listed)


def test_a_game_gone_between_the_listing_and_its_look_leaves_the_others_counted(monkeypatch):
    ids = write_games(4)  # the third is finished
    unfinished = sorted(i for i in ids if (library.games_dir() / f"{i}.txt").exists())

    def finished_meanwhile(entries: list[os.DirEntry]) -> None:
        if entries[0].name == f"{unfinished[0]}.txt":
            Path(entries[0].path).unlink()

    _listed_in_order(monkeypatch, finished_meanwhile)
    seen = library.overview()  # another window finished the first game as the folder was listed
    assert (seen.unfinished, seen.finished) == (len(unfinished) - 1, 1)
    assert seen.latest is not None and seen.latest.id == unfinished[-1]


def test_a_bad_file_said_already_leaves_the_games_after_it_counted(monkeypatch):
    write_games(2)
    bad = library.games_dir() / "00000000-000000-aaaaaa.txt"  # listed first
    bad.write_text("my notes\n")
    monkeypatch.setattr(library, "set_aside", lambda p: p)  # a read-only folder: it stays
    _listed_in_order(monkeypatch)
    first = library.overview()
    assert len(first.problems) == 1 and first.unfinished == 2
    (library.games_dir() / "20260101-000000-abcdef.txt").touch()  # changed: the index no longer knows it
    again = library.overview()
    assert again.problems == [] and again.unfinished == 2
    lib = library.scan()
    assert lib.problems == [] and len(lib.unfinished) == 2


def test_an_index_record_of_another_shape_is_read_again_from_its_game(reads):
    """An index written by another version: a record without a field, one that is no record."""
    ids = write_games(2)
    library.overview()
    index = library.data_dir() / library.INDEX
    data = json.loads(index.read_text())
    first, second = (f"games/{i}.txt" for i in ids)
    del data["games"][first]["next"]
    data["games"][second] = [data["games"][second]]
    index.write_text(json.dumps(data))
    reads.clear()
    a_new_launch()
    seen = library.overview()
    assert sorted(reads) == sorted(f"{i}.txt" for i in ids) and seen.unfinished == 2


def test_the_titles_newest_game_is_the_librarys_newest_whether_read_or_from_the_index():
    """Two games saved in the same millisecond (the later id first, as the list sorts them), one
    watched with two levels: the title's game is the list's, as the list has it."""
    for n, game_id in enumerate(("20260101-000000-aaaaaa", "20260101-000000-bbbbbb")):
        state = long_state(4 + n)
        config = MatchConfig("kotu_ellima", dict(state.game.options), Mode.WATCH, 0, "easy", level2="expert")
        library.games_dir().mkdir(parents=True, exist_ok=True)
        (library.games_dir() / f"{game_id}.txt").write_text(saves.match_text(config, state, 1_700_000_000.5))
    newest = library.scan().unfinished[0]
    assert newest.id == "20260101-000000-bbbbbb"
    for _ in range(2):  # the games read, then the index believed
        a_new_launch()
        latest = library.overview().latest
        assert latest is not None
        assert (latest.id, latest.config, latest.ply, latest.saved_at, latest.finished) == (
            newest.id,
            newest.config,
            newest.ply,
            newest.saved_at,
            False,
        )
        assert latest.opponent_words() == newest.opponent_words()


@pytest.mark.parametrize("edit", [{"game": "chess"}, {"level": 3}, {"mode": "online"}, {"human": 2}])
def test_an_index_record_with_one_field_out_of_place_is_read_again_from_its_game(reads, edit):
    [game_id] = write_games(1)
    library.overview()
    index = library.data_dir() / library.INDEX
    data = json.loads(index.read_text())
    data["games"][f"games/{game_id}.txt"].update(edit)
    index.write_text(json.dumps(data))
    reads.clear()
    a_new_launch()
    latest = library.overview().latest
    assert latest is not None and latest.config.game_id == "kotu_ellima" and reads == [f"{game_id}.txt"]
