"""One contract suite over the registry: every game in ``rules.game_ids()``, every option value.

Cases are built at collection time from the registry, so a game registered later is covered
without editing this file. CI plays the defaults plus each option value once (one option varied
at a time); ``python -m benchmarks.fuzz`` plays the full option product with the same checks
(``tests/contract.py``).
"""

from __future__ import annotations

import importlib
import pkgutil
import random

import pytest
from contract import check_game, label, play_random_game, variants

import rules
from rules import game_ids, load_game, load_state
from rules.registry import _GAMES, GAME_MODULES

#: Random games per variant: the default options get more, as every player starts there.
GAMES_DEFAULT = 4
GAMES_VARIANT = 1
#: BattleHalma's random games run about 300 plies, each checked in full (a third of the suite's
#: contract time with four): two of them check as many positions as four games of the others
GAMES_DEFAULT_FOR = {"battlehalma": 2}
#: Plies checked in full per game; the rest of the game is played unchecked to its end.
CHECKED_PLIES = 400

CASES = [(gid, opts) for gid in game_ids() for opts in variants(gid, full=False)]


def test_registry_is_covered() -> None:
    ids = rules.game_ids()
    assert ids, "no game is registered"
    assert ids == list(GAME_MODULES), "game_ids() lists every game, in menu order"
    assert len(set(ids)) == len(ids)
    for gid in ids:  # each game's module registers it under its own id (loaded on first use)
        assert rules.game_spec(gid).id == gid
    for module in pkgutil.iter_modules(rules.__path__):  # a game module left out of the list is
        importlib.import_module(f"rules.{module.name}")  # refused as it registers (LookupError)
    assert set(_GAMES) == set(ids), "every game registered is listed by game_ids()"
    assert {gid for gid, _ in CASES} == set(ids), "every registered game has contract cases"


def test_listing_the_games_loads_no_engine() -> None:
    """game_ids() and the registry are read without importing any game's rules (the title
    screen and --help list the games before any is played): checked in a fresh interpreter."""
    import subprocess
    import sys

    code = (
        "import sys, rules; ids = rules.game_ids(); "
        "print(len(ids), sorted(m for m in sys.modules if m.startswith('rules.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, loaded = out.stdout.split(" ", 1)
    assert int(count) == len(GAME_MODULES)
    assert loaded.strip() == "['rules.kinds', 'rules.registry', 'rules.words']"


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[label(g, o) for g, o in CASES])
def test_contract(game_id: str, options: dict) -> None:
    game = load_game(game_id, **options)
    check_game(game)
    count = GAMES_DEFAULT_FOR.get(game_id, GAMES_DEFAULT) if not options else GAMES_VARIANT
    for seed in range(count):
        result = play_random_game(game, seed, checked_plies=CHECKED_PLIES)
        assert result.plies > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_playout_counts_its_plies(game_id: str) -> None:
    """After ``playout`` the position is right, and its ply count is part of it (the ``ply=``
    field of the position text): ``ply`` goes up by the plies the playout returns. (The war
    games' compiled playout once left ``ply`` where it was; this test found it.)
    """
    game = load_game(game_id)
    for seed in range(3):
        state = game.new_initial_state(random.Random(seed))
        sim = state.copy()
        played = sim.playout(random.Random(seed))
        assert sim.ply == state.ply + played, f"{game_id}: ply {sim.ply} after a playout of {played} plies"


# --- the registry entries, made afresh --------------------------------------------------------------

LANGUAGES = ("si", "ta", "bn")


@pytest.fixture(scope="module")
def fresh_specs():
    """Every game's registry entry made anew: each game module run again into an empty registry
    (the entries the other tests read were made once, as the modules were first imported)."""
    import importlib.util

    from rules import registry

    saved = dict(registry._GAMES)
    registry._GAMES.clear()
    try:
        for module in dict.fromkeys(GAME_MODULES.values()):
            found = importlib.util.find_spec(module)
            assert found is not None and found.loader is not None
            found.loader.exec_module(importlib.util.module_from_spec(found))  # not put in sys.modules
        fresh = dict(registry._GAMES)
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(saved)
    assert list(fresh) == sorted(fresh, key=list(GAME_MODULES).index) and set(fresh) == set(GAME_MODULES)
    return fresh


