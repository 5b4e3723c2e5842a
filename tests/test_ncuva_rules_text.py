"""The sentences of Ncuva's rules screen that say what the engine does where the seed text is
silent (issue 29), each checked against the engine: the first lift counts, a sowing stopped by
a cycle leaves every hole as it was, a capture with sow-again never leaves the mover without a
move (and the turn would pass if it did), the end is judged after every sowing mid-turn too,
and the lift limit is stated with the figures it rests on."""

import random

import pytest

from rules import load_game, load_state, ncuva, ncuva_sowing
from rules.effects import replay_counts
from rules.kinds import Detail, EffectKind, EndCode
from rules.ncuva_games import NCUVA_RULES
from rules.ncuva_sowing import LIFT_LIMIT, choices
from rules.words import paragraphs

RULES = " ".join(paragraphs(NCUVA_RULES))
# A sow-again position where North's capture (d4) takes South's last stones, and one where
# North's single (c3>d3) captures and leaves no hole of two on the board: both end mid-turn.
ALL_TAKEN = (
    "ncuva after_capture=sow-again columns=4 first=coin only_two=off start=even; "
    "board=1,2,1,2/1,1,0,0/0,0,0,1/0,0,0,1; turn=N; turns=3; store=8/14; ply=8",
    "d4",
    EndCode.ALL_CAPTURED,
)
NO_TWO = (
    "ncuva after_capture=sow-again columns=4 first=coin only_two=off start=even; "
    "board=1,1,1,1/1,1,1,0/1,1,0,2/0,1,1,1; turn=N; turns=9; store=9/9; ply=12",
    "c3>d3",
    EndCode.STONES,
)


def test_the_first_lift_counts(monkeypatch):
    """'the first included (the hole you chose ...)' and 'the first lift counted': with the
    limit at one lift a relaying sowing stops after the lift from the chosen hole itself."""
    assert "the first included (the hole you chose, before any stone has moved)" in RULES
    assert f"stops after {LIFT_LIMIT:,} lifts, the first lift counted" in RULES
    state = load_game("ncuva", columns=4, first="south").new_initial_state()
    move = next(m for m in state.legal_moves() if sum(e.kind == EffectKind.RELAY for e in state.effects(m)))
    monkeypatch.setattr(ncuva_sowing, "LIFT_LIMIT", 1)
    effects = state.effects(move)
    assert effects[-1].detail == Detail.LIMIT and effects[-1].count == 1
    assert [e.kind for e in effects if e.kind in (EffectKind.LIFT, EffectKind.RELAY)] == [EffectKind.LIFT]
    after = state.copy()
    after.apply(move)  # the board too stops after the one lift
    assert after.counts() == replay_counts(state.counts(), effects)[0]


def test_a_cycle_leaves_every_hole_as_it_was():
    """'every hole holds what it held before you sowed': the 4,212-lift cycle of a seeded game
    (tests/test_ncuva_random.py) passes the turn and changes no hole."""
    assert "every hole holds what it held before you sowed" in RULES
    rng = random.Random(3518)
    state = load_game("ncuva", columns=6).new_initial_state()
    while True:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        if state.effects(move)[-1].detail == Detail.CYCLE:
            break
        state.apply(move)
    after = state.copy()
    after.apply(move)
    assert after.counts() == state.counts() and after.to_move != state.to_move


@pytest.mark.parametrize("only_two", ["off", "on"])
def test_after_a_capture_the_mover_always_has_a_move(only_two):
    """'It cannot happen: after a capture you always keep a hole of two or more, or a single
    stone with an empty hole after it': every capture of 300 seeded sow-again games on every
    board leaves the capturer a move (so the game goes on with them, or ends)."""
    assert "It cannot happen: after a capture you always keep a hole of two or more" in RULES
    captures = 0
    for columns in (4, 6, 8, 12):
        game = load_game("ncuva", columns=columns, after_capture="sow-again", start="even", only_two=only_two)
        for seed in range(75):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while state.outcome() is None:
                moves = state.legal_moves()
                mover, stores = state.to_move, state.stores()
                state.apply(moves[rng.randrange(len(moves))])
                if state.stores() != stores:
                    captures += 1
                    assert choices(state._b, mover * game.n, game.n, game.only_two)[0]
                    assert state.to_move == mover
    assert captures > 1000


def test_a_capture_leaving_no_move_would_pass_the_turn(monkeypatch):
    """'if a capture left you none, the turn would pass to your opponent': the engine's branch
    for it, reached by making the capturer's choices come back empty."""
    assert "if a capture left you none, the turn would pass to your opponent" in RULES
    state = load_game("ncuva", after_capture="sow-again", start="even", first="south").new_initial_state()
    move = next(m for m in state.legal_moves() if state.captures(m))
    monkeypatch.setattr(ncuva, "choices", lambda *args: ([], False))
    state.apply(move)
    assert state.to_move == 1 and state.turns == 1 and state.stores()[0] > 0


@pytest.mark.parametrize(("text", "move", "code"), [ALL_TAKEN, NO_TWO])
def test_the_end_is_judged_mid_turn(text, move, code):
    """'The end is judged after every sowing, in the middle of a turn too': a capture that
    takes the opponent's last stones, or leaves no hole of two, ends the game while the
    capturer would sow again (the turn stays theirs, and they have a move)."""
    assert "The end is judged after every sowing, in the middle of a turn too" in RULES
    state = load_state(text)
    mover = state.to_move
    state.apply(state.parse_move(move))
    assert state.to_move == mover and state.body_fields().get("sown") == "1"
    assert state.outcome() is not None and state.outcome().code == code
    game = state.game
    assert choices(state._b, mover * game.n, game.n, game.only_two)[0]


def test_the_limit_is_stated_with_its_figures():
    """The limit as it is: a safety net far above the longest sowing known to end by itself
    (16,663 lifts, tests/test_ncuva_sowing.py), with the figures of benchmarks/ncuva_sowings.py
    (RESULTS.md)."""
    assert "as a safety net" in RULES and "16,663 lifts on 12 holes a row" in RULES
    assert "24, 44, 64 and 89 lifts (4, 6, 8 and 12 holes a row)" in RULES
    assert "stopped no sowing" not in RULES and "1,000 lifts" not in RULES
    assert round(LIFT_LIMIT / 16_663) == 6  # "six times that"
