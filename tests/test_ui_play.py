"""A player's view, driven by synthetic mouse and key events under SDL's dummy video driver:
whole games to the end (pass and play, and against the computer through the real AI worker),
a capture chain built by clicks, stopping a chain, a huff and its refusal, drops, drag, undo,
the hint and the pause of computer-against-computer games."""

import random
from functools import partial

import pygame
import pytest

from game import settings as user_settings
from game import theme
from game.boards.beats import Beat
from game.config import Controller, MatchConfig, Mode
from game.render.pieces import sprite
from game.scenes.gameover import GameOverScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.rules_screen import RulesScene
from game.sound import RECIPES
from rules import load_state
from rules.kinds import MoveKind, PieceKind
from tools.scenarios import (
    Mouse,
    chain_position,
    click_move,
    finished,
    free_chain_position,
    huff_position,
    pump,
    random_play,
    settle,
    wait_until,
)
from tools.scenarios import play_to_end as scenario_play_to_end
from tools.scenarios import start_play as start

play_to_end = partial(scenario_play_to_end, max_plies=400)


def test_pass_and_play_to_the_end_shows_game_over(app):
    scene = start(app, MatchConfig("hat_diviyan_keliya", mode=Mode.PASS))
    play_to_end(app, scene, random.Random(4))
    outcome = scene.match.state.outcome()
    assert outcome is not None
    pump(app, 1.0, 0.1)
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    assert scene.match.turn_text().startswith("Game over")
    assert outcome.reason in scene.match.turn_text()


def test_war_game_pass_and_play_to_the_end(app):
    scene = start(app, MatchConfig("peralikatuma", mode=Mode.PASS))
    play_to_end(app, scene, random.Random(2))
    assert scene.match.state.outcome() is not None


def test_against_the_computer_to_the_end(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    cfg = MatchConfig(
        "hat_diviyan_keliya", mode=Mode.COMPUTER, human_side=1, level="easy", min_pause=0.0, iterations=40
    )
    scene = start(app, cfg)
    assert scene.match.controllers == [Controller.COMPUTER, Controller.HUMAN]
    play_to_end(app, scene, random.Random(1))
    out = scene.match.state.outcome()
    assert out is not None
    movers = scene.match.movers
    assert 0 in movers and 1 in movers  # both the computer and the person moved


def test_computer_against_computer_plays_by_itself(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    cfg = MatchConfig("hat_diviyan_keliya", mode=Mode.WATCH, level="easy", min_pause=0.0, iterations=30)
    scene = start(app, cfg)
    wait_until(
        lambda: scene.match.state.ply >= 6, polls=50_000, step=0.002, between=lambda: app.frame([], 1 / 30)
    )
    assert scene.match.state.ply >= 6


def test_multi_capture_built_by_clicks(app):
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    scene = start(app, MatchConfig("kotu_ellima"), state)
    mouse = Mouse(app)
    view = scene.board
    taken_before = state.captured_counts()[state.to_move]
    mover = state.to_move
    mouse.click(view.pos(chain.path[0]))
    mouse.click(view.pos(chain.path[1]))
    assert scene.match.builder.path == chain.path[:2]  # half-built: nothing played yet
    assert scene.match.state.ply == state.ply
    assert "must go on" in scene.match.said.words or "Keep jumping" in scene.match.said.words
    for p in chain.path[2:]:
        mouse.click(view.pos(p))
    assert scene.match.state.history()[-1] == chain
    assert scene.busy  # the hops are being shown
    # The first jump was shown while the chain was built: it is not replayed from the start.
    anim = scene.animation
    assert chain.path[0] not in anim.board and chain.captured[0] not in anim.board
    assert chain.path[1] in anim.board or anim.flying is not None
    assert chain.captured[-1] in anim.board  # not yet taken
    # The panel tells the move when its animation has landed, not before.
    assert "took" not in scene.match.event
    settle(app, scene)
    assert (
        scene.match.event.startswith(f"{scene.match.side(mover)}: ")
        and f"took {len(chain.captured)}" in scene.match.event
    )
    assert scene.match.state.captured_counts()[mover] == taken_before + len(chain.captured)


def test_a_chain_clicked_from_the_start_is_animated_hop_by_hop(app):
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    scene = start(app, MatchConfig("kotu_ellima"), state)
    scene.match.play(chain)  # as the computer plays it: nothing was shown before
    app.frame([], 0)  # the scene takes up what the match reported
    anim = scene.animation
    app.frame([], 0.05)
    assert anim.flying is not None and chain.path[0] not in anim.board  # the piece is in the air
    assert all(c in anim.board for c in chain.captured)  # nothing taken before the hops land
    settle(app, scene)
    assert scene.animation is None and scene.match.pieces_now == scene.match.state.pieces()


def test_the_panel_follows_the_board_while_a_move_is_shown(app):
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    mover = state.to_move
    scene = start(app, MatchConfig("kotu_ellima"), state)
    scene.match.play(chain)
    app.frame([], 0.05)
    assert scene.match.state.to_move != mover  # the rules have moved on...
    assert scene.match.turn_text() == f"{scene.match.side(mover)} moves"  # ...the panel waits for the board
    settle(app, scene)
    assert scene.match.turn_text().startswith(f"{scene.match.side(mover ^ 1)} to move")


def test_a_click_during_an_animation_skips_to_its_end(app):
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    scene = start(app, MatchConfig("kotu_ellima"), state)
    scene.match.play(chain)
    app.frame([], 0.05)
    assert scene.busy
    Mouse(app).click((5, 5))
    assert not scene.busy and scene.match.event.endswith(f"took {len(chain.captured)}.")
    assert scene.match.log[-1].words == scene.match.event.rstrip(".")


def test_the_speed_key_makes_moves_quicker(app):
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))

    def frames_to_show(presses: int) -> int:
        user_settings.update(animation="normal")
        scene = start(app, MatchConfig("kotu_ellima"), state.copy())
        for _ in range(presses):
            Mouse(app).key(pygame.K_f)
        scene.match.play(chain)
        app.frame([], 0)  # the scene takes up the move: animated, or (off) on the board at once
        n = 0
        while scene.busy:
            app.frame([], 1 / 60)
            n += 1
        return n

    normal, fast, slow, off = frames_to_show(0), frames_to_show(1), frames_to_show(2), frames_to_show(3)
    assert fast < normal * 0.5 and slow > normal * 1.8 and off == 0
    assert user_settings.load_settings()[0].animation == "off"  # the choice is saved


