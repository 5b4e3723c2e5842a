"""Every key and mouse action that README.md ("Play") and the in-app help lines name, scene by
scene, in one table (issue 28): each row sends real pygame events through ``App.frame`` and
checks what the binding is said to do on the scene or the match, never on pixels. A guard keeps
the table whole: every key the README's "Play" section names has a row.

One window serves every row (a row starts from an empty scene stack, windowed, in the language
the module started in); its AI worker answers in this process with the first legal move, and
the analysis engine with fixed values, so a row costs frames, not searches."""

from __future__ import annotations

import copy
import errno
import functools
import os
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import pygame
import pytest

import game.ai.analysis as ai_analysis
from game import i18n, library, saves, theme
from game import settings as user_settings
from game.ai.analysis import Point
from game.ai.worker import AIReply
from game.app import App
from game.config import MatchConfig, Mode
from game.match.editor import PositionEditor
from game.match.review import turning_points
from game.match.words import log_rows
from game.scenes.analysis_board import AnalysisBoardScene
from game.scenes.coin import CoinTossScene
from game.scenes.editor import EditorScene
from game.scenes.file_picker import FilePickerScene
from game.scenes.gameover import GameOverScene
from game.scenes.library_screen import LibraryScene
from game.scenes.menu import MenuScene, playable_ids
from game.scenes.mistakes import MistakesScene
from game.scenes.pause import MenuOverlay, PauseScene
from game.scenes.play import PlayScene
from game.scenes.rules_screen import RulesScene
from game.scenes.settings_screen import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.scenes.tutorial import TutorialScene
from game.tutorials.lesson_match import Stage
from game.widgets import Selector
from rules import State, load_game, load_state
from rules.kinds import MoveKind, PieceKind
from rules.words import Words
from tools import battlehalma_positions
from tools.scenarios import (
    chain_position,
    finished,
    free_chain_position,
    huff_position,
    random_play,
    shown_title,
)
from tools.scenarios import start_play as start_play_scene

SIZE = (1280, 800)
README = Path(__file__).resolve().parent.parent / "README.md"
Pos = tuple[float, float]
Frames = Iterator[list[pygame.event.Event]]


# --- the computer and the analysis, in this process -------------------------------------------------
class FirstMove:
    """The AI worker's interface, answered here: each request gets the first legal move on the
    ``after``-th poll (so a row can catch the computer thinking). Bindings are tested, not the
    engine: no process, no search, the same answer every run."""

    def __init__(self, after: int = 3) -> None:
        self.after = after
        self.ticket = 0
        self.asked: tuple[int, str] | None = None
        self.polls = 0

    @property
    def busy(self) -> bool:
        return self.asked is not None

    def request(
        self,
        position: str,
        level: str = "medium",
        min_pause: float = 0.0,
        seed: int | None = None,
        iterations: int | None = None,
    ) -> int:
        self.ticket += 1
        self.asked, self.polls = (self.ticket, position), 0
        return self.ticket

    def poll(self) -> AIReply | None:
        if self.asked is None:
            return None
        self.polls += 1
        if self.polls < self.after:
            return None
        (ticket, position), self.asked = self.asked, None
        state = load_state(position)
        return AIReply(ticket, state.move_text(state.legal_moves()[0]), 0.0, 1, None)

    def cancel(self) -> None:
        self.asked = None

    def close(self) -> None:
        self.asked = None


class Judged:
    """An analysis engine that answers at once: every position even, the move played the
    engine's own, except the third move from the end, which threw the game away with a better
    move at hand (near the end: the move list shows it without scrolling)."""

    def __init__(self, start: str, moves: list[str]) -> None:
        state = load_state(start)
        self.points: list[Point] = []
        slip = len(moves) - 3
        for ply, text in enumerate([*moves, ""]):
            move = state.parse_move(text) if text else None
            other = next((m for m in state.legal_moves() if m != move), None) if move is not None else None
            if ply == slip - 1 and other is not None:
                self.points.append(Point(ply, state.to_move, 0.5, state.move_text(other), 2, played=0.05))
            else:
                self.points.append(Point(ply, state.to_move, 0.5, text, 2))
            if move is not None:
                state.apply(move)
        self.done, self.error = False, ""

    def poll(self) -> list[Point]:
        self.done = True
        points, self.points = self.points, []
        return points

    def cancel(self) -> None:
        self.done = True


# --- what a row holds ---------------------------------------------------------------------------------
@dataclass
class Ctx:
    """A row's app, the scene its bindings go to, and what it noted before or between events."""

    app: App
    scene: Any = None
    was: dict[str, Any] = field(default_factory=dict)

    @property
    def top(self) -> Any:
        return self.app.manager.top

    @property
    def match(self) -> Any:
        return self.scene.match


Send = Callable[[Ctx], Iterable[list[pygame.event.Event]]]


class Row(NamedTuple):
    """One binding in one scene: what the README or the help says it does, how to get there
    (``arrange``), the events (``send``, frame by frame) and the effect to see (``check``)."""

    scene: str
    binding: str  # as the README or the help line names it
    does: str
    arrange: Callable[[App], Ctx]
    send: Send
    check: Callable[[Ctx], bool]

    @property
    def id(self) -> str:
        """The row's test id, in plain ASCII words (arrows spelt out): a test id with spaces,
        bars or escapes cannot be named back to pytest (the mutation runs name each test)."""
        words = f"{self.scene} {self.binding} {self.does}"
        for arrow, name in (("\u2190", "left"), ("\u2192", "right"), ("\u2191", "up"), ("\u2193", "down")):
            words = words.replace(arrow, name)
        return "-".join(re.findall(r"[A-Za-z0-9+]+", words)).lower()


# --- events ---------------------------------------------------------------------------------------------
def _key_event(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def _at(pos: Pos) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])


def key(k: int, mod: int = 0) -> Send:
    def send(c: Ctx) -> Frames:
        yield [_key_event(k, mod)]

    return send


def event(kind: int, **attrs: Any) -> Send:
    def send(c: Ctx) -> Frames:
        yield [pygame.event.Event(kind, **attrs)]

    return send


def click(where: Callable[[Ctx], Pos], button: int = 1) -> Send:
    """Move there, press and release (``where`` is read when the click comes, after the frames
    before it)."""

    def send(c: Ctx) -> Frames:
        p = _at(where(c))
        yield [
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button),
        ]

    return send


def hover(where: Callable[[Ctx], Pos]) -> Send:
    def send(c: Ctx) -> Frames:
        yield [pygame.event.Event(pygame.MOUSEMOTION, pos=_at(where(c)), rel=(0, 0), buttons=(0, 0, 0))]

    return send


def drag(start: Callable[[Ctx], Pos], end: Callable[[Ctx], Pos], steps: int = 6) -> Send:
    """Press on ``start``, move there in ``steps`` frames with the button held, release."""

    def send(c: Ctx) -> Frames:
        s, e = _at(start(c)), _at(end(c))
        yield [
            pygame.event.Event(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=s, button=1),
        ]
        for i in range(1, steps + 1):
            p = (s[0] + (e[0] - s[0]) * i // steps, s[1] + (e[1] - s[1]) * i // steps)
            yield [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))]
        yield [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=e, button=1)]

    return send


def frames(n: int) -> Send:
    def send(c: Ctx) -> Frames:
        for _ in range(n):
            yield []

    return send


def until(condition: Callable[[Ctx], bool], limit: int = 600) -> Send:
    """Empty frames until ``condition`` holds (at most ``limit``: bounded by frames, not time)."""

    def send(c: Ctx) -> Frames:
        for _ in range(limit):
            if condition(c):
                return
            yield []

    return send


settled = until(lambda c: not c.scene.busy)


def note(name: str, value: Callable[[Ctx], Any]) -> Send:
    """Remember ``value`` at this point of the events, for the check."""

    def send(c: Ctx) -> Frames:
        c.was[name] = value(c)
        yield from ()

    return send


def seq(*sends: Send) -> Send:
    def send(c: Ctx) -> Frames:
        for s in sends:
            yield from s(c)

    return send


CTRL, RCTRL, META = pygame.KMOD_LCTRL, pygame.KMOD_RCTRL, pygame.KMOD_LMETA


# --- positions (found by seeded play, once) ---------------------------------------------------------------
def start_of(game_id: str, **options: Any) -> State:
    return load_game(game_id, **options).new_initial_state(random.Random(0))


def config_for(state: State, **kw: Any) -> MatchConfig:
    return MatchConfig(state.game.id, dict(state.game.options), **kw)


@functools.cache
def _positions() -> dict[str, State]:
    hdk = random_play("hat_diviyan_keliya", 1, lambda s: any(len(m.path) > 1 for m in s.legal_moves()))
    return {
        "chain": chain_position(),
        "free chain": free_chain_position(),
        "huff": huff_position(),
        "over": finished("kotu_ellima", 3),
        "hunt moves": hdk,
        "leaps": battlehalma_positions.chain_position(),
        "long": random_play("sixteen_soldiers", 0, lambda s: s.ply >= 40),
    }


@functools.cache
def ncuva_over() -> State:
    """A finished game of Ncuva whose first move is one of its turning points."""
    return finished("ncuva", 1)


def position(name: str) -> State:
    return _positions()[name].copy()


def simple_moves(state: State) -> list[Any]:
    """The moves of two points that no longer move starts with (two clicks play each)."""
    moves = state.legal_moves()
    return [
        m
        for m in moves
        if len(m.path) == 2 and not any(len(o.path) > 2 and o.path[:2] == m.path for o in moves)
    ]


def simple_move(state: State, pick: int = 0):
    """A move of two points that no longer move starts with (two clicks play it)."""
    return simple_moves(state)[pick]


# --- arranging a scene -------------------------------------------------------------------------------------
def fresh(app: App) -> None:
    """An empty stack, windowed at the row size, running."""
    app.manager.clear()
    app.running = True
    if app.fullscreen:
        app.toggle_fullscreen()
    if app.size != SIZE:
        app.resize(SIZE)


def pushed(app: App, *scenes: Callable[[App], Any]) -> Ctx:
    """The scenes pushed in order (each made when the one below is in place), one frame drawn;
    the row's scene is the last."""
    fresh(app)
    scene = None
    for make in scenes:
        scene = make(app)
        app.manager.push(scene)
    app.frame([], 1 / 60, draw=False)
    return Ctx(app, scene)


def title(app: App) -> Ctx:
    return pushed(app, shown_title)


def chooser(app: App) -> Ctx:
    return pushed(app, shown_title, MenuScene)


def setup(game_id: str = "kotu_ellima") -> Callable[[App], Ctx]:
    return lambda app: pushed(app, shown_title, MenuScene, lambda a: SetupScene(a, game_id))


def editor_of(game_id: str) -> Callable[[App], Ctx]:
    """The position editor of ``game_id`` over the chooser (from the game's start)."""
    return lambda app: pushed(app, shown_title, MenuScene, lambda a: EditorScene(a, game_id))


def first_empty(c: Ctx) -> int:
    """The editor's first empty cell, noted when first asked (the click fills it)."""
    if "empty" not in c.was:
        c.was["empty"] = next(cell for cell in c.scene.editor.cells if cell not in c.scene.editor.board)
    return int(c.was["empty"])


def first_piece(c: Ctx) -> int:
    """The editor's first piece's cell, noted when first asked (the click takes it off)."""
    if "piece" not in c.was:
        c.was["piece"] = next(iter(c.scene.editor.board))
    return int(c.was["piece"])


def saved_game(plies: int = 3, seed: int = 0) -> State:
    """An unfinished game of Sixteen Soldiers in the library (a file of its own)."""
    state = random_play("sixteen_soldiers", seed, lambda s: s.ply >= plies)
    library.GameFile().save(config_for(state), state)
    return state


def saved_finished() -> State:
    state = position("over")
    library.GameFile().save(config_for(state), state)
    return state


def with_saved(arrange: Callable[[App], Ctx], unfinished: int = 1, done: int = 0) -> Callable[[App], Ctx]:
    """``arrange`` with games in the library first: ``unfinished`` of them (3, 4... plies) and
    ``done`` finished ones."""

    def made(app: App) -> Ctx:
        c = Ctx(app)
        for i in range(unfinished):
            c.was[f"saved{i}"] = saved_game(3 + i, seed=i)
        for _ in range(done):
            c.was["finished"] = saved_finished()
        got = arrange(app)
        got.was.update(c.was)
        return got

    return made


def library_screen(app: App) -> Ctx:
    return pushed(app, shown_title, LibraryScene)


def clipboard_game(arrange: Callable[[App], Ctx]) -> Callable[[App], Ctx]:
    """``arrange`` with a game copied as text on the clipboard."""

    def made(app: App) -> Ctx:
        c = arrange(app)
        state = random_play("peralikatuma", 2, lambda s: s.ply >= 2)
        pygame.scrap.put_text(saves.match_text(config_for(state), state))
        c.was["copied"] = state.to_text()
        return c

    return made


def dropped_file(app: App) -> Ctx:
    c = title(app)
    state = random_play("cows_leopards", 2, lambda s: s.ply >= 3)
    path = Path(os.environ["KELIYA_HOME"]) / "dropped-game.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(saves.match_text(config_for(state), state), encoding="utf-8")
    c.was["file"], c.was["copied"] = str(path), state.to_text()
    return c


def browsing(app: App) -> Ctx:
    """The file browser over the title, in a folder of a sub-folder and a saved game (the folder
    last used); the game's position noted."""
    folder = Path(os.environ["KELIYA_HOME"]) / "browse"
    (folder / "older").mkdir(parents=True, exist_ok=True)
    state = random_play("hat_diviyan_keliya", 2, lambda s: s.ply >= 3)
    (folder / "game.txt").write_text(saves.match_text(config_for(state), state), encoding="utf-8")
    user_settings.update(last_folder=str(folder))
    c = pushed(app, shown_title, FilePickerScene)
    c.was["folder"], c.was["copied"] = folder, state.to_text()
    return c


def browsing_at(name: str) -> Callable[[App], Ctx]:
    """``browsing`` with the row ``name`` chosen."""

    def made(app: App) -> Ctx:
        c = browsing(app)
        c.scene.selected = [row.name for row in c.scene.rows].index(name)
        return c

    return made


