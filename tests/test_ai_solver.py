"""Hat Diviyan Keliya solved (game.ai.solver): values consistent move by move, a perfect line
that ends when it says, Expert and the hint on the table, and seeded tactics for the searches."""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
import zlib
from array import array
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai import solver
from game.ai.levels import HINT, LEVELS
from game.ai.mcts import MCTS
from game.ai.policy import LevelPlayer
from rules import load_game, load_state
from rules.words import Words
from tests.solver_files import join, split
from tools.scenarios import random_play, wait_until
from training.alphabeta import AlphaBetaPlayer

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
    changed = solver.Table(
        table.variant,
        table.limit,
        table.points,
        table.placement_keys,
        table.placement_values,
        table.keys,
        layers[:-1] + [layers[-1][:]],
    )
    changed.layers[-1][0] = -changed.layers[-1][0] or 1
    forged_body = encode(changed)
    with pytest.raises(TableFileError):
        decode(
            data[: data.index(b"\n", 20) + 1] + forged_body[forged_body.index(b"\n", 20) + 1 :], table.variant
        )


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

    assert wait_until(rebuilt, polls=100_000, step=0.001), "the table was not rebuilt"
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
    wait_until(lambda: len(solver._notices) >= 2)  # 'being built', then the failure
    for _ in range(200):
        assert solver.table_for(game) is None
    assert builds == [solver.variant_of(game)]
    assert "being built" in solver.take_notice() and "could not be built" in solver.take_notice()


def test_a_table_built_damaged_says_why_it_could_not_be_used(tmp_path, monkeypatch):
    """A build that leaves a file the checks refuse: the notice says why, in words."""
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    monkeypatch.setattr(solver, "_tables", {})
    monkeypatch.setattr(solver, "_working", set())
    monkeypatch.setattr(solver, "_notices", [])

    def build(game, variant, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"not a table at all")

    monkeypatch.setattr(solver, "_build", build)
    game = load_game(GAME)
    assert solver.table_for(game) is None
    wait_until(lambda: len(solver._notices) >= 2)
    assert "being built" in solver.take_notice()
    failed = solver.take_notice()
    assert "could not be built (it is not a Keliya solved table)" in failed


def test_a_tables_sample_is_picked_by_its_own_checksum(table, monkeypatch):
    """The positions checked against the rules are picked by the file's own digest, so whoever
    edits a table cannot know which ones are looked at (a fixed sample could be avoided)."""
    import hashlib

    from game.ai import solver_table

    seeds = []
    monkeypatch.setattr(solver_table, "check", lambda t, g, seed=0, sample=0: seeds.append(seed))
    data = solver_table.encode(table)
    solver_table.decode(data, table.variant)
    body = data[data.index(b"\n", len(solver_table.MAGIC)) + 1 :]
    assert seeds == [int(hashlib.sha256(body).hexdigest()[:16], 16)]


def test_words_for_both_sides_and_a_draw():
    assert solver.describe(0, 0, ("Tiger", "Leopards")) == "draw with best play"
    assert solver.describe(solver.WIN - 5, 0, ("Tiger", "Leopards")) == "proven: Tiger wins in 5"
    assert solver.describe(-(solver.WIN - 3), 0, ("Tigers", "Leopards")) == "proven: Leopards win in 3"
    # the smallest scores either side of a draw still name the right winner
    assert solver.describe(1, 0, ("Tiger", "Leopards")) == f"proven: Tiger wins in {solver.WIN - 1}"
    assert solver.describe(-1, 1, ("Tiger", "Leopards")) == f"proven: Tiger wins in {solver.WIN - 1}"


# --- seeded tactics: the searches find the known best move ----------------------------------------


@pytest.mark.parametrize("text,best", [(TIGER_WINS_IN_ONE, "d3xd1"), (LEOPARDS_TRAP_IN_ONE, "d2-f2")])
def test_the_searches_find_a_win_in_one(text, best, table):
    state = load_state(text)
    assert [state.move_text(m) for m in solver.best_moves(state)] == [best]
    hard = LevelPlayer(LEVELS["hard"].capped(300), random.Random(2)).choose(state)
    assert state.move_text(hard.move) == best
    for options in ({}, {"sharpness": 10.0, "relative": True}):
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
    for player in (
        LevelPlayer(LEVELS["hard"].capped(300), random.Random(2)),
        AlphaBetaPlayer(0.5, random.Random(2)),
    ):
        assert player.choose(state).move in wins


