"""BattleHalma move counts (perft) against the naive reference, randomised whole games
(hypothesis) through the API contract, and whole fast playouts (``test_fast_paths`` checks
them ply by ply against the API)."""

import random

import pytest
import reference_battlehalma as ref
from hypothesis import given
from hypothesis import strategies as st
from positions import perft

from rules import load_game, load_state
from rules.battlehalma_games import VARIANTS
from rules.effects import replay_pieces
from rules.kinds import EndCode, PieceKind

# Depth 1-3 from each start (finished games not expanded): the issue's counts, which the
# reference reproduces too; a change here is a rules change.
EXPECTED = {
    "8×8 promotion (10 counters)": (24, 576, 18276),
    "10×10 promotion (15 counters)": (32, 1024, 42656),
    "8×8 terminal (6 counters)": (16, 256, 5408),
    "10×10 terminal (10 counters)": (24, 576, 18240),
    "8×8 promotion (3 counters)": (9, 81, 927),
}
NAMES = sorted(VARIANTS)


def reference_board(state):
    g = state.game
    return {
        g.geo.coords(p): ("RB"[owner], kind == PieceKind.KING) for p, (owner, kind) in state.pieces().items()
    }


def frozen(board):
    return tuple(sorted(board.items()))


@pytest.mark.parametrize("name", NAMES)
def test_perft_from_each_variant_start(name):
    opts = VARIANTS[name]
    state = load_game("battlehalma", **opts).new_initial_state()
    counts = tuple(perft(state, d) for d in (1, 2, 3))
    assert counts == EXPECTED[name]
    n, promo = opts["size"], opts["rule"] == "promotion"
    assert ref.start(n, opts["counters"]) == reference_board(state)
    assert tuple(ref.perft(reference_board(state), "R", n, promo, d) for d in (1, 2, 3)) == counts


@pytest.mark.parametrize("name", NAMES)
def test_move_results_match_reference_along_a_game(name):
    """Deeper than perft (kings and captures appear): at every ply of a seeded game the boards
    our moves leave are exactly the reference's."""
    opts = VARIANTS[name]
    n, promo = opts["size"], opts["rule"] == "promotion"
    rng = random.Random(11)
    state = load_game("battlehalma", **opts).new_initial_state()
    while state.outcome() is None and state.ply < 160:
        moves = state.legal_moves()
        ours = []
        for m in moves:
            state.apply(m)
            ours.append(frozen(reference_board(state)))
            state.undo()
        theirs = ref.moves(reference_board(state), "RB"[state.to_move], n, promo)
        assert len(ours) == len(set(ours)), "two moves leave the same board"
        assert sorted(ours) == sorted(frozen(b) for b in theirs), state.to_text()
        captures = [m for m in moves if m.captured]
        state.apply(
            (captures or moves)[rng.randrange(len(captures or moves))]
            if rng.random() < 0.5
            else moves[rng.randrange(len(moves))]
        )


@given(st.sampled_from(NAMES), st.integers(0, 2**32), st.sampled_from([0.0, 0.5]))
def test_random_game_contract(name, seed, greedy):
    rng = random.Random(seed)
    state = load_game("battlehalma", **VARIANTS[name], limit=100).new_initial_state()
    start_text = state.to_text()
    plies = 0
    while state.outcome() is None:
        legal = state.legal_moves()
        move = state.playout_move(rng, greedy)
        assert move in legal
        # Notation round trip; every route of the move is read back as the move.
        assert state.parse_move(state.move_text(move)) == move
        for route in state.routes(move, limit=4):
            assert state.move_for_route(route) == move
        before, effects = state.pieces(), state.effects(move)
        text = state.to_text()
        copy = state.copy()
        state.apply(move)
        assert replay_pieces(before, effects) == state.pieces()
        assert copy.to_text() == text  # the copy is independent
        if plies % 5 == 0:
            loaded = load_state(state.to_text())
            assert loaded.to_text() == state.to_text()
            assert loaded.legal_moves() == state.legal_moves()
            assert loaded.outcome() == state.outcome()
        h = state.heuristic()
        assert -1.0 <= h <= 1.0
        plies += 1
        assert plies < 3000, "game did not end"
    out = state.outcome()
    assert out.code in (
        EndCode.ALL_CAPTURED,
        EndCode.TERMINAL,
        EndCode.NO_MOVES,
        EndCode.LIMIT,
        EndCode.REPETITION,
    )
    assert state.legal_moves() == [] and state.turn_notes() == []
    assert state.heuristic() == (0.0 if out.winner is None else (1.0 if out.winner == 0 else -1.0))
    loaded = load_state(state.to_text())
    assert loaded.outcome() == out and loaded.legal_moves() == []
    while state.ply:
        state.undo()
    assert state.to_text() == start_text


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("options", [{}, {"limit": "off"}, {"repetition": "off", "limit": 200}])
def test_whole_playouts_end_with_the_right_outcome(name, options):
    game = load_game("battlehalma", **VARIANTS[name], **options)
    rng = random.Random(3)
    for _ in range(6):
        state = game.new_initial_state()
        played = state.playout(rng)
        out = state.outcome()
        assert out is not None and state.ply == played
        assert load_state(state.to_text()).outcome() == out


