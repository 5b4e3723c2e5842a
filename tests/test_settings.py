"""Settings survive a relaunch and are read key by key: one bad value resets that setting alone
(and the message names it); a file that cannot be read at all is reported and set aside; two
windows changing different settings keep both changes; a remembered window fits the screen."""

from __future__ import annotations

import errno
import json
import os
from dataclasses import fields

import pytest

from game import settings as user_settings
from game.settings import Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    user_settings.forget_loaded()
    return tmp_path


def write(content: str | bytes) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")


def test_settings_survive_a_relaunch():
    s = Settings(
        sound=False,
        volume=0.3,
        animation="fast",
        show_legal=False,
        palette="colour-blind",
        window=(1100, 700),
        setups={"ncuva": {"options": {"columns": 8}}},
    )
    assert save_settings(s) == ""
    back, problem = load_settings()
    assert problem == "" and back == s


def test_missing_file_gives_the_defaults_quietly():
    assert load_settings() == (Settings(), "")


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[1, 2]",
        "",
        "[" * 200_000 + "]" * 200_000,
        '{"volume": ' + "[" * 200_000 + "]" * 200_000 + "}",
        b"\xff\xfe\x00garbage",
        "x" * 1_100_000,
    ],
)
def test_a_file_that_cannot_be_read_is_reported_and_moved_aside(content):
    write(content)
    settings, problem = load_settings()
    assert settings == Settings() and "could not be read" in problem
    assert not settings_path().exists() and list(settings_path().parent.glob("settings.json.bad-*"))


@pytest.mark.parametrize(
    "bad, key, words",
    [
        ('"volume": "loud"', "volume", "volume"),
        ('"volume": NaN', "volume", "volume"),
        ('"window": [1e400, 700]', "window", "window size"),
        ('"window": 5', "window", "window size"),
        ('"animation": 3', "animation", "animation"),
        ('"sound": "maybe"', "sound", "sound"),
        ('"window": [1' + "0" * 5000 + ", 700]", "window", "window size"),
    ],
)
def test_one_bad_value_resets_that_setting_alone(bad, key, words):
    write(
        '{"palette": "colour-blind", "show_legal": false, "setups": {"ncuva": {"mode": "watch"}}, '
        + bad
        + "}"
    )
    settings, problem = load_settings()
    assert getattr(settings, key) == getattr(Settings(), key)
    assert settings.palette == "colour-blind" and settings.show_legal is False  # the others are kept
    assert settings.setups == {"ncuva": {"mode": "watch"}}
    assert words in problem and "could not be read" in problem
    assert settings_path().exists()  # nothing moved aside: the good settings are still there


def test_a_bad_setup_drops_that_game_alone():
    write(
        json.dumps(
            {
                "setups": {
                    "ncuva": {"human_side": 1e400},
                    "kotu_ellima": {"mode": "computer", "level": "hard"},
                    "sixteen_soldiers": {"options": {"capture": {"deep": []}}},
                }
            }
        )
    )
    settings, problem = load_settings()
    assert settings.setups == {"kotu_ellima": {"mode": "computer", "level": "hard"}}
    assert "setup" in problem


def test_booleans_are_booleans_and_a_byte_order_mark_is_fine():
    write("\ufeff" + json.dumps({"sound": "false", "rotate": "on", "fullscreen": 0, "show_legal": True}))
    settings, problem = load_settings()
    assert problem == ""
    assert (settings.sound, settings.rotate, settings.fullscreen, settings.show_legal) == (
        False,
        True,
        False,
        True,
    )


def test_out_of_range_values_are_brought_back():
    write('{"volume": 7, "window": [10, 100000], "extra": 1}')
    settings, problem = load_settings()
    assert problem == ""
    assert (settings.volume, settings.window) == (1.0, (960, user_settings.MAX_WINDOW[1]))


def test_a_huge_remembered_window_fits_the_screen():
    from game.app import fit_within

    assert fit_within((100000, 100000), [(1920, 1080), (1280, 1024)]) == (1920, 1080)
    assert fit_within((1280, 800), [(1366, 768)]) == (1280, 768)
    assert fit_within((1280, 800), [(800, 480)]) == (960, 600)  # never below the smallest layout
    assert fit_within((1100, 700), []) == (1100, 700)


