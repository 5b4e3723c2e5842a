"""The game library: every unfinished game kept in a file of its own and offered again after a
relaunch; starting, importing or a rematch never discards another game; finished games go to a
history with their result and count in the record; the title is fresh after every path back to
it; two windows never lose or tear each other's games; a file that cannot be opened is said and
moved aside."""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import pygame
import pytest

from game import library, saves
from game.app import App
from game.config import MatchConfig, Mode
from game.i18n import tr
from game.scenes.library_screen import LibraryScene
from game.scenes.menu import MenuScene
from game.scenes.pause import MenuOverlay
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.userfiles import write_text_atomically
from tools.scenarios import Mouse, click_move, finished, random_play, settle, shown_title


@pytest.fixture
def app():
    a = App((960, 600), sound=False)
    yield a
    a.close()


def saved_game(game_id: str, plies: int, seed: int = 1, **config) -> library.GameFile:
    state = random_play(game_id, seed, lambda s: s.ply >= plies)
    game_file = library.GameFile()
    assert game_file.save(MatchConfig(game_id, dict(state.game.options), **config), state) == ""
    return game_file


def play_one_move(app, scene: PlayScene) -> None:
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
    settle(app, scene)


def title_on_top(app) -> TitleScene:
    top = app.manager.top
    assert isinstance(top, TitleScene)
    return top


def test_two_games_saved_are_both_offered_after_a_relaunch_and_either_resumes(app):
    kotu = saved_game("kotu_ellima", 9)
    perali = saved_game("peralikatuma", 4, mode=Mode.COMPUTER, level="hard")
    lib = library.scan()
    assert [e.id for e in lib.unfinished] == [perali.id, kotu.id]  # the newest first
    assert lib.unfinished[1].match.state.ply == 9
    assert "against Hard, you play" in lib.unfinished[0].opponent_words()
    screen = LibraryScene(app)
    app.manager.push(shown_title(app))
    app.manager.push(screen)
    app.frame([], 1 / 60)
    Mouse(app).key(pygame.K_DOWN)
    Mouse(app).key(pygame.K_RETURN)  # the older one
    play = app.manager.top
    assert (
        isinstance(play, PlayScene)
        and play.match.config.game_id == "kotu_ellima"
        and play.match.state.ply == 9
    )
    assert play.match.game_file.id == kotu.id


def test_starting_a_new_game_keeps_the_unfinished_one(app):
    saved_game("kotu_ellima", 9)
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    assert "Kotu Ellima" in title.resume_button.label
    scene = PlayScene(app, MatchConfig("peralikatuma"))
    app.manager.push(scene)
    play_one_move(app, scene)
    games = library.scan().unfinished
    assert [g.config.game_id for g in games] == ["peralikatuma", "kotu_ellima"]


def test_the_title_is_fresh_after_a_game_and_continue_opens_the_newest(app):
    """Launched with a saved Kotu Ellima game, a Peralikatuma game is played and left: Continue
    offers Peralikatuma, and opening it leaves the Kotu Ellima file as it was."""
    kotu = saved_game("kotu_ellima", 9)
    kotu_text = kotu.path(False).read_text()
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    Mouse(app).key(pygame.K_RETURN)  # to the chooser
    app.manager.push(PlayScene(app, MatchConfig("peralikatuma")))
    scene = app.manager.top
    play_one_move(app, scene)
    Mouse(app).key(pygame.K_ESCAPE)
    Mouse(app).key(pygame.K_m)  # save and leave: the chooser
    assert isinstance(app.manager.top, MenuScene)
    Mouse(app).key(pygame.K_ESCAPE)  # back to the title
    title = title_on_top(app)
    app.frame([], 1 / 60)
    assert (
        "Peralikatuma" in title.resume_button.label and "move 1," in title.resume_button.label
    )  # North's 1…
    assert title.library_button.label == "Saved games (2)"
    Mouse(app).key(pygame.K_r)
    resumed = app.manager.top
    assert isinstance(resumed, PlayScene) and resumed.match.config.game_id == "peralikatuma"
    play_one_move(app, resumed)
    assert kotu.path(False).read_text() == kotu_text


