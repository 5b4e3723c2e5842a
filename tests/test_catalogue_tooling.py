"""The catalogue's tooling (issue 30, item 7): the pseudo-language check, the references and
headers of the .po files, the glossary check and the reviewed state.

``python -m tools.pseudo`` exits 0 on the code as it is: a key hint ('[Esc]') and the pseudo-
language's own code are no English. Every entry of every .po names where it comes from (a
paragraph of a game's rules or a lesson names that game or lesson too), the headers name the
project and who translated it, every translation that says a glossary word uses the glossary's
term, and a '# reviewed: <name> <date>' comment is kept by ``update`` and counted by ``status``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tests.fresh_template import fresh_template
from tests.pseudo_tour import pseudo_tour
from tests.script_loader import load_script
from tools.pseudo import english_in

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("si", "ta", "bn")


catalogue = load_script("catalogue")


def read(path: Path, code: str | None = None):  # noqa: ANN201 (a Babel Catalog)
    with open(path, "rb") as f:
        return read_po(f, locale=code)


# --- the pseudo-language check --------------------------------------------------------------------
def test_the_pseudo_check_finds_no_english_on_the_code_as_it_is(monkeypatch, capsys):
    """``python -m tools.pseudo`` over the tour the i18n test draws too (drawn once a run)."""
    import tools.pseudo

    drawn, _said = pseudo_tour()
    monkeypatch.setattr(tools.pseudo, "english_drawn", lambda: drawn)
    assert tools.pseudo.main() == 0, capsys.readouterr().out[-2000:]
    assert capsys.readouterr().err.strip().endswith("0 texts with English in them")


def test_the_pseudo_check_lists_english_found_and_fails(monkeypatch, capsys):
    import tools.pseudo

    monkeypatch.setattr(tools.pseudo, "english_drawn", lambda: {"Leave the game": 2})
    assert tools.pseudo.main() == 1
    out = capsys.readouterr()
    assert "'Leave the game'" in out.out and out.err.strip().endswith("1 texts with English in them")


@pytest.mark.parametrize(
    "drawn, english",
    [
        ("Bàçķ  [Esc]", False),
        ("Òpèñ à fìĺè  [Ctrl+O]", False),
        ("Ùp à fòĺďèŕ  [Backspace]", False),
        ("Ŕèšùmè  [F11]", False),
        ("Ùñďò  [U/Ctrl+Z]", False),
        ("qps  [L]", False),
        ("Ďèĺèţè  [Del]", False),
        ("Back  [Esc]", True),  # the label itself never looked up
        ("Šţàŕţ  [Leave]", True),  # a word in brackets is no key
        ("Šţàŕţ  [Esc] then choose", True),  # English after a hint
        ("Keliya  [Enter]", False),
    ],
)
def test_a_key_hint_is_no_english_but_a_word_is(drawn, english):
    assert english_in(drawn) is english


# --- references ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", [*LANGS, "template"])
def test_every_entry_says_where_it_comes_from(code):
    """A #: line on every entry, naming a file that exists (and a line inside it where it names
    one); Babel drops a place it cannot read back, so this is read as Babel and msgmerge read it."""
    path = catalogue.POT if code == "template" else catalogue.po_path(code)
    entries = [m for m in read(path, None if code == "template" else code) if m.id]
    assert len(entries) > 900
    lost = [m.id for m in entries if not m.locations]
    assert not lost, f"{code}: {len(lost)} entries with no reference, e.g. {lost[:5]}"
    lines = {}
    for m in entries:
        for file, line in m.locations:
            if file not in lines:
                assert (ROOT / file).is_file(), f"{code}: {m.id!r} refers to {file}, which is no file"
                lines[file] = (ROOT / file).read_text(encoding="utf-8").count("\n") + 1
            assert line is None or 1 <= line <= lines[file], f"{code}: {m.id!r}: {file}:{line}"


@pytest.mark.parametrize("code", LANGS)
def test_a_paragraph_names_the_game_or_lesson_it_belongs_to(code):
    """Each paragraph of each game's rules names that game (#. rules text: <id>), each lesson's
    words name that lesson, and the game's own words (name, options) name the game."""
    from rules.words import paragraphs

    entries = {m.id: m for m in read(catalogue.po_path(code), code) if m.id and not m.context}
    owners = {}
    for message, _module, _note, part in catalogue.spoken_data():
        owners.setdefault(message, set()).add(part)
    assert any(part.startswith("lesson: ") for parts in owners.values() for part in parts)
    for message, parts in owners.items():
        named = " | ".join(entries[message].auto_comments)
        for part in parts:
            kind, _, what = part.partition(": ")
            assert re.search(rf"(^| \| ){re.escape(kind)}(: ([\w, ]*\b)?{re.escape(what)}\b|$| \|)", named), (
                f"{code}: {message[:60]!r} does not say it belongs to {part} ({named})"
            )
    from rules import game_spec

    rules = paragraphs(game_spec("ncuva").rules_text)
    assert "rules text: ncuva" in entries[next(p for p in rules if len(p) > 80)].auto_comments


