"""Launchers and start-up: the entry points, the missing-dependency message, the window's name,
the minimum size, quitting from every screen, the start-up flag and the sound cache."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game import launch
from game.app import App
from game.boards.beats import Beat
from game.sound import RECIPES, SoundBank, event_sound, recipe, sounds_dir, to_pcm
from rules.kinds import PieceKind
from tests.hang_guard import run as run_bounded
from tools.scenarios import shown_title

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def run_script(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return run_bounded(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        env=env,
    )


# --- entry points ----------------------------------------------------------------------------------
def test_entry_points_name_the_launch_functions():
    project = pyproject()["project"]
    assert project["scripts"]["keliya"] == "game.launch:main"
    assert project["gui-scripts"]["keliya-gui"] == "game.launch:gui_main"
    assert callable(launch.main) and callable(launch.gui_main)


def test_help_and_list_through_the_entry_function(capsys):
    with pytest.raises(SystemExit) as done:
        launch.main(["--help"])
    assert done.value.code == 0
    assert launch.TAGLINE.lower() in capsys.readouterr().out.replace("\n", " ").lower()
    assert launch.main(["--list"]) == 0
    assert "kotu_ellima" in capsys.readouterr().out


def test_installed_command_runs():
    exe = Path(sys.executable).parent / ("keliya.exe" if os.name == "nt" else "keliya")
    if not exe.exists():
        pytest.skip("the project is not installed in this environment (pip install -e .)")
    out = run_bounded([str(exe), "--list"], capture_output=True, text=True)
    assert out.returncode == 0 and "ncuva" in out.stdout
    out = run_bounded([str(exe), "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("usage: keliya")


def test_scripts_start_by_double_click():
    for name in ("main.py", "keliya.pyw"):
        text = (ROOT / name).read_text()
        assert text.startswith("#!/usr/bin/env python3\n")
        assert "from game.launch import" in text and "raise SystemExit(main())" in text
    if os.name != "nt":
        assert os.access(ROOT / "main.py", os.X_OK)


def test_one_description_everywhere():
    tagline = launch.TAGLINE
    assert pyproject()["project"]["description"] == tagline
    assert tagline in (ROOT / "README.md").read_text()
    assert f'"{tagline}"' in (ROOT / "game" / "scenes" / "title.py").read_text()


# --- missing dependencies ------------------------------------------------------------------------
def _without_pygame(monkeypatch):
    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("No module named 'pygame'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)


def test_missing_dependency_reaches_a_window_when_double_clicked(monkeypatch, capsys):
    _without_pygame(monkeypatch)
    problem = launch.dependency_problem()
    assert problem is not None and "pygame-ce" in problem and "pip install" in problem
    shown: list[str] = []
    monkeypatch.delenv("KELIYA_NO_DIALOG", raising=False)
    launch.report_problem(problem, dialog=shown.append)  # stderr is captured: no terminal
    assert shown == [problem]
    assert "pygame-ce" in capsys.readouterr().err


def test_missing_dependency_main_fails_with_the_message(monkeypatch, capsys):
    monkeypatch.setattr(launch, "_show_dialog", lambda message: False)  # as where tkinter cannot open
    _without_pygame(monkeypatch)
    assert launch.main(["--mute"]) == 1
    assert "cannot start" in capsys.readouterr().err


def test_missing_dependency_from_the_script(tmp_path):
    fake = tmp_path / "pygame"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('No module named pygame (simulated)')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path), KELIYA_NO_DIALOG="1")
    out = run_script("--mute", env=env)
    assert out.returncode == 1
    assert "Keliya cannot start" in out.stderr and "pip install pygame-ce" in out.stderr
    assert "Traceback" not in out.stderr


# --- the window -------------------------------------------------------------------------------------
@pytest.fixture
def app():
    a = App((1280, 800), sound=False)
    yield a
    a.close()


def test_window_name_and_class(app):
    assert pygame.display.get_caption()[0] == "Keliya"
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Keliya"


@pytest.mark.parametrize(
    ("before", "class_seen"),
    [
        (None, "Keliya"),
        ("script", "Keliya"),  # what importing pygame with a DISPLAY puts there: the script's name
        ("MyDock", "MyDock"),  # set by the person: kept
    ],
)
def test_the_window_class_is_keliya_when_the_display_first_opens(monkeypatch, before, class_seen):
    """SDL names the X11 window class when the display first opens (fit_to_screen, before the
    App): every opening must see Keliya, so a dock matches the window to packaging/keliya.desktop
    (it saw "main.py")."""
    import sys

    from game.launch import main

    script = os.path.basename(sys.argv[0])
    value = {None: None, "script": script}.get(before, before)
    for var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        monkeypatch.delenv(var, raising=False)
    if value is not None:
        monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", value)
    seen = []
    real_init = pygame.display.init

    def opening():
        seen.append(os.environ.get("SDL_VIDEO_X11_WMCLASS"))
        real_init()

    monkeypatch.setattr(pygame.display, "init", opening)
    assert main(["--exit-after-first-frame", "--mute"]) == 0
    assert seen and set(seen) == {class_seen}


def test_minimum_size_holds_without_a_window_manager(app):

    app.manager.push(shown_title(app))
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(500, 400), w=500, h=400)], 0.016)
    assert app.size == (960, 600)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 300), w=1100, h=300)], 0.016)
    assert app.size == (1100, 600)
    app.resize((800, 800))
    assert app.size == (960, 800)


def _screens(app):
    """Every kind of screen, reached as a player reaches it."""
    from game.config import MatchConfig
    from game.scenes.gameover import GameOverScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene
    from game.scenes.rules_screen import RulesScene
    from game.scenes.setup import SetupScene
    from tools.scenarios import finished, pump

    def play():
        scene = PlayScene(app, MatchConfig("kotu_ellima"))
        app.manager.push(scene)
        return scene

    def game_over():
        scene = PlayScene(app, MatchConfig("kotu_ellima"), finished("kotu_ellima"))
        app.manager.push(scene)
        pump(app, 0.1)
        app.manager.push(GameOverScene(app, scene))

    yield "title", lambda: app.manager.push(shown_title(app))
    yield "chooser", lambda: app.manager.push(MenuScene(app))
    yield "setup", lambda: app.manager.push(SetupScene(app, "ncuva"))
    yield "rules", lambda: app.manager.push(RulesScene(app, "battlehalma"))
    yield "play", play
    yield "game over", game_over


@pytest.mark.parametrize("how", ["close", "ctrl+q"])
def test_quit_from_every_screen(app, how):
    event = (
        pygame.event.Event(pygame.QUIT)
        if how == "close"
        else pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="q")
    )
    for name, open_screen in _screens(app):
        app.manager.clear()
        app.running = True
        open_screen()
        app.frame([], 0.016)
        app.frame([event], 0.016)
        assert not app.running, f"{how} did not quit from the {name} screen"


def test_startup_flag_exits_after_one_frame():
    out = run_script("--exit-after-first-frame", "--mute")
    assert out.returncode == 0, out.stderr
    assert len([line for line in out.stdout.splitlines() if line.startswith("first-frame ")]) == 1


def test_startup_flag_with_sound():
    out = run_script("--exit-after-first-frame", "--volume", "50")
    assert out.returncode == 0, out.stderr
    assert "first-frame " in out.stdout


# --- sound -------------------------------------------------------------------------------------------
class FakeSound:
    played: list[str] = []

    def __init__(self, file=None, buffer=None) -> None:
        self.name = Path(file).stem if file else "synth"
        self.volume = 1.0

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> None:
        FakeSound.played.append(self.name)


@pytest.fixture
def fake_mixer(monkeypatch):
    FakeSound.played = []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (22050, -16, 2))
    return FakeSound.played


def test_each_sound_is_built_once(fake_mixer):
    bank = SoundBank()
    assert bank.built == 0  # nothing is made before it is needed
    bank.play("drop")
    bank.play("drop")
    assert bank.built == 1 and fake_mixer == ["drop", "drop"]
    bank.warm_up()
    assert bank.built == len(RECIPES)
    bank.play("promote")
    assert bank.built == len(RECIPES)


def test_muted_means_silent(fake_mixer):
    for bank in (SoundBank(enabled=False), SoundBank(volume=0.0)):
        bank.warm_up()
        for name in RECIPES:
            bank.play(name)
    assert fake_mixer == []
    bank = SoundBank()
    bank.set_enabled(False)
    bank.play("win")
    assert fake_mixer == []


def test_volume_scales_every_effect(fake_mixer):
    bank = SoundBank(volume=0.5)
    bank.play("sow", 0.6)
    assert bank.sounds["sow"].volume == pytest.approx(0.3)


def test_the_new_effects_exist():
    assert {"drop", "sow", "relay", "promote", "win"} <= set(RECIPES)
    assert event_sound(Beat.DROP, (0, PieceKind.STONE)) == ("sow", 0.7)  # Ncuva's sowing
    assert event_sound(Beat.DROP, (1, PieceKind.COW))[0] == "drop"  # a cow set down
    assert event_sound(Beat.PROMOTE, (0, PieceKind.KING))[0] == "promote"
    assert event_sound(Beat.RELAY, (0, PieceKind.STONE))[0] == "relay"
    assert event_sound(Beat.SLEEP) is None


def test_board_events_play_their_effects(fake_mixer):
    bank = SoundBank()
    for name, piece in (
        (Beat.DROP, (0, PieceKind.STONE)),
        (Beat.RELAY, (0, PieceKind.STONE)),
        (Beat.PROMOTE, (1, PieceKind.KING)),
        (Beat.STOP, None),
    ):
        bank.play_event(name, piece)
    assert fake_mixer == ["sow", "relay", "promote"]


def test_cached_sound_files_match_the_recipes():
    """scripts/make_sounds.py wrote them; rerun it after changing a recipe."""
    for name in RECIPES:
        path = sounds_dir() / f"{name}.wav"
        assert path.is_file(), f"{path} is missing: run python scripts/make_sounds.py"
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert w.readframes(w.getnframes()) == to_pcm(recipe(name)), f"{name}.wav is out of date"


def test_readme_shows_every_game():
    """docs/screenshots: one 960x600 picture per game (scripts/readme_screenshots.py), all shown."""
    import re

    from rules import game_ids

    readme = (ROOT / "README.md").read_text()
    shown = re.findall(r"!\[[^\]]*\]\((docs/screenshots/[^)]+\.png)\)", readme)
    for gid in game_ids():
        assert f"docs/screenshots/{gid}.png" in shown, f"the README shows no picture of {gid}"
    total = 0
    for rel in shown:
        path = ROOT / rel
        assert path.is_file(), rel
        assert pygame.image.load(str(path)).get_size() == (960, 600), rel
        total += path.stat().st_size
    assert total < 1_500_000


def test_the_window_opens_at_the_size_it_was_left_at():
    from game import settings as user_settings

    user_settings.update(window=(1100, 700))
    out = run_script("--exit-after-first-frame", "--mute")
    assert out.returncode == 0, out.stderr
    user_settings.forget_loaded()
    assert user_settings.load_settings()[0].window == (1100, 700)  # opened there, saved again on quit
    out = run_script("--exit-after-first-frame", "--mute", "--size", "1000x640")
    assert user_settings.load_settings()[0].window == (1000, 640)  # the flag wins, and is remembered
