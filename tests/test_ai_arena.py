"""The arena command: plays, reports a score with an interval, writes a table, rejects bad input."""

from __future__ import annotations

import random

import pytest

from game.ai.policy import Decision
from training.arena import Tally, interval, main, random_opening, run, wins_draws_losses


def test_interval_is_honest_at_the_edges():
    mean, low, high = interval([1.0] * 10)
    assert mean == 1.0 and high == 1.0 and 0.6 < low < 0.8
    mean, low, high = interval([1.0, 0.0] * 50)
    assert mean == 0.5 and 0.39 < low < 0.41 and 0.59 < high < 0.61
    assert interval([0.5] * 4)[0] == 0.5


def test_wins_draws_and_losses_are_counted_apart():
    assert wins_draws_losses([1.0, 0.5, 0.5, 0.0, 1.0]) == "2 wins, 2 draws, 1 loss"
    assert wins_draws_losses([0.5]) == "0 wins, 1 draw, 0 losses"


def test_arena_plays_and_writes_a_table(tmp_path, capsys):
    out = tmp_path / "results.md"
    assert main(["kotu_ellima", "greedy", "random", "--games", "2", "--out", str(out), "--quiet"]) == 0
    main(["kotu_ellima", "easy", "random", "--games", "2", "--iterations", "5", "--out", str(out), "--quiet"])
    main(["kotu_ellima", "medium", "easy", "--games", "1", "--scale", "0.01", "--out", str(out), "--quiet"])
    printed = capsys.readouterr().out
    assert "greedy vs random, 2 games" in printed and "95% interval" in printed
    assert "seconds per move" in printed
    rows = out.read_text().splitlines()
    assert rows[0].startswith("| game |") and len(rows) == 5
    assert rows[3].startswith("| kotu_ellima | defaults | easy | random | 5 it | 2 |")
    assert rows[4].startswith("| kotu_ellima | defaults | medium | easy | caps x0.01 | 1 |")


