"""BattleHalma's screenshots (``python main.py --screenshots DIR``): both board sizes at the
start, a counter chosen (its targets and arrows), a leap chain half built, a hop in flight, a
crowning, a king chosen, the setup screen with its named variants, and a terminal win."""

from __future__ import annotations

from game.config import MatchConfig, Mode
from rules.kinds import EffectKind, MoveKind
from tools.battlehalma_positions import (
    PROMOTION_3,
    TERMINAL_6,
    chain_moves,
    chain_position,
    crowning_position,
    king_capture_position,
    king_takes,
    terminal_win,
)
from tools.scenarios import pump


def take(app, shot, mouse, play) -> None:
    from game.scenes.setup import SetupScene

    app.manager.clear()
    app.manager.push(SetupScene(app, "battlehalma"))
    pump(app, 0.1)
    shot("30_squares_setup_variants")

    play(app, MatchConfig("battlehalma"))
    shot("31_squares_start_8x8")
    scene = play(app, MatchConfig("battlehalma", {"size": 10, "counters": 15}))
    shot("32_squares_start_10x10")

    state = chain_position()
    scene = play(app, MatchConfig("battlehalma"), state)
    chain = max(chain_moves(state), key=lambda m: len(m.path))
    view = scene.board
    mouse.click(view.pos(chain.path[0]))
    mouse.move(view.pos(chain.path[1]))
    pump(app, 0.1)
    shot("33_squares_counter_selected")
    mouse.click(view.pos(chain.path[1]))
    mouse.move(view.pos(chain.path[2]))
    pump(app, 0.1)
    shot("34_squares_leap_chain_in_progress")
    for p in chain.path[2:]:
        mouse.click(view.pos(p))
    mouse.click(view.pos(chain.path[-1]))  # stop here
    pump(app, 0.5)
    shot("35_squares_after_chain")

    state = crowning_position()
    scene = play(app, MatchConfig("battlehalma", dict(PROMOTION_3)), state)
    crown = next(m for m in state.legal_moves() if m.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING))
    for p in crown.path:
        mouse.click(scene.board.pos(p))
    if scene.match.builder.path:
        mouse.click(scene.board.pos(crown.path[-1]))
    while scene.busy and scene.animation is not None and _current(scene) != EffectKind.PROMOTE:
        pump(app, 1 / 60)
    pump(app, 0.2)
    shot("36_squares_crowning")

    state = king_capture_position()
    scene = play(app, MatchConfig("battlehalma", dict(PROMOTION_3)), state)
    leap = king_takes(state)[0]
    mouse.click(scene.board.pos(leap.path[0]))
    mouse.move(scene.board.pos(leap.path[1]))
    pump(app, 0.1)
    shot("37_squares_king_selected")

    state = terminal_win()
    scene = play(app, MatchConfig("battlehalma", dict(TERMINAL_6), mode=Mode.PASS), state)
    pump(app, 1.2)
    shot("38_squares_game_over_terminal")


def _current(scene) -> EffectKind | None:
    """What the animation is showing now (None when it shows nothing)."""
    anim = scene.animation
    if anim is None or anim.done:
        return None
    return anim.segments[anim.index].effect.kind
