"""The app's catalogue of words: gather them from the code, keep each language's translation up to
date with them, and compile what the app reads.

    python scripts/catalogue.py extract    # the words of rules/ and game/ -> assets/locale/keliya.pot
    python scripts/catalogue.py update     # each language's .po takes up new words (old ones kept as fuzzy)
    python scripts/catalogue.py compile    # .po -> .mo (what the app reads, with the standard gettext)
    python scripts/catalogue.py missing    # what each language still lacks

Words are found where the code says them: ``_``/``N_``/``ngettext``, ``Words`` and
``Words.counted`` (sentences built from values), and the calls whose text is what the player
reads (a button's label, what the match says, what the rules refuse). Babel does the reading and
writing (the ``test`` extra); the app itself only needs the standard library's gettext.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "keliya.pot"
DOMAIN = "keliya"
LANGUAGES = ("si", "ta", "bn")
SOURCES = ("rules", "game")
#: function name -> which arguments are words (Babel's keyword specs)
KEYWORDS = {
    "_": None, "N_": None, "tr": None, "ngettext": (1, 2), "Words": None, "counted": (1, 2),
    "Button": None, "Selector": None, "Said": None, "Note": (2,), "IllegalMoveError": None,
    "ValueError": None, "UserFileError": None, "TableFileError": None, "blit_text": (2,), "wrap": None,
    "fit_line": None, "text": None, "measure": None, "MenuOverlay": (3,),
}
#: files whose strings are not for players (the AI's internals, tooling of the search)
SKIP = ("game/ai/arena.py", "game/ai/train_eval.py", "game/ai/book.py", "game/launch.py")


def extract() -> int:
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import write_po

    catalog = Catalog(project="Keliya", domain=DOMAIN, charset="utf-8")
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in SKIP:
                continue
            for lineno, message, comments, _context in extract_from_file(
                    "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
                if not message or (isinstance(message, str) and not any(ch.isalpha() for ch in message)):
                    continue
                catalog.add(message, locations=[(rel, lineno)], auto_comments=comments)
    LOCALE.mkdir(parents=True, exist_ok=True)
    with open(POT, "wb") as f:
        write_po(f, catalog, width=100, sort_output=True)
    print(f"{len(catalog)} entries -> {POT.relative_to(ROOT)}")
    return 0


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def update() -> int:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    with open(POT, "rb") as f:
        template = read_po(f)
    for code in LANGUAGES:
        path = po_path(code)
        if path.exists():
            with open(path, "rb") as f:
                catalog = read_po(f, locale=code)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project="Keliya", charset="utf-8")
        catalog.update(template, update_header_comment=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            write_po(f, catalog, width=100, sort_output=True, ignore_obsolete=True)
        print(f"{code}: {len(catalog)} entries")
    return 0


def compile_all() -> int:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for code in LANGUAGES:
        with open(po_path(code), "rb") as f:
            catalog = read_po(f, locale=code)
        with open(po_path(code).with_suffix(".mo"), "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        print(f"{code}: compiled")
    return 0


def missing(code: str) -> list[str]:
    """The entries of the template that language ``code`` does not translate (fuzzy counts as
    missing)."""
    from babel.messages.pofile import read_po

    with open(POT, "rb") as f:
        template = read_po(f)
    path = po_path(code)
    if not path.exists():
        return [m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id]
    with open(path, "rb") as f:
        catalog = read_po(f, locale=code)
    out = []
    for m in template:
        if not m.id:
            continue
        found = catalog.get(m.id)
        strings = [] if found is None else (found.string if isinstance(found.string, (list, tuple)) else [found.string])
        if found is None or found.fuzzy or not strings or not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("step", choices=("extract", "update", "compile", "missing"))
    args = ap.parse_args(argv)
    if args.step == "extract":
        return extract()
    if args.step == "update":
        return update()
    if args.step == "compile":
        return compile_all()
    total = 0
    for code in LANGUAGES:
        gaps = missing(code)
        total += len(gaps)
        print(f"{code}: {len(gaps)} missing")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
