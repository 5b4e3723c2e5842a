"""The search engine: tactics written as position text, every game, reproducibility, cancel."""

from __future__ import annotations

import math
import random
import threading

import pytest
from positions import war_state
from test_proof_logic import DRAW, NORTH_WINS, SOUTH_WINS, TreeGame, Turn, mirrored, north, south

from game.ai.evaluators import FunctionEvaluator
from game.ai.levels import LEVELS, level_named
from game.ai.mcts import MCTS, Node, SearchConfig, SearchResult
from game.ai.policy import LevelPlayer
from rules import game_ids, game_spec, load_game, load_state
from rules.core import State
from rules.kinds import MoveKind
from tools.scenarios import random_play
from training.players import make_player


def _search(state, iterations=400, seed=1, **config):
    return MCTS(SearchConfig(**config), random.Random(seed)).search(state, iterations=iterations)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_takes_the_last_capture_to_win(seed):
    # Captures are optional here, so the winning jump is one move among many.
    state = war_state("kotu_ellima", "e3 a5 c1", "e4", capture="free")
    assert len(state.legal_moves()) > 5
    result = _search(state, seed=seed)
    assert state.move_text(result.move) == "e3xe5"
    assert result.proven == "win"


def test_search_without_the_solver_still_finds_the_win_and_reaches_game_ends():
    state = war_state("kotu_ellima", "e3 a5 c1", "e4", capture="free")
    result = _search(state, iterations=500, solver=False)
    assert state.move_text(result.move) == "e3xe5" and result.proven is None


def test_takes_the_win_even_without_capture_ordering():
    state = war_state("kotu_ellima", "e3 a5 c1", "e4", capture="free")
    result = _search(state, iterations=200, captures_first=False)
    assert state.move_text(result.move) == "e3xe5"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_avoids_stepping_into_a_losing_capture(seed):
    # South's last piece must not step where North's last piece can jump it.
    state = war_state("kotu_ellima", "e3", "e5", capture="forced")
    losing = {"e3-e4", "e3-d4", "e3-f4"}
    assert losing < {state.move_text(m) for m in state.legal_moves()}
    result = _search(state, seed=seed)
    assert state.move_text(result.move) not in losing
    lost = {state.move_text(m) for m in MCTS_with_losses(state, seed)}
    assert lost == losing


def MCTS_with_losses(state, seed):
    engine = MCTS(SearchConfig(), random.Random(seed))
    engine.search(state, iterations=400)
    return engine.proven_losses()


def test_proves_the_win_after_a_blunder():
    # Captures optional: North's e5xe3 is one of several moves, and it takes South's last piece.
    state = war_state("kotu_ellima", "e3", "e5", turn="S", capture="free")
    state.play("e3-e4")
    assert len(state.legal_moves()) > 1
    result = _search(state, iterations=50)
    assert state.move_text(result.move) == "e5xe3"
    assert result.proven == "win"


def _variants():
    for gid in game_ids():
        yield gid, {}
        for opt in game_spec(gid).options:
            if len(opt.choices) <= 4:
                for choice in opt.choices:
                    if choice != opt.default:
                        yield gid, {opt.name: choice}


@pytest.mark.parametrize("gid,options", list(_variants()))
def test_a_legal_move_from_random_positions_in_every_game(gid, options):
    rng = random.Random(11)
    game = load_game(gid, **options)
    for depth in (0, 7, 25):
        state = game.new_initial_state(rng)
        for _ in range(depth):
            move = state.playout_move(rng)
            if move is None:
                break
            state.apply(move)
        if state.outcome() is not None:
            continue
        before = state.to_text()
        result = MCTS(SearchConfig(), rng).search(state, iterations=60)
        assert result.move in state.legal_moves()
        assert state.to_text() == before, "the search must not change the state it was given"
        # the position text round-trip is what the worker searches
        again = load_state(before)
        assert again.parse_move(state.move_text(result.move)) == result.move


