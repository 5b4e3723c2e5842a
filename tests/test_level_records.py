"""The levels' records (issue 33, item 4): the arena keeps a match between two levels as the app
plays them, and the setup screen tells a player, game by game and under the rules chosen, what each
level measured against the others; a record is refused unless it is one."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from game.ai import level_records
from game.ai.level_records import Record, load, put, record_words, records_for
from game.app import App
from game.scenes.setup import SetupScene
from rules import game_spec
from tools.scenarios import visible
from training.arena import main


@pytest.fixture
def records(tmp_path, monkeypatch):
    """A records file of the test's own, read by the setup screen in place of the shipped one."""
    path = tmp_path / "records.json"
    monkeypatch.setattr(level_records, "RECORDS_FILE", path)
    return path


def test_the_arena_keeps_a_match_between_two_levels_and_a_newer_one_replaces_it(records, capsys):
    argv = ["kotu_ellima", "medium", "easy", "--games", "2", "--clock", "0.02"]
    assert main([*argv, "--record", str(records), "--quiet"]) == 0
    printed = capsys.readouterr().out
    [kept] = load(records)
    score_line = next(line for line in printed.splitlines() if "scores" in line and "interval" in line)
    assert f"{kept.wins} win" in score_line and f"{kept.draws} draw" in score_line
    assert (kept.game, kept.options, kept.a, kept.b, kept.clock, kept.games) == (
        "kotu_ellima",
        {},
        "medium",
        "easy",
        0.02,
        2,
    )
    # and by the side A played: one game each (sides alternate), as the arena printed them
    assert kept.by_side is not None and [sum(c) for c in kept.by_side] == [1, 1]
    for side, name in enumerate(game_spec("kotu_ellima").sides):
        wins, draws, _ = kept.by_side[side]
        assert f"medium as {name}: {wins + draws / 2:.1%}" in printed
    # the same two levels the other way round, another game's and another clock's records kept
    put(Record("kotu_ellima", {}, "easy", "medium", 0.02, 0, 3, 1))
    put(Record("peralikatuma", {}, "easy", "medium", 0.02, 1, 1, 1))
    put(Record("kotu_ellima", {}, "easy", "medium", 0.5, 1, 1, 1))
    kept = load(records)
    assert len(kept) == 3 and Record("kotu_ellima", {}, "easy", "medium", 0.02, 0, 3, 1) in kept
    assert json.loads(records.read_text())[0]["game"] == "kotu_ellima"  # a stable order


@pytest.mark.parametrize(
    "extra",
    [
        ["--scale", "0.1"],
        ["--seconds", "0.1"],
        ["--iterations", "5"],
        ["--workers", "2"],
        ["--opening", "2"],
        ["--clock", "2"],
        ["--max-plies", "10"],
    ],
)
def test_a_match_unlike_the_apps_is_not_kept_as_a_record(records, extra, capsys):
    with pytest.raises(SystemExit):
        main(["kotu_ellima", "medium", "easy", "--games", "1", *extra, "--record", str(records)])
    assert "--record keeps a match between two levels" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["kotu_ellima", "medium", "alphabeta", "--games", "1", "--record", str(records)])
    assert not records.exists()


def test_a_record_is_told_from_either_sides_view_with_its_clocks():
    record = Record("kotu_ellima", {}, "expert", "hard", 0.25, 12, 20, 8)
    [expert] = record_words(record, "expert")[:1]
    assert expert == "Against Hard in this game: won 12, drew 20, lost 8 of 40 games."
    hard = record_words(record, "hard")
    assert hard[0] == "Against Expert in this game: won 8, drew 20, lost 12 of 40 games."
    assert hard[1] == "Both thought 25% as long as in play."
    assert record_words(record, "easy") == []
    at_full_clock = record_words(Record("kotu_ellima", {}, "easy", "medium", 1.0, 1, 0, 0), "medium")
    assert at_full_clock == ["Against Easy in this game: won 0, drew 0, lost 1 of 1 game."]
    three_fifths = record_words(Record("kotu_ellima", {}, "easy", "medium", 0.6, 1, 0, 0), "easy")
    assert three_fifths[1] == "Both thought 60% as long as in play."


