"""What a launch costs before and around the title's first frame (issue 29, item 5), counted in
modules, rows and writes, never in seconds.

``main.py --exit-after-first-frame`` runs in a fresh interpreter that reports ``sys.modules`` as
the first frame reaches the screen: the search, the match model, the boards, pymunk (the title's
falling pieces start on the second frame) and every rules engine the title does not draw wait
until something asks for them. The background is filled in bands and is still the gradient row
by row; a launch that changes no setting writes no settings file as it closes."""

from __future__ import annotations

import itertools
import json
import os
import sys
from pathlib import Path

import pygame
import pytest

from game import i18n, launch, library, saves, theme
from game import settings as user_settings
from game.ai.levels import LEVELS
from game.config import MatchConfig, Mode
from game.i18n import tr
from game.library import GameFile
from game.opponent import level_choices
from game.scene import Scene
from game.scenes.title import TitleScene
from rules import game_ids, game_spec
from rules.registry import game_name
from tests.hang_guard import run as run_bounded
from tools.scenarios import random_play

ROOT = Path(__file__).resolve().parent.parent

#: runs main.py as a player starts it, and prints the modules loaded at the first flip
DRIVER = r"""
import json, runpy, sys
import pygame

show = pygame.display.flip
seen = []

def flip():
    show()
    if not seen:
        seen.append(sorted(sys.modules))
        print("modules " + json.dumps(seen[0]), flush=True)

pygame.display.flip = flip
sys.argv = [sys.argv[1], "--exit-after-first-frame", "--mute"]
runpy.run_path(sys.argv[0], run_name="__main__")
"""

#: what no first frame needs (modules and their submodules)
LATER = (
    "pymunk",
    "game.physics",
    "game.match",
    "game.boards",
    "game.tutorials",
    "game.annotate",
    "game.scenes.menu",
    "game.scenes.setup",
    "game.scenes.play",
    "game.scenes.library_screen",
    "game.scenes.settings_screen",
    "game.scenes.rules_screen",
    "babel",
    "wave",
    # the parser (a launch with only the window's switches is read without it), secrets and
    # OpenSSL behind it (temporary names come from os.urandom)
    "argparse",
    "secrets",
    "hmac",
    # pygame's own window icon, read from its package (zipfile and all) unless one is set first
    "zipfile",
    "importlib.readers",
)
#: what an empty library's title does not need: dates (a saved game's Continue says when it was saved)
EMPTY_LATER = {"datetime", "_datetime"}
#: of the AI package, only the levels' words (a saved game's Continue names its level)
AI_AT_START = {"game.ai", "game.ai.level_names"}
#: the rules any title loads: the registry and the shared vocabulary, no game's module, no engine
#: (not even the engines' core: a saved game's Continue is named from the registry's names)
RULES_AT_START = {"rules", "rules.kinds", "rules.words", "rules.registry"}
#: what an English title does not need: English is the words as written
ENGLISH_LATER = {"gettext", "locale"}