def test_seeded_search_is_reproducible():
    state = load_game("kotu_ellima").new_initial_state()
    state.play("f5-e5")
    a = _search(state, iterations=300, seed=42)
    b = _search(state, iterations=300, seed=42)
    assert a.move == b.move and a.visits == b.visits and a.value == b.value


def test_same_player_moving_again_is_searched_for_that_player():
    # Huff rule: after South declines a capture North may huff, then move: two North decisions.
    # e2 shields e3 from North's jump, so the only way North wins a piece is the huff.
    state = war_state("kotu_ellima", "e3 e2 a5", "e4 c7", turn="S", capture="huff")
    state.play("a5-b5")  # South declines e3xe5
    assert state.to_move == 1 and any(m.kind == MoveKind.HUFF for m in state.legal_moves())
    result = _search(state, iterations=300)
    assert state.move_text(result.move) == "~e3"
    state.apply(result.move)
    assert state.to_move == 1  # the huff does not end North's turn


def test_cancel_stops_the_search_at_the_next_iteration():
    """The search asks ``cancel`` before each iteration (after the first) and stops at the first
    yes, with a legal move: counted in iterations, not timed."""
    state = load_game("kotu_ellima").new_initial_state()
    asked = [0]

    def cancel() -> bool:
        asked[0] += 1
        return asked[0] >= 25

    result = MCTS(SearchConfig(), random.Random(1)).search(
        state, seconds=3600, iterations=2000, cancel=cancel
    )
    assert asked[0] == 25 and result.iterations == 25
    assert result.move in state.legal_moves()


def test_a_cancel_from_another_thread_ends_the_search():
    """The worker cancels from its own thread: a search asked to stop already answers after its
    one iteration, with a legal move (a search that never looked would run all 2,000)."""
    state = load_game("kotu_ellima").new_initial_state()
    stop = threading.Event()
    stop.set()
    found = {}

    def run():
        found["result"] = MCTS(SearchConfig(), random.Random(1)).search(
            state, seconds=3600, iterations=2000, cancel=stop.is_set
        )

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert found["result"].iterations == 1 and found["result"].move in state.legal_moves()


def test_tree_reuse_keeps_the_statistics_of_the_line_played():
    state = load_game("sixteen_soldiers", capture="free").new_initial_state()  # many replies
    engine = MCTS(SearchConfig(), random.Random(3))
    first = engine.search(state, iterations=800)
    state.play(first.move)
    child = next(c for c in engine._root.children if c.move == first.move)
    for reply in sorted(child.children, key=lambda n: -n.visits):
        state.play(reply.move)
        if len(state.legal_moves()) > 1:
            break
        state.undo()
    else:
        pytest.fail("no reply with a choice after it")
    kept = reply.visits
    assert kept > 1
    engine.search(state, iterations=10)
    assert engine._root is reply and reply.visits == kept + 10


def test_a_tree_valued_by_another_evaluator_is_not_reused():
    """A level that plays each side its own way (the Cows by material, the Leopards learned) may
    search for both in one game (the computer against itself): a tree one evaluation valued is not
    carried into a search with the other."""
    state = load_game("sixteen_soldiers", capture="free").new_initial_state()
    engine = MCTS(SearchConfig(), random.Random(3))
    first = engine.search(state, iterations=400)
    state.play(first.move)
    engine.evaluator = FunctionEvaluator(lambda s: 0.0, "flat")
    engine.search(state, iterations=10)
    assert engine._root is not None and engine._root.visits == 10  # a fresh tree, not the child kept
    again = engine._root
    engine.search(state, iterations=10)  # the same evaluator: the tree is kept
    assert engine._root is again and again.visits == 20