def test_a_game_saved_and_left_is_offered_on_a_title_that_had_none(app):
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    assert not title.resume_button.visible and not title.library_button.visible
    Mouse(app).key(pygame.K_RETURN)
    scene = PlayScene(app, MatchConfig("sixteen_soldiers"))
    app.manager.push(scene)
    play_one_move(app, scene)
    Mouse(app).key(pygame.K_ESCAPE)
    Mouse(app).key(pygame.K_m)
    Mouse(app).key(pygame.K_ESCAPE)
    app.frame([], 1 / 60)
    assert title_on_top(app).resume_button.visible and "Sixteen Soldiers" in title.resume_button.label


def test_import_and_rematch_never_discard_another_game(app):
    kotu = saved_game("kotu_ellima", 9)
    title = shown_title(app)
    app.manager.push(title)
    state = random_play("battlehalma", 4, lambda s: s.ply >= 9)
    title.open_text(saves.match_text(MatchConfig("battlehalma", dict(state.game.options)), state))
    imported = app.manager.top
    assert isinstance(imported, PlayScene)
    assert {g.config.game_id for g in library.scan().unfinished} == {"kotu_ellima", "battlehalma"}
    imported.rematch()
    rematch = app.manager.top
    assert isinstance(rematch, PlayScene) and rematch.match.game_file.id != imported.match.game_file.id
    play_one_move(app, rematch)
    ids = [g.id for g in library.scan().unfinished]
    assert len(ids) == 3 and kotu.id in ids and imported.match.game_file.id in ids


def test_a_finished_game_goes_to_the_history_and_counts_in_the_record(app):
    state = finished("cows_leopards", 3)
    last = state.undo()
    config = MatchConfig("cows_leopards", dict(state.game.options), Mode.COMPUTER, state.to_move, "easy")
    scene = PlayScene(app, config, state)
    app.manager.push(scene)
    scene.match.play(last)
    settle(app, scene)
    lib = library.scan()
    assert lib.unfinished == [] and len(lib.finished) == 1
    entry = lib.finished[0]
    assert entry.result() == "won" and entry.details().startswith("You won as")
    assert lib.record() == {("cows_leopards", "easy"): (1, 0, 0)}
    scene.match.undo()  # the game goes on: back with the unfinished games, out of the record
    lib = library.scan()
    assert [e.id for e in lib.unfinished] == [entry.id] and lib.finished == [] and lib.record() == {}


def test_the_library_screen_deletes_only_after_asking(app):
    older = saved_game("kotu_ellima", 9)
    saved_game("ncuva", 3)
    screen = LibraryScene(app)
    app.manager.push(screen)
    app.frame([], 1 / 60)
    Mouse(app).key(pygame.K_DOWN)
    Mouse(app).key(pygame.K_DELETE)
    assert isinstance(app.manager.top, MenuOverlay)
    Mouse(app).key(pygame.K_ESCAPE)  # keep it
    assert app.manager.top is screen and len(library.scan().unfinished) == 2
    app.frame([], 1 / 60)
    Mouse(app).click(screen.delete_button.rect.center)
    Mouse(app).key(pygame.K_RETURN)  # delete it
    assert app.manager.top is screen
    assert [g.config.game_id for g in library.scan().unfinished] == ["ncuva"]
    assert not older.path(False).exists() and "Deleted" in screen.message


