"""Ncuva on every board size: random games checked step by step (stones conserved, effects
replayed, text and notation round trips, the naive reference agreeing), the fast playout,
and perft from the start."""

import random

import pytest
import reference_ncuva
from hypothesis import given
from hypothesis import strategies as st
from positions import perft

from rules import load_game, load_state
from rules.effects import replay_counts
from rules.kinds import BoardKind, Detail, EndCode, MoveKind

SIZES = (4, 6, 8, 12)


def total_stones(state) -> int:
    return sum(state.counts().values()) + sum(state.stores())


def check_step(state, move) -> None:
    """Everything one decision must keep: effects, conservation, text and notation."""
    before = state.counts()
    stones = total_stones(state)
    assert state.parse_move(state.move_text(move)) == move
    after, taken = replay_counts(before, state.effects(move))
    assert state.move_gain(move) == sum(taken)
    stores = state.stores()
    state.apply(move)
    assert state.counts() == after
    assert [state.stores()[p] - stores[p] for p in (0, 1)] == taken
    assert total_stones(state) == stones
    again = load_state(state.to_text())
    assert again.to_text() == state.to_text()
    assert again.outcome() == state.outcome()
    assert again.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("columns", SIZES)
@given(seed=st.integers(0, 10**6))
def test_random_games_keep_every_rule(columns, seed):
    rng = random.Random(seed)
    state = load_game("ncuva", columns=columns).new_initial_state()
    start_text = state.to_text()
    while state.outcome() is None:
        moves = state.legal_moves()
        assert moves
        check_step(state, moves[rng.randrange(len(moves))])
    assert state.legal_moves() == []
    assert state.outcome().code in (EndCode.ALL_CAPTURED, EndCode.STONES, EndCode.NO_MOVES, EndCode.LIMIT)
    plies = state.ply
    for _ in range(plies):
        state.undo()
    assert state.to_text() == start_text


# Seeded random games of the default Ncuva (South first) whose sowings include a relay cycle of
# over 1,000 lifts: (columns, seed, lifts of the longest sowing played).
LONG_CYCLES = [(6, 3518, 4212), (6, 745, 1512), (8, 633, 2808)]


def test_200_seeded_games_agree_with_the_reference_move_for_move():
    """The same 200 seeded games on 4 columns (the rules API, the fast playout loop fed the same
    draws, and the naive reference, decision by decision), half under the default rules and
    half with a capture earning another sowing from two stones in every hole."""
    for seed in range(200):
        options = (
            {"columns": 4} if seed % 2 else {"columns": 4, "after_capture": "sow-again", "start": "even"}
        )
        end = agree_with_reference(options, seed)
        fast = load_game("ncuva", **options).new_initial_state()
        fast.playout(random.Random(seed))
        assert fast.to_text() == end, seed


@pytest.mark.parametrize(("columns", "seed", "lifts"), LONG_CYCLES)
def test_games_with_cycles_over_a_thousand_lifts_agree(columns, seed, lifts):
    """A cycle the old 1,000-lift limit cut short now runs to its first repeat, in the engine
    and in the reference alike, and brings every stone back where it was."""
    game = load_game("ncuva", columns=columns)
    rng = random.Random(seed)
    state = game.new_initial_state()
    longest = 0
    while state.outcome() is None:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        stop = state.effects(move)[-1]
        if stop.detail == Detail.CYCLE:
            longest = max(longest, stop.count)
            after = state.copy()
            after.apply(move)
            assert after.counts() == state.counts() and after.to_move != state.to_move
        state.apply(move)
    assert longest == lifts
    assert agree_with_reference({"columns": columns}, seed) == state.to_text()


@pytest.mark.parametrize("columns", (4, 6))
@pytest.mark.parametrize("after_capture", ("sow-again", "end-turn"))
@pytest.mark.parametrize("layout", ("even", "maruba"))
@given(seed=st.integers(0, 10**6))
def test_engine_agrees_with_the_naive_reference(columns, after_capture, layout, seed):
    agree_with_reference({"columns": columns, "after_capture": after_capture, "start": layout}, seed)