def test_a_missing_table_is_built_in_the_background_and_then_used(tmp_path, monkeypatch):
    """table_for never waits: None at first, the table once the build process has written it."""
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    game = load_game(GAME, limit="40")
    variant = solver.variant_of(game)
    solver._tables.pop(variant, None)
    solver._working.discard(variant)
    assert solver.table_for(game) is None
    assert wait_until(lambda: solver.table_for(game) is not None, polls=3_000, step=0.2), (
        "the table was not built"
    )
    assert (
        solver.cache_path(variant).exists()
        and not solver.cache_path(variant).with_suffix(".building").exists()
    )
    assert solver.proven_value(game.new_initial_state()) == "proven: Leopards win in 14"


# --- the table file: every refusal in its own words ------------------------------------------------
# The reason a file is refused is what the player reads in the notice ("... was damaged (its header
# is cut off): it is being rebuilt"), and each is a catalogue entry with its translations: a reason
# reworded, or the wrong one given, reads as English or as a lie.


def _shapes(*lengths: int, layers: int) -> list[list]:
    """A header's arrays: placement keys, their values, move-phase keys, then ``layers`` layers."""
    keys, values, moving = lengths
    return [["q", keys], ["h", values], ["q", moving]] + [["h", moving]] * layers


HEADER_WORDS = "its header gives values no table of this game has"
DISAGREES = "a value it gives does not agree with the rules"
OFF_THE_BOARD = "its positions are out of order or off the board"