def test_the_library_lists_finished_games_and_the_record(app):
    for seed, level in ((1, "hard"), (2, "hard"), (3, "easy")):
        state = finished("kotu_ellima", seed)
        library.GameFile().save(
            MatchConfig("kotu_ellima", dict(state.game.options), Mode.COMPUTER, 0, level), state
        )
    screen = LibraryScene(app)
    app.manager.push(screen)
    Mouse(app).key(pygame.K_TAB)
    app.frame([], 1 / 60)
    assert screen.tab == "finished" and len(screen.row_rects) == 3 and screen.open_button.label == "Look over"
    Mouse(app).key(pygame.K_TAB)
    app.frame([], 1 / 60)
    rows = dict(screen.record_rows())
    hard = sum(int(n) for n in rows["Kotu Ellima"][2].split(" · "))
    assert hard == 2 and rows["Kotu Ellima"][3] == "–"
    Mouse(app).key(pygame.K_LEFT)
    Mouse(app).key(pygame.K_RETURN)  # look the newest over
    play = app.manager.top
    assert isinstance(play, PlayScene) and play.match.state.outcome() is not None


def test_a_game_that_cannot_be_opened_is_said_and_moved_aside(app):
    good = saved_game("kotu_ellima", 4)
    text = good.path(False).read_text()
    bad = library.games_dir() / "20250101-000000-aaaaaa.txt"
    bad.write_text(text.replace("level medium", "level ultra"))
    huge = library.games_dir() / "20250101-000000-bbbbbb.txt"
    huge.write_bytes(b"keliya-save 1\n" + b"x" * 1_200_000)
    lib = library.scan()
    assert [e.id for e in lib.unfinished] == [good.id]
    assert len(lib.problems) == 2 and any("ultra" in p for p in lib.problems)
    assert any("larger than" in p for p in lib.problems)
    assert not bad.exists() and not huge.exists() and len(list(library.games_dir().glob("*.bad-*"))) == 2
    assert library.scan().problems == []  # said once


def test_the_old_single_save_slot_is_picked_up(app):
    state = random_play("ncuva", 2, lambda s: s.ply >= 5)
    old = library.data_dir() / library.LEGACY
    write_text_atomically(old, saves.match_text(MatchConfig("ncuva", dict(state.game.options)), state))
    games = library.scan().unfinished
    assert [g.match.state.to_text() for g in games] == [state.to_text()] and not old.exists()


def test_two_windows_with_the_same_game_keep_both_games():
    kotu = saved_game("kotu_ellima", 8)  # 17 moves to choose from: the two windows differ
    entry = library.scan().unfinished[0]
    (a_match, a_file), (b_match, b_file) = library.reopen(entry), library.reopen(entry)
    a_match.state.play(a_match.state.legal_moves()[0])
    assert a_file.save(a_match.config, a_match.state) == ""
    b_match.state.play(b_match.state.legal_moves()[-1])
    words = b_file.save(b_match.config, b_match.state)
    assert "another Keliya window" in words and b_file.id != kotu.id
    texts = sorted(e.match.state.to_text() for e in library.scan().unfinished)
    assert texts == sorted([a_match.state.to_text(), b_match.state.to_text()])
    b_match.state.play(b_match.state.legal_moves()[0])
    assert b_file.save(b_match.config, b_match.state) == ""  # said once; it goes on in its own file


def test_writers_at_once_never_tear_a_file(tmp_path):
    """Two writers (two windows) and a reader on one file: each read is one whole version."""
    path = tmp_path / "game.txt"
    versions = [f"version {i}\n" + "x" * (3000 + 97 * i) + "\nend\n" for i in range(40)]
    write_text_atomically(path, versions[0])
    seen: list[str] = []
    errors: list[BaseException] = []

    def writer(offset: int) -> None:
        try:
            for i in range(offset, len(versions), 2):
                for _ in range(5):
                    write_text_atomically(path, versions[i])
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        seen.append(path.read_text())
    for t in threads:
        t.join()
    assert errors == [] and seen and all(text in versions for text in seen)
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_every_path_back_to_the_title_refreshes_it(app):
    """From the library (after a delete), the chooser, and the settings: the title reads the disk."""
    saved_game("kotu_ellima", 9)
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    assert title.resume_button.visible
    for e in library.scan().unfinished:
        library.delete(e)
    Mouse(app).key(pygame.K_s)  # settings, then back
    Mouse(app).key(pygame.K_ESCAPE)
    app.frame([], 1 / 60)
    assert title_on_top(app) is title and not title.resume_button.visible


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_library_draws_its_rows_inside_the_window(app, size):
    app.resize(size)
    for seed in range(12):
        saved_game("ncuva" if seed % 2 else "battlehalma", 2 + seed, seed)
    screen = LibraryScene(app)
    app.manager.push(screen)
    app.frame([], 1 / 60)
    w, h = size
    assert len(screen.row_rects) >= 5
    assert all(r.bottom <= screen.back.rect.top and r.right <= w for r in screen.row_rects)
    for _ in range(11):
        Mouse(app).key(pygame.K_DOWN)
    app.frame([], 1 / 60)
    assert screen.selected == 11 and screen.top + len(screen.row_rects) == 12  # the chosen row is in view
    assert Mode.PASS == screen.chosen.config.mode


