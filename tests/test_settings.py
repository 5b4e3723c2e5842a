"""Settings survive a relaunch; an unreadable settings file is reported and set aside."""

from __future__ import annotations

import pytest

from game.settings import Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    return tmp_path


def test_settings_survive_a_relaunch():
    s = Settings(sound=False, volume=0.3, animation="fast", show_legal=False,
                 palette="colour-blind", window=(1100, 700), setups={"ncuva": {"options": {"columns": 8}}})
    assert save_settings(s) == ""
    back, problem = load_settings()
    assert problem == "" and back == s


def test_missing_file_gives_the_defaults_quietly():
    assert load_settings() == (Settings(), "")


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"volume": "loud"}', "", '{"window": 5}'])
def test_a_bad_settings_file_is_reported_and_moved_aside(content):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    settings, problem = load_settings()
    assert settings == Settings() and "could not be read" in problem
    assert not path.exists() and list(path.parent.glob("settings.json.bad-*"))


def test_out_of_range_values_are_brought_back():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"volume": 7, "animation": "warp", "palette": "neon", "window": [10, 10], "extra": 1}')
    settings, problem = load_settings()
    assert problem == ""
    assert (settings.volume, settings.animation, settings.palette, settings.window) == (1.0, "normal", "standard",
                                                                                       (960, 600))
