"""BattleHalma as a player meets it, by synthetic clicks under SDL's dummy driver: whole games
(pass and play, two variants; against the computer), a leap chain clicked square by square
along another route than the rules stored, a chain stopped half way, an exchange capture and a
king's capture knocked off, a crowning, a click in a forbidden direction refused in the rules'
words, and the seed's variants offered by name in setup."""

import random

import pygame
import pytest

from game.boards.beats import Beat
from game.boards.squares import Family
from game.config import MatchConfig, Mode
from game.scenes.gameover import GameOverScene
from game.scenes.setup import SetupScene
from rules.battlehalma import COUNTER_DIRS
from rules.battlehalma_games import VARIANTS
from rules.core import CUSTOM
from rules.kinds import EffectKind, MoveKind, PieceKind
from rules.layout import DIRECTIONS
from tools.battlehalma_positions import (
    PROMOTION_3,
    TERMINAL_6,
    chain_moves,
    chain_position,
    crowning_position,
    king_capture_position,
    king_takes,
)
from tools.scenarios import Mouse, click_move, pump, random_play, settle
from tools.scenarios import play_to_end as scenario_play_to_end
from tools.scenarios import start_play as start


def record_events(scene) -> list[tuple[Beat, int]]:
    """The animation's events ('land', 'capture', 'promote'...) as they fire, still passed on."""
    seen: list[tuple[Beat, int]] = []
    real = scene._anim_event

    def spy(name, cell, piece):
        seen.append((name, cell))
        real(name, cell, piece)

    scene._anim_event = spy
    return seen


play_to_end = scenario_play_to_end


def test_the_squares_family_draws_battlehalma(app):
    scene = start(app, MatchConfig("battlehalma"))
    assert isinstance(scene.board, Family)
    view = scene.board
    for p in (0, 7, 56, 63):
        assert view.cell_at(view.pos(p)) == p
    assert view.frame.width <= scene.layout(app.size)[0].width


@pytest.mark.parametrize(
    ("options", "seed"), [(TERMINAL_6, 1), (TERMINAL_6, 2), (PROMOTION_3, 3), (PROMOTION_3, 4)]
)
def test_pass_and_play_to_the_end(app, options, seed):
    """The last 40 moves of a seeded game clicked to its end (the whole games' rules are the
    golden games' and the contract's): every move lands and the end is said."""
    length = random_play("battlehalma", seed, lambda s: False, max_plies=3000, **options).ply
    late = random_play("battlehalma", seed, lambda s: s.ply >= length - 40, max_plies=3000, **options)
    scene = start(app, MatchConfig("battlehalma", dict(options), mode=Mode.PASS), late)
    play_to_end(app, scene, random.Random(seed))
    outcome = scene.match.state.outcome()
    assert outcome is not None
    pump(app, 1.0, 0.1)
    assert isinstance(app.manager.top, GameOverScene)
    assert outcome.reason in scene.match.turn_text()


def test_against_the_computer_to_the_end(app):
    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    cfg = MatchConfig(
        "battlehalma",
        dict(TERMINAL_6),
        mode=Mode.COMPUTER,
        human_side=1,
        level="easy",
        min_pause=0.0,
        iterations=30,
    )
    scene = start(app, cfg)
    play_to_end(app, scene, random.Random(5))
    assert scene.match.state.outcome() is not None
    assert 0 in scene.match.movers and 1 in scene.match.movers


def test_a_chain_clicked_along_another_route_is_the_same_move(app):
    state = chain_position()
    move = max(chain_moves(state), key=lambda m: len(m.path))
    other = next(r for r in state.routes(move) if r != move.path)
    mover = state.to_move
    scene = start(app, MatchConfig("battlehalma"), state)
    mouse = Mouse(app)
    for k, p in enumerate(other):
        mouse.click(scene.board.pos(p))
        if k and k < len(other) - 1:
            assert scene.match.builder.path == other[: k + 1]  # built square by square, nothing played yet
            assert scene.stop_button.visible is False or scene.match.builder.can_stop()
    if scene.match.builder.path:
        mouse.click(scene.board.pos(other[-1]))  # the piece clicked again: stop
    assert scene.match.state.history()[-1] == move
    assert scene.match.last_move.path == other  # the last-move line and the hops follow the player's route
    assert [e.to for e in scene.match.last_effects if e.kind == EffectKind.MOVE] == list(other[1:])
    settle(app, scene)
    assert (
        f": {state.game.format_move(scene.match.last_move)}" in scene.match.log[-1].words
    )  # the log writes the clicked route
    assert scene.match.pieces_now[other[-1]][0] == mover