def test_a_hunt_record_is_told_for_the_side_the_level_plays(records):
    """In a hunt each side is a game of its own: a record kept by side tells the games the level
    played that side alone, from either level's view; one without sides, or no side asked, tells the
    whole match. The file keeps the sides as written and leaves them out where none were kept."""
    record = Record("cows_leopards", {}, "expert", "hard", 0.1, 17, 13, 10, ((2, 9, 9), (15, 4, 1)))
    assert record.seen_by_side("expert", 0) == ("hard", 2, 9, 9)
    assert record.seen_by_side("expert", 1) == ("hard", 15, 4, 1)
    assert record.seen_by_side("hard", 0) == ("expert", 1, 4, 15)  # Hard's Leopards met Expert's Cows
    assert record.seen_by_side("hard", 1) == ("expert", 9, 9, 2)
    assert record.seen_by_side("easy", 0) is None
    assert record_words(record, "expert", [(0, "Leopards")]) == [
        "Playing Leopards against Hard: won 2, drew 9, lost 9 of 20 games.",
        "Both thought 10% as long as in play.",
    ]
    assert record_words(record, "hard", [(0, "Leopards"), (1, "Cows")])[:2] == [
        "Playing Leopards against Expert: won 1, drew 4, lost 15 of 20 games.",
        "Playing Cows against Expert: won 9, drew 9, lost 2 of 20 games.",
    ]
    assert (
        record_words(record, "expert")[0]
        == "Against Hard in this game: won 17, drew 13, lost 10 of 40 games."
    )
    one = Record("cows_leopards", {}, "medium", "easy", 1.0, 1, 0, 1, ((1, 0, 0), (0, 0, 1)))
    assert record_words(one, "easy", [(1, "Cows")]) == [
        "Playing Cows against Medium: won 0, drew 0, lost 1 of 1 game."
    ]
    unsided = replace(record, by_side=None)
    assert unsided.seen_by_side("expert", 0) is None
    assert record_words(unsided, "expert", [(0, "Leopards")])[0].startswith(
        "Against Hard in this game: won 17"
    )
    put(record)
    put(replace(unsided, game="kotu_ellima"))
    raw = json.loads(records.read_text())
    assert raw[0]["by_side"] == [[2, 9, 9], [15, 4, 1]] and "by_side" not in raw[1]
    assert load(records) == [record, replace(unsided, game="kotu_ellima")]


def test_a_record_counts_only_under_the_rules_it_was_played_by(records):
    spec = game_spec("cows_leopards")
    put(Record("cows_leopards", {}, "easy", "medium", 1.0, 0, 1, 9))  # listed first, Hard not in it
    put(Record("cows_leopards", {}, "expert", "hard", 1.0, 5, 30, 5))
    put(Record("cows_leopards", {"stuck": "draw"}, "hard", "medium", 1.0, 8, 2, 0))  # after the stale one
    put(Record("cows_leopards", {"limit": "40"}, "hard", "medium", 1.0, 9, 1, 0))
    put(Record("cows_leopards", {"no_such_option": "1"}, "hard", "easy", 1.0, 9, 1, 0))
    put(Record("kotu_ellima", {}, "hard", "medium", 1.0, 9, 1, 0))
    defaults = spec.resolve_options({})

    def opponents(options: dict) -> list[str]:
        return [r.seen_by("hard")[0] for r in records_for("cows_leopards", options, "hard")]

    assert opponents(defaults) == ["expert"]
    forty = spec.resolve_options({"limit": "40"})
    assert opponents(forty) == ["medium"]
    assert opponents(spec.resolve_options({"stuck": "draw"})) == ["medium"]
    assert [r.seen_by("easy")[0] for r in records_for("cows_leopards", defaults, "easy")] == ["medium"]
    assert records_for("cows_leopards", forty, "easy") == []


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"wins": -1}, "are counts, at least one game"),
        ({"wins": 0, "draws": 0, "losses": 0}, "are counts, at least one game"),
        ({"draws": 2.5}, "are counts"),
        ({"a": "wizard"}, "between two different levels (easy, medium, hard, expert)"),
        ({"b": "expert"}, "between two different levels"),
        ({"clock": 0}, "a fraction of the app's"),
        ({"clock": 1.5}, "a fraction of the app's"),
        ({"options": {"limit": 40}}, "names and values in words"),
        ({"options": ["limit"]}, "names its game and its options"),
        ({"game": None}, "names its game"),
        ({"extra": 1}, "needs exactly the fields"),
        ({"by_side": [[1, 1, 1], [0, 1, 1]]}, "adding up to its own"),
        ({"by_side": [[1, 2, 3]]}, "two sides' results"),
        ({"by_side": [[1, 2], [0, 0]]}, "two sides' results"),
        ({"by_side": [[1, 2, 3], [0, 0, 0], [0, 0, 0]]}, "two sides' results"),
        ({"by_side": [[2, 2, 3], [-1, 0, 0]]}, "two sides' results"),
        ({"by_side": [[1, 2, 3.0], [0, 0, 0]]}, "two sides' results"),
        ({"by_side": {"0": [1, 2, 3]}}, "two sides' results"),
        ({"by_side": [(1, 2, 3), "abc"]}, "two sides' results"),
    ],
)
def test_a_record_that_is_no_match_is_refused_saying_why(records, change, why):
    good = {"game": "kotu_ellima", "options": {}, "a": "expert", "b": "hard", "clock": 0.25}
    good |= {"wins": 1, "draws": 2, "losses": 3}
    records.write_text(json.dumps([good]))
    assert load(records)[0].games == 6
    records.write_text(json.dumps([good | {"by_side": [[1, 0, 2], [0, 2, 1]]}]))
    assert load(records)[0].by_side == ((1, 0, 2), (0, 2, 1))
    records.write_text(json.dumps([good | change]))
    with pytest.raises(ValueError, match=re.escape(why)):
        load(records)
    records.write_text(json.dumps({"records": [good]}))
    with pytest.raises(ValueError, match="holds a list of records"):
        load(records)