def in_folder(name: str) -> Callable[[Ctx], bool]:
    """The browser shows the sub-folder ``name`` of the row's folder ('..': the folder above it)."""
    return lambda c: c.scene.folder == (c.was["folder"].parent if name == ".." else c.was["folder"] / name)


def browser_row(name: str) -> Callable[[Ctx], Pos]:
    return lambda c: c.scene.row_rects[[row.name for row in c.scene.rows].index(name) - c.scene.top].center


def double_click(where: Callable[[Ctx], Pos]) -> Send:
    return seq(click(where), click(where))


def play(
    config: MatchConfig, state: Callable[[], State] | None = None, moves: int = 0, pick: int = 0
) -> Callable[[App], Ctx]:
    """A play scene over the chooser with ``state`` (default: the start), and ``moves`` moves
    then played (shown landing): the texts of the positions noted as ``texts``."""

    def made(app: App) -> Ctx:
        fresh(app)
        st = state() if state is not None else start_of(config.game_id, **config.options)
        scene = start_play_scene(app, config, st)
        texts = [scene.match.state.to_text()]
        for _ in range(moves):
            scene.match.play(simple_move(scene.match.state, pick))
            while scene.busy:
                app.frame([], 0.1, draw=False)
            texts.append(scene.match.state.to_text())
        c = Ctx(app, scene, {"texts": texts})
        note_board(c)
        return c

    return made


def note_board(c: Ctx) -> None:
    """The board as it faces now: turned or not, and where the first point is drawn."""
    c.was["turned"] = c.match.turned
    c.was["pos"] = c.scene.board.pos(c.match.state.game.layout.cells[0].index)


def turned_round(c: Ctx) -> bool:
    """T: the orientation flag flipped and a point is drawn elsewhere (clicks find it there)."""
    cell = c.match.state.game.layout.cells[0].index
    now = c.scene.board.pos(cell)
    return c.match.turned != c.was["turned"] and now != c.was["pos"] and c.scene.board.cell_at(now) == cell


def then(arrange: Callable[[App], Ctx], *steps: Callable[[Ctx], Any]) -> Callable[[App], Ctx]:
    """``arrange``, then each step on the model (getting there is not what the row tests)."""

    def made(app: App) -> Ctx:
        c = arrange(app)
        for step in steps:
            step(c)
            c.app.frame([], 1 / 60, draw=False)
        return c

    return made


def selected(c: Ctx) -> None:
    """A piece chosen (a click on it), nothing played."""
    move = simple_move(c.match.state)
    c.scene.match.click(move.path[0])
    c.was["move"] = move
    assert c.match.builder.path == (move.path[0],)


def until_ply(ply: int) -> Callable[[Ctx], None]:
    """Frames until the game has ``ply`` moves, shown (the computer playing itself)."""

    def step(c: Ctx) -> None:
        for _ in range(600):
            if c.match.state.ply >= ply and not c.scene.busy:
                return
            c.app.frame([], 0.1, draw=False)
        raise AssertionError(f"no move {ply} in 600 frames")

    return step


def position_is(index: int) -> Callable[[Ctx], bool]:
    """The game stands as it stood after ``index`` of the arranged moves."""
    return lambda c: c.match.state.to_text() == c.was["texts"][index]


def over_of(state: State) -> Callable[[App], Ctx]:
    """The game of ``state`` (finished), its result shown over the board (as after its last move)."""

    def made(app: App) -> Ctx:
        c = play(config_for(state), lambda: state.copy())(app)
        for _ in range(120):
            if isinstance(app.manager.top, GameOverScene):
                break
            app.frame([], 1 / 60, draw=False)
        assert isinstance(app.manager.top, GameOverScene)
        c.was["play"], c.scene = c.scene, app.manager.top
        return c

    return made


def over(app: App) -> Ctx:
    """A game that ended, its result shown over the board (as after its last move)."""
    return over_of(position("over"))(app)


def over_seen(app: App) -> Ctx:
    """The finished game's board looked at ("See board"): the play scene under the strip."""
    c = over(app)
    c.scene.see_board()
    app.frame([], 1 / 60, draw=False)
    c.was["over"], c.scene = c.scene, c.was["play"]
    return c


def analysed(app: App) -> Ctx:
    c = over_seen(app)
    c.match.analyse(Judged)
    for _ in range(3):
        app.frame([], 1 / 60, draw=False)
    assert c.match.analysis.done and c.scene.plan.graph_marks
    return c


def paused(app: App) -> Ctx:
    """Esc in a game with a move played: the pause menu over it."""
    c = play(MatchConfig("sixteen_soldiers"), moves=1)(app)
    c.scene.pause_menu()
    app.frame([], 1 / 60, draw=False)
    c.was["play"], c.scene = c.scene, app.manager.top
    return c


class _Answers:
    """An engine for the analysis board's rows: the first legal move as its line, at once."""

    def __init__(self) -> None:
        self.points: list[Any] = []
        self.judged: Any = None
        self.done, self.error = False, ""

    def ask(self, position: str) -> None:
        from game.ai.analysis import Point

        state = load_state(position)
        moves = state.legal_moves()
        self.points = (
            [Point(state.ply, state.to_move, 0.6, state.move_text(moves[0]), len(moves))] if moves else []
        )
        self.done = True

    def ask_try(self, position: str, move: str) -> None:
        self.points, self.judged, self.done = [], None, True

    def poll(self) -> bool:
        return False

    def close(self) -> None:
        self.done = True


def board_open(app: App) -> Ctx:
    """B in a game of four moves, looking back one: the analysis board at that position."""
    c = play(SQUARES, moves=4)(app)
    c.match.review_step(-1)
    c.scene.analysis_board()
    app.frame([], 1 / 60, draw=False)
    c.was["play"], c.scene = c.scene, app.manager.top
    c.scene.model.engine_factory = _Answers
    return c


def board_tried(app: App) -> Ctx:
    """The analysis board with a variation tried (another move than the game's), the board in it."""
    c = board_open(app)
    m = c.scene.model
    game_move = m.tree.cursor.children[0].move
    m.play(next(mv for mv in m.state.legal_moves() if m.state.move_text(mv) != game_move))
    app.frame([], 1 / 60, draw=False)
    c.was["tried"] = m.tree.cursor
    return c


def board_two_tried(app: App) -> Ctx:
    """Two variations tried from the same position, the board in the second."""
    c = board_tried(app)
    m = c.scene.model
    m.step(-1)
    taken = {n.move for n in m.tree.cursor.children}
    m.play(next(mv for mv in m.state.legal_moves() if m.state.move_text(mv) not in taken))
    app.frame([], 1 / 60, draw=False)
    c.was["second"] = m.tree.cursor
    return c


def drilling(app: App) -> Ctx:
    """L after the analysis: the game's slip to solve again (one: the third move from the end)."""
    c = analysed(app)
    c.scene.learn_from_mistakes()
    app.frame([], 1 / 60, draw=False)
    c.was["play"], c.scene = c.scene, app.manager.top
    c.scene.model._engine_factory = _Answers  # never judges here: no engine process for a row
    return c


def leave_asked(app: App) -> Ctx:
    """Menu in a game in progress: the question before leaving."""
    c = play(MatchConfig("sixteen_soldiers"), moves=1)(app)
    c.scene.to_menu()
    app.frame([], 1 / 60, draw=False)
    c.was["play"], c.scene = c.scene, app.manager.top
    return c


def rules(app: App) -> Ctx:
    c = pushed(app, shown_title, MenuScene, lambda a: RulesScene(a, "kotu_ellima"))
    assert c.scene.max_scroll > 0
    return c


def scrolled_to_end(c: Ctx) -> None:
    c.scene.target_scroll = c.scene.max_scroll


def settings_at(row: int) -> Callable[[App], Ctx]:
    def made(app: App) -> Ctx:
        c = pushed(app, shown_title, SettingsScene)
        c.scene.focus.index = row
        c.was["settings"] = copy.copy(user_settings.current())
        c.was["language"] = i18n.language()
        return c

    return made


def lesson(app: App) -> Ctx:
    return pushed(app, shown_title, MenuScene, lambda a: TutorialScene(a, "kotu_ellima"))


def lesson_step_played(c: Ctx) -> None:
    """The step's move made (its points clicked) and shown, the reply too: the card says Next."""
    for cell in c.scene.expected[0].path:
        c.scene.match.click(cell)
        c.app.frame([], 1 / 60, draw=False)
    for _ in range(600):
        if c.scene.stage == Stage.AFTER:
            break
        c.app.frame([], 0.1, draw=False)
    assert c.scene.stage == Stage.AFTER


def lesson_step_played_next(c: Ctx) -> None:
    """On to step 2, its move played too (so starting again is seen to go back)."""
    c.scene.next_step()
    c.app.frame([], 1 / 60, draw=False)
    lesson_step_played(c)


def lesson_done(c: Ctx) -> None:
    while c.scene.stage != Stage.DONE:
        lesson_step_played(c)
        c.scene.next_step()
        c.app.frame([], 1 / 60, draw=False)


def lesson_after(app: App) -> Ctx:
    return then(lesson, lesson_step_played)(app)


def coin(app: App) -> Ctx:
    state = load_game("ncuva").new_initial_state(random.Random(1))
    return pushed(app, shown_title, MenuScene, lambda a: CoinTossScene(a, MatchConfig("ncuva"), state))


def at_cell(cell: Callable[[Ctx], int]) -> Callable[[Ctx], Pos]:
    return lambda c: c.scene.board.pos(cell(c))


def origin_of(move: Callable[[Ctx], Any]) -> Callable[[Ctx], Pos]:
    return at_cell(lambda c: move(c).path[0])


def target_of(move: Callable[[Ctx], Any]) -> Callable[[Ctx], Pos]:
    return at_cell(lambda c: move(c).path[-1])


def centre(rect_of: Callable[[Ctx], pygame.Rect]) -> Callable[[Ctx], Pos]:
    return lambda c: rect_of(c).center


def first_simple(c: Ctx):
    if "move" not in c.was:
        c.was["move"] = simple_move(c.match.state)
    return c.was["move"]


def longest_chain(c: Ctx):
    if "move" not in c.was:
        c.was["move"] = max(
            (m for m in c.match.state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured)
        )
    return c.was["move"]


def longest_leap(c: Ctx):
    if "move" not in c.was:
        c.was["move"] = max(battlehalma_positions.chain_moves(c.match.state), key=lambda m: len(m.path))
    return c.was["move"]


def hop(move: Callable[[Ctx], Any], k: int) -> Callable[[Ctx], Pos]:
    """The ``k``-th point of the move's path."""
    return at_cell(lambda c: move(c).path[k])


def stopped_after_one(move: Callable[[Ctx], Any]) -> Callable[[Ctx], bool]:
    """One move played: the chain's first hop, stopped there."""
    return lambda c: (
        c.match.state.ply == c.was["ply0"] + 1 and tuple(c.match.last_move.path) == tuple(move(c).path[:2])
    )


def top_is(kind: type) -> Callable[[Ctx], bool]:
    return lambda c: isinstance(c.top, kind)


def plays_move(move: Callable[[Ctx], Any], ply: int = 1) -> Callable[[Ctx], bool]:
    """The move was played as clicked, and nothing else."""
    return lambda c: (
        c.match.state.ply - c.was.get("ply0", 0) == ply and c.match.state.history()[-1] == move(c)
    )


def started_here(c: Ctx) -> Ctx:
    c.was["ply0"] = c.match.state.ply
    return c


def from_ply(arrange: Callable[[App], Ctx]) -> Callable[[App], Ctx]:
    return lambda app: started_here(arrange(app))


def opened(c: Ctx, text: str) -> bool:
    """A play scene is on top with the game ``text`` (a position text)."""
    top = c.top
    return isinstance(top, PlayScene) and top.match.state.to_text() == text


def moved_on(c: Ctx) -> Frames:
    """In the game just opened, one move played and shown (the file it came from noted first)."""
    c.was["path"] = library.scan().unfinished[0].path
    game = c.top
    game.match.play(simple_move(game.match.state))
    for _ in range(600):
        if not game.busy:
            return
        yield []


def look_at_log(index: int) -> Callable[[Ctx], Pos]:
    return lambda c: next(r for r, i, _ in c.scene.plan.log_cells if i == index).center


def focused(c: Ctx) -> Any:
    return c.scene.focus.focused


def the_slip(c: Ctx) -> tuple[Pos, int]:
    """Where the graph marks the slip, and which move it is."""
    ((xy, _, ply),) = c.scene.plan.graph_marks
    return xy, ply


def looks_at_the_slip(c: Ctx) -> bool:
    """The slip named, the position before it shown, the engine's move marked there."""
    ply = c.was["slip"]
    review = c.match.review
    return review.named_ply == ply and review.ply == ply - 1 and review.view.suggestion is not None


LINES = MatchConfig("sixteen_soldiers")
HUNT = MatchConfig("cows_leopards")
SQUARES = MatchConfig("battlehalma")
HOLES = MatchConfig("ncuva", {"first": "south"})
WATCHED = MatchConfig("sixteen_soldiers", mode=Mode.WATCH, min_pause=0.0)
AGAINST = MatchConfig("sixteen_soldiers", mode=Mode.COMPUTER, human_side=0, min_pause=0.0)


def speeds(c: Ctx) -> list[str]:
    return [c.was[f"speed{i}"] for i in range(4)]


def f_four_times() -> Send:
    steps: list[Send] = []
    for i in range(4):
        steps += [key(pygame.K_f), note(f"speed{i}", lambda c: user_settings.current().animation)]
    return seq(*steps)


def skip_check(c: Ctx) -> bool:
    """The move was being shown when the click came, and the click showed its end."""
    return c.was["busy"] and not c.scene.busy and c.match.state.ply == c.was.get("ply0", 0) + 1


def played_and_shown(move_clicks: Send) -> Send:
    """Clicks that play a move, then a click off the board while it is being shown."""
    return seq(move_clicks, note("busy", lambda c: c.scene.busy), click(lambda c: (5, 5)))


