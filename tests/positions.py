"""Build position text for tests from piece lists, through the public text form."""

from __future__ import annotations

from rules import load_game, load_state
from rules.core import State


def board_text(game_id: str, pieces: dict[str, str], **options: object) -> str:
    """The ``board=`` field for ``pieces`` (point name -> piece letter), empty elsewhere."""
    game = load_game(game_id, **options)
    board = game.board  # type: ignore[attr-defined]
    rows = []
    for row in board.rows_top_down():
        rows.append("".join(pieces.get(board.name_of(p), ".") for p in row))
    return "/".join(rows)


def war_state(
    game_id: str, south: str, north: str, turn: str = "S", extra: str = "", **options: object
) -> State:
    """A war-game state with South's and North's pieces given as space-separated names."""
    pieces = {n: "S" for n in south.split()}
    pieces.update({n: "N" for n in north.split()})
    game = load_game(game_id, **options)
    text = f"{game.header()}; board={board_text(game_id, pieces, **options)}; turn={turn}"
    if extra:
        text += "; " + extra
    return load_state(text)


def perft(state: State, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``state`` (move-generation check)."""
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        state.apply(move)
        total += perft(state, depth - 1)
        state.undo()
    return total


_CATALOGUE: list[object] = []


def untranslated(message: str) -> str:
    """The template of the rules' ``Words`` when the shipped Sinhala catalogue has no translation
    of it (a player of another language would read it in English), or ''. The front end shows
    ``Words`` rebuilt from their translated template."""
    import gettext
    from pathlib import Path

    from rules.words import Words

    if not _CATALOGUE:
        mo = Path(__file__).resolve().parent.parent / "assets" / "locale" / "si" / "LC_MESSAGES" / "keliya.mo"
        with open(mo, "rb") as f:
            _CATALOGUE.append(gettext.GNUTranslations(f))
    catalogue = _CATALOGUE[0]
    assert isinstance(catalogue, gettext.GNUTranslations)
    if not isinstance(message, Words):  # plain text is looked up whole (a count's refusal with
        return ""  # its reason appended is not, and stays English)
    key = message.template
    if key.startswith("{text}") or key == "{headline}: {reason}":  # made of other words: those are
        return ""  # looked up (each checked here)
    return "" if catalogue.gettext(key) != key else key


def refuse(state: State, move: object, why: str) -> None:
    """``move`` is refused for the reason ``why`` (a pattern), in words the catalogue translates,
    and the position is left as it was."""
    import pytest

    from rules import IllegalMoveError
    from rules.words import words_of

    before = state.to_text()
    with pytest.raises(IllegalMoveError, match=why) as err:
        state.play(move)  # type: ignore[arg-type]
    assert state.to_text() == before
    assert untranslated(words_of(err.value)) == "", "a Sinhala player would read the reason in English"
