"""Saved games: every game's save text restores the same position, history, outcome and turn
(finished games too); bad save files are reported and moved aside, never a crash."""

from __future__ import annotations

import random

import pytest

from game import saves
from game.config import VS_COMPUTER, MatchConfig
from game.scenarios import random_play
from rules import game_ids, load_game


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


def test_save_current_and_load_current_round_trip():
    state = played("ncuva", 2, 9)
    assert saves.save_current(MatchConfig("ncuva", dict(state.game.options)), state) == ""
    saved, problem = saves.load_current()
    assert problem == "" and saved is not None and saved.state.to_text() == state.to_text()
    assert "Ncuva" in saved.summary() and "move" in saved.summary()


@pytest.mark.parametrize("text, why", [
    ("", "not a Keliya saved game"),
    ("hello world\n", "not a Keliya saved game"),
    ("keliya-save 1\ngame kotu_ellima\n", "incomplete"),
    ("keliya-save 1\ngame chess\nmode pass\nhuman 0\nlevel easy\noptions {}\nstart x\nposition y\n", "unknown game"),
])
def test_bad_save_texts_say_what_is_wrong(text, why):
    with pytest.raises(ValueError, match=why):
        saves.read_match(text)


def test_an_edited_or_truncated_save_is_refused_and_moved_aside(home):
    state = played("sixteen_soldiers", 4, 20)
    text = saves.match_text(MatchConfig("sixteen_soldiers"), state)
    moves_line = next(line for line in text.splitlines() if line.startswith("moves "))
    first = moves_line.split()[1]
    tampered = text.replace(moves_line, moves_line.replace(first, "a1-a2", 1))
    with pytest.raises(ValueError, match="move 1"):
        saves.read_match(tampered)
    path = saves.current_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text[: len(text) // 2])
    saved, problem = saves.load_current()
    assert saved is None and "could not be read" in problem
    assert not path.exists() and list(path.parent.glob("current-game.txt.bad-*"))
    assert saves.load_current() == (None, "")  # the next launch starts clean


def test_binary_garbage_is_reported(home):
    path = saves.current_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(300)))
    saved, problem = saves.load_current()
    assert saved is None and problem


def test_options_of_the_game_are_kept():
    game = load_game("kotu_ellima", capture="huff", limit="off")
    state = game.new_initial_state(random.Random(1))
    back = saves.read_match(saves.match_text(MatchConfig("kotu_ellima", {"capture": "huff", "limit": "off"}),
                                             state))
    assert back.state.game.options == game.options
