"""The screenshot tour in the pseudo-language, drawn once for the tests that read it (the check
for English left on screen and ``python -m tools.pseudo``'s own report): what it drew with English
in it, and every text it looked up."""

from __future__ import annotations

from functools import cache

from game import i18n
from tools.pseudo import english_drawn


@cache
def pseudo_tour() -> tuple[dict[str, int], frozenset[str]]:
    """(the texts drawn with English in them and how often, the templates of every text looked up)."""
    said: set[str] = set()
    plain = i18n.tr

    def heard(text):
        said.add(getattr(text, "template", text))
        return plain(text)

    i18n.tr = heard
    try:
        found = english_drawn()
    finally:
        i18n.tr = plain
    return found, frozenset(said)
