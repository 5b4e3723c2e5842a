"""No English left on screen in Sinhala, Tamil or Bengali (issue 30, item 2): Hat Diviyan
Keliya's proven value and the solver's notices about its table (built, damaged and rebuilt, not
built, contradicted), said by the solver's own code paths; 'Saved.' after a settings change; and
a date of an older game, whose month names and order are each language's locale data (CLDR, as
Babel gives it: the app keeps them in its catalogue and needs no locale library at run time).
That the screenshot tour reaches each of them is tests/test_i18n.py's
test_no_english_is_left_on_screen."""

from __future__ import annotations

import datetime

import pytest
from babel.dates import format_date, get_month_names

from game import i18n, library
from game.ai import solver
from game.ai.solver_table import TableFileError, decode, encode
from game.i18n import tr
from rules import load_game
from rules.words import Words, words_of
from tools.pseudo import english_in

LANGS = ("si", "ta", "bn")
GAME = "hat_diviyan_keliya"


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def table():
    return solver.build(load_game(GAME))


@pytest.fixture
def fresh_solver(monkeypatch):
    """No table in this process and no notice waiting; builds as each test makes them."""
    monkeypatch.setattr(solver, "_tables", {})
    monkeypatch.setattr(solver, "_working", set())
    monkeypatch.setattr(solver, "_notices", [])
    monkeypatch.setattr(solver, "_distrusted", set())


def notices() -> list[str]:
    out = []
    while said := solver.take_notice():
        out.append(said)
    return out


def said_in_every_language(words: str, technical: str = "") -> None:
    """``words`` changes in each language and has no English left (``technical``, a name the
    player may report, such as an exception's, apart)."""
    for code in LANGS:
        i18n.set_language(code)
        shown = tr(words)
        assert shown != str(words) and not english_in(shown.replace(technical, "")), (code, shown)


# --- the solver's notices, as its worker says them --------------------------------------------------
def test_a_table_being_built_and_one_that_could_not_be_built_are_said_in_every_language(
    fresh_solver, monkeypatch, english
):
    monkeypatch.setattr(solver, "_build", lambda game, variant, path: None)  # a build that left no table
    game = load_game(GAME)
    solver._load_or_build(game, solver.variant_of(game))
    built, not_built = notices()
    assert built.startswith("Hat Diviyan Keliya's solved table is being built in the background")
    assert (
        not_built
        == "Hat Diviyan Keliya's solved table could not be built: proven values are not shown this time."
    )
    said_in_every_language(built)
    said_in_every_language(not_built)


def test_a_damaged_table_set_aside_and_rebuilt_is_said_in_every_language_with_its_reason(
    table, fresh_solver, monkeypatch, english
):
    game = load_game(GAME)
    path = solver.cache_path(solver.variant_of(game))
    path.parent.mkdir(parents=True, exist_ok=True)
    damaged = bytearray(encode(table))
    damaged[-10] ^= 0xFF
    path.write_bytes(bytes(damaged))
    monkeypatch.setattr(solver, "_build", lambda g, v, p: solver.save(table, p))
    solver._load_or_build(game, solver.variant_of(game))
    [rebuilt] = notices()
    assert rebuilt == (
        "Hat Diviyan Keliya's solved table was damaged (its contents do not match their checksum "
        "(damaged or edited)): it is being rebuilt in the background."
    )
    said_in_every_language(rebuilt)
    for code in LANGS:  # the reason is said in the language too, inside the sentence
        i18n.set_language(code)
        assert tr("its contents do not match their checksum (damaged or edited)") in tr(rebuilt)


def test_a_table_that_fails_after_its_build_says_why_in_every_language(
    table, fresh_solver, monkeypatch, english
):
    """The build wrote a file that fails its checks: the reason is the check's, translated."""
    game = load_game(GAME)
    solver.cache_dir().mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(solver, "_build", lambda g, v, p: p.write_bytes(encode(table)[:-5]))
    solver._load_or_build(game, solver.variant_of(game))
    built, not_built = notices()
    assert not_built == (
        "Hat Diviyan Keliya's solved table could not be built (it is truncated): proven values are "
        "not shown this time."
    )
    said_in_every_language(not_built)