def clicks_of(move: Callable[[Ctx], Any]) -> Send:
    def send(c: Ctx) -> Frames:
        for cell in move(c).path:
            yield from click(at_cell(lambda c, cell=cell: cell))(c)

    return send


def hinted(c: Ctx) -> bool:
    m = c.match
    return m.suggestion is not None and m.suggestion in m.state.legal_moves() and "Hint" in m.said.words


def language_changed(c: Ctx) -> bool:
    now = i18n.language()
    return now != c.was["language"] and user_settings.load_settings()[0].language == now


def with_language(arrange: Callable[[App], Ctx]) -> Callable[[App], Ctx]:
    def made(app: App) -> Ctx:
        c = arrange(app)
        c.was["language"] = i18n.language()
        return c

    return made


def quits(c: Ctx) -> bool:
    return not c.app.running


def toggled_twice(c: Ctx) -> bool:
    return c.was["full"] and not c.app.fullscreen and c.app.size == SIZE


F11_TWICE = seq(key(pygame.K_F11), note("full", lambda c: c.app.fullscreen), key(pygame.K_F11))


def shake(where: Callable[[Ctx], Pos], dx: int) -> Send:
    """Press on ``where``, move ``dx`` pixels right with the button held, release there: a
    click with a shaky hand (under DRAG_START_PIXELS) or the smallest drag (at it)."""

    def send(c: Ctx) -> Frames:
        s = _at(where(c))
        e = (s[0] + dx, s[1])
        yield [
            pygame.event.Event(pygame.MOUSEMOTION, pos=s, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=s, button=1),
        ]
        yield [pygame.event.Event(pygame.MOUSEMOTION, pos=e, rel=(dx, 0), buttons=(1, 0, 0))]
        yield [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=e, button=1)]

    return send


def long_game(app: App) -> Ctx:
    """A game of 40 moves, pass and play: more rows in the move list than the panel shows."""
    c = play(config_for(position("long")), lambda: position("long"))(app)
    assert c.scene.plan.log_rows_fit + 6 < len(log_rows(c.match.log))
    return c


def scrolled(rows: int) -> Callable[[Ctx], None]:
    """The move list read back ``rows`` rows (as the wheel leaves it)."""
    return lambda c: setattr(c.scene, "log_scroll", rows)


def chooser_noted(c: Ctx) -> None:
    """The chooser the game was started from, kept to see Menu come back to it."""
    c.was["chooser"] = c.app.manager.stack[0]
    assert isinstance(c.was["chooser"], MenuScene)


def without_chooser(c: Ctx) -> None:
    """Nothing under the game (as when Continue on the title opened it)."""
    c.app.manager.stack.remove(c.app.manager.stack[0])


