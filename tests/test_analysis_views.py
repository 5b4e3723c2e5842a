"""What the analysis and the look back say, from the player's side and in the move list's own
numbering: the graph and its words from the person's side against the computer (G or a click on
its title turns it round), the summary naming 'You' and 'the computer', a slip's mark looking at
the position before the move while the header and the move list name the move itself, and a
slip said in a player's words by why it was one."""

from __future__ import annotations

import pygame
import pytest
from scripted_runner import Scripted

from game.ai.analysis import Point
from game.config import Controller, MatchConfig, Mode
from game.match import Match
from game.match.analysis import Judgement, Slip, Verdict, slip_words
from game.match.numbering import move_labels
from game.match.words import turn_parts
from tools.scenarios import finished
from tools.scenarios import start_play as start


def movers_of(state) -> list[int]:
    replay = state.copy()
    for _ in state.history():
        replay.undo()
    movers = []
    for move in state.history():
        movers.append(replay.to_move)
        replay.apply(move)
    return movers


def points_for(state, first_value: float = 0.8) -> list[Point]:
    """A point a position, the first worth ``first_value`` to the first player, then even (the
    best move named where the game went on, so nothing is judged but what a test says)."""
    movers = movers_of(state) + [state.to_move]
    out = []
    replay = state.copy()
    for _ in state.history():
        replay.undo()
    for ply, mover in enumerate(movers):
        value = first_value if mover == 0 else 1 - first_value
        best = replay.move_text(state.history()[ply]) if ply < len(state.history()) else ""
        out.append(Point(ply, mover, value if ply == 0 else 0.5, best, 2))
        if ply < len(state.history()):
            replay.apply(state.history()[ply])
    return out


def slip_by(state, player: int) -> tuple[int, str]:
    """(ply, the other move's notation) of a move by ``player`` that had another choice."""
    replay = state.copy()
    for _ in state.history():
        replay.undo()
    found = None
    for ply, move in enumerate(state.history(), start=1):
        others = [mv for mv in replay.legal_moves() if mv != move]
        if replay.to_move == player and others and ply > 10 and found is None:
            found = (ply, replay.move_text(others[0]))
        replay.apply(move)
    assert found is not None
    return found


def analysed(scene_or_match, state, judged: list[Judgement] | None = None):
    m: Match = getattr(scene_or_match, "match", scene_or_match)
    m.analyse(lambda start, moves: Scripted(points_for(state)))
    if judged is not None:  # the slips the test names, whatever the judge would make of the values
        m.analysis.judgements = lambda: judged  # type: ignore[method-assign]
    return m


def judgement(
    ply: int,
    mover: int,
    best: str,
    verdict=Verdict.MISTAKE,
    why=Slip.MATERIAL,
    lost=2.0,
    before=0.7,
    after=0.3,
) -> Judgement:
    return Judgement(ply, mover, before - after, verdict, best, before, after, lost, why)


# --- the side the graph is seen from --------------------------------------------------------------
def test_the_graph_speaks_to_a_person_who_played_north_and_turns_round_on_g_and_on_its_title(app):
    state = finished("kotu_ellima", 3)
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=1), state)
    m = analysed(scene, state)
    app.frame([], 1 / 60)
    plan, analysis = scene.plan, m.analysis
    assert m.lone_human == 1 and m.graph_side == 1
    assert plan.graph_words.startswith(f"Your chances ({m.side(1)})"), plan.graph_words
    # the start is worth 0.8 to South, so 0.2 to North: the line starts low, from North's side
    assert analysis.graph(1)[0] == pytest.approx(0.2) and plan.graph_line[0][1] > plan.graph_area.centery
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g")], 1 / 60)
    assert m.graph_side == 0 and scene.plan.graph_words.startswith(f"The computer's chances ({m.side(0)})")
    assert scene.plan.graph_line[0][1] < scene.plan.graph_area.centery  # the same start, high for South
    title = scene.plan.graph_title
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=title.center, button=1)], 1 / 60)
    assert m.graph_side == 1 and not m.review.active  # a click on the title looks at no move