def test_the_lists_count_moves_as_the_move_list_numbers_them(app):
    from game.match.numbering import turn_numbers

    def movers_of(state) -> list[int]:
        replay = saves.start_of(state)
        out = []
        for move in state.history():
            out.append(replay.to_move)
            replay.apply(move)
        return out

    going = random_play("kotu_ellima", 4, lambda s: s.ply >= 9)  # South's fifth move to come: turn 5
    GameFile = library.GameFile
    GameFile().save(MatchConfig("kotu_ellima", mode=Mode.COMPUTER, level="hard"), going)
    done = finished("sixteen_soldiers", 2)
    GameFile().save(MatchConfig("sixteen_soldiers", dict(done.game.options), Mode.PASS), done)
    lib = library.scan()
    unfinished, ended = lib.unfinished[0], lib.finished[0]
    next_move = turn_numbers([*movers_of(going), going.to_move])[-1]
    assert next_move == 5 and unfinished.details().endswith(f", move {next_move}")
    assert unfinished.match.summary() == f"Kotu Ellima against Hard, move {next_move}"
    turns = turn_numbers(movers_of(done))[-1]
    assert turns < len(done.history()) and ended.details().endswith(f", {turns} moves"), ended.details()
    screen = LibraryScene(app)  # what the list shows is what the entry says
    app.manager.push(screen)
    screen.show_tab("finished")
    app.frame([], 1 / 60)
    assert screen.row_details == [ended.details()]