def test_a_file_named_is_the_one_read_and_written(tmp_path, records):
    """The arena's ``--record FILE`` and a test's own file: never the shipped one behind it."""
    elsewhere = tmp_path / "elsewhere.json"
    put(Record("kotu_ellima", {}, "expert", "hard", 0.5, 1, 2, 3), elsewhere)
    put(Record("kotu_ellima", {}, "medium", "easy", 1.0, 4, 0, 0), elsewhere)  # added to what is there
    assert not records.exists() and [r.wins for r in load(elsewhere)] == [1, 4]
    assert records_for("kotu_ellima", {}, "hard", elsewhere)[0].losses == 3
    assert records_for("kotu_ellima", {}, "hard") == []


def test_the_shipped_records_are_matches_under_rules_the_games_still_have():
    shipped = load()
    for record in shipped:
        game_spec(record.game).resolve_options(record.options)  # a stale option raises
    pairs = [(r.game, tuple(sorted(r.options.items())), frozenset((r.a, r.b)), r.clock) for r in shipped]
    assert len(pairs) == len(set(pairs))


def _against_computer(app, game_id: str, level: str, side: int | None = None) -> SetupScene:
    """Setup for ``game_id`` pushed, playing the computer at ``level`` (the player on ``side`` if
    given), the Difficulty row in focus and one frame drawn: the About box tells that level."""
    from game.config import Mode

    scene = SetupScene(app, game_id)
    app.manager.push(scene)
    _choose(scene.mode, Mode.COMPUTER)
    _choose(scene.level, level)
    if side is not None:
        _choose(scene.side, side)
    scene.focus.focus(scene.level)
    app.frame([], 1 / 60)
    return scene


def _choose(selector, value) -> None:
    """``value`` chosen as a player does, one arrow at a time."""
    for _ in selector.choices:
        if selector.value == value:
            return
        selector.nudge(1)
    raise AssertionError(f"{value} is not a choice")


def test_setup_tells_what_the_chosen_level_measured_in_this_game(records):
    from game.config import Mode

    put(Record("kotu_ellima", {}, "expert", "hard", 0.25, 12, 20, 8))
    app = App((1280, 800), sound=False)
    try:
        scene = _against_computer(app, "kotu_ellima", "expert")
        _, words, _ = scene.about()
        assert words.endswith(
            "Against Hard in this game: won 12, drew 20, lost 8 of 40 games. "
            "Both thought 25% as long as in play."
        )
        shown = visible(app)  # drawn in the About box, wrapped over its lines
        assert "Against Hard in this game: won 12, drew 20, lost 8 of 40 games." in shown
        assert "Against Hard in this game" in visible(app)  # and still, frame after frame
        _choose(scene.level, "medium")
        assert "Against" not in scene.about()[1]  # Medium has no record here
        assert "Against Hard in this game" not in visible(app)
        _choose(scene.level, "hard")
        assert "Against Expert in this game: won 8, drew 20, lost 12" in scene.about()[1]
        scene.focus.focus(scene.mode)
        assert "Against" not in scene.about()[1]  # the About box explains the row in focus only
        _choose(scene.mode, Mode.WATCH)
        _choose(scene.level2, "expert")
        scene.focus.focus(scene.level2)
        assert "Against Hard in this game: won 12" in scene.about()[1]  # the second side's level too
        peralikatuma = _against_computer(app, "peralikatuma", "expert")
        assert "Against" not in peralikatuma.about()[1]  # another game's match is not this one's
    finally:
        app.close()


