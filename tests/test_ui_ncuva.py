"""Ncuva as a player sees it, driven by synthetic clicks under SDL's dummy driver: whole games
clicked pit by pit (pass and play, 4 and 12 columns; against the computer), the hover preview
against the rules, the stones reconciled with the rules after undo and resize, a deterministic
sowing animation for a seed, and a click that skips the sowing."""

import random
from functools import partial

import pygame as pg
import pytest

from game import settings as user_settings
from game.boards.holes import Family
from game.boards.holes.preview import preview
from game.config import MatchConfig, Mode
from rules.kinds import Detail, EffectKind
from tools.scenarios import Mouse, pump, random_play, settle
from tools.scenarios import play_to_end as scenario_play_to_end
from tools.scenarios import start_play as start

play_to_end = partial(scenario_play_to_end, settle_seconds=120, settle_dt=0.25)


@pytest.mark.parametrize("columns,seed", [(4, 1), (8, 2), (12, 5)])  # a game of each width class
def test_pass_and_play_to_the_end(app, columns, seed):
    """The last sowings of a seeded game clicked to its end, each shown (the whole game's
    rules are the golden games' and the contract's; here the board must keep up with them)."""
    user_settings.update(animation="fast")
    length = random_play("ncuva", seed, lambda s: False, max_plies=3000, columns=columns).ply
    late = random_play("ncuva", seed, lambda s: s.ply >= length - 16, max_plies=3000, columns=columns)
    scene = start(app, MatchConfig("ncuva", {"columns": columns}, mode=Mode.PASS), late)
    play_to_end(app, scene, random.Random(seed))
    assert scene.match.state.outcome() is not None
    assert scene.board.shown_counts() == scene.match.state.counts()
    assert tuple(scene.board.field.stores) == scene.match.state.stores()
    pump(app, 1.0, 0.1)
    assert scene.match.turn_text().startswith("Game over")


