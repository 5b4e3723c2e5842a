"""The fast playout loops against the rules API (issue 20: one truth per game's moves).

The search plays its simulations on bare bitmasks (``rules/war_fast.py``, ``battlehalma_fast.py``,
``hunt_fast.py``), beside ``legal_moves``/``apply``/``outcome``. They may stay separate only
because they read the API's own tables and these tests prove them equal, along random games
of every variant: at each ply the fast path offers exactly as many moves as ``legal_moves``
lists (BattleHalma: the very same ones), plays one of them, and leaves the position, the
repetition counts and the ending that ``apply`` and ``outcome`` give. The hunt games' loop
records its moves as ``apply`` does; ``test_hunt_random_games`` replays them through the API.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import load_game, war_fast
from rules.battlehalma import KING
from rules.battlehalma_games import VARIANTS as HALMA_VARIANTS
from rules.boards import alquerque_37, alquerque_49, bits, triangle_10, triangle_13
from rules.kinds import MoveKind
from tests.fast_paths import WAR_VARIANTS, halma_bits, halma_offered, move_key

ROOT = Path(__file__).resolve().parent.parent
#: random games per variant: a tenth of the profile's examples (2 in CI, 30 when thorough)
PER_VARIANT = settings(max_examples=max(2, settings().max_examples // 10), deadline=None)


# --- the tables ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "build", [alquerque_49, alquerque_37, triangle_10, triangle_13], ids=lambda b: b.__name__
)
def test_line_board_tables_say_what_its_lines_say(build):
    """``Board.up``/``down``, ``jump_bits`` and ``over_mask`` (read by the war and hunt APIs
    and their playout loops alike) list exactly the steps and jumps of the board's lines. The
    board is built anew: the cached one the games share is the same (built the same way)."""
    board = build.__wrapped__()
    assert board.points == build().points and board.jumps == build().jumps
    steps = {(a, b) for a in board.points for b in board.adjacent[a]}
    jumps = {(a, o, t) for a in board.points for o, t in board.jumps[a]}
    seen_steps, seen_jumps = set(), set()
    for sign, table in ((1, board.up), (-1, board.down)):
        for off, step_origins, jump_origins in table:
            assert off > 0
            seen_steps |= {(a, a + sign * off) for a in bits(step_origins)}
            seen_jumps |= {(a, a + sign * off, a + 2 * sign * off) for a in bits(jump_origins)}
    assert seen_steps == steps
    assert seen_jumps == jumps
    for p in range(board.width * board.height):
        assert board.jump_bits[p] == tuple((1 << o, 1 << t, t) for o, t in board.jumps[p])
        assert board.over_mask[p] == sum(1 << o for o, _ in board.jumps[p])


def test_the_fast_paths_read_the_api_tables():
    """The war loop's directions are the board's own entries (the API's capturers and steps
    read them too); the hunt games' jump table is the board's."""
    for board in (alquerque_49(), alquerque_37()):
        six, directions = war_fast._directions(board)
        real = [d for d in directions if d != (0, 0, 0)]
        assert six == (len(real) == 12)
        assert len(real) == len(board.up + board.down)
        assert all(d is e for d, e in zip(real, board.up + board.down))
    for game_id, options in WAR_VARIANTS:
        assert load_game(game_id, **options).board in (alquerque_49(), alquerque_37())
    for game_id in ("cows_leopards", "hat_diviyan_keliya"):
        game = load_game(game_id)
        assert game.jump_bits is game.board.jump_bits
        assert game.step_right == tuple((off, m) for off, m, _ in game.board.up)
        assert game.step_left == tuple((off, m) for off, m, _ in game.board.down)


@pytest.mark.parametrize("name", sorted(HALMA_VARIANTS))
def test_battlehalma_shift_tables_equal_the_premade_moves(name):
    """The playout's flood fill (``counter_targets``: ``geo.shifts`` and ``geo.step_masks``) and
    the API's premade steps and leaps (``move_tables``) describe the same board. The tables are
    made anew here, and are the ones the games play with (made once per board and rule)."""
    from rules.battlehalma_moves import MoveTables

    game = load_game("battlehalma", **HALMA_VARIANTS[name])
    geo, tables = game.geo, MoveTables(game)
    assert (tables.steps, tables.leaps, tables.near) == (
        game.move_tables.steps,
        game.move_tables.leaps,
        game.move_tables.near,
    )
    for mover in (0, 1):  # a premade step or leap onto the enemy corner crowns under promotion
        goal = game.goals[mover] if game.promotion else -1
        for p in range(geo.n**2):
            for premade in (*tables.steps[mover][p], *tables.leaps[mover][p]):
                for move in premade[-2:]:
                    assert (move.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING)) == (
                        move.path[-1] == goal
                    ), move
    for mover in (0, 1, KING):
        fwd, back = geo.shifts[mover]
        for p in range(geo.n**2):
            premade_steps = {q for _, quiet, _ in tables.steps[mover][p] for q in quiet.path[1:]}
            premade_leaps = {
                (over_b.bit_length() - 1, land) for over_b, land, _, _, _ in tables.leaps[mover][p]
            }
            shifted_steps, shifted_leaps = set(), set()
            for shifts, sign in ((fwd, 1), (back, -1)):
                for src, s in shifts:
                    if src >> p & 1:
                        shifted_steps.add(p + sign * s)
                        if src >> (p + sign * s) & 1:
                            shifted_leaps.add((p + sign * s, p + 2 * sign * s))
            assert shifted_steps == premade_steps == set(bits(geo.step_masks[mover][p]))
            assert shifted_leaps == premade_leaps


def test_no_source_is_built_and_executed_in_rules():
    """The rules are ordinary Python: no ``exec``, ``eval`` or ``compile`` of built source."""
    for path in sorted((ROOT / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("exec", "eval", "compile"), (
                    f"{path.name}:{node.lineno} calls {node.func.id}"
                )


# --- the war games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "options"),
    WAR_VARIANTS,
    ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in WAR_VARIANTS],
)
@PER_VARIANT
@given(
    seed=st.integers(0, 2**32), greedy=st.sampled_from([0.0, 0.5, 1.0]), limit=st.sampled_from([20, 40, 60])
)
def test_war_playout_equals_the_api(game_id, options, seed, greedy, limit):
    """A traced playout replayed through the checked API: at each ply as many choices as legal
    moves, the move one of them; then the same position and ending as ``state.playout``."""
    game = load_game(game_id, limit=limit, **options)
    start = game.new_initial_state()
    mover = start.to_move
    trace: war_fast.Trace = []
    war_fast.playout(
        game.board,
        game.forced,
        game.capture_rule == "huff",
        random.Random(seed),
        start.army(mover),
        start.army(mover ^ 1),
        mover,
        0,
        0,
        10**9,
        game.start_count - game.target,
        game.limit,
        greedy,
        trace,
    )
    state = start.copy()
    for origin, dest, taken, options_seen in trace:
        legal = state.legal_moves()
        assert options_seen == len(legal), f"the fast path saw {options_seen} moves in {state.to_text()}"
        if origin == -1:
            matches = [m for m in legal if m.kind == MoveKind.HUFF and m.path == (dest,)]
        else:
            matches = [m for m in legal if m.kind != MoveKind.HUFF and move_key(m) == (origin, dest, taken)]
        assert matches, f"the fast path made an illegal move in {state.to_text()}"
        state.play(matches[0])
    assert state.outcome() is not None
    fast = start.copy()
    assert fast.playout(random.Random(seed), greedy=greedy) == len(trace)
    assert fast.to_text() == state.to_text()
    assert fast.outcome() == state.outcome()


def test_a_traced_huff_names_the_piece_huffed():
    """From a position where North may huff South's last piece, traced playouts that huff it
    record the huff at that point, as the API's huff move is."""
    from tests.positions import war_state

    state = war_state("kotu_ellima", south="e3", north="e4 i7", capture="huff")
    state.play("e3-d3")
    game = state.game
    huffs = 0
    for seed in range(10):
        trace: war_fast.Trace = []
        war_fast.playout(
            game.board,
            game.forced,
            True,
            random.Random(seed),
            state.army(1),
            state.army(0),
            1,
            state.quiet_plies,
            sum(1 << p for p in state.huffable()),
            1,
            game.start_count - game.target,
            game.limit,
            0.0,
            trace,
        )
        [(origin, dest, _taken, seen)] = trace
        assert seen == len(state.legal_moves())
        if origin == -1:
            huffs += 1
            assert [m for m in state.legal_moves() if m.kind == MoveKind.HUFF] == [
                state.parse_move(f"~{game.point_name(dest)}")
            ]
            assert game.point_name(dest) == "d3"
    assert huffs


