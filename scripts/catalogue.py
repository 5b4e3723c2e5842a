"""The app's catalogue of words: gather them from the code, keep each language's translation up to
date with them, and compile what the app reads.

    python scripts/catalogue.py extract    # the words of rules/ and game/ -> assets/locale/keliya.pot
    python scripts/catalogue.py update     # each language's .po takes up new words (old ones kept as fuzzy)
    python scripts/catalogue.py compile    # .po -> .mo (what the app reads, with the standard gettext)
    python scripts/catalogue.py missing    # what each language still lacks (--lang si: which)
    python scripts/catalogue.py check      # translations that would break: placeholders, plurals
    python scripts/catalogue.py unmarked   # sentences in the code that the catalogue misses

Words are found where the code says them: ``_``/``N_``/``ngettext``, ``Words`` and
``Words.counted`` (sentences built from values), and the calls whose text is what the player
reads (a button's label, what the match says, what the rules refuse). Babel does the reading and
writing (the ``test`` extra); the app itself only needs the standard library's gettext.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import POSSESSIVE  # noqa: E402  (the app's context for a side as an owner)

LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "keliya.pot"
DOMAIN = "keliya"
LANGUAGES = ("si", "ta", "bn")
SOURCES = ("rules", "game")
#: function name -> which arguments are words (Babel's keyword specs)
KEYWORDS = {
    "_": None, "N_": None, "tr": None, "ngettext": (1, 2), "Words": None, "counted": (1, 2), "N_counted": (1, 2),
    "Button": None, "Selector": None, "Said": None, "Refused": (2,), "Note": (2,), "IllegalMoveError": None,
    "ValueError": None, "UserFileError": None, "TableFileError": None, "blit_text": (2,), "wrap": None,
    "fit": None, "fit_size": None, "text": None, "measure": None, "MenuOverlay": (3,),
}
#: the note on a side's possessive form (context ``POSSESSIVE``): a translation writes
#: ``{side:of}`` where its language inflects the name (Bengali উত্তরের)
POSSESSIVE_NOTE = ("a side's name as the owner of something, the form a translation's {side:of} "
                   "takes (English writes South's in the sentence itself)")
#: files whose strings are not for players (the AI's internals, tooling of the search)
SKIP = ("game/ai/arena.py", "game/ai/train_eval.py", "game/ai/book.py", "game/ai/evaluation.py", "game/launch.py",
        "game/annotate.py")
#: the AI modules whose words reach the screen (the levels, the solved games' verdicts)
SHOWN_AI = ("game/ai/levels.py", "game/ai/solver.py")


def spoken_data() -> list[tuple[str, str, str]]:
    """(message, where, note for the translator) for the words that live in data, not in calls:
    each game's name, origin, description, sides, variants, options and rules (one entry per
    paragraph, as the rules screen shows them), the levels, and every lesson's words."""
    from game.ai.levels import LEVELS
    from game.tutorials import lesson_for, lesson_ids
    from rules import game_ids, game_spec
    from rules.words import paragraphs

    out: list[tuple[str, str, str]] = []
    for gid in game_ids():
        spec = game_spec(gid)
        where = f"rules registry: {gid}"
        out += [(spec.name, where, "a game's name"), (spec.origin, where, "where the game comes from"),
                (spec.description, where, "")]
        out += [(side, where, "a side's name") for side in side_names(gid)]
        out += [(name, where, "a variant's name") for name in spec.variants]
        for opt in spec.options:
            out += [(opt.label, where, "an option"), (opt.help, where, ""), (opt.unused_help, where, "")]
            out += [(text, where, "a choice of an option") for text in opt.choice_labels + opt.choice_help]
        out += [(para, f"rules text: {gid}", "") for para in paragraphs(spec.rules_text)]
    for level in LEVELS.values():
        out += [(level.label, "levels", "a difficulty"), (level.description, "levels", "")]
    for gid in lesson_ids():
        lesson = lesson_for(gid)
        where = f"lesson: {gid}"
        out += [(lesson.title, where, "a lesson's title"), (lesson.outro, where, "")]
        for step in lesson.steps:
            out += [(step.caption, where, ""), (step.hint, where, ""), (step.after, where, ""),
                    (step.title, where, "a step's title")]
    return [(m, w, c) for m, w, c in out if m and any(ch.isalpha() for ch in m)]