@pytest.mark.parametrize("mode", [Mode.PASS, Mode.WATCH])
def test_without_one_person_against_the_computer_the_graph_is_the_first_players(app, mode):
    state = finished("kotu_ellima", 3)
    scene = start(app, MatchConfig("kotu_ellima", mode=mode), state)
    m = analysed(scene, state)
    app.frame([], 1 / 60)
    assert m.lone_human is None and m.graph_side == 0
    assert scene.plan.graph_words.startswith(f"{m.side(0)}'s chances")
    m.flip_graph_side()
    app.frame([], 1 / 60)
    assert scene.plan.graph_words.startswith(f"{m.side(1)}'s chances")


def test_the_summary_names_you_and_the_computer_where_a_person_played_it():
    state = finished("kotu_ellima", 3)
    ply, best = slip_by(state, 1)
    m = Match(MatchConfig("kotu_ellima", mode=Mode.PASS), state.copy())
    m.controllers = [
        Controller.COMPUTER,
        Controller.HUMAN,
    ]  # the person played North (no engine process here)
    analysed(m, state, [judgement(ply, 1, best, Verdict.BLUNDER)])
    m.tick(0.1)
    # the one move judged gave away 0.4 of the expected result; the computer made none that was judged
    assert m.said.words.startswith("Looked over. You: 60% accuracy, 1 blunder; the computer: no slip."), (
        m.said.words
    )
    both = Match(MatchConfig("kotu_ellima", mode=Mode.PASS), state.copy())
    analysed(both, state, [judgement(ply, 1, best, Verdict.BLUNDER)])
    both.tick(0.1)
    assert both.said.words.startswith(
        f"Looked over. {both.side(0)}: no slip; {both.side(1)}: 60% accuracy, 1 blunder."
    )


# --- the result, to the person who played ------------------------------------------------------------
@pytest.mark.parametrize("human", [0, 1])
def test_the_result_says_you_won_or_you_lost_against_the_computer(app, human):
    from game.scenes.gameover import GameOverScene
    from tools.scenarios import pump

    state = finished("kotu_ellima", 3)
    winner = state.outcome().winner
    assert winner is not None
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=human), state)
    said = "You won" if winner == human else "You lost"
    head, rest = turn_parts(scene.match)
    assert head == "Game over" and rest.startswith(f"{said}: ") and state.outcome().reason in rest
    pump(app, 1.0, 0.1)
    over = app.manager.top
    assert isinstance(over, GameOverScene)
    assert over.result_words == f"{said}!" and over.strip_words.startswith(f"{said}. ")


def test_pass_and_play_names_the_winning_side():
    state = finished("kotu_ellima", 3)
    m = Match(MatchConfig("kotu_ellima", mode=Mode.PASS), state.copy())
    winner = state.outcome().winner
    assert turn_parts(m)[1].startswith(f"{m.side(winner)} wins: ")


# --- a slip's mark and the move list ------------------------------------------------------------------
def test_a_slips_mark_names_the_move_itself_while_the_board_shows_the_position_before_it(app):
    state = finished("kotu_ellima", 3)
    ply, best = slip_by(state, 1)
    scene = start(app, MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=1), state)
    m = analysed(scene, state, [judgement(ply, 1, best)])
    app.frame([], 1 / 60)
    (x, y), _, mark_ply = next(mk for mk in scene.plan.graph_marks if mk[2] == ply)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1)], 1 / 60)
    view = m.review.view
    assert m.review.ply == ply - 1 and m.review.judged_ply == mark_ply == ply  # the board: before the move
    assert view.suggestion == view.state.parse_move(best)  # the better move marked on it
    assert scene.plan.log_marked == mark_ply  # the move list marks the judged move's own cell...
    cell = next(rect for rect, index, _ in scene.plan.log_cells if index == mark_ply)  # ...in view...
    north = {rect.left for rect, index, _ in scene.plan.log_cells if m.log[index - 1].mover == 1}
    assert north == {cell.left}  # ...in North's column
    label = move_labels(movers_of(state))[ply - 1]
    head, rest = turn_parts(m)
    assert head == f"Move {label}, {m.side(1)}" and label.endswith("…")
    assert rest == f"before it: best was {best}, marked on the board"
    assert scene.plan.turn_head == head
    # the graph's marker stands on the judged move too
    assert scene.plan.graph_now == pytest.approx(x)
    # stepping on from there shows the move played, named the same
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    app.frame([right], 1 / 60)
    assert m.review.ply == ply and m.review.judged_ply is None and scene.plan.log_marked == ply
    assert turn_parts(m)[0] == f"Move {label}, {m.side(1)}"
    assert m.shown_to_move == 0 and scene.plan.turn_player == 1  # North's piece beside North's move
    # a click on the judged move in the list looks at it as its mark does
    cell = next(rect for rect, index, _ in scene.plan.log_cells if index == ply)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cell.center, button=1)], 1 / 60)
    assert m.review.ply == ply - 1 and m.review.judged_ply == ply and scene.plan.log_marked == ply


