"""Screenshot scenes of opening a game from a file (``--screenshots``): the file browser in the
folder the pause menu exports to, reached from the title's button as a player reaches it (the
games exported days ago, so it says their dates), and a file that holds no game refused in
words."""

from __future__ import annotations

import datetime
import os

import pygame

from game import saves
from game.config import MatchConfig
from tools.scenarios import pump, random_play, shown_title


def take(app, shot, mouse, play) -> None:
    from game.scenes.file_picker import FilePickerScene

    folder = saves.export_folder()
    (folder / "older games").mkdir(parents=True, exist_ok=True)
    for seed, game_id in enumerate(("kotu_ellima", "ncuva", "cows_leopards")):
        state = random_play(game_id, seed, lambda s: s.ply >= 6)
        text = saves.match_text(MatchConfig(game_id, dict(state.game.options)), state)
        path = folder / f"{game_id}-2026112{seed}-2035{seed:02d}.txt"
        path.write_text(text, encoding="utf-8")
        when = datetime.datetime(2026, 11, 20 + seed, 20, 35, seed).timestamp()  # as its name says
        os.utime(path, (when, when))
    (folder / "shopping list.txt").write_text("rice, dhal, coconuts\n", encoding="utf-8")
    app.manager.clear()
    title = shown_title(app)
    app.manager.push(title)
    pump(app, 0.1)
    mouse.click(title.file_button.rect.center)
    pump(app, 0.1)
    picker = app.manager.top
    assert isinstance(picker, FilePickerScene), picker
    shot("68_open_a_file")
    picker.selected = len(picker.rows) - 1  # the shopping list: no game
    mouse.key(pygame.K_RETURN)
    pump(app, 0.1)
    shot("68b_open_a_file_refused")
    mouse.key(pygame.K_ESCAPE)
