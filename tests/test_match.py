"""The match model on its own, without a window: moves played through the rules and reported as
events, announced only once shown, undo and redo, looking back, the move list, and the words."""

from __future__ import annotations

from game.config import COMPUTER, HUMAN, PASS_AND_PLAY, VS_COMPUTER, MatchConfig
from game.match import BoardReset, Flash, Match, Played, Sound, Tone
from game.match.numbering import move_labels
from game.match.words import LogEntry, log_rows, moves_now, turn_parts
from rules import load_game
from rules.war import HUFF
from tools.scenarios import chain_position, huff_position, random_play


def match_of(state, **config) -> Match:
    return Match(MatchConfig(state.game.id, dict(state.game.options), **config), state.copy())


def test_a_move_is_reported_then_announced_only_once_shown():
    m = Match(MatchConfig("kotu_ellima"))
    move = m.state.legal_moves()[0]
    m.click(move.path[0])
    m.click(move.path[1])
    events = m.take_events()
    played = next(e for e in events if isinstance(e, Played))
    assert played.move == move and m.state.ply == 1 and m.busy
    assert m.log == [] and m.event == ""  # not yet shown
    assert m.turn_text() == moves_now(m.side(0))
    m.land()
    assert not m.busy and [e.notation for e in m.log] == [m.state.game.format_move(move)]
    assert m.event.startswith(f"{m.side(0)}: ")


def test_a_refused_click_says_why_and_flashes_the_cell():
    m = Match(MatchConfig("kotu_ellima"))
    enemy = next(p for p, (owner, _) in m.pieces_now.items() if owner == 1)
    m.click(enemy)
    events = m.take_events()
    assert Flash(enemy) in events and Sound("illegal", 0.6) in events
    assert m.said.tone == Tone.WARN and m.state.ply == 0


def test_undo_and_redo_against_the_computer_go_back_to_the_players_move():
    state = load_game("kotu_ellima").new_initial_state()
    m = Match(MatchConfig("kotu_ellima", mode=PASS_AND_PLAY), state)
    m.controllers = [HUMAN, COMPUTER]
    for _ in range(4):
        m.play(m.state.legal_moves()[0])
        m.settle()
    m.take_events()
    m.undo()
    assert m.state.ply == 2 and len(m.log) == 2 and any(isinstance(e, BoardReset) for e in m.take_events())
    assert m.can_redo
    m.redo()
    m.settle()
    assert m.state.ply == 4 and not m.can_redo


def test_looking_back_never_changes_the_game():
    state = random_play("sixteen_soldiers", 2, lambda s: s.ply >= 10)
    m = match_of(state)
    live = m.state.to_text()
    m.review_at(3)
    assert m.review.active and m.board_source.state.ply == state.ply - 10 + 3
    third = move_labels(m.movers)[2]  # the move list's own label ('2.' when South moved twice running...)
    assert m.said.words.startswith(f"Move {third} — {m.side(m.movers[2])}: ")
    assert turn_parts(m)[0] == f"Move {third}, {m.side(m.movers[2])}"
    m.click(next(iter(m.board_source.pieces_now)))  # a click on the board goes back to the game
    assert not m.review.active and m.state.to_text() == live


def test_the_move_list_rows_keep_a_side_that_moves_twice_in_its_own_column():
    entries = [LogEntry(1, 0, "a", ""), LogEntry(2, 1, "b", ""), LogEntry(3, 1, "c", ""), LogEntry(4, 0, "d", ""),
               LogEntry(5, 1, "e", "")]
    rows = log_rows(entries)
    assert [(n, [e.notation if e else None for e in cells]) for n, cells in rows] == [
        (1, ["a", "b"]), (2, [None, "c"]), (3, ["d", "e"])]
    assert log_rows([LogEntry(1, 1, "x", "")]) == [(1, [None, LogEntry(1, 1, "x", "")])]  # second player first


def test_a_huff_by_the_computer_is_said_where_the_player_looks_and_stays_marked():
    state = huff_position()
    m = match_of(state, mode=VS_COMPUTER, human_side=state.to_move ^ 1)
    huffer = m.state.to_move
    m.controllers = [COMPUTER if p == huffer else HUMAN for p in (0, 1)]
    huff = next(mv for mv in m.state.legal_moves() if mv.kind == HUFF)
    m.play(huff)
    m.land()
    follow = m.state.legal_moves()[0]  # a huff does not end the turn: the computer moves on
    m.play(follow)
    m.land()
    cell = state.game.point_name(huff.path[0])
    assert m.said.words.startswith(f"{m.side(huffer)} huffed your piece on {cell}") and m.said.tone == Tone.WARN
    assert any(e.cell == huff.path[0] for e in m.last_effects)  # the removed piece stays marked