def test_a_good_move_looked_at_shows_the_position_after_it():
    state = finished("kotu_ellima", 3)
    m = Match(MatchConfig("kotu_ellima", mode=Mode.PASS), state.copy())
    analysed(m, state, [])
    m.tick(0.1)
    m.look_at_move(3)
    assert m.review.ply == 3 and m.review.judged_ply is None and m.highlighted_ply == 3


# --- a slip in words ----------------------------------------------------------------------------------
def test_a_slip_is_said_by_why_it_was_one():
    move = "c3xe5"
    assert (
        slip_words(judgement(9, 1, move, why=Slip.MATERIAL, lost=2.0), "North", False)
        == "it lost 2 pieces by force"
    )
    assert (
        slip_words(judgement(9, 1, move, why=Slip.MATERIAL, lost=1.0), "North", False)
        == "it lost 1 piece by force"
    )
    assert (
        slip_words(judgement(9, 1, move, why=Slip.MATERIAL, lost=5.0), "North", True)
        == "it lost 5 stones by force"
    )
    assert (
        slip_words(judgement(9, 1, move, why=Slip.RESULT, before=0.95, after=0.05), "North", False)
        == "it turned a won game into a lost one"
    )
    assert (
        slip_words(judgement(9, 1, move, why=Slip.RESULT, before=0.95, after=0.5), "North", False)
        == "it let a won game slip away"
    )
    assert (
        slip_words(judgement(9, 1, move, why=Slip.RESULT, before=0.5, after=0.02), "North", False)
        == "it turned an undecided game into a lost one"
    )
    assert (
        slip_words(judgement(9, 1, move, why=Slip.VALUE, lost=0.0, before=0.62, after=0.45), "North", False)
        == "it dropped North's chances from 62% to 45%"
    )


@pytest.mark.parametrize("game_id, unit", [("kotu_ellima", "pieces"), ("ncuva", "stones")])
def test_looking_at_a_slip_says_the_move_what_it_cost_and_what_was_best(game_id, unit):
    state = finished(game_id, 3)
    ply, best = slip_by(state, 1)
    m = Match(MatchConfig(game_id, dict(state.game.options), mode=Mode.PASS), state.copy())
    analysed(m, state, [judgement(ply, 1, best, Verdict.MISTAKE, Slip.MATERIAL, lost=2.0)])
    m.tick(0.1)
    m.look_at_move(ply)
    label = move_labels(movers_of(state))[ply - 1]
    notation = m.log[ply - 1].notation
    assert m.said.words == (
        f"Move {label}, {m.side(1)} {notation}?: a mistake — it lost 2 {unit} by force. "
        f"Best was {best} (marked on the board)."
    )


def test_what_a_slip_cost_in_stones_and_in_shares_of_the_result():
    move = "c3xe5"
    assert (
        slip_words(judgement(9, 1, move, why=Slip.MATERIAL, lost=1.0), "North", True)
        == "it lost 1 stone by force"
    )
    said = slip_words(judgement(9, 1, move, why=Slip.MATERIAL, lost=1.0), "North", True)
    assert (said.template, said.plural) == ("it lost {n} stone by force", "it lost {n} stones by force")
    # a slip by value says the chances, whatever material the judgement carries
    assert (
        slip_words(Judgement(9, 1, 0.17, Verdict.MISTAKE, move, 0.62, 0.45, 2.0, Slip.VALUE), "North", False)
        == "it dropped North's chances from 62% to 45%"
    )
    # a result changed by lines drawn elsewhere, between standings the words do not name
    assert (
        slip_words(Judgement(9, 1, 0.35, Verdict.BLUNDER, move, 0.85, 0.5, 0.0, Slip.RESULT), "North", False)
        == "it changed the game's result"
    )
    # a result no worse after the move than the best (the values of two searches): the share given away
    assert (
        slip_words(Judgement(9, 1, 0.12, Verdict.INACCURACY, move, 0.5, 0.5, 0.0, Slip.VALUE), "North", False)
        == "it gave away 12% of the expected result"
    )


