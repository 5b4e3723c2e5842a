"""Skipping a long Ncuva sowing (issue 29): the click that shows its end does work bounded by the
stones on the board, not by the sowing's thousands of steps. Counted in physics bodies made and
world steps taken in the skip, never in time: a 4,212-lift cycle met in a seeded game, the
issue's sowing of 10,048 lifts that ends by itself, and a short one whose stones keep their
colours."""

import random

import pygame as pg
import pytest

from game.boards.holes import Family
from game.boards.holes.anim import FAITHFUL
from game.config import MatchConfig
from rules import load_game, load_state
from rules.kinds import EffectKind
from tools.scenarios import Mouse, pump
from tools.scenarios import start_play as start

NATURAL = (
    "ncuva after_capture=end-turn columns=12 first=south only_two=off start=even; "
    "board=2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2/1,4,0,4,2,3,1,2,1,2,3,1/"
    "0,3,0,1,2,3,2,2,5,0,4,2; turn=S; turns=0; store=0/0; ply=0"
)
SETTLE_STEPS = 36  # the skip's settling: 0.3 s of the world at 120 steps a second


def cycle_in_play():
    """The 4,212-lift cycle of seeded game 3518 on 6 columns (tests/test_ncuva_random.py)."""
    game = load_game("ncuva", columns=6)
    rng = random.Random(3518)
    state = game.new_initial_state()
    while True:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        if state.effects(move)[-1].count == 4212:
            return state, move
        state.apply(move)


def counted(field):
    """Count the bodies made and the world's steps from now on."""
    made = {"bodies": 0, "steps": 0}
    embody, step = field._embody, field.space.step

    def counting_embody(*args):
        made["bodies"] += 1
        embody(*args)

    def counting_step(dt):
        made["steps"] += 1
        step(dt)

    field._embody = counting_embody
    field.space.step = counting_step
    return made


def animated(state, move, frames: int):
    family = Family(state.game, pg.Rect(0, 0, 960, 600), seed=3)
    family.field.sync(state.counts(), state.stores())
    anim = family.animate(state.effects(move), {}, lambda *a: None)
    for _ in range(frames):
        anim.update(1 / 60)
    return family, anim


@pytest.mark.parametrize("which", ["cycle", "natural"])
@pytest.mark.parametrize("frames", [0, 7])
def test_a_long_skip_makes_no_more_bodies_than_there_are_stones(which, frames):
    state, move = (
        cycle_in_play() if which == "cycle" else (load_state(NATURAL), load_state(NATURAL).parse_move("g1"))
    )
    effects = state.effects(move)
    assert len(effects) > 4 * FAITHFUL  # thousands of steps: the old skip played each one
    family, anim = animated(state, move, frames)
    assert not anim.done
    made = counted(family.field)
    anim.finish()
    after = state.copy()
    after.apply(move)
    assert anim.done
    assert family.field.counts() == after.counts() and tuple(family.field.stores) == after.stores()
    assert made["bodies"] <= sum(after.counts().values())
    assert made["steps"] <= SETTLE_STEPS
    assert not family.field.space.bodies or all(
        s.body in family.field.space.bodies for stones in family.field.pits.values() for s in stones
    )


def test_a_short_skip_keeps_every_stone_and_its_colour():
    """Skipped half-way, a sowing of a few steps ends with the very stones it lifted (each keeps
    its colour); only the pits it changed are laid out again."""
    state = load_game("ncuva", columns=4, first="south").new_initial_state()
    quiet = [m for m in state.legal_moves() if not state.captures(m)]  # every stone stays on the board
    move = max(quiet, key=lambda m: len(state.effects(m)))
    assert sum(e.kind == EffectKind.RELAY for e in state.effects(move)) >= 2
    family, anim = animated(state, move, 40)
    before = {id(s): s.colour for stones in family.field.pits.values() for s in stones}
    before.update({id(s): s.colour for s in anim.hand})
    before.update({id(s): s.colour for s, _, _ in anim.rising})
    if anim.falling is not None:
        before[id(anim.falling)] = anim.falling.colour
    made = counted(family.field)
    anim.finish()
    after = state.copy()
    after.apply(move)
    assert family.field.counts() == after.counts()
    now = {id(s): s.colour for stones in family.field.pits.values() for s in stones}
    assert now == before
    assert made["bodies"] < sum(after.counts().values())  # untouched pits keep their stones


def test_the_click_that_skips_shows_the_end_in_that_frame(app):
    """Through the play scene: the 10,048-lift sowing clicked, shown a few frames, then a click
    ends it in that one frame with the rules' counts in every pit."""
    state = load_state(NATURAL)
    move = state.parse_move("g1")
    scene = start(
        app,
        MatchConfig("ncuva", {"columns": 12, "after_capture": "end-turn", "start": "even", "first": "south"}),
        state,
    )
    pump(app, 0.1)
    Mouse(app).click(scene.board.pos(move.origin))
    for _ in range(5):
        app.frame([], 1 / 60)
    assert scene.busy
    made = counted(scene.board.field)
    Mouse(app).click(scene.board.pos(move.origin))
    assert not scene.busy
    assert made["bodies"] <= 96 and made["steps"] <= SETTLE_STEPS + 2
    assert scene.board.shown_counts() == scene.match.state.counts()


def test_a_turn_with_a_sowing_stopped_at_the_limit_works_out_no_effects(app, monkeypatch):
    """The board's marks and buttons know a one-hole move by its kind: a position whose legal
    moves include a sowing of 100,000 lifts (the longest cycle found, 12 columns) is shown
    without working out any sowing's effects (450,000 steps, half a second a turn)."""
    from rules.ncuva import NcuvaState

    half = [0, 1, 0, 2, 6, 0, 6, 0, 2, 3, 0, 4, 3, 2, 1, 4, 1, 0, 1, 4, 1, 2, 4, 1]
    game = load_game("ncuva", columns=12, start="even", first="south", after_capture="end-turn")
    counts = {game.cell_of[k]: v for k, v in enumerate(half + half)}
    rows = "/".join(",".join(str(counts[r * 12 + c]) for c in range(12)) for r in (3, 2, 1, 0))
    state = load_state(f"{game.header()}; board={rows}; turn=S; turns=0; store=0/0; ply=0")
    asked = []
    effects = NcuvaState.effects
    monkeypatch.setattr(NcuvaState, "effects", lambda self, move: asked.append(move) or effects(self, move))
    scene = start(app, MatchConfig("ncuva", dict(game.options)), state)
    pump(app, 0.1)
    assert scene.match.builder.single_moves() and not asked
