"""Hat Diviyan Keliya solved (game.ai.solver): values consistent move by move, a perfect line
that ends when it says, Expert and the hint on the table, and seeded tactics for the searches."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai import solver
from game.ai.alphabeta import AlphaBetaPlayer
from game.ai.levels import HINT, LEVELS
from game.ai.mcts import MCTS
from game.ai.policy import LevelPlayer
from rules import load_game, load_state
from tools.scenarios import wait_until

GAME = "hat_diviyan_keliya"
HEADER = "hat_diviyan_keliya board=standard large_left=5 limit=60; "
TIGER_WINS_IN_ONE = HEADER + "board=./.T./LL./L.L; turn=T; hands=0/0"  # d3xd1 leaves 3 leopards
LEOPARDS_TRAP_IN_ONE = HEADER + "board=./..L/.L./LLT; turn=L; hands=0/0"  # d2-f2 shuts the tiger in


@pytest.fixture(scope="module")
def table():
    built = solver.build(load_game(GAME))
    solver.install(built)
    return built


def test_the_start_is_a_leopard_win_in_14(table):
    start = load_game(GAME).new_initial_state()
    assert solver.proven_value(start) == "proven: Leopards win in 14"
    assert solver.proven_value(load_game("kotu_ellima").new_initial_state()) is None


def test_every_value_is_the_best_of_its_children(table):
    """Along seeded random games: a position's score is the best child score seen from it."""
    rng = random.Random(5)
    checked = 0
    for _ in range(30):
        state = load_game(GAME).new_initial_state()
        while state.outcome() is None:
            own = table.score(solver.key_of(state), state.quiet_plies)
            scored = solver.move_scores(table, state)
            assert own == max(s for s, _ in scored)
            checked += 1
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    assert checked > 200


def test_a_won_position_has_a_winning_child_and_a_lost_one_only_losing_children(table):
    state = load_game(GAME).new_initial_state()
    state.play("@d4")
    own = table.score(solver.key_of(state), 0)
    assert own is not None and own > 0  # the leopards to move, and they win
    scored = solver.move_scores(table, state)
    assert any(s == own for s, _ in scored)
    best = solver.best_moves(state)
    state.apply(best[0])
    child = table.score(solver.key_of(state), 0)
    assert child < 0 and solver.back(child) == own  # the tiger loses one ply sooner; every move keeps it lost
    assert all(s <= child for s, _ in solver.move_scores(table, state))


def test_a_perfect_line_counts_down_to_the_end(table):
    state = load_game(GAME).new_initial_state()
    words = solver.proven_value(state)
    plies = int(words.rsplit(" ", 1)[1])
    rng = random.Random(1)
    for left in range(plies, 0, -1):
        assert solver.proven_value(state) == f"proven: Leopards win in {left}"
        best = solver.best_moves(state)
        state.play(best[rng.randrange(len(best))])
    assert state.outcome().winner == 1 and solver.proven_value(state) is None


def test_expert_and_the_hint_play_a_proven_best_move(table):
    rng = random.Random(3)
    for _ in range(10):
        state = load_game(GAME).new_initial_state()
        for _ in range(rng.randrange(12)):
            if state.outcome() is not None:
                break
            state.apply(rng.choice(state.legal_moves()))
        if state.outcome() is not None:
            continue
        best = solver.best_moves(state)
        for level in (LEVELS["expert"], HINT):
            decision = LevelPlayer(level, random.Random(1)).choose(state)
            assert decision.move in best and decision.iterations == 0


def test_the_table_survives_the_cache(table, tmp_path):
    path = solver.save(table, tmp_path / f"hat_diviyan-{table.variant}-v3.table")
    assert solver.load(path) == table
    assert b"pickle" not in path.read_bytes()[:200] and path.read_bytes().startswith(b"keliya solved table")


