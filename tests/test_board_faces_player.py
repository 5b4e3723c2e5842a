"""The board faces the person playing: their side at the bottom against the computer on every
kind of board, T turns it at any time, and a lesson never turns in the middle of a step."""

from __future__ import annotations

import pygame
import pytest

from game.config import MatchConfig, Mode
from game.scenes.tutorial import TutorialScene
from rules.kinds import BoardKind
from tools.scenarios import Mouse
from tools.scenarios import start_play as start


def average_y(scene, player: int) -> float:
    """Where a side sits on screen: its pieces (or, on a pit board, its holes), on average."""
    state = scene.match.state
    if state.game.layout.kind == BoardKind.HOLES:
        cells = state.game.layout.circuits[player]
    else:
        cells = [c for c, (owner, _) in state.pieces().items() if owner == player]
    return sum(scene.board.pos(c)[1] for c in cells) / len(cells)


@pytest.mark.parametrize("game_id", ["kotu_ellima", "cows_leopards", "battlehalma", "ncuva"])
def test_the_persons_side_is_at_the_bottom_against_the_computer(app, game_id):
    tops = []
    for side in (0, 1):
        scene = start(app, MatchConfig(game_id, mode=Mode.COMPUTER, human_side=side, iterations=1))
        assert scene.match.turned == (side == 1), (game_id, side)
        tops.append(scene.board.pos(scene.match.state.game.layout.cells[0].index)[1])
        if game_id == "cows_leopards":  # the leopards start in hand: the board turned is what tells
            continue
        assert average_y(scene, side) > average_y(scene, side ^ 1), (game_id, side)
    assert tops[0] != tops[1], game_id  # the same point drawn elsewhere: the board is turned round


def test_t_turns_the_board_and_coordinates_follow(app):
    scene = start(app, MatchConfig("ncuva", mode=Mode.PASS))
    a1 = scene.match.state.game.point_index("a1")
    before = scene.board.pos(a1)
    assert average_y(scene, 0) > average_y(scene, 1)
    Mouse(app).key(pygame.K_t)
    assert average_y(scene, 1) > average_y(scene, 0)  # North's rows now nearest
    after = scene.board.pos(a1)
    assert after[0] > before[0] and after[1] < before[1]  # a1 went with its pit, across and up
    assert scene.board.cell_at(after) == a1  # and clicks find it there
    Mouse(app).key(pygame.K_t)
    assert scene.board.pos(a1) == before


def test_a_lesson_turns_only_between_steps(app):
    from game import settings as user_settings

    user_settings.update(rotate=True)  # pass and play would turn to the player to move after each move
    scene = TutorialScene(app, "kotu_ellima")
    app.manager.push(scene)
    app.frame([], 1 / 60)
    turned = scene.match.turned
    move = scene.expected[0]
    for cell in move.path:
        Mouse(app).click(scene.board.pos(cell))
    while scene.busy:
        app.frame([], 0.05)
    assert scene.match.turned == turned  # the reply has been played: still the same way up