# --- the verdicts -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "before, after, lost, forces, verdict, why",
    [
        (0.60, 0.50, 0.0, 16, Verdict.INACCURACY, Slip.VALUE),  # a tenth of the result given away
        (0.55, 0.50, 0.7, 16, Verdict.GOOD, Slip.NONE),  # under a piece, under a tenth: no slip
        (0.55, 0.50, 0.75, 16, Verdict.MISTAKE, Slip.MATERIAL),  # the material line, exactly
        (
            0.55,
            0.45,
            3.0,
            0,
            Verdict.MISTAKE,
            Slip.MATERIAL,
        ),  # what the mover had unknown: no blunder by its share
        (0.55, 0.45, 1.9, 4, Verdict.MISTAKE, Slip.MATERIAL),  # half a small army, but under two pieces
        (0.55, 0.45, 5.0, 15, Verdict.BLUNDER, Slip.MATERIAL),  # a third of the army
        (0.55, 0.45, 2.0, 6, Verdict.BLUNDER, Slip.MATERIAL),  # two pieces, a third of a small army
        (0.55, 0.45, 2.0, 1, Verdict.BLUNDER, Slip.MATERIAL),  # two pieces, more than all it had
        (0.30, 0.08, 0.0, 16, Verdict.BLUNDER, Slip.RESULT),  # a mistake's drop, but the game lost
        (0.55, 0.20, 1.0, 16, Verdict.BLUNDER, Slip.MATERIAL),  # a piece, and a third of the result
        (1.00, 0.90, 0.0, 16, Verdict.GOOD, Slip.NONE),  # won before and after: a tenth given away is no slip
        (0.98, 0.93, 1.0, 16, Verdict.GOOD, Slip.NONE),  # won: one piece is no slip
        (0.99, 0.93, 3.0, 16, Verdict.MISTAKE, Slip.MATERIAL),  # still won, but pieces thrown away
        (0.10, 0.00, 0.0, 16, Verdict.GOOD, Slip.NONE),  # lost either way
        (0.97, 0.74, 0.0, 16, Verdict.MISTAKE, Slip.RESULT),  # a won game let go
        (0.55, 0.10, 0.0, 16, Verdict.BLUNDER, Slip.RESULT),  # a game lost
        (0.95, 0.88, 0.0, 16, Verdict.GOOD, Slip.NONE),  # a step over the line is no slip
    ],
)
def test_a_move_is_judged_by_the_result_the_material_and_the_share_it_gave_away(
    before, after, lost, forces, verdict, why
):
    from game.match.analysis import judge_move

    assert judge_move(before, after, lost, forces) == (verdict, why)


def test_a_value_exactly_on_a_line_counts_as_over_it():
    """0.60 - 0.50 is 0.0999... in floating point: a value within EPS under a line is on it."""
    from game.match.analysis import EPS, LINES, Lines, judge_move

    assert judge_move(LINES.decided - EPS, 0.79, 0.0, 16) == (Verdict.MISTAKE, Slip.RESULT)  # was won: let go
    assert judge_move(0.55, 1 - LINES.decided + EPS, 0.0, 16) == (Verdict.BLUNDER, Slip.RESULT)  # now lost
    assert judge_move(0.55, 0.50, LINES.material - EPS, 16) == (
        Verdict.MISTAKE,
        Slip.MATERIAL,
    )  # a piece lost
    assert judge_move(0.55, 0.45, 2.0 - EPS, 3) == (Verdict.BLUNDER, Slip.MATERIAL)  # two pieces
    never_decided = Lines(decided=2.0)
    assert judge_move(0.2 - EPS, 0.0, 0.0, 16, never_decided) == (
        Verdict.MISTAKE,
        Slip.VALUE,
    )  # a fifth given away