# --- BattleHalma -----------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"limit": "off"}], ids=["limit", "no-limit"])
@pytest.mark.parametrize("name", sorted(HALMA_VARIANTS))
@PER_VARIANT
@given(seed=st.integers(0, 2**32), greedy=st.sampled_from([0.0, 0.5, 1.0]))
def test_battlehalma_playout_equals_the_api(name, options, seed, greedy):
    """Along a game to its end (or 600 plies): the fast path's moves are ``legal_moves``, and
    one playout ply leaves the position, repetition counts and outcome that ``apply`` leaves."""
    game = load_game("battlehalma", **HALMA_VARIANTS[name], **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.outcome() is None and state.ply < 600:
        legal = state.legal_moves()
        own, opp, _ = halma_bits(state)
        offered, total = halma_offered(state)
        assert total == len(offered) == len(legal)
        assert sorted(offered) == sorted(move_key(m) for m in legal), state.to_text()
        sim = state.copy()
        assert sim.playout(rng, max_plies=1, greedy=greedy) == 1
        after_own, after_opp = sim.army(state.to_move), sim.army(state.to_move ^ 1)
        key = ((own & ~after_own).bit_length() - 1, (after_own & ~own).bit_length() - 1, opp & ~after_opp)
        [move] = [m for m in legal if move_key(m) == key]
        state.apply(move)
        assert sim.to_text() == state.to_text()
        assert sim.outcome() == state.outcome()