def first_frame_modules() -> set[str]:
    """The modules a launch has loaded when its first frame is shown (KELIYA_HOME: this test's;
    an English system, as the environment says it)."""
    env = {**os.environ, "LANGUAGE": "en_GB:en", "LANG": "en_GB.UTF-8"}
    out = run_bounded(
        [sys.executable, "-c", DRIVER, str(ROOT / "main.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )  # a guard against a hang, not a measure
    assert out.returncode == 0, out.stderr[-2000:]
    [line] = [line for line in out.stdout.splitlines() if line.startswith("modules ")]
    modules = set(json.loads(line.removeprefix("modules ")))
    assert "game.scenes.title" in modules and "first-frame " in out.stdout  # the title was drawn
    return modules


def deferred_but_loaded(modules: set[str]) -> list[str]:
    return sorted(
        m
        for m in modules
        if any(m == p or m.startswith(p + ".") for p in LATER)
        or (m.startswith("game.ai") and m not in AI_AT_START)
    )


def test_an_empty_library_loads_no_engine_no_search_no_physics_before_the_first_frame():
    modules = first_frame_modules()
    assert deferred_but_loaded(modules) == [] and not modules & EMPTY_LATER and not modules & ENGLISH_LATER
    assert {m for m in modules if m.split(".")[0] == "rules"} <= RULES_AT_START


def test_a_saved_game_is_offered_without_loading_any_rules_engine(app):
    """The title's Continue names the game, its level and its move from the library's index and
    the registry's names: no game's module, and of the search only the levels' words."""
    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    config = MatchConfig(state.game.id, dict(state.game.options), Mode.COMPUTER, 0, "hard")
    library.games_dir().mkdir(parents=True, exist_ok=True)
    (library.games_dir() / "20260101-000001-abcdef.txt").write_text(
        saves.match_text(config, state, 1_700_000_000)
    )
    library.overview()  # the index is built, as the launch before this one did
    modules = first_frame_modules()
    assert deferred_but_loaded(modules) == []
    assert {m for m in modules if m.split(".")[0] == "rules"} <= RULES_AT_START
    title = TitleScene(app)  # and the line it draws from its second frame names the game all the same
    app.manager.push(title)
    app.frame([], 1 / 60)
    app.frame([], 1 / 60)
    assert tr(title.resume_button.label).startswith("Continue Kotu Ellima against Hard, move 4")


def test_every_game_is_named_as_its_rules_name_it():
    """The registry's names (what a Continue line says before the engine loads) are the specs'
    own; an id that is no game's is refused in the player's words, as ``game_spec`` refuses it."""
    for game_id in game_ids():
        assert game_name(game_id) == game_spec(game_id).name
    for bad in ("chess", "", None, ["ncuva"]):
        with pytest.raises(ValueError, match="unknown game"):
            game_name(bad)  # type: ignore[arg-type]


def test_english_reads_as_gettext_reads_an_untranslated_catalogue():
    """The English the title uses without gettext: each word as written, plurals by one and not
    one, as gettext's ``NullTranslations`` gives them."""
    import gettext

    english, null = i18n.English(), gettext.NullTranslations()
    for n in (0, 1, 2, 21, -1):
        assert english.ngettext("a move", "moves", n) == null.ngettext("a move", "moves", n)
    assert english.gettext("Saved games") == null.gettext("Saved games") == "Saved games"
    assert english.pgettext(i18n.POSSESSIVE, "South") == null.pgettext(i18n.POSSESSIVE, "South") == "South"


def test_the_title_reads_the_library_after_its_first_frame_once_and_again_on_return(app, monkeypatch):
    """The first frame is drawn before the library is read (the window opens at once, whatever
    the library holds); the second reads its index once, and the Continue and Saved games buttons
    show from then on; back on top, the title reads it again, so a game saved meanwhile is offered."""
    state = random_play("kotu_ellima", 3, lambda s: s.ply >= 2)
    GameFile().save(MatchConfig("kotu_ellima", dict(state.game.options), Mode.COMPUTER, 0, "hard"), state)
    calls = []
    real = library.overview
    monkeypatch.setattr(library, "overview", lambda: (calls.append(1), real())[1])
    title = TitleScene(app)
    app.manager.push(title)
    app.frame([], 1 / 60)
    assert calls == [] and not title.resume_button.visible and not title.library_button.visible
    for _ in range(3):
        app.frame([], 1 / 60)
    assert len(calls) == 1 and title.resume_button.visible and title.library_button.visible
    saved = library.scan().unfinished
    GameFile().save(MatchConfig("kotu_ellima", dict(state.game.options), Mode.COMPUTER, 1, "easy"), state)
    app.manager.push(Scene(app))
    app.manager.pop()
    assert len(calls) == 2 and f"({len(saved) + 1})" in tr(title.library_button.label)


def test_the_first_frame_imports_neither_the_library_nor_the_computer():
    """What reads the library (and the saved games' format, the computer's levels) is imported
    after the first frame: a launch's first frame costs the same with any library."""
    modules = first_frame_modules()
    early = {"game.library", "game.saves", "game.scenes.opening", "game.opponent", "game.config"}
    assert not modules & early, sorted(modules & early)


def test_the_levels_words_are_the_levels():
    """``level_choices`` reads the levels' words without the search: the same levels, in order."""
    assert level_choices() == [(name, level.label, level.description) for name, level in LEVELS.items()]


def test_the_background_is_the_gradient_row_by_row():
    """Every row the colour the gradient gives it, edge to edge (the bands leave no row out)."""
    for size in ((960, 600), (1281, 777), (3, 1)):
        surface = pygame.Surface(size)
        theme._gradients.clear()
        theme.background(surface)
        for y in range(size[1]):
            t = y / size[1]
            row = tuple(int(a + (b - a) * t) for a, b in zip(theme.BG_TOP, theme.BG_BOTTOM))
            assert surface.get_at((0, y))[:3] == row and surface.get_at((size[0] - 1, y))[:3] == row, (
                size,
                y,
            )


def test_a_launch_that_changes_no_setting_writes_none(monkeypatch):
    """Closing saves the window as it was left: written only when something differs from the
    file (another window's change to the file is kept and then written with this one's)."""
    writes: list[str] = []
    real = user_settings.write_text_atomically
    monkeypatch.setattr(
        user_settings, "write_text_atomically", lambda path, text: (writes.append(text), real(path, text))
    )
    assert user_settings.update(window=(1100, 700), fullscreen=False) == ""
    assert len(writes) == 1  # no file yet: written
    for _ in range(3):  # later launches, nothing moved
        user_settings.forget_loaded()
        assert user_settings.update(window=(1100, 700), fullscreen=False) == ""
    assert len(writes) == 1
    assert user_settings.update(window=(1000, 640)) == ""
    assert len(writes) == 2 and json.loads(writes[-1])["window"] == [1000, 640]
    other, _ = user_settings.load_settings()  # another window changes the volume on disk
    other.volume = 0.25
    user_settings.save_settings(other)
    before = len(writes)
    assert user_settings.update(window=(1000, 640)) == ""  # the file holds this size already
    assert len(writes) == before and user_settings.load_settings()[0].volume == 0.25
    assert user_settings.update(window=(1100, 700)) == ""  # a change: written, the other's kept
    assert len(writes) == before + 1 and json.loads(writes[-1])["volume"] == 0.25


def test_the_window_switches_read_without_argparse_as_argparse_reads_them():
    """Every command line of the window's switches alone (in any order, repeated) gives what the
    parser gives; anything else (help, a value, an abbreviation, a typo) is left to the parser."""
    parser = launch.build_parser()
    lines = [list(p) for n in range(4) for p in itertools.permutations(launch.WINDOW_SWITCHES * 2, n)]
    for argv in lines:
        plain = launch.window_switches(argv)
        assert plain is not None and vars(plain) == vars(parser.parse_args(argv)), argv
    for argv in (
        ["--help"],
        ["-h"],
        ["--mu"],
        ["--mute", "--size", "960x600"],
        ["--size=960x600"],
        ["--json"],
        ["--list"],
        ["--mute", "x"],
        ["--"],
        ["--Mute"],
        ["--game", "ncuva"],
    ):
        assert launch.window_switches(argv) is None, argv


def test_pymunk_is_looked_for_not_imported(monkeypatch):
    """The dependency check still names a missing pymunk (found by its spec, not imported)."""
    assert launch.dependency_problem() is None
    monkeypatch.setitem(sys.modules, "pymunk", None)  # as if not installed
    problem = launch.dependency_problem()
    assert problem is not None and "pip install pymunk" in problem


def test_a_game_registered_under_another_name_or_no_listed_id_is_refused(monkeypatch):
    """The registry's names and modules are the ones the games register: a spec named otherwise,
    or of an id no module is listed for, stops at once (a programming error, said as such)."""
    import dataclasses

    from rules import registry

    spec = game_spec("ncuva")
    monkeypatch.setattr(registry, "_GAMES", {})
    with pytest.raises(LookupError, match="GAME_NAMES"):
        registry.register(dataclasses.replace(spec, name="Mancala"))
    with pytest.raises(LookupError, match="GAME_MODULES"):
        registry.register(dataclasses.replace(spec, id="oware"))
    assert registry.register(spec) is spec