def side_names(gid: str) -> list[str]:
    """Every name a side of game ``gid`` goes by, under any variant or option (Hat Diviyan
    Keliya's large board has 'Tigers')."""
    from rules import game_spec, load_game

    spec = game_spec(gid)
    pairs = {spec.sides, load_game(gid).sides}
    pairs |= {load_game(gid, **chosen).sides for chosen in spec.variants.values()}
    pairs |= {load_game(gid, **{opt.name: choice}).sides for opt in spec.options for choice in opt.choices}
    return [side for pair in sorted(pairs) for side in pair]


def extract(pot: Path = POT) -> int:
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
    for message, where, note in spoken_data():
        found = catalog.get(message)
        if found is None:
            catalog.add(message, locations=[(where, 0)], auto_comments=[note] if note else [])
        elif (where, 0) not in found.locations:
            found.locations.append((where, 0))
    from rules import game_ids

    for gid in game_ids():  # each side's name as an owner, once (``{side:of}``)
        for side in side_names(gid):
            if catalog.get(side, context=POSSESSIVE) is None:
                catalog.add(side, locations=[(f"rules registry: {gid}", 0)], auto_comments=[POSSESSIVE_NOTE],
                            context=POSSESSIVE)
    pot.parent.mkdir(parents=True, exist_ok=True)
    with open(pot, "wb") as f:
        write_po(f, catalog, width=100, sort_output=True, omit_header=False)
    print(f"{len(catalog)} entries -> {pot}")
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
        catalog.fuzzy = False  # the header is kept up to date here: gettext must read its plural rule
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            write_po(f, catalog, width=100, sort_output=True, ignore_obsolete=True)
        print(f"{code}: {len(catalog)} entries")
    return 0


