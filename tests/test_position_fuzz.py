"""Position text that a player pastes or a file brings: refused in words, or a game that plays.

A seeded fuzz (``tests/position_fuzz.py``) over every registered game and its CI variants:
random, truncated and mutated texts and the finished positions of random games. Every text is
refused with a ValueError in a player's words, or loads into a state that round-trips and plays
to its end; a crash or a hang fails the test with the text that caused it. The long run of the
same is ``python -m benchmarks.position_fuzz``.
"""

from __future__ import annotations

import random

import pytest
from contract import variants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from position_fuzz import fuzz_game, message_problem, try_text

from rules import game_ids, load_game, load_state

#: Texts per game in the default suite (a few hundred; the benchmark runs thousands).
TEXTS_PER_GAME = 400
SEED = 18


@pytest.mark.parametrize("game_id", game_ids())
def test_position_text_fuzz(game_id: str) -> None:
    tally = fuzz_game(game_id, TEXTS_PER_GAME, SEED)
    assert tally.tried == TEXTS_PER_GAME
    assert tally.counts["refused"] and tally.counts["loaded"], f"a fuzz that only {tally.counts}"
    report = "\n".join(f"{problem}\n  text: {text[:300]}" for problem, text in tally.failures[:5])
    assert not tally.failures, f"{len(tally.failures)} of {tally.tried} texts broke the promise:\n{report}"


CASES = [(gid, opts) for gid in game_ids() for opts in variants(gid, full=False)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32))
def test_every_position_of_a_random_game_reloads(case, seed) -> None:
    """Every position a random game reaches, from the start to the finish, loads from its own
    text as itself: no check of the loaders refuses a position the game can reach."""
    game_id, options = case
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state(rng)
    for _ in range(2000):
        text = state.to_text()
        assert load_state(text).to_text() == text
        if state.outcome() is not None:
            break
        state.apply(rng.choice(state.legal_moves()))


# --- the promise's own checks can fail ----------------------------------------------------------


def test_a_crash_a_hang_and_a_bad_message_are_caught(monkeypatch) -> None:
    import position_fuzz

    good = load_game("kotu_ellima").new_initial_state().to_text()
    assert try_text(good, random.Random(1)).kind == "loaded" and not try_text(good, random.Random(1)).problem

    def crash(text):
        raise KeyError("board")

    def hang(text):
        while True:
            pass

    def parser_words(text):
        raise ValueError("invalid literal for int() with base 10: 'x'")

    monkeypatch.setattr(position_fuzz, "load_state", crash)
    assert try_text(good, random.Random(1)).kind == "crashed"
    monkeypatch.setattr(position_fuzz, "load_state", hang)
    result = try_text(good, random.Random(1), seconds=0.2)
    assert result.kind == "hung" and result.problem
    monkeypatch.setattr(position_fuzz, "load_state", parser_words)
    result = try_text(good, random.Random(1))
    assert result.kind == "refused" and "internals" in result.problem


@pytest.mark.parametrize(
    "message, ok",
    [
        ("this Ncuva position has 232 stones; a 4-column game has 32", True),
        ("quiet=25 is more than 20: the game ends after 20 plies without a capture", True),
        ("", False),
        ("'x'", False),
        ("position text: expected name=value", False),
        ("Exceeds the limit (4300 digits) for integer string conversion", False),
        ("cannot read '\\x00' in the board field", False),
    ],
)
def test_message_check(message: str, ok: bool) -> None:
    assert (message_problem(message) == "") == ok
