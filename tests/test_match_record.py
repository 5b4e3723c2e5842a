"""The parts a match is made of, each on its own: the game record (history, undo, redo, the last
move), the autosave and what it says, and a lesson that coaches a match rather than being one."""

from __future__ import annotations

import random

import pytest

from game.config import MatchConfig, Mode
from game.match.events import SILENT, Tone
from game.match.model import Match
from game.match.record import GameRecord
from game.match.saving import Autosave
from game.settings import Settings
from game.tutorials import lesson_for
from game.tutorials.lesson_match import LessonMatch
from rules import game_ids, load_game, load_state
from rules.kinds import MoveKind
from tools.scenarios import huff_position, random_play


def played_record(game_id: str, seed: int, plies: int) -> tuple[GameRecord, list[str]]:
    """A record of ``plies`` random moves, and the position text before each move and after the last."""
    state = load_game(game_id).new_initial_state(random.Random(seed))
    record, rng, texts = GameRecord(state), random.Random(seed), []
    for _ in range(plies):
        if state.outcome() is not None:
            break
        texts.append(state.to_text())
        move = rng.choice(state.legal_moves())
        record.apply(move, move, state.effects(move))
    texts.append(state.to_text())
    return record, texts


@pytest.mark.parametrize("game_id", game_ids())
def test_undo_takes_back_one_move_at_a_time_and_redo_plays_it_again(game_id):
    record, texts = played_record(game_id, 3, 12)
    plies = record.plies
    assert plies == len(texts) - 1 and record.can_undo and not record.can_redo
    for back in range(1, plies + 1):
        group = record.undo(lambda mover: True)
        assert (
            len(group) == 1 and record.state.to_text() == texts[plies - back] and record.plies == plies - back
        )
    assert not record.can_undo and record.last_move is None and record.last_mover is None
    for ply in range(plies):
        [move] = record.take_redo()
        record.apply(move, move, record.state.effects(move), redo=True)
        assert record.state.to_text() == texts[ply + 1]
    assert not record.can_redo


def test_undo_goes_back_to_the_named_players_move_and_a_new_move_forgets_the_redo():
    record, texts = played_record("kotu_ellima", 5, 6)
    group = record.undo(lambda mover: mover == 0)  # against the computer (North): back to South's move
    assert len(group) == 2 and record.state.to_text() == texts[4] and record.movers == [0, 1, 0, 1]
    assert (
        record.last_mover == 1
        and record.last_move == record.state.history()[-1]
        and record.last_effects == []
    )
    move = record.state.legal_moves()[0]
    record.apply(move, move, record.state.effects(move))
    assert not record.can_redo  # a new move: what was taken back is gone


def test_a_resumed_game_keeps_who_made_each_move_and_how_it_was_written():
    state = random_play("cows_leopards", 2, lambda s: s.ply >= 9)
    replay = load_game("cows_leopards").new_initial_state(random.Random(2))
    record = GameRecord(state)
    resumed = record.take_resumed()
    assert len(resumed) == 9 and record.movers == [r.mover for r in resumed] and record.take_resumed() == []
    for move, mover, effects, notation in resumed:
        assert (mover, effects, notation) == (replay.to_move, replay.effects(move), replay.move_text(move))
        replay.apply(move)
    assert record.last_move == state.history()[-1] and record.last_effects == resumed[-1].effects


def test_a_huff_and_the_move_after_it_are_one_turn():
    """The huffed piece stays marked beside the mover's next move; another player's move clears it."""
    state = huff_position()
    record = GameRecord(state)
    huff = next(m for m in state.legal_moves() if m.kind == MoveKind.HUFF)
    huffed = state.effects(huff)
    huffer = record.apply(huff, huff, huffed)
    assert huffed and record.last_effects == huffed
    follow = state.legal_moves()[0]
    effects = state.effects(follow)
    assert record.apply(follow, follow, effects) == huffer  # a huff does not end the turn
    assert record.last_effects == huffed + effects
    reply = state.legal_moves()[0]
    reply_effects = state.effects(reply)
    record.apply(reply, reply, reply_effects)
    assert record.last_effects == reply_effects


def test_a_second_move_in_a_row_that_follows_no_huff_is_marked_alone():
    """Ncuva sowing again after a capture: the same side moves twice running, and the second
    sowing's marks are its own (only a huff stays marked beside the move after it)."""
    game = load_game("ncuva", after_capture="sow-again")
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state(rng)
        record = GameRecord(state)
        for _ in range(200):
            if state.outcome() is not None:
                break
            move = rng.choice(state.legal_moves())
            effects = state.effects(move)
            before_mover = record.last_mover
            mover = record.apply(move, move, effects)
            if before_mover == mover:
                assert record.last_effects == effects
                return
    pytest.fail("no side moved twice running in 40 seeded games")


