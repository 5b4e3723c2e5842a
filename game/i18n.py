"""The app in the player's language: English, Sinhala, Tamil or Bengali, through one gettext
catalogue (``assets/locale/<code>/LC_MESSAGES/keliya.mo``, made from the ``.po`` files by
``python scripts/catalogue.py compile``). Pure Python: the match model's words use it as the
scenes do.

``_`` translates a string the app wrote; ``tr`` also translates what the rules said (``Words``:
the template looked up, its values filled in, words among them translated too); ``ngettext``
picks the plural form the language needs ("took 1 stone", "took 5 stones"). Changing the
language tells the listeners (the typeface follows), and every scene reads its words afresh.

A translated template may write a value as its owner, ``{side:of}``: English says "South's" with
an apostrophe in the template, but Bengali inflects the word itself (উত্তর, উত্তরের), so the
catalogue holds each side's possessive form under the context ``possessive`` and the value
takes it where the translation asks.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.words import Words, capitalised

from .assets_path import assets_dir

DOMAIN = "keliya"
#: the catalogue's context for a side's name as the owner of something (``{side:of}``)
POSSESSIVE = "possessive"
#: language code -> its name in its own script (what the language setting shows)
LANGUAGES = {"en": "English", "si": "සිංහල", "ta": "தமிழ்", "bn": "বাংলা"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_listeners: list[Callable[[str], None]] = []


def locale_dir() -> Path:
    return assets_dir() / "locale"


def language() -> str:
    """The code of the language in force."""
    return _language


def set_language(code: str) -> None:
    """Speak ``code`` from now on (ValueError for a language Keliya does not have)."""
    global _translation, _language
    if code not in LANGUAGES:
        raise ValueError(f"Keliya speaks {', '.join(LANGUAGES)}; not '{code}'")
    _translation = (gettext.NullTranslations() if code == "en" else
                    gettext.translation(DOMAIN, str(locale_dir()), languages=[code], fallback=True))
    _language = code
    for listener in list(_listeners):
        listener(code)


def install(code: str, translations: gettext.NullTranslations) -> None:
    """Speak through ``translations`` under the name ``code`` (a check's pseudo-language, which
    shows every translated word changed, so a word left in English stands out)."""
    global _translation, _language
    _translation, _language = translations, code
    for listener in list(_listeners):
        listener(code)


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` whenever the language changes (the typeface, caches)."""
    _listeners.append(listener)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system's language where Keliya has it, else English, read as gettext reads it: the
    first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set decides (its list in order; 'C'
    or 'POSIX' there means untranslated, so LC_ALL=C gives English whatever LANG says), and
    only when none is set, the locale module."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            for part in env[name].split(":"):
                if part.split(".")[0] in ("C", "POSIX"):
                    break
                if part:
                    candidates.append(part)
            break
    else:
        if environ is None:
            try:
                found = locale.getlocale()[0]
            except ValueError:
                found = None
            if found:
                candidates.append(found)
    return next((c for c in (_code(part) for part in candidates) if c in LANGUAGES), "en")


def _code(name: str) -> str:
    """'si' of 'si_LK.UTF-8'."""
    return name.split("_")[0].split(".")[0].lower()


def _(message: str) -> str:
    """``message`` in the player's language (itself when there is no translation)."""
    return _translation.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


class _Value(str):
    """A translated value of a sentence that remembers what the code said, so that a template
    may ask for its possessive form (``{side:of}``: Bengali উত্তরের for North); where the
    catalogue has no such form the translated word stands as it is."""

    source: str

    def __new__(cls, said: str) -> _Value:
        made = super().__new__(cls, tr(said))
        made.source = said
        return made

    def __format__(self, spec: str) -> str:
        if spec == "of":
            owned = _translation.pgettext(POSSESSIVE, self.source)
            return str(self) if owned == self.source else owned
        return format(str(self), spec)


def tr(text: Any) -> str:
    """Anything shown as words, in the player's language: ``Words`` from the rules are rebuilt
    from their translated template and translated values; a plain string is looked up whole."""
    if isinstance(text, Words):
        values = {k: _Value(v) if isinstance(v, str) else v for k, v in text.values.items()}
        if text.plural:
            return ngettext(text.template, text.plural, text.number).format(**values)
        made = _(text.template).format(**values) if values else _(text.template)
        return capitalised(made) if text.template.startswith("{text}") else made
    return _(str(text))
