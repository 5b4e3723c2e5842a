"""Screenshot scenes of the comforts around play (``--screenshots``): the title offering to
continue a saved game, the saved games (unfinished, the oldest left days ago so the list says its
date; finished; the record), the settings screen and a change to it saved, the pause menu, the
question before leaving, a position looked at in review, the turning points of a finished game and
the engine's look over it (a game played as North against the computer: the graph from the
person's side)."""

from __future__ import annotations

import datetime

import pygame

from game import library, saves
from game.config import MatchConfig, Mode
from game.match.analysis import Verdict
from tools.scenarios import finished, pump, random_play, shown_title, wait_until

#: when the older saved game was left: a date the list writes out in full (not today or yesterday)
OLDER = datetime.datetime(2026, 11, 16, 20, 35)


def take(app, shot, mouse, play) -> None:
    from game.scenes.library_screen import LibraryScene
    from game.scenes.pause import PauseScene, confirm_leave
    from game.scenes.settings_screen import SettingsScene

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 23)
    config = MatchConfig("kotu_ellima", mode=Mode.COMPUTER, level="hard")
    files = [library.GameFile() for _ in range(4)]
    for i, (game_file, game_id) in enumerate(zip(files, ("sixteen_soldiers", "ncuva", "battlehalma"))):
        plies = 5 + 7 * i
        game_file.save(
            MatchConfig(game_id, mode=Mode.COMPUTER if i % 2 else Mode.PASS, level="medium"),
            random_play(game_id, i, lambda s: s.ply >= plies),  # noqa: B023 - used at once
        )
    files[3].save(config, state)
    for i, game_id in enumerate(("cows_leopards", "kotu_ellima")):
        done = library.GameFile()
        files.append(done)
        done.save(
            MatchConfig(game_id, mode=Mode.COMPUTER, level="hard", human_side=i), finished(game_id, i + 1)
        )
    older = library.games_dir() / "20261116-203500-0bd9a3.txt"
    older.write_text(
        saves.match_text(
            MatchConfig("hat_diviyan_keliya", mode=Mode.COMPUTER, level="easy"),
            random_play("hat_diviyan_keliya", 4, lambda s: s.ply >= 12),
            OLDER.timestamp(),
        ),
        encoding="utf-8",
    )
    app.manager.clear()
    app.manager.push(shown_title(app))
    pump(app, 0.6)
    shot("60_title_resume_offer")
    screen = LibraryScene(app)
    app.manager.push(screen)
    pump(app, 0.1)
    shot("60a_saved_games")
    mouse.key(pygame.K_END)  # the oldest game, left on a day the list writes out as a date
    pump(app, 0.1)
    shot("60a2_saved_games_oldest")
    screen.show_tab("finished")
    pump(app, 0.1)
    shot("60b_saved_games_finished")
    screen.show_tab("record")
    pump(app, 0.1)
    shot("60c_saved_games_record")
    app.manager.pop()
    app.manager.push(SettingsScene(app))
    pump(app, 0.1)
    shot("61_settings")
    mouse.key(pygame.K_RIGHT)  # the first row, Sound, changed: the screen says it is saved
    pump(app, 0.1)
    shot("61b_settings_saved")
    scene = play(app, MatchConfig("kotu_ellima", mode=Mode.PASS), state)
    app.manager.push(PauseScene(app, scene))
    pump(app, 0.1)
    shot("62_pause_menu")
    app.manager.pop()
    app.manager.push(confirm_leave(app, lambda: None))
    pump(app, 0.1)
    shot("63_leave_question")
    app.manager.pop()
    scene.match.review_at(20)
    pump(app, 0.1)
    shot("64_review_move_20")
    # a game played as North (the top side: the person's own at the bottom) against the computer:
    # the card says "You won" or "You lost", and the graph "Your chances"
    scene = play(
        app,
        MatchConfig("kotu_ellima", mode=Mode.COMPUTER, level="hard", human_side=1),
        finished("kotu_ellima"),
    )
    pump(app, 1.5)
    shot("65_game_over_turning_points")
    _analysis(app, shot, scene)
    for game_file in files:
        game_file.forget()
    older.unlink(missing_ok=True)


def _analysis(app, shot, scene) -> None:
    """The engine's look over the finished game: the graph, the slips marked, one looked at (a
    light budget, so the pictures come quickly)."""
    from game.ai.analysis import AnalysisRunner

    scene.match.analyse(lambda start, moves: AnalysisRunner(start, moves, budget=60))
    over = app.manager.top
    if hasattr(over, "see_board"):
        over.see_board()
    wait_until(lambda: scene.match.analysis.done, step=0.02, between=lambda: pump(app, 0.1))
    pump(app, 0.1)
    shot("66_analysis_graph")
    # a slip of the person's own first, if they made one (North's: the highlighted row in its column)
    slips = sorted(
        (j for j in scene.match.analysis.judgements() if j.best and j.verdict != Verdict.GOOD),
        key=lambda j: (j.mover != scene.match.lone_human, j.ply),
    )
    if slips:
        scene.match.look_at_move(slips[0].ply)
        pump(app, 0.1)
        shot("67_analysis_best_move")