def _shown(spec):
    """Every word a game's entry puts on screen: its name, origin, description and sides; each
    option's label, help, each choice's label and help, and why it is greyed; the rules text's
    paragraphs."""
    from rules.words import paragraphs

    words = [spec.name, spec.origin, spec.description, *spec.sides]
    for option in spec.options:
        words += [option.label, option.help]
        words += [w for choice in option.choices for w in (option.label_of(choice), option.help_of(choice))]
        if option.applies is not None:
            words.append(option.unused_help)
    return words + [p for p in paragraphs(spec.rules_text) if p]


def test_every_word_a_game_shows_is_in_each_language(fresh_specs):
    """In Sinhala, Tamil and Bengali the setup and rules screens show no English: each word of
    every entry (a number alone, such as a count of counters, needs no translation) has its
    translation in the shipped catalogues."""
    import gettext
    from pathlib import Path

    from rules.words import Words

    root = Path(__file__).resolve().parent.parent / "assets" / "locale"
    for code in LANGUAGES:
        with open(root / code / "LC_MESSAGES" / "keliya.mo", "rb") as f:
            catalogue = gettext.GNUTranslations(f)
        for gid, spec in fresh_specs.items():
            for words in _shown(spec):
                assert isinstance(words, str) and words, f"{gid}: {words!r} is shown"
                key = words.template if isinstance(words, Words) else words
                if any(ch.isalpha() for ch in key):
                    assert catalogue.gettext(key) != key, f"{gid}: {key!r} is not translated into {code}"


def test_every_option_is_read_by_its_game(fresh_specs):
    """Each option of a fresh entry can be set by its name to each of its choices, and the game
    it makes starts and offers moves; its default is one of its choices, and setting it to the
    default makes the game the defaults make."""
    for gid, spec in fresh_specs.items():
        plain = spec.make(spec, spec.resolve_options({}))
        assert plain.spec is spec
        start = plain.new_initial_state(random.Random(0)).to_text()
        for option in spec.options:
            assert option.default in option.choices, f"{gid}: {option.name}={option.default!r}"
            same = spec.make(spec, spec.resolve_options({option.name: option.default}))
            assert same.header() == plain.header()
            assert same.new_initial_state(random.Random(0)).to_text() == start
            for choice in option.choices:
                try:
                    game = spec.make(spec, spec.resolve_options({option.name: choice}))
                except ValueError:  # a choice refused with the defaults of the others
                    continue
                state = game.new_initial_state(random.Random(0))
                assert state.legal_moves(), f"{gid} {option.name}={choice}"
                assert load_state(state.to_text()).to_text() == state.to_text()


def test_repetition_is_greyed_while_a_limit_ends_quiet_games(fresh_specs):
    """The war games' repetition draw applies only with the no-capture limit off (the setup
    greys it otherwise)."""
    for gid in ("sixteen_soldiers", "peralikatuma", "kotu_ellima"):
        spec = fresh_specs[gid]
        threefold = spec.option("threefold")
        assert threefold.applies_to(spec.resolve_options({"limit": "off"}))
        for limit in (20, 40, 60):
            assert not threefold.applies_to(spec.resolve_options({"limit": limit}))


def test_a_layout_of_no_known_kind_is_refused_in_words():
    from rules.layout import Layout

    with pytest.raises(ValueError) as err:
        Layout("hexes", ())  # type: ignore[arg-type]
    assert str(err.value) == "unknown layout kind 'hexes' (kinds: lines, squares, holes)"


def test_a_game_registered_twice_is_refused_in_words():
    from rules.registry import register

    with pytest.raises(ValueError) as err:
        register(rules.game_spec("ncuva"))
    assert str(err.value) == "game id 'ncuva' registered twice"
    assert rules.game_spec("ncuva").id == "ncuva"