# --- the table ----------------------------------------------------------------------------------------------
TABLE: list[Row] = [
    # The title
    Row("title", "Enter", "opens the game chooser", title, key(pygame.K_RETURN), top_is(MenuScene)),
    Row(
        "title",
        "click",
        "opens the game chooser",
        title,
        click(centre(lambda c: c.scene.prompt_box)),
        top_is(MenuScene),
    ),
    Row(
        "title",
        "L",
        "changes the language at once, and it is remembered",
        with_language(title),
        key(pygame.K_l),
        language_changed,
    ),
    Row(
        "title",
        "R",
        "continues the most recent game as it was left",
        with_saved(title, 2),
        key(pygame.K_r),
        lambda c: opened(c, c.was["saved1"].to_text()),
    ),
    Row(
        "title",
        "G",
        "lists the saved games",
        with_saved(title, 2),
        key(pygame.K_g),
        lambda c: isinstance(c.top, LibraryScene) and len(c.top.entries) == 2,
    ),
    Row(
        "title",
        "O",
        "opens the game on the clipboard",
        clipboard_game(title),
        key(pygame.K_o),
        lambda c: opened(c, c.was["copied"]),
    ),
    Row(
        "title",
        "Ctrl+V",
        "opens the game on the clipboard",
        clipboard_game(title),
        key(pygame.K_v, CTRL),
        lambda c: opened(c, c.was["copied"]),
    ),
    Row(
        "title",
        "drop a file",
        "opens the game in a file dropped on the window",
        dropped_file,
        lambda c: event(pygame.DROPFILE, file=c.was["file"])(c),
        lambda c: opened(c, c.was["copied"]),
    ),
    Row("title", "F", "opens the file browser", title, key(pygame.K_f), top_is(FilePickerScene)),
    Row(
        "title",
        "Ctrl+O",
        "opens the file browser (not the clipboard, as O alone does)",
        clipboard_game(title),
        key(pygame.K_o, CTRL),
        top_is(FilePickerScene),
    ),
    Row(
        "title",
        "Open a file",
        "opens the file browser",
        title,
        click(centre(lambda c: c.scene.file_button.rect)),
        top_is(FilePickerScene),
    ),
    Row("title", "S", "opens the settings", title, key(pygame.K_s), top_is(SettingsScene)),
    Row("title", "Esc", "quits", title, key(pygame.K_ESCAPE), quits),
    Row("title", "F11", "toggles full screen", title, F11_TWICE, toggled_twice),
    Row("title", "Ctrl+Q", "quits", title, key(pygame.K_q, CTRL), quits),
    Row("title", "Cmd+Q", "quits", title, key(pygame.K_q, META), quits),
    Row("title", "close button", "quits", title, event(pygame.QUIT), quits),
    # The game chooser
    Row(
        "chooser", "→", "chooses the next card", chooser, key(pygame.K_RIGHT), lambda c: c.scene.selected == 1
    ),
    Row(
        "chooser",
        "←",
        "chooses the card before",
        then(chooser, lambda c: setattr(c.scene, "selected", 2)),
        key(pygame.K_LEFT),
        lambda c: c.scene.selected == 1,
    ),
    Row(
        "chooser",
        "↓",
        "chooses the card below",
        chooser,
        key(pygame.K_DOWN),
        lambda c: c.scene.selected == (3 if len(c.scene.ids) <= 6 else 4),
    ),
    Row(
        "chooser",
        "↑",
        "chooses the card above",
        then(chooser, lambda c: setattr(c.scene, "selected", 4)),
        key(pygame.K_UP),
        lambda c: c.scene.selected == (1 if len(c.scene.ids) <= 6 else 0),
    ),
    Row(
        "chooser",
        "Enter",
        "opens the chosen game's setup",
        then(chooser, lambda c: setattr(c.scene, "selected", 2)),
        key(pygame.K_RETURN),
        lambda c: isinstance(c.top, SetupScene) and c.top.spec.id == playable_ids()[2],
    ),
    Row(
        "chooser",
        "click a card",
        "opens that game's setup",
        chooser,
        click(centre(lambda c: c.scene.cards[3])),
        lambda c: isinstance(c.top, SetupScene) and c.top.spec.id == playable_ids()[3],
    ),
    Row(
        "chooser",
        "L",
        "opens the chosen game's lesson",
        chooser,
        key(pygame.K_l),
        lambda c: isinstance(c.top, TutorialScene) and c.top.match.spec.id == playable_ids()[0],
    ),
    Row(
        "chooser",
        "F1",
        "shows the chosen game's rules",
        chooser,
        key(pygame.K_F1),
        lambda c: isinstance(c.top, RulesScene) and c.top.spec.id == playable_ids()[0],
    ),
    Row("chooser", "S", "opens the settings", chooser, key(pygame.K_s), top_is(SettingsScene)),
    Row("chooser", "Esc", "steps back to the title", chooser, key(pygame.K_ESCAPE), top_is(TitleScene)),
    Row(
        "chooser",
        "Ctrl+V",
        "opens the game on the clipboard",
        clipboard_game(chooser),
        key(pygame.K_v, CTRL),
        lambda c: opened(c, c.was["copied"]),
    ),
    Row(
        "chooser", "Ctrl+O", "opens the file browser", chooser, key(pygame.K_o, CTRL), top_is(FilePickerScene)
    ),
    Row(
        "chooser",
        "Open a file",
        "opens the file browser",
        chooser,
        click(centre(lambda c: c.scene.file_button.rect)),
        top_is(FilePickerScene),
    ),
    # The file browser
    Row(
        "file browser",
        "Down",
        "chooses the next row",
        browsing,
        key(pygame.K_DOWN),
        lambda c: c.scene.chosen.name == "older",
    ),
    Row(
        "file browser",
        "Up",
        "chooses the row above",
        browsing_at("game.txt"),
        key(pygame.K_UP),
        lambda c: c.scene.chosen.name == "older",
    ),
    Row(
        "file browser",
        "End",
        "chooses the last row",
        browsing,
        key(pygame.K_END),
        lambda c: c.scene.chosen.name == "game.txt",
    ),
    Row(
        "file browser",
        "Home",
        "chooses the first row",
        browsing_at("game.txt"),
        key(pygame.K_HOME),
        lambda c: c.scene.chosen.name == "..",
    ),
    Row(
        "file browser",
        "Enter",
        "opens the folder chosen",
        browsing_at("older"),
        key(pygame.K_RETURN),
        in_folder("older"),
    ),
    Row(
        "file browser",
        "Enter",
        "opens the game chosen, over the chooser",
        browsing_at("game.txt"),
        key(pygame.K_RETURN),
        lambda c: opened(c, c.was["copied"]) and isinstance(c.app.manager.stack[-2], MenuScene),
    ),
    Row(
        "file browser",
        "double click",
        "opens a folder",
        browsing,
        double_click(browser_row("older")),
        in_folder("older"),
    ),
    Row(
        "file browser",
        "double click",
        "opens a game",
        browsing,
        double_click(browser_row("game.txt")),
        lambda c: opened(c, c.was["copied"]),
    ),
    Row(
        "file browser",
        "click",
        "chooses a row (and opens nothing)",
        browsing,
        click(browser_row("game.txt")),
        lambda c: c.top is c.scene and c.scene.chosen.name == "game.txt",
    ),
    Row("file browser", "Backspace", "goes up a folder", browsing, key(pygame.K_BACKSPACE), in_folder("..")),
    Row("file browser", "Esc", "steps back", browsing, key(pygame.K_ESCAPE), top_is(TitleScene)),
    # The setup
    Row(
        "setup",
        "Down",
        "chooses the next row",
        setup(),
        key(pygame.K_DOWN),
        lambda c: isinstance(focused(c), Selector) and focused(c) is not c.scene.mode,
    ),
    Row(
        "setup",
        "Up",
        "chooses the row above",
        then(setup(), lambda c: c.scene.focus._move(1)),
        key(pygame.K_UP),
        lambda c: focused(c) is c.scene.mode,
    ),
    Row(
        "setup",
        "Right",
        "changes the row (how to play: against the computer)",
        setup(),
        key(pygame.K_RIGHT),
        lambda c: c.scene.mode.value == Mode.COMPUTER and focused(c) is c.scene.mode,
    ),
    Row(
        "setup",
        "Left",
        "changes the row the other way (computer against computer)",
        setup(),
        key(pygame.K_LEFT),
        lambda c: c.scene.mode.value == Mode.WATCH and focused(c) is c.scene.mode,
    ),
    Row(
        "setup",
        "Enter",
        "starts the game",
        setup(),
        key(pygame.K_RETURN),
        lambda c: isinstance(c.top, PlayScene) and c.top.match.config.game_id == "kotu_ellima",
    ),
    Row(
        "setup",
        "Enter",
        "starts the game with the coin toss when the first player is tossed",
        setup("ncuva"),
        key(pygame.K_RETURN),
        top_is(CoinTossScene),
    ),
    Row(
        "setup",
        "click a row's arrow",
        "changes that row",
        setup(),
        click(lambda c: (c.scene.mode.rect.right - 20, c.scene.mode.rect.top + 20)),
        lambda c: c.scene.mode.value == Mode.COMPUTER,
    ),
    Row(
        "setup",
        "F1",
        "shows the rules",
        setup(),
        key(pygame.K_F1),
        lambda c: isinstance(c.top, RulesScene) and c.top.spec.id == "kotu_ellima",
    ),
    Row(
        "setup",
        "L",
        "opens the lesson",
        setup(),
        key(pygame.K_l),
        lambda c: isinstance(c.top, TutorialScene) and c.top.match.spec.id == "kotu_ellima",
    ),
    Row("setup", "Esc", "steps back to the chooser", setup(), key(pygame.K_ESCAPE), top_is(MenuScene)),
    Row("setup", "Ctrl+Q", "quits", setup(), key(pygame.K_q, CTRL), quits),
    # Play, a line board (the war games)
    Row(
        "play lines",
        "click a piece, then a marked point",
        "plays the move",
        play(LINES),
        clicks_of(first_simple),
        plays_move(first_simple),
    ),
    Row(
        "play lines",
        "drag",
        "plays the move",
        play(LINES),
        drag(origin_of(first_simple), target_of(first_simple)),
        plays_move(first_simple),
    ),
    Row(
        "play lines",
        "drag",
        "from the piece already chosen, plays the move",
        then(play(LINES), selected),
        drag(origin_of(first_simple), target_of(first_simple)),
        plays_move(first_simple),
    ),
    Row(
        "play lines",
        "click the piece again",
        "drops the choice, even with a shake of 4 pixels",
        then(play(LINES), selected),
        shake(origin_of(first_simple), 4),
        lambda c: c.match.builder.path == () and c.match.state.ply == 0,
    ),
    Row(
        "play lines",
        "drag",
        "6 pixels from the piece chosen and back onto it: a drag, the piece stays chosen",
        then(play(LINES), selected),
        shake(origin_of(first_simple), 6),
        lambda c: c.match.builder.path == (first_simple(c).path[0],) and c.match.state.ply == 0,
    ),
    Row(
        "play lines",
        "right-click",
        "cancels a selection (even on the move's target)",
        then(play(LINES), selected),
        click(target_of(first_simple), 3),
        lambda c: c.match.builder.path == () and c.match.state.ply == 0 and c.top is c.scene,
    ),
    Row(
        "play lines",
        "Esc",
        "drops a piece chosen (and the game stays)",
        then(play(LINES), selected),
        key(pygame.K_ESCAPE),
        lambda c: c.match.builder.path == () and c.top is c.scene,
    ),
    Row(
        "play lines",
        "Esc",
        "then opens the pause menu",
        then(play(LINES), selected),
        seq(key(pygame.K_ESCAPE), key(pygame.K_ESCAPE)),
        top_is(PauseScene),
    ),
    Row("play lines", "Esc", "opens the pause menu", play(LINES), key(pygame.K_ESCAPE), top_is(PauseScene)),
    Row(
        "play lines",
        "click each landing",
        "builds a capture chain one jump at a time",
        from_ply(play(config_for(position("chain")), lambda: position("chain"))),
        seq(clicks_of(longest_chain), settled),
        plays_move(longest_chain),
    ),
    Row(
        "play lines",
        "click each landing",
        "plays nothing before the chain's end",
        from_ply(play(config_for(position("chain")), lambda: position("chain"))),
        seq(click(origin_of(longest_chain)), click(hop(longest_chain, 1))),
        lambda c: (
            c.match.builder.path == tuple(longest_chain(c).path[:2]) and c.match.state.ply == c.was["ply0"]
        ),
    ),
    Row(
        "play lines",
        "click the piece again",
        "stops a chain where the rules let it stop",
        from_ply(play(config_for(position("free chain")), lambda: position("free chain"))),
        seq(click(origin_of(longest_chain)), click(hop(longest_chain, 1)), click(hop(longest_chain, 1))),
        stopped_after_one(longest_chain),
    ),
    Row(
        "play lines",
        "S",
        "stops the chain here",
        from_ply(play(config_for(position("free chain")), lambda: position("free chain"))),
        seq(click(origin_of(longest_chain)), click(hop(longest_chain, 1)), key(pygame.K_s)),
        stopped_after_one(longest_chain),
    ),
    Row(
        "play lines",
        "click a HUFF? piece",
        "removes it (the huff)",
        from_ply(play(config_for(position("huff")), lambda: position("huff"))),
        click(
            at_cell(lambda c: next(m for m in c.match.state.legal_moves() if m.kind == MoveKind.HUFF).path[0])
        ),
        lambda c: (
            c.match.state.ply == c.was["ply0"] + 1 and c.match.state.history()[-1].kind == MoveKind.HUFF
        ),
    ),
    Row(
        "play lines",
        "D",
        "declines the huff: make your move",
        from_ply(play(config_for(position("huff")), lambda: position("huff"))),
        key(pygame.K_d),
        lambda c: not c.match.builder.removal_points() and c.match.state.ply == c.was["ply0"],
    ),
    Row(
        "play lines",
        "click during an animation",
        "shows its end at once",
        from_ply(play(LINES)),
        played_and_shown(clicks_of(first_simple)),
        skip_check,
    ),
    Row(
        "play lines",
        "F",
        "cycles the animation speed: normal, fast, slow, off",
        play(LINES),
        f_four_times(),
        lambda c: (
            speeds(c) == ["fast", "slow", "off", "normal"]
            and c.scene.animation_speed == user_settings.current().speed
        ),
    ),
    Row(
        "play lines",
        "H",
        "asks the computer for a hint, marked on the board",
        play(LINES),
        seq(key(pygame.K_h), until(lambda c: c.match.suggestion is not None, 10)),
        hinted,
    ),
    Row("play lines", "T", "turns the board", play(LINES), key(pygame.K_t), turned_round),
    Row(
        "play lines",
        "Turn",
        "turns the board",
        play(LINES),
        click(centre(lambda c: c.scene.turn_button.rect)),
        turned_round,
    ),
    Row(
        "play lines",
        "U",
        "undoes a move",
        play(LINES, moves=2),
        seq(key(pygame.K_u), settled),
        position_is(1),
    ),
    Row(
        "play lines",
        "U",
        "undoes again, to the start",
        play(LINES, moves=2),
        seq(key(pygame.K_u), settled, key(pygame.K_u), settled),
        position_is(0),
    ),
    Row(
        "play lines",
        "Ctrl+Z",
        "undoes a move",
        play(LINES, moves=2),
        seq(key(pygame.K_z, CTRL), settled),
        position_is(1),
    ),
    Row(
        "play lines",
        "Z",
        "alone undoes nothing",
        play(LINES, moves=2),
        seq(key(pygame.K_z), settled),
        position_is(2),
    ),
    Row(
        "play lines",
        "Ctrl+Y",
        "redoes the move undone",
        then(play(LINES, moves=2), lambda c: c.match.undo()),
        seq(key(pygame.K_y, CTRL), settled),
        position_is(2),
    ),
    Row(
        "play lines",
        "Ctrl+Y",
        "redoes with the right Ctrl too",
        then(play(LINES, moves=2), lambda c: c.match.undo(), lambda c: c.match.undo()),
        seq(key(pygame.K_y, RCTRL), settled, key(pygame.K_y, RCTRL), settled),
        position_is(2),
    ),
    Row(
        "play lines",
        "Y",
        "alone redoes nothing",
        then(play(LINES, moves=2), lambda c: c.match.undo()),
        seq(key(pygame.K_y), settled),
        position_is(1),
    ),
    Row(
        "play lines",
        "Ctrl+Y",
        "redoes nothing once a new move is made",
        then(
            play(LINES, moves=2),
            lambda c: c.match.undo(),
            lambda c: c.match.play(simple_move(c.match.state, 1)),
        ),
        seq(settled, note("now", lambda c: c.match.state.to_text()), key(pygame.K_y, CTRL), settled),
        lambda c: c.match.state.to_text() == c.was["now"] != c.was["texts"][2] and not c.match.can_redo,
    ),
    Row(
        "play lines",
        "click a move in the list",
        "looks at the board after it, read-only",
        play(LINES, moves=4),
        click(look_at_log(2)),
        lambda c: c.match.review.ply == 2 and c.match.state.ply == 4,
    ),
    Row(
        "play lines",
        "←",
        "looks at the move before",
        play(LINES, moves=4),
        key(pygame.K_LEFT),
        lambda c: c.match.review.ply == 3 and c.match.state.ply == 4,
    ),
    Row(
        "play lines",
        "→",
        "looks at the next move",
        then(play(LINES, moves=4), lambda c: c.match.review_at(1)),
        key(pygame.K_RIGHT),
        lambda c: c.match.review.ply == 2,
    ),
    Row(
        "play lines",
        "→",
        "from the last move returns to the game",
        then(play(LINES, moves=4), lambda c: c.match.review_at(3)),
        key(pygame.K_RIGHT),
        lambda c: not c.match.review.active,
    ),
    Row(
        "play lines",
        "Home",
        "looks at the start",
        play(LINES, moves=4),
        key(pygame.K_HOME),
        lambda c: c.match.review.ply == 0,
    ),
    Row(
        "play lines",
        "End",
        "returns to the game",
        then(play(LINES, moves=4), lambda c: c.match.review_at(1)),
        key(pygame.K_END),
        lambda c: not c.match.review.active,
    ),
    Row(
        "play lines",
        "click on the board",
        "returns to the game from a look back",
        then(play(LINES, moves=4), lambda c: c.match.review_at(1)),
        click(at_cell(lambda c: first_simple(c).path[0])),
        lambda c: not c.match.review.active and c.match.state.ply == 4 and c.match.builder.path == (),
    ),
    Row(
        "play lines",
        "Back to the game",
        "returns to the game from a look back",
        then(play(LINES, moves=4), lambda c: c.match.review_at(1)),
        click(centre(lambda c: c.scene.back_button.rect)),
        lambda c: not c.match.review.active,
    ),
    Row(
        "play lines",
        "H",
        "while looking back, hints for that position",
        then(play(LINES, moves=4), lambda c: c.match.review_at(1)),
        seq(key(pygame.K_h), until(lambda c: c.match.review.view.suggestion is not None, 10)),
        lambda c: c.match.review.view.suggestion in c.match.review.view.state.legal_moves(),
    ),
    Row(
        "play lines",
        "F1",
        "shows the rules",
        play(LINES),
        key(pygame.K_F1),
        lambda c: isinstance(c.top, RulesScene) and c.top.spec.id == "sixteen_soldiers",
    ),
    Row("play lines", "F11", "toggles full screen", play(LINES), F11_TWICE, toggled_twice),
    Row(
        "play lines",
        "Menu",
        "asks before leaving a game in progress",
        play(LINES, moves=1),
        click(centre(lambda c: c.scene.menu_button.rect)),
        lambda c: isinstance(c.top, MenuOverlay) and not isinstance(c.top, PauseScene),
    ),
    Row("play lines", "Ctrl+Q", "quits", play(LINES), key(pygame.K_q, CTRL), quits),
    Row("play lines", "close button", "quits", play(LINES), event(pygame.QUIT), quits),
    Row(
        "play lines",
        "Page Up",
        "reads the move list back five rows",
        long_game,
        key(pygame.K_PAGEUP),
        lambda c: c.scene.log_scroll == 5,
    ),
    Row(
        "play lines",
        "Page Down",
        "reads it forward, no further than the newest",
        then(long_game, scrolled(3)),
        key(pygame.K_PAGEDOWN),
        lambda c: c.scene.log_scroll == 0,
    ),
    Row(
        "play lines",
        "wheel",
        "up: reads the move list back a row",
        long_game,
        event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False),
        lambda c: c.scene.log_scroll == 1,
    ),
    Row(
        "play lines",
        "End",
        "after looking far back in a long game, the move list shows the newest again",
        then(long_game, lambda c: c.match.review_at(2)),
        seq(note("scroll", lambda c: c.scene.log_scroll), key(pygame.K_END), frames(1)),
        lambda c: c.was["scroll"] > 0 and not c.match.review.active and c.scene.log_scroll == 0,
    ),
    Row(
        "play lines",
        "click a piece, then a marked point",
        "brings the move list back to the newest",
        from_ply(then(long_game, scrolled(4))),
        clicks_of(first_simple),
        lambda c: plays_move(first_simple)(c) and c.scene.log_scroll == 0,
    ),
    Row(
        "play lines",
        "U",
        "against the computer: back to your move, stopping its thinking",
        then(play(AGAINST, moves=1), lambda c: c.match.tick(0.0)),
        seq(note("thinking", lambda c: c.match.computer.thinking), key(pygame.K_u), settled, frames(10)),
        lambda c: c.was["thinking"] and c.match.state.ply == 0 and not c.match.computer.thinking,
    ),
    Row(
        "play watched",
        "P",
        "pauses a computer-against-computer game",
        play(WATCHED),
        seq(key(pygame.K_p), note("ply", lambda c: c.match.state.ply), frames(40)),
        lambda c: c.match.paused and c.match.state.ply == c.was["ply"],
    ),
    Row(
        "play watched",
        "N",
        "plays one move while paused",
        then(play(WATCHED), lambda c: c.match.toggle_pause()),
        seq(note("ply", lambda c: c.match.state.ply), key(pygame.K_n), frames(40)),
        lambda c: c.match.paused and c.match.state.ply == c.was["ply"] + 1,
    ),
    Row(
        "play watched",
        "P",
        "resumes",
        then(play(WATCHED), lambda c: c.match.toggle_pause()),
        seq(note("ply", lambda c: c.match.state.ply), key(pygame.K_p), frames(60)),
        lambda c: not c.match.paused and c.match.state.ply >= c.was["ply"] + 2,
    ),
    Row(
        "play watched",
        "←",
        "while paused, looks back",
        then(play(WATCHED), until_ply(2), lambda c: c.match.toggle_pause()),
        key(pygame.K_LEFT),
        lambda c: c.match.review.ply == c.match.state.ply - 1 and c.match.paused,
    ),
    Row("play watched", "F1", "shows the rules", play(WATCHED), key(pygame.K_F1), top_is(RulesScene)),
    # Play, a hunt (drops, then moves)
    Row(
        "play hunt",
        "click an empty point",
        "drops a piece there",
        play(HUNT),
        click(at_cell(lambda c: c.match.state.legal_moves()[0].path[0])),
        lambda c: (
            c.match.state.ply == 1
            and c.match.state.history()[0] == start_of("cows_leopards").legal_moves()[0]
        ),
    ),
    Row(
        "play hunt",
        "click a piece, then a marked point",
        "plays the move",
        from_ply(play(config_for(position("hunt moves")), lambda: position("hunt moves"))),
        clicks_of(first_simple),
        plays_move(first_simple),
    ),
    Row(
        "play hunt",
        "drag",
        "plays the move",
        from_ply(play(config_for(position("hunt moves")), lambda: position("hunt moves"))),
        drag(origin_of(first_simple), target_of(first_simple)),
        plays_move(first_simple),
    ),
    Row(
        "play hunt",
        "right-click",
        "cancels a selection",
        then(play(config_for(position("hunt moves")), lambda: position("hunt moves")), selected),
        click(lambda c: (5, 5), 3),
        lambda c: c.match.builder.path == (),
    ),
    Row(
        "play hunt",
        "click during an animation",
        "shows its end at once",
        from_ply(play(config_for(position("hunt moves")), lambda: position("hunt moves"))),
        played_and_shown(clicks_of(first_simple)),
        skip_check,
    ),
    Row("play hunt", "T", "turns the board", play(HUNT), key(pygame.K_t), turned_round),
    Row(
        "play hunt",
        "V",
        "shows the proven result (Hat Diviyan Keliya)",
        play(MatchConfig("hat_diviyan_keliya")),
        seq(note("hidden", lambda c: c.match.proven_line()), key(pygame.K_v), frames(1)),
        lambda c: c.was["hidden"] is None and (c.match.proven_line() or "").startswith("proven: "),
    ),
    Row(
        "play hunt",
        "V",
        "hides it again",
        then(play(MatchConfig("hat_diviyan_keliya")), lambda c: setattr(c.match, "show_proven", True)),
        seq(frames(1), note("shown", lambda c: c.match.proven_line()), key(pygame.K_v), frames(1)),
        lambda c: c.was["shown"] is not None and c.match.proven_line() is None,
    ),
    # Play, a square board (BattleHalma)
    Row(
        "play squares",
        "click a piece, then a marked square",
        "plays the move",
        play(SQUARES),
        clicks_of(first_simple),
        plays_move(first_simple),
    ),
    Row(
        "play squares",
        "drag",
        "plays the move",
        play(SQUARES),
        drag(origin_of(first_simple), target_of(first_simple)),
        plays_move(first_simple),
    ),
    Row(
        "play squares",
        "right-click",
        "cancels a selection",
        then(play(SQUARES), selected),
        click(target_of(first_simple), 3),
        lambda c: c.match.builder.path == () and c.match.state.ply == 0,
    ),
    Row(
        "play squares",
        "click the piece again",
        "stops a leap chain on the square reached",
        from_ply(play(config_for(position("leaps")), lambda: position("leaps"))),
        seq(click(origin_of(longest_leap)), click(hop(longest_leap, 1)), click(hop(longest_leap, 1))),
        stopped_after_one(longest_leap),
    ),
    Row(
        "play squares",
        "S",
        "stops a leap chain (Stop the chain here)",
        from_ply(play(config_for(position("leaps")), lambda: position("leaps"))),
        seq(click(origin_of(longest_leap)), click(hop(longest_leap, 1)), key(pygame.K_s)),
        stopped_after_one(longest_leap),
    ),
    Row(
        "play squares",
        "right-click",
        "cancels a leap chain being built",
        from_ply(play(config_for(position("leaps")), lambda: position("leaps"))),
        seq(click(origin_of(longest_leap)), click(hop(longest_leap, 1)), click(hop(longest_leap, 1), 3)),
        lambda c: c.match.builder.path == () and c.match.state.ply == c.was["ply0"],
    ),
    Row(
        "play squares",
        "click during an animation",
        "shows its end at once",
        from_ply(play(SQUARES)),
        played_and_shown(clicks_of(first_simple)),
        skip_check,
    ),
    Row("play squares", "T", "turns the board", play(SQUARES), key(pygame.K_t), turned_round),
    # Play, a pit board (Ncuva)
    Row(
        "play holes",
        "click one of your pits",
        "sows it",
        play(HOLES),
        click(at_cell(lambda c: c.match.state.legal_moves()[0].path[0])),
        lambda c: (
            c.match.state.ply == 1
            and c.match.state.history()[0] == start_of("ncuva", first="south").legal_moves()[0]
        ),
    ),
    Row(
        "play holes",
        "hover a pit",
        "shows where its sowing goes",
        play(HOLES),
        hover(at_cell(lambda c: c.match.state.legal_moves()[1].path[0])),
        lambda c: (
            getattr(c.scene.board.renderer.hover_preview(c.scene.look), "origin", None)
            == c.match.state.legal_moves()[1].path[0]
        ),
    ),
    Row(
        "play holes",
        "click during a sowing",
        "shows its end at once",
        play(HOLES),
        played_and_shown(click(at_cell(lambda c: c.match.state.legal_moves()[0].path[0]))),
        skip_check,
    ),
    Row(
        "play holes",
        "F",
        "cycles the animation speed",
        play(HOLES),
        key(pygame.K_f),
        lambda c: user_settings.current().animation == "fast",
    ),
    Row("play holes", "T", "turns the board", play(HOLES), key(pygame.K_t), turned_round),
    # The pause menu
    Row("pause", "Esc", "resumes", paused, key(pygame.K_ESCAPE), lambda c: c.top is c.was["play"]),
    Row("pause", "F1", "shows the rules", paused, key(pygame.K_F1), top_is(RulesScene)),
    Row("pause", "S", "opens the settings", paused, key(pygame.K_s), top_is(SettingsScene)),
    Row(
        "pause",
        "C",
        "copies the game as text",
        paused,
        key(pygame.K_c),
        lambda c: (
            pygame.scrap.get_text() == c.was["play"].match.game_text()
            and shown_words(c.scene)
            == (
                "The game is saved after every move. "
                "The game is on the clipboard as text: Ctrl+V (or Open a game) on the title screen opens it."
            )
        ),
    ),
    Row(
        "pause",
        "E",
        "exports the game to a file",
        paused,
        key(pygame.K_e),
        lambda c: (
            c.scene.note.startswith("Exported to ")
            and Path(c.scene.note.removeprefix("Exported to ")).read_text(encoding="utf-8")
            == c.was["play"].match.game_text()
        ),
    ),
    Row(
        "pause",
        "M",
        "saves and leaves for the menu",
        paused,
        key(pygame.K_m),
        lambda c: isinstance(c.top, MenuScene) and len(library.scan().unfinished) == 1,
    ),
    Row("leave?", "Enter", "leaves for the menu", leave_asked, key(pygame.K_RETURN), top_is(MenuScene)),
    Row(
        "leave?", "Esc", "keeps playing", leave_asked, key(pygame.K_ESCAPE), lambda c: c.top is c.was["play"]
    ),
    # Game over
    Row(
        "game over",
        "R",
        "plays again (a new game, same setup)",
        over,
        key(pygame.K_r),
        lambda c: isinstance(c.top, PlayScene) and c.top is not c.was["play"] and c.top.match.state.ply == 0,
    ),
    Row(
        "game over",
        "A",
        "has the engine look the game over",
        over,
        key(pygame.K_a),
        lambda c: c.match.analysis is not None and c.scene.peeking,
    ),
    Row(
        "game over",
        "Esc",
        "shows the board (See board)",
        over,
        key(pygame.K_ESCAPE),
        lambda c: c.scene.peeking and c.top is c.scene,
    ),
    Row("game over", "M", "goes to the menu", over, key(pygame.K_m), top_is(MenuScene)),
    Row(
        "game over",
        "M",
        "goes back to the chooser the game came from",
        then(over, chooser_noted),
        key(pygame.K_m),
        lambda c: c.top is c.was["chooser"] and len(c.app.manager.stack) == 1,
    ),
    Row(
        "game over",
        "M",
        "with no chooser under the game (Continue), opens one",
        then(over, without_chooser),
        key(pygame.K_m),
        lambda c: isinstance(c.top, MenuScene) and len(c.app.manager.stack) == 1,
    ),
    Row(
        "game over",
        "1",
        "looks at the first turning point",
        over,
        key(pygame.K_1),
        lambda c: c.match.review.ply == turning_points(c.match.state)[0][0] and c.scene.peeking,
    ),
    Row(
        "game over",
        "2",
        "looks at the second turning point, the game's first move (Ncuva)",
        lambda app: over_of(ncuva_over())(app),
        key(pygame.K_2),
        lambda c: (
            turning_points(c.match.state)[1][0] == 1
            and c.match.review.ply == 1
            and c.scene.peeking
            and len(c.scene.turns) == len(turning_points(c.match.state))
        ),
    ),
    Row(
        "game over",
        "R",
        "under the board, plays again",
        over_seen,
        key(pygame.K_r),
        lambda c: isinstance(c.top, PlayScene) and c.top is not c.scene,
    ),
    Row(
        "game over",
        "Enter",
        "under the board, shows the result again",
        over_seen,
        key(pygame.K_RETURN),
        lambda c: not c.was["over"].peeking,
    ),
    Row(
        "game over",
        "U",
        "under the board, undoes: the game goes on",
        over_seen,
        seq(key(pygame.K_u), frames(2)),
        lambda c: c.top is c.scene and c.match.state.outcome() is None,
    ),
    Row(
        "game over",
        "Menu",
        "under the board, starts another game (the chooser)",
        over_seen,
        click(centre(lambda c: c.scene.menu_button.rect)),
        top_is(MenuScene),
    ),
    Row(
        "game over",
        "click a move in the list",
        "under the board, looks back at it",
        over_seen,
        click(lambda c: look_at_log(c.match.state.ply - 2)(c)),
        lambda c: c.match.review.ply == c.match.state.ply - 2,
    ),
    Row(
        "game over",
        "←",
        "under the board, looks at the last move but one",
        over_seen,
        key(pygame.K_LEFT),
        lambda c: c.match.review.ply == c.match.state.ply - 1,
    ),
    # The analysis (a finished game looked over)
    Row(
        "analysis",
        "A",
        "has the engine look the game over (the graph fills in)",
        over_seen,
        seq(key(pygame.K_a), frames(2)),
        lambda c: (
            c.match.analysis is not None
            and c.match.analysis.done
            and len(c.scene.plan.graph_line) == c.match.state.ply + 1
        ),
    ),
    Row(
        "analysis",
        "G",
        "shows the graph from the other side",
        analysed,
        seq(note("side", lambda c: c.match.graph_side), key(pygame.K_g)),
        lambda c: c.match.graph_side == 1 - c.was["side"],
    ),
    Row(
        "analysis",
        "click the graph's title",
        "shows it from the other side",
        analysed,
        seq(note("side", lambda c: c.match.graph_side), click(centre(lambda c: c.scene.plan.graph_title))),
        lambda c: c.match.graph_side == 1 - c.was["side"] and not c.match.review.active,
    ),
    Row(
        "analysis",
        "click a mark",
        "shows the position before the slip with the better move",
        analysed,
        seq(note("slip", lambda c: the_slip(c)[1]), click(lambda c: the_slip(c)[0])),
        looks_at_the_slip,
    ),
    Row(
        "analysis",
        "click the slip in the list",
        "shows the position before it with the better move",
        analysed,
        seq(note("slip", lambda c: the_slip(c)[1]), click(lambda c: look_at_log(c.was["slip"])(c))),
        looks_at_the_slip,
    ),
    Row(
        "analysis",
        "click the graph's title",
        "in a game going on: only turns the graph, the piece stays chosen",
        then(play(LINES, moves=4), lambda c: c.match.analyse(Judged), selected),
        seq(note("side", lambda c: c.match.graph_side), click(centre(lambda c: c.scene.plan.graph_title))),
        lambda c: (
            c.match.graph_side == 1 - c.was["side"] and c.match.builder.path == (c.was["move"].path[0],)
        ),
    ),
    Row(
        "analysis",
        "click the graph's last point",
        "in a game going on: shows the game as it is, the piece stays chosen",
        then(play(LINES, moves=4), lambda c: c.match.analyse(Judged), selected),
        click(lambda c: c.scene.plan.graph_line[-1]),
        lambda c: not c.match.review.active and c.match.builder.path == (c.was["move"].path[0],),
    ),
    Row(
        "game over",
        "Ctrl+Y",
        "under the board after an undo, replays the last move: the result shows again",
        then(over_seen, lambda c: c.match.undo()),
        seq(key(pygame.K_y, CTRL), until(top_is(GameOverScene), 200)),
        lambda c: isinstance(c.top, GameOverScene) and c.match.state.outcome() is not None,
    ),
    Row(
        "analysis",
        "click the graph",
        "looks at the move under the pointer",
        analysed,
        click(lambda c: c.scene.plan.graph_line[10]),
        lambda c: c.match.review.ply == 10,
    ),
    # Learning from the slips (L after the analysis)
    Row(
        "analysis",
        "L",
        "opens the game's slips to solve again",
        analysed,
        key(pygame.K_l),
        lambda c: isinstance(c.top, MistakesScene) and len(c.top.model.items) == 1,
    ),
    Row(
        "mistakes",
        "H",
        "gives a hint",
        drilling,
        key(pygame.K_h),
        lambda c: c.scene.model.hinted and "Hint" in c.scene.model.said.words,
    ),
    Row(
        "mistakes",
        "S",
        "shows the answer on the board",
        drilling,
        key(pygame.K_s),
        lambda c: (
            c.scene.model.shown
            and c.scene.model.suggestion == c.scene.model.state.parse_move(c.scene.model.item.best)
        ),
    ),
    Row(
        "mistakes",
        "click",
        "on the better move solves it",
        drilling,
        clicks_of(lambda c: c.scene.model.state.parse_move(c.scene.model.item.best)),
        lambda c: c.scene.model.solved == {0},
    ),
    Row(
        "mistakes",
        "Esc",
        "goes back to the game (its finished board here)",
        drilling,
        key(pygame.K_ESCAPE),
        lambda c: c.top is c.was["over"],
    ),
    # The analysis board (B in a game, or in the pause menu)
    Row(
        "play lines",
        "B",
        "opens the analysis board at the position shown",
        then(play(SQUARES, moves=3), lambda c: c.match.review_step(-1)),
        key(pygame.K_b),
        lambda c: isinstance(c.top, AnalysisBoardScene) and c.top.model.state.ply == 2,
    ),
    Row(
        "game over",
        "B",
        "under the board, opens the analysis board at the finished position",
        over_seen,
        key(pygame.K_b),
        lambda c: isinstance(c.top, AnalysisBoardScene) and c.top.model.state.outcome() is not None,
    ),
    Row(
        "pause",
        "B",
        "opens the analysis board",
        paused,
        key(pygame.K_b),
        top_is(AnalysisBoardScene),
    ),
    Row(
        "analysis board",
        "←",
        "steps back one move",
        board_open,
        key(pygame.K_LEFT),
        lambda c: c.scene.model.state.ply == 2,
    ),
    Row(
        "analysis board",
        "→",
        "steps on along the line shown",
        board_open,
        seq(key(pygame.K_RIGHT), key(pygame.K_RIGHT)),
        lambda c: c.scene.model.state.to_text() == c.was["play"].match.state.to_text(),
    ),
    Row(
        "analysis board",
        "Home",
        "goes to the start",
        board_open,
        key(pygame.K_HOME),
        lambda c: c.scene.model.state.ply == 0,
    ),
    Row(
        "analysis board",
        "End",
        "goes to the end of the line shown",
        board_tried,
        seq(key(pygame.K_HOME), key(pygame.K_END)),
        lambda c: c.scene.model.tree.line_to(c.scene.model.tree.cursor) == c.scene.model.tree.game,
    ),
    Row(
        "analysis board",
        "click",
        "a move of the list goes there",
        board_tried,
        click(
            lambda c: (
                next(r for r, n, _ in c.scene.row_cells if n is c.scene.model.tree.root.children[0]).center
            )
        ),
        lambda c: c.scene.model.tree.cursor is c.scene.model.tree.root.children[0],
    ),
    Row(
        "analysis board",
        "click",
        "on the board tries a move there as a variation",
        board_open,
        clicks_of(
            lambda c: next(
                mv
                for mv in simple_moves(c.scene.model.state)
                if c.scene.model.state.move_text(mv) != c.scene.model.tree.cursor.children[0].move
            )
        ),
        lambda c: (
            c.scene.model.tree.has_variations and not c.scene.model.tree.is_game(c.scene.model.tree.cursor)
        ),
    ),
    Row(
        "analysis board",
        "E",
        "turns the engine on: its evaluation and best line",
        board_open,
        seq(key(pygame.K_e), frames(1)),
        lambda c: (
            c.scene.model.engine_on and bool(c.scene.model.best_line()) and bool(c.scene.model.evaluation())
        ),
    ),
    Row(
        "analysis board",
        "Del",
        "deletes the variation shown",
        board_tried,
        key(pygame.K_DELETE),
        lambda c: not c.scene.model.tree.has_variations and c.scene.model.state.ply == 3,
    ),
    Row(
        "analysis board",
        "U",
        "moves the variation shown up",
        board_two_tried,
        key(pygame.K_u),
        lambda c: c.was["second"].parent.children.index(c.was["second"]) == 1,
    ),
    Row(
        "analysis board",
        "Esc",
        "goes back to the game, keeping the variations with it",
        board_tried,
        key(pygame.K_ESCAPE),
        lambda c: (
            c.top is c.was["play"]
            and c.was["play"].match.variations != ""
            and c.was["play"].match.state.ply == 4
        ),
    ),
    # The rules
    Row("rules", "Down", "scrolls down", rules, key(pygame.K_DOWN), lambda c: c.scene.target_scroll > 0),
    Row(
        "rules",
        "Up",
        "scrolls up",
        then(rules, scrolled_to_end),
        key(pygame.K_UP),
        lambda c: 0 < c.scene.target_scroll < c.scene.max_scroll,
    ),
    Row(
        "rules",
        "Page Down",
        "scrolls a page down",
        rules,
        key(pygame.K_PAGEDOWN),
        lambda c: c.scene.target_scroll == min(c.scene.max_scroll, 480 * c.app.scale),
    ),
    Row(
        "rules",
        "Page Up",
        "scrolls a page up",
        then(rules, scrolled_to_end),
        key(pygame.K_PAGEUP),
        lambda c: c.scene.target_scroll == max(0.0, c.scene.max_scroll - 480 * c.app.scale),
    ),
    Row(
        "rules",
        "wheel",
        "scrolls",
        rules,
        event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False),
        lambda c: c.scene.target_scroll > 0,
    ),
    Row(
        "rules",
        "End",
        "goes to the end",
        rules,
        key(pygame.K_END),
        lambda c: c.scene.target_scroll == c.scene.max_scroll,
    ),
    Row(
        "rules",
        "Home",
        "goes to the top",
        then(rules, scrolled_to_end),
        key(pygame.K_HOME),
        lambda c: c.scene.target_scroll == 0,
    ),
    Row(
        "rules",
        "T",
        "opens the lesson (Try it)",
        rules,
        key(pygame.K_t),
        lambda c: isinstance(c.top, TutorialScene) and c.top.match.spec.id == "kotu_ellima",
    ),
    Row("rules", "Esc", "steps back", rules, key(pygame.K_ESCAPE), top_is(MenuScene)),
    # The settings
    Row(
        "settings",
        "Down",
        "chooses the next row",
        settings_at(0),
        key(pygame.K_DOWN),
        lambda c: focused(c) is c.scene.rows[1],
    ),
    Row(
        "settings",
        "Up",
        "chooses the row above",
        settings_at(1),
        key(pygame.K_UP),
        lambda c: focused(c) is c.scene.rows[0],
    ),
    Row(
        "settings",
        "Right",
        "changes the row (Sound), saved",
        settings_at(0),
        key(pygame.K_RIGHT),
        lambda c: user_settings.load_settings()[0].sound != c.was["settings"].sound,
    ),
    Row(
        "settings",
        "Left",
        "changes the row (Animation), saved",
        settings_at(2),
        key(pygame.K_LEFT),
        lambda c: user_settings.load_settings()[0].animation != c.was["settings"].animation,
    ),
    Row(
        "settings",
        "Right",
        "on Full screen: full screen, saved",
        settings_at(6),
        key(pygame.K_RIGHT),
        lambda c: c.app.fullscreen and user_settings.load_settings()[0].fullscreen,
    ),
    Row(
        "settings",
        "Right",
        "on Language: changes the language at once, saved",
        settings_at(7),
        key(pygame.K_RIGHT),
        language_changed,
    ),
    Row(
        "settings",
        "F11",
        "toggles full screen, and the Full screen row says so",
        settings_at(0),
        key(pygame.K_F11),
        lambda c: c.app.fullscreen and c.scene.rows[6].value is True,
    ),
    Row(
        "settings",
        "click a row's arrow",
        "changes it",
        settings_at(0),
        click(lambda c: (c.scene.rows[3].rect.right - 20, c.scene.rows[3].rect.top + 20)),
        lambda c: user_settings.load_settings()[0].show_legal != c.was["settings"].show_legal,
    ),
    Row("settings", "Esc", "steps back", settings_at(0), key(pygame.K_ESCAPE), top_is(TitleScene)),
    # Saved games
    Row(
        "saved games",
        "Tab",
        "shows the next list (Finished)",
        with_saved(library_screen, 2, 1),
        key(pygame.K_TAB),
        lambda c: c.scene.tab == "finished",
    ),
    Row(
        "saved games",
        "Right",
        "shows the next list",
        with_saved(library_screen, 2, 1),
        key(pygame.K_RIGHT),
        lambda c: c.scene.tab == "finished",
    ),
    Row(
        "saved games",
        "Left",
        "shows the list before (the Record)",
        with_saved(library_screen, 2, 1),
        key(pygame.K_LEFT),
        lambda c: c.scene.tab == "record",
    ),
    Row(
        "saved games",
        "Down",
        "chooses the next game",
        with_saved(library_screen, 2),
        key(pygame.K_DOWN),
        lambda c: c.scene.selected == 1,
    ),
    Row(
        "saved games",
        "Up",
        "chooses the game above",
        with_saved(then(library_screen, lambda c: setattr(c.scene, "selected", 1)), 2),
        key(pygame.K_UP),
        lambda c: c.scene.selected == 0,
    ),
    Row(
        "saved games",
        "Enter",
        "opens the chosen game",
        with_saved(library_screen, 2),
        key(pygame.K_RETURN),
        lambda c: opened(c, c.was["saved1"].to_text()),
    ),
    Row(
        "saved games",
        "Enter",
        "opens the chosen game, whose next move is saved in its own file (no copy)",
        with_saved(library_screen, 1),
        seq(key(pygame.K_RETURN), moved_on),
        lambda c: (
            [(e.path, e.ply) for e in library.scan().unfinished] == [(c.was["path"], c.was["saved0"].ply + 1)]
        ),
    ),
    Row(
        "saved games",
        "click a game",
        "opens it",
        with_saved(library_screen, 2),
        click(centre(lambda c: c.scene.row_rects[1])),
        lambda c: opened(c, c.was["saved0"].to_text()),
    ),
    Row(
        "saved games",
        "Enter",
        "on Finished: opens the game to look it over",
        with_saved(then(library_screen, lambda c: c.scene.show_tab("finished")), 1, 1),
        key(pygame.K_RETURN),
        lambda c: opened(c, c.was["finished"].to_text()) and c.top.match.state.outcome() is not None,
    ),
    Row(
        "saved games",
        "Del",
        "asks first",
        with_saved(library_screen, 2),
        key(pygame.K_DELETE),
        lambda c: isinstance(c.top, MenuOverlay) and len(library.scan().unfinished) == 2,
    ),
    Row(
        "saved games",
        "Enter",
        "in the question: deletes it",
        with_saved(library_screen, 2),
        seq(key(pygame.K_DELETE), key(pygame.K_RETURN)),
        lambda c: c.top is c.scene and len(library.scan().unfinished) == 1 and len(c.scene.entries) == 1,
    ),
    Row(
        "saved games",
        "Esc",
        "in the question: keeps it",
        with_saved(library_screen, 2),
        seq(key(pygame.K_DELETE), key(pygame.K_ESCAPE)),
        lambda c: c.top is c.scene and len(library.scan().unfinished) == 2,
    ),
    Row(
        "saved games",
        "Page Down",
        "chooses a page further down a long list",
        with_saved(library_screen, 12),
        key(pygame.K_PAGEDOWN),
        lambda c: c.scene.selected == len(c.scene.row_rects) - 1 > 0,
    ),
    Row(
        "saved games",
        "wheel",
        "scrolls a long list",
        with_saved(library_screen, 12),
        seq(event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False), frames(1)),
        lambda c: c.scene.top == 1,
    ),
    Row(
        "saved games",
        "Esc",
        "steps back to the title",
        with_saved(library_screen, 1),
        key(pygame.K_ESCAPE),
        top_is(TitleScene),
    ),
    # A lesson
    Row(
        "lesson",
        "click the marked move",
        "plays it, then the reply",
        lesson,
        seq(clicks_of(lambda c: c.scene.expected[0]), until(lambda c: c.scene.stage == Stage.AFTER)),
        lambda c: c.scene.stage == Stage.AFTER and c.scene.index == 0,
    ),
    Row(
        "lesson",
        "Enter",
        "goes on to the next step",
        lesson_after,
        key(pygame.K_RETURN),
        lambda c: c.scene.index == 1 and c.scene.stage == Stage.MOVE,
    ),
    Row(
        "lesson",
        "Next",
        "goes on to the next step",
        lesson_after,
        click(centre(lambda c: c.scene.next_button.rect)),
        lambda c: c.scene.index == 1,
    ),
    Row(
        "lesson",
        "A",
        "after a step, starts the lesson again",
        lesson_after,
        key(pygame.K_a),
        lambda c: c.scene.index == 0 and c.scene.stage == Stage.MOVE,
    ),
    Row(
        "lesson",
        "Again",
        "after a step, starts the lesson again",
        then(lesson_after, lesson_step_played_next),
        click(centre(lambda c: c.scene.again_button.rect)),
        lambda c: c.scene.index == 0 and c.scene.stage == Stage.MOVE,
    ),
    Row(
        "lesson",
        "A",
        "at its end, goes through the lesson again",
        then(lesson, lesson_done),
        key(pygame.K_a),
        lambda c: c.scene.index == 0 and c.scene.stage == Stage.MOVE,
    ),
    Row(
        "lesson",
        "Enter",
        "at its end, leaves",
        then(lesson, lesson_done),
        key(pygame.K_RETURN),
        top_is(MenuScene),
    ),
    Row("lesson", "Esc", "leaves the lesson", lesson, key(pygame.K_ESCAPE), top_is(MenuScene)),
    Row("lesson", "Esc", "after a step, leaves", lesson_after, key(pygame.K_ESCAPE), top_is(MenuScene)),
    Row(
        "lesson",
        "Esc",
        "at its end, leaves",
        then(lesson, lesson_done),
        key(pygame.K_ESCAPE),
        top_is(MenuScene),
    ),
    Row(
        "lesson",
        "F1",
        "shows the rules (no lesson offered from there)",
        lesson,
        key(pygame.K_F1),
        lambda c: isinstance(c.top, RulesScene) and not c.top.tutorial_button.visible,
    ),
    Row("lesson", "T", "turns the board", then(lesson, note_board), key(pygame.K_t), turned_round),
    # The coin toss
    Row(
        "coin toss",
        "click",
        "skips the spin",
        coin,
        click(lambda c: (640, 400)),
        lambda c: c.scene.spin.done and c.top is c.scene,
    ),
    Row(
        "coin toss",
        "click",
        "again: to the game",
        coin,
        seq(click(lambda c: (640, 400)), click(lambda c: (640, 400))),
        lambda c: isinstance(c.top, PlayScene) and c.top.match.state.to_move == c.scene.winner,
    ),
    # The position editor (issue 32, item 5)
    Row(
        "chooser",
        "P",
        "sets up a position of the chosen game",
        then(chooser, lambda c: setattr(c.scene, "selected", 5)),
        key(pygame.K_p),
        lambda c: isinstance(c.top, EditorScene) and c.top.editor.game.spec.id == playable_ids()[5],
    ),
    Row(
        "chooser",
        "Set up a position",
        "sets up a position of the chosen game",
        chooser,
        click(centre(lambda c: c.scene.editor_button.rect)),
        lambda c: isinstance(c.top, EditorScene) and c.top.editor.game.spec.id == playable_ids()[0],
    ),
    Row(
        "editor",
        "2",
        "chooses the palette's second piece",
        editor_of("sixteen_soldiers"),
        key(pygame.K_2),
        lambda c: c.scene.editor.chosen == 1,
    ),
    Row(
        "editor",
        "click a point",
        "places the chosen piece there",
        editor_of("sixteen_soldiers"),
        click(lambda c: c.scene.family.pos(first_empty(c))),
        lambda c: c.scene.editor.board.get(first_empty(c)) == "S",
    ),
    Row(
        "editor",
        "right-click a piece",
        "takes it off the board",
        editor_of("sixteen_soldiers"),
        click(lambda c: c.scene.family.pos(first_piece(c)), button=3),
        lambda c: first_piece(c) not in c.scene.editor.board,
    ),
    Row(
        "editor",
        "click a hole",
        "adds a stone",
        editor_of("ncuva"),
        seq(note("n", lambda c: c.scene.editor.counts[0]), click(lambda c: c.scene.family.pos(0))),
        lambda c: c.scene.editor.counts[0] == c.was["n"] + 1,
    ),
    Row(
        "editor",
        "right-click a hole",
        "takes a stone",
        editor_of("ncuva"),
        seq(note("n", lambda c: c.scene.editor.counts[0]), click(lambda c: c.scene.family.pos(0), button=3)),
        lambda c: c.scene.editor.counts[0] == c.was["n"] - 1,
    ),
    Row(
        "editor",
        "+",
        "adds a stone at the cursor",
        then(editor_of("ncuva"), lambda c: setattr(c.scene, "cursor", 0)),
        seq(note("n", lambda c: c.scene.editor.counts[0]), key(pygame.K_PLUS)),
        lambda c: c.scene.editor.counts[0] == c.was["n"] + 1,
    ),
    Row(
        "editor",
        "→",
        "moves the board's cursor",
        then(editor_of("battlehalma"), lambda c: setattr(c.scene, "cursor", 0)),
        key(pygame.K_RIGHT),
        lambda c: c.scene.cursor == 1,
    ),
    Row(
        "editor",
        "Space",
        "places the chosen piece at the cursor",
        then(editor_of("battlehalma"), lambda c: setattr(c.scene, "cursor", 27)),
        key(pygame.K_SPACE),
        lambda c: c.scene.editor.board.get(27) == "r",
    ),
    Row(
        "editor",
        "Del",
        "takes the piece at the cursor off",
        then(editor_of("battlehalma"), lambda c: setattr(c.scene, "cursor", 0)),
        key(pygame.K_DELETE),
        lambda c: 0 not in c.scene.editor.board,
    ),
    Row(
        "editor",
        "T",
        "changes the side to move",
        editor_of("kotu_ellima"),
        key(pygame.K_t),
        lambda c: c.scene.editor.turn == 1 and "turn=N" in c.scene.editor.text(),
    ),
    Row(
        "editor",
        "Tab",
        "goes to the settings, where → changes a row",
        editor_of("kotu_ellima"),
        seq(key(pygame.K_TAB), key(pygame.K_RIGHT)),
        lambda c: not c.scene.on_board and c.scene.editor.turn == 1,
    ),
    Row(
        "editor",
        "C",
        "clears the board",
        editor_of("kotu_ellima"),
        key(pygame.K_c),
        lambda c: c.scene.editor.board == {} and not c.scene.friend_button.enabled,
    ),
    Row(
        "editor",
        "R",
        "sets the start position again",
        then(editor_of("kotu_ellima"), lambda c: c.scene.editor.clear()),
        key(pygame.K_r),
        lambda c: c.scene.editor.text() == c.scene.editor.start.to_text().replace("; huff=-", ""),
    ),
    Row(
        "editor",
        "Ctrl+C",
        "copies the position as text",
        editor_of("kotu_ellima"),
        key(pygame.K_c, CTRL),
        lambda c: pygame.scrap.get_text() == c.scene.editor.text() and c.scene.editor.board != {},
    ),
    Row(
        "editor",
        "Ctrl+V",
        "opens the position on the clipboard",
        then(
            editor_of("kotu_ellima"),
            lambda c: pygame.scrap.put_text(start_of("ncuva").to_text()),
        ),
        key(pygame.K_v, CTRL),
        lambda c: c.scene.editor.game.spec.id == "ncuva",
    ),
    Row(
        "editor",
        "F",
        "plays the position with a friend",
        then(editor_of("kotu_ellima"), lambda c: c.was.update(text=c.scene.editor.text())),
        key(pygame.K_f),
        lambda c: opened(c, load_state(c.was["text"]).to_text()) and c.top.match.config.mode == Mode.PASS,
    ),
    Row(
        "editor",
        "P",
        "plays the position against the computer",
        then(editor_of("kotu_ellima"), lambda c: c.was.update(text=c.scene.editor.text())),
        key(pygame.K_p),
        lambda c: opened(c, load_state(c.was["text"]).to_text()) and c.top.match.config.mode == Mode.COMPUTER,
    ),
    Row(
        "pause",
        "P",
        "sets up the game's position in the editor",
        paused,
        key(pygame.K_p),
        lambda c: (
            isinstance(c.top, EditorScene)
            and c.top.editor.text()
            == PositionEditor(c.scene.play.match.state.game, c.scene.play.match.state).text()
        ),
    ),
    Row(
        "editor",
        "O",
        "asks the game's setup for the rules options",
        editor_of("kotu_ellima"),
        key(pygame.K_o),
        lambda c: isinstance(c.top, SetupScene) and c.top.chosen is not None,
    ),
    Row(
        "editor",
        "O, then Enter",
        "uses the rules chosen, the position kept",
        then(editor_of("kotu_ellima"), lambda c: c.scene.editor.set_turn(1)),
        seq(key(pygame.K_o), lambda c: iter([[]]), key(pygame.K_RIGHT), key(pygame.K_RETURN)),
        lambda c: c.top is c.scene and c.scene.editor.turn == 1 and "first=south" in c.scene.editor.text(),
    ),
    Row(
        "editor",
        "Esc",
        "steps back to the chooser",
        editor_of("kotu_ellima"),
        key(pygame.K_ESCAPE),
        top_is(MenuScene),
    ),
    Row("editor", "Ctrl+Q", "quits", editor_of("kotu_ellima"), key(pygame.K_q, CTRL), quits),
    # Quitting from every screen
    *(
        Row(name, "Ctrl+Q", "quits", arrange, key(pygame.K_q, CTRL), quits)
        for name, arrange in (
            ("chooser", chooser),
            ("settings", settings_at(0)),
            ("rules", rules),
            ("pause", paused),
            ("leave?", leave_asked),
            ("game over", over),
            ("saved games", with_saved(library_screen)),
            ("lesson", lesson),
            ("coin toss", coin),
        )
    ),
]


