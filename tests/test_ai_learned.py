"""The learned evaluation: features, the shipped weights, the fit, and converting a lead."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest
from positions import war_state

from game.ai import evaluation, features
from game.ai.evaluation import LearnedEvaluation, Weights, limit_adjusted
from game.ai.evaluators import learned_for, weights_key
from game.ai.mcts import MCTS, SearchConfig
from rules import load_game, load_state
from rules.boards import bits
from training import train_eval

ROOT = Path(__file__).resolve().parent.parent


def _random_states(gid, n=15, seed=3, **options):
    rng = random.Random(seed)
    game = load_game(gid, **options)
    out = []
    for _ in range(n):
        state = game.new_initial_state(rng)
        for _ in range(rng.randrange(0, 60)):
            if state.outcome() is not None:
                break
            state.apply(rng.choice(state.legal_moves()))
        if state.outcome() is None:
            out.append(state)
    return out


def _mirror_war(state):
    """The same war position with the board turned round and the armies' roles swapped."""
    b = state.game.board
    south = " ".join(b.name_of(b.rotate(p)) for p in bits(state.army(1)))
    north = " ".join(b.name_of(b.rotate(p)) for p in bits(state.army(0)))
    turn = "SN"[state.to_move ^ 1]
    return war_state(state.game.id, south, north, turn=turn, extra=f"quiet={state.quiet_plies}")


@pytest.mark.parametrize("gid", ["sixteen_soldiers", "peralikatuma", "kotu_ellima"])
def test_war_features_are_read_from_player_0s_side(gid):
    # Turning the board round and swapping the armies must negate every feature.
    checked = 0
    for state in _random_states(gid):
        mirrored = _mirror_war(state)
        f, g = features.war_features(state), features.war_features(mirrored)
        assert len(f) == len(features.WAR_FEATURES)
        assert g == pytest.approx([-x for x in f]), (state.to_text(), f, g)
        checked += any(f)
    assert checked


def test_war_features_see_a_piece_en_prise_and_the_side_to_move():
    # North's e6 can be jumped by South's e5 (e7 is empty), and e4 covers e5; South is to move.
    state = war_state("kotu_ellima", "e4 e5 a5", "e6 i5", turn="S")
    names = features.WAR_FEATURES
    f = dict(zip(names, features.war_features(state)))
    assert f["en_prise"] > 0 and f["threat"] > 0 and f["to_move"] == 1.0
    assert f["material"] > 0.0
    f2 = dict(zip(names, features.war_features(war_state("kotu_ellima", "e4 e5 a5", "e6 i5", turn="N"))))
    assert f2["threat"] == 0.0  # North to move cannot take anything: no threat for it either


@pytest.mark.parametrize(
    "gid,options",
    [
        ("cows_leopards", {}),
        ("hat_diviyan_keliya", {}),
        ("battlehalma", {}),
        ("battlehalma", {"rule": "terminal", "counters": 6}),
    ],
)
def test_every_family_gives_one_number_per_named_feature(gid, options):
    for state in _random_states(gid, n=8, **options):
        family = features.family_of(state)
        assert family is not None
        values = family[2](state)
        assert len(values) == len(family[1]) and all(isinstance(v, float) for v in values)


def test_a_trapped_leopard_counts_against_the_leopards():
    game = load_game("cows_leopards")
    free = load_state(f"{game.header()}; board={_cows_board({'e5': 'L', 'a5': 'L'})}; turn=C; hands=0/0")
    pen = {"e5": "L", "a5": "L", "b5": "C", "a3": "C", "a7": "C", "b4": "C", "b6": "C", "c5": "C"}
    trapped = load_state(f"{game.header()}; board={_cows_board(pen)}; turn=C; hands=0/0")
    name = features.HUNT_FEATURES.index("trapped")
    assert features.hunt_features(free)[name] == 0.0
    assert features.hunt_features(trapped)[name] < 0.0


def _cows_board(pieces):
    from positions import board_text

    return board_text("cows_leopards", pieces)


# --- the shipped weights ------------------------------------------------------------------------
SHIPPED = sorted(p.stem for p in (ROOT / "game" / "ai" / "weights").glob("*.json"))


def test_weights_ship_as_package_data_and_in_the_standalone_app():
    assert SHIPPED, "no weights file in game/ai/weights"
    tomllib = pytest.importorskip("tomllib")
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "game.ai"
    ]
    assert "weights/*.json" in globs and "books/*.json" in globs
    from tests.script_loader import load_script

    build_app = load_script("build_app")
    args = " ".join(build_app.data_args())
    assert "game/ai/weights" in args and "game/ai/books" in args


@pytest.mark.parametrize("key", SHIPPED)
def test_shipped_weights_load_from_the_installed_package(key):
    # Read the way the app reads them (importlib.resources on the installed package), and they
    # must fit the features this code computes, else the search would silently fall back.
    text = resources.files("game.ai").joinpath("weights").joinpath(f"{key}.json").read_text(encoding="utf-8")
    weights = Weights.from_json(text)
    assert weights.key == key
    gid, _, rule = key.partition("-")
    game = load_game(gid, **({"rule": rule} if rule else {}))
    assert weights_key(game) == key
    learned = learned_for(game)
    assert isinstance(learned, LearnedEvaluation) and learned.model == weights
    assert "command" in weights.trained and f"--seed {weights.trained['seed']}" in weights.trained["command"]
    for state in _random_states(gid, n=5, **({"rule": rule} if rule else {})):
        assert -1.0 <= learned.evaluate(state) <= 1.0