def test_a_chain_played_shows_the_route_the_player_clicked():
    state = chain_position()
    m = match_of(state)
    chain = max(m.state.legal_moves(), key=lambda mv: len(mv.captured))
    for cell in chain.path:
        m.click(cell)
    if m.builder.path:
        m.stop_chain()
    assert m.state.ply == state.ply + 1 and m.last_move is not None and m.last_move.path == chain.path


def test_the_match_model_never_imports_pygame():
    import subprocess
    import sys

    code = ("import sys, game.match, game.tutorials.lesson_match, game.library; "
            "sys.exit('pygame' in sys.modules or 'pymunk' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_computer_against_computer_plays_each_side_at_its_own_level():
    from game import saves
    from game.config import WATCH

    class Worker:  # answers nothing: only which level each request asks for is seen
        busy = False

        def __init__(self) -> None:
            self.asked: list[str] = []

        def request(self, position, level="medium", min_pause=0.0, seed=None, iterations=None) -> int:
            self.asked.append(level)
            return len(self.asked)

        def poll(self):
            return None

        def cancel(self) -> None:
            pass

        def close(self) -> None:
            pass

    config = MatchConfig("cows_leopards", mode=WATCH, level="hard", level2="easy")
    assert (config.level_of(0), config.level_of(1)) == ("hard", "easy")
    worker = Worker()
    m = Match(config, worker=worker)
    assert [m.controller_label(p) for p in (0, 1)] == ["Computer (Hard)", "Computer (Easy)"]
    m.tick(0.1)
    first = m.state.to_move
    m.computer.cancel_move()
    m.play(m.state.legal_moves()[0])
    m.settle()
    m.tick(0.1)
    assert worker.asked == [config.level_of(first), config.level_of(first ^ 1)]
    back = saves.read_match(saves.match_text(config, m.state))
    assert (back.config.level, back.config.level2) == ("hard", "easy")
    assert "Hard v Easy" in back.summary()


def test_the_move_list_numbers_its_rows_with_the_one_numbering():
    import random

    from game.match.numbering import turn_numbers

    rng = random.Random(5)
    for _ in range(200):
        movers = [rng.randrange(2) for _ in range(rng.randrange(1, 12))]
        entries = [LogEntry(i + 1, mover, str(i), "") for i, mover in enumerate(movers)]
        numbers = turn_numbers(movers)
        row_of = {e.ply: n for n, cells in log_rows(entries) for e in cells if e is not None}
        assert [row_of[e.ply] for e in entries] == numbers


def test_ncuva_writes_a_capturing_sowing_the_same_played_and_reopened():
    state = random_play("ncuva", 1, lambda s: any(s.move_text(mv).endswith("x") for mv in s.legal_moves()))
    m = match_of(state, mode=PASS_AND_PLAY)
    sowing = next(mv for mv in m.state.legal_moves() if m.state.move_text(mv).endswith("x"))
    written = m.state.move_text(sowing)
    m.play(sowing)
    m.settle()
    assert m.log[-1].notation == written and m.log[-1].words.startswith(f"{m.side(m.log[-1].mover)}: {written}, ")
    reopened = match_of(m.state)  # the same game built on the finished state, as a reopened save is
    assert [(e.notation, e.words) for e in reopened.log] == [(e.notation, e.words) for e in m.log]


def test_looking_back_at_the_start_and_a_hint_there_name_moves_by_the_list():
    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    m = match_of(state)
    m.review_at(0)
    assert turn_parts(m)[0] == "The start" and m.said.words.startswith("The start.")
    labels = move_labels(m.movers)
    m.review_at(4)
    assert turn_parts(m)[0] == f"Move {labels[3]}, {m.side(m.movers[3])}"


def test_the_result_is_said_to_the_person_who_played_the_computer():
    from tools.scenarios import finished

    state = finished("kotu_ellima", 3)
    winner = state.outcome().winner
    assert winner is not None
    m = match_of(state)
    m.controllers = [HUMAN, COMPUTER] if winner == 1 else [COMPUTER, HUMAN]  # the person lost
    assert turn_parts(m)[1].startswith("You lost: ")
    m.controllers = [COMPUTER, HUMAN] if winner == 1 else [HUMAN, COMPUTER]
    assert turn_parts(m)[1].startswith("You won: ")
    m.controllers = [HUMAN, HUMAN]
    assert turn_parts(m)[1].startswith(f"{m.side(winner)} wins: ")
    drawn = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    while drawn.outcome() is None:
        drawn.play(drawn.legal_moves()[0])
    assert drawn.outcome().winner is None
    m = match_of(drawn)
    m.controllers = [HUMAN, COMPUTER]
    assert turn_parts(m)[1].startswith("A draw: ")  # a draw stays a draw
