"""The puzzle sets as shipped (``game/puzzles/*.json``, made by ``python -m training.puzzles``) and
the puzzle model (``game.match.puzzle``): every set loads, every answer is legal and stored as
uniquely best by the set's margin, a sample is searched again (cheaply by default: at the depth
its grade says the answer is already found; every puzzle at its full depth with
``KELIYA_ALL_PUZZLES=1``); the model judges a move, hints, shows the answer, keeps a streak and a
record that is saved, read back, and set aside when it is corrupt."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.match import puzzle as pz
from game.match.puzzle import DECIDED, SET_IDS, Phase, PuzzleSession, Record, load_record, load_set
from rules import load_state
from training.puzzles import SETS, check_puzzle, clear_best, compare_all

#: the least a set holds (the issue asks 40 a game; a set short of it says so in RESULTS.md)
LEAST = {sid: 40 for sid in SET_IDS}


def test_the_generator_and_the_screen_know_the_same_sets():
    assert tuple(SETS) == SET_IDS


@pytest.mark.parametrize("set_id", SET_IDS)
def test_a_shipped_set_loads_and_every_answer_is_legal_and_uniquely_best_as_stored(set_id):
    ps = load_set(set_id)
    assert ps.id == set_id and ps.game == SETS[set_id].game
    assert len(ps.puzzles) >= LEAST[set_id], (set_id, len(ps.puzzles))
    assert len({p.id for p in ps.puzzles}) == len(ps.puzzles)
    assert len({p.position for p in ps.puzzles}) == len(ps.puzzles)  # no position twice
    for p in ps.puzzles:
        state = load_state(p.position)
        legal = {state.move_text(m) for m in state.legal_moves()}
        assert p.answer in legal and set(p.scores) == legal, p.id
        assert len(legal) >= 3, p.id
        if ps.side is not None:
            assert state.to_move == ps.side, p.id
        others = [v for k, v in p.scores.items() if k != p.answer]
        best = p.scores[p.answer]
        if best >= DECIDED:
            assert max(others) < DECIDED, p.id
        else:
            assert best > -DECIDED and best - max(others) >= p.margin, p.id
        assert p.grade == (1 if p.found_at <= 1 else 2 if p.found_at <= 3 else 3), p.id
        assert p.line[0] == p.answer and p.depth == SETS[set_id].depth, p.id
        work = state.copy()
        for text in p.line:  # the line is playable
            work.play(text)


@pytest.mark.parametrize("set_id", SET_IDS)
def test_a_sample_is_found_again_by_the_search_at_its_grade_depth(set_id):
    """The answer is uniquely best by the margin at the stored depth (searched again for the
    puzzle with the fewest moves of each set) and already at ``found_at`` plies (two puzzles a
    set: their shallow depth keeps this quick); every puzzle at the stored depth with
    KELIYA_ALL_PUZZLES=1."""
    puzzles = load_set(set_id).puzzles
    if os.environ.get("KELIYA_ALL_PUZZLES"):
        bad = [(p.id, why) for p in puzzles if (why := check_puzzle(_raw(p)))]
        assert not bad
        return
    fewest = min(puzzles, key=lambda p: (len(p.scores), p.id))  # the cheapest to search in full
    assert check_puzzle(_raw(fewest)) == "", fewest.id
    rng = random.Random(set_id)
    shallow = sorted(puzzles, key=lambda p: p.found_at)[: max(4, len(puzzles) // 3)]
    for p in rng.sample(shallow, 2):
        state = load_state(p.position)
        found = compare_all(state, p.found_at)
        assert found is not None
        best = clear_best(found[0], p.margin, found[1])
        assert best is not None and state.move_text(best) == p.answer, p.id


def _raw(p: pz.Puzzle) -> dict:
    return {"id": p.id, "position": p.position, "answer": p.answer, "depth": p.depth, "margin": p.margin}


def test_the_check_fails_a_planted_wrong_answer():
    p = min(load_set("ncuva").puzzles, key=lambda q: q.depth)
    wrong = next(k for k in p.scores if k != p.answer)
    assert check_puzzle(_raw(p)) == ""
    assert "not uniquely best" in check_puzzle(dict(_raw(p), answer=wrong))


def test_the_shipped_sets_record_how_they_were_made():
    for set_id in SET_IDS:
        built = load_set(set_id).built
        assert built["command"].startswith("python -m training.puzzles --seed")
        assert built["depth"] == SETS[set_id].depth and built["margin"] == SETS[set_id].margin
        assert sum(built["grades"].values()) == built["puzzles"]


# --- the model --------------------------------------------------------------------------------------


@pytest.fixture
def session(tmp_path):
    return PuzzleSession(load_set("sixteen_soldiers"), Record(), tmp_path / "puzzles.json")


def _move(session: PuzzleSession, text: str):
    return session.puzzle_state().parse_move(text)


def _wrong(session: PuzzleSession) -> str:
    p = session.puzzle
    return min((k for k in p.scores if k != p.answer), key=lambda k: p.scores[k])


def _drain(session: PuzzleSession) -> list[str]:
    shown = []
    while (s := session.take_shown()) is not None:
        shown.append(s.notation)
    session.line_over()
    return shown


def test_the_answer_solves_and_its_line_is_shown_and_the_streak_grows(session, tmp_path):
    first = session.puzzle
    assert session.phase == Phase.OPEN and session.board.human_to_move
    assert session.try_move(_move(session, first.answer))
    assert session.phase == Phase.SOLVED
    assert "first try" in session.message
    assert _drain(session) == list(first.line)
    assert session.record.streak == 1 and session.record.result(first.id) == "solved"
    saved = json.loads((tmp_path / "puzzles.json").read_text())
    assert saved["puzzles"][first.id]["solved"] == 1 and saved["streak"] == 1
    session.next()
    assert session.puzzle is not first and session.phase == Phase.OPEN and session.tries == 0


def test_a_wrong_move_is_a_try_said_with_what_it_loses_then_the_puzzle_again(session):
    p = session.puzzle
    wrong = _wrong(session)
    assert not session.try_move(_move(session, wrong))
    assert session.tries == 1 and session.phase == Phase.PUNISHED
    assert wrong in session.message
    reply = p.replies.get(wrong, "")
    if reply:
        assert reply in session.message
    shown = _drain(session)
    assert shown[0] == wrong and (not reply or shown[1:] == [reply])
    assert session.phase == Phase.OPEN and session.state.to_text() == p.position
    # solving after a try is solved, but the streak starts again
    session.record.streak = 5
    assert session.try_move(_move(session, p.answer))
    assert session.record.streak == 0 and session.record.result(p.id) == "solved"


def test_three_wrong_tries_show_the_answer_and_fail_the_puzzle(session):
    p = session.puzzle
    for _ in range(pz.MAX_TRIES):
        session.try_move(_move(session, _wrong(session)))
        _drain(session)
    assert session.phase == Phase.SHOWN and p.answer in session.message
    assert session.record.result(p.id) == "failed"
    assert not session.try_move(_move(session, p.answer))  # over: nothing more counts


def test_the_hint_names_the_piece_and_breaks_the_streak(session):
    p = session.puzzle
    answer = _move(session, p.answer)
    session.hint()
    assert session.hint_cells == (answer.path[0],)
    game = session.state.game
    assert game.point_name(answer.path[0]) in session.message
    session.try_move(answer)
    assert session.phase == Phase.SOLVED and session.record.streak == 0


def test_a_drop_hint_marks_three_points_one_the_answers(tmp_path):
    s = PuzzleSession(load_set("cows_leopards-cows"), Record(), tmp_path / "r.json")
    for _ in range(len(s.set.puzzles)):
        if s.puzzle.answer.startswith("@"):
            break
        s.next()
    else:
        pytest.skip("no placing puzzle in the set")
    s.hint()
    cell = _move(s, s.puzzle.answer).path[0]
    assert cell in s.hint_cells and len(s.hint_cells) == min(3, len(s.puzzle.scores))


def test_showing_the_answer_fails_the_puzzle_and_plays_the_line(session):
    p = session.puzzle
    session.show_answer()
    assert session.phase == Phase.SHOWN and session.record.result(p.id) == "failed"
    assert _drain(session) == list(p.line)
    session.replay()
    assert _drain(session) == list(p.line)


def test_a_move_as_good_as_the_answer_solves_too(session):
    p = session.puzzle
    other = _wrong(session)
    session.puzzle = pz.Puzzle(**{**p.__dict__, "scores": {**p.scores, other: p.scores[p.answer]}})
    assert session.try_move(_move(session, other))


def test_the_record_is_read_back_and_a_corrupt_one_is_set_aside(tmp_path):
    path = tmp_path / "puzzles.json"
    record = Record()
    record.note("a-001", True, True)
    record.note("a-002", False, False)
    record.note("a-003", True, True)
    assert pz.save_record(record, path) == ""
    back, problem = load_record(path)
    assert problem == "" and back.results == record.results
    assert back.streak == 1 and back.best_streak == 1
    path.write_text("{ not json")
    fresh, problem = load_record(path)
    assert fresh.results == {} and "could not be read" in problem
    assert not path.exists() and list(tmp_path.glob("puzzles.json.bad-*"))
    path.write_text(
        json.dumps({"format": pz.RECORD_FORMAT, "streak": -3, "puzzles": {"x": {"solved": "many"}}})
    )
    odd, problem = load_record(path)
    assert problem == "" and odd.results == {} and odd.streak == 0


def test_a_record_that_cannot_be_written_is_said_and_the_session_goes_on(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    s = PuzzleSession(load_set("ncuva"), Record(), blocker / "puzzles.json")
    s.show_answer()
    assert "could not be saved" in s.problem and s.phase == Phase.SHOWN


def test_the_session_starts_at_the_first_puzzle_not_yet_solved(tmp_path):
    ps = load_set("peralikatuma")
    record = Record()
    record.note(ps.puzzles[0].id, True, True)
    record.note(ps.puzzles[1].id, True, True)
    assert PuzzleSession(ps, record, tmp_path / "r.json").index == 2