def compiled(code: str) -> bytes:
    """Language ``code``'s catalogue as the app reads it (.mo), made from its .po."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po_path(code), "rb") as f:
        catalog = read_po(f, locale=code)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> int:
    for code in LANGUAGES:
        po_path(code).with_suffix(".mo").write_bytes(compiled(code))
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
        found = catalog.get(m.id, context=m.context)
        strings = [] if found is None else (found.string if isinstance(found.string, (list, tuple)) else [found.string])
        if found is None or found.fuzzy or not strings or not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


#: files whose sentences are not shown in the app: the command line's help, the generated playout
NOT_SHOWN_FILES = ("game/launch.py", "rules/war_fast.py")
#: sentences written in code that are never shown as they are: a saved file's first line, reasons
#: only code reads, the boards' names in the engines' own labels, the paragraph mark of a house rule
NOT_SHOWN = {"keliya-save 1", "no move", "the mixer is not open", "49-point board", "two-wing board",
             "large triangle", "House rule"}
_POINTS = re.compile(r"^[a-l]\d+( [a-l]\d+)* ?$")  # a list of point names (a lesson's position)
_RULES_NAMES = re.compile(r"RULES|ENDINGS")  # rules texts: the catalogue holds them by paragraph
_RULES_CALLS = {"_register"}  # a war game's registration: its last argument is its rules text


def unmarked() -> list[str]:
    """Sentences written in rules/ and game/ that the catalogue does not hold and nothing marks:
    each would be shown in English whatever the language (file:line: text)."""
    import ast

    from babel.messages.pofile import read_po

    with open(POT, "rb") as f:
        known = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f)}
    marks = {name for name in KEYWORDS} | {"Refused"}
    out = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in SKIP or rel in NOT_SHOWN_FILES or rel.startswith("game/ai/") and rel not in SHOWN_AI:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
            for node in ast.walk(tree):
                if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                    continue
                text = node.value
                if (text in known or text in NOT_SHOWN or " " not in text.strip() or _POINTS.match(text)
                        or not any(ch.isalpha() for ch in text)):
                    continue
                parent = parents.get(node)
                if isinstance(parent, (ast.Expr, ast.JoinedStr)):  # a docstring; an f-string's part
                    continue
                called = getattr(parent.func, "id", getattr(parent.func, "attr", None)) if isinstance(parent, ast.Call) else None
                if called in marks or called in _RULES_CALLS and parent.args and parent.args[-1] is node:
                    continue
                if isinstance(parent, ast.Assign) and any(isinstance(t, ast.Name) and _RULES_NAMES.search(t.id)
                                                          for t in parent.targets):
                    continue
                if isinstance(parent, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith("_START")
                                                          for t in parent.targets):
                    continue
                out.append(f"{rel}:{node.lineno}: {text[:80]!r}")
    return out


PLACEHOLDER = re.compile(r"\{([A-Za-z_0-9]*)\}")
#: a placeholder with a format spec (only ``of``, the possessive, is known: ``game.i18n``)
SPECIFIED = re.compile(r"\{([A-Za-z_0-9]*):([^{}]*)\}")
#: the placeholders that hold a side's name wherever the code fills them: the ones ``:of`` may take
OWNERS = ("side", "side2", "foe", "other", "who")


def problems(code: str) -> list[str]:
    """Translations that would break on screen: a placeholder lost, renamed or added (the
    sentence would crash or show '{side}'), a format other than ``{name:of}``, a plural form
    missing."""
    from babel.messages.pofile import read_po

    path = po_path(code)
    if not path.exists():
        return [f"{code}: no catalogue at {path.relative_to(ROOT)}"]
    with open(path, "rb") as f:
        catalog = read_po(f, locale=code)
    out = []
    for m in catalog:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        want = set(PLACEHOLDER.findall(ids[0])) | (set(PLACEHOLDER.findall(ids[1])) if len(ids) > 1 else set())
        for s in strings:
            if not s:
                continue
            specs = SPECIFIED.findall(s)
            for name, spec in specs:
                if spec != "of" or name not in OWNERS:
                    out.append(f"{code}: {ids[0]!r}: '{{{name}:{spec}}}' in {s!r}: the one format is "
                               f"':of', for a side's name ({', '.join(OWNERS)})")
            got = set(PLACEHOLDER.findall(s)) | {name for name, _ in specs}
            if got - want:
                out.append(f"{code}: {ids[0]!r}: unknown placeholder(s) {sorted(got - want)} in {s!r}")
            elif len(ids) == 1 and want - got:
                out.append(f"{code}: {ids[0]!r}: placeholder(s) {sorted(want - got)} lost in {s!r}")
        if len(ids) > 1 and any(strings) and not all(strings):
            out.append(f"{code}: {ids[0]!r}: a plural form is missing")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("step", choices=("extract", "update", "compile", "missing", "check", "unmarked"))
    ap.add_argument("--lang", choices=LANGUAGES, help="only this language (missing, check)")
    args = ap.parse_args(argv)
    if args.step == "extract":
        return extract()
    if args.step == "update":
        return update()
    if args.step == "compile":
        return compile_all()
    if args.step == "unmarked":
        found = unmarked()
        for line in found:
            print(line)
        print(f"{len(found)} sentences shown in English whatever the language")
        return 1 if found else 0
    total = 0
    for code in (args.lang,) if args.lang else LANGUAGES:
        if args.step == "check":
            found = problems(code)
            for line in found:
                print(line)
            print(f"{code}: {len(found)} problems")
        else:
            found = missing(code)
            if args.lang:
                for line in found:
                    print(f"  {line!r}")
            print(f"{code}: {len(found)} missing")
        total += len(found)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
