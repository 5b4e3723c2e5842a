"""Move counts (perft) from every start position, checked against a naive second implementation."""

import pytest
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