def test_greedy_playout_takes_the_biggest_capture():
    from test_battlehalma_rules import bh_state

    state = bh_state("d4:R d5:b d7:b e5:b a1:b h8:b")
    state.playout(random.Random(1), max_plies=1, greedy=1.0)
    assert state.army(1).bit_count() == 3  # two taken: d4:d6:d8 over d5 and d7


@given(st.integers(0, 2**32))
def test_king_chains_match_reference_in_random_positions(seed):
    """Crowded random positions with kings on both sides: the same results as the reference."""
    rng = random.Random(seed)
    game = load_game("battlehalma", counters=15)
    squares = rng.sample(range(64), 20)
    chars = {}
    for i, p in enumerate(squares):
        side = "rb"[i % 2]
        forbidden = game.goals[i % 2]
        chars[p] = side.upper() if p == forbidden or rng.random() < 0.4 else side
    rows = "/".join("".join(chars.get(p, ".") for p in row) for row in game.geo.rows_top_down())
    state = load_state(f"{game.header()}; board={rows}; turn={rng.choice('RB')}")
    if state.outcome() is not None:
        return
    ours = []
    for m in state.legal_moves():
        state.apply(m)
        ours.append(frozen(reference_board(state)))
        state.undo()
    theirs = ref.moves(reference_board(state), "RB"[state.to_move], 8, True)
    assert sorted(ours) == sorted(frozen(b) for b in theirs), state.to_text()
    assert len(ours) == len(set(ours))


def routes_walked(state):
    """The legal moves found the plain way, with no premade move and nothing remembered: each
    piece's steps, then its chains through ``_extend_counter``/``_extend_king`` (what
    ``battlehalma_moves.generate`` must give, in the same order)."""
    from rules.battlehalma import KING
    from rules.boards import bits
    from rules.core import Move
    from rules.kinds import MoveKind

    g = state.game
    turn = state.to_move
    own, opp = (state._red, state._blue) if turn == 0 else (state._blue, state._red)
    out = []
    for p in bits(own):
        king = state._kings >> p & 1
        mover = KING if king else turn
        goal = g.goals[turn] if g.promotion and not king else -1
        for q, qb in g.geo.steps[mover][p]:
            if not own & qb:
                out.append(
                    Move(MoveKind.STEP_KING if q == goal else MoveKind.STEP, (p, q), (q,) if opp & qb else ())
                )
        seen = set()

        def emit(route, caps, king=king, goal=goal, seen=seen):
            if king:
                key = (route[-1], frozenset(caps))
                if key in seen:
                    return
                seen.add(key)
            out.append(Move(MoveKind.LEAP_KING if route[-1] == goal else MoveKind.LEAP, route, caps))

        if king:
            state._extend_king((p,), own ^ (1 << p), opp, 1 << p, (), emit)
        else:
            state._extend_counter((p,), mover, own ^ (1 << p), opp, 1 << p, emit)
    return out


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("remember", (True, False))
def test_generation_from_premade_moves_equals_the_plain_walk(name, remember, monkeypatch):
    """The fast generation (premade steps and first leaps, neighbourhoods remembered) gives the
    very moves of the plain walk, in order, along random games; also when it forgets at every look."""
    from rules import battlehalma_moves

    if not remember:
        monkeypatch.setattr(battlehalma_moves, "_SEEN_MAX", 0)
    rng = random.Random(len(name) + remember)
    for _ in range(3):
        state = load_game("battlehalma", **VARIANTS[name]).new_initial_state()
        while state.outcome() is None and state.ply < 400:
            moves = state.legal_moves()
            assert moves == routes_walked(state)
            state.apply(moves[rng.randrange(len(moves))])