def agree_with_reference(options: dict, seed: int) -> str:
    """A seeded random game played on the engine and on the naive reference, compared at every
    decision: moves, captures, boards, whose turn, turns, stores and the ending. Returns the
    engine's final position text."""
    rng = random.Random(seed)
    state = load_game("ncuva", **options).new_initial_state()
    ref = reference_ncuva.start_for(state.game.options)
    name = state.game.point_name
    while True:
        out, ref_out = state.outcome(), ref.outcome()
        if out is None or ref_out is None:
            assert out is None and ref_out is None
        else:  # the reference says its code in words
            assert (out.winner, out.code) == (ref_out[0], EndCode(ref_out[1]))
        if out:
            break
        moves = state.legal_moves()
        assert [
            ("single" if m.kind == MoveKind.SINGLE else "sow", name(m.origin)) for m in moves
        ] == ref.moves()
        move = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]  # the playout's draw
        expected = [name(c) for c in state.captures(move)]
        stop = state.effects(move)[-1].detail
        captured = ref.play("single" if move.kind == MoveKind.SINGLE else "sow", name(move.origin))
        state.apply(move)
        assert expected == captured
        assert (Detail.SLEEP if stop == Detail.CAPTURE else stop) == Detail(ref.stopped)
        assert {name(c): v for c, v in state.counts().items()} == ref.board
        assert (state.to_move, state.turns, list(state.stores())) == (ref.turn, ref.turns, ref.stores)
    return state.to_text()


@pytest.mark.parametrize("columns", SIZES)
@pytest.mark.parametrize("greedy", (0.0, 0.5))
def test_playout_plays_legal_decisions(columns, greedy):
    """One playout decision at a time lands on one of the positions the legal moves give."""
    rng = random.Random(columns)
    state = load_game("ncuva", columns=columns).new_initial_state()
    while state.outcome() is None:
        children = set()
        for move in state.legal_moves():
            child = state.copy()
            child.apply(move)
            children.add(child.to_text())
        assert state.playout(rng, 1, greedy) == 1
        assert state.to_text() in children
        assert load_state(state.to_text()).outcome() == state.outcome()


@pytest.mark.parametrize("columns", SIZES)
def test_playout_to_the_end(columns):
    rng = random.Random(7)
    start = load_game("ncuva", columns=columns).new_initial_state()
    for _ in range(20):
        state = start.copy()
        played = state.playout(rng)
        assert state.outcome() is not None and state.ply == played
        assert total_stones(state) == total_stones(start)
        assert load_state(state.to_text()).outcome() == state.outcome()
        assert state.playout(rng) == 0


def test_greedy_playout_prefers_captures():
    state = load_game("ncuva", after_capture="sow-again", start="even").new_initial_state()
    state.playout(random.Random(1), 1, greedy=1.0)
    assert state.stores()[0] > 0


@pytest.mark.parametrize(
    ("columns", "counts"),
    [
        (4, [8, 52, 266, 1073]),
        (6, [12, 114, 874]),
        (8, [16, 200, 1983]),
    ],
)
def test_perft_from_the_start(columns, counts):
    state = load_game("ncuva", columns=columns, after_capture="sow-again", start="even").new_initial_state()
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts
    ref = reference_ncuva.start(columns)
    assert [
        reference_ncuva.perft(ref, d) for d in range(1, len(counts) + 1)
    ] == counts  # every depth, not two


@pytest.mark.parametrize(("columns", "counts"), [(4, [6, 30, 105]), (6, [10, 85, 512]), (8, [14, 179, 1607])])
def test_perft_from_the_default_start(columns, counts):
    """The default (a capture ends the turn, Maruba's gap): the engine and the reference agree."""
    state = load_game("ncuva", columns=columns).new_initial_state()
    assert [perft(state, d) for d in range(1, 4)] == counts
    ref = reference_ncuva.start_for(state.game.options)
    assert [reference_ncuva.perft(ref, d) for d in range(1, 4)] == counts


def test_heuristic_and_layout():
    state = load_game("ncuva", columns=12).new_initial_state()
    assert state.heuristic() == 0.0
    layout = state.game.layout
    assert layout.kind == BoardKind.HOLES and len(layout.cells) == 48
    assert all(len(c) == 24 for c in layout.circuits)
    assert sorted(layout.circuits[0] + layout.circuits[1]) == list(range(48))
    state.playout(random.Random(3), 6)
    assert -1.0 <= state.heuristic() <= 1.0
