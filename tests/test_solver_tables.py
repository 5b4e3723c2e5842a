"""Crafted solver tables (issue 29, item 6): a Hat Diviyan Keliya table edited with its size and
checksum made to match again, so that only the contents give it away. Each is refused with its
reason on load, never raised as another exception; in the app the loader sets it aside, says so,
and rebuilds it; no wrong proven value is shown meanwhile and the right ones come back after. An
edit the load's sample misses is caught where the value is looked up.

The tester's tables: an edited points list (a KeyError once a piece stood on the new point),
negative array counts (an exception that killed the loader thread: values off for the run), a
flipped byte order (every lookup empty, for good), and five that gave wrong values (the points
reordered, another limit, the scores negated, the layers reversed, the start's score changed)."""

from __future__ import annotations

import os
import random
import threading
from array import array
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai import solver
from game.ai.solver_table import Table, TableFileError, decode, encode
from rules import State, load_game
from tests.solver_files import join, split
from tools.scenarios import random_play, wait_until

GAME = "hat_diviyan_keliya"
HEADER_WORDS = "its header gives values no table of this game has"
DISAGREES = "a value it gives does not agree with the rules"


@pytest.fixture(scope="module")
def table() -> Table:
    return solver.build(load_game(GAME))


def start_key_index(table: Table) -> int:
    start = load_game(GAME).new_initial_state()
    return list(table.placement_keys).index(table._pack(solver.key_of(start)))


def crafted(table: Table) -> dict[str, tuple[bytes, str]]:
    """Each crafted table's file and the reason it must be refused with."""
    header, body = split(encode(table))
    points = header["points"]
    negative = [list(a) for a in header["arrays"]]
    negative[1][1] = -(10**9)  # zlib's unpacking then raised ValueError in the loader thread
    negated = replace(
        table,
        placement_values=array("h", (-v for v in table.placement_values)),
        layers=[array("h", (-v for v in layer)) for layer in table.layers],
    )
    start_changed = replace(table, placement_values=array("h", table.placement_values))
    start_changed.placement_values[start_key_index(table)] = -start_changed.placement_values[
        start_key_index(table)
    ]
    swapped = replace(
        table, keys=array("q", table.keys), layers=[array("h", layer) for layer in table.layers]
    )
    i = len(table.keys) // 2
    for a in (swapped.keys, *swapped.layers):  # two positions trade places, their scores with them
        a[i], a[i + 1] = a[i + 1], a[i]
    out_of_range = replace(table, layers=[array("h", layer) for layer in table.layers])
    out_of_range.layers[-1][len(table.keys) // 2] = solver.WIN + 1
    return {
        "points edited": (join(dict(header, points=[*points[:-1], points[-1] + 1]), body), HEADER_WORDS),
        "negative counts": (join(dict(header, arrays=negative), body), HEADER_WORDS),
        "byte order flipped": (
            join(dict(header, byteorder="big" if header["byteorder"] == "little" else "little"), body),
            "its positions are out of order or off the board",
        ),
        "points reordered": (join(dict(header, points=points[::-1]), body), HEADER_WORDS),
        "another limit": (join(dict(header, limit=40), body), HEADER_WORDS),
        "scores negated": (encode(negated), DISAGREES),
        "layers reversed": (encode(replace(table, layers=table.layers[::-1])), DISAGREES),
        "the start's score changed": (encode(start_changed), DISAGREES),
        "a score out of range": (encode(out_of_range), "its scores are out of range"),
        "two positions out of order": (encode(swapped), "its positions are out of order or off the board"),
    }


def test_each_crafted_table_is_refused_with_its_reason(table):
    """The checksum matches each time: what gives the edit away is the game itself."""
    assert decode(encode(table), table.variant) == table
    for name, (data, reason) in crafted(table).items():
        with pytest.raises(TableFileError) as refused:
            decode(data, table.variant)
        assert str(refused.value) == reason, name


def probes(table: Table) -> dict[str, tuple[State, str | None]]:
    """Positions along seeded games (placement and moves, counters up to the limit), each with
    the value the true table gives it: no other may ever be shown."""
    out: dict[str, tuple[State, str | None]] = {}
    rng = random.Random(7)
    for _ in range(4):
        state = load_game(GAME).new_initial_state()
        while state.outcome() is None and len(out) < 200:
            s = table.score(solver.key_of(state), state.quiet_plies)
            out.setdefault(
                state.to_text() + f" {state.quiet_plies}",
                (state.copy(), None if s is None else solver.describe(s, state.to_move, state.game.sides)),
            )
            state.apply(rng.choice(state.legal_moves()))
    return out


@pytest.fixture
def fresh_solver(monkeypatch, table):
    """No table loaded in this process, builds that write the true table (counted), and every
    exception of a thread recorded (a loader that dies says nothing by itself)."""
    monkeypatch.setattr(solver, "_tables", {})
    monkeypatch.setattr(solver, "_working", set())
    monkeypatch.setattr(solver, "_notices", [])
    monkeypatch.setattr(solver, "_distrusted", set())
    built: list[Path] = []
    monkeypatch.setattr(solver, "_build", lambda g, v, p: built.append(solver.save(table, p)))
    died: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: died.append(args.exc_value))
    return built, died


