"""Screenshot scenes of the comforts around play (``--screenshots``): the title offering to
resume a saved game, the settings screen, the pause menu, the question before leaving, a
position looked at in review, and the turning points of a finished game."""

from __future__ import annotations

from . import saves
from .config import PASS_AND_PLAY, VS_COMPUTER, MatchConfig
from .scenarios import finished, pump, random_play


def take(app, shot, mouse, play) -> None:
    from .scenes.pause import PauseScene, confirm_leave
    from .scenes.settings_screen import SettingsScene
    from .scenes.title import TitleScene

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 23)
    config = MatchConfig("kotu_ellima", mode=VS_COMPUTER, level="hard")
    saves.save_current(config, state)
    app.manager.clear()
    app.manager.push(TitleScene(app))
    pump(app, 0.6)
    shot("60_title_resume_offer")
    app.manager.push(SettingsScene(app))
    pump(app, 0.1)
    shot("61_settings")
    scene = play(app, MatchConfig("kotu_ellima", mode=PASS_AND_PLAY), state)
    app.manager.push(PauseScene(app, scene))
    pump(app, 0.1)
    shot("62_pause_menu")
    app.manager.pop()
    app.manager.push(confirm_leave(app, lambda: None))
    pump(app, 0.1)
    shot("63_leave_question")
    app.manager.pop()
    scene.review_at(20)
    pump(app, 0.1)
    shot("64_review_move_20")
    scene = play(app, MatchConfig("kotu_ellima", mode=PASS_AND_PLAY), finished("kotu_ellima"))
    pump(app, 1.5)
    shot("65_game_over_turning_points")
    saves.forget_current()