@pytest.mark.parametrize(
    "stamp", ["0001-01-01T00:00:00.000", "1969-12-31T23:59:59.000", "9999-12-31T23:59:59.999"]
)
def test_a_game_saved_at_an_impossible_time_is_listed_not_a_crash(app, stamp):
    """A saved line no clock writes (year 1 is year 0 east of Greenwich; before 1970; the last
    second of year 9999) passes every other check: the game is offered, dated by its file, and
    the title draws (a year-1 date stopped Keliya at every start)."""
    import re

    game_file = library.GameFile()
    game_file.save(
        MatchConfig("kotu_ellima", mode=Mode.COMPUTER), random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    )
    path = game_file.path(False)
    text = re.sub(r"(?m)^saved .*$", f"saved {stamp}", path.read_text(encoding="utf-8"))
    write_text_atomically(path, text)
    assert saves.read_match(text).saved_at is None or stamp.startswith("9999")
    entries = library.scan().unfinished
    assert [e.id for e in entries] == [game_file.id]
    assert library.when_words(entries[0].saved_at)
    title = shown_title(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    assert title.resume_button.visible and "Kotu Ellima" in title.resume_button.label


# --- the words of a game's line in the lists, and the record --------------------------------------
def listed(
    game_id: str = "kotu_ellima",
    finished: bool = True,
    mode: str = Mode.COMPUTER,
    human_side: int = 0,
    winner: int | None = None,
    moves: int = 23,
    level: str = "hard",
    level2: str | None = None,
) -> library.Entry:
    """A game as the lists hold it, its moves counted already (``moves_made``: the move list's
    count, tested with the lists themselves)."""
    entry = library.Entry(
        "20261123-203500-abcdef",
        Path("games") / "x.txt",
        finished,
        MatchConfig(game_id, {}, mode, human_side, level, level2=level2),
        ply=2 * moves,
        saved_at=0.0,
        winner=winner,
    )
    vars(entry)["moves_made"] = moves  # the cached count (the dataclass is frozen, its cache is not)
    return entry


@pytest.mark.parametrize(
    "kwargs, opponent, details",
    [
        # unfinished: who the player faces and the move to be played next
        (
            dict(finished=False, human_side=0),
            "against Hard, you play South",
            "against Hard, you play South, move 24",
        ),
        (
            dict(finished=False, human_side=1, level="easy"),
            "against Easy, you play North",
            "against Easy, you play North, move 24",
        ),
        (
            dict(finished=False, mode=Mode.WATCH, level="easy", level2="expert"),
            "computer against computer (Easy v Expert)",
            "computer against computer (Easy v Expert), move 24",
        ),
        (
            dict(finished=False, mode=Mode.WATCH, level="medium"),
            "computer against computer (Medium v Medium)",
            "computer against computer (Medium v Medium), move 24",
        ),
        (dict(finished=False, mode=Mode.PASS), "pass and play", "pass and play, move 24"),
        # finished against the computer: won, lost or drawn, as either side
        (dict(human_side=0, winner=0), None, "You won as South against Hard, 23 moves"),
        (dict(human_side=1, winner=1), None, "You won as North against Hard, 23 moves"),
        (dict(human_side=0, winner=1), None, "You lost as South against Hard, 23 moves"),
        (dict(human_side=1, winner=0, level="expert"), None, "You lost as North against Expert, 23 moves"),
        (dict(human_side=1, winner=None), None, "A draw as North against Hard, 23 moves"),
        (dict(human_side=0, winner=0, moves=1), None, "You won as South against Hard, 1 move"),
        (dict(human_side=0, winner=1, moves=1), None, "You lost as South against Hard, 1 move"),
        (dict(human_side=0, winner=None, moves=1), None, "A draw as South against Hard, 1 move"),
        # finished otherwise: the winning side by its name
        (
            dict(game_id="cows_leopards", mode=Mode.PASS, winner=0),
            None,
            "Leopards won, pass and play, 23 moves",
        ),
        (
            dict(game_id="cows_leopards", mode=Mode.PASS, winner=1, moves=1),
            None,
            "Cows won, pass and play, 1 move",
        ),
        (dict(mode=Mode.PASS, winner=None), None, "A draw, pass and play, 23 moves"),
        (dict(mode=Mode.PASS, winner=None, moves=1), None, "A draw, pass and play, 1 move"),
        (
            dict(mode=Mode.WATCH, winner=1, level="easy", level2="expert"),
            None,
            "North won, computer against computer (Easy v Expert), 23 moves",
        ),
    ],
)
def test_a_games_line_says_the_opponent_and_the_result_for_every_mode(kwargs, opponent, details):
    entry = listed(**kwargs)
    if opponent is not None:
        assert entry.opponent_words() == opponent
    assert entry.details() == details
    assert tr(entry.details()) == details  # its template and values say the same (English)


@pytest.mark.parametrize(
    "kwargs, result",
    [
        (dict(human_side=0, winner=0), "won"),
        (dict(human_side=1, winner=1), "won"),
        (dict(human_side=0, winner=1), "lost"),
        (dict(human_side=1, winner=0), "lost"),
        (dict(human_side=1, winner=None), "drawn"),
        (dict(finished=False, winner=None), None),
        (dict(finished=False, winner=0), None),
        (dict(mode=Mode.PASS, winner=0), None),
        (dict(mode=Mode.WATCH, winner=None), None),
    ],
)
def test_a_result_is_the_players_against_the_computer_only(kwargs, result):
    assert listed(**kwargs).result() == result


def test_the_record_counts_won_drawn_and_lost_by_game_and_level():
    games = [
        listed(winner=0),
        listed(winner=0),
        listed(winner=1),
        listed(winner=None),
        listed(human_side=1, winner=1),
        listed(level="easy", winner=None),
        listed("ncuva", winner=1),
        listed(finished=False),
        listed(mode=Mode.PASS, winner=0),
        listed(mode=Mode.WATCH, winner=1),
    ]
    record = library.Library(unfinished=[], finished=games, problems=[]).record()
    assert record == {
        ("kotu_ellima", "hard"): (3, 1, 1),
        ("kotu_ellima", "easy"): (0, 1, 0),
        ("ncuva", "hard"): (0, 0, 1),
    }


@pytest.mark.parametrize(
    "then, words",
    [
        ((2026, 11, 23, 8, 5), "today 08:05"),
        ((2026, 11, 23, 0, 0), "today 00:00"),
        ((2026, 11, 22, 23, 59), "yesterday 23:59"),
        ((2026, 11, 22, 0, 1), "yesterday 00:01"),
        ((2026, 11, 21, 23, 59), "21 Nov 2026"),  # two days ago: the date
        ((2026, 1, 5, 12, 0), "5 Jan 2026"),
        ((2025, 12, 31, 12, 0), "31 Dec 2025"),
        ((2026, 11, 24, 9, 0), "24 Nov 2026"),  # a clock put back: tomorrow is a date, not 'today'
    ],
)
def test_when_a_game_was_saved_is_said_as_today_yesterday_or_its_date(then, words, monkeypatch):
    def local(year: int, month: int, day: int, hour: int, minute: int) -> float:
        return time.mktime((year, month, day, hour, minute, 0, 0, 0, -1))

    now = local(2026, 11, 23, 12, 0)
    assert library.when_words(local(*then), now) == words
    assert tr(library.when_words(local(*then), now)) == words
    monkeypatch.setattr(library.time, "time", lambda: now)  # no 'now' given: the clock's
    assert library.when_words(local(*then)) == words


def test_a_new_games_name_is_its_start_time_and_a_random_part():
    first, second = library.new_id(), library.new_id()
    assert re.fullmatch(r"\d{8}-\d{6}-[0-9a-f]{6}", first), first
    assert first != second  # two windows starting a game in the same second never clash


@pytest.mark.parametrize("reader", ["scan", "overview"])
def test_a_game_another_window_moves_on_while_the_list_is_read_is_no_problem(monkeypatch, reader):
    """Another window finishes a game (its file moves to the finished games) or deletes it
    between this window listing the folder and reading the file: nothing is said to be damaged
    or moved aside, and a finished game is listed where it went."""
    moving = saved_game("kotu_ellima", 8)
    gone = saved_game("sixteen_soldiers", 6)
    done = finished("kotu_ellima")
    real_read = library.read_entry
    moved = moving.path(False)

    def read_after_another_window(path, finished):
        if path == moved and path.exists():  # the other window saves the game it has just finished
            moving.path(True).parent.mkdir(parents=True, exist_ok=True)
            moving.path(True).write_text(
                saves.match_text(MatchConfig("kotu_ellima", dict(done.game.options)), done)
            )
            path.unlink()
        elif path == gone.path(False) and path.exists():
            path.unlink()
        return real_read(path, finished)

    monkeypatch.setattr(library, "read_entry", read_after_another_window)
    found = getattr(library, reader)()
    assert found.problems == []
    assert not list(library.games_dir().glob("*.bad-*"))
    if reader == "scan":
        assert [e.path for e in found.unfinished] == [] and [e.path for e in found.finished] == [
            moving.path(True)
        ]


def test_a_game_deleted_in_another_window_is_said_to_be_gone_when_opened():
    saved_game("kotu_ellima", 3)
    [entry] = library.scan().unfinished
    entry.path.unlink()  # another window finished or deleted it meanwhile
    with pytest.raises(ValueError, match=r"^that game is no longer there \(deleted in another window\?\)$"):
        library.reopen(entry)
    assert not list(entry.path.parent.iterdir())  # nothing set aside: there was nothing


@pytest.mark.parametrize("finished_game", [False, True])
def test_a_game_saved_without_its_time_is_dated_by_its_file(finished_game):
    """A save without a ``saved`` line (written by hand, or by a tool) is listed by the time its
    file was last changed, the older one after the newer."""
    folder = library.history_dir() if finished_game else library.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    times = {"20200101-000000-aaaaaa": 1_600_000_000, "20200101-000000-bbbbbb": 1_500_000_000}
    for n, (game_id, when) in enumerate(times.items()):
        state = (
            finished("kotu_ellima", n + 1)
            if finished_game
            else random_play("kotu_ellima", n + 1, lambda s: s.ply >= 4)
        )
        path = folder / f"{game_id}.txt"
        path.write_text(saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state))
        os.utime(path, (when, when))
    lib = library.scan()
    listed = lib.finished if finished_game else lib.unfinished
    assert [(e.id, e.saved_at) for e in listed] == list(times.items())
    assert library.overview().unfinished == (0 if finished_game else 2)