def test_the_references_follow_the_code():
    """Extracting now finds each rules paragraph where its text is written: the line its first
    words are on."""
    fresh = read(fresh_template())
    from rules import game_spec
    from rules.words import paragraphs

    for gid in ("ncuva", "cows_leopards"):
        for para in [p for p in paragraphs(game_spec(gid).rules_text) if len(p) > 60][:4]:
            file, line = fresh[para].locations[0]
            assert line is not None, (gid, para[:50])
            written = (ROOT / file).read_text(encoding="utf-8").splitlines()[line - 1]
            assert " ".join(para.split()[:3]) in " ".join(written.split()), (file, line, written, para[:50])


# --- headers ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", LANGS)
def test_the_headers_name_the_project_and_its_translators(code):
    text = catalogue.po_path(code).read_text(encoding="utf-8")
    header = text[: text.index("\n\n")]
    for placeholder in (
        "FULL NAME",
        "EMAIL@ADDRESS",
        "ORGANIZATION",
        "FIRST AUTHOR",
        "VERSION",
        "YEAR",
        "LL@li.org",
    ):
        assert placeholder not in header, f"{code}: {placeholder} in the header"
    po = read(catalogue.po_path(code), code)
    english, own = catalogue.LANGUAGE_NAMES[code]
    assert po.project == "Keliya" and po.version == catalogue.version()
    assert f"docs/glossary/{code}.md" in po.last_translator and own in po.language_team
    assert header.startswith(f"# {english} ({own}) translation of Keliya")


# --- the glossary -----------------------------------------------------------------------------------
@pytest.mark.parametrize("code", LANGS)
def test_every_translation_uses_its_glossarys_terms(code):
    """Where the English says a glossary word (a game's name, a side, a level, piece, store, king,
    hole...), the translation has the glossary's term or a form of it."""
    problems = catalogue.glossary_problems(code)
    assert problems == [], "\n".join(problems[:10])


def test_the_glossary_is_read_word_by_word():
    rows = dict(catalogue.glossary("ta"))
    assert rows["South"][0] == "தெற்கு" and rows["North"][0] == "வடக்கு"
    assert rows["Medium"][0] == "நடுத்தரம்" and rows["Expert"][0] == "நிபுணர்"
    assert rows["Cows"][:3] == ["பசுக்கள்", "பசு", "சிறுத்தை"]  # "(a cow பசு, a leopard சிறுத்தை)"
    assert rows["piece"] == ["காய்", "காய்கள்"]
    assert catalogue.stem("முற்றம்") == "முற்ற" and catalogue.stem("කොටියා") == "කොටි"


def test_the_glossary_check_finds_a_translation_without_its_term(tmp_path, monkeypatch):
    """A name left in Latin, a side written with another word: found; the same sentence with
    the glossary's terms (inflected) passes; a longer name is read before the words in it."""
    copy = tmp_path / "locale"
    shutil.copytree(catalogue.LOCALE, copy)
    monkeypatch.setattr(catalogue, "LOCALE", copy)
    po = read(catalogue.po_path("ta"), "ta")
    po["Ncuva"].string = "Ncuva"  # the name left in English
    po["Blue"].string = "நீல நிறம்"  # the glossary's stem: a form of நீலம், accepted
    po["Medium"].string = "சராசரி"  # another word for it
    po["Cows and Leopards"].string = "பசுவும் சிறுத்தையும்"  # the game's own name: no "Leopards" check
    with open(catalogue.po_path("ta"), "wb") as f:
        write_po(f, po, width=100, sort_output=True)
    found = catalogue.glossary_problems("ta")
    assert [line.split(" not in ")[0] for line in found] == ["ta: 'Medium' (நடுத்தரம்)", "ta: 'Ncuva' (என்குவா)"]


