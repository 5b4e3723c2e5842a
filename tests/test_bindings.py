"""The README's input bindings in play, sent as real pygame events through the app's frames:
right-click drops a selection, U and Ctrl+Z undo, Ctrl+Y redoes, Esc first drops a selection
and then opens the pause menu."""

import pygame

from game.config import MatchConfig
from game.scenes.pause import PauseScene
from tools.scenarios import Mouse, click_move, settle, start_play


def key(app, k, mod=0):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")], 1 / 60)


def mouse_down(app, pos, button):
    p = (int(pos[0]), int(pos[1]))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button)], 1 / 60)


def select_a_piece(app, scene):
    """Left-click the first point of a legal move that starts with a piece to pick up (not a
    drop): the piece is chosen, nothing is played."""
    move = next(m for m in scene.match.state.legal_moves() if len(m.path) > 1)
    mouse_down(app, scene.board.pos(move.path[0]), 1)
    assert scene.match.builder.path == (move.path[0],)
    assert scene.match.state.ply == 0
    return move


def test_right_click_cancels_a_selection(app):
    scene = start_play(app, MatchConfig("kotu_ellima"))
    move = select_a_piece(app, scene)
    mouse_down(app, scene.board.pos(move.path[-1]), 3)  # right-click, even on the move's target
    assert scene.match.builder.path == ()
    assert scene.match.state.ply == 0 and app.manager.top is scene


def test_esc_with_a_piece_selected_drops_it_and_a_second_esc_pauses(app):
    scene = start_play(app, MatchConfig("kotu_ellima"))
    select_a_piece(app, scene)
    key(app, pygame.K_ESCAPE)
    assert scene.match.builder.path == ()
    assert app.manager.top is scene  # the selection went, not the game
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)


def test_esc_with_nothing_selected_opens_the_pause_menu(app):
    scene = start_play(app, MatchConfig("kotu_ellima"))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene


def play_two_moves(app, scene):
    texts = [scene.match.state.to_text()]
    for _ in range(2):
        click_move(Mouse(app), scene, scene.match.state.legal_moves()[0])
        settle(app, scene)
        texts.append(scene.match.state.to_text())
    assert scene.match.state.ply == 2
    return texts


def test_u_undoes_and_ctrl_y_redoes(app):
    scene = start_play(app, MatchConfig("kotu_ellima"))
    texts = play_two_moves(app, scene)
    key(app, pygame.K_u)
    settle(app, scene)
    assert scene.match.state.to_text() == texts[1]
    key(app, pygame.K_u)
    settle(app, scene)
    assert scene.match.state.to_text() == texts[0]
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    settle(app, scene)
    assert scene.match.state.to_text() == texts[1]
    key(app, pygame.K_y, pygame.KMOD_RCTRL)
    settle(app, scene)
    assert scene.match.state.to_text() == texts[2]


def test_ctrl_z_undoes_and_a_bare_z_or_y_does_nothing(app):
    scene = start_play(app, MatchConfig("kotu_ellima"))
    texts = play_two_moves(app, scene)
    # (key, modifiers, the position after it: how many moves stand)
    for pressed, mod, moves in ((pygame.K_z, 0, 2),  # no Ctrl: not an undo
                                (pygame.K_z, pygame.KMOD_LCTRL, 1),
                                (pygame.K_y, 0, 1),  # no Ctrl: not a redo
                                (pygame.K_y, pygame.KMOD_CTRL, 2)):
        key(app, pressed, mod)
        settle(app, scene)
        assert scene.match.state.to_text() == texts[moves], (pressed, mod)