@pytest.mark.parametrize("finished_game", [False, True])
def test_a_game_kept_in_the_wrong_list_is_said_and_set_aside(finished_game):
    """A finished game among the unfinished ones (or the other way round): said, moved aside."""
    state = (
        finished("kotu_ellima", 1) if finished_game else random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    )
    folder = library.games_dir() if finished_game else library.history_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "20200101-000000-aaaaaa.txt"
    path.write_text(saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state))
    lib = library.scan()
    assert lib.unfinished == [] and lib.finished == [] and not path.exists()
    [problem] = lib.problems
    why = (
        "it is finished, yet it was kept with the unfinished games"
        if finished_game
        else "it is not finished, yet it was kept with the finished games"
    )
    assert tr(problem).startswith(f"A saved game cannot be opened: {why}. It was moved to {path}.bad-")


def test_a_game_damaged_since_the_list_was_read_is_said_and_set_aside_when_opened():
    game_file = saved_game("kotu_ellima", 3)
    [entry] = library.scan().unfinished
    entry.path.write_text(entry.path.read_text().replace("keliya-save 1", "something else"))
    with pytest.raises(ValueError) as raised:
        library.reopen(entry)
    assert tr(str(raised.value)).startswith(
        "A saved game cannot be opened: this is not a game saved by Keliya. "
        f"It was moved to {game_file.path(False)}.bad-"
    )
    assert not game_file.path(False).exists()


