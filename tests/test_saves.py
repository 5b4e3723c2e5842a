"""Saved games: every game's save text restores the same position, history, outcome and turn
(finished games too); bad save files are reported and moved aside, never a crash."""

from __future__ import annotations

import random

import pytest

from game import saves
from game.config import VS_COMPUTER, MatchConfig
from rules import game_ids, load_game
from tools.scenarios import random_play


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KELIYA_HOME", str(tmp_path))
    return tmp_path


def played(game_id: str, seed: int, plies: int | None):
    stop = (lambda s: False) if plies is None else (lambda s: s.ply >= plies)
    return random_play(game_id, seed, stop, max_plies=3000)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("plies", [0, 7, None])  # the start, mid-game, finished
def test_a_save_restores_position_history_and_outcome(game_id, plies):
    state = played(game_id, 3, plies)
    config = MatchConfig(game_id, dict(state.game.options), VS_COMPUTER, 1, "hard")
    back = saves.read_match(saves.match_text(config, state))
    assert back.state.to_text() == state.to_text()
    assert back.state.history() == state.history()
    assert back.state.outcome() == state.outcome()
    assert back.state.to_move == state.to_move
    assert [m.kind for m in back.state.legal_moves()] == [m.kind for m in state.legal_moves()]
    assert (back.config.mode, back.config.human_side, back.config.level) == (VS_COMPUTER, 1, "hard")
    assert back.config.options == config.options


def test_a_game_begun_from_a_position_keeps_its_start():
    state = played("kotu_ellima", 5, 12)
    from rules import load_state

    loaded = load_state(state.to_text())  # no history: the save starts here
    loaded.play(loaded.legal_moves()[0])
    back = saves.read_match(saves.match_text(MatchConfig("kotu_ellima"), loaded))
    assert back.start_ply == 12 and len(back.state.history()) == 1


@pytest.mark.parametrize("text, why", [
    ("", "not a game saved by Keliya"),
    ("hello world\n", "not a game saved by Keliya"),
    ("keliya-save 1\ngame kotu_ellima\n", "incomplete"),
    ("keliya-save 1\ngame chess\nmode pass\nhuman 0\nlevel easy\noptions {}\nstart x\nposition y\n", "unknown game"),
])
def test_bad_save_texts_say_what_is_wrong(text, why):
    with pytest.raises(ValueError, match=why):
        saves.read_match(text)


def test_an_edited_save_is_refused_with_the_move_that_fails():
    state = played("sixteen_soldiers", 4, 20)
    text = saves.match_text(MatchConfig("sixteen_soldiers"), state)
    moves_line = next(line for line in text.splitlines() if line.startswith("moves "))
    first = moves_line.split()[1]
    tampered = text.replace(moves_line, moves_line.replace(first, "a1-a2", 1))
    with pytest.raises(ValueError, match="move 1"):
        saves.read_match(tampered)


def good_text(**changes: str) -> str:
    """A valid save of a Kotu Ellima game against Hard with one line changed."""
    state = played("kotu_ellima", 1, 6)
    text = saves.match_text(MatchConfig("kotu_ellima", dict(state.game.options), VS_COMPUTER, 0, "hard"), state)
    lines = text.splitlines()
    for key, value in changes.items():
        lines = [f"{key} {value}" if line.split(" ", 1)[0] == key else line for line in lines]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("changes, why", [
    ({"level": "ultra"}, "level 'ultra'"),
    ({"mode": "online"}, "not one Keliya knows"),
    ({"human": "2"}, "side"),
    ({"human": "1e400"}, "side"),
    ({"options": '{"capture": "forced", "colour": "red"}'}, "unknown option"),
    ({"options": '{"capture": "huff"}'}, "other rules"),  # the rematch would change the rules
    ({"options": "[" * 200_000 + "]" * 200_000}, "options"),
    ({"options": '{"capture": ' + "[" * 1500 + "]" * 1500 + "}"}, "options"),
    ({"start": "kotu_ellima; board=x"}, "start position"),
])
def test_a_save_is_checked_against_what_the_app_accepts(changes, why):
    assert saves.read_match(good_text()).config.level == "hard"
    with pytest.raises(ValueError, match=why):
        saves.read_match(good_text(**changes))


def test_any_fault_in_a_save_is_a_value_error_in_words():
    rng = random.Random(7)
    text = good_text()
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice("0123456789;=/,. xSNabc{}[]\"\n")
        try:
            saves.read_match("".join(chars))
        except ValueError as e:
            assert str(e) and "Traceback" not in str(e)


def test_options_of_the_game_are_kept():
    game = load_game("kotu_ellima", capture="huff", limit="off")
    state = game.new_initial_state(random.Random(1))
    back = saves.read_match(saves.match_text(MatchConfig("kotu_ellima", {"capture": "huff", "limit": "off"}),
                                             state))
    assert back.state.game.options == game.options
