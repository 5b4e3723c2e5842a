"""Saved games: every game's save text restores the same position, history, outcome and turn
(finished games too); bad save files are reported and moved aside, never a crash."""

from __future__ import annotations

import random
import re
import time

import pytest

import rules
from game import saves
from game.config import MatchConfig, Mode
from game.i18n import tr
from game.userfiles import data_dir
from rules import game_ids, load_game
from tools.scenarios import random_play


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    return tmp_path


def played(game_id: str, seed: int, plies: int | None):
    stop = (lambda s: False) if plies is None else (lambda s: s.ply >= plies)
    return random_play(game_id, seed, stop, max_plies=3000)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("plies", [0, 7, None])  # the start, mid-game, finished
def test_a_save_restores_position_history_and_outcome(game_id, plies):
    state = played(game_id, 3, plies)
    config = MatchConfig(game_id, dict(state.game.options), Mode.COMPUTER, 1, "hard")
    back = saves.read_match(saves.match_text(config, state))
    assert back.state.to_text() == state.to_text()
    assert back.state.history() == state.history()
    assert back.state.outcome() == state.outcome()
    assert back.state.to_move == state.to_move
    assert [m.kind for m in back.state.legal_moves()] == [m.kind for m in state.legal_moves()]
    assert (back.config.mode, back.config.human_side, back.config.level) == (Mode.COMPUTER, 1, "hard")
    assert back.config.options == config.options


def test_a_game_begun_from_a_position_keeps_its_start():
    state = played("kotu_ellima", 5, 12)
    from rules import load_state

    loaded = load_state(state.to_text())  # no history: the save starts here
    loaded.play(loaded.legal_moves()[0])
    back = saves.read_match(saves.match_text(MatchConfig("kotu_ellima"), loaded))
    assert back.start_ply == 12 and len(back.state.history()) == 1


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "not a game saved by Keliya"),
        ("hello world\n", "not a game saved by Keliya"),
        ("keliya-save 1\ngame kotu_ellima\n", "incomplete"),
        (
            "keliya-save 1\ngame chess\nmode pass\nhuman 0\nlevel easy\noptions {}\nstart x\nposition y\n",
            "unknown game",
        ),
    ],
)
def test_bad_save_texts_say_what_is_wrong(text, why):
    with pytest.raises(ValueError, match=why):
        saves.read_match(text)


def test_an_edited_save_is_refused_with_the_move_that_fails():
    state = played("sixteen_soldiers", 4, 20)
    text = saves.match_text(MatchConfig("sixteen_soldiers"), state)
    moves_line = next(line for line in text.splitlines() if line.startswith("moves "))
    first = moves_line.split()[1]
    tampered = text.replace(moves_line, moves_line.replace(first, "a1-a2", 1))
    with pytest.raises(ValueError, match="move 1"):
        saves.read_match(tampered)


def good_text(**changes: str) -> str:
    """A valid save of a Kotu Ellima game against Hard with one line changed."""
    state = played("kotu_ellima", 1, 6)
    text = saves.match_text(
        MatchConfig("kotu_ellima", dict(state.game.options), Mode.COMPUTER, 0, "hard"), state
    )
    lines = text.splitlines()
    for key, value in changes.items():
        lines = [f"{key} {value}" if line.split(" ", 1)[0] == key else line for line in lines]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "changes, why",
    [
        ({"level": "ultra"}, "level 'ultra'"),
        ({"mode": "online"}, "not one Keliya knows"),
        ({"human": "2"}, "side"),
        ({"human": "1e400"}, "side"),
        ({"options": '{"capture": "forced", "colour": "red"}'}, "unknown option"),
        ({"options": '{"capture": "huff"}'}, "other rules"),  # the rematch would change the rules
        ({"options": "[" * 200_000 + "]" * 200_000}, "options"),
        ({"options": '{"capture": ' + "[" * 1500 + "]" * 1500 + "}"}, "options"),
        ({"start": "kotu_ellima; board=x"}, "start position"),
    ],
)
def test_a_save_is_checked_against_what_the_app_accepts(changes, why):
    assert saves.read_match(good_text()).config.level == "hard"
    with pytest.raises(ValueError, match=why):
        saves.read_match(good_text(**changes))


