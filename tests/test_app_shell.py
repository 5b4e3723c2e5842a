"""The app shell: the scene stack, the loop, window sizes and F11, keyboard paths through the
menus, the coin toss, silent audio without a device, shapes that tell pieces apart, and
animations that take the same time at any frame rate."""

import sys
from pathlib import Path

import pygame
import pytest

from game import theme
from game.anim import Timer
from game.app import App
from game.boards.beats import Beat
from game.boards.lines.view import BoardView
from game.boards.piece_anim import MoveAnimation
from game.config import MatchConfig
from game.render.pieces import sprite, style_of
from game.scene import Scene, SceneManager
from game.scenes.coin import CoinTossScene
from game.scenes.menu import MenuScene, playable_ids
from game.scenes.play import PlayScene
from game.scenes.setup import SetupScene
from game.sound import SoundBank, recipes
from rules import load_game
from rules.kinds import MoveKind, PieceKind
from tests.hang_guard import run as run_bounded
from tools.scenarios import Mouse, chain_position, pump, shown_title

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app():
    a = App((1280, 800), sound=False)
    yield a
    a.close()


class Probe(Scene):
    def __init__(self, app, log, name, opaque=True):
        super().__init__(app)
        self.log, self.name, self.opaque = log, name, opaque

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_every_line_board_game_is_offered():
    for gid in ("sixteen_soldiers", "peralikatuma", "kotu_ellima", "cows_leopards", "hat_diviyan_keliya"):
        assert gid in playable_ids()


def test_scene_stack_push_pop_replace():
    log = []
    m = SceneManager()
    a, b, c = Probe(None, log, "a"), Probe(None, log, "b", opaque=False), Probe(None, log, "c")
    m.push(a)
    m.push(b)
    m.update(0.1)
    m.draw(None)
    assert log[-3:] == ["update b", "draw a", "draw b"]  # an overlay draws over the scene below
    m.replace(c)
    assert m.stack == [a, c] and log[-2:] == ["exit b", "enter c"]
    m.pop()
    assert m.stack == [a] and log[-1] == "resume a"
    assert not m.pop_to(MenuScene)


def test_drawing_starts_at_the_highest_opaque_scene():
    """An overlay shows the scene below it; a whole screen hides (and never draws) what it covers."""
    log: list[str] = []
    surface = pygame.Surface((4, 4))
    m = SceneManager()
    m.push(Probe(None, log, "title"))
    m.push(Probe(None, log, "game"))
    m.push(Probe(None, log, "over", opaque=False))
    m.push(Probe(None, log, "card", opaque=False))
    log.clear()
    m.draw(surface)
    assert log == ["draw game", "draw over", "draw card"]
    m.push(Probe(None, log, "rules"))
    log.clear()
    m.draw(surface)
    assert log == ["draw rules"]