def test_the_board_is_drawn_from_the_move_being_shown(app):
    """While a move is shown, what the board is drawn from (the look the scene lays out) carries
    that move's animation; looking back, the board stands still."""
    user_settings.update(animation="normal")
    scene = start(app, MatchConfig("kotu_ellima"))
    scene.match.play(scene.match.state.legal_moves()[0])
    app.frame([], 1 / 60)
    assert scene.busy and scene.animation is not None and scene.look.animation is scene.animation
    settle(app, scene)
    scene.match.review_at(0)
    app.frame([], 1 / 60)
    assert scene.look.animation is None


def test_the_speed_button_says_the_speed_it_is_at(app):
    user_settings.update(animation="normal")
    scene = start(app, MatchConfig("kotu_ellima"))
    assert scene.speed_button.shown_label() == "Speed: normal  [F]"
    Mouse(app).key(pygame.K_f)
    assert scene.speed_button.shown_label() == "Speed: fast  [F]"


def test_the_speed_key_slows_the_move_being_shown(app):
    """F pressed while a move is shown takes effect at once: turned to slow, that very move is
    shown slowly (more frames than left alone at normal speed)."""
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))

    def frames_to_show(presses: int) -> int:
        user_settings.update(animation="normal")
        scene = start(app, MatchConfig("kotu_ellima"), state.copy())
        scene.match.play(chain)
        app.frame([], 0)
        for _ in range(presses):
            Mouse(app).key(pygame.K_f)  # normal, fast, slow
        n = 0
        while scene.busy:
            app.frame([], 1 / 60)
            n += 1
        return n

    normal, slow = frames_to_show(0), frames_to_show(2)
    assert user_settings.current().animation == "slow" and slow > normal * 1.5


def test_hint_button_keeps_its_place_while_a_piece_is_selected(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS, iterations=200))
    rect = scene.hint_button.rect.copy()
    assert scene.hint_button.visible and scene.hint_button.enabled
    Mouse(app).click(scene.board.pos(scene.match.state.legal_moves()[0].origin))
    app.frame([], 1 / 60)
    assert scene.match.builder.path
    assert scene.hint_button.visible and not scene.hint_button.enabled
    assert scene.hint_button.rect == rect