def test_levels_are_ordered_with_growing_budgets():
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    seconds = [lv.seconds for lv in LEVELS.values()]
    assert seconds == sorted(seconds) and seconds[-1] <= 5.0
    assert LEVELS["easy"].seconds <= 0.3 and LEVELS["medium"].seconds <= 0.7 and LEVELS["hard"].seconds <= 2.0
    assert level_named("Hint").iterations == LEVELS["medium"].iterations
    with pytest.raises(ValueError, match="unknown level"):
        level_named("grandmaster")


def test_easy_takes_a_free_capture_most_of_the_time():
    state = war_state("kotu_ellima", "e3 a5 c1 g1 i5", "e4 c7 e9", capture="free")
    rng = random.Random(5)
    player = LevelPlayer(LEVELS["easy"].capped(60), rng)
    took = sum(state.move_text(player.choose(state).move) == "e3xe5" for _ in range(40))
    assert took >= 32


def test_make_player_names():
    rng = random.Random(1)
    assert make_player("random", rng).name == "random"
    assert make_player("GREEDY", rng).name == "greedy"
    assert make_player("hard", rng, iterations=10).level.iterations == 10
    with pytest.raises(ValueError):
        make_player("nobody", rng)


# --- hunt games (RULES-SPEC 3-4): both sides are searched with the same engine -------------------


def hunt_state(game_id: str, body: str, **options):
    """A hunt position from its body fields, under the game's current default options."""
    return load_state(f"{load_game(game_id, **options).header()}; {body}")


@pytest.mark.parametrize("seed", [1, 2])
def test_leopards_trap_the_tiger_in_one(seed):
    state = hunt_state(
        "hat_diviyan_keliya", "board=L/LT./.LL/LLL; turn=L; phase=move; hands=0/0; quiet=1; ply=15"
    )
    assert len(state.legal_moves()) == 5
    result = _search(state, iterations=200, seed=seed)
    assert state.move_text(result.move) == "f2-e3" and result.proven == "win"


@pytest.mark.parametrize("seed", [1, 2])
def test_tiger_avoids_being_trapped_in_one(seed):
    state = hunt_state(
        "hat_diviyan_keliya", "board=L/.T./L.L/LLL; turn=T; phase=move; hands=0/1; quiet=0; ply=12"
    )
    result = _search(state, iterations=300, seed=seed)
    assert state.move_text(result.move) != "d3-d2"


def test_leopards_take_the_capture_that_reaches_their_goal():
    state = hunt_state(
        "cows_leopards",
        "board=..C/.../......C/...CC../.....C.../C..CLC./.L...../.../C..; "
        "turn=L; phase=move; hands=0/8; quiet=0; ply=16",
        target=8,
    )
    result = _search(state, iterations=200)
    assert state.move_text(result.move) == "f4xd4" and result.proven == "win"


def test_war_heuristic_is_the_material_count_from_souths_side():
    from rules.core import State

    rng = random.Random(4)
    for gid in ("sixteen_soldiers", "peralikatuma", "kotu_ellima"):
        state = load_game(gid).new_initial_state()
        while state.outcome() is None:
            assert state.heuristic() == pytest.approx(State.heuristic(state))
            assert -1.0 <= state.heuristic() <= 1.0
            state.apply(state.playout_move(rng))
        assert state.heuristic() == {0: 1.0, 1: -1.0, None: 0.0}[state.outcome().winner]


def test_a_level_plays_each_game_with_its_tuned_settings():
    # BattleHalma's strong levels score leaves by the heuristic at once (no playouts); the
    # other games keep the level's own settings. The player switches with the game it is given.
    hard = level_named("hard")
    assert hard.config_for("battlehalma").cutoff == 0
    assert hard.config_for("kotu_ellima") == hard.config and hard.config.cutoff
    player = LevelPlayer(hard.capped(30), random.Random(1))
    for gid, cutoff in (("battlehalma", 0), ("kotu_ellima", hard.config.cutoff), ("battlehalma", 0)):
        state = load_game(gid).new_initial_state()
        if gid == "kotu_ellima":
            state.play("d4-e5")  # out of the opening book, where the level searches
            while len(state.legal_moves()) == 1:
                state.apply(state.legal_moves()[0])
        assert player.choose(state).move in state.legal_moves()
        assert player.mcts.config.cutoff == cutoff
    assert level_named("medium").config_for("battlehalma") == level_named("medium").config


