"""The app in the player's language: English, Sinhala, Tamil or Bengali, through one gettext
catalogue (``assets/locale/<code>/LC_MESSAGES/keliya.mo``, made from the ``.po`` files by
``python scripts/catalogue.py compile``). Pure Python: the match model's words use it as the
scenes do.

``_`` translates a string the app wrote; ``tr`` also translates what the rules said (``Words``:
the template looked up, its values filled in, words among them translated too); ``ngettext``
picks the plural form the language needs ("took 1 stone", "took 5 stones"). Changing the
language tells the listeners (the typeface follows), and every scene reads its words afresh.

A catalogue that is missing or cannot be read (truncated, garbage, another file's bytes) is no
crash: the words are English, ``spoken`` says so (the title's language button shows "English"),
``problem`` says why in a sentence the title shows, and the choice itself is kept (``language``
and the settings), so the language comes back as soon as its file is repaired.

A translated template may write a value in a case, ``{side:of}``: English says "South's" with
an apostrophe in the template, but Bengali inflects the word itself (উত্তর, উত্তরের), so the
catalogue holds each side's possessive form under the context ``possessive`` and the value
takes it where the translation asks. The same for the other cases a language ends a word with
(``CASES``): ``{side:to}`` (dative: Sinhala ගවයන්ට, Tamil பசுக்களுக்கு), ``{kind:obj}``
(accusative: Tamil பசுவை), ``{side:as}`` (Tamil பசுக்களாக), so no ending stands apart from
the word it belongs to.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from rules.kinds import Code
from rules.words import N_, Words, capitalised

from .assets_path import assets_dir

DOMAIN = "keliya"
#: the catalogue's context for a side's name as the owner of something (``{side:of}``)
POSSESSIVE = "possessive"
#: a translation's format spec -> the catalogue's context holding the value in that case
CASES = {"of": POSSESSIVE, "to": "dative", "obj": "accusative", "as": "essive"}
#: language code -> its name in its own script (what the language setting shows)
LANGUAGES = {"en": "English", "si": "සිංහල", "ta": "தமிழ்", "bn": "বাংলা"}

#: a system's name for a language in place of its code (Windows: 'Tamil_India', 'Sinhala_Sri Lanka')
LANGUAGE_NAMES = {
    "english": "en",
    "sinhala": "si",
    "sinhalese": "si",
    "tamil": "ta",
    "bangla": "bn",
    "bengali": "bn",
}
#: why a chosen language is not spoken, said to the player (its name in its own script fills it in)
MISSING = N_(
    "Keliya's {language} words are missing, so it speaks English; they come back when "
    "Keliya is installed again."
)
UNREADABLE = N_(
    "Keliya's {language} words cannot be read (the file is damaged), so it speaks English; "
    "they come back when Keliya is installed again."
)


class Translations(Protocol):
    """What the app asks of a catalogue (gettext's ``NullTranslations`` and its subclasses)."""

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...


class English:
    """The words as written, gettext's ``NullTranslations`` without importing gettext (and
    locale with it) before an English first frame (issue 29, item 5)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


_translation: Translations = English()
_language = "en"
_spoken = "en"
_problem: Words | None = None
_listeners: list[Callable[[str], None]] = []


def locale_dir() -> Path:
    return assets_dir() / "locale"


def language() -> str:
    """The code of the language chosen (what the settings keep and L steps on from); ``spoken``
    is the one whose words are shown."""
    return _language


def spoken() -> str:
    """The code of the language whose words are shown: the chosen one, or English where its
    catalogue is missing or cannot be read."""
    return _spoken


def problem() -> Words | None:
    """Why the chosen language is not spoken (its catalogue missing or damaged), else None."""
    return _problem


def set_language(code: str) -> None:
    """Speak ``code`` from now on (ValueError for a language Keliya does not have). A catalogue
    that is missing or cannot be read leaves the words English and says why (``problem``)."""
    global _language, _problem
    if code not in LANGUAGES:
        raise ValueError(f"Keliya speaks {', '.join(LANGUAGES)}; not '{code}'")
    translations, _problem = (English(), None) if code == "en" else _catalogue(code)
    _speak(code, "en" if _problem else code, translations)


def _catalogue(code: str) -> tuple[Translations, Words | None]:
    """Language ``code``'s compiled catalogue, or English and the reason it cannot be had. Any
    error reading it counts: a damaged file raises OSError (a wrong magic number, 'File is
    corrupt'), struct.error (cut short), UnicodeDecodeError, LookupError (an unknown charset) or
    ValueError (a broken plural rule), and none of them may stop Keliya from starting."""
    import gettext

    named = Words(MISSING, language=LANGUAGES[code])
    found = gettext.find(DOMAIN, str(locale_dir()), languages=[code])
    if found is None:
        return English(), named
    try:
        with open(found, "rb") as f:
            return gettext.GNUTranslations(f), None
    except FileNotFoundError:  # removed between the look and the read
        return English(), named
    except Exception:  # noqa: BLE001 (whatever a damaged file raises: see above)
        return English(), Words(UNREADABLE, language=LANGUAGES[code])


def install(code: str, translations: Translations) -> None:
    """Speak through ``translations`` under the name ``code`` (a check's pseudo-language, which
    shows every translated word changed, so a word left in English stands out)."""
    global _problem
    _problem = None
    _speak(code, code, translations)


def _speak(chosen: str, shown: str, translations: Translations) -> None:
    """Put ``translations`` in force and tell the listeners the language shown (the typeface)."""
    global _translation, _language, _spoken
    _translation, _language, _spoken = translations, chosen, shown
    for listener in list(_listeners):
        listener(shown)


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
            import locale  # only here: the environment decides on most systems

            try:
                found = locale.getlocale()[0]
            except ValueError:
                found = None
            if found:
                candidates.append(found)
    return next((c for c in (_code(part) for part in candidates) if c in LANGUAGES), "en")


def _code(name: str) -> str:
    """'si' of 'si_LK.UTF-8', 'ta' of 'ta_IN.UTF-8@x' or 'ta-IN', and of the names Windows gives
    a locale ('Tamil_India', 'Sinhala_Sri Lanka', 'Bangla_Bangladesh'), in any case."""
    first = re.split(r"[_.@-]", name.strip(), maxsplit=1)[0].lower()
    return LANGUAGE_NAMES.get(first, first)


def _(message: str) -> str:
    """``message`` in the player's language (itself when there is no translation)."""
    return _translation.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


class _Value(str):
    """A translated value of a sentence that remembers what the code said, so that a template
    may ask for one of its cases (``{side:of}``: Bengali উত্তরের for North; ``CASES``); where
    the catalogue has no such form the translated word stands as it is."""

    source: str

    def __new__(cls, said: str) -> _Value:
        made = super().__new__(cls, tr(said))
        made.source = said
        return made

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            inflected = _translation.pgettext(CASES[spec], self.source)
            return str(self) if inflected == self.source else inflected
        return format(str(self), spec)


def said_together(*problems: str | None) -> str:
    """Problems said as one notice ('' for none): one alone as it is (a sentence keeps its
    parts, to be translated where shown); several, each in the words spoken now, one after
    another."""
    found = [p for p in problems if p]
    return "" if not found else found[0] if len(found) == 1 else " ".join(tr(p) for p in found)


def tr(text: Any) -> str:
    """Anything shown as words, in the player's language: ``Words`` from the rules are rebuilt
    from their translated template and translated values; a plain string is looked up whole."""
    if isinstance(text, Words):
        values = {
            k: _Value(v) if isinstance(v, str) else _Value(str(v)) if isinstance(v, Code) else v
            for k, v in text.values.items()
        }  # a kind (a hunt's phase) is said in its word, translated as the word is
        if text.plural:
            return ngettext(text.template, text.plural, text.number).format(**values)
        made = _(text.template).format(**values) if values else _(text.template)
        return capitalised(made) if text.template.startswith("{text}") else made
    return _(str(text))