def test_enemy_piece_click_says_the_point_is_taken_in_lower_case(app):
    state = load_state("kotu_ellima; board=.../.../......./......./..SN...../......./......./.../...; turn=S")
    scene = start(app, MatchConfig("kotu_ellima"), state)
    mouse = Mouse(app)
    south = next(p for p, (o, _) in state.pieces().items() if o == 0)
    north = next(p for p, (o, _) in state.pieces().items() if o == 1)
    mouse.click(scene.board.pos(south))
    mouse.click(scene.board.pos(north))
    name = state.game.point_name(north)
    assert scene.match.said.words.startswith(f"{name} is taken"), scene.match.said.words
    assert "not joined" not in scene.match.said.words


def test_footer_in_watch_mode_does_not_ask_for_clicks(app):
    scene = start(
        app, MatchConfig("hat_diviyan_keliya", mode=Mode.WATCH, level="easy", min_pause=0.0, iterations=30)
    )
    scene.match.toggle_pause()
    texts = []
    real = theme.blit_text

    def capture(surface, words, *args, **kwargs):
        texts.append(words)
        return real(surface, words, *args, **kwargs)

    theme.blit_text = capture
    try:
        app.frame([], 1 / 60)
    finally:
        theme.blit_text = real
    assert any("Computer against computer" in t for t in texts)
    assert not any(t.startswith("Click a piece") for t in texts)


def test_a_free_chain_stops_with_the_stop_button(app):
    state = free_chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    scene = start(app, MatchConfig("sixteen_soldiers", {"capture": "free"}), state)
    mouse = Mouse(app)
    mouse.click(scene.board.pos(chain.path[0]))
    mouse.click(scene.board.pos(chain.path[1]))
    app.frame([], 1 / 60)
    assert scene.stop_button.visible
    mouse.click(scene.stop_button.rect.center)
    played = scene.match.state.history()[-1]
    assert played.path == chain.path[:2] and len(played.captured) == 1


def test_illegal_click_says_why(app):
    state = chain_position()
    scene = start(app, MatchConfig("kotu_ellima"), state)
    capturers = scene.match.builder.capturers()
    board = state.game.board
    pieces = state.pieces()
    own = [
        p
        for p, (o, _) in pieces.items()
        if o == state.to_move and p not in capturers and any(q not in pieces for q in board.adjacent[p])
    ]
    Mouse(app).click(scene.board.pos(own[0]))
    assert "captures are forced" in scene.match.said.words
    assert scene.match.state.ply == state.ply


def test_huff_offered_declined_then_taken(app):
    state = huff_position()
    scene = start(app, MatchConfig("kotu_ellima", {"capture": "huff"}), state)
    mouse = Mouse(app)
    app.frame([], 1 / 60)
    assert scene.decline_button.visible
    assert "huff" in scene.match.said.words
    target = min(scene.match.builder.removal_points())
    mouse.click(scene.decline_button.rect.center)
    assert not scene.match.builder.removal_points()
    mouse.click(scene.board.pos(target))
    assert scene.match.state.ply == state.ply  # a declined huff is no longer a move
    scene.match.builder.refresh()
    mover = scene.match.state.to_move
    mouse.click(scene.board.pos(target))
    assert scene.match.state.history()[-1] == (MoveKind.HUFF, (target,), ())
    assert target not in scene.match.state.pieces()
    assert scene.match.state.to_move == mover  # a huff does not use up the turn


def test_drag_and_drop_moves_a_piece(app):
    scene = start(app, MatchConfig("kotu_ellima"))
    move = scene.match.state.legal_moves()[0]
    Mouse(app).drag(scene.board.pos(move.origin), scene.board.pos(move.target))
    assert scene.match.state.history() == [move]


def test_drops_fall_onto_the_board(app):
    state = random_play("cows_leopards", 0, lambda s: s.ply == 1)
    scene = start(app, MatchConfig("cows_leopards"), state)
    point = min(scene.match.builder.drop_points())
    Mouse(app).click(scene.board.pos(point))
    assert scene.match.state.history()[-1].path == (point,)
    assert scene.busy
    settle(app, scene)
    assert scene.match.state.pieces()[point][0] == 1


def test_undo_in_pass_and_play_takes_back_one_move(app):
    scene = start(app, MatchConfig("kotu_ellima"))
    first = scene.match.state.to_text()
    move = scene.match.state.legal_moves()[0]
    click_move(Mouse(app), scene, move)
    Mouse(app).key(pygame.K_u)
    assert scene.match.state.to_text() == first and not scene.busy


