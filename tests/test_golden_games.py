"""The golden games (tests/data/golden/, written by ``scripts/make_golden_games.py``) replayed
after every change, ply by ply: through the rules API, and through the fast playout path the
computer's search runs in that game.

The rules API: the start and every position's text (counters included) as recorded, as many
legal moves, the move's notation read back to a legal move written the same way, its effects,
and at the end the same outcome.

The fast paths (``State.playout``: ``war_fast``, ``hunt_fast``, ``battlehalma_fast``, Ncuva's
loop over ``ncuva_sowing``, and the generic loop where a war game counts repetitions): the
playout draws its moves from the ``Random`` it is given, so a scripted one (``Script``) makes it
play the recorded move. At each ply it must draw among as many moves as are legal, and one of
its choices must reach the recorded next position with the same outcome; then, from the start,
one playout fed every recorded choice must play the whole game and stop exactly where the
recorded game ended (a loop that misses an ending asks for one more choice, or plays on), in
the recorded final position. ``test_fast_paths`` compares the same loops with the API along
fresh random games; these games are fixed, and cover every ending each variant reaches.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.battlehalma import BattleHalmaState
from rules.core import State
from tests.fast_paths import halma_offered, move_key
from tests.golden import GOLDEN, MOST_LIFTS, GoldenGame, body, effect_text, read_file
from tests.script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent
FILES = {path.stem: read_file(path) for path in sorted(GOLDEN.glob("*.txt"))}

#: the endings each variant's golden games must include: every one that the script's searches
#: reach in that variant (the war games' blocked side only where a squeeze found one)
ENDINGS: dict[str, set[str]] = {
    "sixteen_soldiers-forced": {"all_captured", "limit", "target"},
    "sixteen_soldiers-huff": {"all_captured", "limit"},
    "sixteen_soldiers-free": {"all_captured", "limit", "repetition"},
    "sixteen_soldiers-two-wing-forced": {"all_captured", "limit"},
    "sixteen_soldiers-two-wing-huff": {"all_captured", "limit", "target"},
    "sixteen_soldiers-two-wing-free": {"all_captured", "limit"},
    "peralikatuma-forced": {"all_captured", "limit"},
    "peralikatuma-huff": {"all_captured", "limit", "no_moves"},
    "peralikatuma-free": {"all_captured", "limit", "no_moves"},
    "kotu_ellima-forced": {"all_captured", "limit"},
    "kotu_ellima-huff": {"all_captured", "limit", "no_moves"},
    "kotu_ellima-free": {"all_captured", "limit"},
    "cows_leopards": {"target", "no_moves", "limit"},
    "hat_diviyan_keliya": {"target", "no_moves", "limit"},
    "hat_diviyan_keliya-large": {"target", "no_moves", "limit"},
    "battlehalma-8x8-promotion-10": {"all_captured", "limit"},
    "battlehalma-10x10-promotion-15": {"all_captured", "limit"},
    "battlehalma-8x8-terminal-6": {"all_captured", "terminal"},
    "battlehalma-10x10-terminal-10": {"all_captured", "terminal"},
    "battlehalma-8x8-promotion-3": {"all_captured", "limit", "repetition"},
    "ncuva-4": {"all_captured", "stones", "limit"},
    "ncuva-6": {"all_captured", "stones", "limit"},
    "ncuva-8": {"all_captured", "stones"},
    "ncuva-12": {"all_captured", "stones", "limit"},
    "ncuva-4-sow-again": {"all_captured", "stones", "limit"},
    "ncuva-8-sow-again": {"all_captured", "stones"},
    "ncuva-4-even": {"all_captured", "stones", "limit"},
    "ncuva-6-even-sow-again": {"all_captured", "stones"},
    "ncuva-4-only-two": {"all_captured", "stones", "limit", "no_moves"},
    "ncuva-8-only-two": {"all_captured", "stones", "no_moves"},
}


# --- a Random that plays the recorded moves --------------------------------------------------


class PlaysOn(AssertionError):
    """The fast path asked for another choice than those scripted."""


class Script:
    """A stand-in for the ``random.Random`` a playout draws from: each draw (``randrange(n)``,
    or ``int(random() * n)``) takes the next scripted index among the ``n`` choices the loop
    offers, and notes ``(n, index)`` in ``drawn``. Replays run with ``greedy=0``, so ``random()``
    is only ever multiplied by a count."""

    def __init__(self, picks: list[int]) -> None:
        self.picks = picks[::-1]
        self.drawn: list[tuple[int, int]] = []

    def take(self, n: int) -> int:
        if not self.picks:
            raise PlaysOn(f"the fast path draws once more, among {n} choices")
        k = self.picks.pop()
        assert 0 <= k < n, f"scripted choice {k} of {n}"
        self.drawn.append((n, k))
        return k

    def randrange(self, n: int) -> int:
        return self.take(n)

    def random(self) -> _Draw:
        return _Draw(self)


class _Draw:
    """What ``Script.random`` returns: multiplied by a count of choices, the scripted index."""

    def __init__(self, script: Script) -> None:
        self.script = script

    def __mul__(self, n: int) -> float:
        return self.script.take(n) + 0.5

    __rmul__ = __mul__


# --- helpers ---------------------------------------------------------------------------------


def golden_games(stem: str) -> list[GoldenGame]:
    return FILES[stem]


def full(golden: GoldenGame, position: str) -> str:
    return f"{golden.head}; {position}"


def ending_of(state: State) -> tuple[str, str, str] | None:
    out = state.outcome()
    if out is None:
        return None
    return ("draw" if out.winner is None else state.game.sides[out.winner], str(out.code), out.reason)


def board_of(state: State) -> tuple[int, dict, dict]:
    """What a ply changes, cheaply (no position text): whose turn, the pieces, the counts."""
    return state.to_move, state.pieces(), state.counts()


def fast_ply(state: State, after: State, where: str) -> tuple[int, list[int]]:
    """Step the fast path one ply from ``state`` (the position before a recorded ply) with each
    choice until one reaches ``after`` (the position the API reached); check its position text
    and outcome; return how many choices the loop offered and the draws that played the move.
    A loop that samples more slots than there are moves (the hunt games' drops, by rejection)
    is counted by the slots it accepts."""
    target = board_of(after)

    def probe(k: int) -> tuple[State | None, list[tuple[int, int]]]:
        scratch, script = state.copy(), Script([k])
        try:
            played = scratch.playout(script, max_plies=1, greedy=0.0)  # type: ignore[arg-type]
        except PlaysOn:
            return None, script.drawn  # a sampler refused this slot and drew again
        assert played == 1, f"{where}: the fast path played {played} plies, not 1"
        return scratch, script.drawn

    first, drawn = probe(0)
    slots = drawn[0][0] if drawn else 1
    legal = len(state.legal_moves())
    sampler = slots > legal
    found: tuple[State, list[tuple[int, int]]] | None = None
    accepted = 0
    for k in range(slots):
        scratch, drawn = (first, drawn) if k == 0 else probe(k)
        if scratch is None:
            continue
        accepted += 1
        if found is None and board_of(scratch) == target:
            found = (scratch, drawn)
            if not sampler:
                break
    count = accepted if sampler else slots
    assert count == legal, f"{where}: the fast path chooses among {count} moves, the rules list {legal}"
    assert found is not None, f"{where}: no choice of the fast path plays the recorded move"
    scratch, drawn = found
    assert scratch.to_text() == after.to_text(), f"{where}: the fast path reaches another position"
    assert scratch.outcome() == after.outcome(), f"{where}: the fast path sees another ending"
    return count, [k for _, k in drawn]


# --- the data --------------------------------------------------------------------------------


def test_every_game_and_variant_has_its_golden_file():
    """One file per variant the script writes, each game's variant registered, every ending
    reached; the files stay small."""
    script = load_script("make_golden_games")
    assert set(FILES) == set(script.VARIANTS) == set(ENDINGS)
    assert {g.game_id for games in FILES.values() for g in games} == {
        "sixteen_soldiers",
        "peralikatuma",
        "kotu_ellima",
        "cows_leopards",
        "hat_diviyan_keliya",
        "battlehalma",
        "ncuva",
    }
    for stem, games in FILES.items():
        reached = {g.ending[1] for g in games if g.ending is not None}
        assert ENDINGS[stem] <= reached, f"{stem}: no golden game ends by {ENDINGS[stem] - reached}"
        assert {g.policy for g in games} & {"random", "greedy"}, stem
    assert sum(p.stat().st_size for p in GOLDEN.glob("*.txt")) < 1_500_000


def test_the_golden_games_play_what_they_are_for():
    """Captures and chains, huffs, drops, crownings and a crowned king's captures, relays,
    singles and sowing again are all in the recorded games; no sowing longer than
    ``MOST_LIFTS`` (so a change to the long-sowing limit changes no file); and a game with the
    source's sow-again rule ends by a capture made while its mover could sow again."""

    def moves(stem_part: str) -> list[str]:
        return [p.move for stem, games in FILES.items() if stem_part in stem for g in games for p in g.plies]

    def effects(stem_part: str) -> str:
        return " ".join(
            p.effects for stem, games in FILES.items() if stem_part in stem for g in games for p in g.plies
        )

    for stem in ENDINGS:
        if stem.startswith(("sixteen", "peralikatuma", "kotu", "cows")):
            assert any(m.count("x") >= 2 for m in moves(stem)), f"{stem}: no capture chain"
        if stem.endswith("-huff"):
            assert any(m.startswith("~") for m in moves(stem)), f"{stem}: no huff"
        if stem.startswith(("cows", "hat")):
            assert any(m.startswith("@") for m in moves(stem)), f"{stem}: no drop"
        if "promotion" in stem:
            assert any(m.endswith("=K") for m in moves(stem)), f"{stem}: no crowning"
        if stem.startswith("battlehalma"):
            assert "exchange" in effects(stem), f"{stem}: no exchange capture"
        if stem.startswith("ncuva"):
            assert any(">" in m for m in moves(stem)), f"{stem}: no singles"
            assert "relay" in effects(stem) and re.search(r"capture [a-l]\d \d+ p", effects(stem)), stem
    for stem in ("battlehalma-8x8-promotion-10", "battlehalma-10x10-promotion-15"):
        assert " capture p" in effects(stem), f"{stem}: no king takes what it leaps"
    assert " cycle" in effects("ncuva-4"), "no sowing stopped by its cycle"
    for stem, games in FILES.items():
        for g in games:
            for p in g.plies:
                lifts = sum(1 for e in p.effects.split(", ") if e.startswith(("lift ", "relay ")))
                assert lifts <= MOST_LIFTS, f"{stem}: {p.move} sows {lifts} lifts"
    for stem in ("ncuva-4-sow-again", "ncuva-8-sow-again", "ncuva-6-even-sow-again"):
        assert any(
            g.ending is not None and g.ending[1] == "all_captured" and "sown=" in g.final for g in FILES[stem]
        ), f"{stem}: no game ends by a capture in a sow-again turn"


def test_regenerating_gives_the_same_bytes(tmp_path):
    """The documented command is deterministic: two variants (a hunt game's drops, Ncuva's
    sowings with sow-again) written again into a scratch folder equal the committed files."""
    script = load_script("make_golden_games")
    stems = ["hat_diviyan_keliya", "ncuva-8-sow-again"]
    assert script.main(["--out", str(tmp_path), *stems]) == 0
    for stem in stems:
        assert (tmp_path / f"{stem}.txt").read_bytes() == (GOLDEN / f"{stem}.txt").read_bytes(), stem


# --- the replays -----------------------------------------------------------------------------


@pytest.mark.parametrize("stem", sorted(FILES))
def test_the_rules_replay_the_golden_games(stem):
    """Through the API, ply by ply: position text, legal move count, notation both ways,
    effects; at the end the final position and the outcome (winner, ending, reason)."""
    for n, golden in enumerate(golden_games(stem)):
        state = golden.start()
        assert state.game.header() == golden.head, f"{stem} game {n}: the options read differently"
        for i, ply in enumerate(golden.plies):
            where = f"{stem} game {n} ({golden.title()}) ply {i}"
            assert state.outcome() is None, f"{where}: the game is over: {state.outcome()}"
            assert state.to_text() == full(golden, ply.position), f"{where}: another position"
            legal = state.legal_moves()
            assert len(legal) == ply.legal, f"{where}: {len(legal)} legal moves, recorded {ply.legal}"
            move = state.parse_move(ply.move)
            assert move in legal and state.move_text(move) == ply.move, (
                f"{where}: {ply.move} reads back differently"
            )
            assert effect_text(state.game, state.effects(move)) == ply.effects, (
                f"{where}: {ply.move} does otherwise"
            )
            state.play(move)
        assert state.to_text() == full(golden, golden.final), f"{stem} game {n}: another final position"
        assert ending_of(state) == golden.ending, f"{stem} game {n}: another ending"


@pytest.mark.parametrize("stem", sorted(FILES))
def test_the_fast_playout_replays_the_golden_games(stem):
    """Through ``State.playout`` (the fast loop of the game), ply by ply and then in one run
    from the start: see the module docstring."""
    for n, golden in enumerate(golden_games(stem)):
        state = golden.start()
        start = state.copy()
        picks: list[int] = []
        for i, ply in enumerate(golden.plies):
            where = f"{stem} game {n} ({golden.title()}) ply {i} ({ply.move})"
            before = state.copy()
            if golden.game_id == "battlehalma":
                assert isinstance(state, BattleHalmaState)
                offered, _ = halma_offered(state)
                assert sorted(offered) == sorted(move_key(m) for m in state.legal_moves()), where
            state.apply(state.parse_move(ply.move))
            _, drawn = fast_ply(before, state, where)
            picks += drawn
        script = Script(picks)
        plies = len(golden.plies)
        played = start.playout(script, max_plies=None if golden.ending else plies, greedy=0.0)  # type: ignore[arg-type]
        where = f"{stem} game {n} ({golden.title()}), one playout"
        assert played == plies, f"{where}: played {played} plies of {plies}"
        assert not script.picks, f"{where}: stopped with choices left"
        assert body(start) == golden.final, f"{where}: another final position"
        assert ending_of(start) == golden.ending, f"{where}: another ending"


def test_the_scripted_random_draws_as_the_loops_do():
    """``Script`` gives the loops the index asked for, by either way they draw, and refuses an
    extra draw: what the replays above rest on."""
    script = Script([2, 0, 4])
    assert script.randrange(3) == 2
    assert int(script.random() * 5) == 0
    assert int(7 * script.random()) == 4
    assert script.drawn == [(3, 2), (5, 0), (7, 4)]
    with pytest.raises(PlaysOn):
        script.randrange(2)