@pytest.mark.parametrize(
    "name",
    [
        "points edited",
        "negative counts",
        "byte order flipped",
        "points reordered",
        "another limit",
        "scores negated",
        "layers reversed",
        "the start's score changed",
        "a FIFO",
    ],
)
def test_a_crafted_table_on_disk_is_set_aside_and_rebuilt_and_no_wrong_value_is_shown(
    table, fresh_solver, name
):
    built, died = fresh_solver
    path = solver.cache_path(solver.variant_of(load_game(GAME)))
    path.parent.mkdir(parents=True, exist_ok=True)
    if name == "a FIFO":
        os.mkfifo(path)  # a table read from it would wait for a writer for ever
    else:
        path.write_bytes(crafted(table)[name][0])
    looked = probes(table)
    start = load_game(GAME).new_initial_state()

    def all_right() -> bool:
        for state, truth in looked.values():
            shown = solver.proven_value(state)
            assert shown is None or shown == truth, (name, state.to_text(), shown, truth)
        return solver.proven_value(start) is not None

    assert wait_until(all_right), "the proven values did not come back"
    assert len(built) == 1 and died == []
    notice = solver.take_notice()
    assert notice.startswith("Hat Diviyan Keliya's solved table was damaged (") and "being rebuilt" in notice
    assert (
        len(list(path.parent.glob(path.name + ".bad-*"))) == 1
        and decode(path.read_bytes(), table.variant) == table
    )
    assert all(solver.proven_value(state) == truth for state, truth in looked.values() if truth is not None)


def test_a_value_the_sample_missed_is_never_shown_and_the_table_is_rebuilt(table, fresh_solver):
    """One move-phase score edited, the rest intact (the load's sample need not meet it): where
    the position is looked at, its own moves contradict it, so nothing is shown and the table is
    dropped, said, and rebuilt."""
    built, died = fresh_solver
    state = random_play(GAME, 3, lambda s: not any(s.hands()) and s.quiet_plies >= 3)
    index = list(table.keys).index(table._pack(solver.key_of(state)))
    edited = replace(table, layers=[array("h", layer) for layer in table.layers])
    for layer in edited.layers:
        layer[index] = -layer[index] or 1
    solver.install(edited)
    truth = solver.describe(
        table.score(solver.key_of(state), state.quiet_plies), state.to_move, state.game.sides
    )
    assert solver.proven_value(state) is None  # not the edited value
    assert solver.best_moves(state) is None
    assert wait_until(lambda: solver.proven_value(state) is not None)
    assert solver.proven_value(state) == truth and len(built) == 1 and died == []
    assert (
        "was damaged (a value it gives does not agree with the rules): it is being rebuilt"
        in solver.take_notice()
    )


def test_an_edited_points_list_never_crashes_a_game_on_screen(app, table, fresh_solver):
    """The tester's KeyError: a table whose last point was renamed, met by a game with a piece on
    that point. Frame by frame the line under the turn box says nothing or the truth; the notice
    is said; the value comes once the table is rebuilt."""
    import pygame

    from game.config import MatchConfig, Mode
    from game.scenes.menu import MenuScene
    from game.scenes.play import PlayScene

    built, died = fresh_solver
    last = table.points[-1]
    state = random_play(GAME, 2, lambda s: bool((s.army(0) | s.army(1)) >> last & 1) and s.ply >= 6)
    assert (state.army(0) | state.army(1)) >> last & 1 and state.outcome() is None
    truth = solver.describe(
        table.score(solver.key_of(state), state.quiet_plies), state.to_move, state.game.sides
    )
    path = solver.cache_path(solver.variant_of(state.game))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(crafted(table)["points edited"][0])
    app.manager.clear()
    app.manager.push(MenuScene(app))
    scene = PlayScene(app, MatchConfig(GAME, mode=Mode.PASS), state)
    app.manager.push(scene)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v")], 1 / 60)
    said: list[str] = []

    def shown() -> bool:
        app.frame([], 1 / 60)
        line = scene.match.proven_line()
        said.append(str(scene.match.said.words))
        assert line is None or line == truth
        return line == truth

    assert wait_until(shown), "the proven value never came"
    assert len(built) == 1 and died == []
    assert any("solved table was damaged" in words and "being rebuilt" in words for words in said)


def test_a_loader_that_fails_in_any_way_says_so_and_is_not_started_again(fresh_solver, monkeypatch):
    """Whatever stops the worker (here the build itself raises), it ends with a notice rather
    than dying silently, and asking again starts no second worker."""
    _, died = fresh_solver
    builds: list[str] = []
    monkeypatch.setattr(solver, "_build", lambda g, v, p: builds.append(v) or 1 // 0)
    game = load_game(GAME)
    assert solver.table_for(game) is None
    assert wait_until(lambda: len(solver._notices) >= 2)
    for _ in range(50):
        assert solver.table_for(game) is None
    assert died == [] and len(builds) == 1
    assert "being built" in solver.take_notice()
    assert solver.take_notice() == (
        "Hat Diviyan Keliya's solved table could not be built (ZeroDivisionError): "
        "proven values are not shown this time."
    )