def test_a_chain_stopped_half_way(app):
    state = chain_position()
    move = max(chain_moves(state), key=lambda m: len(m.path))
    scene = start(app, MatchConfig("battlehalma"), state)
    mouse = Mouse(app)
    mouse.click(scene.board.pos(move.path[0]))
    mouse.click(scene.board.pos(move.path[1]))
    assert scene.match.builder.can_stop()
    assert "stop" in scene.match.said.words.lower()
    app.frame([], 1 / 60)
    assert scene.stop_button.visible
    mouse.key(pygame.K_s)
    played = scene.match.state.history()[-1]
    assert played.path[0] == move.path[0] and played.path[-1] == move.path[1]


def test_an_exchange_capture_knocks_the_piece_off(app):
    state = chain_position()
    scene = start(app, MatchConfig("battlehalma"), state)
    seen = record_events(scene)
    move = next((m for m in state.legal_moves() if m.captured), None)
    if move is None:
        pytest.skip("no capture in this position")
    click_move(Mouse(app), scene, move)
    settle(app, scene)
    assert (Beat.CAPTURE, move.captured[-1]) in seen
    assert scene.match.pieces_now[move.path[-1]][0] != scene.match.state.to_move


def test_a_kings_leap_takes_what_it_jumps(app):
    state = king_capture_position()
    move = king_takes(state)[0]
    scene = start(app, MatchConfig("battlehalma", dict(PROMOTION_3)), state)
    seen = record_events(scene)
    click_move(Mouse(app), scene, move)
    settle(app, scene)
    assert {c for name, c in seen if name == Beat.CAPTURE} == set(move.captured)


def test_a_crowning_is_shown(app):
    state = crowning_position()
    move = next(m for m in state.legal_moves() if m.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING))
    mover = state.to_move
    scene = start(app, MatchConfig("battlehalma", dict(PROMOTION_3)), state)
    seen = record_events(scene)
    click_move(Mouse(app), scene, move)
    anim = scene.animation
    assert anim is not None
    settle(app, scene)
    assert (Beat.PROMOTE, move.path[-1]) in seen
    # the crown is on the board when the animation ends
    assert anim.board[move.path[-1]] == (mover, PieceKind.KING)
    assert scene.match.pieces_now[move.path[-1]] == (mover, PieceKind.KING)
    assert "crowned" in scene.match.event


def test_a_step_in_a_forbidden_direction_is_refused_in_the_rules_words(app):
    state = chain_position()
    side, n = state.to_move, state.game.n
    pieces = state.pieces()
    movable = {m.path[0] for m in state.legal_moves()}
    forbidden = [d for d in DIRECTIONS if d not in COUNTER_DIRS[side]]
    pick = None
    for p, (owner, kind) in pieces.items():
        if owner != side or kind != PieceKind.COUNTER or p not in movable:
            continue
        for d in forbidden:
            dc, dr = DIRECTIONS[d]
            c, r = p % n + dc, p // n + dr
            if 0 <= c < n and 0 <= r < n and r * n + c not in pieces:
                pick = (p, r * n + c)
    assert pick is not None
    scene = start(app, MatchConfig("battlehalma"), state)
    mouse = Mouse(app)
    mouse.click(scene.board.pos(pick[0]))
    mouse.click(scene.board.pos(pick[1]))
    assert scene.match.state.ply == state.ply
    assert "never moves toward its own yard" in scene.match.said.words
    assert scene.look.flash is not None and scene.look.flash[0] == pick[1]


def test_setup_offers_the_seeds_variants_by_name(app):
    setup = SetupScene(app, "battlehalma")
    app.manager.push(setup)
    pump(app, 0.1)
    assert setup.variant is not None
    names = [v for v, _ in setup.variant.choices]
    assert names[:-1] == list(VARIANTS) and names[-1] == CUSTOM
    for name, options in VARIANTS.items():
        setup.variant.set_value(name)
        setup._pick_variant(name)
        chosen = setup.current_config().options
        assert all(chosen[k] == v for k, v in options.items())
        setup.current_config().make_game()  # every named variant loads
    size = dict(setup.options)["size"]
    size.nudge(1)  # 8×8 promotion with 3 counters on a 10×10 board: a custom game
    assert setup.variant.value == CUSTOM