def test_a_finished_game_the_rules_stumble_on_is_said_unreadable_and_the_list_goes_on(monkeypatch):
    """Whatever a damaged finished game makes the rules raise, the list is no crash."""
    state = finished("kotu_ellima", 1)
    path = library.history_dir() / "20200101-000000-aaaaaa.txt"
    path.parent.mkdir(parents=True)
    path.write_text(saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state))

    def stumbles(*args):
        raise IndexError("list index out of range")

    monkeypatch.setattr(saves, "check_moves_reach", stumbles)
    lib = library.scan()
    assert lib.finished == [] and len(lib.problems) == 1
    assert tr(lib.problems[0]).startswith(
        "A saved game cannot be opened: it cannot be read (IndexError). It was moved to "
    )


def test_a_game_that_cannot_be_deleted_says_why_and_what_to_do(monkeypatch):
    saved_game("kotu_ellima", 3)
    [entry] = library.scan().unfinished

    def denied(self, missing_ok=False):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "unlink", denied)
    assert tr(library.delete(entry)) == (
        "The game could not be deleted: Keliya may not write in its folder. "
        "Give Keliya permission to write there."
    )


@pytest.mark.parametrize("finished_game", [False, True])
def test_a_game_is_dated_by_its_saved_line_rather_than_its_files_time(finished_game):
    state = (
        finished("kotu_ellima", 1) if finished_game else random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    )
    folder = library.history_dir() if finished_game else library.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "20200101-000000-aaaaaa.txt"
    path.write_text(
        saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state, 1_600_000_000.25)
    )
    os.utime(path, (1_500_000_000, 1_500_000_000))  # copied from a backup: the file's own time is older
    lib = library.scan()
    [entry] = lib.finished if finished_game else lib.unfinished
    assert entry.saved_at == pytest.approx(1_600_000_000.25)