def test_undo_against_the_computer_cancels_its_thinking(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    cfg = MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=0, level="expert", min_pause=5.0)
    scene = start(app, cfg)
    start_text = scene.match.state.to_text()
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
    settle(app, scene)
    app.frame([], 1 / 60)
    assert scene.match.computer.opponent.thinking
    Mouse(app).key(pygame.K_u)
    assert not scene.match.computer.opponent.thinking and not app.worker.busy
    assert scene.match.state.to_text() == start_text
    assert scene.match.human_to_move


def test_rules_screen_from_play_and_back(app):
    scene = start(app, MatchConfig("cows_leopards"))
    Mouse(app).key(pygame.K_F1)
    assert isinstance(app.manager.top, RulesScene)
    Mouse(app).key(pygame.K_ESCAPE)
    assert app.manager.top is scene


def test_game_over_rematch_and_menu(app):
    finished = random_play("hat_diviyan_keliya", 1, lambda s: False, max_plies=2000)
    assert finished.outcome() is not None
    scene = start(app, MatchConfig("hat_diviyan_keliya"), load_state(finished.to_text()))
    pump(app, 1.0, 0.1)
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    Mouse(app).click(over.rematch.rect.center)
    fresh = app.manager.top
    assert isinstance(fresh, PlayScene) and fresh is not scene and fresh.match.state.ply == 0
    fresh.match.load(load_state(finished.to_text()))  # the same match, a finished position
    pump(app, 1.0, 0.1)
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    Mouse(app).click(over.menu.rect.center)
    assert isinstance(app.manager.top, MenuScene)


def test_esc_opens_the_pause_menu_and_esc_resumes(app):
    from game.scenes.pause import PauseScene

    scene = start(app, MatchConfig("kotu_ellima"))
    Mouse(app).key(pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    Mouse(app).key(pygame.K_ESCAPE)
    assert app.manager.top is scene
    Mouse(app).key(pygame.K_ESCAPE)
    Mouse(app).key(pygame.K_m)  # save and leave
    assert isinstance(app.manager.top, MenuScene)


def test_leaving_a_game_in_progress_asks_first_and_the_game_is_saved(app):
    from game import library
    from game.scenes.pause import MenuOverlay

    scene = start(app, MatchConfig("kotu_ellima"))
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
    settle(app, scene)
    Mouse(app).click(scene.menu_button.rect.center)
    assert isinstance(app.manager.top, MenuOverlay)  # asked, not left
    Mouse(app).key(pygame.K_ESCAPE)
    assert app.manager.top is scene
    lib = library.scan()
    assert lib.problems == [] and [e.match.state.to_text() for e in lib.unfinished] == [
        scene.match.state.to_text()
    ]
    Mouse(app).click(scene.menu_button.rect.center)
    Mouse(app).key(pygame.K_RETURN)
    assert isinstance(app.manager.top, MenuScene)


def test_a_resumed_game_has_its_moves_and_can_undo_them(app):
    from game import library
    from game.config import Mode

    state = random_play("hat_diviyan_keliya", 2, lambda s: s.ply >= 6)
    config = MatchConfig("hat_diviyan_keliya", mode=Mode.PASS)
    assert library.GameFile().save(config, state) == ""
    saved = library.scan().unfinished[0].match
    scene = start(app, saved.config, saved.state)
    assert len(scene.match.log) == 6 and scene.match.movers == [0, 1, 0, 1, 0, 1]
    Mouse(app).key(pygame.K_u)
    assert scene.match.state.ply == 5 and len(scene.match.log) == 5
    assert Mode.COMPUTER != saved.config.mode


def test_export_writes_a_save_that_loads_back(app):
    from game import saves
    from game.scenes.pause import PauseScene

    scene = start(app, MatchConfig("sixteen_soldiers"))
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
    settle(app, scene)
    Mouse(app).key(pygame.K_ESCAPE)
    pause = app.manager.top
    assert isinstance(pause, PauseScene)
    Mouse(app).key(pygame.K_e)
    path = pause.note.removeprefix("Exported to ")
    back = saves.read_match(open(path, encoding="utf-8").read())
    assert back.state.to_text() == scene.match.state.to_text()


def test_setup_against_the_computer_by_clicks(app):
    from game.scenes.setup import SetupScene

    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    app.manager.clear()
    app.manager.push(MenuScene(app))
    setup = SetupScene(app, "cows_leopards")
    app.manager.push(setup)
    app.frame([], 1 / 60)
    mouse = Mouse(app)
    mouse.click((setup.mode.rect.right - 20, setup.mode.rect.top + 20))
    assert setup.mode.value == Mode.COMPUTER and setup.side.visible and setup.level.visible
    app.frame([], 1 / 60)
    mouse.click((setup.side.rect.right - 20, setup.side.rect.top + 20))
    assert setup.side.value == 1
    mouse.click(setup.start_button.rect.center)
    play = app.manager.top
    assert isinstance(play, PlayScene)
    assert play.match.controllers == [Controller.COMPUTER, Controller.HUMAN] and play.match.side(1) == "Cows"
    app.frame([], 1 / 60)
    assert play.match.computer.opponent.thinking  # the leopards (computer) open the game


# --- hint and pause -------------------------------------------------------------------------


def wait_for(app, condition):
    return wait_until(condition, between=lambda: app.frame([], 1 / 60))


def test_hint_marks_a_legal_move_and_goes_when_a_move_is_played(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    state = chain_position()
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS, iterations=200), state)
    assert scene.hint_button.visible
    Mouse(app).key(pygame.K_h)
    assert wait_for(app, lambda: scene.match.suggestion is not None)
    hint = scene.match.suggestion
    assert hint in scene.match.state.legal_moves()
    assert hint.kind == MoveKind.JUMP  # captures are forced here: the hint must be one
    assert scene.match.state.move_text(hint) in scene.match.said.words
    app.frame([], 1 / 60)
    assert scene.hint_button.visible and not scene.hint_button.enabled  # shown on the board instead
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
    assert scene.match.suggestion is None


