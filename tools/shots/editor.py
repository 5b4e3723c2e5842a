"""Screenshot scenes of the position editor (``--screenshots``): reached from the chooser's
button as a player reaches it, a piece chosen and placed by clicks, a position the rules refuse
with their reason (the board cleared), a hunt game's pieces in hand, BattleHalma's kings and
Ncuva's stones counted hole by hole."""

from __future__ import annotations

import pygame

from tools.scenarios import pump, shown_title


def _editor(app, mouse, game_id: str):
    from game.scenes.editor import EditorScene
    from game.scenes.menu import MenuScene, playable_ids

    app.manager.clear()
    app.manager.push(shown_title(app))
    menu = MenuScene(app, playable_ids().index(game_id))
    app.manager.push(menu)
    pump(app, 0.1)
    mouse.click(menu.editor_button.rect.center)
    pump(app, 0.1)
    editor = app.manager.top
    assert isinstance(editor, EditorScene), editor
    return editor


def take(app, shot, mouse, play) -> None:
    scene = _editor(app, mouse, "sixteen_soldiers")
    model = scene.editor
    free = [c for c in model.cells if c not in model.board]
    for cell in [c for c, ch in model.board.items() if ch == "N"][:3]:
        mouse.click(scene.family.pos(cell), button=3)  # three of North's pieces off
    mouse.click(scene.palette[1].center)  # and two of them placed in the middle row
    for cell in free[2:4]:
        mouse.click(scene.family.pos(cell))
    mouse.move(scene.family.pos(next(iter(model.board))))
    pump(app, 0.1)
    shot("70_editor_placing")
    mouse.click(scene.clear_button.rect.center)
    pump(app, 0.1)
    shot("70b_editor_refused")
    mouse.key(pygame.K_ESCAPE)

    scene = _editor(app, mouse, "cows_leopards")
    model = scene.editor
    free = [c for c in model.cells if c not in model.board]
    mouse.key(pygame.K_1)
    for cell in free[:2]:
        mouse.click(scene.family.pos(cell))  # both leopards down: none left in hand
    mouse.key(pygame.K_2)
    mouse.click(scene.family.pos(free[-1]))  # and a cow out of the cows' hand
    mouse.key(pygame.K_TAB)  # the keyboard on the settings: whose move it is, the cows'
    mouse.key(pygame.K_RIGHT)
    pump(app, 0.1)
    shot("71_editor_hunt_in_hand")

    scene = _editor(app, mouse, "battlehalma")
    model = scene.editor
    red = next(c for c, ch in model.board.items() if ch == "r")
    mouse.click(scene.family.pos(red), button=3)  # a red counter off, a red king on instead
    mouse.key(pygame.K_3)  # by the keyboard's cursor
    mouse.key(pygame.K_LEFT)
    for _ in range(3):
        mouse.key(pygame.K_UP)
    mouse.key(pygame.K_SPACE)
    pump(app, 0.1)
    shot("72_editor_battlehalma_king")

    scene = _editor(app, mouse, "ncuva")
    model = scene.editor
    hole = model.cells[0]
    for _ in range(3):
        mouse.click(scene.family.pos(hole))
    mouse.click(scene.family.pos(model.cells[-1]), button=3)
    pump(app, 0.1)
    shot("73_editor_ncuva_stones")
    mouse.key(pygame.K_ESCAPE)
