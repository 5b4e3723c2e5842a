"""Hunt games: options, registry entries and position text (bad input refused with a reason)."""

import pytest
from positions import untranslated

from rules import game_ids, game_spec, load_game, load_state
from rules.words import words_of

COWS_START = (
    "cows_leopards limit=60 stuck=lose target=13; board=.../.../......./..CCC../...C.C.../..CCC../"
    "......./.../...; turn=L; phase=drop; hands=2/16; quiet=0; ply=0"
)
TRIANGLE_START = (
    "hat_diviyan_keliya board=standard large_left=5 limit=60; board=./.../.../...; turn=T; "
    "phase=drop; hands=1/7; quiet=0; ply=0"
)


def test_start_texts_are_stable():
    assert load_game("cows_leopards").new_initial_state().to_text() == COWS_START
    assert load_game("hat_diviyan_keliya").new_initial_state().to_text() == TRIANGLE_START
    for text in (COWS_START, TRIANGLE_START):
        assert load_state(text).to_text() == text


def test_games_are_registered_after_the_war_games():
    ids = game_ids()
    assert ids.index("cows_leopards") > ids.index("kotu_ellima")
    assert ids.index("hat_diviyan_keliya") == ids.index("cows_leopards") + 1


@pytest.mark.parametrize(
    "game_id, sides", [("cows_leopards", ("Leopards", "Cows")), ("hat_diviyan_keliya", ("Tiger", "Leopards"))]
)
def test_registry_entries_are_complete(game_id, sides):
    spec = game_spec(game_id)
    assert spec.name and spec.description and spec.origin and spec.sides == sides
    text = spec.rules_text.lower()
    for opt in spec.options:
        assert opt.default in opt.choices and opt.help and opt.label
        assert len(opt.choice_labels) in (0, len(opt.choices))
    house = [o for o in spec.options if o.house_rule]
    assert house and text.count("house rule") >= len(house)
    assert "source" in text  # where Keliya reads or departs from the seed, the text says so


def test_house_rule_options_and_defaults():
    cows = {o.name: o for o in game_spec("cows_leopards").options}
    assert (cows["target"].default, cows["target"].house_rule) == (13, False)
    assert (cows["limit"].default, cows["limit"].house_rule) == (60, True)
    assert (cows["stuck"].default, cows["stuck"].house_rule) == ("lose", True)
    hat = {o.name: o for o in game_spec("hat_diviyan_keliya").options}
    assert hat["board"].choices == ("standard", "large") and not hat["board"].house_rule
    assert (hat["large_left"].default, hat["large_left"].house_rule) == (5, True)
    assert (hat["limit"].default, hat["limit"].house_rule) == (60, True)


def test_unknown_option_names_the_option():
    with pytest.raises(ValueError, match="unknown option 'side'.*target, limit, stuck"):
        load_game("cows_leopards", side="cows")
    with pytest.raises(ValueError, match="unknown option 'tigers'"):
        load_game("hat_diviyan_keliya", tigers=2)


def test_bad_option_value_names_the_option_and_allowed_values():
    with pytest.raises(ValueError, match=r"option 'target'.*allowed: 8, 12, 13"):
        load_game("cows_leopards", target=10)
    with pytest.raises(ValueError, match=r"option 'board'.*allowed: standard, large"):
        load_game("hat_diviyan_keliya", board="huge")
    with pytest.raises(ValueError, match="option 'limit'"):
        load_game("hat_diviyan_keliya", limit=7)
    assert load_game("cows_leopards", target="8", limit="off").options == {
        "target": 8,
        "limit": "off",
        "stuck": "lose",
    }


ROWS = ".../.../......./..CCC../...C.C.../..CCC../......./.../..."


@pytest.mark.parametrize(
    "bad, why",
    [
        ("cows_leopards colour=red; board=x", "unknown option 'colour'"),
        ("cows_leopards; turn=L", "does not say the board"),
        (f"cows_leopards; board={ROWS}", "does not say whose turn it is"),
        ("cows_leopards; board=...; turn=L", "board needs 9 rows, found 1"),
        (
            f"cows_leopards; board={ROWS[:-1]}; turn=L",
            r"ninth row of the board from the top \('\.\.'\) should have 3 points, not 2",
        ),
        (
            f"cows_leopards; board={ROWS.replace('CCC', 'CTC', 1)}; turn=L",
            r"'T' on the board is not a piece of this game: use L, C, or \.",
        ),
        (
            f"cows_leopards; board={ROWS}; turn=T",
            r"turn=T: whose turn it is must be L \(leopards\) or C \(cows\)",
        ),
        (f"cows_leopards; board={ROWS}; turn=L; hands=2", "hands must be two counts"),
        (f"cows_leopards; board={ROWS}; turn=L; hands=2/-1", "hands must be two counts"),
        (
            f"cows_leopards; board={ROWS}; turn=L; hands=1/16",
            r"leopards on the board and in hand must make 2",
        ),
        (f"cows_leopards; board={ROWS}; turn=L; hands=2/17", "too many cows: 8 on the board and 17 in hand"),
        (f"cows_leopards; board={ROWS}; turn=L; hands=2/16; phase=move", "phase=move does not fit"),
        (f"cows_leopards; board={ROWS}; turn=L; hands=2/16; quiet=x", "quiet must be a whole number"),
        (f"cows_leopards; board={ROWS}; turn=L; hands=2/16; ply=-3", "ply=-3 cannot be negative"),
        (
            f"cows_leopards; board={ROWS}; turn=L; hands=2/16; huff=e5",
            r"a Cows and Leopards position has no huff= part \(its parts: board, turn, phase",
        ),
        ("hat_diviyan_keliya board=large; board=./.../.../...; turn=T; hands=2/8", "board needs 5 rows"),
        (
            "hat_diviyan_keliya; board=T/.../.../...; turn=T; hands=1/7",
            "tigers on the board and in hand must make 1",
        ),
        ("hat_diviyan_keliya; board=./LLL/LLL/LL.; turn=T; hands=1/0", "too many leopards"),
        ("hat_diviyan_keliya; board=./.../.../...; turn=C; hands=1/7", "whose turn it is must be T"),
    ],
)
def test_corrupt_position_text_is_refused_with_a_reason(bad, why):
    with pytest.raises(ValueError, match=why) as err:
        load_state(bad)
    assert untranslated(words_of(err.value)) == "", "a Sinhala player would read the reason in English"