def test_hint_is_dropped_by_undo_while_it_is_computed(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.PASS, iterations=50_000))
    click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
    pump(app, 1.0)
    Mouse(app).key(pygame.K_h)
    assert scene.match.computer.adviser.thinking
    Mouse(app).key(pygame.K_u)
    assert not scene.match.computer.adviser.thinking and scene.match.suggestion is None
    pump(app, 0.5)
    assert scene.match.suggestion is None


def test_watch_mode_pauses_and_resumes(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    cfg = MatchConfig("hat_diviyan_keliya", mode=Mode.WATCH, level="easy", min_pause=0.0, iterations=30)
    scene = start(app, cfg)
    assert not scene.hint_button.visible
    Mouse(app).key(pygame.K_p)
    assert scene.match.paused
    ply = scene.match.state.ply
    for _ in range(150):  # well past a move's worth of frames: paused, no move is even asked for
        app.frame([], 1 / 30)
        assert not scene.match.computer.thinking
    assert scene.match.state.ply == ply
    app.frame([], 1 / 30)
    assert scene.step_button.visible
    Mouse(app).key(pygame.K_n)  # one move, then paused again
    assert wait_for(app, lambda: scene.match.state.ply == ply + 1)
    settle(app, scene)
    for _ in range(30):
        app.frame([], 1 / 30)
        assert not scene.match.computer.thinking
    assert scene.match.state.ply == ply + 1 and scene.match.paused
    Mouse(app).key(pygame.K_p)
    assert not scene.match.paused
    assert wait_for(app, lambda: scene.match.state.ply >= ply + 3)


def test_legal_move_marks_follow_the_setting(app):
    scene = start(app, MatchConfig("kotu_ellima"))
    move = scene.match.state.legal_moves()[0]
    Mouse(app).click(scene.board.pos(move.origin))
    x, y = (int(v) for v in scene.board.pos(move.target))

    def patch():
        app.frame([], 1 / 60)
        return pygame.image.tobytes(app.screen.subsurface(pygame.Rect(x - 6, y - 6, 12, 12)), "RGB")

    shown = patch()
    user_settings.update(show_legal=False)
    hidden = patch()
    user_settings.update(show_legal=True)
    assert shown != hidden and patch() == shown


def test_the_panel_names_the_capture_rule_in_force(app):
    scene = start(app, MatchConfig("kotu_ellima", {"capture": "huff"}))
    assert scene.match.rules_in_force() == "Capture rule: Huff (traditional)"
    scene = start(app, MatchConfig("hat_diviyan_keliya"))
    assert scene.match.rules_in_force() == ""  # nothing to name: one way to play


def test_animation_events_sound_as_they_should(app, monkeypatch):
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, volume=1.0: heard.append(name))
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    scene = start(app, MatchConfig("kotu_ellima"), state)
    scene.match.play(chain)
    settle(app, scene)
    assert heard.count("capture") == len(chain.captured) and "hop" in heard
    heard.clear()
    scene = start(app, MatchConfig("ncuva"))
    scene.match.play(scene.match.state.legal_moves()[0])
    settle(app, scene)
    assert "sow" in heard and "drop" not in heard  # a sown stone is light, not a piece set down