# --- the tests ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def arcade():
    """One window for every row; the AI worker in this process; the solved table of Hat Diviyan
    Keliya installed (V); the language the module started in, given back."""
    from game.ai import solver

    solver.install(solver.build(load_game("hat_diviyan_keliya")))
    language = i18n.language()
    a = App(SIZE, sound=False, worker_factory=FirstMove)
    yield a
    a.close()
    i18n.set_language(language)


@pytest.fixture
def row_app(arcade, monkeypatch):
    """The shared window for one row: the analysis engine scripted, the language given back."""
    language = i18n.language()
    monkeypatch.setattr(ai_analysis, "AnalysisRunner", Judged)
    yield arcade
    arcade.manager.clear()
    i18n.set_language(language)


@pytest.mark.parametrize("row", TABLE, ids=[r.id for r in TABLE])
def test_each_binding_does_what_the_help_says(row_app, row):
    c = row.arrange(row_app)
    for events in row.send(c):
        row_app.frame(events, 1 / 60)
    assert row.check(c), f"{row.scene}: {row.binding} should: {row.does} ({seen(c)})"


def seen(c: Ctx) -> str:
    """What a failed row left: the top scene and, in a game, where it stands and what it said."""
    top = c.app.manager.top
    words = [f"top: {type(top).__name__}"]
    match = getattr(top, "match", None) or getattr(c.scene, "match", None)
    if match is not None:
        words.append(f"ply {match.state.ply}, said {match.said.words!r}")
    return "; ".join(words)


