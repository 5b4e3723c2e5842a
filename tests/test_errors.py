"""What goes wrong is told apart by its class, as python-chess does it (all ValueErrors): a
position text that cannot be read, a move written as no move is, a move the rules refuse, and a
move written so that it names two. Each keeps its words for the player's language."""

from __future__ import annotations

import pytest
from positions import untranslated

from rules import AmbiguousMoveError, IllegalMoveError, NotationError, PositionError, load_game, load_state
from rules.words import words_of


@pytest.mark.parametrize(
    "text", ["", "chess; board=x", "kotu_ellima; board=garbage; turn=S", "ncuva columns=5"]
)
def test_a_position_that_cannot_be_read_is_a_position_error(text):
    with pytest.raises(PositionError) as err:
        load_state(text)
    assert isinstance(err.value, ValueError) and not isinstance(err.value, IllegalMoveError)
    assert untranslated(words_of(err.value)) == ""  # still the catalogue's words, for every language


@pytest.mark.parametrize(
    "game_id, text",
    [
        ("kotu_ellima", "e3?e4"),
        ("kotu_ellima", "z99-a1"),
        ("ncuva", "q9"),
        ("battlehalma", "nowhere"),
        ("cows_leopards", ""),
    ],
)
def test_a_move_written_as_no_move_is_a_notation_error(game_id, text):
    state = load_game(game_id).new_initial_state()
    with pytest.raises(NotationError) as err:
        state.parse_move(text)
    assert isinstance(err.value, ValueError) and not isinstance(err.value, IllegalMoveError)
    assert untranslated(words_of(err.value)) == ""


def test_a_move_the_rules_refuse_is_an_illegal_move_error_not_a_notation_error():
    state = load_game("kotu_ellima").new_initial_state()
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e3-e4")  # written as a move is: two points of the board, both held
    assert not isinstance(err.value, (NotationError, AmbiguousMoveError))


def test_a_move_that_names_two_legal_moves_is_an_ambiguous_move_error(monkeypatch):
    """No position of the line games gives two legal moves one route; a state made to (as a
    game with two captures along one route would) is answered with the class that says so."""
    state = load_game("kotu_ellima").new_initial_state()
    move = state.legal_moves()[0]
    twin = move._replace(captured=(99,))
    monkeypatch.setattr(state, "legal_moves", lambda: [move, twin])
    with pytest.raises(AmbiguousMoveError) as err:
        state.parse_move(state.move_text(move))
    assert isinstance(err.value, IllegalMoveError) and "more than one move" in str(err.value)