def damaged_copies(data: bytes) -> dict[str, bytes]:
    """The ways a table file goes bad: empty, cut short, a flipped bit, a score changed (the
    file otherwise intact), a pickle of the old format, another variant's table."""
    from game.ai.solver_table import MAGIC

    header_end = data.index(b"\n", len(MAGIC))
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x10
    return {
        "empty": b"",
        "truncated": data[: len(data) * 2 // 3],
        "bit flipped": bytes(flipped),
        "header only": data[: header_end + 1],
        "old pickle": b"\x80\x04\x95" + data[-100:],
        "other variant": data.replace(b'"variant": "standard_x_60"', b'"variant": "standard_x_40"', 1),
    }


def test_a_damaged_table_is_refused_with_the_reason(table, tmp_path):
    from game.ai.solver_table import TableFileError, decode, encode

    data = encode(table)
    for name, bad in damaged_copies(data).items():
        with pytest.raises(TableFileError, match="checksum" if name == "bit flipped" else None):
            decode(bad, table.variant)
    # A score changed in a file that is otherwise the original, header and all.
    layers = [a for a in table.layers]
    changed = solver.Table(table.variant, table.limit, table.points, table.placement_keys,
                           table.placement_values, table.keys, layers[:-1] + [layers[-1][:]])
    changed.layers[-1][0] = -changed.layers[-1][0] or 1
    forged_body = encode(changed)
    with pytest.raises(TableFileError):
        decode(data[: data.index(b"\n", 20) + 1] + forged_body[forged_body.index(b"\n", 20) + 1:], table.variant)


@pytest.mark.parametrize("damage", ["empty", "truncated", "bit flipped", "old pickle"])
def test_a_damaged_cached_table_is_moved_aside_and_rebuilt_once(table, tmp_path, monkeypatch, damage):
    """The play scene asks every frame: one worker, no proven value from the bad file, a
    notice, the table rebuilt in the background and then used."""
    import threading

    from game.ai.solver_table import encode

    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    game = load_game(GAME)
    variant = solver.variant_of(game)
    path = solver.cache_path(variant)
    path.parent.mkdir(parents=True)
    path.write_bytes(damaged_copies(encode(table))[damage])
    monkeypatch.setattr(solver, "_tables", {})
    monkeypatch.setattr(solver, "_working", set())
    monkeypatch.setattr(solver, "_notices", [])
    built = []
    monkeypatch.setattr(solver, "_build", lambda g, v, p: built.append(solver.save(table, p)))
    before = threading.active_count()
    start = game.new_initial_state()
    seen = set()
    def rebuilt() -> bool:
        seen.add(threading.active_count() - before)
        return solver.proven_value(start) is not None

    assert wait_until(rebuilt, step=0.001), "the table was not rebuilt"
    value = solver.proven_value(start)
    assert max(seen) <= 1 and len(built) == 1  # one worker, one build
    assert value == "proven: Leopards win in 14"
    assert list(path.parent.glob("*.bad-*")) and "rebuilt" in solver.take_notice()


def test_a_table_that_cannot_be_built_is_not_tried_again(tmp_path, monkeypatch):
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    monkeypatch.setattr(solver, "_tables", {})
    monkeypatch.setattr(solver, "_working", set())
    monkeypatch.setattr(solver, "_notices", [])
    builds = []
    monkeypatch.setattr(solver, "_build", lambda g, v, p: builds.append(v))
    game = load_game(GAME)
    for _ in range(200):
        assert solver.table_for(game) is None
    wait_until(lambda: len(solver._notices) >= 2, polls=1_000, step=0.01)  # 'being built', then the failure
    for _ in range(200):
        assert solver.table_for(game) is None
    assert builds == [solver.variant_of(game)]
    assert "being built" in solver.take_notice() and "could not be built" in solver.take_notice()


def test_words_for_both_sides_and_a_draw():
    assert solver.describe(0, 0, ("Tiger", "Leopards")) == "draw with best play"
    assert solver.describe(solver.WIN - 5, 0, ("Tiger", "Leopards")) == "proven: Tiger wins in 5"
    assert solver.describe(-(solver.WIN - 3), 0, ("Tigers", "Leopards")) == "proven: Leopards win in 3"


# --- seeded tactics: the searches find the known best move ----------------------------------------

@pytest.mark.parametrize("text,best", [(TIGER_WINS_IN_ONE, "d3xd1"), (LEOPARDS_TRAP_IN_ONE, "d2-f2")])
def test_the_searches_find_a_win_in_one(text, best, table):
    state = load_state(text)
    assert [state.move_text(m) for m in solver.best_moves(state)] == [best]
    hard = LevelPlayer(LEVELS["hard"].capped(300), random.Random(2)).choose(state)
    assert state.move_text(hard.move) == best
    for options in ({"quiescence": 4}, {"prior": 1.0}, {"sharpness": 10.0, "relative": True}):
        config = replace(LEVELS["medium"].config, **options)
        found = MCTS(config, random.Random(2)).search(state, iterations=300)
        assert state.move_text(found.move) == best
    ab = AlphaBetaPlayer(0.5, random.Random(2)).choose(state)
    assert state.move_text(ab.move) == best


def test_the_searches_take_a_winning_capture_in_kotu_ellima():
    """South takes the last North pieces it needs: the capture goal ends the game at once."""
    rng = random.Random(4)
    state, wins = None, []
    while not wins:  # greedy games until one reaches a position with a winning capture and a choice
        state = load_game("kotu_ellima").new_initial_state()
        while state.outcome() is None and not wins:
            moves = state.legal_moves()
            for m in moves:
                state.apply(m)
                if state.outcome() is not None and state.outcome().winner is not None:
                    wins.append(m)
                state.undo()
            if len(moves) < 2 or len(wins) == len(moves):
                wins = []
            if not wins:
                state.apply(max(moves, key=lambda m: (state.move_gain(m), rng.random())))
    for player in (LevelPlayer(LEVELS["hard"].capped(300), random.Random(2)),
                   AlphaBetaPlayer(0.5, random.Random(2))):
        assert player.choose(state).move in wins


def test_a_missing_table_is_built_in_the_background_and_then_used(tmp_path, monkeypatch):
    """table_for never waits: None at first, the table once the build process has written it."""
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    game = load_game(GAME, limit="40")
    variant = solver.variant_of(game)
    solver._tables.pop(variant, None)
    solver._working.discard(variant)
    assert solver.table_for(game) is None
    assert wait_until(lambda: solver.table_for(game) is not None, polls=3_000, step=0.2), "the table was not built"
    assert solver.cache_path(variant).exists() and not solver.cache_path(variant).with_suffix(".building").exists()
    assert solver.proven_value(game.new_initial_state()) == "proven: Leopards win in 14"