def test_the_solved_value_is_asked_once_a_position_looked_back_at_and_once_for_the_game(monkeypatch):
    """Looking back, each position is looked up (stepping through the game updates the value);
    the game as it stands is looked up once, until the match says it moved on (``forget``)."""
    from game.ai import solver
    from game.match.proven import ProvenValue

    asked: list[str] = []
    monkeypatch.setattr(solver, "variant_of", lambda game: "standard")
    monkeypatch.setattr(solver, "generation", lambda: 1)
    monkeypatch.setattr(
        solver, "proven_value", lambda state: (asked.append(state.to_text()), state.to_text())[1]
    )
    monkeypatch.setattr(solver, "take_notice", lambda: "")
    state = load_game("hat_diviyan_keliya").new_initial_state()
    later = state.copy()
    later.apply(later.legal_moves()[0])
    proven = ProvenValue()
    for looked_at in (state, later, later):
        proven.look_up(looked_at, looked_back=True)
        assert proven.words == looked_at.to_text()
    assert asked == [state.to_text(), later.to_text()]
    asked.clear()
    proven.forget()
    proven.look_up(state, looked_back=False)
    proven.look_up(later, looked_back=False)  # the match forgets before it shows a new position
    assert asked == [state.to_text()] and proven.words == state.to_text()


class FakeFile:
    """A ``GameFile`` whose saves fail while ``problem`` is set."""

    def __init__(self) -> None:
        self.problem = self.reason = ""
        self.say = ""
        self.saves = 0

    def save(self, config, state) -> str:
        self.saves += 1
        return self.say


def test_the_autosave_says_a_failure_until_a_save_succeeds_then_once_that_it_is_safe():
    file = FakeFile()
    saver = Autosave(file)  # type: ignore[arg-type]
    state = load_game("ncuva").new_initial_state()
    config = MatchConfig("ncuva")
    saver.save(config, state, by_person=True)
    assert saver.notice == SILENT and saver.saved
    file.problem = file.reason = "the disk is full"
    for _ in range(2):  # said at every save while they fail, a person's move or not
        saver.save(config, state, by_person=True)
        assert saver.notice.words == "the disk is full" and saver.notice.tone == Tone.WARN and not saver.saved
    file.problem = ""
    saver.save(config, state, by_person=False)
    assert saver.notice.tone == Tone.GOOD and "Saved again" in saver.notice.words and saver.saved
    saver.save(config, state, by_person=False)  # the computer's move: still said
    assert saver.notice.tone == Tone.GOOD
    saver.save(config, state, by_person=True)  # the person's next move: gone
    assert saver.notice == SILENT
    file.say = "Another window changed this game: this one is kept as a separate game."
    saver.save(config, state, by_person=True)
    assert saver.notice.words == file.say and saver.notice.tone == Tone.INFO and file.saves == 7


def test_a_match_reads_the_players_settings_through_what_it_was_given():
    """No global read: the settings the match was handed decide the marks and the board's turn."""
    prefs = Settings()
    prefs.show_legal, prefs.rotate = False, True
    m = Match(MatchConfig("sixteen_soldiers", mode=Mode.PASS), prefs=lambda: prefs)
    assert not m.show_legal
    prefs.show_legal = True
    assert m.show_legal
    m.play(m.state.legal_moves()[0])
    m.settle()
    assert m.turned  # North to move, pass and play with the board turning: North at the bottom
    prefs.rotate = False
    m.play(m.state.legal_moves()[0])
    m.settle()
    m.play(m.state.legal_moves()[0])
    m.settle()
    assert not m.turned


def test_a_lesson_coaches_a_match_of_its_own_that_is_saved_nowhere(tmp_path):
    lesson = LessonMatch(lesson_for("kotu_ellima"))
    assert not isinstance(lesson, Match) and lesson.match.coach is lesson
    assert lesson.match.saver is None and lesson.match.saving and lesson.match.game_file is None
    assert lesson.match.help_text() == lesson.help_text()
    before = lesson.match.state.to_text()
    starts = {m.path[0] for m in lesson.expected}
    wrong = next(c for c in range(len(lesson.match.state.game.layout.cells)) if c not in starts)
    lesson.match.click(wrong)
    assert lesson.feedback and lesson.match.state.to_text() == before  # refused by the lesson, not played
    loaded = load_state(before)
    lesson.match.load(loaded)
    assert lesson.match.state is loaded and not lesson.match.movers and not lesson.match.log


def test_a_match_against_the_computer_undoes_to_the_persons_move():
    class Idle:
        busy = False

        def request(self, *a, **k):
            return 1

        def poll(self):
            return None

        def cancel(self):
            pass

        def close(self):
            pass

    m = Match(MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=0), worker=Idle())  # type: ignore[arg-type]
    start = m.state.to_text()
    m.play(m.state.legal_moves()[0])
    m.play(m.state.legal_moves()[0])  # as if the computer had answered
    m.settle()
    assert len(m.log) == 2
    m.undo()
    assert m.state.to_text() == start and m.log == [] and m.can_redo
    m.redo()
    m.settle()
    assert m.state.ply == 2 and len(m.log) == 2