def test_quit_event_stops_the_loop(app):
    app.manager.push(shown_title(app))
    app.frame([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert not app.running


def test_f11_toggles_fullscreen(app):
    app.manager.push(shown_title(app))
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")
    app.frame([f11], 1 / 60)
    assert app.fullscreen
    app.frame([f11], 1 / 60)
    assert not app.fullscreen and app.size == (1280, 800)


def test_keyboard_only_from_title_to_play(app):
    app.manager.push(shown_title(app))
    keys = Mouse(app)
    keys.key(pygame.K_RETURN)
    assert isinstance(app.manager.top, MenuScene)
    keys.key(pygame.K_RIGHT)
    keys.key(pygame.K_RETURN)
    setup = app.manager.top
    assert isinstance(setup, SetupScene) and setup.spec.id == playable_ids()[1]
    keys.key(pygame.K_RETURN)  # the focus starts on Start
    assert isinstance(app.manager.top, PlayScene)


def test_setup_changes_an_option_with_the_mouse(app):
    setup = SetupScene(app, "kotu_ellima")
    app.manager.push(setup)
    app.frame([], 1 / 60)
    name, sel = next((n, s) for n, s in setup.options if n == "capture")
    before = sel.value
    Mouse(app).click((sel.rect.right - 20, sel.rect.top + 20))
    assert sel.value != before
    assert setup.current_config().options["capture"] == sel.value


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_every_scene_draws_at_both_sizes(app, size):
    app.resize(size)
    scenes = [shown_title(app), MenuScene(app)]
    scenes += [SetupScene(app, gid) for gid in playable_ids()]
    scenes += [PlayScene(app, MatchConfig(gid)) for gid in playable_ids()]
    for scene in scenes:
        app.manager.clear()
        app.manager.push(scene)
        pump(app, 0.05)
        assert app.screen.get_size() == size


def test_coin_toss_lands_on_the_rules_choice(app):
    game = load_game("kotu_ellima", first="coin")
    import random

    for seed in range(6):
        state = game.new_initial_state(random.Random(seed))
        scene = CoinTossScene(app, MatchConfig("kotu_ellima", {"first": "coin"}), state)
        app.manager.clear()
        app.manager.push(scene)
        pump(app, 2.0, 0.05)
        assert scene.face_up() == state.to_move
        pump(app, 1.5, 0.05)
        play = app.manager.top
        assert isinstance(play, PlayScene) and play.match.state is state


def test_audio_fails_silently(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    bank = SoundBank()
    assert not bank.enabled
    bank.play("capture")  # no exception
    assert not SoundBank(enabled=False).enabled


def test_sounds_are_made_in_code():
    waves = recipes(22050)
    assert {"click", "hop", "capture", "drop", "illegal", "win"} <= set(waves)
    for wave in waves.values():
        assert wave and max(abs(s) for s in wave) <= 1.0


def test_piece_kinds_differ_in_shape_not_only_colour():
    """Colour-blind safety: outlines (alpha masks) of the five piece styles differ clearly."""
    styles = {
        style_of(0, PieceKind.SOLDIER): (0, PieceKind.SOLDIER),
        style_of(1, PieceKind.SOLDIER): (1, PieceKind.SOLDIER),
        "cow": (1, PieceKind.COW),
        "leopard": (0, PieceKind.LEOPARD),
        "tiger": (0, PieceKind.TIGER),
    }
    masks = {name: pygame.mask.from_surface(sprite(o, k, 30)) for name, (o, k) in styles.items()}
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            ma, mb = masks[a], masks[b]
            same = ma.overlap_area(mb, (0, 0))
            union = ma.count() + mb.count() - same
            assert same / union < 0.9, f"{a} and {b} have nearly the same shape"


def test_hops_take_the_same_time_at_any_frame_rate():
    state = chain_position()
    chain = max((m for m in state.legal_moves() if m.kind == MoveKind.JUMP), key=lambda m: len(m.captured))
    view = BoardView(state.game.layout, pygame.Rect(0, 0, 800, 800))
    before = state.pieces()
    effects = state.effects(chain)
    after = state.copy()
    after.apply(chain)
    durations = []
    for fps in (30, 60, 144):
        events: list[Beat] = []
        anim = MoveAnimation(effects, before, view, lambda name, p, piece, log=events: log.append(name))
        t = 0.0
        while not anim.done:
            anim.update(1 / fps)
            t += 1 / fps
        durations.append(t)
        assert events.count(Beat.CAPTURE) == len(chain.captured)
        assert events.count(Beat.LAND) == len(chain.path) - 1
        assert anim.board == after.pieces()  # the animation ends on the position the rules reached
    assert max(durations) - min(durations) <= 1 / 30 + 1e-9


def test_timer_runs_zero_to_one():
    t = Timer(0.5)
    t.tick(0.25)
    assert t.t == pytest.approx(0.5) and not t.done
    t.tick(1.0)
    assert t.done and t.t == 1.0


def test_text_cache_and_scale():
    assert theme.scale_for((1280, 800)) == 1.0
    assert theme.scale_for((960, 600)) == pytest.approx(0.75)
    assert theme.text("Keliya", 20) is theme.text("Keliya", 20)


def run_main(*args):
    return run_bounded(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
    )


def test_bad_size_and_game_flags_print_usage():
    out = run_main("--size", "800x500")
    assert out.returncode == 2 and "usage:" in out.stderr and "960x600" in out.stderr
    out = run_main("--game", "chess")
    assert out.returncode == 2 and "unknown game 'chess'" in out.stderr


def snapshot(obj, depth: int = 0, seen: set[int] | None = None):
    """What a scene holds, as plain values: widgets, rectangles, labels, flags, lists and the
    attributes of the objects it owns (surfaces by identity), a few levels deep. The private
    fields of the objects it owns are left out: they are memos (a board's background, the moves
    the rules allow here) that may fill in the first time anything asks, drawing included."""
    import enum

    seen = set() if seen is None else seen
    if isinstance(obj, (int, float, str, bool, type(None), enum.Enum)):
        return obj
    if isinstance(obj, pygame.Rect):
        return ("Rect", tuple(obj))
    if isinstance(obj, pygame.Surface):
        return ("Surface", id(obj))
    if depth > 4 or id(obj) in seen or callable(obj):
        return type(obj).__name__
    seen.add(id(obj))
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [snapshot(x, depth + 1, seen) for x in obj]
    if isinstance(obj, dict):
        return {repr(k): snapshot(v, depth + 1, seen) for k, v in obj.items()}
    try:
        fields = vars(obj)
    except TypeError:
        return type(obj).__name__
    return {
        k: snapshot(v, depth + 1, seen)
        for k, v in fields.items()
        if k != "app" and not (depth > 0 and k.startswith("_"))
    }


def test_the_screenshot_tour_reaches_every_scene_holds_its_text_and_drawing_changes_nothing(tmp_path):
    """The English screenshot tour, drawn once for three checks: it reaches every scene at both
    sizes (its shots named as ``--screenshots`` names them, one a size saved and read back); every
    text holds, as in the other languages (``test_i18n.test_every_scene_holds_its_text``); and
    each scene's state is taken before and after each shot's drawing: drawing may change pixels,
    never what a scene holds.
    (The frames between the shots are updated but not drawn, so a scene that changed itself
    while drawing would show it here, at the one draw of each state the tour reaches.)"""
    from tools.layout_check import watch_tour

    changed: list[str] = []
    shots: dict[str, tuple[int, int]] = {}  # each shot's name and the window's size when it was taken

    def around(manager, screen, name, draw):
        before = [(type(sc).__name__, snapshot(sc)) for sc in manager.stack]
        draw()
        after = [(type(sc).__name__, snapshot(sc)) for sc in manager.stack]
        changed.extend(f"{name}: {sc}" for (sc, a), (_, b) in zip(before, after) if a != b)
        shots[name] = screen.get_size()
        if name.endswith(
            "_08_play_start"
        ):  # one picture a size is written and read back, as --screenshots saves them
            pygame.image.save(screen, str(tmp_path / f"{name}.png"))

    problems = watch_tour("en", around=around)
    assert problems == {}, [f"{shot}: {problem}" for problem, shot in sorted(problems.items())][:15]
    assert changed == [], f"drawing changed the state of {changed[:10]}"
    names = sorted(shots)
    assert all(name.startswith("{}x{}_".format(*size)) for name, size in shots.items())
    for size in ("1280x800", "960x600"):
        for scene in (
            "title",
            "menu",
            "setup",
            "rules",
            "coin_toss",
            "play_start",
            "chain",
            "huff",
            "game_over",
        ):
            assert any(n.startswith(size) and scene in n for n in names), (size, scene)
    surf = pygame.image.load(str(tmp_path / "960x600_08_play_start.png"))
    assert surf.get_size() == (960, 600)


def test_the_screenshots_flag_saves_the_tour_where_it_is_told(tmp_path, monkeypatch, capsys):
    """``--screenshots DIR`` (and ``--lang``) hand the tour its folder and language and say how
    many pictures it saved (the tour itself is the test above)."""
    import tools.shots
    from game.launch import main

    asked = []

    def save(out, language="en"):
        asked.append((out, language))
        out.mkdir(parents=True, exist_ok=True)
        return [out / "a.png", out / "b.png"]

    monkeypatch.setattr(tools.shots, "save_screenshots", save)
    assert main(["--screenshots", str(tmp_path / "shots"), "--lang", "ta"]) == 0
    assert asked == [(tmp_path / "shots", "ta")]
    assert f"saved 2 screenshots in {tmp_path / 'shots'}" in capsys.readouterr().out


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1600, 900)])
def test_play_layout_fits_the_window(app, size):
    """Usable down to 960x600: the board, the panel and every button stay on screen, apart."""
    app.resize(size)
    screen = pygame.Rect((0, 0), size)
    for gid in playable_ids():
        scene = PlayScene(app, MatchConfig(gid))
        app.manager.clear()
        app.manager.push(scene)
        app.frame([], 1 / 60)
        board, panel = scene.layout(size)
        assert screen.contains(scene.board.frame) and screen.contains(panel)
        assert not scene.board.frame.colliderect(panel)
        shown = [b.rect for b in scene.buttons if b.visible]
        for i, r in enumerate(shown):
            assert panel.contains(r)
            assert r.collidelist(shown[i + 1 :]) == -1