def _hangs_a_piece(state, move) -> bool:
    """After ``move`` the opponent has a capture (a naive one-ply look, independent of the search)."""
    state.apply(move)
    try:
        return any(m.captured for m in state.legal_moves())
    finally:
        state.undo()


@pytest.mark.parametrize("share", [0.0, 0.5])
def test_the_root_screen_drops_moves_that_hang_a_piece(share, monkeypatch):
    # Captures optional; c3-d4, e3-e4 and g3-f4 step next to North's e5 with an empty point
    # behind, and nothing can take back. The screen (2 plies, or half of a 0.4 s clock) must
    # leave the tree only moves that hang nothing.
    state = war_state("kotu_ellima", "e3 c3 g3", "e5 c7", capture="free")
    moves = state.legal_moves()
    hanging = {m for m in moves if _hangs_a_piece(state, m)}
    assert {state.move_text(m) for m in hanging} == {"c3-d4", "e3-e4", "g3-f4"} and len(moves) == 14
    from game.ai import mcts as mcts_module

    monkeypatch.setattr(mcts_module, "time", _Clock(0.0005))  # the clock moves with the work, not the load
    engine = MCTS(SearchConfig(screen=2, screen_share=share), random.Random(3))
    result = engine.search(state, seconds=0.4 if share else None, iterations=None if share else 400)
    assert not set(result.visits) & hanging and result.move not in hanging