def test_a_bad_weights_file_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="not JSON"):
        Weights.from_json("{")
    with pytest.raises(ValueError, match="format"):
        Weights.from_json(json.dumps({"format": "other"}))
    good = json.loads(Weights("k", "war", ("a", "b"), (1.0, 2.0), 0.0, 4, 0.5, {}).to_json())
    good["weights"] = [1.0]
    with pytest.raises(ValueError, match="one weight per feature"):
        Weights.from_json(json.dumps(good))


def test_weights_for_other_features_are_not_used(monkeypatch):
    stale = Weights("kotu_ellima", "war", ("material",), (3.0,), 0.0, 4, 0.5, {})
    state = load_game("kotu_ellima").new_initial_state()
    assert evaluation.evaluation_from(stale, state) is None


# --- the fit --------------------------------------------------------------------------------------
def test_the_logistic_fit_recovers_known_weights():
    rng = random.Random(2)
    xs, ys = [], []
    for _ in range(3000):
        x = [rng.uniform(-1, 1), rng.uniform(-1, 1)]
        p = 1 / (1 + pow(2.718281828, -(2.0 * x[0] - 1.0 * x[1] + 0.3)))
        xs.append(x)
        ys.append(1.0 if rng.random() < p else 0.0)
    w, b = train_eval.fit_logistic(xs, ys, l2=0.0)
    assert w[0] == pytest.approx(2.0, abs=0.3) and w[1] == pytest.approx(-1.0, abs=0.3)
    assert b == pytest.approx(0.3, abs=0.2)


def test_a_tiny_training_run_writes_weights_that_load(tmp_path, capsys):
    out = tmp_path / "k.json"
    assert (
        train_eval.main(
            [
                "kotu_ellima",
                "--seed",
                "4",
                "--games",
                "2",
                "--iterations",
                "20",
                "--rounds",
                "1",
                "--opening",
                "2",
                "--max-plies",
                "60",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    weights = Weights.from_json(out.read_text())
    assert weights.features == features.WAR_FEATURES and weights.trained["games"] == 2
    assert evaluation.evaluation_from(weights, load_game("kotu_ellima").new_initial_state()) is not None
    assert "round 1" in capsys.readouterr().out


# --- converting a lead ----------------------------------------------------------------------------
def _flat(family, key):
    """A model that values material alone, with a 10-ply horizon."""
    names = {"war": features.WAR_FEATURES, "battlehalma": features.HALMA_FEATURES}[family]
    w = [4.0 if n == "material" else 0.0 for n in names]
    return Weights(key, family, names, tuple(w), 0.0, 10, 0.5, {})


def test_limit_adjustment_slides_to_the_verdict():
    assert limit_adjusted(0.4, 20, 0, 10) == 0.4
    assert limit_adjusted(0.4, 5, 0, 10) == pytest.approx(0.7)
    assert limit_adjusted(0.4, 5, None, 10) == pytest.approx(0.2)
    assert limit_adjusted(-0.4, 0, 1, 10) == -1.0


def test_a_lead_near_the_war_limit_is_nearly_a_win():
    # The no-capture limit gives the game to the side with more pieces: the closer it is, the
    # more a one-piece lead is worth.
    state = war_state("kotu_ellima", "e3 a5 c1", "e7 i5")
    learned = evaluation.evaluation_from(_flat("war", "kotu_ellima"), state)
    far = learned.evaluate(state)
    near = learned.evaluate(war_state("kotu_ellima", "e3 a5 c1", "e7 i5", extra="quiet=17"))
    assert 0 < far < near and near > 0.6


def test_a_lead_melts_near_a_drawing_limit_and_repetition():
    # BattleHalma: the limit and a third repetition are draws, so a lead is worth less near
    # them and the side ahead must make progress.
    game = load_game("battlehalma")
    text = f"{game.header()}; board={_halma_board(game, red=['a1', 'c3', 'e5'], blue=['h8'])}; turn=R"
    state = load_state(text)
    learned = evaluation.evaluation_from(_flat("battlehalma", "battlehalma-promotion"), state)
    far = learned.evaluate(state)
    near = learned.evaluate(load_state(text + "; quiet=97"))
    assert far > 0.3 and 0 < near < far / 2
    repeated = load_state(text)
    for move in ("a1-b2", "h8-g7", "b2-a1", "g7-h8"):  # back and forth: the start is seen twice
        repeated.play(move)
    assert repeated.repetitions() == 2
    fresh = load_state(
        "; ".join(f for f in repeated.to_text().split("; ") if not f.startswith(("rep=", "quiet=")))
    )
    assert fresh.repetitions() == 1 and fresh.quiet_plies == 0 and repeated.quiet_plies == 4
    assert learned.evaluate(repeated) < 0.5 * learned.evaluate(fresh) + 1e-9


def _halma_board(game, red, blue):
    n = game.n
    rows = []
    for r in range(n - 1, -1, -1):
        rows.append(
            "".join(
                "r" if f"{'abcdefgh'[c]}{r + 1}" in red else "b" if f"{'abcdefgh'[c]}{r + 1}" in blue else "."
                for c in range(n)
            )
        )
    return "/".join(rows)


def test_ahead_near_the_drawing_limit_the_search_takes_the_capture():
    # Red is a piece up with one ply left before the no-capture draw: only a capture keeps the win
    # alive, and the search values the quiet moves as the draw they are.
    game = load_game("battlehalma")
    text = (
        f"{game.header()}; "
        f"board={_halma_board(game, red=['a1', 'c3', 'e4'], blue=['e5', 'h8'])}; turn=R; quiet=99"
    )
    state = load_state(text)
    learned = evaluation.evaluation_from(_flat("battlehalma", "battlehalma-promotion"), state)
    result = MCTS(SearchConfig(), random.Random(1), learned).search(state, iterations=300)
    assert result.move is not None and result.move.captured