def readme_keys() -> set[str]:
    """The keys README.md's "Play" section names: the bold single keys and F-keys, a letter in
    brackets after a button's name ("(S)", "(L in the chooser"), Ctrl+ and Cmd+ keys, and the
    named keys of the chooser, the setup and the move list."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Play\n", 1)[1].split("\n## ", 1)[0]
    keys = {
        b
        for b in re.findall(r"\*\*([^*]+)\*\*", section)
        if re.fullmatch(r"[A-Z0-9]|F\d{1,2}|Esc|Ctrl\+\w", b)
    }
    keys |= set(re.findall(r"(?:\(|, )(?:\*\*)?([A-Z0-9])(?:\*\*)?(?=[ ,)])", section))
    keys |= set(re.findall(r"\b(?:Ctrl|Cmd)\+[A-Z]\b", section))
    keys |= set(re.findall(r"[←→↑↓]|\b(?:Home|End|Enter|Esc|Up|Down|Left|Right|Tab|Del)\b", section))
    return keys


def test_every_key_the_readme_names_has_a_row():
    named = readme_keys()
    assert {
        "F",
        "H",
        "T",
        "V",
        "U",
        "Ctrl+Y",
        "Ctrl+Z",
        "F1",
        "F11",
        "Esc",
        "←",
        "Home",
        "S",
        "D",
        "A",
        "G",
    } <= named
    missing = named - {r.binding for r in TABLE}
    assert not missing, (
        f"README's Play section names keys the binding table has no row for: {sorted(missing)}"
    )


# --- the overlays' words, keys and failures (what the rows cannot arrange) --------------------------------
def failing_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game file write fails as on a full disk (the settings and the index still write)."""
    write = library.write_text_atomically

    def refuse_games(path: Path, text: str) -> None:
        if path.suffix == library.SUFFIX:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(path, text)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(library, "write_text_atomically", refuse_games)
    monkeypatch.setattr(library, "append_bytes", refuse)


