"""Reproducible positions and a synthetic mouse for the screenshot tool, the UI tests and the
frame-time benchmark: each finds a position by seeded random play, so nothing is hard-coded."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from rules import State, load_game
from rules.kinds import MoveKind


def wait_until(
    condition: Callable[[], bool],
    polls: int = 20_000,
    step: float = 0.005,
    between: Callable[[], None] | None = None,
) -> bool:
    """Ask ``condition`` until it holds, at most ``polls`` times ``step`` seconds apart (running
    ``between``, a frame say, before each ask); whether it came to hold. The bound is a count of
    asks, but with the sleeps between them it is wall time in effect (100 s by default): a wait
    on another process or thread (a worker, a helper, a table built in the background) has no
    work of its own to count. So the default is generous, far above any answer on a loaded
    machine, and a wait ends as soon as its answer comes, so a long bound costs nothing."""
    import time

    for _ in range(polls):
        if between is not None:
            between()
        if condition():
            return True
        time.sleep(step)
    return condition()


def first_answer(poll: Callable[[], Any], polls: int = 20_000, step: float = 0.005) -> Any:
    """The first answer ``poll`` gives that is not None (a worker's reply), asked as
    ``wait_until`` asks; None if none came."""
    got: list[Any] = []

    def answered() -> bool:
        if not got:
            reply = poll()
            if reply is not None:
                got.append(reply)
        return bool(got)

    wait_until(answered, polls, step)
    return got[0] if got else None


def random_play(
    game_id: str,
    seed: int,
    stop: Callable[[State], bool],
    max_plies: int = 400,
    avoid_captures: bool = False,
    **options: Any,
) -> State:
    """Play seeded random legal moves from the start of ``game_id`` until ``stop(state)``."""
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state(rng)
    for _ in range(max_plies):
        if stop(state) or state.outcome() is not None:
            return state
        moves = state.legal_moves()
        if avoid_captures:
            quiet = [m for m in moves if not state.captures(m) and m.kind != MoveKind.HUFF]
            moves = quiet or moves
        state.play(moves[rng.randrange(len(moves))])
    return state


def has_chain(state: State, length: int = 2) -> bool:
    """True when the side to move has a capture chain of ``length`` jumps or more."""
    return any(m.kind == MoveKind.JUMP and len(m.captured) >= length for m in state.legal_moves())


def find(
    game_id: str,
    stop: Callable[[State], bool],
    seeds: range = range(200),
    max_plies: int = 400,
    avoid_captures: bool = False,
    **options: Any,
) -> State:
    """The first seeded random game that reaches ``stop``; ValueError if none does."""
    for seed in seeds:
        state = random_play(game_id, seed, stop, max_plies, avoid_captures, **options)
        if stop(state):
            return state
    raise ValueError(f"no seeded game of {game_id} reached the wanted position")


def chain_position() -> State:
    """A Kotu Ellima position (forced captures) where the side to move has a 2+ jump chain."""
    return find("kotu_ellima", has_chain)


def free_chain_position() -> State:
    """Free captures: a chain that may stop after its first jump."""
    return find("sixteen_soldiers", has_chain, capture="free")


def huff_position() -> State:
    """Huff rule: the side to move may huff a piece that failed to capture."""
    return find(
        "kotu_ellima",
        lambda s: any(m.kind == MoveKind.HUFF for m in s.legal_moves()),
        capture="huff",
        avoid_captures=True,
    )


def finished(game_id: str, seed: int = 1, **options: Any) -> State:
    return find(
        game_id, lambda s: s.outcome() is not None, range(seed, seed + 200), max_plies=2000, **options
    )


class Mouse:
    """Synthetic mouse events at board points, posted straight to an app's frames."""

    def __init__(self, app) -> None:
        self.app = app

    def events_at(self, pos: tuple[float, float], button: int = 1) -> list[pygame.event.Event]:
        p = (int(pos[0]), int(pos[1]))
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button),
        ]

    def move(self, pos: tuple[float, float]) -> None:
        """Hover at ``pos`` (no button)."""
        p = (int(pos[0]), int(pos[1]))
        self.app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        self.app.frame(self.events_at(pos, button), 1 / 60)

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
        s = (int(start[0]), int(start[1]))
        frames = [
            [
                pygame.event.Event(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=s, button=1),
            ]
        ]
        for i in range(1, steps + 1):
            x = int(start[0] + (end[0] - start[0]) * i / steps)
            y = int(start[1] + (end[1] - start[1]) * i / steps)
            frames.append([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))])
        e = (int(end[0]), int(end[1]))
        frames.append([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=e, button=1)])
        for events in frames:
            self.app.frame(events, 1 / 60)

    def key(self, key: int, mod: int = 0) -> None:
        self.app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")], 1 / 60)


