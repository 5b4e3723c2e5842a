"""Screenshot scenes of studying a game (``--screenshots``): the analysis board reached by B from
a game in play, a variation tried by clicks with the engine's view on, and the mistakes drill
reached by L after the analysis, a hint asked. The engines here answer at once with made-up
values (the tour shows how the screens lay out, never waits on a search): the first legal moves
as the line, a slip every few moves."""

from __future__ import annotations

import random

import pygame

from tools.scenarios import click_move, pump


class _Line:
    """An engine for the tour: its line is the first legal move, four times; chances 62%."""

    def __init__(self, plies: int = 4) -> None:
        self.plies = plies
        self.points: list = []
        self.judged: tuple | None = None
        self.done, self.error = False, ""
        self._new = False

    def _line(self, state) -> None:
        from game.ai.analysis import Point

        self.points = []
        for _ in range(self.plies):
            moves = state.legal_moves()
            if state.outcome() is not None or not moves:
                break
            self.points.append(
                Point(state.ply, state.to_move, 0.62, state.move_text(moves[0]), len(moves), None, 1.0, 1.0)
            )
            state.apply(moves[0])
        self.done, self._new = True, True

    def ask(self, position: str) -> None:
        from rules import load_state

        self._line(load_state(position))

    def ask_try(self, position: str, move: str) -> None:
        from game.ai.analysis import Point
        from rules import load_state

        state = load_state(position)
        best = state.move_text(state.legal_moves()[0])
        self.judged = (Point(state.ply, state.to_move, 0.62, best, 5, 0.3), move, state.forces(state.to_move))
        state.play(move)
        self._line(state)

    def poll(self) -> bool:
        new, self._new = self._new, False
        return new

    def close(self) -> None:
        self.done = True


class _Slips:
    """An analysis for the tour: every fourth move a blunder with another move the better one."""

    def __init__(self, start: str, moves: list[str]) -> None:
        from game.ai.analysis import Point
        from rules import load_state

        state = load_state(start)
        self.points = []
        for ply, text in enumerate([*moves, ""]):
            move = state.parse_move(text) if text else None
            others = [m for m in state.legal_moves() if m != move] if move is not None else []
            if ply % 4 == 2 and others:
                self.points.append(Point(ply, state.to_move, 0.7, state.move_text(others[0]), 5, played=0.25))
            else:
                self.points.append(Point(ply, state.to_move, 0.5, text, 5))
            if move is not None:
                state.apply(move)
        self.done, self.error = False, ""

    def poll(self) -> list:
        self.done = True
        points, self.points = self.points, []
        return points

    def cancel(self) -> None:
        self.done = True


def take(app, shot, mouse, play) -> None:
    from game.scenes import analysis_board, mistakes

    engines = analysis_board.line_engine, mistakes.judging_engine
    analysis_board.line_engine, mistakes.judging_engine = _Line, _Line
    try:
        _study(app, shot, mouse, play)
    finally:
        analysis_board.line_engine, mistakes.judging_engine = engines


def _study(app, shot, mouse, play) -> None:
    from game.config import MatchConfig, Mode

    scene = play(app, MatchConfig("cows_leopards", mode=Mode.PASS))
    rng = random.Random(4)
    for _ in range(10):
        click_move(mouse, scene, rng.choice(scene.match.state.legal_moves()))
        pump(app, 0.6)
    mouse.key(pygame.K_LEFT)
    mouse.key(pygame.K_LEFT)
    mouse.key(pygame.K_b)  # the analysis board, two moves back
    board = app.manager.top
    model = board.model
    tried = [
        m for m in model.state.legal_moves() if model.state.move_text(m) != model.tree.cursor.children[0].move
    ]
    click_move(mouse, board, tried[0])
    pump(app, 1.0)
    mouse.key(pygame.K_e)
    pump(app, 0.2)
    shot("80_analysis_board")
    mouse.key(pygame.K_ESCAPE)
    pump(app, 0.1)
    scene.match.analyse(_Slips)
    pump(app, 0.2)
    mouse.key(pygame.K_l)  # the slips to solve again
    pump(app, 0.1)
    mouse.key(pygame.K_h)
    pump(app, 0.2)
    shot("81_mistakes_hint")
    mouse.key(pygame.K_s)
    pump(app, 0.2)
    shot("82_mistakes_answer")
    mouse.key(pygame.K_ESCAPE)
    pump(app, 0.1)