def test_any_fault_in_a_save_is_a_value_error_in_words():
    rng = random.Random(7)
    text = good_text()
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice('0123456789;=/,. xSNabc{}[]"\n')
        try:
            saves.read_match("".join(chars))
        except ValueError as e:
            assert str(e) and "Traceback" not in str(e)


def test_options_of_the_game_are_kept():
    game = load_game("kotu_ellima", capture="huff", limit="off")
    state = game.new_initial_state(random.Random(1))
    back = saves.read_match(
        saves.match_text(MatchConfig("kotu_ellima", {"capture": "huff", "limit": "off"}), state)
    )
    assert back.state.game.options == game.options


# --- the words a save is shown with (the title's resume offer, the library's lines) ---------------
@pytest.mark.parametrize(
    "mode, level, level2, finished, expected",
    [
        (Mode.COMPUTER, "hard", None, False, "Kotu Ellima against Hard, move 23"),
        (Mode.COMPUTER, "easy", None, True, "Kotu Ellima against Easy, finished"),
        (
            Mode.WATCH,
            "easy",
            "expert",
            False,
            "Kotu Ellima, computer against computer (Easy v Expert), move 23",
        ),
        (
            Mode.WATCH,
            "easy",
            "expert",
            True,
            "Kotu Ellima, computer against computer (Easy v Expert), finished",
        ),
        (
            Mode.WATCH,
            "medium",
            None,
            True,
            "Kotu Ellima, computer against computer (Medium v Medium), finished",
        ),
        (Mode.PASS, "hard", None, False, "Kotu Ellima, pass and play, move 23"),
        (Mode.PASS, "hard", None, True, "Kotu Ellima, pass and play, finished"),
    ],
)
def test_a_game_is_said_in_a_line_for_every_mode_finished_or_not(mode, level, level2, finished, expected):
    """Every mode, finished or not, each side's level in its place: what the resume offer says."""
    words = saves.summary_words(MatchConfig("kotu_ellima", {}, mode, 1, level, level2=level2), finished, 23)
    assert words == expected
    assert tr(words) == expected  # the template and its values say the same once translated (English)


@pytest.mark.parametrize(
    "plies, expected", [(6, "Kotu Ellima against Hard, move 4"), (None, "Kotu Ellima against Hard, finished")]
)
def test_a_read_game_says_whether_it_is_finished(plies, expected):
    state = played("kotu_ellima", 1, plies)
    config = MatchConfig("kotu_ellima", dict(state.game.options), Mode.COMPUTER, 0, "hard")
    assert saves.read_match(saves.match_text(config, state)).summary() == expected


def test_a_level_is_shown_by_its_label_and_an_unknown_one_by_its_name(monkeypatch):
    assert [saves.level_label(n) for n in ("easy", "medium", "hard", "expert")] == [
        "Easy",
        "Medium",
        "Hard",
        "Expert",
    ]
    assert saves.level_label("ultra") == "Ultra"  # a level a newer Keliya wrote
    monkeypatch.setattr(saves, "level_choices", lambda: [("hard", "Strong", "plays well")])
    assert saves.level_label("hard") == "Strong"  # the levels' own label, not the name title-cased
    monkeypatch.setattr(saves, "level_choices", lambda: [])  # no AI package: every level by its name
    assert saves.level_label("hard") == "Hard"


def test_an_export_is_a_new_file_in_exports_named_by_game_and_time():
    path = saves.export_path(MatchConfig("kotu_ellima"))
    assert path.parent == data_dir() / "exports"
    assert re.fullmatch(r"kotu_ellima-\d{8}-\d{6}\.txt", path.name), path.name


def test_a_move_list_that_cannot_reach_its_position_is_said():
    start, position = played("kotu_ellima", 1, 0), played("kotu_ellima", 1, 3)
    saves.check_moves_reach({"moves": "a b c"}, start, position)  # three moves to ply 3: as it should be
    for moves in ("a b", "a b c d", ""):
        with pytest.raises(ValueError) as caught:
            saves.check_moves_reach({"moves": moves}, start, position)
        assert (
            str(caught.value)
            == "its moves do not reach the position it names (the file was cut short or changed)"
        )