def test_two_windows_keep_each_others_changes():
    assert user_settings.update(volume=0.2) == ""  # this window
    other, _ = load_settings()  # another window, changing something else and saving
    other.palette = "colour-blind"
    other.setups = {"ncuva": {"mode": "watch"}}
    save_settings(other)
    assert user_settings.update(animation="fast", setups={"kotu_ellima": {"mode": "pass"}}) == ""
    back, _ = load_settings()
    assert (back.volume, back.palette, back.animation) == (0.2, "colour-blind", "fast")
    assert set(back.setups) == {"ncuva", "kotu_ellima"}


@pytest.mark.parametrize(
    ("written", "volume"),
    [
        ("-0.5", 0.0),
        ("-1e308", 0.0),
        ("-3", 0.0),
        ("1.5", 1.0),
        ("0.25", 0.25),
        ("0", 0.0),
        ("1", 1.0),
    ],
)
def test_a_volume_outside_0_to_1_is_brought_within_it_never_negative(written, volume):
    write('{"volume": ' + written + "}")
    settings, problem = load_settings()
    assert settings.volume == volume and 0.0 <= settings.volume <= 1.0
    assert problem == ""  # brought back into range, not a value that could not be read


def test_a_negative_volume_set_in_the_app_is_saved_as_silence():
    assert user_settings.update(volume=-0.4) == ""
    assert user_settings.current().volume == 0.0
    user_settings.forget_loaded()
    assert load_settings()[0].volume == 0.0
    assert user_settings.update(volume=2) == ""
    assert load_settings()[0].volume == 1.0


# --- each setting's check, value by value (a value read from the file or set in the app) -----------
@pytest.mark.parametrize(
    "check, value, expected",
    [
        (user_settings.as_bool, True, True),
        (user_settings.as_bool, False, False),
        (user_settings.as_bool, 1, True),
        (user_settings.as_bool, 0, False),
        (user_settings.as_bool, " Yes ", True),
        (user_settings.as_bool, "OFF", False),
        (user_settings.as_number, 3, 3.0),
        (user_settings.as_number, -0.5, -0.5),
        (user_settings.as_window, [1000, 700], (1000, 700)),
        (user_settings.as_window, (10, 100000), (960, 4320)),  # each side within its own bounds
        (user_settings.as_window, [100000, 10], (7680, 600)),
        (user_settings.as_window, [1000.7, 700.2], (1000, 700)),
        (user_settings.as_setups, {}, {}),
        (
            lambda value: user_settings.one_of(("fast", "slow"))(value),
            "slow",
            "slow",
        ),  # made when the test runs
    ],
)
def test_a_settings_check_keeps_a_good_value(check, value, expected):
    got = check(value)
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize(
    "check, value",
    [
        (user_settings.as_bool, 2),
        (user_settings.as_bool, -1),
        (user_settings.as_bool, 1.0),
        (user_settings.as_bool, "maybe"),
        (user_settings.as_bool, None),
        (user_settings.as_bool, []),
        (user_settings.as_number, True),
        (user_settings.as_number, "1"),
        (user_settings.as_number, float("inf")),
        (user_settings.as_number, float("nan")),
        (user_settings.as_number, None),
        (user_settings.as_window, 5),
        (user_settings.as_window, [1000]),
        (user_settings.as_window, [1, 2, 3]),
        (user_settings.as_window, "ab"),
        (user_settings.as_window, [True, 700]),
        (user_settings.as_setups, []),
        (user_settings.as_setups, "ncuva"),
        (lambda value: user_settings.one_of(("fast", "slow"))(value), "warp"),
        (lambda value: user_settings.one_of(("fast", "slow"))(value), None),
    ],
)
def test_a_settings_check_refuses_a_bad_value(check, value):
    with pytest.raises(ValueError):
        check(value)


