"""Learn from your mistakes (issue 32, item 2): the players' mistakes and blunders after the
analysis, each a position to solve; a move tried judged by the analysis judge (the better move or
one as good solves it, the move played is refused, another is said to be no better with what it
costs), a hint, the answer with what the move played allowed; and on screen, by keys and clicks."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.analysis import Point
from game.config import MatchConfig, Mode
from game.match.analysis import GameAnalysis, Verdict
from game.match.events import Tone
from game.match.mistakes import MistakeDrill, exercises
from game.scenes.mistakes import MistakesScene
from rules import load_game, load_state
from tests.test_analysis_board import answered
from tools.scenarios import Mouse, click_move, pump, start_play, visible


def played_game(game_id: str = "cows_leopards", plies: int = 10, seed: int = 3):
    state = load_game(game_id).new_initial_state(random.Random(0))
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_moves()))
    return state


class Slips:
    """An analysis that answers at once: every move the engine's own, except the moves at
    ``slips`` (plies, 1: the first), each a blunder with another legal move the better one."""

    slips: tuple[int, ...] = (3, 4, 7)
    inaccuracy = 5  # a move that gives away a little: not one to solve again

    def __init__(self, start: str, moves: list[str]) -> None:
        state = load_state(start)
        self.points: list[Point] = []
        for ply, text in enumerate([*moves, ""]):
            move = state.parse_move(text) if text else None
            if move is not None and (ply + 1 in self.slips or ply + 1 == self.inaccuracy):
                other = next(m for m in state.legal_moves() if m != move)
                played = 0.2 if ply + 1 in self.slips else 0.58
                self.points.append(Point(ply, state.to_move, 0.7, state.move_text(other), 5, played=played))
            else:
                self.points.append(Point(ply, state.to_move, 0.5, text, 5))
            if move is not None:
                state.apply(move)
        self.done, self.error = False, ""

    def poll(self) -> list[Point]:
        self.done = True
        points, self.points = self.points, []
        return points

    def cancel(self) -> None:
        self.done = True


def analysed(state):
    analysis = GameAnalysis(state, Slips)
    analysis.poll()
    return analysis


class Judges:
    """A judging engine that answers at once: a move in ``good`` keeps the value, any other
    gives half of it away; the line after a move is its first legal replies."""

    def __init__(self, good: set[str] | None = None) -> None:
        self.good = good or set()
        self.points: list[Point] = []
        self.judged = None
        self.done, self.error = False, ""
        self.asked: list[tuple[str, str]] = []
        self._new = False
        self.closed = False

    def ask_try(self, position: str, move: str) -> None:
        self.asked.append((position, move))
        state = load_state(position)
        played = 0.7 if move in self.good else 0.2
        best = next(state.move_text(m) for m in state.legal_moves() if state.move_text(m) != move)
        self.judged = (Point(state.ply, state.to_move, 0.7, best, 5, played=played), move, 10)
        state.play(move)
        self.points = []
        for _ in range(2):
            reply = state.legal_moves()[0]
            self.points.append(Point(state.ply, state.to_move, 0.5, state.move_text(reply), 3))
            state.apply(reply)
        self.done, self._new = True, True

    def poll(self) -> bool:
        new, self._new = self._new, False
        return new

    def close(self) -> None:
        self.closed = True


def test_the_slips_are_the_players_mistakes_and_blunders_from_the_position_before_each():
    state = played_game()
    analysis = analysed(state)
    items = exercises(analysis, state, {0, 1})
    assert analysis.judgement(Slips.inaccuracy).verdict == Verdict.INACCURACY
    assert [e.ply for e in items] == list(Slips.slips)
    replay = load_game("cows_leopards").new_initial_state(random.Random(0))
    history = state.history()
    for e in items:
        before = replay.copy()
        for move in history[: e.ply - 1]:
            before.apply(move)
        assert e.position == before.to_text() and e.mover == before.to_move
        assert e.played == before.move_text(history[e.ply - 1]) and e.best != e.played
        assert e.verdict == Verdict.BLUNDER and e.cost
    mover_of_first = items[0].mover
    only = exercises(analysis, state, {mover_of_first})
    assert only and all(e.mover == mover_of_first for e in only) and len(only) < len(items)
    assert exercises(analysis, state, set()) == []


def test_the_better_move_solves_it_and_the_move_played_is_refused():
    state = played_game()
    items = exercises(analysed(state), state, {0, 1})
    engine = Judges()
    drill = MistakeDrill(items, state.game.sides, lambda: engine)
    assert "Find a better move" in drill.prompt() and items[0].played in drill.prompt()
    drill.try_move(drill.state.parse_move(items[0].played))
    assert drill.said.tone == Tone.WARN and drill.tries == 1 and not drill.done_here and not engine.asked
    best = drill.state.parse_move(items[0].best)
    for cell in best.path:
        drill.click(cell)
    assert drill.done_here and drill.solved == {0} and drill.said.tone == Tone.GOOD
    assert drill.events and drill.events[-1].move == best and drill.last_move == best
    drill.show_answer()  # found, then shown: from the position again, and still counted as found
    assert drill.state.to_text() == items[0].position and drill.suggestion == best and drill.solved == {0}


def test_another_move_is_judged_good_or_no_better_with_what_it_costs():
    state = played_game()
    items = exercises(analysed(state), state, {0, 1})
    first = load_state(items[0].position)
    others = [
        first.move_text(m)
        for m in first.legal_moves()
        if first.move_text(m) not in (items[0].best, items[0].played)
    ]
    engine = Judges(good={others[1]})
    drill = MistakeDrill(items, state.game.sides, lambda: engine)
    drill.try_move(first.parse_move(others[0]))
    assert drill.judging == others[0] and not drill.human_to_move
    drill.tick()
    assert not drill.done_here and drill.tries == 1 and drill.said.tone == Tone.WARN
    assert "no better" in drill.said.words and others[0] in drill.said.words
    drill.try_move(first.parse_move(others[1]))
    drill.tick()
    assert (
        drill.done_here and drill.solved == {0} and items[0].best in drill.said.words
    )  # the computer's own named


def test_a_hint_names_where_the_better_move_starts_and_the_answer_shows_what_the_slip_allowed():
    state = played_game("battlehalma", 12, seed=5)
    items = exercises(analysed(state), state, {0, 1})
    engine = Judges()
    drill = MistakeDrill(items, state.game.sides, lambda: engine)
    drill.hint()
    best = drill.state.parse_move(items[0].best)
    point = next(c.name for c in state.game.layout.cells if c.index == best.path[0])
    assert drill.said.tone == Tone.HINT and drill.said.words == f"Hint: the better move starts from {point}."
    assert items[0].best not in drill.said.words
    drill.show_answer()
    assert (
        drill.suggestion == best
        and drill.done_here
        and engine.asked[-1] == (items[0].position, items[0].played)
    )
    drill.tick()
    assert drill.answer_line == " ".join(p.best for p in engine.points)
    assert drill.solved == set()  # shown, not found
    assert drill.next() and drill.index == 1 and not drill.done_here and drill.suggestion is None
    while drill.next():
        pass
    drill.show_answer()
    assert drill.finished and "0 of 3" in drill.summary()


def test_the_real_engine_calls_a_recorded_blunder_no_better_and_its_own_move_good():
    from game.ai.line import LineEngine
    from game.match.analysis import judge_point
    from tests.reference_material import corpus

    _game, _seed, position, blunder, _safe, _units = next(
        r for r in corpus("blunders.txt") if r[0] == "sixteen_soldiers"
    )
    engine = LineEngine(plies=1)
    try:
        verdicts = []
        move = blunder
        for _ in range(2):  # the blunder, then the engine's own move there (its point's best)
            engine.ask_try(position, move)
            answered(engine)
            assert engine.judged is not None and not engine.error
            point, played, forces = engine.judged
            verdicts.append(judge_point(point, played, forces).verdict)
            move = point.best
        assert verdicts[0] in (Verdict.MISTAKE, Verdict.BLUNDER) and verdicts[1] == Verdict.GOOD
    finally:
        engine.close()


# --- on screen --------------------------------------------------------------------------------------
def test_l_after_the_analysis_opens_the_slips_and_keys_and_clicks_work_them(app, monkeypatch):
    monkeypatch.setattr("game.scenes.mistakes.judging_engine", lambda: Judges())
    mouse = Mouse(app)
    scene = start_play(app, MatchConfig("cows_leopards", mode=Mode.PASS), played_game())
    mouse.key(pygame.K_l)
    assert app.manager.top is scene and "Analyse the game first" in visible(app)
    scene.match.analyse(Slips)
    pump(app, 0.1)
    assert "slips again" in visible(app)
    mouse.key(pygame.K_l)
    drill = app.manager.top
    assert isinstance(drill, MistakesScene)
    m = drill.model
    assert "Find a better move" in visible(app)
    mouse.key(pygame.K_h)
    assert m.hinted and m.said.tone == Tone.HINT
    click_move(mouse, drill, m.state.parse_move(m.item.best))
    pump(app, 2)
    assert m.done_here and m.solved == {0} and "well found" in visible(app)
    mouse.key(pygame.K_n)
    assert m.index == 1
    mouse.key(pygame.K_s)
    pump(app, 0.1)
    assert m.shown and m.suggestion is not None and "the best play" in visible(app)
    mouse.key(pygame.K_RETURN)
    assert m.index == 2
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is scene


def test_a_game_without_slips_says_so(app, monkeypatch):
    monkeypatch.setattr(Slips, "slips", ())
    scene = start_play(app, MatchConfig("cows_leopards", mode=Mode.PASS), played_game())
    scene.match.analyse(Slips)
    pump(app, 0.1)
    Mouse(app).key(pygame.K_l)
    assert app.manager.top is scene and "No mistake or blunder" in visible(app)


def drill_at(app, size) -> MistakesScene:
    """The drill over the recorded game's slips, both sides', in a window of ``size``."""
    app.resize(size)
    state = played_game()
    items = exercises(analysed(state), state, {0, 1})
    scene = MistakesScene(app, items, state.game.sides, engine_factory=Judges)
    app.manager.push(scene)
    return scene


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_panels_words_and_buttons_fit(app, size):
    scene = drill_at(app, size)
    scene.model.show_answer()
    pump(app, 0.1)
    for b in scene.buttons:
        assert scene.panel.contains(b.rect)
    texts = [at for _, _, _, at in scene.lines]
    assert all(scene.panel.collidepoint(at) for at in texts)
    assert max(y for _, y in texts) < scene.hint_button.rect.top


def test_a_slip_on_the_first_move_counts_and_the_prompt_names_what_it_was(monkeypatch):
    monkeypatch.setattr(Slips, "slips", (1, 4))
    state = played_game()
    items = exercises(analysed(state), state, {0, 1})
    assert [e.ply for e in items] == [1, 4] and items[0].label == "1."
    drill = MistakeDrill(items, state.game.sides, Judges)
    assert drill.prompt().startswith(
        f"Move 1. {state.game.sides[items[0].mover]} played {items[0].played}, a blunder:"
    )


def test_the_answer_waits_for_its_line_and_a_move_losing_pieces_is_called_so():
    state = played_game("battlehalma", 12, seed=5)
    items = exercises(analysed(state), state, {0, 1})
    engine = Judges()
    drill = MistakeDrill(items, state.game.sides, lambda: engine)
    drill.show_answer()
    assert drill.answer_line == ""  # nothing until the engine answers
    drill.next()
    first = load_state(drill.item.position)
    tried = next(
        first.move_text(m)
        for m in first.legal_moves()
        if first.move_text(m) not in (drill.item.best, drill.item.played)
    )

    def losing(position: str, move: str) -> None:  # a move that loses two of three pieces by force
        state = load_state(position)
        engine.judged = (Point(state.ply, state.to_move, 0.6, drill.item.best, 5, 0.55, 0.0, -2.0), move, 3)
        engine.points, engine._new = [], True

    engine.ask_try = losing
    drill.try_move(first.parse_move(tried))
    drill.tick()
    assert drill.tries == 1 and "lost 2 pieces by force" in drill.said.words


def test_the_hint_in_ncuva_counts_the_stones_the_better_move_sows(monkeypatch):
    monkeypatch.setattr(Slips, "slips", (2,))
    state = played_game("ncuva", 6, seed=0)
    items = exercises(analysed(state), state, {0, 1})
    drill = MistakeDrill(items, state.game.sides, Judges)
    drill.hint()
    best = drill.state.parse_move(items[0].best)
    n = drill.state.counts()[best.path[0]]
    words = drill.said.words
    assert (words.template, words.plural) == (  # type: ignore[attr-defined]
        "Hint: the better move sows {n} stone.",
        "Hint: the better move sows {n} stones.",
    )
    assert drill.said.words == (
        "Hint: the better move sows 1 stone." if n == 1 else f"Hint: the better move sows {n} stones."
    )


def test_a_drop_is_hinted_by_its_row():
    state = played_game("cows_leopards", 10, seed=3)
    items = exercises(analysed(state), state, {0, 1})
    drill = MistakeDrill(items, state.game.sides, Judges)
    best = drill.state.parse_move(items[0].best)
    assert len(best.path) == 1  # the leopards and cows still drop here
    name = next(c.name for c in state.game.layout.cells if c.index == best.path[0])
    drill.hint()
    assert drill.said.words == f"Hint: the better move places a piece from hand in row {name[1:]}."


def test_the_drill_says_what_it_is_doing_and_keeps_saying_it_while_it_holds(app):
    state = played_game()
    items = exercises(analysed(state), state, {0, 1})
    slow = Judges()
    slow.poll = lambda: False  # type: ignore[method-assign]  # a verdict that has not come yet
    scene = MistakesScene(app, items, state.game.sides, engine_factory=lambda: slow)
    app.manager.push(scene)
    pump(app, 0.1)
    m = scene.model
    assert "Slip 1 of 3 · found 0" in visible(app)
    m.try_move(m.state.parse_move(items[0].played))
    assert f"{items[0].played} is the move played: find a better one." in visible(app)
    first = load_state(items[0].position)
    other = next(
        first.move_text(x)
        for x in first.legal_moves()
        if first.move_text(x) not in (items[0].best, items[0].played)
    )
    m.try_move(first.parse_move(other))
    for _ in range(3):
        pump(app, 0.5)
        assert f"Judging {other}…" in visible(app)  # until the verdict comes
    m.show_answer()
    pump(app, 0.1)
    assert f"The better move: {items[0].best} (marked on the board)." in visible(app)
    slow.error, slow.poll = "EOFError", lambda: True  # type: ignore[method-assign]
    pump(app, 0.1)
    assert "The engine stopped: EOFError" in visible(app)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_drills_words_keep_to_their_places_and_each_button_names_its_key(app, size):
    from tests.test_analysis_board import laid_out_in_its_panel

    scene = drill_at(app, size)
    scene.model.hint()
    pump(app, 0.1)
    words = " ".join(laid_out_in_its_panel(app, scene))
    assert "Learn from your mistakes" in words
    for label in ("[H]", "[S]", "[N]", "[Esc]"):
        assert label in words, label