def test_setup_tells_a_hunt_record_for_the_side_the_computer_will_play(records):
    """Cows and Leopards: the About box tells how the level did on the side it will play (the side
    the player leaves, or in a watched game the side each level is set for), and follows the choice;
    a war game's sides are alike, so there the whole match is told."""
    from game.config import Mode

    put(Record("cows_leopards", {}, "expert", "hard", 0.1, 17, 13, 10, ((2, 9, 9), (15, 4, 1))))
    put(Record("kotu_ellima", {}, "expert", "hard", 0.25, 1, 37, 2, ((1, 18, 1), (0, 19, 1))))
    app = App((1280, 800), sound=False)
    try:
        scene = _against_computer(app, "cows_leopards", "expert", side=0)  # Expert plays the Cows
        cows = "Playing Cows against Hard: won 15, drew 4, lost 1 of 20 games."
        assert cows in scene.about()[1] and "Leopards against" not in scene.about()[1]
        assert cows in visible(app)
        assert cows in visible(app)  # and still, frame after frame
        _choose(scene.side, 1)
        leopards = "Playing Leopards against Hard: won 2, drew 9, lost 9 of 20 games."
        assert leopards in scene.about()[1] and cows not in scene.about()[1]
        app.frame([], 1 / 60)
        assert leopards in visible(app)
        shown = visible(app)  # the next frame: still the Leopards' games, and no longer the Cows'
        assert leopards in shown and cows not in shown
        _choose(scene.mode, Mode.WATCH)  # Expert the Leopards, Hard the Cows
        _choose(scene.level2, "hard")
        assert leopards in scene.about()[1]
        scene.focus.focus(scene.level2)
        assert scene.about()[1].endswith(
            "Playing Cows against Expert: won 9, drew 9, lost 2 of 20 games. "
            "Both thought 10% as long as in play."
        )
        assert "Playing Cows against Expert: won 9, drew 9, lost 2 of 20 games." in visible(app)
        _choose(scene.level2, "expert")  # Expert on both sides: both told
        assert leopards in scene.about()[1] and cows in scene.about()[1]
        app.manager.pop()
        war = _against_computer(app, "kotu_ellima", "expert")
        assert "Against Hard in this game: won 1, drew 37, lost 2 of 40 games." in war.about()[1]
        assert "Playing" not in war.about()[1]
    finally:
        app.close()


def test_setup_says_where_a_level_checks_its_move_and_nowhere_else(records):
    """The About box says Expert checks its move for traps in the games where it does, and not in
    Ncuva (the check is off there: ``UNCHECKED_GAMES``); Hard never checks. The light table the
    setup reads (``level_names``) is the levels' own: every checking level has the check."""
    from game.ai.level_names import CHECKING_LEVELS, UNCHECKED_GAMES, checks_in
    from game.ai.levels import LEVELS
    from rules import load_game

    assert CHECKING_LEVELS == {name for name, level in LEVELS.items() if level.tactics}
    for game_id in ("kotu_ellima", "ncuva", "battlehalma"):
        game = load_game(game_id)
        for name, level in LEVELS.items():
            assert checks_in(name, game_id) == level.checks_in(game)
    assert "ncuva" in UNCHECKED_GAMES
    sentence = "Then it checks its move for traps further ahead."
    app = App((1280, 800), sound=False)
    try:
        for game_id, level, said in (("kotu_ellima", "expert", True), ("ncuva", "expert", False)):
            scene = _against_computer(app, game_id, level)
            words = scene.about()[1]
            assert words == "The longest thinker: up to five seconds a move." + (
                " " + sentence if said else ""
            )
            assert (sentence in visible(app)) == said, game_id
            assert (sentence in visible(app)) == said, game_id  # and still, frame after frame
            _choose(scene.level, "hard")
            assert sentence not in scene.about()[1]
            app.manager.pop()
    finally:
        app.close()


def test_unreadable_records_are_reported_on_the_console_and_the_check_is_still_said(records, capsys):
    """A shipped records file that cannot be read is a fault of the build: said on the console, and
    the level's own words (where it checks) still reach the About box."""
    from game.opponent import level_record

    records.write_text("not json", encoding="utf-8")
    said = level_record("kotu_ellima", {}, "expert")
    assert said == ["Then it checks its move for traps further ahead."]
    assert "keliya: the levels' records could not be read:" in capsys.readouterr().out
    assert level_record("kotu_ellima", {}, "hard") == []