@pytest.mark.parametrize(
    "setup, shaped",
    [
        ({}, True),
        (
            {
                "options": {"columns": 8, "capture": "forced", "fast": True, "ratio": 0.5},
                "mode": "computer",
                "human_side": 1,
                "level": "hard",
                "level2": "easy",
            },
            True,
        ),  # every key a setup has
        ({"human_side": 0}, True),
        ({"human_side": 1}, True),
        ({"human_side": 2}, False),
        ({"human_side": -1}, False),
        ({"human_side": 1.0}, False),
        ({"human_side": "1"}, False),
        ({"colour": "red"}, False),
        ({"mode": "pass", "colour": "red"}, False),
        ({"options": []}, False),
        ({"options": {"columns": [8]}}, False),
        ({"mode": 3}, False),
        ({"level": None}, False),
        ({"level2": 2}, False),
        ([], False),
        (["mode"], False),
        ("mode", False),
        (None, False),
    ],
)
def test_a_saved_setup_is_in_shape_only_with_known_keys_and_values(setup, shaped):
    assert user_settings.setup_in_shape(setup) is shaped


def test_a_value_out_of_range_set_in_the_app_goes_back_to_its_default():
    bad = Settings(
        sound="maybe",
        volume="loud",
        animation="warp",
        show_legal=None,
        rotate=2,
        palette="pink",
        fullscreen="very",
        window="big",
        language="xx",
        setups=[],
    )  # type: ignore[arg-type]
    assert bad.checked() == Settings()
    good = Settings(
        sound=False,
        volume=0.25,
        animation="fast",
        palette="colour-blind",
        window=(1000, 700),
        language="ta",
        setups={"ncuva": {"mode": "watch"}},
    )
    assert Settings(**vars(good)).checked() == good


@pytest.mark.parametrize(
    "content, reason",
    [
        ("{not json", "it is not a settings file (not JSON)"),
        ("[1, 2]", "it is not a settings file (not a JSON object)"),
        ('"sound"', "it is not a settings file (not a JSON object)"),
        (
            "[" * 90_000 + "]" * 90_000,
            "it is nested too deeply",
        ),  # under the size cap, deeper than Python goes
    ],
)
def test_a_file_that_cannot_be_read_says_why_in_words(content, reason):
    write(content)
    _, problem = load_settings()
    moved = next(settings_path().parent.glob("settings.json.bad-*"))
    assert (
        problem
        == f"The settings file could not be read ({reason}); defaults are used. It was moved to {moved}."
    )


def test_a_dropped_setup_is_named_in_the_problem():
    write(
        json.dumps(
            {"volume": "loud", "setups": {"ncuva": {"human_side": 3}, "kotu_ellima": {"mode": "pass"}}}
        )
    )
    settings, problem = load_settings()
    assert settings.setups == {"kotu_ellima": {"mode": "pass"}}
    assert problem == (
        "Some settings could not be read and are back to their defaults: volume, "
        "the saved setup of some games."
    )


@pytest.mark.parametrize(
    "digits, volume, reset",
    [
        ("9" * 18, 1.0, False),  # a long whole number is still a number (brought into range)
        ("9" * 19, 0.8, True),  # longer, it is taken as infinity: no volume, the default
        ("-" + "9" * 17, 0.0, False),
    ],
)
def test_an_absurdly_long_number_is_refused_by_its_setting(digits, volume, reset):
    write('{"volume": ' + digits + "}")
    settings, problem = load_settings()
    assert settings.volume == volume
    assert ("volume" in problem) is reset


def test_the_file_is_written_sorted_and_indented_for_a_person_to_read():
    """Every setting once, by its name, in sorted order, one a line indented by two (a person
    reading or editing the file finds each where they look; the same settings, the same text)."""
    text = user_settings.settings_json(Settings(window=(1100, 700), setups={"ncuva": {"mode": "watch"}}))
    data = json.loads(text)
    assert list(data) == sorted(f.name for f in fields(Settings))
    assert data["window"] == [1100, 700] and data["setups"] == {"ncuva": {"mode": "watch"}}
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert '  "animation": "normal",' in lines and '  "sound": true,' in lines
    assert '    "ncuva": {' in lines and '      "mode": "watch"' in lines