def test_the_play_layout_shrinks_with_the_window(app):
    """In a smaller window the board and the panel are no larger, and no further from the
    window's edges, than in a larger one."""
    scene = PlayScene(app, MatchConfig("kotu_ellima"))
    big, small = scene.layout((1280, 800)), scene.layout((960, 600))
    for b, s in zip(big, small):
        assert s.width <= b.width and s.height <= b.height and s.left <= b.left and s.top <= b.top
        assert 960 - s.right <= 1280 - b.right and 600 - s.bottom <= 800 - b.bottom


def test_window_resize_relays_the_board(app):
    scene = PlayScene(app, MatchConfig("kotu_ellima"))
    app.manager.push(scene)
    app.frame([], 1 / 60)
    before = scene.board.frame.copy()
    app.resize((1000, 640))
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640)], 1 / 60)
    assert scene.board.frame != before
    assert pygame.Rect(0, 0, 1000, 640).contains(scene.board.frame)


def test_the_draw_guard_sees_a_scene_that_lays_out_while_drawing(app):
    """The guard above would catch the old habit: a button placed during ``draw``."""
    from game.scene import Scene
    from game.widgets import Button

    class Careless(Scene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.button = Button("Go", lambda: None)

        def draw(self, surface: pygame.Surface) -> None:
            self.button.rect = pygame.Rect(10, 10, 100, 40)

    scene = Careless(app)
    before = snapshot(scene)
    scene.draw(app.screen)
    assert snapshot(scene) != before


def test_a_scrolled_list_keeps_its_choice_in_view_and_never_scrolls_past_its_last_page():
    """``widgets.list_window`` (the saved games, the file browser): five rows fit the area."""
    from game.widgets import list_window

    area = pygame.Rect(10, 20, 300, 5 * 40 + 4 * 10)
    chosen, top, rects = list_window(area, 40, 10, 20, 19, 18)  # asked to start past the last page
    assert (chosen, top) == (19, 15) and len(rects) == 5
    assert rects[0] == pygame.Rect(10, 20, 300, 40) and rects[4].top == 20 + 4 * 50
    assert list_window(area, 40, 10, 20, 8, 0)[:2] == (8, 4)  # the choice below the view: scrolled to it
    assert list_window(area, 40, 10, 20, 2, 6)[:2] == (2, 2)  # above it: scrolled up to it
    assert list_window(area, 40, 10, 20, 25, 0)[:2] == (19, 15)  # a choice past the end: the last row
    chosen, top, rects = list_window(area, 40, 10, 3, 0, 2)
    assert (chosen, top, len(rects)) == (0, 0, 3)  # a short list from its top
