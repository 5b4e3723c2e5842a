"""Settings survive a relaunch and are read key by key: one bad value resets that setting alone
(and the message names it); a file that cannot be read at all is reported and set aside; two
windows changing different settings keep both changes; a remembered window fits the screen."""

from __future__ import annotations

import json

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
    s = Settings(sound=False, volume=0.3, animation="fast", show_legal=False,
                 palette="colour-blind", window=(1100, 700), setups={"ncuva": {"options": {"columns": 8}}})
    assert save_settings(s) == ""
    back, problem = load_settings()
    assert problem == "" and back == s


def test_missing_file_gives_the_defaults_quietly():
    assert load_settings() == (Settings(), "")


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "", "[" * 200_000 + "]" * 200_000,
                                     '{"volume": ' + "[" * 200_000 + "]" * 200_000 + "}",
                                     b"\xff\xfe\x00garbage", "x" * 1_100_000])
def test_a_file_that_cannot_be_read_is_reported_and_moved_aside(content):
    write(content)
    settings, problem = load_settings()
    assert settings == Settings() and "could not be read" in problem
    assert not settings_path().exists() and list(settings_path().parent.glob("settings.json.bad-*"))


@pytest.mark.parametrize("bad, key, words", [
    ('"volume": "loud"', "volume", "volume"),
    ('"volume": NaN', "volume", "volume"),
    ('"window": [1e400, 700]', "window", "window size"),
    ('"window": 5', "window", "window size"),
    ('"animation": 3', "animation", "animation"),
    ('"sound": "maybe"', "sound", "sound"),
    ('"window": [1' + "0" * 5000 + ', 700]', "window", "window size"),
])
def test_one_bad_value_resets_that_setting_alone(bad, key, words):
    write('{"palette": "colour-blind", "show_legal": false, "setups": {"ncuva": {"mode": "watch"}}, ' + bad + "}")
    settings, problem = load_settings()
    assert getattr(settings, key) == getattr(Settings(), key)
    assert settings.palette == "colour-blind" and settings.show_legal is False  # the others are kept
    assert settings.setups == {"ncuva": {"mode": "watch"}}
    assert words in problem and "could not be read" in problem
    assert settings_path().exists()  # nothing moved aside: the good settings are still there


def test_a_bad_setup_drops_that_game_alone():
    write(json.dumps({"setups": {"ncuva": {"human_side": 1e400}, "kotu_ellima": {"mode": "computer", "level": "hard"},
                                 "sixteen_soldiers": {"options": {"capture": {"deep": []}}}}}))
    settings, problem = load_settings()
    assert settings.setups == {"kotu_ellima": {"mode": "computer", "level": "hard"}}
    assert "setup" in problem


def test_booleans_are_booleans_and_a_byte_order_mark_is_fine():
    write("\ufeff" + json.dumps({"sound": "false", "rotate": "on", "fullscreen": 0, "show_legal": True}))
    settings, problem = load_settings()
    assert problem == ""
    assert (settings.sound, settings.rotate, settings.fullscreen, settings.show_legal) == (False, True, False, True)


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


@pytest.mark.parametrize(("written", "volume"), [
    ("-0.5", 0.0), ("-1e308", 0.0), ("-3", 0.0), ("1.5", 1.0), ("0.25", 0.25), ("0", 0.0), ("1", 1.0),
])
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
