"""A language whose words cannot be had, and the names systems give languages (issue 30, item 6).

A catalogue that is missing, cut short, garbage or another file's bytes never stops Keliya: it
starts in English, its title's language button says "English", a line says the chosen
language's words could not be read, and the choice is kept, so the language comes back once the
file is repaired. Each case runs the real start-up (``game.launch.main`` with
``--exit-after-first-frame``: one frame) over a copy of the shipped catalogues, and reads what
the first frame drew. The names Windows gives a locale ('Tamil_India') are read as their codes.
"""

from __future__ import annotations

import locale
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n, launch, theme
from game import settings as user_settings
from game.i18n import system_language
from rules.words import Words
from tools.scenarios import shown_title, visible

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "assets" / "locale"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

#: the ways a compiled catalogue is damaged: its bytes as shipped -> the bytes on disk
DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "truncated": lambda good: good[: len(good) // 2],
    "cut in its header": lambda good: good[:12],
    "garbage": lambda good: bytes(range(256)) * 8,
    "wrong magic": lambda good: b"\x00\x00\x00\x00" + good[4:],
    "empty": lambda good: b"",
}


@pytest.fixture
def locale_copy(monkeypatch, tmp_path) -> Iterator[Path]:
    """The shipped catalogues, copied where a test may damage them; English afterwards."""
    copy = tmp_path / "locale"
    shutil.copytree(SHIPPED, copy)
    monkeypatch.setattr(i18n, "locale_dir", lambda: copy)
    yield copy
    i18n.set_language("en")


def mo(locale: Path, code: str) -> Path:
    return locale / code / "LC_MESSAGES" / "keliya.mo"


def first_frame(*flags: str) -> list[str]:
    """Start Keliya as a player does (settings from this test's KELIYA_HOME) for one frame;
    every text that frame drew."""
    drawn: list[str] = []
    theme.text_drawn = drawn.append
    try:
        user_settings.forget_loaded()
        assert launch.main(["--exit-after-first-frame", "--mute", *flags]) == 0
    finally:
        theme.text_drawn = None
    return drawn


def saved_language() -> str:
    user_settings.forget_loaded()
    return user_settings.current().language


# --- a catalogue that cannot be read ------------------------------------------------------------
@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_catalogue_starts_in_english_says_so_and_keeps_the_choice(damage, locale_copy):
    good = mo(locale_copy, "ta").read_bytes()
    mo(locale_copy, "ta").write_bytes(DAMAGE[damage](good))
    user_settings.update(language="ta")
    drawn = first_frame()
    assert "English  [L]" in drawn and "தமிழ்  [L]" not in drawn
    notice = [t for t in drawn if "தமிழ்" in t]
    assert notice == [
        "Keliya's தமிழ் words cannot be read (the file is damaged), so it speaks English; "
        "they come back when Keliya is installed again."
    ]
    assert (i18n.language(), i18n.spoken()) == ("ta", "en") and i18n._("Settings") == "Settings"
    assert saved_language() == "ta"  # the choice is not lost: the file repaired, Tamil is back

    mo(locale_copy, "ta").write_bytes(good)
    drawn = first_frame()
    assert "தமிழ்  [L]" in drawn and "English  [L]" not in drawn
    assert i18n.tr(Words(i18n.UNREADABLE, language="தமிழ்")) not in drawn  # the line is gone
    assert i18n.spoken() == "ta" and i18n.problem() is None and i18n._("Settings") != "Settings"


def test_a_missing_catalogue_starts_in_english_and_says_the_words_are_missing(locale_copy):
    mo(locale_copy, "si").unlink()
    drawn = first_frame("--lang", "si")
    assert "English  [L]" in drawn
    assert (
        "Keliya's සිංහල words are missing, so it speaks English; they come back when Keliya is "
        "installed again." in drawn
    )
    shutil.copy(mo(SHIPPED, "si"), mo(locale_copy, "si"))
    assert "සිංහල  [L]" in first_frame("--lang", "si")


def test_l_goes_on_from_a_language_whose_words_cannot_be_read(locale_copy, app):
    """L from a language whose words cannot be read goes on to the next language (it does not
    stay on the broken one, shown as English), and the line goes once words can be read."""

    mo(locale_copy, "si").write_bytes(b"not a catalogue")
    user_settings.choose_language("si")
    app.manager.push(shown_title(app))
    shown = visible(app)
    assert "English  [L]" in shown and "සිංහල words cannot be read" in shown
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")], 1 / 60)
    shown = visible(app)
    assert i18n.spoken() == "ta" and "தமிழ்  [L]" in shown and "cannot be read" not in shown
    assert saved_language() == "ta"