def shown_words(scene: MenuOverlay) -> str:
    """The overlay's lines as laid out (its words, then its note)."""
    return " ".join(line for line, _ in scene.lines if line)


@pytest.mark.parametrize("answer", ["Enter", "Esc"])
def test_menu_in_a_game_that_could_not_be_saved_asks_before_losing_it(row_app, monkeypatch, answer):
    """Menu: 'Leave without saving?' with why; Enter leaves at once (no second question), Esc stays."""
    failing_saves(monkeypatch)
    c = play(LINES, moves=1)(row_app)
    assert not c.match.saving and c.match.game_file.reason
    row_app.frame(list(click(centre(lambda c: c.scene.menu_button.rect))(c))[0], 1 / 60)
    asked = c.top
    assert isinstance(asked, MenuOverlay) and asked.title == "Leave without saving?"
    reason = c.match.game_file.reason
    assert shown_words(asked) == (
        f"The game could not be saved: {reason}. If you leave now, its moves since the last save are lost."
    )
    row_app.frame([_key_event(pygame.K_RETURN if answer == "Enter" else pygame.K_ESCAPE)], 1 / 60)
    if answer == "Enter":
        assert isinstance(c.top, MenuScene)
    else:
        assert c.top is c.scene and c.match.state.ply == 1


def test_the_pause_menu_says_whether_the_game_is_saved(row_app, monkeypatch):
    c = paused(row_app)
    assert shown_words(c.scene) == "The game is saved after every move."
    row_app.frame([_key_event(pygame.K_ESCAPE)], 1 / 60)
    game = c.was["play"]
    failing_saves(monkeypatch)
    game.match.play(simple_move(game.match.state))  # its save fails
    row_app.frame([_key_event(pygame.K_ESCAPE)], 1 / 60)
    reason = game.match.game_file.reason
    assert isinstance(c.top, PauseScene) and c.top is not c.scene
    assert reason and shown_words(c.top) == (
        f"The game is not being saved: {reason}. It is kept in memory while this window is open."
    )


def test_copy_without_a_clipboard_says_why_and_what_to_do(row_app, monkeypatch):
    c = paused(row_app)

    def no_clipboard(text: str) -> None:
        raise pygame.error("no clipboard on this display")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    row_app.frame([_key_event(pygame.K_c)], 1 / 60)
    assert (
        c.scene.note
        == "The clipboard is not available here (no clipboard on this display); use Export instead."
    )
    assert "use Export instead" in shown_words(c.scene)


#: the names a button's key is written with ('[Esc]'); any other key by pygame's name, upper case
KEY_WORDS = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter"}
#: the button colours Button.draw has (anything else is drawn plain)
STYLES = ("normal", "primary", "danger", "accent")


def overlays(app: App, monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[Any, list[Any]]]:
    """Each scene of a game with the buttons it shows: play, pause, the two questions before
    leaving, game over (its card and its strip); the first button is the one to stand out."""
    found: dict[str, tuple[Any, list[Any]]] = {}
    c = play(LINES)(app)
    found["play"] = (c.scene, list(c.scene.buttons))
    c = paused(app)
    found["pause"] = (c.scene, list(c.scene.buttons))
    c = leave_asked(app)
    found["leave?"] = (c.scene, list(c.scene.buttons))
    c = over(app)
    g = c.scene
    assert g.turns, "the finished game has turning points"
    found["game over"] = (g, [g.rematch, g.analyse_button, g.review, g.menu, *g.turns])
    found["game over strip"] = (g, [g.strip_rematch, g.strip_result])
    with monkeypatch.context() as m:
        failing_saves(m)
        c = play(LINES, moves=1)(app)
        c.scene.to_menu()
        app.frame([], 1 / 60)
        found["leave unsaved?"] = (c.top, list(c.top.buttons))
    return found


def test_each_button_names_its_key_stands_out_as_it_should_and_is_translated(row_app, monkeypatch):
    """A button's '[key]' is the key that presses it; the first button of each scene is coloured
    (primary, danger or accent), every style is one Button.draw has; in Sinhala every label,
    title and line of words is translated (a word missing from the catalogue shows in English)."""
    found = overlays(row_app, monkeypatch)
    for name, (_, buttons) in found.items():
        for b in buttons:
            assert b.style in STYLES, (name, b.label, b.style)
            # over a game every button has its key (in the play scene End and Ctrl+Y are the scene's own keys,
            # named as README's Play section names them)
            assert b.key is not None or name == "play", (name, b.label)
            assert b.key is not None or not b.key_label or b.key_label in readme_keys(), (name, b.key_label)
            if b.key is not None:
                assert b.key_label == KEY_WORDS.get(b.key, pygame.key.name(b.key).upper()), (name, b.label)
                assert b.shown_label().endswith(f"[{b.key_label}]"), (name, b.label)
        assert buttons[0].style != "normal", (name, buttons[0].label)
    i18n.set_language("si")
    for name, (scene, buttons) in found.items():
        plain = [
            b.label for b in buttons if not isinstance(b.label, Words) or "{label}" not in b.label.template
        ]
        if isinstance(scene, MenuOverlay):
            plain += [scene.title, scene.words]
        for words in plain:
            assert words and i18n.tr(words) != str(words), (name, words)


# --- the overlays' layout, at the window's two design sizes ---------------------------------------------
def _resized(c: Ctx, size: tuple[int, int]) -> Ctx:
    """The row's window at ``size``, one frame laid out (the scenes lay out in update)."""
    c.app.resize(size)
    c.app.frame([], 1 / 60)
    return c


def _column(buttons: list[Any], box: pygame.Rect) -> None:
    """Buttons in one column inside ``box``: one width, centred across it, top down, evenly apart."""
    rects = [b.rect for b in buttons]
    assert all(box.contains(r) for r in rects), (box, rects)
    assert len({r.width for r in rects}) == 1 and len({r.height for r in rects}) == 1
    assert all(r.left - box.left == box.right - r.right for r in rects)
    gaps = {b.top - a.bottom for a, b in zip(rects, rects[1:])}
    assert len(gaps) == 1 and gaps.pop() > 0, rects