def test_against_the_computer_to_the_end(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    cfg = MatchConfig(
        "ncuva",
        {"after_capture": "end-turn"},
        mode=Mode.COMPUTER,
        human_side=0,
        level="easy",
        min_pause=0.0,
        iterations=30,
    )
    scene = start(app, cfg)
    play_to_end(app, scene, random.Random(7))
    assert scene.match.state.outcome() is not None
    assert 0 in scene.match.movers and 1 in scene.match.movers


def test_illegal_click_is_refused_with_the_rules_reason(app):
    scene = start(app, MatchConfig("ncuva", {"first": "south"}))
    north_pit = scene.match.state.game.layout.rows[3][0]
    Mouse(app).click(scene.board.pos(north_pit))
    assert scene.match.state.ply == 0
    assert "North's hole" in scene.match.said.words


def test_hover_preview_matches_the_rules(app):
    state = random_play("ncuva", 4, lambda s: s.ply >= 6, columns=6)
    scene = start(app, MatchConfig("ncuva", {"columns": 6}), state)
    mouse = Mouse(app)
    for move in scene.match.state.legal_moves():
        mouse.move(scene.board.pos(move.origin))
        pv = scene.board.renderer.hover_preview(scene.look)
        assert pv is not None and pv.origin == move.origin
        after = scene.match.state.copy()
        after.play(move)
        assert pv.final == after.counts()
        assert pv.taken == sum(after.stores()) - sum(scene.match.state.stores())
        assert (pv.stop == Detail.CAPTURE) == bool(scene.match.state.captures(move))
        assert pv.captured == scene.match.state.captures(move)


def test_counts_reconciled_after_undo_and_resize(app):
    scene = start(app, MatchConfig("ncuva", {"columns": 8}))
    mouse = Mouse(app)
    rng = random.Random(2)
    for _ in range(6):
        settle(app, scene, limit=60)
        moves = scene.match.state.legal_moves()
        mouse.click(scene.board.pos(moves[rng.randrange(len(moves))].origin))
    app.frame([], 0.05)
    assert scene.busy
    mouse.key(pg.K_u)  # undo in the middle of a sowing
    assert not scene.busy
    assert scene.board.shown_counts() == scene.match.state.counts()
    assert tuple(scene.board.field.stores) == scene.match.state.stores()
    before = scene.board.field.snapshot()
    app.resize((960, 600))
    pump(app, 0.1)
    assert scene.board.shown_counts() == scene.match.state.counts()
    assert scene.board.field.snapshot() == before  # board units: a resize moves no stone
    move = scene.match.state.legal_moves()[0]
    mouse.click(scene.board.pos(move.origin))
    settle(app, scene, limit=60)
    assert scene.board.shown_counts() == scene.match.state.counts()


def _long_sowing():
    state = random_play("ncuva", 13, lambda s: s.ply >= 7, columns=12)
    move = max(state.legal_moves(), key=lambda m: len(state.effects(m)))
    return state, move


def _run_sowing(seed):
    state, move = _long_sowing()
    family = Family(state.game, __import__("pygame").Rect(0, 0, 800, 600), seed=seed)
    family.field.sync(state.counts(), state.stores())
    events = []
    anim = family.animate(state.effects(move), {}, lambda *a: events.append(a[:2]))
    for _ in range(90):
        anim.update(1 / 60)
    return family.field.snapshot(), events


def test_animation_is_deterministic_for_a_seed():
    a, ev_a = _run_sowing(5)
    b, ev_b = _run_sowing(5)
    assert a == b and ev_a == ev_b
    c, _ = _run_sowing(6)
    assert c != a


def test_a_click_skips_the_sowing(app):
    state, move = _long_sowing()
    assert any(e.kind == EffectKind.RELAY for e in state.effects(move))
    scene = start(app, MatchConfig("ncuva", {"columns": 12}), state)
    pump(app, 0.1)
    Mouse(app).click(scene.board.pos(move.origin))
    app.frame([], 0.1)
    assert scene.busy
    Mouse(app).click((5, 5))
    assert not scene.busy
    assert scene.board.shown_counts() == scene.match.state.counts()
    assert scene.match.event.startswith("South:") or scene.match.event.startswith("North:")


def test_preview_function_agrees_with_effects():
    state = random_play("ncuva", 9, lambda s: s.ply >= 10, columns=4)
    for move in state.legal_moves():
        pv = preview(state, move, state.effects(move))
        after = state.copy()
        after.play(move)
        assert pv.final == after.counts()
        assert sum(pv.received.values()) == sum(1 for e in state.effects(move) if e.kind == EffectKind.DROP)


def test_the_log_counts_one_stone_as_one(app):
    from game.match.words import describe
    from rules.effects import Effect
    from rules.kinds import EffectKind

    scene = start(app, MatchConfig("ncuva"))
    move = scene.match.state.legal_moves()[0]
    written = scene.match.state.move_text(move)
    words = describe(scene.match, move, 0, [Effect(EffectKind.CAPTURE, 0, count=1, player=0)], written)
    assert words.endswith("took 1 stone")
    assert describe(
        scene.match, move, 0, [Effect(EffectKind.CAPTURE, 0, count=6, player=0)], written
    ).endswith("took 6 stones")


def test_twelve_columns_fill_the_board_area(app):
    """At both window sizes the 12-column board fills its area: the width it is limited by, and
    nearly all the height (the rows spread and the stores grow)."""
    scene = start(app, MatchConfig("ncuva", {"columns": 12}))
    for size in ((960, 600), (1280, 800)):
        app.resize(size)
        pump(app, 0.05)
        view = scene.board.view
        area, frame = view.rect, view.frame
        assert frame.width >= 0.97 * area.width
        assert frame.height >= 0.9 * area.height, (size, frame, area)


def _contrast(a, b) -> float:
    """WCAG contrast ratio of two colours."""

    def lum(c):
        ch = [(v / 255) / 12.92 if v <= 10 else (((v / 255) + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_row_labels_are_readable(app):
    """Each row number stands on its disc in colours of good contrast (at least 4.5:1), large
    enough to read on the 12-column board at 960x600."""
    from game.boards.holes.view import NORTH_BAND, NORTH_INK, SOUTH_BAND, SOUTH_INK

    scene = start(app, MatchConfig("ncuva", {"columns": 12}))
    app.resize((960, 600))
    pump(app, 0.05)
    view = scene.board.view
    board = view._render()
    for r, row in enumerate(view.layout.rows):
        x, y = view.pos(row[0])
        cx, cy = int(x - 0.84 * view.s - view.frame.left), int(y - view.frame.top)
        disc, ink = (SOUTH_INK, SOUTH_BAND) if r < 2 else (NORTH_INK, NORTH_BAND)
        assert _contrast(disc, ink) >= 4.5
        near = [tuple(board.get_at((cx + dx, cy + dy)))[:3] for dx in range(-6, 7) for dy in range(-7, 8)]
        assert sum(_contrast(p, ink) < 1.3 for p in near) >= 6, f"row {r + 1}: too few digit pixels"
        assert sum(_contrast(p, disc) < 1.3 for p in near) >= 20, f"row {r + 1}: no disc behind it"


def test_the_pit_where_the_last_sowing_ended_is_marked(app, monkeypatch):
    scene = start(app, MatchConfig("ncuva", {"first": "south"}))
    marked = []
    renderer = scene.board.renderer
    monkeypatch.setattr(renderer, "_end_mark", lambda surface, cell: marked.append(cell))
    move = scene.match.state.legal_moves()[1]
    Mouse(app).click(scene.board.pos(move.origin))
    settle(app, scene, limit=60)
    app.frame([], 0.05)
    assert marked and marked[-1] == scene.match.last_effects[-1].cell != move.origin


def test_sleep_is_explained_until_it_has_been_seen(app):
    """The hover line says what "sleeps" means until a sowing has been seen to end in sleep
    (its caption says it in full); the panel says it every time it tells of one."""
    scene = start(app, MatchConfig("ncuva", {"first": "south"}, mode=Mode.PASS))
    renderer = scene.board.renderer
    mouse = Mouse(app)
    state = scene.match.state
    sleeper = next(m for m in state.legal_moves() if state.effects(m)[-1].detail == Detail.SLEEP)
    name = state.game.point_name
    mouse.move(scene.board.pos(sleeper.origin))
    app.frame([], 0.05)
    pv = renderer.hover_preview(scene.look)
    assert Detail.SLEEP not in scene.match.stops_seen
    assert pv.words(name, explain=True).endswith("then sleeps: the turn passes")
    mouse.click(scene.board.pos(sleeper.origin))
    settle(app, scene, limit=60)
    assert Detail.SLEEP in scene.match.stops_seen
    assert "South sleeps, and the turn passes" in scene.match.guides.intro(scene.match).words


def test_the_end_ring_leaves_the_received_count_readable(app):
    """Hovering a sowing: the "+N" tag on the pit where it ends is drawn over the end ring, so no
    pixel of its box takes the ring's colour."""
    from game import theme

    scene = start(app, MatchConfig("ncuva", {"first": "south"}))
    move = scene.match.state.legal_moves()[0]
    Mouse(app).move(scene.board.pos(move.origin))
    app.frame([], 0.05)
    renderer = scene.board.renderer
    pv = renderer.hover_preview(scene.look)
    assert pv is not None and pv.end in pv.received
    view = scene.board.view
    x, y = view.pos(pv.end)
    r = view.pit_r
    tag = theme.text(f"+{pv.received[pv.end]}", max(13, int(view.badge_size * 0.9)), (255, 255, 255))
    box = tag.get_rect(center=(int(x + r * 0.62), int(y - r * 0.72))).inflate(6, 2)
    surface = app.screen.copy()
    renderer.draw(surface, scene.look)
    inset = box.height // 2  # the tag's rounded ends are left out
    ring = [
        (px, py)
        for px in range(box.left + inset, box.right - inset)
        for py in range(box.top + 1, box.bottom - 1)
        if sum((a - b) ** 2 for a, b in zip(surface.get_at((px, py))[:3], theme.ACCENT)) < 40**2
    ]
    assert not ring, f"the end ring shows through the +N tag at {ring[:3]}"
