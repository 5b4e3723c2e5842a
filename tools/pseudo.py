"""A pseudo-language for finding words that never reach the catalogue.

Every message the app looks up comes back with its letters swapped for accented ones
('Start' -> 'Šţàŕţ'), placeholders kept; a word still drawn in plain English letters was never
looked up, so it is missing from the catalogue, or was built where a translation cannot reach
it. ``english_drawn`` renders every scene of the screenshot tour in the pseudo-language and
returns the texts drawn with English words in them.

    python -m tools.pseudo          # list them
"""

from __future__ import annotations

import gettext
import re
import sys
from pathlib import Path

#: each lower-case letter and its stand-in (Latin Extended-A, which Inter writes)
_SWAP = dict(zip("acdeghijklnorstuwyz", "àçďèğĥìĵķĺñòŕšţùŵýž", strict=True))
_SWAP.update({k.upper(): v.upper() for k, v in _SWAP.items()})
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
#: a run of three plain letters: English left on screen (point names such as 'e5' are shorter)
ENGLISH = re.compile(r"[A-Za-z]{3,}")


def pseudo(message: str) -> str:
    """``message`` with its letters swapped, its ``{placeholders}`` untouched."""
    return "".join(
        part if part.startswith("{") else "".join(_SWAP.get(ch, ch) for ch in part)
        for part in _PLACEHOLDER.split(message)
    )


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language's catalogue: every entry of the template ``keliya.pot`` translated,
    and nothing else, so a message the template lacks stays in English."""

    def __init__(self, template: Path | None = None) -> None:
        super().__init__()
        self.known = template_entries(template)

    def gettext(self, message: str) -> str:
        return pseudo(message) if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return (
            pseudo(msgid1 if n == 1 else msgid2) if msgid1 in self.known else (msgid1 if n == 1 else msgid2)
        )

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message) if message in self.known else message


def template_entries(template: Path | None = None) -> frozenset[str]:
    """The messages of the catalogue's template (singular forms), read with the standard
    library's own reading of a .po file's strings."""
    import ast

    from game.i18n import locale_dir

    path = template or locale_dir() / "keliya.pot"
    out: set[str] = set()
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgid "):
            current = [ast.literal_eval(line[6:])]
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
        else:
            if current is not None and line.startswith(("msgstr", "msgid_plural")):
                out.add("".join(current))
            current = None
    out.discard("")
    return frozenset(out)


#: words the app draws that are not English to translate: the app's name, the engine's and
#: fonts' names, the languages' own names and file suffixes
NOT_WORDS = re.compile(r"Keliya|KELIYA|Inter|Noto|\.json|\.txt|English|MCTS")
#: the names of keys, as a button's hint shows them ('Leave  [Esc]'): the keyboard's words, which
#: every language's glossary keeps in Latin
KEY_NAMES = (
    "Esc",
    "Enter",
    "Return",
    "Tab",
    "Space",
    "Backspace",
    "Del",
    "Delete",
    "Ins",
    "Home",
    "End",
    "PgUp",
    "PgDn",
    "Up",
    "Down",
    "Left",
    "Right",
    "Ctrl",
    "Shift",
    "Alt",
    "Cmd",
)
_KEY = rf"(?:{'|'.join(KEY_NAMES)}|F\d{{1,2}}|[A-Z0-9])"
#: a key hint in square brackets: one key, or keys joined by '+' ('[Ctrl+O]') or '/' ('[U/Ctrl+Z]')
KEY_HINT = re.compile(rf"\[{_KEY}(?:[+/]{_KEY})*\]")


def english_in(text: str) -> bool:
    """Whether ``text`` has a run of plain letters left once the names that are no English words
    (the app's, the fonts', the pseudo-language's own code on the language button) and the key
    hints are taken out."""
    return bool(ENGLISH.search(KEY_HINT.sub("", NOT_WORDS.sub("", text.replace(PSEUDO, "")))))


def english_drawn(sizes: tuple[tuple[int, int], ...] = ((1280, 800),)) -> dict[str, int]:
    """Every text drawn on the screenshot tour in the pseudo-language that still has English
    words in it, with how often it was drawn."""
    from game import theme

    from .tour import draw_scenes, tour

    found: dict[str, int] = {}

    def heard(words: str) -> None:
        if english_in(words) and not isinstance(words, theme.Verbatim):  # a file's name is no word
            found[words] = found.get(words, 0) + 1

    theme.text_drawn = heard
    try:
        tour(PSEUDO, lambda manager, screen, name: draw_scenes(manager, screen), sizes)
    finally:
        theme.text_drawn = None
    return found


PSEUDO = "qps"  # the pseudo-language's code (as the locale standard names one)


def main() -> int:
    found = english_drawn()
    for words, times in sorted(found.items()):
        print(f"{times:4d}  {words!r}")
    print(f"{len(found)} texts with English in them", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