def refusals(table: solver.Table) -> dict[str, tuple[bytes, str, str]]:
    """Each kind of bad file: (its bytes, the variant asked for, the reason it must be refused with)."""
    from game.ai.solver_table import (
        FORMAT,
        ITEM_SIZES,
        MAGIC,
        MAX_ENTRIES,
        MAX_HEADER,
        MAX_UNPACKED,
        WIN,
        encode,
    )

    v = table.variant
    data = encode(table)
    header, body = split(data)
    raw = zlib.decompress(body)
    n = len(table.points)
    few, most = len(table.placement_keys), MAX_ENTRIES
    # the arrays' item counts that unpack to exactly the most a header may give (8 + 2 + 8 bytes and
    # 23 layers of 2 bytes an entry, the most entries each), then to one entry's more
    exactly = _shapes(most, most, most, layers=23)
    assert sum(ITEM_SIZES[code] * count for code, count in exactly) == MAX_UNPACKED
    beyond = [*exactly, ["h", 1]]
    flipped = bytearray(data)
    flipped[-20] ^= 1

    def without(name: str) -> bytes:
        return join({k: x for k, x in header.items() if k != name}, body)

    def edited(**changes: object) -> bytes:
        return encode(replace(table, **changes))

    wide = 1 << (2 * n + 7)  # the first bit beyond the side to move: no position packs to it
    out_of_range = [array("h", layer) for layer in table.layers]
    out_of_range[-1][0] = WIN + 1
    below = array("h", table.placement_values)
    below[0] = -WIN - 1
    return {
        "empty": (b"", v, "it is empty"),
        "not a table": (b"PK\x03\x04 a zip file", v, "it is not a Keliya solved table"),
        "no end to the header": (MAGIC + b'{"format": 3', v, "its header is cut off"),
        "a header too long": (MAGIC + b" " * MAX_HEADER + b"\n" + body, v, "its header is cut off"),
        "a header of no JSON": (MAGIC + b"not json\n" + body, v, "its header cannot be read"),
        "a header of a list": (MAGIC + b"[1, 2]\n" + body, v, "its header cannot be read"),
        "an older format": (join(dict(header, format=FORMAT - 1), body), v, "it is of another format"),
        "another game's": (join(dict(header, game="cows_leopards"), body), v, "it is of another format"),
        "another variant's": (
            join(dict(header, variant="standard_x_40"), body),
            v,
            "it is the table of another variant (standard_x_40)",
        ),
        "a long variant name's": (
            join(dict(header, variant="x" * 50), body),
            v,
            f"it is the table of another variant ({'x' * 40})",
        ),
        "truncated": (data[:-10], v, "it is truncated"),
        "with extra bytes": (data + b"\0", v, "it has extra bytes"),
        "a bit flipped": (bytes(flipped), v, "its contents do not match their checksum (damaged or edited)"),
        "no variant at all": (
            join(dict(header, variant="huge_x_60"), body),
            "huge_x_60",
            "it is the table of no variant of the game",
        ),
        "no limit": (without("limit"), v, "its header is incomplete"),
        "no points": (without("points"), v, "its header is incomplete"),
        "no byte order": (without("byteorder"), v, "its header is incomplete"),
        "no arrays": (without("arrays"), v, "its header is incomplete"),
        "an array without its count": (
            join(dict(header, arrays=[["q"], *header["arrays"][1:]]), body),
            v,
            "its header is incomplete",
        ),
        "three arrays": (
            join(dict(header, arrays=header["arrays"][:3]), body),
            v,
            "its header describes no table",
        ),
        "the first two swapped": (
            join(
                dict(header, arrays=[header["arrays"][1], header["arrays"][0], *header["arrays"][2:]]), body
            ),
            v,
            "its header describes no table",
        ),
        "a layer of keys": (
            join(dict(header, arrays=[*header["arrays"][:-1], ["q", len(table.keys)]]), body),
            v,
            "its header describes no table",
        ),
        "a count below 0": (join(dict(header, arrays=_shapes(-1, few, 5, layers=1)), body), v, HEADER_WORDS),
        "a count beyond the most": (
            join(dict(header, arrays=_shapes(MAX_ENTRIES + 1, few, 5, layers=1)), body),
            v,
            HEADER_WORDS,
        ),
        "a count of true": (
            join(dict(header, arrays=_shapes(True, few, 5, layers=1)), body),
            v,
            HEADER_WORDS,
        ),
        "the limit as text": (join(dict(header, limit=str(header["limit"])), body), v, HEADER_WORDS),
        "another byte order": (join(dict(header, byteorder="middle"), body), v, HEADER_WORDS),
        "a layer more than the limit has": (
            join(dict(header, arrays=_shapes(few, few, 5, layers=table.limit + 2)), body),
            v,
            HEADER_WORDS,
        ),
        "more than it may unpack": (join(dict(header, arrays=beyond), body), v, HEADER_WORDS),
        "the most it may unpack": (
            join(dict(header, arrays=exactly), body),
            v,
            "its contents are not the size its header gives",
        ),
        "no zlib stream": (join(header, b"not a zlib stream"), v, "its contents cannot be unpacked"),
        "more than the header gives": (
            join(header, zlib.compress(raw + b"\0\0")),
            v,
            "its contents are not the size its header gives",
        ),
        "less than the header gives": (
            join(header, zlib.compress(raw[:-2])),
            v,
            "its contents are not the size its header gives",
        ),
        "a stream cut short": (
            join(header, zlib.compress(raw)[:-4]),
            v,
            "its contents are not the size its header gives",
        ),
        "a value missing": (
            edited(placement_values=table.placement_values[:-1]),
            v,
            "its arrays do not fit together",
        ),
        "a layer short": (
            edited(layers=[*table.layers[:-1], table.layers[-1][:-1]]),
            v,
            "its arrays do not fit together",
        ),
        "a key beyond the side to move": (
            edited(keys=table.keys + array("q", [wide]), layers=[a + array("h", [0]) for a in table.layers]),
            v,
            OFF_THE_BOARD,
        ),
        "a placement key beyond it": (
            edited(
                placement_keys=table.placement_keys + array("q", [wide]),
                placement_values=table.placement_values + array("h", [0]),
            ),
            v,
            OFF_THE_BOARD,
        ),
        "a key below 0": (
            edited(placement_keys=array("q", [-1]) + table.placement_keys[1:]),
            v,
            OFF_THE_BOARD,
        ),
        "no move-phase keys": (
            edited(keys=array("q"), layers=[array("h") for _ in table.layers]),
            v,
            OFF_THE_BOARD,
        ),
        "a score beyond a win": (edited(layers=out_of_range), v, "its scores are out of range"),
        "a score beyond a loss": (edited(placement_values=below), v, "its scores are out of range"),
        # every layer left is one ply from the next as the rules have it: only the first tells, as
        # with no move left before the draw it may hold nothing but draws and finished games
        "the first layer dropped": (edited(layers=table.layers[1:]), v, DISAGREES),
        "only the settled layer": (edited(layers=table.layers[-1:]), v, DISAGREES),
    }