def pump(app, seconds: float, dt: float = 1 / 60) -> None:
    """Run frames with no input for ``seconds`` of app time, drawing the last (drawing only reads
    what ``update`` made, so the frames between need not be drawn to be right)."""
    t = 0.0
    while t < seconds and app.running:
        t += dt
        app.frame([], dt, draw=t >= seconds)


def visible(app) -> str:
    """Every word the screen shows in the next frame (the scenes drawn, top and below), joined:
    what a player can read, for tests that a message is shown."""
    from game import theme

    seen: list[str] = []
    theme.text_placed = lambda surface, words, rect, box, size: seen.append(words)
    try:
        app.frame([], 1 / 60)
    finally:
        theme.text_placed = None
    return " ".join(seen)


def click_move(mouse: Mouse, scene, move) -> None:
    """Play ``move`` on a play scene the way a player does: click its points in order, and click
    the piece again to stop a chain that could go on."""
    view = scene.board
    if len(move.path) == 1:
        mouse.click(view.pos(move.path[0]))
        return
    for p in move.path:
        mouse.click(view.pos(p))
    if scene.look.builder.path == tuple(move.path):  # what the board shows: play's, or any board scene's
        mouse.click(view.pos(move.path[-1]))


def start_play(app, config, state=None):
    """A play scene over the chooser (so Menu and Esc have somewhere to go), one frame drawn."""
    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene

    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = PlayScene(app, config, state)
    app.manager.push(scene)
    app.frame([], 1 / 60)
    return scene


def settle(app, scene, limit: float = 10.0, dt: float = 0.1) -> None:
    """Run frames until the scene's animations are over (``limit`` seconds of app time at most)."""
    t, ran = 0.0, False
    while scene.busy and t < limit:
        app.frame([], dt, draw=False)
        t, ran = t + dt, True
    if ran and app.running:
        app.redraw()  # the settled position, drawn once


def play_to_end(
    app,
    scene,
    rng,
    max_plies: int = 600,
    settle_seconds: float = 10.0,
    settle_dt: float = 0.1,
    wait_frames: int = 150_000,
) -> int:
    """Click random legal moves for the human side(s) (each checked to be played as clicked)
    and let the computer answer, until the game ends; return the plies played. Bounded by plies
    and by frames waited for each computer move, never by the clock: a loaded machine (CI shares
    its cores) is slow, not wrong; a computer that never answers still fails, after
    ``wait_frames`` frames of 2 ms."""
    import time

    mouse = Mouse(app)
    plies = 0
    while scene.match.state.outcome() is None and plies < max_plies:
        settle(app, scene, limit=settle_seconds, dt=settle_dt)
        if scene.match.state.outcome() is not None:
            break
        if scene.match.human_to_move:
            moves = scene.match.state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            before = scene.match.state.ply
            click_move(mouse, scene, move)
            assert scene.match.state.ply == before + 1, scene.match.said.words
            assert scene.match.state.history()[-1] == move
            plies += 1
        else:
            before = scene.match.state.ply
            for _ in range(wait_frames):
                app.frame([], 1 / 60, draw=False)
                if scene.match.state.ply != before or scene.match.state.outcome() is not None:
                    app.redraw()
                    break
                time.sleep(0.002)
            else:
                raise AssertionError(
                    f"the computer did not move in {wait_frames} frames: {scene.match.said.words}"
                )
            plies += scene.match.state.ply - before
    settle(app, scene, limit=settle_seconds, dt=settle_dt)
    return plies


def shown_title(app):
    """The title as the player sees it from its second frame on: the library read (its first
    frame is drawn before the library is, so that the window opens at once)."""
    from game.scenes.title import TitleScene

    title = TitleScene(app)
    title.refresh()
    return title


def chooser_on(app, game_id: str):
    """The game chooser over the title, with ``game_id``'s card chosen, as a player reaches it
    (one frame drawn): where Z, P and the other chooser keys start from."""
    from game.scenes.menu import MenuScene, playable_ids

    app.manager.clear()
    app.manager.push(shown_title(app))
    menu = MenuScene(app, playable_ids().index(game_id))
    app.manager.push(menu)
    app.frame([], 1 / 60)
    return menu
