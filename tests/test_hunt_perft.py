"""Hunt-game move counts (perft), checked against a naive second implementation."""

import random

import pytest
import reference_hunt
from hunt_positions import hunt_state
from positions import perft

from rules import load_game
from rules.kinds import MoveKind

# Fixed once both implementations agreed; a change here is a rules change.
START = {
    ("cows_leopards", "standard"): (41, 1640, 63960),
    ("hat_diviyan_keliya", "standard"): (10, 90, 258, 2082),
    ("hat_diviyan_keliya", "large"): (13, 156, 1716, 17160),
}
# Positions in the middle of the game, where chains, single jumps and steps all occur.
MIDGAME = [
    ("cows_leopards", {}, "e3 c5", "e4 d5 d4 c4 f4 g5 d6 e6 f6 b5 a5", "0/5", 3, (59, 1561, 57935)),
    ("cows_leopards", {}, "e5 g3", "d4 c4 d5 e4 f5 e6 d6 c6 g4 h4 f2 e2 d2", "0/0", 3, (197, 354, 25483)),
    ("hat_diviyan_keliya", {}, "b2", "c3 d2 d1 e3", "0/3", 5, (3, 17, 40, 208, 432)),
    ("hat_diviyan_keliya", {"board": "large"}, "e3 b2", "e4 d4 c3 g3 e2", "0/3", 5, (4, 27, 110, 673, 2237)),
]


def reference_rules(game):
    if game.id == "cows_leopards":
        return reference_hunt.cows_and_leopards(game.options["target"])
    return reference_hunt.hat_diviyan(game.options["board"] == "large", game.options["large_left"])


def reference_position(state):
    board = {state.game.point_name(p): "HP"[owner] for p, (owner, _) in state.pieces().items()}
    return reference_hunt.Position(board, state.hands(), state.to_move)


def reference_texts(rules, pos):
    return sorted("@" + m[1] if m[0] == "@" else "/".join(m) for m in reference_hunt.moves(rules, pos))


def our_texts(state):
    name = state.game.point_name
    return sorted(
        "@" + name(m.path[0]) if m.kind == MoveKind.DROP else "/".join(name(p) for p in m.path)
        for m in state.legal_moves()
    )


@pytest.mark.parametrize("game_id, board", sorted(START))
def test_perft_from_the_start(game_id, board):
    options = {"board": board} if game_id == "hat_diviyan_keliya" else {}
    state = load_game(game_id, **options).new_initial_state()
    depths = range(1, len(START[(game_id, board)]) + 1)
    counts = tuple(perft(state, d) for d in depths)
    rules, pos = reference_rules(state.game), reference_position(state)
    assert counts == tuple(reference_hunt.perft(rules, pos, d) for d in depths)
    assert counts == START[(game_id, board)]


@pytest.mark.parametrize("game_id, options, hunters, prey, hands, depth, expected", MIDGAME)
def test_perft_in_the_middle_game(game_id, options, hunters, prey, hands, depth, expected):
    state = hunt_state(game_id, hunters, prey, hands=hands, **options)
    counts = tuple(perft(state, d) for d in range(1, depth + 1))
    rules, pos = reference_rules(state.game), reference_position(state)
    assert counts == tuple(reference_hunt.perft(rules, pos, d) for d in range(1, depth + 1))
    assert counts == expected


@pytest.mark.parametrize(
    "game_id, options",
    [
        ("cows_leopards", {}),
        ("cows_leopards", {"target": 8}),
        ("hat_diviyan_keliya", {}),
        ("hat_diviyan_keliya", {"board": "large", "large_left": 4}),
    ],
)
@pytest.mark.parametrize("seed", range(4))
def test_move_lists_and_endings_match_reference_along_games(game_id, options, seed):
    """Deeper than perft: every position of seeded whole games has the reference's moves."""
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state()
    rules = reference_rules(state.game)
    while state.outcome() is None:
        pos = reference_position(state)
        assert our_texts(state) == reference_texts(rules, pos), state.to_text()
        assert reference_hunt.winner(rules, pos) == "open"
        state.apply(state.legal_moves()[rng.randrange(len(state.legal_moves()))])
    out = state.outcome()
    if "without a capture" not in out.reason:
        assert reference_hunt.winner(rules, reference_position(state)) == out.winner


@pytest.mark.parametrize("large", [False, True], ids=["triangle", "large triangle"])
def test_the_triangles_built_afresh_are_the_reference_lines(large):
    """The hunt triangles built anew from their lines (the cached ones were built before any test
    ran) join exactly the points the reference's lines join, with the same jumps."""
    from rules.boards import triangle_10, triangle_13

    board = (triangle_13 if large else triangle_10).__wrapped__()
    text = reference_hunt.LARGE_TRIANGLE if large else reference_hunt.TRIANGLE
    adjacent, jumps = reference_hunt.tables([seg.split() for seg in text.split("|")])
    assert {board.name_of(p): {board.name_of(q) for q in board.adjacent[p]} for p in board.points} == adjacent
    assert {
        board.name_of(p): {(board.name_of(o), board.name_of(t)) for o, t in board.jumps[p]}
        for p in board.points
    } == jumps