def test_every_refusal_of_a_table_file_gives_its_own_reason(table):
    from game.ai.solver_table import TableFileError, decode

    for name, (data, variant, reason) in refusals(table).items():
        with pytest.raises(TableFileError) as refused:
            decode(data, variant)
        assert str(refused.value) == reason, name


def test_a_size_that_is_no_number_is_refused_as_the_wrong_size(table):
    """Not a TypeError from comparing a length with text: whatever a header holds, the file is
    refused in words."""
    from game.ai.solver_table import TableFileError, decode, encode

    header, body = split(encode(table))
    for size in (str(len(body)), None, [len(body)], 1.5):
        data = join(header, body).replace(
            f'"size": {len(body)}'.encode(), f'"size": {json.dumps(size)}'.encode()
        )
        with pytest.raises(TableFileError, match="^it has extra bytes$"):
            decode(data, table.variant)


def test_a_table_with_a_layer_for_every_count_up_to_the_limit_is_accepted(table):
    """A layer for each number of moves left, 0 to the limit, is the most a table of that limit can
    need (the build stops adding layers once they settle): padded with its settled last layer, the
    table is the same table and loads; one layer more, the header is refused."""
    from game.ai.solver_table import TableFileError, decode, encode, unpack

    full = replace(table, layers=table.layers + [table.layers[-1]] * (table.limit + 1 - len(table.layers)))
    assert len(full.layers) == table.limit + 1
    assert decode(encode(full), table.variant) == full
    rng = random.Random(2)
    for i in rng.sample(range(len(table.keys)), 20):
        key = unpack(table.points, table.keys[i])
        for quiet in (0, 1, table.limit // 2, table.limit - 1, table.limit):
            assert full.score(key, quiet) == table.score(key, quiet)
    header, body = split(encode(full))
    more = dict(header, arrays=[*header["arrays"], header["arrays"][-1]])
    with pytest.raises(TableFileError, match=HEADER_WORDS):
        decode(join(more, body), table.variant)


def test_variant_names_and_games_go_both_ways():
    """The variant named in a table's file name is the game it was built for, every option kept
    (the large board's leopards left among them): otherwise one variant's table serves another."""
    from game.ai.solver_table import game_for_variant

    for board, lefts in (("standard", ("x",)), ("large", ("5", "4"))):
        for left in lefts:
            for limit in ("off", "40", "60", "100"):
                variant = f"{board}_{left}_{limit}"
                game = game_for_variant(variant)
                assert solver.variant_of(game) == variant
                assert game.options["board"] == board and str(game.options["limit"]) == limit
                if board == "large":
                    assert str(game.options["large_left"]) == left
    assert solver.variant_of(load_game(GAME, board="large", large_left="4", limit="off")) == "large_4_off"
    assert solver.variant_of(load_game(GAME)) == "standard_x_60"
    assert solver.variant_of(load_game("kotu_ellima")) is None


def test_a_packed_position_unpacks_to_itself_and_nothing_else_does(table):
    from game.ai.solver_table import unpack

    n = len(table.points)
    for packed in (*table.placement_keys[::500], *table.keys[::200]):
        key = unpack(table.points, packed)
        assert key is not None and table._pack(key) == packed
    side = 1 << (2 * n + 6)  # the side to move: the highest bit a position has
    assert unpack(table.points, side) == (0, 0, 0, 0, 1) and unpack(table.points, 0) == (0, 0, 0, 0, 0)
    for bad in (-1, side << 1, 1 << (3 * n + 6), 1 | 1 << n):  # negative, beyond it, two pieces on a point
        assert unpack(table.points, bad) is None


def test_the_first_and_last_positions_of_a_table_have_their_scores(table):
    """The ends of the sorted arrays are positions like any other (a search that misses the
    first entry would say 'not known' there)."""
    from game.ai.solver_table import unpack

    for i in (0, len(table.keys) - 1):
        key = unpack(table.points, table.keys[i])
        assert table.score(key, 0) == table.layers[-1][i]
        assert table.score(key, table.limit) == table.layers[0][i]
    for i in (0, len(table.placement_keys) - 1):
        assert table.score(unpack(table.points, table.placement_keys[i]), 0) == table.placement_values[i]


# --- the worker: notices, the build marker, a table that contradicts itself in use -----------------


def test_with_no_notice_waiting_the_notice_is_empty(monkeypatch):
    monkeypatch.setattr(solver, "_notices", [])
    assert solver.take_notice() == "" and solver.take_notice() == ""  # asked every frame: never an error
    solver._notice(Words(solver.BEING_BUILT))
    solver._notice(Words(solver.NOT_BUILT))
    assert (
        solver.take_notice() == solver.BEING_BUILT and solver.take_notice() == solver.NOT_BUILT
    )  # oldest first
    assert solver.take_notice() == ""


def test_one_build_marker_at_a_time_and_a_dead_builds_is_taken_over(tmp_path):
    """The UI and the AI worker may both ask for a build: one claims the marker, the other waits;
    a marker older than ``BUILD_WAIT`` was left by a build that died and is claimed afresh."""
    marker = tmp_path / "solver" / "hat_diviyan-standard_x_60-v3.building"
    assert solver._claim(marker) and marker.exists()
    assert not solver._claim(marker)
    os.utime(marker, (0, 0))  # made in 1970: older than any build could take
    assert solver._claim(marker)
    assert not solver._claim(marker)


def _cache_file(tmp_path: Path, table: solver.Table) -> Path:
    return tmp_path / "elsewhere" / f"hat_diviyan-{table.variant}-v3.table"


def test_a_bundled_app_builds_the_table_in_its_own_process_where_it_was_asked(table, tmp_path, monkeypatch):
    """A frozen app has no 'python -m' to run the builder with: it builds in the worker thread and
    writes the table where it was asked, and leaves no marker behind."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    games = []
    monkeypatch.setattr(solver, "build", lambda game: games.append(game) or table)
    monkeypatch.setattr(solver.subprocess, "run", lambda *a, **k: pytest.fail("a bundled app ran python -m"))
    path = _cache_file(tmp_path, table)
    game = load_game(GAME)
    solver._build(game, table.variant, path)
    assert games == [game] and solver.load(path) == table
    assert not path.with_suffix(".building").exists()


def test_a_build_whose_marker_was_taken_away_meanwhile_still_ends_quietly(table, tmp_path, monkeypatch):
    """A build of the large board on a slow machine may outlast ``BUILD_WAIT``; another process
    then takes its marker for a dead build's. The first build still writes its table and ends
    without an error (the worker would otherwise say the table could not be built)."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    path = _cache_file(tmp_path, table)

    def build(game):
        path.with_suffix(".building").unlink()
        return table

    monkeypatch.setattr(solver, "build", build)
    solver._build(load_game(GAME), table.variant, path)
    assert solver.load(path) == table


class _Clock:
    """``time`` for ``solver._build``: a sleep moves the monotonic clock on by what it was asked and
    lets the other process take a step (``step(n)`` at the n-th sleep). The real wall clock stays
    for the marker's age, so a marker made here is fresh."""

    def __init__(self, step: Callable[[int], object]) -> None:
        self.now, self.sleeps, self.step = 0.0, 0, step

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return time.time()

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now += seconds
        self.step(self.sleeps)


def test_a_build_another_process_holds_is_waited_for_until_it_ends(table, tmp_path, monkeypatch):
    path = _cache_file(tmp_path, table)
    marker = path.with_suffix(".building")
    marker.parent.mkdir(parents=True)
    game = load_game(GAME)

    def waits(step: Callable[[int], object]) -> int:
        clock = _Clock(step)
        monkeypatch.setattr(solver, "time", clock)
        solver._build(game, table.variant, path)
        return clock.sleeps

    marker.touch()  # another process is building
    assert waits(lambda n: solver.save(table, path) if n == 3 else None) == 3  # its table arrives
    assert waits(lambda n: pytest.fail("waited for a table already written")) == 0
    path.unlink()
    assert waits(lambda n: marker.unlink() if n == 2 else None) == 2  # it died, its marker gone
    marker.touch()
    assert (
        waits(lambda n: n <= solver.BUILD_WAIT or pytest.fail("waited past BUILD_WAIT")) == solver.BUILD_WAIT
    )
    assert not path.exists() and marker.exists()  # given up: not this process's marker to remove


def test_a_table_that_contradicts_itself_in_use_is_rebuilt_once_then_left_off(table, monkeypatch):
    """One move-phase score edited in the installed table: where a position's own score is not the
    best of its moves', nothing is shown, the table is dropped, the notice gives why, and one
    daemonic worker named 'keliya-solver' (the screenshot tool waits on that name; a worker that
    is not a daemon would hold the app open at quit) rebuilds it. A second contradiction in the run
    leaves the values off, said, and builds nothing."""
    monkeypatch.setattr(solver, "_tables", {})
    monkeypatch.setattr(solver, "_working", set())
    monkeypatch.setattr(solver, "_notices", [])
    monkeypatch.setattr(solver, "_distrusted", set())
    workers = []

    def build(game: object, variant: str, path: Path) -> None:
        workers.append((threading.current_thread().name, threading.current_thread().daemon))
        solver.save(table, path)

    monkeypatch.setattr(solver, "_build", build)
    state = random_play(GAME, 3, lambda s: not any(s.hands()) and s.quiet_plies >= 3)
    index = list(table.keys).index(table._pack(solver.key_of(state)))
    edited = replace(table, layers=[array("h", layer) for layer in table.layers])
    for layer in edited.layers:
        layer[index] = -layer[index] or 1
    truth = solver.describe(
        table.score(solver.key_of(state), state.quiet_plies), state.to_move, state.game.sides
    )
    solver.install(edited)
    assert solver.proven_value(state) is None
    assert wait_until(lambda: solver.proven_value(state) is not None), "not rebuilt"
    assert solver.proven_value(state) == truth and workers == [("keliya-solver", True)]
    assert solver.take_notice() == (
        "Hat Diviyan Keliya's solved table was damaged (a value it gives does not agree "
        "with the rules): it is being rebuilt in the background."
    )
    assert solver.take_notice() == ""
    before = set(threading.enumerate())
    solver.install(edited)
    assert solver.proven_value(state) is None and solver.table_for(state.game) is None
    for thread in set(threading.enumerate()) - before:  # a worker started all the same would end here
        thread.join()
    assert solver.take_notice() == solver.CONTRADICTED_AGAIN and solver.take_notice() == ""
    assert workers == [("keliya-solver", True)] and solver.table_for(state.game) is None


def test_the_build_command_builds_the_variant_asked_for_and_says_where_it_wrote(table, monkeypatch, capsys):
    """``python -m game.ai.solver [--large | --options VARIANT]``: the standard board by default, its
    progress flushed line by line (a build of minutes piped into a log shows it as it goes), and
    the file it wrote; ``--help`` says what it does and how a variant is named."""
    from game.ai import solver_build

    built: list[str | None] = []
    said: list[tuple[tuple, dict]] = []

    def build(game, progress=None):
        built.append(solver.variant_of(game))
        progress(f"solving {built[-1]}")
        return table

    monkeypatch.setattr(solver_build, "build", build)
    monkeypatch.setattr(solver_build, "print", lambda *a, **k: said.append((a, k)), raising=False)
    assert solver_build.main([]) == 0
    assert said == [
        (("solving standard_x_60",), {"flush": True}),
        ((f"written {solver.cache_path(table.variant)}",), {}),
    ]
    assert solver.load(solver.cache_path(table.variant)) == table
    assert solver_build.main(["--large"]) == 0 and solver_build.main(["--options", "large_4_off"]) == 0
    assert built == ["standard_x_60", "large_5_60", "large_4_off"]
    with pytest.raises(SystemExit) as done:
        solver_build.main(["--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert done.value.code == 0 and "Solve Hat Diviyan Keliya and cache the table." in words
    assert "--options OPTIONS board_left_limit, e.g. large_5_60, standard_x_off" in words
    assert "--large the large board with its default options" in words