@pytest.mark.parametrize("size", [SIZE, (960, 600)])
def test_each_question_and_the_pause_menu_lay_out_a_centred_box_with_a_column_of_buttons(
    row_app, monkeypatch, size
):
    """Pause, Leave? and Leave without saving?: the box centred in the window, its buttons in one
    column inside it; at the smaller size nothing is larger than at the larger one."""
    boxes = {}
    for name, arrange in (("pause", paused), ("leave?", leave_asked), ("unsaved", None)):
        if arrange is None:
            failing_saves(monkeypatch)
            c = play(LINES, moves=1)(row_app)
            c.scene.to_menu()
            row_app.frame([], 1 / 60)
            c.scene = c.top
        else:
            c = arrange(row_app)
        assert isinstance(c.scene, MenuOverlay)
        big = (c.scene.box.copy(), [b.rect.copy() for b in c.scene.buttons])
        _resized(c, size)
        box, (w, h) = c.scene.box, size
        assert box.center == (w // 2, h // 2) and pygame.Rect((0, 0), size).contains(box), (name, box)
        _column(c.scene.buttons, box)
        for before, now in zip([big[0], *big[1]], [box, *(b.rect for b in c.scene.buttons)]):
            assert now.width <= before.width and now.height <= before.height, (name, before, now)
        boxes[name] = box
        c.app.resize(SIZE)
    assert boxes["pause"].height > boxes["leave?"].height  # six buttons and a line against two and two lines


def _luminance(color: Any) -> float:
    return 0.2126 * color[0] + 0.7152 * color[1] + 0.0722 * color[2]


def placed_texts(app: App, scene: Any = None) -> list[tuple[str, pygame.Rect]]:
    """The texts the next frame draws (or ``scene`` alone, drawn over it), each with where it
    lands (the theme's hook)."""
    from game import theme

    seen: list[tuple[str, pygame.Rect]] = []
    theme.text_placed = lambda surface, words, rect, box, size: seen.append((words, rect.copy()))
    try:
        if scene is None:
            app.frame([], 1 / 60)
        else:
            scene.draw(app.screen)
    finally:
        theme.text_placed = None
    return seen


def test_the_pause_menu_is_a_dark_box_its_words_read_on_over_the_game_dimmed(row_app):
    """The overlay's box is filled dark (its title is drawn in the light accent colour and its
    words in light text): a point inside it, clear of text and buttons, is far darker than both.
    Its title and words stand inside it top down, above the buttons; around it the game is
    dimmed, not hidden."""
    c = paused(row_app)
    box, screen = c.scene.box, row_app.screen
    row_app.manager.stack.remove(c.scene)
    row_app.frame([], 1 / 60)
    game = screen.copy()
    row_app.manager.stack.append(c.scene)
    row_app.frame([], 1 / 60)
    inside = screen.get_at((box.left + 16, c.scene.buttons[0].rect.centery))
    assert (
        _luminance(inside) < _luminance(theme.ACCENT) / 3 and _luminance(inside) < _luminance(theme.TEXT) / 3
    )
    texts = [r for _, r in placed_texts(row_app, c.scene)][: 1 + len(c.scene.lines)]
    assert len(texts) == 1 + len(c.scene.lines) >= 2 and all(box.contains(r) for r in texts), (box, texts)
    assert (
        all(a.bottom <= b.top for a, b in zip(texts, texts[1:]))
        and texts[-1].bottom <= c.scene.buttons[0].rect.top
    )
    w, h = screen.get_size()
    for x, y in [(0, 0), (w - 1, h - 1), (box.left - 1, box.centery), (w // 4, h // 2)]:
        was, now = _luminance(game.get_at((x, y))), _luminance(screen.get_at((x, y)))
        assert was / 20 < now < was, (x, y, was, now)


def test_under_the_board_the_strip_says_the_result_left_of_its_buttons(row_app):
    """See board: the result in one line in the strip under the board, clear of Rematch, set in
    from the strip's left end alike at both sizes (scaled)."""
    c = over_seen(row_app)
    strip = c.was["over"]
    insets = []
    for size in (SIZE, (960, 600)):
        _resized(c, size)
        said = [
            (words, rect)
            for words, rect in placed_texts(row_app)
            if strip.strip.contains(rect) and rect.right <= strip.strip_rematch.rect.left
        ]
        headline = str(c.was["over"].result_words).rstrip("!")
        line = next((rect for words, rect in said if words.startswith(headline)), None)
        assert line is not None, (headline, said)
        insets.append(line.left - strip.strip.left)
    assert abs(insets[1] - insets[0] * theme.scale_for((960, 600))) <= 3, insets
    row_app.resize(SIZE)


def _card(c: Ctx) -> dict[str, Any]:
    """The game-over card and strip as laid out: the box, the four buttons, the turning points,
    the strip and its two buttons."""
    g = c.scene
    return {
        "box": g.box.copy(),
        "buttons": [b.rect.copy() for b in (g.rematch, g.analyse_button, g.review, g.menu)],
        "turns": [b.rect.copy() for b in g.turns],
        "strip": g.strip.copy(),
        "strip buttons": [g.strip_rematch.rect.copy(), g.strip_result.rect.copy()],
    }


@pytest.mark.parametrize("size", [SIZE, (960, 600)])
def test_the_game_over_card_and_the_strip_under_the_board_are_laid_out_in_the_window(row_app, size):
    """Once the card has risen into place: it is centred in the window; its four buttons in one
    row, alike, evenly apart and centred across it; the turning points one under the other
    across it, above the buttons. See board's strip spans the board's width in the space below
    it, Rematch and Result inside it, centred in its height, as far from each other as from its
    end. At the smaller size nothing is larger than at the larger one."""
    c = over(row_app)
    assert c.scene.box.colliderect(pygame.Rect((0, 0), SIZE))  # rising into place from its first frame
    for _ in range(60):
        if c.scene.appear.done:
            break
        row_app.frame([], 1 / 30)
    big = _card(c)
    _resized(c, size)
    w, h = size
    card = _card(c)
    box = card["box"]
    assert box.center == (w // 2, h // 2) and pygame.Rect((0, 0), size).contains(box), box
    buttons = card["buttons"]
    assert all(box.contains(r) for r in buttons) and len({(r.top, r.size) for r in buttons}) == 1, buttons
    gaps = {b.left - a.right for a, b in zip(buttons, buttons[1:])}
    assert (
        len(gaps) == 1
        and gaps.pop() > 0
        and abs((buttons[0].left - box.left) - (box.right - buttons[-1].right)) <= 1
    )
    turns = card["turns"]
    assert turns and all(
        box.contains(r) and abs((r.left - box.left) - (box.right - r.right)) <= 1 for r in turns
    ), (box, turns)
    steps = {b.top - a.bottom for a, b in zip(turns, turns[1:])}
    assert len({r.size for r in turns}) == 1 and all(step >= 0 for step in steps) and len(steps) <= 1, turns
    assert turns[-1].bottom < buttons[0].top
    board, _ = c.scene.play.layout(size)
    strip = card["strip"]
    assert (strip.left, strip.width) == (board.left, board.width) and strip.top > board.bottom
    assert strip.top - board.bottom == h - strip.bottom > 0, (board, strip)
    rematch, result = card["strip buttons"]
    assert strip.contains(rematch) and strip.contains(result) and rematch.size == result.size
    assert rematch.top - strip.top == strip.bottom - rematch.bottom and rematch.top == result.top
    assert result.left - rematch.right == strip.right - result.right > 0
    for name in ("box", "strip"):
        assert card[name].width <= big[name].width and card[name].height <= big[name].height, name
    for name in ("buttons", "turns", "strip buttons"):
        assert all(
            now.width <= was.width and now.height <= was.height for now, was in zip(card[name], big[name])
        ), name
    row_app.resize(SIZE)


def _risen(c: Ctx) -> Ctx:
    """The game-over card once it has risen into place."""
    for _ in range(60):
        if c.scene.appear.done:
            break
        c.app.frame([], 1 / 30)
    assert c.scene.appear.done
    return c


def test_the_game_over_card_reads_top_down_inside_its_box_alike_at_both_sizes(row_app):
    """'Game over', the result, why, the turning points' heading (over its rows, aligned with
    them): each inside the box, each under the one before, none on another; in the smaller
    window each stands where it stood in the larger one, scaled."""
    c = _risen(over(row_app))
    g = c.scene
    found = []
    for size in (SIZE, (960, 600)):
        _resized(c, size)
        texts = placed_texts(row_app, g)
        words = [w for w, _ in texts]
        first = words.index("Game over")
        heading = next(i for i, w in enumerate(words) if w.startswith("Turning points"))
        card = [r for _, r in texts[first : heading + 1]]
        assert len(card) >= 4 and all(g.box.contains(r) for r in card), (g.box, texts[first : heading + 1])
        assert all(a.bottom <= b.top for a, b in zip(card, card[1:])), texts[first : heading + 1]
        assert card[-1].left == g.turns[0].rect.left and card[-1].bottom <= g.turns[0].rect.top
        said = words[first + 1]  # the result, as the strip under the board says it too
        assert said.endswith("!") and str(g.strip_words).startswith(said[:-1] + ". "), (said, g.strip_words)
        found.append([(r.centerx - g.box.left, r.top - g.box.top) for r in card[:3]])
    scale = theme.scale_for((960, 600))
    for (bx, by), (sx, sy) in zip(*found):
        assert abs(sx - bx * scale) <= 4 and abs(sy - by * scale) <= 4, found
    row_app.resize(SIZE)


def test_the_game_over_card_keeps_room_for_turning_points_only_when_there_are_some(row_app):
    """A game won by its only move has no turning points: its card shows no heading for them
    and keeps no room for it; a card with turning points is taller by at least its rows and
    the heading over them."""
    c = _risen(over(row_app))
    g = c.scene
    texts = placed_texts(row_app, g)
    heading = next(r for words, r in texts if words.startswith("Turning points"))
    rows = g.turns[-1].rect.bottom - g.turns[0].rect.top
    with_turns = g.box.height
    state = position("over")
    last = state.history()[-1]
    state.undo()
    state = load_state(state.to_text())  # the position alone, no moves before it
    state.apply(last)
    g = _risen(over_of(state)(row_app)).scene
    assert not g.turns and not any(
        words.startswith("Turning points") for words, _ in placed_texts(row_app, g)
    )
    assert with_turns - g.box.height >= rows + heading.height, (with_turns, g.box.height, rows, heading)


def test_the_game_over_card_shows_the_winners_own_piece(row_app):
    """A hunt won by the leopards: the pieces beside the result are leopards (colours of the
    leopard's token that a soldier's has not)."""
    from game.render.pieces import sprite
    from tools.scenarios import finished

    state = finished("cows_leopards", 2)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is not None
    winner = outcome.winner
    c = over_of(state)(row_app)
    g = _risen(c).scene
    texts = placed_texts(row_app, g)
    result = next(r for words, r in texts if words == str(g.result_words))
    left = pygame.Rect(
        g.box.left + 8,
        result.top - result.height // 2,
        result.left - g.box.left - 8,
        result.height + result.height // 2,
    )
    seen = {
        tuple(row_app.screen.get_at((x, y)))[:3]
        for x in range(left.left, left.right)
        for y in range(left.top, left.bottom)
    }

    def colours(kind: PieceKind) -> set[tuple[int, ...]]:
        token = sprite(winner, kind, 32)
        return {
            tuple(token.get_at((x, y)))[:3]
            for x in range(token.get_width())
            for y in range(token.get_height())
            if token.get_at((x, y))[3] == 255
        }

    own = colours(state.piece_kind(winner)) - colours(PieceKind.SOLDIER)
    assert seen & own, (state.piece_kind(winner), len(seen))


@pytest.mark.parametrize("size", [SIZE, (960, 600)])
def test_the_game_over_card_dims_the_board_bobs_the_winners_piece_either_side_of_the_result(row_app, size):
    """Over the board the whole window outside the card is dimmed (every pixel darker than the
    board alone); the winner's piece is drawn left and right of the result, level with it, and
    bobs: half a second later it has moved."""
    c = _resized(_risen(over(row_app)), size)
    g, screen = c.scene, row_app.screen
    row_app.manager.stack.remove(g)
    row_app.frame([], 1 / 60)
    board = screen.copy()
    row_app.manager.stack.append(g)
    texts = placed_texts(row_app)
    dimmed = screen.copy()
    box, (w, h) = g.box, screen.get_size()
    for x, y in [
        (0, 0),
        (0, h - 1),
        (w - 1, 0),
        (w - 1, h - 1),
        (box.left - 1, box.centery),
        (box.centerx, 0),
    ]:
        assert _luminance(dimmed.get_at((x, y))) < _luminance(board.get_at((x, y))), (x, y)
    result = next(r for words, r in texts if words == str(g.result_words))
    fill = dimmed.get_at((box.left + 12, box.centery))
    # either side of the result, level with it (from inside the card's border down to the
    # result's foot): the top row of each piece, frame by frame for a second
    top = result.top - result.height // 2
    sides = [
        pygame.Rect(box.left + 8, top, result.left - box.left - 8, result.bottom - top),
        pygame.Rect(result.right, top, box.right - 8 - result.right, result.bottom - top),
    ]

    def top_row(side: pygame.Rect) -> int | None:
        return next(
            (
                y
                for y in range(side.top, side.bottom)
                if any(screen.get_at((x, y)) != fill for x in range(side.left, side.right))
            ),
            None,
        )

    tops: list[list[int | None]] = [[], []]
    for _ in range(10):
        for seen, side in zip(tops, sides):
            seen.append(top_row(side))
        row_app.frame([], 1 / 10)
    for seen in tops:
        assert all(y is not None and top < y < result.bottom for y in seen), (result, tops)
        assert max(y for y in seen if y) - min(y for y in seen if y) >= 4, tops
    row_app.resize(SIZE)
