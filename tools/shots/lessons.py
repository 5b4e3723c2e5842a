"""Screenshots of the lessons and the rules diagrams (``python main.py --screenshots DIR`` calls
``take``): a lesson's first step, a wrong try refused, a chain marked, what happened after a move,
the end of a lesson, and rules screens with their diagrams."""

from __future__ import annotations

import pygame

from tools.scenarios import click_move, pump, settle


def _lesson(app, game_id: str):
    from game.scenes.menu import MenuScene
    from game.scenes.tutorial import TutorialScene

    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = TutorialScene(app, game_id)
    app.manager.push(scene)
    pump(app, 0.1)
    return scene


def _advance(app, mouse, scene, steps: int) -> None:
    """Play the lesson's marked moves for ``steps`` steps (to reach a later one)."""
    for _ in range(steps):
        click_move(mouse, scene, scene.expected[0])
        settle(app, scene, 20)
        pump(app, 0.1)
        settle(app, scene, 20)
        mouse.key(pygame.K_RETURN)
        pump(app, 0.1)


def take(app, shot, mouse, play) -> None:
    from game.scenes.rules_screen import RulesScene

    scene = _lesson(app, "kotu_ellima")
    shot("50_tutorial_kotu_ellima_start")
    _advance(app, mouse, scene, 2)
    mouse.click(scene.board.pos(scene.match.state.game.point_index("g3")))
    pump(app, 0.1)
    shot("51_tutorial_chain_marked_piece_selected")
    _advance(app, mouse, scene, 1)
    mouse.click(scene.board.pos(scene.match.state.game.point_index("e1")))
    pump(app, 0.1)
    shot("52_tutorial_wrong_try_refused")
    click_move(mouse, scene, scene.expected[0])
    settle(app, scene, 20)
    pump(app, 0.2)
    shot("53_tutorial_after_the_move")

    scene = _lesson(app, "battlehalma")
    _advance(app, mouse, scene, 1)
    shot("54_tutorial_battlehalma_leap")
    scene = _lesson(app, "ncuva")
    _advance(app, mouse, scene, 1)
    shot("55_tutorial_ncuva_relay")
    scene = _lesson(app, "cows_leopards")
    _advance(app, mouse, scene, len(scene.lesson.steps))
    shot("56_tutorial_cows_leopards_complete")
    scene = _lesson(app, "hat_diviyan_keliya")
    shot("57_tutorial_hat_diviyan_start")

    for n, gid in enumerate(("kotu_ellima", "cows_leopards", "battlehalma", "ncuva", "hat_diviyan_keliya")):
        app.manager.clear()
        app.manager.push(RulesScene(app, gid))
        pump(app, 0.2)
        shot(f"6{n}_rules_diagrams_{gid}")