@pytest.mark.parametrize(
    "argv,words",
    [
        (["no_such_game", "easy", "random"], "unknown game"),
        (["kotu_ellima", "easy", "wizard"], "unknown player"),
        (["kotu_ellima", "easy", "random", "--games", "0"], "at least 1"),
        (["kotu_ellima", "easy", "random", "--option", "capture=sometimes"], "capture"),
        (["kotu_ellima"], "required"),
        (["kotu_ellima", "easy", "random", "--scale", "0"], "above 0"),
        (["kotu_ellima", "easy", "random", "--scale", "1", "--iterations", "5"], "one of"),
        (["kotu_ellima", "easy", "random", "--clock", "0.5", "--seconds", "1"], "one of"),
        (["kotu_ellima", "easy", "random", "--clock", "0"], "--clock must be above 0"),
        (["kotu_ellima", "easy", "random", "--opening", "-1"], "--opening must be 0 or more"),
        (["kotu_ellima", "easy", "random", "--option", "limit"], "expected NAME=VALUE"),
        (["kotu_ellima", "easy", "alphabeta:0"], "N from 1 to 12"),
        (["kotu_ellima", "easy", "alphabeta:"], "N from 1 to 12"),
        (["kotu_ellima", "easy", "alphabeta:3@2"], "alphabeta:N searches N plies"),
        (["kotu_ellima", "easy", "beta:3"], "unknown player"),
        (["kotu_ellima", "expert:fast", "hard"], "nocheck"),
        (["kotu_ellima", "random:nocheck", "hard"], "unknown player"),
        (["kotu_ellima", "expert:nocheck", "hard", "--record"], "--record keeps"),
        (["kotu_ellima", "hard:contempt", "expert", "--record"], "--record keeps"),
        (["kotu_ellima", "random:contempt", "hard"], "LEVEL:contempt the level playing on from a draw"),
        (["kotu_ellima", "random:resolve", "hard"], "LEVEL:resolve the level valuing new positions once"),
        (["kotu_ellima", "easy:material", "hard", "--record"], "--record keeps"),
        (["kotu_ellima", "greedy:material", "hard"], "LEVEL:material the level scoring with the material"),
    ],
)
def test_bad_arguments_print_usage(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and words in err


def test_alphabeta_plays_at_equal_time(capsys):
    assert (
        main(["kotu_ellima", "easy", "alphabeta", "--games", "1", "--seconds", "0.02", "--max-plies", "12"])
        == 0
    )
    printed = capsys.readouterr().out
    assert "easy vs alphabeta" in printed and "0.02 s a move each" in printed


def test_random_openings_are_shared_by_each_pair_of_games():
    a = random_opening("ncuva", {"after_capture": "end-turn"}, 3, seed=7)
    assert a.outcome() is None and len(a.history()) == 3
    assert a.to_text() == random_opening("ncuva", {"after_capture": "end-turn"}, 3, seed=7).to_text()
    starts: list[str] = []

    class Recorder:
        """Notes the first position it is asked about, then resigns the game (no move)."""

        name = "recorder"

        def choose(self, state, cancel=None):
            starts.append(state.to_text())
            return Decision(None, 0, 0.0)

    tally = run(
        "kotu_ellima",
        (lambda rng: Recorder(), lambda rng: Recorder()),
        4,
        {},
        3,
        50,
        progress=False,
        opening=4,
    )
    assert isinstance(tally, Tally) and len(tally.scores) == 4
    assert starts[0] == starts[1] and starts[2] == starts[3] and starts[0] != starts[2]
    initial = random_opening("kotu_ellima", {}, 0, seed=1).to_text()
    assert initial not in starts


@pytest.mark.parametrize(
    "module,argv,words",
    [
        ("benchmarks.ai_ladder", ["--only", "ncuva", "--option", "columns"], "expected NAME=VALUE"),
        ("benchmarks.ai_ladder", ["--only", "ncuva", "--option", "columns=5"], "columns"),
        ("benchmarks.ai_tuning", ["kotu_ellima", "--option", "capture=sometimes"], "capture"),
        ("benchmarks.tactics_depth", ["--positions", "0"], "at least 1"),
    ],
)
def test_the_benchmarks_refuse_a_bad_option_with_usage(module, argv, words, capsys):
    import importlib

    with pytest.raises(SystemExit) as exit_info:
        importlib.import_module(module).main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and words in err


def test_a_match_at_a_fraction_of_the_clocks_plays_each_level_and_its_yardstick_at_that_fraction():
    """``--clock F``: each level as in the app with its clock, cap and check's nodes times F, and
    alpha-beta thinking F times the clock of the level it meets (so still at equal time)."""
    from game.ai.levels import LEVELS
    from training.arena import budget_label, pair

    expert_maker, yardstick_maker = pair("expert", "alphabeta", clock=0.25)
    expert, yardstick = expert_maker(random.Random(1)), yardstick_maker(random.Random(1))
    level = LEVELS["expert"]
    assert expert.level.seconds == pytest.approx(level.seconds * 0.25)
    assert expert.level.iterations == round(level.iterations * 0.25)
    assert expert.level.tactics_nodes == round(level.tactics_nodes * 0.25)
    assert yardstick.seconds == pytest.approx(level.seconds * 0.25)
    hard = pair("hard", "alphabeta")[1](random.Random(1))
    assert hard.seconds == pytest.approx(LEVELS["hard"].seconds)  # no fraction: the app's clock
    assert budget_label(None, None, None, 0.25) == "clocks x0.25"


def test_the_report_says_how_often_a_levels_tactical_check_changed_its_move():
    """A's and B's checks counted over the games from the players' own counters (the check is
    Expert's: how often it overrode the tree is what a match of it should tell)."""
    from training.arena import play_game, report

    class Checking:
        def __init__(self, rng):
            self.rng, self.name, self.checked, self.swapped, self.finished = rng, "checking", 0, 0, 0

        def choose(self, state, cancel=None):
            moves = state.legal_moves()
            self.checked += 1
            self.finished += self.checked % 2 == 0
            self.swapped += self.checked % 3 == 0
            return Decision(moves[self.rng.randrange(len(moves))], 0, 0.0)

    made: list[Checking] = []

    def a_player(rng):
        made.append(Checking(rng))
        return made[-1]

    tally = Tally()
    for game in range(2):
        play_game("kotu_ellima", {}, (a_player, Checking), game % 2, game, 7, tally)
    checked, swapped = sum(p.checked for p in made), sum(p.swapped for p in made)
    finished = sum(p.finished for p in made)
    assert tally.checks[0] == (checked, finished, swapped) and checked == tally.moves[0]
    assert swapped >= 1 and 1 <= finished < checked
    assert tally.checks[1][0] == tally.moves[1]
    lines = report("kotu_ellima", "a", "b", {}, "clock", tally)
    said = f"  a's tactical check: {checked} moves checked, {finished} finished within its clock, "
    said += f"{swapped} changed"
    assert said in lines


def test_a_fixed_depth_yardstick_searches_exactly_its_plies_whatever_the_clocks():
    """``alphabeta:N``: N plies, never a clock (so a ladder against it means the same anywhere);
    the level it meets keeps its own clock, and a depth out of range or a stray word is refused."""
    from game.ai.levels import LEVELS
    from rules import load_game
    from training.arena import pair
    from training.players import fixed_depth, make_player

    level, yardstick = (f(random.Random(3)) for f in pair("hard", "alphabeta:2", clock=0.25))
    assert yardstick.name == "alphabeta:2" and yardstick.max_depth == 2
    assert yardstick.seconds == float("inf")
    assert level.level.seconds == pytest.approx(LEVELS["hard"].seconds * 0.25)
    yardstick.choose(load_game("kotu_ellima").new_initial_state())
    assert yardstick.depth == 2  # both iterations finished, none beyond
    assert make_player("alphabeta:5", random.Random(1), seconds=0.01).max_depth == 5  # seconds ignored
    assert fixed_depth("alphabeta") is None and fixed_depth("hard") is None
    assert fixed_depth("alphabeta:12") == 12 and fixed_depth(" AlphaBeta:1 ") == 1  # the range's ends
    for bad in ("alphabeta:0", "alphabeta:13", "alphabeta:x", "alphabeta:", "alphabeta:3:4"):
        with pytest.raises(ValueError, match="N from 1 to 12"):
            fixed_depth(bad)


def test_a_match_against_a_fixed_depth_yardstick_is_reported_under_its_name(capsys):
    assert main(["kotu_ellima", "random", "alphabeta:1", "--games", "1", "--max-plies", "12"]) == 0
    assert "random vs alphabeta:1" in capsys.readouterr().out


def test_a_level_without_its_check_is_the_same_level_with_the_check_off():
    """``expert:nocheck``: what the check is worth is measured against the level itself, so only the
    check may differ; alpha-beta facing it still gets Expert's clock, and --record refuses it (it is
    not a level the app plays)."""
    from dataclasses import replace

    from training.arena import pair

    checked, unchecked = (f(random.Random(1)).level for f in pair("expert", "expert:nocheck", clock=0.1))
    assert checked.tactics and unchecked.tactics == 0 and unchecked.tactics_deepest == 0
    assert replace(unchecked, tactics=checked.tactics, tactics_deepest=checked.tactics_deepest) == checked
    yardstick = pair("expert:nocheck", "alphabeta", clock=0.1)[1](random.Random(1))
    assert yardstick.seconds == pytest.approx(checked.seconds)
    parallel = pair("expert@2", "alphabeta", clock=0.1)[1](random.Random(1))
    assert parallel.seconds == pytest.approx(checked.seconds)  # Expert's clock, whatever its processes


@pytest.mark.parametrize(("variant", "value"), [("contempt", 0.1), ("resolve", 4)])
def test_a_level_variant_is_the_same_level_with_one_search_setting_changed_in_every_game(variant, value):
    """``hard:contempt`` (a draw valued below even) and ``hard:resolve`` (new positions valued once
    their captures are played out): only that setting differs, in the level's own settings and in
    each game's tuned ones, so the search it runs in any game has it."""
    from dataclasses import replace

    from rules import load_game
    from training.players import CONTEMPT_VALUE, RESOLVE_PLIES, make_player

    plain = make_player("hard", random.Random(1), clock=0.1).level
    varied = make_player(f"hard:{variant}", random.Random(1), clock=0.1).level
    field = variant  # the setting is named like the variant
    assert (CONTEMPT_VALUE, RESOLVE_PLIES) == (0.1, 4) and getattr(plain.config, field) == 0
    assert varied.per_game.keys() == plain.per_game.keys()
    for game_id in ("kotu_ellima", "battlehalma", "cows_leopards"):
        game = load_game(game_id)
        for side in (None, 0, 1):
            config = varied.config_for(game, side)
            assert getattr(config, field) == value
            assert replace(config, **{field: 0}) == plain.config_for(game, side)
    assert replace(varied, config=plain.config, per_game=plain.per_game) == plain


def test_a_level_on_material_scores_every_side_with_the_material_count_and_its_own_settings():
    """``hard:material``: where Hard's tuned evaluation is learned (BattleHalma's promotion game;
    the Leopards until issue 33) it scores with the material count and searches as Hard does with
    it; elsewhere it is Hard unchanged."""
    from game.ai.evaluators import HEURISTIC, learned_for
    from rules import load_game
    from training.players import make_player

    plain = make_player("hard", random.Random(1), clock=0.1).level
    material = make_player("hard:material", random.Random(1), clock=0.1).level
    promotion = load_game("battlehalma")
    assert plain.evaluator_for(promotion) is learned_for(promotion) is not None
    assert material.evaluator_for(promotion) is HEURISTIC
    assert material.config_for(promotion) == plain.config_for(load_game("battlehalma", rule="terminal"))
    assert plain.config_for(promotion) != material.config_for(promotion)
    for game_id in ("kotu_ellima", "ncuva", "cows_leopards"):
        game = load_game(game_id)
        for side in (None, 0, 1):
            assert material.config_for(game, side) == plain.config_for(game, side)
            assert material.evaluator_for(game, side) is plain.evaluator_for(game, side) is HEURISTIC


def test_make_player_names_processes_variants_and_the_yardsticks_clock():
    """``level@N`` searches in N processes; ``LEVEL:word`` knows its variants; ``alphabeta``
    thinks Hard's clock unless given seconds, times ``clock`` only when its seconds are the default."""
    from game.ai.levels import LEVELS
    from training.players import make_player

    rng = random.Random(1)
    assert make_player("hard@2", rng).level.workers == 2 and make_player("expert@1", rng).level.workers == 1
    for bad in ("hard@0", "hard@x", "hard@"):
        with pytest.raises(ValueError, match="the number after @ is the search processes, at least 1"):
            make_player(bad, rng)
    with pytest.raises(
        ValueError,
        match="a level's variants are :nocheck, the level without its tactical check, :contempt, "
        "the level valuing a draw 0.1 below an even result, :material, the level scoring with the "
        "material count on every side, and :resolve, the level valuing its tree's new positions once "
        "their captures are played out",
    ):
        make_player("expert:fast", rng)
    hard = LEVELS["hard"].seconds
    assert make_player("alphabeta", rng).seconds == pytest.approx(hard)
    assert make_player("alphabeta", rng, clock=0.25).seconds == pytest.approx(hard * 0.25)
    assert make_player("alphabeta", rng, seconds=0.3, clock=0.25).seconds == pytest.approx(0.3)


def test_games_out_keeps_each_game_so_it_replays_to_the_same_result(tmp_path, capsys):
    """``--games-out``: every game's start, moves and result, appended as a JSON line; replayed
    through the rules, the moves are legal and end as the line says, A's score as the match counted."""
    import json

    from rules import load_state
    from training.arena import score_of

    out = tmp_path / "games.jsonl"
    argv = ["kotu_ellima", "random", "greedy", "--games", "3", "--seed", "4", "--quiet"]
    argv += ["--games-out", str(out)]
    assert main(argv) == 0
    assert "3 games' moves appended to" in capsys.readouterr().out
    assert main([*argv[:4], "1", *argv[5:]]) == 0  # appended to, not replaced
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [g["a_side"] for g in lines] == [0, 1, 0, 0]
    assert [g["seed"] for g in lines] == [4 * 100003, 4 * 100003 + 1, 4 * 100003 + 2, 4 * 100003]
    for kept in lines:
        assert (kept["a"], kept["b"], kept["game"]) == ("random", "greedy", "kotu_ellima")
        assert kept["options"] == {}
        state = load_state(kept["start"])
        assert state.ply == 0
        for text in kept["moves"]:
            state.play(state.parse_move(text))
        assert str(state.outcome().reason) == kept["end"]
        assert score_of(state.outcome(), kept["a_side"]) == kept["a_score"]


def test_a_game_is_cut_at_its_plies_and_each_players_moves_and_time_counted(monkeypatch):
    """Players without a check count none; a game stopped at ``max_plies`` played exactly that many,
    A's moves counted as A's whichever side it played; each player's own time adds up. The clock is
    the players' own: each move moves it on by that player's thinking time (no real time)."""
    from types import SimpleNamespace

    from training import arena
    from training.arena import play_game
    from training.players import RandomPlayer

    now = [100.0]
    monkeypatch.setattr(arena, "time", SimpleNamespace(perf_counter=lambda: now[0]))

    def thinking(seconds: float) -> type[RandomPlayer]:
        class Thinking(RandomPlayer):
            def choose(self, state, cancel=None):
                now[0] += seconds
                return super().choose(state, cancel)

        return Thinking

    tally = Tally(games=[])
    play_game("kotu_ellima", {}, (thinking(2.0), thinking(0.5)), 1, 9, 5, tally)
    assert tally.plies == [5] and tally.checks == [(0, 0, 0), (0, 0, 0)]
    assert tally.moves == [2, 3]  # A played North: South moved first
    assert tally.seconds == [4.0, 1.5]
    [kept] = tally.games
    assert kept["seed"] == 9 and len(kept["moves"]) == 5 and kept["end"] is None
