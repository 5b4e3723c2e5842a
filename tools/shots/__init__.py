"""``python main.py --screenshots DIR``: every scene at 1280×800 and 960×600, saved as PNG.
The app imports this package only for that flag.

The scenes are reached the way a player reaches them (clicks through the real scenes),
with positions from ``scenarios`` so the pictures show chains, huffs and game ends.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import pygame

from game.config import MatchConfig, Mode
from tools.pseudo import PSEUDO, PseudoTranslations
from tools.scenarios import (
    Mouse,
    chain_position,
    finished,
    free_chain_position,
    huff_position,
    pump,
    random_play,
    shown_title,
    start_play,
    wait_until,
)

SIZES = ((1280, 800), (960, 600))


def _hinted(match) -> bool:
    return match.suggestion is not None


def _shoot(app, out: Path, name: str, size: tuple[int, int], files: list[Path]) -> None:
    path = out / f"{size[0]}x{size[1]}_{name}.png"
    pygame.image.save(app.screen, str(path))
    files.append(path)


def _play(app, config: MatchConfig, state=None):
    """A play scene as the tests start one (over the chooser), settled for a tenth of a second."""
    scene = start_play(app, config, state)
    pump(app, 0.1)
    return scene


def save_screenshots(
    out: Path, sizes: tuple[tuple[int, int], ...] = SIZES, language: str = "en"
) -> list[Path]:
    """Every scene at each size, in ``language``, as PNG files in ``out``."""
    from game.app import App
    from game.scenes.coin import CoinTossScene
    from game.scenes.gameover import GameOverScene
    from game.scenes.menu import MenuScene
    from game.scenes.rules_screen import RulesScene
    from game.scenes.setup import SetupScene

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # The scenes play, save and change settings: keep all of that away from the player's own files.
    import tempfile

    from game import settings
    from game.ai import solver

    builds_allowed, solver.builds_allowed = solver.builds_allowed, False  # a solved table is minutes of work
    from game import i18n

    spoken = i18n.language()
    if language == PSEUDO:
        i18n.install(PSEUDO, PseudoTranslations())
    else:
        i18n.set_language(language)

    own_home = os.environ.get("KELIYA_HOME")
    os.environ["KELIYA_HOME"] = tempfile.mkdtemp(prefix="keliya-screenshots-")
    settings.forget_loaded()
    out.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    app = App(sizes[0], sound=False)
    mouse = Mouse(app)
    try:
        for size in sizes:
            app.resize(size)
            shot = partial(_shoot, app, out, size=size, files=files)
            app.manager.clear()
            app.manager.push(shown_title(app))
            pump(app, 2.4)
            shot("01_title")
            app.manager.push(MenuScene(app, 1))
            pump(app, 0.1)
            shot("02_menu")
            app.manager.push(SetupScene(app, "sixteen_soldiers"))
            pump(app, 0.1)
            shot("03_setup_sixteen_soldiers")
            setup = SetupScene(
                app, "cows_leopards", MatchConfig("cows_leopards", mode=Mode.COMPUTER, human_side=1)
            )
            app.manager.push(setup)
            pump(app, 0.1)
            shot("04_setup_cows_leopards_vs_computer")
            _level_record(app, setup, shot)
            app.manager.push(RulesScene(app, "kotu_ellima"))
            pump(app, 0.4)
            shot("05_rules_kotu_ellima")

            state = load_start("kotu_ellima", first="coin")
            app.manager.push(CoinTossScene(app, MatchConfig("kotu_ellima", {"first": "coin"}), state))
            pump(app, 0.5)
            shot("06_coin_toss_spinning")
            pump(app, 1.5)
            shot("07_coin_toss_result")

            scene = _play(app, MatchConfig("kotu_ellima"))
            shot("08_play_start")
            view = scene.board
            origin = sorted(scene.match.builder.movable())[0]
            mouse.click(view.pos(origin))
            pump(app, 0.1)
            shot("09_play_selected")

            state = chain_position()
            scene = _play(app, MatchConfig("kotu_ellima"), state)
            shot("10_play_capture_forced")
            chain = max((m for m in state.legal_moves() if m.captured), key=lambda m: len(m.captured))
            mouse.click(scene.board.pos(chain.path[0]))
            mouse.click(scene.board.pos(chain.path[1]))
            mouse.move(scene.board.pos(chain.path[2]))
            pump(app, 0.1)
            shot("11_play_chain_in_progress")
            mouse.click(scene.board.pos(chain.path[2]))
            for p in chain.path[3:]:
                mouse.click(scene.board.pos(p))
            pump(app, 0.4)
            shot("12_play_chain_hop_animation")
            pump(app, 1.5)
            shot("13_play_after_chain")

            state = free_chain_position()
            scene = _play(app, MatchConfig("sixteen_soldiers", {"capture": "free"}), state)
            chain = max((m for m in state.legal_moves() if m.captured), key=lambda m: len(m.captured))
            mouse.click(scene.board.pos(chain.path[0]))
            mouse.click(scene.board.pos(chain.path[1]))
            pump(app, 0.1)
            shot("13b_play_chain_may_stop")

            state = huff_position()
            scene = _play(app, MatchConfig("kotu_ellima", {"capture": "huff"}), state)
            pump(app, 0.1)
            shot("14_play_huff_offer")

            state = random_play("cows_leopards", 3, lambda s: s.ply >= 5)
            scene = _play(app, MatchConfig("cows_leopards"), state)
            shot("15_play_cows_leopards_drops")
            mouse.click(scene.board.pos(min(scene.match.builder.drop_points())))
            pump(app, 0.12)
            shot("15b_play_drop_falling")
            state = random_play("hat_diviyan_keliya", 5, lambda s: s.ply >= 9)
            scene = _play(app, MatchConfig("hat_diviyan_keliya"), state)
            movable = sorted(scene.match.builder.movable())
            if movable:
                mouse.click(scene.board.pos(movable[0]))
            pump(app, 0.1)
            shot("16_play_hat_diviyan_keliya")
            state = random_play("hat_diviyan_keliya", 6, lambda s: s.ply >= 6, board="large")
            _play(app, MatchConfig("hat_diviyan_keliya", {"board": "large"}), state)
            shot("17_play_hat_diviyan_keliya_large")

            if app.computer_available:
                cfg = MatchConfig("peralikatuma", mode=Mode.COMPUTER, human_side=1, level="medium")
                _play(app, cfg)
                pump(app, 0.3)
                shot("18_play_computer_thinking")
                app.manager.clear()
                scene = _play(app, MatchConfig("kotu_ellima", iterations=300), chain_position())
                scene.match.ask_hint()
                wait_until(partial(_hinted, scene.match), step=0.01, between=partial(pump, app, 0.05))
                shot("18b_play_hint")
                app.manager.clear()

            state = finished("hat_diviyan_keliya")
            scene = _play(app, MatchConfig("hat_diviyan_keliya", mode=Mode.PASS), state)
            pump(app, 1.2)
            shot("19_game_over")
            over = app.manager.top
            assert isinstance(over, GameOverScene)
            over.see_board()  # the card shrinks to a strip: Rematch stays at hand
            pump(app, 0.2)
            shot("19b_game_over_see_board")
            from . import browser, comfort, editor, holes, lessons, solved, squares, study

            # BattleHalma, Ncuva, the lessons, the comforts, the file browser, the solved game's
            # notices, the position editor, the analysis board and the mistakes drill
            for scenes in (squares, holes, lessons, comfort, browser, solved, editor, study):
                scenes.take(app, shot, mouse, _play)
    finally:
        app.close()
        solver.builds_allowed = builds_allowed
        i18n.set_language(spoken)
        if own_home is None:
            os.environ.pop("KELIYA_HOME", None)
        else:
            os.environ["KELIYA_HOME"] = own_home
        settings.forget_loaded()
    return files


def load_start(game_id: str, **options: object):
    import random

    from rules import load_game

    return load_game(game_id, **options).new_initial_state(random.Random(3))


def _level_record(app, setup, shot) -> None:
    """The Difficulty row in focus with matches on record for its level (issue 33): the About box
    with the records' sentences, read from a records file of the tour's own (so the shot does not
    depend on which matches ship)."""
    from game.ai import level_records
    from game.ai.level_records import Record, put

    shipped = level_records.RECORDS_FILE
    level_records.RECORDS_FILE = Path(os.environ["KELIYA_HOME"]) / "level_records.json"
    try:
        put(Record("cows_leopards", {}, "expert", "hard", 0.25, 11, 23, 6, ((3, 12, 5), (8, 11, 1))))
        put(Record("cows_leopards", {}, "hard", "medium", 1.0, 30, 9, 1, ((13, 6, 1), (17, 3, 0))))
        while setup.level.value != "hard":  # the longest About box: a match each way
            setup.level.nudge(1)
        setup.focus.focus(setup.level)
        pump(app, 0.1)
        shot("04b_setup_level_record")
    finally:
        level_records.RECORDS_FILE = shipped