def test_the_settings_screen_says_why_a_chosen_language_shows_english(locale_copy):
    mo(locale_copy, "bn").write_bytes(b"\xde\x12\x04\x95" + b"\xff" * 40)  # the magic, then nonsense
    said = user_settings.choose_language("bn")
    assert i18n.spoken() == "en" and saved_language() == "bn"
    assert (
        i18n.tr(said) == "Keliya's বাংলা words cannot be read (the file is damaged), so it speaks English; "
        "they come back when Keliya is installed again."
    )
    assert user_settings.choose_language("ta") == "" and i18n.spoken() == "ta"


# --- the names systems give languages -------------------------------------------------------------
@pytest.mark.parametrize(
    "name, code",
    [
        ("Tamil_India", "ta"),
        ("Sinhala_Sri Lanka", "si"),
        ("Bangla_Bangladesh", "bn"),
        ("Bengali_India", "bn"),
        ("Sinhalese_Sri Lanka.1252", "si"),
        ("TAMIL_INDIA", "ta"),
        ("sinhala_sri lanka", "si"),
        ("ta_IN.UTF-8@x", "ta"),
        ("bn_BD@latin", "bn"),
        ("si-LK", "si"),
        ("ta@latin", "ta"),
        ("English_United States.1252", "en"),
        ("French_France", "en"),
        ("Tamilish_Nowhere", "en"),
    ],
)
def test_a_windows_locale_name_is_read_as_its_language(name, code):
    assert system_language({"LANG": name}) == code
    assert system_language({"LC_ALL": name, "LANG": "en_US.UTF-8"}) == code


@pytest.mark.parametrize(
    "name, shown",
    [
        ("Tamil_India", "தமிழ்"),
        ("Sinhala_Sri Lanka", "සිංහල"),
        ("Bangla_Bangladesh", "বাংলা"),
    ],
)
def test_keliya_starts_in_the_language_a_windows_locale_names(name, shown, monkeypatch, locale_copy):
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda: (name, "1252"))  # as Windows reports it
    assert f"{shown}  [L]" in first_frame()
    monkeypatch.setenv("LC_ALL", "C")  # the environment first, and C is English whatever else says
    assert "English  [L]" in first_frame()
    assert saved_language() == ""  # followed, not chosen: nothing written


def test_lc_all_c_still_overrides_lang():
    assert system_language({"LC_ALL": "C", "LANG": "si_LK.UTF-8"}) == "en"
    assert system_language({"LC_ALL": "C", "LANG": "Sinhala_Sri Lanka"}) == "en"


def test_a_catalogue_removed_between_the_look_and_the_read_is_said_missing(locale_copy, monkeypatch):
    import gettext

    real_find = gettext.find

    def found_then_removed(*args, **kwargs):
        path = real_find(*args, **kwargs)
        Path(path).unlink()  # an update replacing the files at this moment
        return path

    monkeypatch.setattr(gettext, "find", found_then_removed)
    i18n.set_language("bn")
    assert (i18n.language(), i18n.spoken()) == ("bn", "en") and i18n._("Settings") == "Settings"
    assert i18n.tr(i18n.problem()) == (
        "Keliya's বাংলা words are missing, so it speaks English; they come back when Keliya is installed again."
    )


def test_words_installed_after_a_damaged_catalogue_leave_no_problem_said(locale_copy):
    """A check's pseudo-language installed over a language whose words could not be read."""
    import gettext

    mo(locale_copy, "ta").write_bytes(b"not a catalogue")
    i18n.set_language("ta")
    assert i18n.problem() is not None
    with open(mo(locale_copy, "si"), "rb") as f:
        i18n.install("si", gettext.GNUTranslations(f))
    assert i18n.problem() is None and (i18n.language(), i18n.spoken()) == ("si", "si")
    assert i18n._("Settings") != "Settings"


@pytest.mark.parametrize("stop", ["C", "C.UTF-8", "POSIX", "POSIX.utf8"])
def test_c_or_posix_in_a_language_list_ends_it_as_gettext_does(stop):
    assert system_language({"LANGUAGE": f"{stop}:si_LK", "LANG": "ta_IN"}) == "en"
    assert system_language({"LANGUAGE": f"bn:{stop}:si_LK"}) == "bn"
