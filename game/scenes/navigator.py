"""Where the scenes open one another: a scene asks for another by what it is (``SceneName``),
and the module that makes it is imported here, by its name, the first time it is needed. No
scene imports another scene's module to open it, so the scenes form no import cycle
(``tests/test_scene_imports.py`` fails on one), and a launch imports only the scenes it shows."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rules.kinds import Code

if TYPE_CHECKING:
    from ..app import App
    from ..scene import Scene


class SceneName(Code):
    """Every scene another can open."""

    TITLE = "title"
    MENU = "menu"  # the game chooser
    SETUP = "setup"
    COIN = "coin"  # the coin toss before a game
    PLAY = "play"
    PAUSE = "pause"
    GAME_OVER = "game_over"
    RULES = "rules"
    TUTORIAL = "tutorial"
    SETTINGS = "settings"
    LIBRARY = "library"  # the saved games
    FILE_PICKER = "file_picker"
    EDITOR = "editor"  # the position editor
    ANALYSIS_BOARD = "analysis_board"  # other moves tried from a game's position
    MISTAKES = "mistakes"  # a game's slips to solve again, after its analysis
    PUZZLES = "puzzles"  # a position where one move wins clearly, to be found


#: each scene's module and class, read by name (not imported before it is opened)
PLACES: dict[SceneName, tuple[str, str]] = {
    SceneName.TITLE: ("game.scenes.title", "TitleScene"),
    SceneName.MENU: ("game.scenes.menu", "MenuScene"),
    SceneName.SETUP: ("game.scenes.setup", "SetupScene"),
    SceneName.COIN: ("game.scenes.coin", "CoinTossScene"),
    SceneName.PLAY: ("game.scenes.play", "PlayScene"),
    SceneName.PAUSE: ("game.scenes.pause", "PauseScene"),
    SceneName.GAME_OVER: ("game.scenes.gameover", "GameOverScene"),
    SceneName.RULES: ("game.scenes.rules_screen", "RulesScene"),
    SceneName.TUTORIAL: ("game.scenes.tutorial", "TutorialScene"),
    SceneName.SETTINGS: ("game.scenes.settings_screen", "SettingsScene"),
    SceneName.LIBRARY: ("game.scenes.library_screen", "LibraryScene"),
    SceneName.FILE_PICKER: ("game.scenes.file_picker", "FilePickerScene"),
    SceneName.EDITOR: ("game.scenes.editor", "EditorScene"),
    SceneName.ANALYSIS_BOARD: ("game.scenes.analysis_board", "AnalysisBoardScene"),
    SceneName.MISTAKES: ("game.scenes.mistakes", "MistakesScene"),
    SceneName.PUZZLES: ("game.scenes.puzzles", "PuzzleScene"),
}


def scene_type(name: SceneName) -> type[Scene]:
    """The class of the scene ``name`` (its module imported on first use)."""
    module, cls = PLACES[name]
    found: type[Scene] = getattr(importlib.import_module(module), cls)
    return found


def make_scene(app: App, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
    """A new scene ``name`` for ``app``, with the arguments its class takes after ``app``."""
    return scene_type(name)(app, *args, **kwargs)


def open_scene(app: App, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
    """Open the scene ``name`` over the one on top; returns it."""
    scene = make_scene(app, name, *args, **kwargs)
    app.manager.push(scene)
    return scene


def back_to(app: App, name: SceneName) -> bool:
    """Close the scenes above the nearest scene ``name`` (False, and nothing closed, if none is open)."""
    return app.manager.pop_to(scene_type(name))
