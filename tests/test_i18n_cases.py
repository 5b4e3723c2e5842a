"""Case endings joined to the words they belong to (issue 30, item 1).

A translation never writes a case ending or postposition as a word of its own after an inserted
value (Tamil "பசு ஐ" for பசுவை, Sinhala "අසීරු ට", Bengali "পেরালিকাটুমা-এর"): a side's or a
piece's name takes its case from the catalogue (``{side:to}``, ``{kind:obj}``, ``{side:as}``,
``{side:of}``: ``game.i18n.CASES``), and a sentence that inserts another word (a level, a game's
name) is written so that no ending follows it. Numbers and notation (e5, 12) take an ending as the
language writes one after digits and Latin letters: joined in Sinhala (12ක්, e5හි), after a hyphen
in Tamil and Bengali (e5-இல், e5-এর), also where the sentence writes them itself (a lesson's
"from b7 to a8").
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.i18n import CASES, tr
from rules.words import Words
from tests.script_loader import load_script

catalogue = load_script("catalogue")
LANGS = ("si", "ta", "bn")

#: each language's case endings and postpositions that are written joined to their word, never
#: as a word of their own after an inserted value
ENDINGS = {
    "si": (
        "ට",
        "ගේ",
        "හි",
        "හිදී",
        "ක්",
        "කට",
        "න්",
        "කින්",
        "ක",
        "කි",
        "දී",
        "වලින්",
        "වල",
        "ව",
        "ය",
        "යි",
        "ත්",
        "ටත්",
        "ගෙන්",
        "ගෙ",
        "ටම",
    ),
    "ta": (
        "ஐ",
        "ஐத்",
        "ஐப்",
        "ஐக்",
        "ஐச்",
        "ஆக",
        "ஆகத்",
        "ஆகப்",
        "ஆகக்",
        "ஆகச்",
        "உம்",
        "க்கு",
        "க்குக்",
        "க்குத்",
        "க்குச்",
        "க்குப்",
        "இல்",
        "இன்",
        "இடம்",
        "ஆல்",
        "உடன்",
        "இலிருந்து",
        "ஆம்",
        "இலும்",
        "ஓடு",
        "இற்கு",
        "உக்கு",
        "இடமிருந்து",
        "இடத்தில்",
        "இடமும்",
        "க்கும்",
        "க்குள்",
    ),
    "bn": ("এর", "র", "কে", "তে", "এ", "য়", "য়ের", "দের", "ের", "টির", "টিকে", "গুলোর", "গুলোকে", "রা", "ই"),
}
#: the placeholders filled with words (a side, a piece, a level, a game's name...): after these no
#: ending may stand at all, joined or hyphenated; their case comes from the catalogue (``CASES``)
WORDS = (*catalogue.INFLECTED, "level", "game", "language", "opponent", "me", "what", "first", "second")
#: what is said after a value: a word ends at white space, punctuation or the end
_END = r"(?=$|[\s.,:;()!?'\"—–/])"


def _alternatives(code: str) -> str:
    return "|".join(sorted(map(re.escape, ENDINGS[code]), key=len, reverse=True))


#: notation and numbers written in a sentence (b7, a8, 12, 60%), and in Tamil a Latin word (Keliya):
#: an ending after one is joined to it as after a placeholder holding one
NOTATION = r"(?<![\w-])(?:[a-l]\d{1,2}|\d+%?)"
LATIN_WORD = {"ta": r"(?<![\w-])[A-Z][A-Za-z]*"}
#: what closes a quoted or bracketed value, or a key's name ('{n}', (b1), huff=, F11): the ending
#: is joined to it as to the value inside
CLOSING = {"ta": r"(?:['\")=*/;]|[A-Z]\d+|[a-zá-ž]+\")", "si": r"'"}


def detached(code: str, text: str) -> list[str]:
    """The endings in ``text`` standing apart from the value before them: a word of its own after
    any placeholder or notation, or hyphenated or joined to a placeholder filled with words and no
    case."""
    ends = _alternatives(code)
    before = [
        r"\{[A-Za-z_0-9]+(?::[a-z]+)?\}",
        NOTATION,
        *([LATIN_WORD[code]] if code in LATIN_WORD else []),
        *([CLOSING[code]] if code in CLOSING else []),
    ]
    apart = re.compile("(?:" + "|".join(before) + r")\s+(?:" + ends + ")" + _END)
    words = re.compile(r"\{(?:" + "|".join(WORDS) + r")\}[-‑]?(?:" + ends + ")" + _END)
    return [m.group(0) for pattern in (apart, words) for m in pattern.finditer(text)]


def entries(code: str) -> list:
    with open(catalogue.po_path(code), "rb") as f:
        return [m for m in read_po(f, locale=code) if m.id]


def strings(message) -> tuple[str, ...]:  # noqa: ANN001 (a Babel Message)
    return tuple(
        s for s in (message.string if isinstance(message.string, (list, tuple)) else (message.string,)) if s
    )


@pytest.mark.parametrize("code", LANGS)
def test_no_case_ending_stands_apart_from_an_inserted_word(code):
    found = [
        (m.id if isinstance(m.id, str) else m.id[0], hit)
        for m in entries(code)
        if not m.context
        for s in strings(m)
        for hit in detached(code, s)
    ]
    assert found == [], f"{code}: {len(found)} endings apart from their word, e.g. {found[:8]}"


@pytest.mark.parametrize(
    "code, text, hits",
    [
        ("ta", "ஒரு {kind} ஐ வையுங்கள்", 1),
        ("ta", "{side} ஆக ஆடுங்கள்", 1),
        ("ta", "எல்லா {flock} உம்", 1),
        ("ta", "{point}-இல் உள்ள காய்", 0),
        ("ta", "{kind:obj} வையுங்கள்", 0),
        ("ta", "{game}-இன் விதிகள்", 1),
        ("si", "{level} ට එරෙහිව", 1),
        ("si", "ගල් {n} ක්", 1),
        ("si", "ගල් {n}ක්", 0),
        ("si", "{side} ලෙස", 0),
        ("bn", "{game}-এর নিয়ম", 1),
        ("bn", "{point}-এর গুটি", 0),
        ("bn", "{n} এর", 1),
        ("bn", "{a} ও {b}", 0),
        ("ta", "b7 இலிருந்து a8 க்கு", 2),
        ("ta", "b7-இலிருந்து a8-க்கு", 0),
        ("ta", "Keliya இன்", 1),
        ("si", "a8 ට", 1),
        ("si", "a8ට", 0),
        ("si", "ගල් 12 ක්", 1),
    ],
)
def test_the_check_tells_a_detached_ending_from_a_joined_one(code, text, hits):
    assert len(detached(code, text)) == hits, detached(code, text)


def filling_values() -> set[str]:
    """Every word that can fill a placeholder a case may inflect (each game's sides, pieces and
    their groups), as the template gathers them."""
    from rules import game_ids

    return {word for gid in game_ids() for word in catalogue.inflected_words(gid)}


def test_the_words_a_case_inflects_are_every_side_and_piece():
    values = filling_values()
    assert {"Cows", "Leopards", "Tiger", "Tigers", "North", "South", "Red", "Blue"} <= values
    assert {"cow", "cows", "leopard", "leopards", "tiger", "tigers", "the cows", "the tiger"} <= values


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("context", sorted(CASES.values()))
def test_each_case_has_a_form_of_every_word_that_can_fill_it(code, context):
    forms = {m.id: m for m in entries(code) if m.context == context}
    lacking = sorted(v for v in filling_values() if v not in forms or not forms[v].string or forms[v].fuzzy)
    assert lacking == [], f"{code} {context}: no form of {lacking}"
    with open(catalogue.POT, "rb") as f:
        template = {m.id for m in read_po(f) if m.context == context}
    assert filling_values() <= template


#: a sentence said through the app, with the joined word it must read in each language
RENDERED = [
    ("ta", Words("drop a {kind} on any empty point ({in_hand} in hand)", kind="cow", in_hand=3), "பசுவை"),
    ("ta", Words("You play {side}", side="Cows"), "பசுக்களாக"),
    ("ta", Words("{side} has no stones left", side="North"), "வடக்குக்கு"),
    ("ta", Words("all your {plural} are on the board: move one", plural="cows"), "பசுக்கள் அனைத்தும்"),
    ("si", Words("{side} cannot move", side="Cows"), "ගවයන්ට"),
    ("si", Words("{game} against {level}, move {n}", game="Peralikatuma", level="Hard", n=4), "මට්ටමට එරෙහිව"),
    ("si", Words("You play {side}", side="Leopards"), "දිවියන් ලෙස"),
    ("bn", Words("Rules of {game}", game="Peralikatuma"), "খেলার নিয়ম"),
    ("bn", Words("the {kind} on {cell} has no move", kind="tiger", cell="c3"), "বাঘের"),
    (
        "bn",
        Words(
            "phase={phase} does not fit the pieces in hand: it is the {phase2} phase for {group}",
            phase="drop",
            phase2="move",
            group="the cows",
        ),
        "গরুগুলোর",
    ),
]


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code, said, joined", RENDERED)
def test_a_sentence_reads_its_inserted_word_joined_to_its_case(code, said, joined, english):
    i18n.set_language(code)
    out = tr(said)
    assert joined in out, out
    assert detached(code, out.replace(joined, "")) == []


# --- English: a side named in the plural agrees (issue 30, item 4) ----------------------------------
#: every side's name, and whether English treats it as a plural
SIDE_NUMBER = {
    "Cows": True,
    "Leopards": True,
    "Tigers": True,
    "Tiger": False,
    "Red": False,
    "Blue": False,
    "North": False,
    "South": False,
}


def test_every_sides_name_is_known_singular_or_plural():
    from rules import game_ids

    assert {side for gid in game_ids() for side in catalogue.side_names(gid)} == set(SIDE_NUMBER)


@pytest.mark.parametrize("side, plural", SIDE_NUMBER.items())
def test_english_verbs_and_possessives_agree_with_the_sides_name(side, plural, english):
    from types import SimpleNamespace

    from game.match.analysis import Judgement, Slip, Verdict, slip_words
    from game.match.words import agreeing
    from game.render.panel import graph_title_words, thinking

    computer = tr(
        agreeing(
            side,
            "{side} is the computer: wait for its move.",
            "{side} are the computer: wait for their move.",
        )
    )
    match = SimpleNamespace(graph_side=0, lone_human=None, side=lambda player: side)
    slip = Judgement(
        ply=3, mover=0, loss=0.2, verdict=Verdict.MISTAKE, best="", before=0.6, after=0.4, why=Slip.VALUE
    )
    said = [
        computer,
        tr(thinking(side, "...")),
        tr(graph_title_words(match)),  # type: ignore[arg-type]
        tr(slip_words(slip, side, False)),
    ]
    if plural:
        assert said == [
            f"{side} are the computer: wait for their move.",
            f"{side} are thinking...",
            f"{side}' chances, move by move",
            f"it dropped {side}' chances from 60% to 40%",
        ]
    else:
        assert said == [
            f"{side} is the computer: wait for its move.",
            f"{side} is thinking...",
            f"{side}'s chances, move by move",
            f"it dropped {side}'s chances from 60% to 40%",
        ]
    assert not any(re.search(r"s's\b|s is\b|s was\b", text) for text in said)


#: words the issue found wrong (item 4), each with a word it must not read: (language, English, word)
WRONG = [
    ("ta", "Free", "சுதந்திரம்"),
    ("ta", "Undo", "தவிர்"),
    ("ta", "On", "இயக்கு"),
    ("ta", "Off", "அணை"),
    ("si", "Learn", "උගන්න"),
    ("si", "Learn {game}", "උගන්න"),
    ("si", "The jumped piece is removed at once. Then it is North's turn (North stepped g7-g6).", "පැන ගිය"),
    ("bn", "a capture earns another sowing", "খেলে"),
    ("bn", "Undo", "ফেরান"),
    *[(code, "Click North's piece on f5 (marked HUFF?) to remove it.", "HUFF") for code in LANGS],
    *[
        (code, "Traditional board games of Sri Lanka, India and southern Africa", word)
        for code, word in (("si", "දකුණු අප්‍රිකාවේ"), ("ta", "தென் ஆப்பிரிக்கா"), ("bn", "দক্ষিণ আফ্রিকা"))
    ],
]


@pytest.mark.parametrize("code, message, wrong", WRONG)
def test_a_word_found_wrong_is_not_back(code, message, wrong):
    found = {m.id: m.string for m in entries(code) if not m.context}
    text = found[message]
    assert (wrong not in text) if " " in wrong else (wrong not in re.split(r"[\s(),.:;?!।]+", text)), text


# --- the games' names (issue 30, item 5) ---------------------------------------------------------
#: how no word of a language may begin: Bengali with ঙ, Tamil with a consonant under a pulli
NO_WORD_BEGINS = {
    "bn": re.compile(r"(?<![\w\u0980-\u09ff-])ঙ"),
    "ta": re.compile(r"(?<![\w\u0b80-\u0bff}-])[\u0b95-\u0bb9]\u0bcd"),
}  # a sandhi consonant after a case
#: each game's name, as the glossary writes it, where it was written otherwise before
NAMES = {
    ("bn", "Hat Diviyan Keliya"): "হাৎ দিভিয়ান কেলিয়া",
    ("bn", "Ncuva"): "এনকুভা",
    ("ta", "Kotu Ellima"): "கொட்டு எல்லிமா",
    ("ta", "Hat Diviyan Keliya"): "ஹத் திவியன் கெலியா",
    ("ta", "Peralikatuma"): "பெரலிகட்டுமா",
    ("ta", "Ncuva"): "என்குவா",
}


@pytest.mark.parametrize("code", sorted(NO_WORD_BEGINS))
def test_no_word_begins_as_the_script_cannot(code):
    found = [s for m in entries(code) for s in strings(m) if NO_WORD_BEGINS[code].search(s)]
    assert found == [], found[:5]


@pytest.mark.parametrize("code, name", sorted(NAMES))
def test_a_games_name_is_written_as_the_glossary_writes_it_everywhere(code, name):
    written = NAMES[code, name]
    assert dict(catalogue.glossary(code))[name][0] == written
    found = {m.id: strings(m)[0] for m in entries(code) if not m.context}
    assert found[name] == written
    stem = written[:-1]  # the name before its last letter: its inflected forms begin so
    others = [
        s
        for m in entries(code)
        if not m.context and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", str(m.id))
        for s in strings(m)
        if stem not in s
    ]
    assert others == [], others[:3]
    assert not (code == "bn" and any("হত দিভিয়ান" in s for m in entries(code) for s in strings(m)))