def test_in_a_decided_game_only_material_counts_whatever_the_lines():
    """With the lines drawn elsewhere (the benchmark tries them), a decided game is still judged
    by the material alone: a big drop of value there is no blunder by itself."""
    from game.match.analysis import Lines, judge_move

    lines = Lines(decided=0.6)
    assert judge_move(0.95, 0.62, 2.0, 16, lines) == (Verdict.MISTAKE, Slip.MATERIAL)
    assert judge_move(0.95, 0.62, 0.0, 16, lines) == (Verdict.GOOD, Slip.NONE)
    assert judge_move(0.95, 0.62, 0.0, 16) == (
        Verdict.BLUNDER,
        Slip.RESULT,
    )  # the usual lines: a won game let go
    from game.match.analysis import judge_point

    point = Point(4, 0, 0.95, "c3-d4", 3, 0.62, 2.0, 2.0)
    assert (judge_point(point, "e3-e4", 16, lines).verdict, judge_point(point, "e3-e4", 16).verdict) == (
        Verdict.GOOD,
        Verdict.BLUNDER,
    )


@pytest.mark.parametrize(
    "point, played, judged",
    [
        # a third of the result given away, no material: the move after position 4 is move 5
        (
            Point(4, 0, 0.75, "c3-d4", 3, 0.25, 2.0, 1.5),
            "e3-e4",
            Judgement(5, 0, 0.5, Verdict.BLUNDER, "c3-d4", 0.75, 0.25, 0.0, Slip.VALUE),
        ),
        # two pieces lost by force
        (
            Point(4, 1, 0.5, "c3-d4", 3, 0.5, 2.0, 0.0),
            "e3-e4",
            Judgement(5, 1, 0.0, Verdict.MISTAKE, "c3-d4", 0.5, 0.5, 2.0, Slip.MATERIAL),
        ),
        # the engine's own move: no slip, no better move named
        (
            Point(0, 0, 0.75, "c3-d4", 3, 0.5, 2.0, 0.0),
            "c3-d4",
            Judgement(1, 0, 0.25, Verdict.GOOD, "", 0.75, 0.5, 0.0, Slip.NONE),
        ),
        # the only move: no slip whatever the values say
        (
            Point(2, 0, 0.75, "c3-d4", 1, 0.25, 2.0, 0.0),
            "e3-e4",
            Judgement(3, 0, 0.5, Verdict.GOOD, "c3-d4", 0.75, 0.25, 0.0, Slip.NONE),
        ),
        # a move that kept more than the best line: nothing lost
        (
            Point(6, 1, 0.25, "c3-d4", 3, 0.5, 1.0, 3.0),
            "e3-e4",
            Judgement(7, 1, 0.0, Verdict.GOOD, "c3-d4", 0.25, 0.5, 0.0, Slip.NONE),
        ),
        # the last position (no move played after it): valued as it stands
        (
            Point(8, 0, 0.75, "c3-d4", 3, None, 0.0, 0.0),
            "e3-e4",
            Judgement(9, 0, 0.0, Verdict.GOOD, "c3-d4", 0.75, 0.75, 0.0, Slip.NONE),
        ),
    ],
)
def test_a_point_of_the_analysis_judges_the_move_played_there(point, played, judged):
    from game.match.analysis import judge_point

    assert judge_point(point, played, 16) == judged._replace(choices=point.choices)


def test_one_move_is_judged_here_as_a_games_analysis_judges_it(monkeypatch):
    from game.ai.analysis import analyse
    from game.match.analysis import judge_point, look_at_one
    from tools.scenarios import random_play

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    move = state.legal_moves()[-1]
    point, notation, forces = look_at_one(state, move, budget=2)
    assert (notation, forces) == (state.move_text(move), state.forces(state.to_move))
    analysed = next(analyse(state.to_text(), [notation], budget=2))  # the position read afresh counts from 0
    assert point.ply == state.ply and point == analysed._replace(ply=point.ply)
    assert judge_point(point, notation, forces).ply == state.ply + 1
    monkeypatch.setattr(
        "game.ai.analysis.budget_for", {"kotu_ellima": 2}.__getitem__
    )  # the game's own budget
    assert look_at_one(state, move) == (point, notation, forces)