def test_a_save_that_fails_says_why_and_what_to_do(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be", encoding="utf-8")
    problem = save_settings(Settings(), blocker / "settings.json")
    assert problem == (
        "The settings could not be saved: a file stands where Keliya's folder should be. "
        "Move that file away. They apply until Keliya closes."
    )


def test_an_unknown_setting_is_refused_and_setups_merge_by_game():
    with pytest.raises(ValueError, match="^no setting 'colour'$"):
        user_settings.update(colour="red")
    assert user_settings.update(setups={"ncuva": {"mode": "watch"}}) == ""
    assert user_settings.update(setups={"kotu_ellima": {"mode": "pass"}}) == ""
    assert user_settings.update(setups={"kotu_ellima": {"mode": "pass"}}) == ""  # no change: nothing to say
    expected = {"ncuva": {"mode": "watch"}, "kotu_ellima": {"mode": "pass"}}
    assert user_settings.current().setups == expected  # this run's settings: both games
    assert load_settings()[0].setups == expected  # and the file


def test_a_file_larger_than_keliya_writes_is_refused_though_it_is_json():
    write('{"volume": 0.5' + " " * 250_000 + "}")  # 250 KB: past the settings' own cap, under other files'
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem.startswith("The settings file could not be read (it is larger than 200 KB")
    assert not settings_path().exists()


def test_a_file_that_cannot_be_moved_aside_is_not_said_to_have_been(monkeypatch):
    write("{not json")
    monkeypatch.setattr(user_settings, "set_aside", lambda path: path)  # a read-only folder: it stays
    settings, problem = load_settings()
    assert settings == Settings()
    assert (
        problem
        == "The settings file could not be read (it is not a settings file (not JSON)); defaults are used."
    )
    assert settings_path().read_text(encoding="utf-8") == "{not json"


def test_the_startup_problem_is_said_once():
    write('{"volume": "loud"}')
    assert user_settings.startup_problem() == (
        "Some settings could not be read and are back to their defaults: volume."
    )
    assert user_settings.startup_problem() == ""


def test_a_settings_file_too_large_to_read_back_is_never_taken_as_saved(monkeypatch):
    """A file over the settings' cap is refused at the next start: a save that cannot replace
    it (a read-only folder) is said, even when the file holds the very text being saved."""
    huge = {"kotu_ellima": {"options": {"note": "x" * user_settings.MAX_SETTINGS_BYTES}}}
    assert user_settings.update(setups=huge) == ""
    assert settings_path().stat().st_size > user_settings.MAX_SETTINGS_BYTES
    monkeypatch.setattr(user_settings, "set_aside", lambda path: path)  # a read-only folder: it stays

    def denied(source, target):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "replace", denied)
    assert user_settings.update(setups=huge) == (
        "The settings could not be saved: Keliya may not write in its "
        "folder. Give Keliya permission to write there. They apply until "
        "Keliya closes."
    )


@pytest.mark.parametrize(
    "folder, kept",
    [
        ("/" + "a" * 4095, True),  # as long as a path may be (PATH_MAX): kept
        ("/" + "a" * 4096, False),
        ("/home/a\x00b", False),
        ("", True),
    ],
)
def test_the_last_folder_is_kept_if_it_can_be_a_path(folder, kept):
    write(json.dumps({"last_folder": folder, "volume": 0.5}))
    settings, problem = load_settings()
    assert settings.volume == 0.5 and (settings.last_folder == folder) is kept
    assert (problem == "") is kept and ("the last folder opened" in problem) is not kept


def test_a_portable_install_keeps_its_files_where_earlier_versions_left_them(home):
    """KELIYA_HOME: settings in <home>/config/settings.json, games under <home>/data."""
    from game import library

    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text('{"volume": 0.3}', encoding="utf-8")
    assert load_settings() == (Settings(volume=0.3), "")
    library.GameFile().save(*_a_game())
    assert [p.relative_to(home).parts[:2] for p in home.rglob("*.txt")] == [("data", "games")]


def test_without_keliya_home_the_systems_folders_hold_keliyas_own(home, monkeypatch):
    """Settings and games in the folders the system gives programs, each in a folder of Keliya's."""
    from game import library

    monkeypatch.delenv("KELIYA_HOME")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg-data"))
    assert save_settings(Settings(volume=0.3)) == ""
    library.GameFile().save(*_a_game())
    made = sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file())
    assert made[0] == "xdg-config/keliya/settings.json"
    assert made[1:] and all(p.startswith("xdg-data/keliya/games/") for p in made[1:])
    assert load_settings() == (Settings(volume=0.3), "")


def _a_game():
    from game.config import MatchConfig
    from tools.scenarios import random_play

    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 2)
    return MatchConfig("kotu_ellima", dict(state.game.options)), state