class _Clock:
    """``time`` for the search: each reading moves the clock on by ``step`` seconds, so a search
    given ``seconds`` does a fixed amount of work whatever the machine's load."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_a_timed_screen_stops_within_the_clock(monkeypatch):
    # BattleHalma's strong levels give half the clock to a deepening alpha-beta; from a crowded
    # middle game it must stop at its share and leave the tree the rest for its iterations (the
    # clock is read every 64 alpha-beta nodes and before each iteration).
    from game.ai import mcts as mcts_module

    rng = random.Random(5)
    state = load_game("battlehalma", size=10).new_initial_state()
    for _ in range(12):
        state.apply(state.playout_move(rng))
    config = level_named("hard").config_for("battlehalma")
    assert config.screen_share
    for seconds in (0.05, 0.3):
        clock = _Clock(0.0005)
        monkeypatch.setattr(mcts_module, "time", clock)
        result = MCTS(config, random.Random(1)).search(state, seconds=seconds)
        assert result.move in state.legal_moves() and result.iterations > 0
        assert result.seconds <= seconds + 0.002, result.seconds  # ends at the first reading past it


# --- the search's parts on hand-built trees (the tree game of test_proof_logic) ----------------------


def _tree(name: str, spec: Turn, side: int) -> State:
    """The root of ``spec`` with player ``side`` to move there (the tree mirrored for North)."""
    return TreeGame(f"{name}-{side}", spec if side == 0 else mirrored(spec)).new_initial_state()


def _texts(state: State, nodes) -> set[str]:
    return {state.move_text(n.move) for n in nodes}


def _to0(side: int, value: float) -> float:
    """A result for the side to move at the root as it is stored (South's side)."""
    return value if side == 0 else 1.0 - value


@pytest.mark.parametrize("side", [0, 1])
def test_a_finished_game_is_answered_at_once_with_its_result(side):
    spec = south({"a": north({"x": NORTH_WINS, "y": SOUTH_WINS}), "c": DRAW})
    lost = _tree("finished", spec, side)
    lost.play("a")
    lost.play("x")  # the side that was to move at the root has lost, and is to move again
    assert lost.outcome() is not None and lost.to_move == side
    assert MCTS(SearchConfig(), random.Random(1)).search(lost, iterations=10) == SearchResult(
        None, 0, 0.0, 0.0, None, {}
    )
    drawn = _tree("finished", spec, side)
    drawn.play("c")
    assert MCTS(SearchConfig(), random.Random(1)).search(drawn, iterations=10).value == 0.5


def test_a_searcher_that_has_built_no_tree_has_no_root_statistics():
    engine = MCTS(SearchConfig(), random.Random(1))
    assert engine.root_stats() == [] and engine.proven_losses() == set()
    forced = war_state("kotu_ellima", "e3", "e4", capture="forced")
    assert len(forced.legal_moves()) == 1 and engine.search(forced).move == forced.legal_moves()[0]
    assert engine.root_stats() == [] and engine.proven_losses() == set()  # one move: answered without a tree


@pytest.mark.parametrize("side", [0, 1])
def test_minimax_backups_give_each_node_the_best_its_mover_can_reach(side):
    """Implicit minimax: a node's estimate is its children's best for the player deciding there
    (the most for South, the least for North), up to the root."""
    spec = south(
        {
            "a": north({"x": NORTH_WINS, "y": SOUTH_WINS}),
            "b": north({"x": SOUTH_WINS, "y": SOUTH_WINS}),
            "c": DRAW,
        }
    )
    state = _tree("backups", spec, side)
    engine = MCTS(SearchConfig(solver=False), random.Random(1))  # no proof to stop the search early
    engine.search(state, iterations=100)
    root = engine._root
    assert root is not None and len(root.children) == 3
    assert {state.move_text(c.move): c.est for c in root.children} == {
        "a": _to0(side, 0.0),
        "b": _to0(side, 1.0),
        "c": 0.5,
    }
    assert root.est == _to0(side, 1.0)


def test_a_sharpened_heuristic_counts_small_leads_more_and_keeps_the_ends():
    assert MCTS(SearchConfig())._squash(0.2) == pytest.approx(0.6)
    sharp = MCTS(SearchConfig(sharpness=3.0))
    assert sharp._squash(0.2) == pytest.approx(0.5 + 0.5 * math.tanh(0.6) / math.tanh(3.0))
    assert sharp._squash(1.0) == pytest.approx(1.0) and sharp._squash(-1.0) == pytest.approx(0.0)
    relative = MCTS(SearchConfig(sharpness=3.0, relative=True))
    relative._h_root = 0.5  # what a line gains from the root's 0.5
    assert relative._squash(0.5) == pytest.approx(0.5) and relative._squash(0.7) == pytest.approx(
        sharp._squash(0.2)
    )
    assert relative._squash(-0.9) == pytest.approx(0.0)  # a loss of 1.4 counts as the most there is


def _naive_quiesce(state: State, depth: int) -> float:
    """The heuristic for the side to move once the captures in view are played out, plainly (no
    window): it may stand unless every move captures, ``depth`` captures deep at most."""
    h = state.heuristic()
    me = state.to_move
    stand = h if me == 0 else -h
    if depth <= 0 or state.outcome() is not None:
        return stand
    moves = state.legal_moves()
    captures = [m for m in moves if state.move_gain(m) > 0]
    if not captures:
        return stand
    best = -2.0 if len(captures) == len(moves) else stand
    for move in captures:
        state.apply(move)
        v = _naive_quiesce(state, depth - 1)
        best = max(best, v if state.to_move == me else -v)
        state.undo()
    return best


def test_the_screens_capture_search_is_the_heuristic_once_the_captures_are_played_out():
    """Kotu Ellima's opening is a rush of forced chains: the root screen's leaf value equals a plain
    search of the captures, depth by depth (depth 0: the heuristic as it stands)."""
    engine = MCTS(SearchConfig(), random.Random(1))  # its evaluator is the game's heuristic
    checked, deeper = 0, set()
    for seed in range(30):
        state = random_play("kotu_ellima", seed, lambda s, plies=2 + seed % 9: s.ply >= plies)
        if state.outcome() is not None:
            continue
        values = [_naive_quiesce(state, depth) for depth in range(4)]
        assert [engine._quiesce(state, depth, -2.0, 2.0) for depth in range(4)] == pytest.approx(values)
        checked += 1
        deeper |= {d for d in range(1, 4) if values[d] != values[d - 1]}
    assert checked >= 20 and deeper == {1, 2, 3}  # each depth told on some position


def test_the_first_move_the_tree_tries_is_the_capture_when_captures_come_first():
    """Captures optional and one among ten moves: with ``captures_first`` the tree's first child is it
    whatever the seed; without, the moves come in shuffled order (some seed starts elsewhere)."""
    state = war_state("kotu_ellima", "e4 c3 g3", "e5 c7", capture="free")
    firsts = {}
    for captures_first in (True, False):
        for seed in range(5):
            engine = MCTS(SearchConfig(captures_first=captures_first), random.Random(seed))
            engine.search(state, iterations=1)
            assert engine._root is not None and len(engine._root.children) == 1
            firsts.setdefault(captures_first, set()).add(state.move_text(engine._root.children[0].move))
    assert firsts[True] == {"e4xe6"} and firsts[False] != {"e4xe6"}


def _leaves(root: Node, state: State) -> list[tuple[Node, State]]:
    """The tree's nodes still in play that were never expanded, each with its position."""
    found = []
    for child in root.children:
        state.apply(child.move)  # type: ignore[arg-type]
        if not child.children and child.exact is None and state.outcome() is None:
            found.append((child, state.copy()))
        found += _leaves(child, state)
        state.undo()
    return found


@pytest.mark.parametrize("resolve", [0, 1, 3])
def test_a_new_node_is_valued_once_the_captures_in_view_are_played_out(resolve):
    """With ``resolve``, each node the tree adds is valued for the minimax backups by the plain capture
    search that deep (a quiet sacrifice counts at once); without, by the heuristic as it stands."""
    differ = 0
    for seed in range(6):
        state = random_play("kotu_ellima", seed, lambda s, plies=3 + seed: s.ply >= plies)
        engine = MCTS(SearchConfig(resolve=resolve, solver=False, reuse=False), random.Random(seed))
        engine.search(state, iterations=60)
        assert engine._root is not None
        for node, position in _leaves(engine._root, state.copy()):
            h = _naive_quiesce(position, resolve)
            assert node.est == pytest.approx(0.5 + 0.5 * (h if position.to_move == 0 else -h))
            differ += node.est != pytest.approx(0.5 + 0.5 * position.heuristic())
    assert (differ > 0) == (resolve > 0)  # the captures in view change some values, or none


def _leaf(mover: int, h: float) -> Turn:
    """A position still in play (one move, to a draw) that the heuristic rates ``h``."""
    return Turn(mover, {"d": DRAW}, h)


#: South's moves a, b (after which South moves again) and c, each worth something else two plies on
SCREENED = south(
    {
        "a": north({"x": _leaf(0, 0.6), "y": _leaf(0, 0.2)}),
        "b": south({"p": _leaf(1, -0.1), "q": _leaf(1, 0.4)}),
        "c": north({"x": _leaf(0, 0.9), "y": _leaf(0, -0.5)}),
    }
)


def _h_value(state: State, depth: int) -> float:
    """The heuristic for the side to move, ``depth`` plies deep by plain minimax (the trees here have
    no captures: a leaf stands)."""
    me = state.to_move
    if depth <= 0 or state.outcome() is not None:
        return state.heuristic() if me == 0 else -state.heuristic()
    best = -2.0
    for move in state.legal_moves():
        state.apply(move)
        v = _h_value(state, depth - 1)
        best = max(best, v if state.to_move == me else -v)
        state.undo()
    return best


@pytest.mark.parametrize("side", [0, 1])
def test_the_root_screen_values_the_best_moves_exactly_and_bounds_the_rest(side):
    """Each root move's value for the side to move, whoever moves after it: exact for the moves as
    good as the best, a bound below the best for the others."""
    state = _tree("screened", SCREENED, side)
    engine = MCTS(SearchConfig(), random.Random(1))
    for depth in (1, 2):
        values = engine._root_values(state, state.legal_moves(), depth)
        exact = {}
        for move in state.legal_moves():
            state.apply(move)
            v = _h_value(state, depth - 1)
            exact[move] = v if state.to_move == side else -v
            state.undo()
        top = max(exact.values())
        assert max(values.values()) == pytest.approx(top)
        for move, v in values.items():
            if exact[move] >= top - 1e-9:
                assert v == pytest.approx(exact[move]), state.move_text(move)
            else:
                assert exact[move] <= v + 1e-9 and v < top, state.move_text(move)


#: a move the heuristic rates a piece down at once, beside two it rates a piece up
SCREEN_ONE_PLY = south(
    {
        "good": north({"x": DRAW, "y": SOUTH_WINS}, h=0.5),
        "bad": north({"x": DRAW, "y": SOUTH_WINS}, h=-0.5),
        "fine": north({"x": DRAW, "y": NORTH_WINS}, h=0.5),
    }
)


@pytest.mark.parametrize("side", [0, 1])
def test_a_one_ply_screen_leaves_the_tree_only_the_best_moves_and_keeps_it_when_asked_again(side):
    state = _tree("one-ply", SCREEN_ONE_PLY, side)
    engine = MCTS(SearchConfig(screen=1, solver=False), random.Random(1))
    engine.search(state, iterations=30)
    root = engine._root
    assert root is not None and _texts(state, root.children) == {"good", "fine"}
    engine.search(state, iterations=30)  # asked again (the hint, then the move): the same tree
    assert engine._root is root and _texts(state, root.children) == {"good", "fine"}
    assert sum(c.visits for c in root.children) == 60


def test_a_screen_that_keeps_none_of_the_moves_left_at_the_root_gives_it_the_moves_it_keeps():
    """A root kept from an earlier search may hold only moves the screen now drops: it is given the
    moves the screen keeps, never left with nothing to search."""
    state = _tree("one-ply", SCREEN_ONE_PLY, 0)
    root = Node(None, None, 0)
    bad = state.parse_move("bad")
    root.children, root.untried = [Node(bad, root, 1)], []
    MCTS(SearchConfig(), random.Random(1))._screen_root(root, state, state.legal_moves(), 1)
    assert root.children == [] and sorted(state.move_text(m) for m in root.untried or []) == ["fine", "good"]


def test_after_the_screen_the_search_runs_without_its_clock():
    """The screen's clock and cancel are its own: once it is done, the search runs to its own budget."""
    state = war_state("kotu_ellima", "e3 c3 g3", "e5 c7", capture="free")
    engine = MCTS(SearchConfig(screen=1), random.Random(1))
    assert engine.search(state, iterations=200).iterations == 200
    assert engine._deadline is None and engine._cancel is None


def test_the_screen_has_its_share_of_the_clock_counted_from_the_searchs_start(monkeypatch):
    deadlines: list[float | None] = []

    def evaluation(state: State) -> float:
        deadlines.append(engine._deadline)
        return state.heuristic()

    from game.ai import mcts as mcts_module

    monkeypatch.setattr(mcts_module, "time", _Clock(0.001))
    engine = MCTS(SearchConfig(screen_share=0.25), random.Random(1), FunctionEvaluator(evaluation))
    state = _tree("one-ply", SCREEN_ONE_PLY, 0)
    engine.search(state, seconds=40.0, iterations=20)  # ended by its iterations
    during = [d for d in deadlines if d is not None]
    assert during and all(
        d == pytest.approx(0.001 + 10.0) for d in during
    )  # the search's first reading + 40 / 4


def test_the_screen_tries_the_biggest_capture_first_so_a_refutation_cuts_at_once():
    """In the screen's alpha-beta and its capture search alike the double capture, enough to refute
    here, is tried first: the other moves are never searched (three nodes and two, not more)."""
    state = _tree("captures", south({"take2": _leaf(1, 0.8), "take": _leaf(1, 0.2), "q": _leaf(1, 0.0)}), 0)
    engine = MCTS(SearchConfig(), random.Random(1))
    engine._deadline = math.inf  # only so that the nodes are counted: never reached
    assert engine._shallow(state, 1, -2.0, 0.5) == pytest.approx(0.8) and engine._nodes == 3
    engine._nodes = 0
    assert engine._quiesce(state, 1, -2.0, 0.5) == pytest.approx(0.8) and engine._nodes == 2


def _draw_or_play_on(length: int = 400) -> Turn:
    """South chooses: 'draw' ends the game drawn at once; 'on' plays on through a long line of
    single moves, each position rated a little worse for South (h = -0.2), that ends drawn only
    beyond any short search."""
    line: Turn | object = DRAW
    for depth in range(length, 0, -1):  # the move after 'on' is North's
        line = (north if depth % 2 else south)({"m": line}, h=-0.2)
    return south({"draw": DRAW, "on": line})


@pytest.mark.parametrize("side", [0, 1])
def test_contempt_values_a_drawn_end_below_even_for_the_side_searching(side):
    """A drawn end is worth 0.5 to either side, or ``contempt`` less to the side searching: a level
    with contempt plays on from a position it rates a little worse (0.4) rather than settle for a
    draw (0.3), and one without takes the draw (0.5). The tree is played from both sides."""
    state = _tree("contempt", _draw_or_play_on(), side)
    plain = SearchConfig(cutoff=0, solver=False, minimax=0.0)
    settled = MCTS(plain, random.Random(1)).search(state, iterations=300)
    assert state.move_text(settled.move) == "draw"
    spiteful = MCTS(SearchConfig(cutoff=0, solver=False, minimax=0.0, contempt=0.2), random.Random(1))
    played_on = spiteful.search(state, iterations=300)
    assert state.move_text(played_on.move) == "on"
    stats = {state.move_text(s.move): s.value for s in spiteful.root_stats()}
    assert stats["draw"] == pytest.approx(0.3) and stats["on"] == pytest.approx(0.4)


@pytest.mark.parametrize("side", [0, 1])
def test_a_proven_draw_is_worth_the_contempt_less_and_still_called_a_draw(side):
    spec = south({"a": north({"x": NORTH_WINS, "y": DRAW}), "c": DRAW})
    state = _tree("proven-draw", spec, side)
    plain = MCTS(SearchConfig(), random.Random(1)).search(state, iterations=200)
    assert (plain.proven, plain.value) == ("draw", 0.5)
    spiteful = MCTS(SearchConfig(contempt=0.1), random.Random(1)).search(state, iterations=200)
    assert spiteful.proven == "draw" and spiteful.value == pytest.approx(0.4)
    assert state.move_text(spiteful.move) == "c"  # 'a' is no better: North would draw or win there


def test_a_kept_tree_valued_with_the_other_sides_contempt_is_not_reused():
    """The same searcher asked for the other side: its kept tree's draws were valued against the
    first side, so the tree is dropped, not reused."""
    state = _tree("contempt-reuse", _draw_or_play_on(), 0)
    engine = MCTS(SearchConfig(cutoff=0, solver=False, minimax=0.0, contempt=0.2), random.Random(1))
    engine.search(state, iterations=50)
    assert engine._reusable_root(state) is not None
    state.play("on")  # North to move in the same tree
    engine._draw0 = 0.7  # as a search for North sets it
    assert engine._reusable_root(state) is None
    engine._draw0 = 0.3
    assert engine._reusable_root(state) is not None