def test_a_worker_that_fails_and_a_table_contradicted_again_are_said_in_every_language(
    table, fresh_solver, monkeypatch, english
):
    game = load_game(GAME)
    monkeypatch.setattr(solver, "_build", lambda g, v, p: 1 // 0)
    solver._load_or_build(game, solver.variant_of(game))
    built, failed = notices()
    assert failed == (
        "Hat Diviyan Keliya's solved table could not be built (ZeroDivisionError): proven values are "
        "not shown this time."
    )
    said_in_every_language(failed, technical="ZeroDivisionError")
    solver.install(table)
    solver._distrusted.add(table.variant)  # contradicted once already in this run
    solver._contradicted(table, game)
    [again] = notices()
    assert "contradict again" in again
    said_in_every_language(again)


def test_another_variants_table_is_refused_in_words_every_language_says(table, english):
    with pytest.raises(TableFileError) as refused:
        decode(encode(table), "large")
    reason = words_of(refused.value)
    assert reason == f"it is the table of another variant ({table.variant})"
    for code in LANGS:
        i18n.set_language(code)
        assert tr(reason) != reason and table.variant in tr(reason)


# --- the proven value ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "score, mover, sides, english_words",
    [
        (solver.WIN - 14, 1, ("Tiger", "Leopards"), "proven: Leopards win in 14"),
        (solver.WIN - 1, 0, ("Tiger", "Leopards"), "proven: Tiger wins in 1"),
        (-(solver.WIN - 27), 1, ("Tigers", "Leopards"), "proven: Tigers win in 27"),
        (0, 0, ("Tiger", "Leopards"), "draw with best play"),
    ],
)
def test_the_proven_value_is_said_in_every_language(score, mover, sides, english_words, english):
    shown = solver.describe(score, mover, sides)
    assert shown == english_words
    said_in_every_language(shown)
    said_in_every_language(Words("{proven} (V hides)", proven=shown))
    for code in LANGS:
        i18n.set_language(code)
        assert all(digit in tr(shown) for digit in english_words if digit.isdigit())


@pytest.mark.parametrize("code", LANGS)
def test_the_proven_line_fits_the_panel_with_its_key(code, app, english):
    """The longest side's name, two digits and '(V hides)': whole on the panel's line at the
    smallest window (cut short, the key that hides it would be lost)."""
    from game import theme
    from game.config import MatchConfig, Mode
    from tools.scenarios import pump, start_play

    i18n.set_language(code)
    for size in ((960, 600), (1280, 800)):
        app.resize(size)
        scene = start_play(app, MatchConfig(GAME, mode=Mode.PASS))
        pump(app, 1 / 60)
        s = theme.scale_for(size)
        room = scene.layout(size)[1].width - 2 * int(14 * s)  # the panel's inner width
        for sides in (("Tiger", "Leopards"), ("Tigers", "Leopards")):
            for score, mover in ((solver.WIN - 28, 1), (solver.WIN - 28, 0), (0, 0)):
                line = Words("{proven} (V hides)", proven=solver.describe(score, mover, sides))
                assert theme.measure(line, int(20 * s))[0] <= room, (size, tr(line))


# --- dates and 'Saved.' --------------------------------------------------------------------------------
def at(year: int, month: int, day: int) -> float:
    return datetime.datetime(year, month, day, 20, 35).timestamp()


@pytest.mark.parametrize("code", LANGS)
def test_an_older_date_is_written_as_the_languages_locale_data_writes_it(code, english):
    """Every month, as CLDR's medium date in the language: its month names, its order of day,
    month and year (Sinhala '2026 නොවැ 16', Tamil '16 நவ., 2026')."""
    i18n.set_language(code)
    for month in range(1, 13):
        shown = tr(library.when_words(at(2026, month, 16), now=at(2027, 1, 20)))
        assert shown == format_date(datetime.date(2026, month, 16), "medium", locale=code), month
        assert not english_in(shown)


def test_an_older_date_in_english_names_its_month(english):
    i18n.set_language("en")
    names = get_month_names("abbreviated", "format", "en")
    for month in range(1, 13):
        assert library.when_words(at(2026, month, 16), now=at(2027, 1, 20)) == f"16 {names[month]} 2026"
    assert library.when_words(at(2026, 11, 16), now=at(2026, 11, 16)) == "today 20:35"


@pytest.mark.parametrize("code", LANGS)
def test_a_settings_change_says_saved_in_the_language(code, app, english):
    from game.scenes.settings_screen import SettingsScene

    i18n.set_language(code)
    scene = SettingsScene(app)
    app.manager.push(scene)
    scene.change(sound=False)
    app.frame([], 1 / 60)
    assert scene.message == "Saved." and not scene.failed
    assert scene.message_lines == [tr("Saved.")] and not english_in(scene.message_lines[0])
