"""The levels' tactical check (issue 33, item 1): the analysis judge's search, forced replies and
capture chains not counted toward its depth, looks at the move the tree chose; one that loses a
piece or more by force against the judge's best is swapped for it. The recorded corpus of clean
blunders (each loses two or more within three plies; tests/data, certified by the naive
reference) gives moves it must catch and moves it must let stand."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.levels import LEVELS
from game.ai.policy import LevelPlayer
from rules import load_state
from tests.reference_material import corpus

GAMES = ("sixteen_soldiers", "peralikatuma", "kotu_ellima")
# the check four plies deep and no clock (nodes only: a test never depends on the machine's speed),
# whatever a level ships with
CHECKED = replace(LEVELS["hard"], tactics=4, seconds=None)


def clocks_asked(player: LevelPlayer) -> list[float | None]:
    """The clock each of ``player``'s searches is given, recorded as they start; the search itself
    runs on its iterations alone (no test waits on the machine's clock)."""
    clocks: list[float | None] = []
    search = player.mcts.search

    def recorded(state, seconds=None, iterations=None, cancel=None):
        clocks.append(seconds)
        return search(state, seconds=None, iterations=iterations, cancel=cancel)

    player.mcts.search = recorded  # type: ignore[method-assign]
    return clocks


def entries(game_id: str, count: int = 3):
    return [r for r in corpus("blunders.txt") if r[0] == game_id][:count]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_recorded_blunder_is_swapped_for_a_move_that_keeps_the_pieces(game_id):
    player = LevelPlayer(CHECKED, random.Random(1))
    for _game, _seed, position, blunder, _safe, _units in entries(game_id):
        state = load_state(position)
        chosen = player._checked(state, state.parse_move(blunder))
        assert chosen != state.parse_move(blunder), (position, blunder)
        assert chosen in state.legal_moves()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_within_a_piece_of_the_best_is_let_stand_and_one_a_piece_worse_is_not(game_id, monkeypatch):
    from game.ai.judge import Judge

    player = LevelPlayer(CHECKED, random.Random(1))
    level = player.level
    judged: list[tuple[int, int, object]] = []  # (nodes, depth, finding) of each search the check ran
    deepest = Judge.deepest

    def seen(judge, state, moves, shallowest, depth, seconds, cancel):  # the check's own search, kept
        assert shallowest == depth and seconds is None and cancel is None
        judged.append((judge.budget, depth, deepest(judge, state, moves, shallowest, depth)))
        return judged[-1][2]

    monkeypatch.setattr(Judge, "deepest", seen)
    kept = swapped = 0
    for _game, _seed, position, _blunder, safe, _units in entries(game_id, 4):
        state = load_state(position)
        move = state.parse_move(safe)
        chosen = player._checked(state, move)
        [(nodes, depth, found)] = judged
        judged.clear()
        assert (nodes, depth) == (level.tactics_nodes, level.tactics) and found is not None
        if found.best_score - found.scores[move] < 1.0:
            assert chosen == move, (position, safe)
            kept += 1
        else:  # the "safe" move of three plies is a piece worse deeper: the best is played
            assert chosen == found.best, (position, safe)
            swapped += 1
    assert kept >= 2


@pytest.mark.parametrize("tactics", [0, 4])
def test_a_level_checks_its_move_only_when_it_asks_for_the_check(tactics):
    level = replace(LEVELS["hard"], seconds=None, iterations=60, book=False, tactics=tactics)
    player = LevelPlayer(level, random.Random(2))
    asked: list[object] = []
    player._checked = lambda state, move, cancel: asked.append((move, cancel)) or move  # type: ignore[method-assign]
    state = load_state(entries("kotu_ellima", 1)[0][2])

    def cancel() -> bool:  # the worker's cancel, handed on to the check
        return False

    decision = player.choose(state, cancel)
    assert decision.move in state.legal_moves()
    assert asked == ([(decision.move, cancel)] if tactics else [])
    assert (player.checked, player.swapped) == ((1, 0) if tactics else (0, 0))
    player._checked = lambda state, move, cancel: next(m for m in state.legal_moves() if m != move)  # type: ignore[method-assign]
    player.choose(state)
    assert (player.checked, player.swapped) == ((2, 1) if tactics else (0, 0))  # a change is counted


def test_a_check_is_counted_as_finished_only_when_its_shallowest_search_finished():
    """``finished`` counts the checks that got an answer within their nodes (and clock): a check
    out of nodes before its shallowest depth lets the move stand, and is not counted."""
    state = load_state(entries("kotu_ellima", 1)[0][2])
    move = state.legal_moves()[0]
    level = replace(LEVELS["expert"], seconds=None, iterations=60, book=False, workers=1)
    starved = LevelPlayer(replace(level, tactics_nodes=5), random.Random(2))
    assert starved._checked(state, move) == move and starved.finished == 0
    fed = LevelPlayer(replace(level, tactics_nodes=10**6, tactics_deepest=4), random.Random(2))
    fed._checked(state, move)
    fed._checked(state, move)
    assert fed.finished == 2


def test_a_checking_level_leaves_ncuva_to_its_tree_and_takes_no_clock_for_the_check():
    """Ncuva is in ``UNCHECKED_GAMES`` (a stone is no piece: the check made Expert worse there):
    the checking level's move there is its tree's and the tree gets the whole clock; in a war game
    the same level checks."""
    from game.ai import policy
    from game.ai.levels import UNCHECKED_GAMES
    from rules import load_game

    level = replace(LEVELS["expert"], seconds=None, iterations=60, book=False, workers=1)
    ncuva, kotu = load_game("ncuva"), load_game("kotu_ellima")
    assert "ncuva" in UNCHECKED_GAMES and not level.checks_in(ncuva) and level.checks_in(kotu)
    assert not LEVELS["hard"].checks_in(kotu)  # Hard has no check anywhere
    player = LevelPlayer(level, random.Random(4))
    asked: list[object] = []
    player._checked = lambda state, move, cancel: asked.append(move) or move  # type: ignore[method-assign]
    player._check_seconds = 0.3  # a check's recent time, which an unchecked game must not pay
    clocks = clocks_asked(player)
    player.level = replace(level, seconds=1.0)
    state = ncuva.new_initial_state(random.Random(1))
    player.choose(state)
    assert asked == [] and player.checked == 0 and clocks == [1.0]
    war = load_state(entries("kotu_ellima", 1)[0][2])
    player.choose(war)
    assert len(asked) == 1 and player.checked == 1
    assert clocks[-1] == pytest.approx(policy.shared_clock(1.0, 0.3))  # the check's time out of the tree's


def test_the_check_takes_its_time_from_the_trees_clock_never_more_than_half(monkeypatch):
    from game.ai import policy
    from game.ai.policy import recent, shared_clock

    ticks = iter(x / 100 for x in range(10**6))  # a hundredth of a second at each reading, whatever the load
    monkeypatch.setattr(policy.time, "perf_counter", lambda: next(ticks))

    assert shared_clock(1.0, 0.2) == pytest.approx(0.8) and shared_clock(1.0, 0.9) == 0.5
    assert shared_clock(None, 0.3) is None
    assert recent(0.0, 1.0) == pytest.approx(0.3) and recent(1.0, 0.0) == pytest.approx(0.7)
    level = replace(LEVELS["hard"], seconds=1.0, iterations=60, book=False, tactics=4)
    player = LevelPlayer(level, random.Random(2))
    clocks = clocks_asked(player)
    player._checked = lambda state, move, cancel: move  # type: ignore[method-assign]
    state = load_state(entries("kotu_ellima", 1)[0][2])
    player._check_seconds = 0.3
    player.choose(state)
    assert clocks == [pytest.approx(0.7)]
    assert player._check_seconds == pytest.approx(0.7 * 0.3 + 0.3 * 0.01)  # the check just done, one tick


def test_a_proven_win_is_played_unchecked_and_a_check_over_its_budget_lets_the_move_stand(monkeypatch):
    from game.ai.mcts import SearchResult

    state = load_state(entries("sixteen_soldiers", 1)[0][2])
    _game, _seed, _position, blunder, _safe, _units = entries("sixteen_soldiers", 1)[0]
    move = state.parse_move(blunder)
    starved = LevelPlayer(replace(CHECKED, tactics_nodes=1), random.Random(1))
    assert starved._checked(state, move) == move  # no verdict within one node: the tree's move
    level = replace(CHECKED, seconds=None, iterations=10, book=False)
    player = LevelPlayer(level, random.Random(1))
    asked: list[object] = []
    player._checked = lambda s, m, cancel: asked.append(m) or m  # type: ignore[method-assign]
    player.mcts.search = lambda *a, **k: SearchResult(move, 10, 0.0, 1.0, "win", {})  # type: ignore[method-assign]
    assert player.choose(state).move == move and asked == []


@pytest.mark.parametrize(("gap", "swapped"), [(1.0, True), (0.99, False)])
def test_a_move_exactly_a_piece_worse_is_swapped_and_one_less_is_not(monkeypatch, gap, swapped):
    from game.ai import judge

    state = load_state(entries("sixteen_soldiers", 1)[0][2])
    mine, other = state.legal_moves()[:2]
    made = judge.Comparison({mine: -gap}, other, 0.0, 0.0, 4, 100)
    monkeypatch.setattr(
        judge.Judge, "deepest", lambda self, s, moves, shallowest, depth, seconds, cancel: made
    )
    assert LevelPlayer(CHECKED, random.Random(1))._checked(state, mine) == (other if swapped else mine)


def test_a_check_with_more_time_looks_deeper_and_stops_at_its_share_of_the_clock(monkeypatch):
    """Expert's check deepens from ``tactics`` to ``tactics_deepest`` plies while its nodes and its
    share of the clock last: the deepest search finished decides, none finished lets the move
    stand. The clock here is a counter that moves a second at each look (no real time)."""
    from game.ai import judge

    state = load_state(entries("kotu_ellima", 1)[0][2])
    move = state.legal_moves()[0]
    unlimited = judge.Judge(10**7).deepest(state, [move], 1, 4)
    assert unlimited is not None and unlimited.depth == 4
    assert unlimited == judge.Judge(10**7).compare(state, [move], 4)
    shallow = judge.Judge(10**7).compare(state, [move], 2)
    assert shallow is not None
    # nodes for two plies and a little more: the second depth is what comes back, exactly as compared
    found = judge.Judge(shallow.nodes + 1).deepest(state, [move], 2, 4)
    assert found is not None and found.depth == 2 and found.scores == shallow.scores
    assert judge.Judge(shallow.nodes // 2).deepest(state, [move], 2, 4) is None
    # a deadline: the clock is read every CLOCK_EVERY nodes; here it passes at the second reading
    ticks = iter(range(10**6))
    monkeypatch.setattr(judge.time, "perf_counter", lambda: float(next(ticks)))
    timed = judge.Judge(10**7).deepest(state, [move], 1, 4, seconds=1.5)
    assert (
        timed is not None and 2 * judge.CLOCK_EVERY < timed.nodes <= 3 * judge.CLOCK_EVERY < unlimited.nodes
    )
    assert 1 <= timed.depth < 4
    assert judge.Judge(10**7).deepest(state, [move], 4, 4, seconds=1.5) is None
    # a cancel (the player took a move back while the computer thought) is asked with the clock
    asked = iter([False, True])
    cancelled = judge.Judge(10**7).deepest(state, [move], 1, 4, cancel=lambda: next(asked))
    assert cancelled is not None and 2 * judge.CLOCK_EVERY < cancelled.nodes <= 3 * judge.CLOCK_EVERY
    assert cancelled.depth < 4
    # watched but never stopped by the clock or a cancel: as deep as unwatched, and no deeper than its nodes
    never = judge.Judge(10**7).deepest(state, [move], 1, 4, seconds=10.0**9, cancel=lambda: False)
    assert never == unlimited
    assert judge.Judge(10**7).deepest(state, [move], 1, 4, cancel=lambda: False) == unlimited
    starved = judge.Judge(shallow.nodes + 1).deepest(state, [move], 2, 4, cancel=lambda: False)
    assert starved is not None and starved.depth == 2


def test_the_level_asks_its_check_for_its_depths_and_its_share_of_the_clock(monkeypatch):
    from game.ai import judge

    level = replace(LEVELS["hard"], seconds=2.0, tactics=4, tactics_deepest=6, tactics_share=0.25)
    asked: list[tuple[int, int, int, float | None]] = []

    def deepest(self, state, moves, shallowest, depth, seconds=None, cancel=None):
        asked.append((self.budget, shallowest, depth, seconds))
        assert cancel is stop

    monkeypatch.setattr(judge.Judge, "deepest", deepest)
    state = load_state(entries("kotu_ellima", 1)[0][2])
    move = state.legal_moves()[0]

    def stop() -> bool:  # the search's cancel, handed on to the check
        return False

    assert LevelPlayer(level, random.Random(1))._checked(state, move, stop) == move  # no verdict: it stands
    assert LevelPlayer(replace(level, seconds=None), random.Random(1))._checked(state, move, stop) == move
    assert asked == [(level.tactics_nodes, 4, 6, 0.5), (level.tactics_nodes, 4, 6, None)]
    assert (
        LevelPlayer(replace(level, tactics_deepest=0), random.Random(1))._checked(state, move, stop) == move
    )
    assert asked[-1][1:3] == (4, 4)  # nothing deeper asked for: the check's own depth only


def test_expert_checks_deeper_than_hard_and_a_clocked_match_scales_its_check():
    """The top step: Expert's check deepens to six plies where its clock allows (issue 33); a match
    at a fraction of the app's clocks scales the check's nodes as it scales the clock and cap."""
    expert = LEVELS["expert"]
    deepest = {name: max(level.tactics, level.tactics_deepest) for name, level in LEVELS.items()}
    assert expert.tactics and deepest["expert"] > deepest["hard"]
    quarter = expert.clocked(0.25)
    assert quarter.seconds == pytest.approx(expert.seconds * 0.25)
    assert (quarter.iterations, quarter.tactics_nodes) == (expert.iterations // 4, expert.tactics_nodes // 4)
    tenth = expert.scaled(0.1)
    assert tenth.tactics_nodes == expert.tactics_nodes // 10 and tenth.seconds is None
    few = expert.capped(400)  # a test's or a worker request's fixed budget: the check in proportion
    assert (few.iterations, few.tactics_nodes, few.seconds) == (400, 600, None)


def test_a_finished_game_is_compared_by_its_result():
    """No move left: the comparison is the result itself, at depth 0 with no nodes spent."""
    from game.ai import judge
    from rules import load_game

    rng = random.Random(3)
    state = load_game("kotu_ellima").new_initial_state(rng)
    while state.outcome() is None:
        state.apply(rng.choice(state.legal_moves()))
    winner = state.outcome().winner
    score = 0.0 if winner is None else judge.WIN if winner == state.to_move else -judge.WIN
    assert judge.Judge(1000).compare(state, [], 3) == judge.Comparison({}, None, score, score, 0, 0)


def test_every_move_asked_about_is_valued_exactly_and_the_standing_is_the_material_now():
    """Several moves asked at once each get the score they get alone (not a bound under the best),
    and ``standing``, where not every move captures, is the material as it stands."""
    from game.ai import judge
    from game.ai.evaluators import evaluator_for

    _game, _seed, position, blunder, safe, _units = entries("kotu_ellima", 1)[0]
    state = load_state(position)
    asked = [state.parse_move(safe), state.parse_move(blunder)]  # the better first: the other below it
    together = judge.Judge(10**6).compare(state, asked, 3)
    assert together is not None and set(together.scores) == set(asked)
    for move in asked:
        alone = judge.Judge(10**6).compare(state, [move], 3)
        assert alone is not None and alone.scores[move] == together.scores[move]
    assert len(set(together.scores.values())) > 1  # not all the same: a bound would have shown
    lead = judge.material(state, evaluator_for(state.game))
    assert together.standing == (lead if state.to_move == 0 else -lead)


def test_a_judge_given_an_evaluation_compares_with_it():
    """The puzzles' and the books' judges bring their own evaluation; the comparison uses it."""
    from game.ai import judge

    class Leaning:  # every position leans wholly towards the first player
        def evaluate(self, state):
            return 1.0

    state = load_state(entries("kotu_ellima", 1)[0][2])
    found = judge.Judge(10**6, Leaning()).compare(state, state.legal_moves()[:1], 1)
    lead = judge.material(state, Leaning())
    assert found is not None and found.standing == (lead if state.to_move == 0 else -lead)