# --- when a game was saved ---------------------------------------------------------------------
def local(stamp: str) -> float:
    """Seconds since the epoch of a local time written as the ``saved`` line writes it."""
    return time.mktime(time.strptime(stamp, "%Y-%m-%dT%H:%M:%S"))


@pytest.mark.parametrize(
    "text, seconds",
    [
        ("2026-11-23T20:35:00", local("2026-11-23T20:35:00")),
        ("2026-11-23T20:35:00.250", local("2026-11-23T20:35:00") + 0.25),
        ("2026-11-23T20:35:00.007", local("2026-11-23T20:35:00") + 0.007),
        (
            "2026-11-23T20:35:00.2509",
            local("2026-11-23T20:35:00") + 0.25,
        ),  # to the millisecond, the rest ignored
        ("2026-11-23T20:35:00.250.000", local("2026-11-23T20:35:00") + 0.25),
        ("2026-01-05T08:09:10.999", local("2026-01-05T08:09:10") + 0.999),
        (time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(0)), 0.0),  # the epoch itself is a time
        (time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(0)) + ".500", 0.5),
        (time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(-1)), None),  # a second before it is not
        (None, None),
        ("", None),
        ("yesterday", None),
        ("2026-11-23 20:35:00", None),
        ("2026-13-01T00:00:00", None),
        ("2026-11-23T20:35:00.abc", None),
    ],
)
def test_the_saved_time_is_read_to_the_millisecond(text, seconds):
    assert saves.parse_saved_time(text) == (None if seconds is None else pytest.approx(seconds, abs=1e-6))


def test_the_saved_time_written_is_read_back():
    stamp = local("2026-11-23T20:35:00") + 0.25
    assert saves.saved_text(stamp) == "2026-11-23T20:35:00.250"
    assert saves.read_match(
        saves.match_text(MatchConfig("kotu_ellima"), played("kotu_ellima", 1, 2), saved_at=stamp)
    ).saved_at == pytest.approx(stamp)


# --- a pasted or dropped text: a game or a position ---------------------------------------------
NEITHER = (
    "this is neither a game copied from Keliya nor a position: copy a game with 'Copy the game as text' in "
    "the pause menu, or drop a file Keliya exported"
)


@pytest.mark.parametrize(
    "text, said",
    [
        ("", NEITHER),
        ("  \n\n", NEITHER),
        ("hello world", NEITHER),
        ("chess; board=x", NEITHER),
        ("kotu_ellimaX; board=x", NEITHER),  # a game Keliya does not have
        (
            "kotu_ellima; board=x",
            "this position cannot be used: the position does not say whose turn it is (turn=)",
        ),
        (
            "keliya-save 1\ngame kotu_ellima\n",
            "this saved game cannot be opened: the saved game is incomplete (it has "
            "no mode, human, level, options, start, position)",
        ),
    ],
)
def test_a_text_that_is_no_game_and_no_position_says_what_it_is(text, said):
    with pytest.raises(ValueError) as refused:
        saves.read_game_or_position(text)
    assert str(refused.value) == said


def test_a_position_that_crashes_the_rules_is_said_not_raised(monkeypatch):
    def broken(text: str) -> None:
        raise KeyError(text)

    monkeypatch.setattr(rules, "load_state", broken)  # as saves reads it (imported on first use)
    with pytest.raises(ValueError) as refused:
        saves.read_game_or_position("kotu_ellima; board=x")
    assert str(refused.value) == "this position cannot be read (KeyError)"


def test_a_position_starts_a_pass_and_play_game_from_it_with_its_rules():
    state = load_game("kotu_ellima", capture="huff", limit="off").new_initial_state(random.Random(1))
    for _ in range(5):
        state.play(state.legal_moves()[0])
    back = saves.read_game_or_position("\n  " + state.to_text() + "\n\nanything after it\n")
    assert back.state.to_text() == state.to_text() and back.start_ply == 5 == back.state.ply
    assert back.config == MatchConfig("kotu_ellima", dict(state.game.options))
    assert back.config.options["capture"] == "huff"


