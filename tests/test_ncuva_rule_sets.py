"""Ncuva's default is a game: no first turn ends it (searched exhaustively), while the source's
rule lets the first player take everything at once; and the scripts that measured the rule sets
and the longest sowings run (on a tiny budget) and print their tables."""

import random

import pytest

from benchmarks import ncuva_rule_sets, ncuva_sowings
from rules import game_spec, load_game
from rules.kinds import EndCode


def first_turn(state, limit: int = 200_000) -> tuple[list[str], int]:
    """Depth first over every sequence of the first player's decisions in the first turn:
    (one sequence that ends the game, or [] when none does; positions visited)."""
    first = state.to_move
    visited = 0
    line: list[str] = []

    def search(s) -> bool:
        nonlocal visited
        visited += 1
        assert visited <= limit, "the first turn has more positions than the search allows"
        if s.outcome() is not None:
            return True
        if s.to_move != first or s.turns:
            return False
        for move in s.legal_moves():
            line.append(s.move_text(move))
            s.apply(move)
            ended = search(s)
            s.undo()
            if ended:
                return True
            line.pop()
        return False

    return (list(line) if search(state.copy()) else []), visited


@pytest.mark.parametrize("columns", (4, 6, 8, 12))
def test_no_first_turn_ends_the_default_game(columns):
    spec = game_spec("ncuva")
    state = load_game("ncuva", columns=columns).new_initial_state()
    assert (state.game.options["after_capture"], state.game.options["start"]) == (
        spec.option("after_capture").default,
        spec.option("start").default,
    )
    ending, visited = first_turn(state)
    assert ending == [] and visited > 1


@pytest.mark.parametrize("columns", (4, 6))
def test_with_the_sources_rule_the_first_player_takes_everything_in_the_first_turn(columns):
    state = load_game("ncuva", columns=columns, after_capture="sow-again", start="even").new_initial_state()
    ending, _ = first_turn(state)
    assert len(ending) >= columns and all(text.endswith("x") for text in ending)
    for text in ending:
        state.play(text)
    assert state.turns == 0 and state.outcome().code == EndCode.ALL_CAPTURED and state.outcome().winner == 0


def test_the_rule_sets_table_regenerates(capsys):
    """The documented command on a tiny budget: every candidate and size gets its row, and the
    survivors their Hard-against-Hard rows."""
    assert (
        ncuva_rule_sets.main(
            ["--games", "2", "--depth", "1", "--sizes", "4", "--hard-games", "1", "--hard-scale", "0.001"]
        )
        == 0
    )
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "| 4 |" in line]
    assert len(rows) >= len(ncuva_rule_sets.CANDIDATES)
    for label, _, _ in ncuva_rule_sets.CANDIDATES:
        assert any(row.startswith(f"| {label} | 4 | 2 |") for row in rows)


def test_the_searcher_ends_games_as_the_rules_do():
    """The bare alpha-beta of the measurement calls a game over exactly when the engine does,
    with the winner's sign, along random games of each candidate."""
    rng = random.Random(4)
    for _, after, layout in ncuva_rule_sets.CANDIDATES:
        game = load_game("ncuva", columns=4, after_capture=after, start=layout)
        for _ in range(5):
            state = game.new_initial_state()
            searcher = ncuva_rule_sets.Searcher(state, 1, rng)
            while True:
                value = searcher.ending(state._b, state.to_move, state.turns, 0)
                out = state.outcome()
                assert (value is None) == (out is None)
                if out is None:
                    moves = state.legal_moves()
                    state.apply(moves[rng.randrange(len(moves))])
                    continue
                expected = 0.0 if out.winner is None else (1 if out.winner == state.to_move else -1)
                assert (value > 0) - (value < 0) == expected
                break


def test_the_longest_sowings_table_runs(capsys):
    assert ncuva_sowings.main(["--games", "2", "--climbs", "1", "--steps", "5", "--sizes", "4"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[:2] for line in out.splitlines() if line.startswith("   4 ")] == [
        ["4", "random"],
        ["4", "greedy"],
        ["4", "climb"],
    ]
