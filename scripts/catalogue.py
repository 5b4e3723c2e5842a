"""The app's catalogue of words: gather them from the code, keep each language's translation up to
date with them, and compile what the app reads.

    python scripts/catalogue.py extract    # the words of rules/ and game/ -> assets/locale/keliya.pot
    python scripts/catalogue.py update     # each language's .po takes up new words (old ones kept as fuzzy)
    python scripts/catalogue.py compile    # .po -> .mo (what the app reads, with the standard gettext)
    python scripts/catalogue.py missing    # what each language still lacks (--lang si: which)
    python scripts/catalogue.py check      # translations that would break: placeholders, plurals
    python scripts/catalogue.py unmarked   # sentences in the code that the catalogue misses
    python scripts/catalogue.py glossary   # translations that do not use their glossary's term
    python scripts/catalogue.py status     # per language: translated, fuzzy, reviewed
    python scripts/catalogue.py review si  # build/review/si.html: every entry, to check and mark reviewed

Words are found where the code says them: ``_``/``N_``/``ngettext``, ``Words`` and
``Words.counted`` (sentences built from values), and the calls whose text is what the player
reads (a button's label, what the match says, what the rules refuse). Babel does the reading and
writing (the ``test`` extra); the app itself only needs the standard library's gettext.

Every entry says where it comes from (``#:`` the file and line that write it; words that live in
data are found where their text is written, else their module is named) and, for what belongs to
a game or a lesson, a ``#.`` line names it (``rules text: ncuva``, ``lesson: cows_leopards``), so
a translator knows which game a paragraph is about. A translation checked by a reader of the
language carries a translator comment ``# reviewed: <name> <YYYY-MM-DD>`` above it: msgfmt and
Babel keep translator comments, ``update`` keeps them (and drops one whose English changed, as
the entry turns fuzzy), ``check`` refuses one out of that shape, ``status`` counts them.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import re
import sys
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import CASES, POSSESSIVE  # noqa: E402  (the app's contexts for a word in a case)

LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "keliya.pot"
DOMAIN = "keliya"
LANGUAGES = ("si", "ta", "bn")
SOURCES = ("rules", "game")
#: function name -> which arguments are words (Babel's keyword specs)
KEYWORDS = {
    "_": None,
    "N_": None,
    "tr": None,
    "ngettext": (1, 2),
    "Words": None,
    "counted": (1, 2),
    "N_counted": (1, 2),
    "Button": None,
    "Selector": None,
    "Said": None,
    "Refused": (2,),
    "Note": (2,),
    "IllegalMoveError": None,
    "ValueError": None,
    "UserFileError": None,
    "TableFileError": None,
    "blit_text": (2,),
    "wrap": None,
    "fit": None,
    "fit_size": None,
    "text": None,
    "measure": None,
    "MenuOverlay": (3,),
}
#: the note on a side's possessive form (context ``POSSESSIVE``): a translation writes
#: ``{side:of}`` where its language inflects the name (Bengali উত্তরের)
POSSESSIVE_NOTE = (
    "a side's name as the owner of something, the form a translation's {side:of} "
    "takes (English writes South's in the sentence itself)"
)
#: the note on each other case's context (``game.i18n.CASES``): which spec takes it
CASE_NOTES = {
    "dative": "{side:to}: the name in the dative, to or for it (Sinhala ගවයන්ට, Tamil பசுக்களுக்கு)",
    "accusative": "{kind:obj}: the name as the object (Tamil பசுவை, Bengali গরুকে)",
    "essive": "{side:as}: the name as what one plays as (Tamil பசுக்களாக, Sinhala ගවයන් ලෙස)",
}
#: files whose strings are not for players (the AI's internals, tooling of the search)
SKIP = (
    "game/ai/book.py",
    "game/ai/evaluation.py",
    "game/launch.py",
    "game/annotate.py",
)
#: the AI modules whose words reach the screen (the levels, the solved games' verdicts)
SHOWN_AI = ("game/ai/levels.py", "game/ai/solver.py")


#: what an entry written in data belongs to, as its ``#.`` line names it
RULES_TEXT, LESSON, GAME, LEVELS = "rules text", "lesson", "game", "levels"


def spoken_data() -> list[tuple[str, str, str, str]]:
    """(message, the module that holds it, note for the translator, what it belongs to) for the
    words that live in data, not in calls: each game's name, origin, description, sides,
    variants, options and rules (one entry per paragraph, as the rules screen shows them), the
    levels, and every lesson's words. What it belongs to is '<kind>: <id>' ('rules text: ncuva',
    'lesson: ncuva', 'game: ncuva') or 'levels'."""
    from game.ai.levels import LEVELS as LEVEL_TABLE
    from game.tutorials import _LESSONS, lesson_for, lesson_ids
    from rules import game_ids, game_spec
    from rules.registry import GAME_MODULES
    from rules.words import paragraphs

    out: list[tuple[str, str, str, str]] = []
    for gid in game_ids():
        spec = game_spec(gid)
        module = module_file(GAME_MODULES[gid])
        game = f"{GAME}: {gid}"
        out += [
            (spec.name, module, "a game's name", game),
            (spec.origin, module, "where the game comes from", game),
            (spec.description, module, "", game),
        ]
        out += [(side, module, "a side's name", game) for side in side_names(gid)]
        out += [(name, module, "a variant's name", game) for name in spec.variants]
        for opt in spec.options:
            out += [
                (opt.label, module, "an option", game),
                (opt.help, module, "", game),
                (opt.unused_help, module, "", game),
            ]
            out += [
                (text, module, "a choice of an option", game) for text in opt.choice_labels + opt.choice_help
            ]
        out += [(para, module, "", f"{RULES_TEXT}: {gid}") for para in paragraphs(spec.rules_text)]
    levels = module_file("game.ai.levels")
    for level in LEVEL_TABLE.values():
        out += [(level.label, levels, "a difficulty", LEVELS), (level.description, levels, "", LEVELS)]
    for gid in lesson_ids():
        lesson = lesson_for(gid)
        module = module_file(_LESSONS[gid].__module__)
        where = f"{LESSON}: {gid}"
        out += [(lesson.title, module, "a lesson's title", where), (lesson.outro, module, "", where)]
        for step in lesson.steps:
            out += [
                (step.caption, module, "", where),
                (step.hint, module, "", where),
                (step.after, module, "", where),
                (step.title, module, "a step's title", where),
            ]
    return [(m, f, c, b) for m, f, c, b in out if m and any(ch.isalpha() for ch in m)]


def module_file(module: str) -> str:
    """'rules/war_games.py' of 'rules.war_games' (a package: its __init__.py)."""
    path = ROOT / Path(*module.split("."))
    return (path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).relative_to(ROOT).as_posix()


def _squeezed(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=1)
def written_strings() -> tuple[tuple[str, int, int, str], ...]:
    """Every string written in rules/ and game/ but docstrings: (file, first line, last line,
    the string with its white space squeezed). Implicitly joined strings, and an f-string's
    parts, are one string as Python makes them."""
    out = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {
                id(node.value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            }
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and id(node) not in docstrings
                ):
                    out.append((rel, node.lineno, node.end_lineno or node.lineno, _squeezed(node.value)))
    return tuple(out)


@cache
def _source_lines(rel: str) -> tuple[str, ...]:
    return tuple((ROOT / rel).read_text(encoding="utf-8").splitlines())


def _first_line(rel: str, first: int, last: int, words: list[str]) -> int:
    """The line of file ``rel`` (within ``first``..``last``) where ``words`` begin: as many of
    the first four as the source writes as they read (an escaped quote is not), else ``first``."""
    segment = "\n".join(_source_lines(rel)[first - 1 : last])
    for count in range(min(4, len(words)), 0, -1):
        found = re.search(r"\s+".join(map(re.escape, words[:count])), segment)
        if found:
            return first + segment[: found.start()].count("\n")
    return first


#: how many places an entry names at most (a name written in many files: the first few)
MAX_PLACES = 3


def written_at(message: str, module: str) -> list[tuple[str, int | None]]:
    """Where ``message`` (words kept in data) is written: the strings that are it, those in
    ``module`` first; else the strings that hold it (a rules text's paragraph: the line it starts
    on); else, for a text put together from parts, ``module`` with no line."""
    wanted = _squeezed(message)
    found: list[tuple[str, int | None]] = [
        (rel, first) for rel, first, _last, squeezed in written_strings() if squeezed == wanted
    ]
    if not found:
        found = [
            (rel, _first_line(rel, first, last, wanted.split()))
            for rel, first, last, squeezed in written_strings()
            if wanted in squeezed
        ]
    own = [place for place in found if place[0] == module]
    return (own or found)[:MAX_PLACES] or [(module, None)]


def side_names(gid: str) -> list[str]:
    """Every name a side of game ``gid`` goes by, under any variant or option (Hat Diviyan
    Keliya's large board has 'Tigers')."""
    from rules import game_spec, load_game

    spec = game_spec(gid)
    pairs = {spec.sides, load_game(gid).sides}
    pairs |= {load_game(gid, **chosen).sides for chosen in spec.variants.values()}
    pairs |= {load_game(gid, **{opt.name: choice}).sides for opt in spec.options for choice in opt.choices}
    return [side for pair in sorted(pairs) for side in pair]


def inflected_words(gid: str) -> list[str]:
    """Every word of game ``gid`` that a sentence inserts where a language may inflect it (each
    case of ``game.i18n.CASES`` holds a form of each): its sides' names and, in a hunt game, its
    pieces' names, singular and plural, and the rules' 'the tiger', 'the cows'."""
    from rules import load_game
    from rules.hunt import THE

    out = side_names(gid)
    setup = getattr(load_game(gid), "setup", None)
    if setup is not None and hasattr(setup, "plurals"):
        for word in (*setup.kinds, *setup.plurals):
            out += [word, THE[word]]
    return list(dict.fromkeys(out))


#: the longest ``#.`` line written (Babel wraps a longer comment into lines that read back as
#: comments of their own: 'ncuva' alone would name no kind)
COMMENT_WIDTH = 90


def belonging(parts: Iterable[str]) -> list[str]:
    """The ``#.`` lines naming what an entry belongs to: per kind, its ids in order, as many to a
    line as fit ('rules text: sixteen_soldiers, peralikatuma, kotu_ellima'), each line whole."""
    kinds: dict[str, list[str]] = {}
    for part in parts:
        kind, _, what = part.partition(": ")
        kinds.setdefault(kind, [])
        if what:
            kinds[kind].append(what)
    lines = []
    for kind, ids in kinds.items():
        if not ids:
            lines.append(kind)
            continue
        line = f"{kind}: {ids[0]}"
        for what in ids[1:]:
            if len(line) + 2 + len(what) > COMMENT_WIDTH:
                lines.append(line)
                line = f"{kind}: {what}"
            else:
                line += f", {what}"
        lines.append(line)
    return lines


# --- the headers ---------------------------------------------------------------------------------
PROJECT = "Keliya"
COPYRIGHT = "the Keliya authors"
#: where a mistake in the English or a translation is reported (the project's own issues)
BUGS = "the Keliya project's issues (docs/glossary/ says how to correct a word)"
NO_TRANSLATOR = "none: the template is not a translation"
TEMPLATE_HEADER = """\
# The words of Keliya (a desktop arcade of traditional board games), to translate.
# Copyright (C) the Keliya authors.
# Made by scripts/catalogue.py extract; each language's .po follows it with `update`.
#"""
#: each language: its English name and its name in its own script
LANGUAGE_NAMES = {"si": ("Sinhala", "සිංහල"), "ta": ("Tamil", "தமிழ்"), "bn": ("Bengali", "বাংলা")}


def po_header(code: str) -> str:
    english, own = LANGUAGE_NAMES[code]
    return f"""\
# {english} ({own}) translation of Keliya (a desktop arcade of traditional board games).
# Copyright (C) the Keliya authors.
# The terms every entry uses are in docs/glossary/{code}.md; an entry a reader of the language
# has checked carries "# reviewed: <name> <YYYY-MM-DD>" (scripts/catalogue.py status counts them).
#"""


def translator(code: str) -> str:
    """Who translated language ``code``, as the glossary says: the engineers, no native speaker yet."""
    return f"Keliya's engineers (not yet reviewed by a native speaker; see docs/glossary/{code}.md)"


def team(code: str) -> str:
    english, own = LANGUAGE_NAMES[code]
    return f"{english} ({own}), Keliya's translators: docs/glossary/{code}.md"


def version() -> str:
    """The project's version, as pyproject.toml gives it."""
    found = re.search(
        r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M
    )
    return found.group(1) if found else "0"


def extract(pot: Path = POT) -> int:
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import write_po

    catalog = Catalog(
        project=PROJECT,
        version=version(),
        domain=DOMAIN,
        charset="utf-8",
        copyright_holder=COPYRIGHT,
        msgid_bugs_address=BUGS,
        header_comment=TEMPLATE_HEADER,
        last_translator=NO_TRANSLATOR,
        language_team=NO_TRANSLATOR,
    )
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in SKIP:
                continue
            for lineno, message, comments, _context in extract_from_file(
                "python",
                str(path),
                keywords=KEYWORDS,
                comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True,
            ):
                if not message or (isinstance(message, str) and not any(ch.isalpha() for ch in message)):
                    continue
                catalog.add(message, locations=[(rel, lineno)], auto_comments=comments)
    belongs: dict[str, list[str]] = {}  # message -> what it belongs to ('rules text: ncuva'...)
    for message, module, note, part in spoken_data():
        places = written_at(message, module)
        found = catalog.get(message)
        if found is None:
            catalog.add(message, locations=places, auto_comments=[note] if note else [])
            found = catalog.get(message)
        else:
            found.locations.extend(p for p in places if p not in found.locations)
            if note and note not in found.auto_comments:
                found.auto_comments.append(note)
        belongs.setdefault(message, [])
        if part not in belongs[message]:
            belongs[message].append(part)
    for message, parts in belongs.items():
        catalog[message].auto_comments.extend(belonging(parts))
    from rules import game_ids
    from rules.registry import GAME_MODULES

    for gid in game_ids():  # each side's or piece's name in each case, once (``{side:of}``, ``{kind:to}``...)
        for word in inflected_words(gid):
            for context in CASES.values():
                if catalog.get(word, context=context) is None:
                    note = POSSESSIVE_NOTE if context == POSSESSIVE else CASE_NOTES[context]
                    catalog.add(
                        word,
                        locations=written_at(word, module_file(GAME_MODULES[gid])),
                        auto_comments=[note, f"{GAME}: {gid}"],
                        context=context,
                    )
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
        catalog.project, catalog.version, catalog.copyright_holder = PROJECT, template.version, COPYRIGHT
        catalog.msgid_bugs_address, catalog.header_comment = BUGS, po_header(code)
        catalog.last_translator, catalog.language_team = translator(code), team(code)
        if not isinstance(catalog.revision_date, datetime.datetime):  # never set: the template's date
            catalog.revision_date = template.creation_date
        dropped = 0
        for message in catalog:
            if message.id and message.fuzzy:  # its English changed: the review was of other words
                kept = [c for c in message.user_comments if not c.startswith(REVIEWED)]
                dropped += len(message.user_comments) - len(kept)
                message.user_comments = kept
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            write_po(f, catalog, width=100, sort_output=True, ignore_obsolete=True)
        print(
            f"{code}: {len(catalog)} entries"
            + (f", {dropped} reviews dropped (their English changed)" if dropped else "")
        )
    return 0


# --- reviews ---------------------------------------------------------------------------------------
#: a translator comment saying a reader of the language checked the entry: '# reviewed: <name> <date>'
REVIEWED = "reviewed:"
REVIEW = re.compile(r"^reviewed: (?P<name>\S(?:.*\S)?) (?P<date>\d{4}-\d{2}-\d{2})$")


def reviews(message) -> list[str]:  # noqa: ANN001 (a Babel Message)
    """The review comments of an entry (its translator comments that start 'reviewed:')."""
    return [c for c in message.user_comments if c.startswith(REVIEWED)]


def reviewed(message) -> bool:  # noqa: ANN001 (a Babel Message)
    """Whether a reader of the language checked this translation: a well-formed review comment,
    on an entry translated and not fuzzy."""
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return (
        not message.fuzzy
        and bool(strings)
        and all(strings)
        and any(REVIEW.match(c) and _real_date(c) for c in reviews(message))
    )


def _real_date(comment: str) -> bool:
    found = REVIEW.match(comment)
    try:
        return found is not None and datetime.date.fromisoformat(found.group("date")) is not None
    except ValueError:
        return False


def status(code: str) -> dict[str, int]:
    """Language ``code``'s entries counted: all of them, translated, fuzzy, reviewed."""
    from babel.messages.pofile import read_po

    with open(po_path(code), "rb") as f:
        catalog = read_po(f, locale=code)
    entries = [m for m in catalog if m.id]
    done = [
        m
        for m in entries
        if not m.fuzzy and m.string and all(m.string if isinstance(m.string, (list, tuple)) else (m.string,))
    ]
    return {
        "entries": len(entries),
        "translated": len(done),
        "fuzzy": sum(1 for m in entries if m.fuzzy),
        "reviewed": sum(1 for m in entries if reviewed(m)),
    }


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


def messages_of(mo: bytes) -> dict[object, str]:
    """The translations a compiled catalogue holds, without its header: the header names the
    Babel that wrote it, so two Babels write different bytes for the same messages."""
    import gettext
    import io

    table = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    table.pop("", None)
    return table


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
        strings = (
            []
            if found is None
            else (found.string if isinstance(found.string, (list, tuple)) else [found.string])
        )
        if found is None or found.fuzzy or not strings or not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


#: files whose sentences are not shown in the app: the command line's help, the generated playout
NOT_SHOWN_FILES = ("game/launch.py", "rules/war_fast.py")
#: sentences written in code that are never shown as they are: a saved file's first line, reasons
#: only code reads, the boards' names in the engines' own labels, the paragraph mark of a house rule
NOT_SHOWN = {
    "keliya-save 1",
    "no move",
    "the mixer is not open",
    "49-point board",
    "two-wing board",
    "large triangle",
    "House rule",
}
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
                if (
                    text in known
                    or text in NOT_SHOWN
                    or " " not in text.strip()
                    or _POINTS.match(text)
                    or not any(ch.isalpha() for ch in text)
                ):
                    continue
                parent = parents.get(node)
                if isinstance(parent, (ast.Expr, ast.JoinedStr)):  # a docstring; an f-string's part
                    continue
                called = (
                    getattr(parent.func, "id", getattr(parent.func, "attr", None))
                    if isinstance(parent, ast.Call)
                    else None
                )
                if called in marks or called in _RULES_CALLS and parent.args and parent.args[-1] is node:
                    continue
                if isinstance(parent, ast.Assign) and any(
                    isinstance(t, ast.Name) and _RULES_NAMES.search(t.id) for t in parent.targets
                ):
                    continue
                if isinstance(parent, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id.endswith("_START") for t in parent.targets
                ):
                    continue
                out.append(f"{rel}:{node.lineno}: {text[:80]!r}")
    return out


PLACEHOLDER = re.compile(r"\{([A-Za-z_0-9]*)\}")
#: a placeholder with a format spec (a case: ``of``, ``to``, ``obj``, ``as``: ``game.i18n.CASES``)
SPECIFIED = re.compile(r"\{([A-Za-z_0-9]*):([^{}]*)\}")
#: the placeholders that hold a side's name wherever the code fills them: the ones ``:of`` may take
OWNERS = ("side", "side2", "foe", "other", "who")
#: the placeholders a case may inflect: those holding a side's or a piece's name (``inflected_words``)
INFLECTED = (*OWNERS, "group", "kind", "foe_kind", "plural", "plural2", "plural3", "flock")


def problems(code: str) -> list[str]:
    """Translations that would break on screen: a placeholder lost, renamed or added (the
    sentence would crash or show '{side}'), a format other than a case (``{side:of}``,
    ``{kind:to}``...) of a placeholder holding a side's or piece's name, a plural form missing."""
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
        want = set(PLACEHOLDER.findall(ids[0])) | (
            set(PLACEHOLDER.findall(ids[1])) if len(ids) > 1 else set()
        )
        for s in strings:
            if not s:
                continue
            specs = SPECIFIED.findall(s)
            for name, spec in specs:
                if spec not in CASES or name not in INFLECTED:
                    out.append(
                        f"{code}: {ids[0]!r}: '{{{name}:{spec}}}' in {s!r}: the formats are the cases "
                        f"{', '.join(':' + c for c in CASES)}, for a side's or piece's name "
                        f"({', '.join(INFLECTED)})"
                    )
            got = set(PLACEHOLDER.findall(s)) | {name for name, _ in specs}
            if got - want:
                out.append(f"{code}: {ids[0]!r}: unknown placeholder(s) {sorted(got - want)} in {s!r}")
            elif len(ids) == 1 and want - got:
                out.append(f"{code}: {ids[0]!r}: placeholder(s) {sorted(want - got)} lost in {s!r}")
        if len(ids) > 1 and any(strings) and not all(strings):
            out.append(f"{code}: {ids[0]!r}: a plural form is missing")
    for m in catalog:
        for comment in reviews(m) if m.id else ():
            if not _real_date(comment):
                out.append(
                    f"{code}: {str(m.id if isinstance(m.id, str) else m.id[0])!r}: '# {comment}' is not "
                    f"'# reviewed: <name> <YYYY-MM-DD>'"
                )
    return out


# --- the glossary ----------------------------------------------------------------------------------
GLOSSARY = ROOT / "docs" / "glossary"
#: glossary words not checked, and why: words whose English also says something else in the app's
#: sentences (the check cannot tell the game's sense from the other), and verbs, whose translation
#: is conjugated away from the dictionary form the glossary gives
UNCHECKED = {
    "move": "also the verb ('a counter never moves')",
    "turn": "also 'turn the board'",
    "draw": "also 'draw lots'",
    "square": "also the shape ('square with horns', 'a 5x5 Alquerque square')",
    "point": "also 'at this point', 'points to'",
    "step": "also 'step by step', a lesson's step",
    "take": "a verb",
    "capture": "a verb as often as a noun",
    "drop": "a verb",
    "sow": "a verb",
    "undo": "a verb as often as the button",
    "jump": "a verb",
    "leap": "a verb",
    "huff": "a verb",
    "relay": "a verb",
    "hint": "also the {hint} of a sentence",
}
#: Indic vowel signs and the virama: what an inflection changes at a word's end
_MARKS = ("Mn", "Mc")
#: Sinhala's definite endings (an animate noun's -යා, a thing's -ය or -ව), which inflection replaces
SINHALA_ENDINGS = ("යා", "ය", "ව")


def glossary(code: str) -> list[tuple[str, list[str]]]:
    """Language ``code``'s glossary (docs/glossary/<code>.md, a table of English | term | why):
    (English word, the forms of its term), one row per English word. 'South / North' against
    'දකුණ / උතුර' pairs word by word; the term's other forms in brackets ('(pl. ඉත්තන්)', '(a cow
    ගවයා)') count too, English and quoted examples in them do not."""
    return list(_glossary_rows((GLOSSARY / f"{code}.md").read_text(encoding="utf-8")))


@lru_cache(maxsize=8)
def _glossary_rows(text: str) -> tuple[tuple[str, list[str]], ...]:
    """The rows of a glossary's text, read once a text (a review page asks for every entry's)."""
    rows: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 2 or cells[0] == "English" or set(cells[0]) <= {"-"}:
            continue
        english = [e.strip() for e in re.sub(r"\([^)]*\)", "", cells[0]).split("/") if e.strip()]
        main = re.sub(r"\([^)]*\)", "", cells[1]).split("→")[0]
        terms = [t.strip().strip('"') for t in main.split("/") if t.strip()]
        extra = [
            piece.strip().strip('"')
            for inner in re.findall(r"\(([^)]*)\)", cells[1])
            for piece in re.split(r"[;,:=]|\bpl\.|\bto \w+|\ba \w+|\"[^\"]*\"", inner)
            if piece.strip().strip('"') and not re.search(r"[A-Za-z0-9]", piece)
        ]
        if len(english) == len(terms) > 1:  # word by word
            rows += [(e, [t, *extra]) for e, t in zip(english, terms)]
        else:
            rows += [(e, terms + extra) for e in english]
    return tuple(rows)


def stem(word: str) -> str:
    """A term as its inflected forms begin: without its final vowel signs, or without its final
    consonant where a virama ends it (Tamil முற்றம் -> முற்ற, which முற்றத்தை begins with), or
    without Sinhala's definite ending (දාමය -> දාම, කොටියා -> කොටි, which කොටින් begins with)."""
    for ending in SINHALA_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            return word[: -len(ending)]
    out = word
    while out and unicodedata.category(out[-1]) in _MARKS:
        ended_dead = unicodedata.name(out[-1], "").endswith("VIRAMA") or unicodedata.name(
            out[-1], ""
        ).endswith("AL-LAKUNA")
        out = out[:-1]
        if ended_dead:
            out = out[:-1]
            break
    return out if len(out) >= 2 else word


def accepted(terms: list[str]) -> set[str]:
    """What shows a term is used: the term, each of its words (a phrase's verb is conjugated
    away: අහෝසි කරන්න), and their stems."""
    words = {w for t in terms for w in [t, *t.split()] if w}
    return words | {stem(w) for w in words}


def english_word(word: str) -> re.Pattern[str]:
    """``word`` in an English sentence, whole, with its plural or possessive; a name (a capital
    letter) only as written."""
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?:s|es|'s)?(?![\w-])", 0 if word[0].isupper() else re.I)


def glossary_problems(code: str) -> list[str]:
    """Translated entries whose English says a glossary word and whose translation has none of
    its term's forms (placeholders taken out first; words in UNCHECKED skipped)."""
    from babel.messages.pofile import read_po

    rows = [(english_word(e), e, accepted(t)) for e, t in glossary(code) if e.lower() not in UNCHECKED]
    rows.sort(key=lambda row: -len(row[1]))  # a game's name before the words in it ('Cows and Leopards')
    with open(po_path(code), "rb") as f:
        catalog = read_po(f, locale=code)
    out = []
    for m in catalog:
        if not m.id or not m.string or m.fuzzy:
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = [x for x in (m.string if isinstance(m.string, (list, tuple)) else (m.string,)) if x]
        english = " ".join(PLACEHOLDER.sub(" ", SPECIFIED.sub(" ", i)) for i in ids)
        for pattern, word, forms in rows:
            if not pattern.search(english):
                continue
            english = pattern.sub(" ", english)  # its words are the name's, not checked again
            if not all(any(form in x for form in forms) for x in strings):
                out.append(f"{code}: '{word}' ({max(forms, key=len)}) not in {strings[0]!r} for {ids[0]!r}")
    return out


# --- the review kit ---------------------------------------------------------------------------------
#: where ``review`` writes each language's page (build/ is not committed)
REVIEW_DIR = ROOT / "build" / "review"
#: where the page looks for the screenshots, relative to it: ``python main.py --screenshots
#: build/review/shots/<code> --lang <code>`` writes them there
SHOTS = "shots/{code}/1280x800_{scene}.png"
#: the scene that shows an entry, by the file that writes it (the first match of its places) or by
#: what it belongs to; the names are the files ``tools/shots`` saves
SCENES_BY_FILE = (
    ("game/scenes/title.py", "01_title"),
    ("game/scenes/menu.py", "02_menu"),
    ("game/scenes/setup.py", "03_setup_sixteen_soldiers"),
    ("game/scenes/rules_screen.py", "05_rules_kotu_ellima"),
    ("game/scenes/coin.py", "07_coin_toss_result"),
    ("game/scenes/gameover.py", "19_game_over"),
    ("game/scenes/library_screen.py", "60a_saved_games"),
    ("game/library.py", "60a_saved_games"),
    ("game/saves.py", "60a_saved_games"),
    ("game/scenes/settings_screen.py", "61_settings"),
    ("game/settings.py", "61_settings"),
    ("game/scenes/pause.py", "62_pause_menu"),
    ("game/scenes/file_picker.py", "68_open_a_file"),
    ("game/match/analysis.py", "66_analysis_graph"),
    ("game/render/graph", "66_analysis_graph"),
    ("game/ai/solver.py", "16_play_hat_diviyan_keliya"),
    ("game/ai/levels.py", "04_setup_cows_leopards_vs_computer"),
    ("rules/ncuva", "40_ncuva_4_columns_start"),
    ("game/boards/holes", "40_ncuva_4_columns_start"),
    ("rules/battlehalma", "31_squares_start_8x8"),
    ("game/boards/squares", "31_squares_start_8x8"),
    ("rules/hunt", "15_play_cows_leopards_drops"),
    ("game/scenes/tutorial.py", "50_tutorial_kotu_ellima_start"),
    ("game/tutorials", "50_tutorial_kotu_ellima_start"),
    ("game/scenes/play.py", "08_play_start"),
    ("game/render", "08_play_start"),
    ("game/match", "08_play_start"),
    ("game/config.py", "03_setup_sixteen_soldiers"),
    ("game/boards/lines", "14_play_huff_offer"),
    ("game/boards", "08_play_start"),
    ("game/scenes/opening.py", "68_open_a_file"),
    ("game/i18n.py", "61_settings"),
    ("rules/", "08_play_start"),
)
#: the scene of a lesson's words, by the lesson (another lesson: the first lesson's)
SCENES_BY_LESSON = {
    "kotu_ellima": "50_tutorial_kotu_ellima_start",
    "battlehalma": "54_tutorial_battlehalma_leap",
    "ncuva": "55_tutorial_ncuva_relay",
    "cows_leopards": "56_tutorial_cows_leopards_complete",
    "hat_diviyan_keliya": "57_tutorial_hat_diviyan_start",
}
#: the scene of the words that belong to a game's rules text, a game (its name, sides, options) or
#: the levels
SCENES_BY_KIND = {
    RULES_TEXT: "05_rules_kotu_ellima",
    GAME: "03_setup_sixteen_soldiers",
    LEVELS: "04_setup_cows_leopards_vs_computer",
}


def scene_of(message) -> str | None:  # noqa: ANN001 (a Babel Message)
    """The screenshot scene where entry ``message`` is seen (None where no scene shows it): by the
    lesson, rules text or game it belongs to (its ``#.`` lines), else by the file that writes it."""
    for comment in message.auto_comments:
        kind, _, ids = comment.partition(": ")
        if kind == LESSON and ids:
            return SCENES_BY_LESSON.get(ids.split(", ")[0], "50_tutorial_kotu_ellima_start")
        if kind in SCENES_BY_KIND and (ids or kind == LEVELS):
            return SCENES_BY_KIND[kind]
    for file, _line in message.locations:
        for prefix, scene in SCENES_BY_FILE:
            if file.startswith(prefix):
                return scene
    return None


def glossary_terms(code: str, english: str) -> list[tuple[str, str]]:
    """The glossary's rows (English word, the language's term) whose word ``english`` says."""
    out = []
    for word, terms in glossary(code):
        if terms and english_word(word).search(PLACEHOLDER.sub(" ", english)) and (word, terms[0]) not in out:
            out.append((word, terms[0]))
    return out


_PAGE_STYLE = """body{font-family:'Noto Sans','Noto Sans Sinhala','Noto Sans Tamil',\
'Noto Sans Bengali',sans-serif;
margin:2em;max-width:70em}article{border-top:1px solid #ccc;padding:.6em 0}.en{color:#444}
.tr{font-size:1.25em}.meta{color:#666;font-size:.85em}.reviewed{color:#070}.todo{color:#a40}
code{background:#f4f4f4}"""


def review_page(code: str) -> str:
    """Language ``code``'s review page: every entry of its catalogue with its English, its
    translation (each plural form), its context, the notes for the translator, where it appears
    (its places, and the screenshot of the scene that shows it), the glossary's terms it uses and
    whether a reader of the language reviewed it; the count of reviewed entries at the top."""
    from html import escape

    from babel.messages.pofile import read_po

    with open(po_path(code), "rb") as f:
        catalog = read_po(f, locale=code)
    entries = [m for m in catalog if m.id]
    counts = status(code)
    english, own = LANGUAGE_NAMES[code]
    share = 100 * counts["reviewed"] / counts["entries"] if counts["entries"] else 0
    out = [
        f'<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8">',
        f"<title>Keliya: {escape(english)} words to review</title><style>{_PAGE_STYLE}</style></head><body>",
        f"<h1>Keliya in {escape(english)} ({escape(own)}): the words to review</h1>",
        f'<p id="count"><strong>{counts["reviewed"]} of {counts["entries"]} entries reviewed</strong> '
        f"({share:.0f}%); {counts['translated']} translated, {counts['fuzzy']} fuzzy.</p>",
        '<p class="meta">Mark an entry checked by adding the line <code># reviewed: &lt;your name&gt; '
        f"&lt;YYYY-MM-DD&gt;</code> above it in <code>{escape(_shown(po_path(code)))}</code>"
        f" (correct its words there too), then run <code>python scripts/catalogue.py check</code> and "
        f"<code>compile</code>. The pictures come from <code>python main.py --screenshots "
        f"build/review/shots/{code} --lang {code}</code>; "
        f"the terms from <code>docs/glossary/{code}.md</code>.</p>",
    ]
    for number, m in enumerate(entries, 1):
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        done = reviewed(m)
        state = (
            '<span class="reviewed">reviewed ('
            f"{escape('; '.join(c[len(REVIEWED) :].strip() for c in reviews(m)))})"
            "</span>"
            if done
            else '<span class="todo">not reviewed</span>'
        )
        if m.fuzzy:
            state += ' <span class="todo">fuzzy: its English changed</span>'
        part = [
            f'<article id="e{number}" class="{"done" if done else "open"}">',
            f'<p class="meta">#{number} · {state}'
            + (f" · context <code>{escape(m.context)}</code>" if m.context else "")
            + "</p>",
        ]
        part += [f'<p class="en" lang="en">{escape(text)}</p>' for text in ids]
        part += [
            f'<p class="tr">{escape(text) if text else "<em>(not translated)</em>"}</p>' for text in strings
        ]
        notes = [*m.auto_comments, *(c for c in m.user_comments if not c.startswith(REVIEWED))]
        if notes:
            part.append('<p class="meta">Notes: ' + "<br>".join(escape(n) for n in notes) + "</p>")
        places = ", ".join(f"{file}:{line}" if line else file for file, line in m.locations)
        scene = scene_of(m)
        seen = (
            f' · seen in <a href="{escape(SHOTS.format(code=code, scene=scene))}">{escape(scene)}</a>'
            if scene
            else ""
        )
        part.append(f'<p class="meta">Where: {escape(places) or "(no place)"}{seen}</p>')
        terms = glossary_terms(code, " ".join(ids))
        if terms:
            part.append(
                '<p class="meta">Glossary: '
                + "; ".join(f"{escape(e)} = {escape(t)}" for e, t in terms)
                + "</p>"
            )
        part.append("</article>")
        out += part
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _shown(path: Path) -> str:
    """``path`` as the project names it (relative to its root), or whole where it lies outside."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def write_review(code: str, folder: Path | None = None) -> Path:
    """Language ``code``'s review page written as ``<folder>/<code>.html`` (``REVIEW_DIR``)."""
    folder = REVIEW_DIR if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{code}.html"
    path.write_text(review_page(code), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "step",
        choices=(
            "extract",
            "update",
            "compile",
            "missing",
            "check",
            "unmarked",
            "glossary",
            "status",
            "review",
        ),
    )
    ap.add_argument("code", nargs="?", choices=LANGUAGES, help="only this language (as --lang)")
    ap.add_argument(
        "--lang", choices=LANGUAGES, help="only this language (missing, check, glossary, status, review)"
    )
    args = ap.parse_args(argv)
    args.lang = args.lang or args.code
    if args.step == "review":
        for code in (args.lang,) if args.lang else LANGUAGES:
            counts = status(code)
            print(
                f"{code}: {_shown(write_review(code))} ({counts['reviewed']} of {counts['entries']} "
                "entries reviewed; screenshots: "
                f"python main.py --screenshots build/review/shots/{code} --lang {code})"
            )
        return 0
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
        if args.step == "status":
            counts = status(code)
            share = 100 * counts["reviewed"] / counts["entries"] if counts["entries"] else 0
            print(
                f"{code}: {counts['entries']} entries, {counts['translated']} translated, "
                f"{counts['fuzzy']} fuzzy, "
                f"{counts['reviewed']} reviewed ({share:.0f}%)"
            )
            continue
        if args.step == "glossary":
            found = glossary_problems(code)
            for line in found:
                print(line)
            print(f"{code}: {len(found)} entries without their glossary term")
        elif args.step == "check":
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