@pytest.mark.parametrize(
    "owner, kind",
    [
        (0, PieceKind.SOLDIER),
        (1, PieceKind.SOLDIER),
        (0, PieceKind.COW),
        (1, PieceKind.LEOPARD),
        (1, PieceKind.TIGER),
        (0, PieceKind.COUNTER),
        (1, PieceKind.COUNTER),
        (0, PieceKind.KING),
        (1, PieceKind.KING),
    ],
    ids=str,
)
def test_a_captured_piece_bursts_into_its_own_colours(app, owner, kind):
    """The fragments thrown out where a piece is taken are of the colours it is drawn in (and the
    accent's sparks): each colour but the accent is one of the token's own pixels."""
    scene = start(app, MatchConfig("kotu_ellima"))
    scene._anim_event(Beat.CAPTURE, scene.match.state.game.layout.cells[0].index, (owner, kind))
    token = sprite(owner, kind, 30)
    drawn = {
        tuple(token.get_at((x, y)))[:3] for x in range(token.get_width()) for y in range(token.get_height())
    }
    own = {p.color for p in scene.bursts.particles} - {theme.ACCENT}
    assert own and all(tuple(color) in drawn for color in own), (own, kind)


def test_the_result_sounds_the_win_chord_once_as_it_appears(app, monkeypatch):
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, volume=1.0: heard.append(name))
    state = finished("kotu_ellima", 3)
    start(app, MatchConfig("kotu_ellima", dict(state.game.options)), state)
    pump(app, 1.0, 1 / 30)
    assert isinstance(app.manager.top, GameOverScene)
    assert heard == ["win"] and "win" in RECIPES


@pytest.mark.parametrize("game_id", ["kotu_ellima", "battlehalma"])
def test_turn_the_board_puts_the_player_to_move_at_the_bottom(app, game_id):
    user_settings.update(rotate=True)
    scene = start(app, MatchConfig(game_id, mode=Mode.PASS))
    a1 = (
        scene.match.state.game.point_index("a1")
        if game_id == "battlehalma"
        else scene.match.state.game.point_index("c1")
    )
    low_left = scene.board.pos(a1)
    mouse = Mouse(app)
    rng = random.Random(3)
    for _ in range(6):  # both players move by clicks on a board that turns between them
        moves = scene.match.state.legal_moves()
        click_move(mouse, scene, moves[rng.randrange(len(moves))])
        settle(app, scene)
        turned = scene.board.pos(a1)
        if scene.match.state.to_move == 1:
            assert turned[0] > low_left[0] and turned[1] < low_left[1]  # a1 is now top right
        else:
            assert turned == low_left
    assert scene.match.state.ply == 6
    user_settings.update(rotate=False)
    scene.settings_changed()
    assert scene.board.pos(a1) == low_left


def test_the_taken_count_rises_as_the_captures_are_shown(app):
    """A chain of captures: the card counts each piece as it is knocked off, not at the start."""
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    mover = state.to_move
    before = state.captured_counts()[mover]
    scene = start(app, MatchConfig("kotu_ellima"), state)
    scene.match.play(chain)
    app.frame([], 0.01)
    seen = [scene.shown_taken()[mover]]
    while scene.busy:
        app.frame([], 1 / 30)
        seen.append(scene.shown_taken()[mover])
    assert seen[0] == before and seen[-1] == before + len(chain.captured)
    assert seen == sorted(seen) and len(set(seen)) == len(chain.captured) + 1  # one step per piece


def test_ncuva_stores_count_as_the_stones_are_swept(app):
    from rules.kinds import EffectKind

    def capture(s):
        return next(
            (m for m in s.legal_moves() if any(e.kind == EffectKind.CAPTURE for e in s.effects(m))), None
        )

    state = random_play("ncuva", 1, lambda s: capture(s) is not None, max_plies=400)
    move = capture(state)
    scene = start(app, MatchConfig("ncuva", dict(state.game.options)), state)
    mover = state.to_move
    before = state.captured_counts()[mover]
    taken = sum(e.count for e in state.effects(move) if e.kind == EffectKind.CAPTURE)
    scene.match.play(move)
    app.frame([], 0.01)
    assert scene.shown_taken()[mover] == before  # the sowing has only begun
    settle(app, scene, limit=60, dt=1 / 30)
    assert scene.shown_taken()[mover] == before + taken