# --- what a save that cannot be used says (shown to the player as it is) ------------------------
def with_line(text: str, line: str, after: str = "level") -> str:
    """``text`` with ``line`` added after its ``after`` line."""
    return "".join(
        f"{old}\n{line}\n" if old.split(" ", 1)[0] == after else f"{old}\n" for old in text.splitlines()
    )


LONG_MODE = "online-tournament-edition"  # 25 characters: said to its 20th
LONG_LEVEL = "grandmaster-of-the-board"  # 24


@pytest.mark.parametrize(
    "text, said",
    [
        ("my notes\n" + good_text(), "this is not a game saved by Keliya"),
        (good_text(mode=LONG_MODE), "the way it is played ('online-tournament-ed') is not one Keliya knows"),
        (good_text(human="2"), "the side the player took is not one of the game's two sides"),
        (good_text().replace("\nhuman 0\n", "\nhuman\t\n"), "the saved game is incomplete (it has no human)"),
        (good_text(level="hardX"), "the computer's level 'hardX' is not one of easy, medium, hard, expert"),
        (
            good_text(level=LONG_LEVEL),
            "the computer's level 'grandmaster-of-the-b' is not one of easy, medium, hard, expert",
        ),
        (
            with_line(good_text(), "level2 ultra"),
            "the computer's level 'ultra' is not one of easy, medium, hard, expert",
        ),
        (
            good_text(options='{"capture": "forced"' + " " * 4000 + "}"),
            "its rules options are far longer than any Keliya writes",
        ),
        (good_text(options='{"capture": '), "its rules options cannot be read"),
        (good_text(options='["capture", "forced"]'), "its rules options cannot be read"),
        (good_text(options='{"capture": ["forced"]}'), "its rules options cannot be read"),
        (good_text(options="null"), "its rules options cannot be read"),
        (
            good_text(start="kotu_ellima; board=x"),
            "its start position cannot be used: the position does not say whose turn it is (turn=)",
        ),
        (
            good_text(start=played("peralikatuma", 1, 0).to_text()),
            "its start position is of another game or other rules",
        ),
        (
            good_text(position=played("kotu_ellima", 1, 5).to_text()),
            "its moves do not lead to the position it names (the file was changed)",
        ),
    ],
)
def test_a_save_that_cannot_be_used_says_why_in_a_players_words(text, said):
    with pytest.raises(ValueError) as refused:
        saves.read_match(text)
    assert str(refused.value) == said


def test_options_up_to_the_longest_keliya_allows_are_read():
    options = '{"capture": "forced"}'
    padded = options[:-1] + " " * (saves.MAX_OPTIONS_TEXT - len(options)) + "}"
    assert len(padded) == saves.MAX_OPTIONS_TEXT
    assert saves.read_match(good_text(options=padded)).config.options["capture"] == "forced"


def test_a_move_that_cannot_be_played_is_named_by_its_number_and_text():
    text = good_text()
    moves = next(line for line in text.splitlines() if line.startswith("moves ")).split()[1:]
    long_move = "z9-" * 12  # 36 characters: named by its first 30
    edited = good_text(moves=" ".join([*moves[:2], long_move, *moves[3:]]))
    with pytest.raises(ValueError) as refused:
        saves.read_match(edited)
    with pytest.raises(ValueError) as rules_said:
        played("kotu_ellima", 1, 2).play(long_move)  # the same game, two moves in
    assert str(refused.value) == f"move 3 ({long_move[:30]}) cannot be played: {rules_said.value}"


def test_a_save_whose_reading_crashes_is_said_not_raised(monkeypatch):
    def broken(text: str) -> None:
        raise KeyError(text)

    monkeypatch.setattr(rules, "load_state", broken)  # as saves reads it (imported on first use)
    with pytest.raises(ValueError) as refused:
        saves.read_match(good_text())
    assert str(refused.value) == "it cannot be read (KeyError)"


def test_a_save_with_no_moves_line_is_the_game_at_its_start():
    state = played("kotu_ellima", 1, 0)
    text = saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state)
    without = "".join(f"{line}\n" for line in text.splitlines() if line.split(" ", 1)[0] != "moves")
    assert (
        "moves" in text.splitlines() and "moves" not in without
    )  # no moves: the key alone, no trailing space
    back = saves.read_match(without)
    assert back.state.to_text() == state.to_text() and back.state.history() == [] and back.movers == []


