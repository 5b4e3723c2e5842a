"""Opening a game from outside the match: one of the library, or a text (pasted from the
clipboard, or a file dropped on the window), from the title or the chooser alike. A game opened
is a new game of the library (nothing else is touched) and lands over a chooser, so leaving it
comes back there; what cannot be opened is said in words and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

import pygame

from rules.words import N_, Words, sentence, words_of

from .. import library, saves
from ..config import MatchConfig
from ..library import Entry
from ..userfiles import MAX_BYTES, UserFileError, read_text_capped
from .navigator import SceneName, open_scene, scene_type

if TYPE_CHECKING:
    from rules import State

    from ..app import App
    from .play import PlayScene


def start_play(
    app: App, config: MatchConfig, state: State, game_file: library.GameFile, save_now: bool = False
) -> None:
    """Open a game over the chooser, keeping its place in the library."""
    app.sound.play("select")
    if not isinstance(app.manager.top, scene_type(SceneName.MENU)):
        open_scene(app, SceneName.MENU)
    scene = open_scene(app, SceneName.PLAY, config, state, game_file)
    if save_now and state.outcome() is None:
        cast("PlayScene", scene).match.save_now()


def open_entry(app: App, entry: Entry) -> str:
    """Resume (or, finished, look over) a game of the library; '' or why it cannot be opened."""
    try:
        match, game_file = library.reopen(entry)
    except ValueError as e:
        return words_of(e)
    start_play(app, match.config, match.state, game_file)
    return ""


def open_text(app: App, text: str) -> str:
    """Start the game or position ``text`` holds; '' or why not, as a sentence."""
    try:
        match = saves.read_game_or_position(text[:MAX_BYTES])
    except ValueError as e:
        return sentence(words_of(e))
    start_play(app, match.config, match.state, library.GameFile(variations=match.variations), save_now=True)
    return ""


def open_clipboard(app: App) -> str:
    """Open the game or position on the clipboard (copied from Keliya, or a position text)."""
    try:
        text = pygame.scrap.get_text()
    except pygame.error as e:
        return Words(
            "The clipboard cannot be read here ({problem}): drop a saved game's file on the window.",
            problem=str(e),
        )
    if not text.strip():
        return N_(
            "Copy a game first (Esc in a game, 'Copy the game as text'), "
            "or drop an exported file on the window."
        )
    return open_text(app, text)


def open_file(app: App, path: str) -> str:
    """Open a game file dropped on the window."""
    try:
        text = read_text_capped(Path(path))
    except UserFileError as e:
        return Words("That file cannot be opened: {reason}.", reason=words_of(e))
    return open_text(app, text)
