"""Ncuva's screenshot scenes (``python main.py --screenshots DIR``): the 4-column start, a
12-column game in the middle, a sowing in flight, a relay, a capture and the hover preview."""

from __future__ import annotations

from game.config import MatchConfig
from rules.kinds import EffectKind
from tools.scenarios import pump, random_play


def _relay_move(state):
    return max(state.legal_moves(), key=lambda m: sum(e.kind == EffectKind.RELAY for e in state.effects(m)))


def take(app, shot, mouse, play) -> None:
    play(app, MatchConfig("ncuva", {"first": "south"}))
    shot("40_ncuva_4_columns_start")

    state = random_play("ncuva", 13, lambda s: s.ply >= 7, columns=12)
    config = MatchConfig("ncuva", {"columns": 12})
    scene = play(app, config, state.copy())
    shot("41_ncuva_12_columns_mid_game")
    move = _relay_move(scene.match.state)
    mouse.move(scene.board.pos(move.origin))
    pump(app, 0.1)
    shot("42_ncuva_hover_preview")
    mouse.click(scene.board.pos(move.origin))
    pump(app, 0.9)
    shot("43_ncuva_mid_sowing")
    anim = scene.animation
    while anim is not None and not anim.done and anim.steps[anim.index].effect.kind != EffectKind.RELAY:
        app.frame([], 1 / 60)
    pump(app, 0.12)
    shot("44_ncuva_relay")

    state = random_play(
        "ncuva", 3, lambda s: any(s.captures(m) for m in s.legal_moves()) and s.ply >= 4, columns=6
    )
    scene = play(app, MatchConfig("ncuva", {"columns": 6}), state)
    move = max(state.legal_moves(), key=state.move_gain)
    mouse.click(scene.board.pos(move.origin))
    anim = scene.animation
    while anim is not None and not anim.done and anim.steps[anim.index].effect.kind != EffectKind.CAPTURE:
        app.frame([], 1 / 60)
    pump(app, 0.3)
    shot("45_ncuva_capture")
    while anim is not None and not anim.done:
        app.frame([], 1 / 60)
    pump(app, 0.1)
    shot("46_ncuva_after_capture")
