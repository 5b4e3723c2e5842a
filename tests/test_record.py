"""The Record tab counts only games against the computer: a finished pass-and-play game (or a
computer-against-computer one) is in the history but never a win, draw or loss of the player's,
saved through the library's own API into the test's own KELIYA_HOME."""

from game import library
from game.config import MatchConfig, Mode
from tools.scenarios import finished


def decided(game_id: str, seed: int):
    """A finished game with a winner (not a draw), and that winner."""
    for s in range(seed, seed + 50):
        state = finished(game_id, s)
        if state.outcome().winner is not None:
            return state, state.outcome().winner
    raise AssertionError("no decided game found")


def save(state, mode, human_side=0, level="hard"):
    game_file = library.GameFile()
    config = MatchConfig(state.game.id, dict(state.game.options), mode, human_side, level)
    assert game_file.save(config, state) == ""
    return game_file


def test_only_finished_games_against_the_computer_count_in_the_record():
    won, winner = decided("kotu_ellima", 1)
    lost, lost_winner = decided("kotu_ellima", 60)
    save(won, Mode.COMPUTER, human_side=winner, level="hard")  # the player won
    save(lost, Mode.COMPUTER, human_side=1 - lost_winner, level="hard")  # the player lost
    save(won, Mode.PASS, human_side=winner, level="hard")  # same game, same level: not counted
    save(lost, Mode.PASS, level="medium")
    save(won, Mode.WATCH, human_side=winner, level="easy")
    lib = library.scan()
    assert len(lib.finished) == 5 and lib.unfinished == []
    assert lib.record() == {("kotu_ellima", "hard"): (1, 0, 1)}
    assert sorted(e.result() or "-" for e in lib.finished) == ["-", "-", "-", "lost", "won"]


def test_a_pass_and_play_game_alone_leaves_the_record_empty():
    won, winner = decided("kotu_ellima", 1)
    save(won, Mode.PASS, human_side=winner)
    lib = library.scan()
    assert len(lib.finished) == 1
    assert lib.finished[0].result() is None
    assert lib.record() == {}