def test_the_summary_names_the_first_player_first_unless_told_and_the_turning_points_are_the_biggest_swings():
    from game.match.analysis import GameAnalysis

    state = finished("kotu_ellima", 3)
    movers = movers_of(state)
    # the first player's chances: a half, three quarters after move 3, a quarter after move 7,
    # won after move 8, and a little less after the last move
    values = [0.5] * 3 + [0.75] * 4 + [0.25] + [1.0] * (len(movers) - 8) + [0.875]
    points = [
        Point(ply, mover, values[ply] if mover == 0 else 1 - values[ply], "", 2)
        for ply, mover in enumerate(movers + [state.to_move])
    ]
    analysis = GameAnalysis(state, lambda start, moves: Scripted(points))
    analysis.poll()
    assert analysis.summary(("South", "North")).startswith(
        "Looked over. South: 100% accuracy, no slip; North: 100% accuracy, no slip."
    )
    assert analysis.summary(("South", "North"), 1).startswith(
        "Looked over. North: 100% accuracy, no slip; South: 100% accuracy, no slip."
    )
    assert analysis.graph(0)[:10] == [0.5, 0.5, 0.5, 0.75, 0.75, 0.75, 0.75, 0.25, 1.0, 1.0]
    assert analysis.graph(0)[-1] == 0.875 and analysis.graph(1)[-1] == 0.125
    last = len(movers)
    assert analysis.turning_points() == [3, 7, 8] and analysis.turning_points(2) == [7, 8]
    assert analysis.turning_points(10) == [3, 7, 8, last]  # no swing, no turning point


def test_a_slip_looked_at_from_the_first_move_to_the_last_and_a_good_move_with_a_better_one():
    """Any move of the list may be a slip, the first and the last too: the position before it with
    the better move marked, the sides as the game names them, said in a hint's colour; a move the
    engine found good is shown as played, though it named another."""
    from game.match import BoardReset, Tone
    from tools.scenarios import random_play

    state = random_play("kotu_ellima", 1, lambda s: s.ply >= 6)  # moves 1, 5 and 6 had other choices
    m = Match(MatchConfig("kotu_ellima", mode=Mode.PASS), state.copy())
    m.look_at_move(3)  # nothing looked over yet: the move itself
    assert m.review.ply == 3 and m.review.judged_ply is None
    movers = movers_of(state)
    labels = move_labels(movers)

    def other_moves(ply: int) -> list[str]:
        before = state.copy()
        for _ in range(len(state.history()) - ply + 1):
            before.undo()
        return [before.move_text(mv) for mv in before.legal_moves() if mv != state.history()[ply - 1]]

    slips = {
        ply: Judgement(
            ply, movers[ply - 1], 0.25, Verdict.MISTAKE, other_moves(ply)[0], 0.75, 0.5, 0.0, Slip.VALUE
        )
        for ply in (1, 6)
    }
    middle = next(ply for ply in range(2, 6) if other_moves(ply))
    good = Judgement(
        middle, movers[middle - 1], 0.0, Verdict.GOOD, other_moves(middle)[0], 0.5, 0.5, 0.0, Slip.NONE
    )
    analysed(m, state, [*slips.values(), good])
    for ply, slip in slips.items():
        m.take_events()
        m.look_at_move(ply)
        side = m.side(slip.mover)
        assert (m.review.ply, m.review.judged_ply, m.review.judged_best) == (ply - 1, ply, slip.best)
        assert (
            m.review.view is not None and m.review.view.sides == m.sides and m.take_events() == [BoardReset()]
        )
        assert m.said == (
            f"Move {labels[ply - 1]}, {side} {m.log[ply - 1].notation}?: a mistake — it dropped {side}'s "
            f"chances from 75% to 50%. Best was {slip.best} (marked on the board).",
            Tone.HINT,
        )
    m.look_at_move(middle)
    assert (m.review.ply, m.review.judged_ply) == (middle, None)
