"""Move counts (perft) from every start position, checked against a naive second implementation."""

import pytest
import reference_hunt
import reference_war
from positions import perft

from rules import load_game

# Depth-3 counts, fixed once both implementations agreed; a change here is a rules change.
EXPECTED = {
    ("sixteen_soldiers", "forced"): (9, 11, 57),
    ("sixteen_soldiers", "free"): (9, 73, 933),
    ("peralikatuma", "forced"): (6, 13, 38),
    ("peralikatuma", "free"): (6, 33, 310),
    ("kotu_ellima", "forced"): (4, 5, 6),
    ("kotu_ellima", "free"): (4, 8, 33),
}


def reference_board(state):
    return {state.game.point_name(p): "SN"[owner] for p, (owner, _) in state.pieces().items()}


@pytest.mark.parametrize("game_id, rule", sorted(EXPECTED))
def test_perft_depth_3(game_id, rule):
    state = load_game(game_id, capture=rule).new_initial_state()
    counts = tuple(perft(state, d) for d in (1, 2, 3))
    ref = tuple(reference_war.perft(reference_board(state), "S", rule, d) for d in (1, 2, 3))
    assert counts == ref
    assert counts == EXPECTED[(game_id, rule)]


@pytest.mark.parametrize("game_id", ["sixteen_soldiers", "peralikatuma", "kotu_ellima"])
@pytest.mark.parametrize("rule", ["forced", "free"])
def test_move_lists_match_reference_along_a_game(game_id, rule):
    """Deeper than perft: every position of a long seeded game has the reference's move list."""
    import random

    rng = random.Random(7)
    state = load_game(game_id, capture=rule).new_initial_state()
    while state.outcome() is None:
        ours = sorted(tuple(state.game.point_name(p) for p in m.path) for m in state.legal_moves())
        theirs = sorted(reference_war.moves(reference_board(state), "SN"[state.to_move], rule))
        assert ours == theirs, state.to_text()
        state.apply(state.legal_moves()[rng.randrange(len(ours))])


def _named(board):
    adjacent = {board.name_of(p): {board.name_of(q) for q in board.adjacent[p]} for p in board.points}
    jumps = {
        board.name_of(p): {(board.name_of(o), board.name_of(t)) for o, t in board.jumps[p]}
        for p in board.points
    }
    return adjacent, jumps


@pytest.mark.parametrize("wings", ["nsew", "ns"])
def test_the_boards_built_afresh_are_the_reference_lines(wings):
    """The war boards (49 points, and 37 without the east and west wings) built anew from their
    lines (the cached ones were built before any test ran) join exactly the points the
    reference's lines join, with the same jumps, and a point beyond them is refused."""
    from rules.boards import alquerque_37, alquerque_49

    build = (alquerque_49 if wings == "nsew" else alquerque_37).__wrapped__
    board = build()
    wing_cols = "" if wings == "nsew" else "abhi"
    lines = [[p for p in line if p[0] not in wing_cols] for line in reference_war.lines()]
    adjacent, jumps = reference_hunt.tables(lines)
    assert _named(board) == (adjacent, jumps)
    assert len(board.points) == (49 if wings == "nsew" else 37)
    assert board.width == board.height == 9
    assert board.connections == sum(len(a) for a in adjacent.values()) // 2
    for name in adjacent:
        assert board.name_of(board.index_of(name)) == name
    if wings == "ns":
        with pytest.raises(ValueError):
            board.index_of("a5")