def test_computer_against_computer_keeps_each_sides_level():
    state = played("kotu_ellima", 1, 4)
    config = MatchConfig("kotu_ellima", dict(state.game.options), Mode.WATCH, 0, "easy", level2="expert")
    back = saves.read_match(saves.match_text(config, state)).config
    assert (back.mode, back.level, back.level2) == (Mode.WATCH, "easy", "expert")


def test_the_options_are_written_in_one_order_whatever_order_they_were_set_in():
    state = load_game("kotu_ellima", capture="huff", limit="off").new_initial_state(random.Random(1))
    texts = {
        saves.match_text(MatchConfig("kotu_ellima", options), state)
        for options in ({"limit": "off", "capture": "huff"}, {"capture": "huff", "limit": "off"})
    }
    assert len(texts) == 1  # the same game, the same text (two windows' saves compare equal)
    assert 'options {"capture": "huff", "limit": "off"}' in texts.pop().splitlines()


def named(start, state) -> list[str]:
    """The moves of ``state``'s history played after ``start``'s, in notation."""
    replay = start.copy()
    names = []
    for move in state.history()[start.ply :]:
        names.append(replay.move_text(move))
        replay.apply(move)
    return names


def test_appended_moves_and_their_time_are_read_after_the_whole_write():
    """A long game's save appends its moves (``appended_line``): the reader takes them after the
    others, and the last line's position and time, with or without a moves line before them."""
    start, whole, later = (played("kotu_ellima", 1, plies) for plies in (0, 2, 5))
    config = MatchConfig("kotu_ellima", dict(whole.game.options))
    then = local("2026-11-23T20:41:30") + 0.5
    text = saves.match_text(config, whole, saved_at=local("2026-11-23T20:35:00")) + saves.appended_line(
        then, named(whole, later), later.to_text()
    )
    fields = saves.header_fields(text)
    assert fields["moves"].split() == named(start, later)
    assert (fields["saved"], fields["position"]) == ("2026-11-23T20:41:30.500", later.to_text())
    back = saves.read_match(text)
    assert back.state.to_text() == later.to_text() and back.saved_at == pytest.approx(then)
    bare = "".join(f"{line}\n" for line in saves.match_text(config, start).splitlines() if line != "moves")
    appended = bare + saves.appended_line(then, named(start, later), later.to_text())
    assert saves.header_fields(appended)["moves"].split() == named(
        start, later
    )  # no moves line: the appended alone
    assert saves.read_match(appended).state.to_text() == later.to_text()


@pytest.mark.parametrize(
    "line",
    [
        "then 2026-11-23T20:41:30.500",  # no count
        "then 2026-11-23T20:41:30.500 two a1 b2",  # a count that is no number
        "then 2026-11-23T20:41:30.500 0 b2",  # no moves
        "then 2026-11-23T20:41:30.500 3 a1 b2",  # fewer moves than it counts, and no position
        "then 2026-11-23T20:41:30.500 2 a1  b2",  # a move left empty
        "then 2026-11-23T20:41:30.500\t1 a1 b2",  # a tab where appended_line writes a space
    ],
)
def test_an_appended_line_that_cannot_be_read_is_refused_in_words(line):
    state = played("kotu_ellima", 1, 2)
    text = saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state) + line + "\n"
    with pytest.raises(
        ValueError, match=r"^a line of moves added to it cannot be read \(the file was changed\)$"
    ):
        saves.read_match(text)


def test_an_appended_line_naming_a_position_of_one_word_is_read_and_judged_by_its_moves():
    state = played("kotu_ellima", 1, 2)
    move = state.move_text(state.legal_moves()[0])
    text = (
        saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options)), state)
        + f"then 2026-11-23T20:41:30.500 1 {move} kotu_ellima\n"
    )
    assert saves.header_fields(text)["position"] == "kotu_ellima"
    with pytest.raises(
        ValueError, match=r"^its moves do not lead to the position it names \(the file was changed\)$"
    ):
        saves.read_match(text)