def test_a_bad_file_that_cannot_be_moved_aside_is_said_with_why(monkeypatch):
    path = library.games_dir() / "20200101-000000-aaaaaa.txt"
    path.parent.mkdir(parents=True)
    path.write_text("my notes\n")
    monkeypatch.setattr(library, "set_aside", lambda p: p)  # a read-only folder: it stays
    assert [tr(p) for p in library.scan().problems] == [
        "A saved game cannot be opened: this is not a game saved by Keliya."
    ]
    assert library.scan().problems == [] and path.exists()  # said once


@pytest.mark.parametrize("finished_game", [False, True])
def test_a_game_forgotten_leaves_the_library_whether_finished_or_not(finished_game):
    state = (
        finished("kotu_ellima", 1) if finished_game else random_play("kotu_ellima", 1, lambda s: s.ply >= 4)
    )
    game_file = library.GameFile()
    assert game_file.save(MatchConfig("kotu_ellima", dict(state.game.options)), state) == ""
    assert game_file.path(finished_game).exists()
    game_file.forget()
    lib = library.scan()
    assert lib.unfinished == [] and lib.finished == [] and not game_file.path(finished_game).exists()


def test_a_game_no_longer_text_since_the_list_was_read_is_said_and_set_aside_when_opened():
    game_file = saved_game("kotu_ellima", 3)
    [entry] = library.scan().unfinished
    entry.path.write_bytes(b"\x00\x01\x02 not text")
    with pytest.raises(ValueError) as raised:
        library.reopen(entry)
    assert tr(str(raised.value)).startswith(
        f"A saved game cannot be opened: it is not a text file. It was moved to {game_file.path(False)}.bad-"
    )


def test_an_earlier_versions_save_slot_that_cannot_be_read_is_said_and_set_aside():
    legacy = library.data_dir() / library.LEGACY
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_text("my notes\n")
    [problem] = library.scan().problems
    assert tr(problem).startswith(
        f"A saved game cannot be opened: this is not a game saved by Keliya. It was moved to {legacy}.bad-"
    )
    assert not legacy.exists()


def test_a_window_with_nothing_new_leaves_the_other_windows_game_and_says_nothing():
    a = saved_game("kotu_ellima", 6)
    [entry] = library.scan().unfinished
    a_match = library.reopen(entry)[0]
    b_match, b = library.reopen(entry)
    b_match.state.play(b_match.state.legal_moves()[0])
    assert b.save(b_match.config, b_match.state) == ""  # the other window moves on
    assert a.save(a_match.config, a_match.state) == ""  # this one saves what it had: nothing new
    assert [e.id for e in library.scan().unfinished] == [a.id]
    assert saves.read_match(a.path(False).read_text()).state.history() == b_match.state.history()


def test_the_same_game_saved_again_by_another_window_is_no_fork():
    """The other window wrote the very game again (only its time differs): this window's next
    move is saved in the same file, said as nothing."""
    a = saved_game("kotu_ellima", 6)
    state = saves.read_match(a.path(False).read_text()).state
    text = a.path(False).read_text()  # the other window's save of the very same game, at another time:
    write_text_atomically(a.path(False), re.sub(r"(?m)^saved .*$", "saved 2001-01-01T00:00:00.000", text))
    state.play(state.legal_moves()[0])
    assert a.save(MatchConfig("kotu_ellima", dict(state.game.options)), state) == ""
    assert [e.id for e in library.scan().unfinished] == [a.id]
    assert saves.read_match(a.path(False).read_text()).state.history() == state.history()