# --- reviews -----------------------------------------------------------------------------------------
@pytest.fixture
def locale_copy(tmp_path, monkeypatch) -> Path:
    """The catalogues copied where a test may change them; the script works on the copy."""
    copy = tmp_path / "locale"
    shutil.copytree(catalogue.LOCALE, copy)
    monkeypatch.setattr(catalogue, "LOCALE", copy)
    monkeypatch.setattr(catalogue, "POT", copy / "keliya.pot")
    return copy


def reviewed_ids(code: str) -> list[str]:
    return sorted(m.id for m in read(catalogue.po_path(code), code) if m.id and catalogue.reviewed(m))


def test_a_review_is_kept_by_update_counted_by_status_and_dropped_when_the_english_changes(
    locale_copy, capsys
):
    po_file = catalogue.po_path("si")
    text = po_file.read_text(encoding="utf-8")
    for msgid in ("Settings", "Saved games"):
        at = text.index(f'\nmsgid "{msgid}"\n')
        block = text.rindex("\n\n", 0, at) + 2
        text = text[:block] + "# reviewed: Nimali Perera 2026-11-20\n" + text[block:]
    po_file.write_text(text, encoding="utf-8")
    before = catalogue.status("si")
    assert before["reviewed"] == 2 and before["entries"] == before["translated"] > 900
    assert catalogue.main(["status", "--lang", "si"]) == 0
    assert re.search(
        r"^si: \d+ entries, \d+ translated, 0 fuzzy, 2 reviewed \(0%\)$", capsys.readouterr().out, re.M
    )

    pot = catalogue.POT.read_text(encoding="utf-8").replace('msgid "Saved games"\n', 'msgid "Saved game"\n')
    catalogue.POT.write_text(pot, encoding="utf-8")  # its English changed: the review was of other words
    assert catalogue.update() == 0
    assert "# reviewed: Nimali Perera 2026-11-20\n#: " in po_file.read_text(encoding="utf-8")
    assert reviewed_ids("si") == ["Settings"] and catalogue.status("si")["fuzzy"] == 1
    assert "Saved game" in [m.id for m in read(po_file, "si") if m.fuzzy]
    entry = read(po_file, "si")["Settings"]
    assert entry.locations and entry.user_comments == ["reviewed: Nimali Perera 2026-11-20"]
    assert read(po_file, "si")["Saved game"].user_comments == []  # the review of "Saved games" is gone

    text = po_file.read_text(encoding="utf-8")  # reviewed by hand while fuzzy: not counted until settled
    at = text.index('\nmsgid "Saved game"\n')
    block = text.rindex("\n\n", 0, at) + 2
    po_file.write_text(
        text[:block] + "# reviewed: Nimali Perera 2026-11-22\n" + text[block:], encoding="utf-8"
    )
    assert read(po_file, "si")["Saved game"].fuzzy and reviewed_ids("si") == ["Settings"]


@pytest.mark.parametrize(
    "comment, counted",
    [
        ("reviewed: Nimali Perera 2026-11-20", True),
        ("reviewed: K. Murugan 2025-01-31", True),
        ("reviewed: 2026-11-20", False),  # no name
        ("reviewed: Nimali Perera", False),  # no date
        ("reviewed: Nimali Perera 2026-13-40", False),  # no such day
        ("reviewed Nimali Perera 2026-11-20", False),  # not the convention's word
    ],
)
def test_a_review_names_who_and_when_or_check_says_it_is_malformed(comment, counted, locale_copy):
    po_file = catalogue.po_path("ta")
    text = po_file.read_text(encoding="utf-8")
    at = text.index('\nmsgid "Settings"\n')
    block = text.rindex("\n\n", 0, at) + 2
    po_file.write_text(text[:block] + f"# {comment}\n" + text[block:], encoding="utf-8")
    assert reviewed_ids("ta") == (["Settings"] if counted else [])
    problems = catalogue.problems("ta")
    assert bool(problems) is (not counted and comment.startswith("reviewed:")), problems


def test_msgfmt_reads_a_reviewed_catalogue(locale_copy):
    """A review is a translator comment, which every gettext tool keeps and ignores: the catalogue
    compiles as before."""
    po_file = catalogue.po_path("bn")
    before = catalogue.compiled("bn")
    text = po_file.read_text(encoding="utf-8")
    at = text.index('\nmsgid "Settings"\n')
    block = text.rindex("\n\n", 0, at) + 2
    po_file.write_text(text[:block] + "# reviewed: Rahim Uddin 2026-11-21\n" + text[block:], encoding="utf-8")
    assert catalogue.compiled("bn") == before
    msgfmt = shutil.which("msgfmt")
    if msgfmt is not None:  # GNU gettext, where installed
        out = subprocess.run([msgfmt, "-o", os.devnull, str(po_file)], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr


# --- the review kit ------------------------------------------------------------------------------------
def _mark_reviewed(po_file: Path, msgid: str, comment: str) -> None:
    text = po_file.read_text(encoding="utf-8")
    at = text.index(f'\nmsgid "{msgid}"\n')
    block = text.rindex("\n\n", 0, at) + 2
    po_file.write_text(text[:block] + f"# {comment}\n" + text[block:], encoding="utf-8")


@pytest.mark.parametrize("code", LANGS)
def test_the_review_page_holds_every_entry_with_its_english_translation_places_and_terms(code):
    from html import unescape

    page = catalogue.review_page(code)
    entries = [m for m in read(catalogue.po_path(code), code) if m.id]
    articles = re.findall(r"<article id=\"e(\d+)\".*?</article>", page, re.S)
    assert len(articles) == len(entries) == len(re.findall("<article ", page))
    text = unescape(page)
    for m in entries:
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        assert all(f">{t}</p>" in text for t in (*ids, *strings)), m.id
    settings = unescape(page.split("<article ")[1 + [m.id for m in entries].index("Settings")])
    assert re.search(r"Where: game/\S+\.py:\d+", settings)
    assert re.search(rf'seen in <a href="shots/{code}/1280x800_\w+\.png">', settings)
    ncuva = unescape(page.split("<article ")[1 + [m.id for m in entries].index("Ncuva")])
    assert (
        "Notes: a game's name" in ncuva
        and f"Glossary: Ncuva = {dict(catalogue.glossary(code))['Ncuva'][0]}" in ncuva
    )
    dative = next(a for a in page.split("<article ")[1:] if "context <code>dative</code>" in a)
    assert "not reviewed" in dative


def test_every_scene_the_review_page_links_is_one_the_screenshots_save():
    saved = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tools" / "shots").glob("*.py"))
    scenes = (
        {scene for _file, scene in catalogue.SCENES_BY_FILE}
        | set(catalogue.SCENES_BY_LESSON.values())
        | set(catalogue.SCENES_BY_KIND.values())
    )
    assert {scene for scene in scenes if f'"{scene}"' not in saved} == set()
    shown = [m for m in read(catalogue.po_path("si"), "si") if m.id and catalogue.scene_of(m)]
    assert len(shown) > 900


def test_the_review_page_escapes_what_a_translation_writes(locale_copy):
    po_file = catalogue.po_path("bn")
    po = read(po_file, "bn")
    po["Settings"].string = '<script>alert("x")</script> & <b>'
    po["Settings"].user_comments = ["a note with <i>markup</i> & an ampersand"]
    with open(po_file, "wb") as f:
        write_po(f, po, width=100, sort_output=True)
    page = catalogue.review_page("bn")
    assert "<script>" not in page and "<b>" not in page and "<i>" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;" in page
    assert "a note with &lt;i&gt;markup&lt;/i&gt; &amp; an ampersand" in page


def test_the_review_page_counts_and_shows_the_reviewed_entries(locale_copy, tmp_path, monkeypatch, capsys):
    po_file = catalogue.po_path("ta")
    _mark_reviewed(po_file, "Settings", "reviewed: K. Murugan 2026-11-20")
    _mark_reviewed(po_file, "Saved games", "reviewed: K. Murugan 2026-11-21")
    _mark_reviewed(po_file, "Undo", "reviewed: K. Murugan")  # malformed: not counted
    total = catalogue.status("ta")["entries"]
    monkeypatch.setattr(catalogue, "REVIEW_DIR", tmp_path / "review")
    assert catalogue.main(["review", "ta"]) == 0
    page = (tmp_path / "review" / "ta.html").read_text(encoding="utf-8")
    assert f"<strong>2 of {total} entries reviewed</strong>" in page
    assert "ta: " in capsys.readouterr().out
    done = [a for a in page.split("<article ")[1:] if 'class="done"' in a]
    assert len(done) == 2 and all("reviewed (K. Murugan 2026-11-2" in a for a in done)
    assert page.count("not reviewed") == total - 2
    assert not (tmp_path / "review" / "si.html").exists()
