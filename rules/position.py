"""Position text: one line that round-trips a whole state (save files, bug reports, tests).

Form: ``<game id> <option>=<value> ...; <field>=<value>; ...`` where the fields after
the first ``;`` belong to the game (its board, whose turn, counters). Example::

    kotu_ellima capture=forced first=south limit=20 threefold=draw; board=NNN/NNN/...; turn=S; ...

A player may paste such a text, so reading it is a door into the app: every loader refuses a
position the game can never reach (a ValueError whose message a player can act on, never a
parser's internals), and what it accepts plays on and ends like any game. The helpers below
are the one field parser every game uses: ``check_fields`` for unknown and missing fields,
``count_field`` and ``pair_field`` for bounded whole numbers, ``turn_field`` for whose turn
it is, ``read_rows`` for a board written row by row, and ``shown`` to quote a player's text.

``ply`` is the move number: a player setting up a position (a puzzle, a lesson) may start it
anywhere, so it is checked for size only. The counters the rules read (quiet plies, turns,
pieces in hand, stones captured, repetitions) are checked against the board and the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING

from .words import N_, Words

if TYPE_CHECKING:
    from .core import State

#: The largest move number a position may carry. The games that promise an end last a few
#: thousand plies at most; the others could in principle go on for ever, but not for a billion
#: moves. The bound keeps every count a small number (a 4,300-digit one cannot even be printed).
MAX_PLY = 1_000_000_000

#: What each body field says, for messages about a missing or a bad field.
FIELD_WORDS = {
    "board": N_("the board"),
    "turn": N_("whose turn it is"),
    "quiet": N_("the plies played since the last capture"),
    "huff": N_("the pieces that may be huffed"),
    "ply": N_("the moves played"),
    "rep": N_("how often positions came up"),
    "phase": N_("the stage of play"),
    "hands": N_("the pieces each side holds in hand"),
    "turns": N_("the turns played"),
    "store": N_("the stones each side has captured"),
    "sown": N_("the sowings made after captures in this turn"),
}

_ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
)


def shown(text: object, limit: int = 24) -> str:
    """A piece of the player's text to quote in a message: printable, and cut short when long."""
    try:
        text = str(text)
    except ValueError:  # an int too long for str(): Python's digit limit
        return N_("(a number too long to show)")
    out = "".join(ch if ch.isprintable() else "?" for ch in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def ordinal(index: int) -> str:
    """'first', 'second', ... for a 0-based index."""
    return _ORDINALS[index] if index < len(_ORDINALS) else f"{index + 1}th"


def format_state(state: State) -> str:
    fields = state.body_fields()
    body = "; ".join(f"{k}={v}" for k, v in fields.items())
    return f"{state.game.header()}; {body}"


def load_state(text: str) -> State:
    """Rebuild a state from its text; ``PositionError`` (a ValueError) with a player's reason if
    the text is bad or names a position the game can never reach."""
    from .core import PositionError

    try:
        return _load_state(text)
    except PositionError:
        raise
    except ValueError as e:
        raise PositionError(*e.args) from None


def _load_state(text: str) -> State:
    from .registry import load_game

    if not isinstance(text, str) or not text.strip():
        raise ValueError("the position text is empty")
    head, *rest = [part.strip() for part in text.strip().split(";")]
    tokens = head.split()
    if not tokens or "=" in tokens[0]:
        raise ValueError("a position starts with the game's name, like kotu_ellima or ncuva")
    options: dict[str, str] = {}
    for tok in tokens[1:]:
        key, sep, value = tok.partition("=")
        if not sep or not key:
            raise ValueError(
                Words(
                    "'{tok}' after the game's name is not an option: an option is written like limit=20",
                    tok=shown(tok),
                )
            )
        if key in options:
            raise ValueError(Words("the option {key} is given twice", key=shown(key)))
        options[key] = value
    game = load_game(tokens[0], **options)
    fields: dict[str, str] = {}
    for part in rest:
        if not part:
            continue
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(
                Words(
                    "'{part}' is not part of a position: "
                    "each part is written like turn=S, and the parts are separated by ';'",
                    part=shown(part),
                )
            )
        if key in fields:
            raise ValueError(Words("the position gives {key}= twice", key=shown(key)))
        fields[key] = value.strip()
    return game.state_from_fields(fields)


def check_fields(fields: dict[str, str], known: Sequence[str], required: Iterable[str], game: str) -> None:
    """Refuse unknown fields and name the first missing required one (``game``: its name)."""
    for name in fields:
        if name not in known:
            raise ValueError(
                Words(
                    "a {game} position has no {name}= part (its parts: {join})",
                    game=game,
                    name=shown(name),
                    join=", ".join(known),
                )
            )
    for name in required:
        if name not in fields:
            raise ValueError(
                Words("the position does not say {get} ({name}=)", get=FIELD_WORDS.get(name, name), name=name)
            )


def read_count(text: str, name: str, most: int, over: str = "") -> int:
    """A whole number from 0 to ``most`` written in ASCII digits; ``over`` says why more cannot be."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        if text[:1] == "-" and text[1:].isascii() and text[1:].isdigit():
            raise ValueError(Words("{name}={text} cannot be negative", name=name, text=shown(text)))
        raise ValueError(
            Words(
                "{name} must be a whole number ({get}), not '{text}'",
                name=name,
                get=FIELD_WORDS.get(name, name),
                text=shown(text),
            )
        )
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(most)) or int(digits) > most:
        too_many = Words("{name}={text} is more than {most}", name=name, text=shown(text), most=most)
        # kept as words (not joined into plain text), so both parts are shown in the player's language
        raise ValueError(Words("{headline}: {reason}", headline=too_many, reason=over) if over else too_many)
    return int(digits)


def count_field(
    fields: dict[str, str], name: str, default: int = 0, most: int = MAX_PLY, over: str = ""
) -> int:
    """A whole number field from 0 to ``most`` (absent: ``default``)."""
    text = fields.get(name)
    if text is None:
        return default
    if most == MAX_PLY and not over:
        over = N_("no game runs that long")
    return read_count(text, name, most, over)


def pair_field(
    fields: dict[str, str], name: str, example: str, most: tuple[int, int], over: tuple[str, str]
) -> tuple[int, int] | None:
    """Two counts written ``a/b`` (one per player), each from 0 to its ``most``; ``over`` says
    for each why it cannot be more. None when the field is absent."""
    text = fields.get(name)
    if text is None:
        return None
    parts = [p.strip() for p in text.split("/")]
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(
            Words(
                "{name} must be two counts like {name}={example} ({get}), not '{text}'",
                name=name,
                example=example,
                get=FIELD_WORDS.get(name, name),
                text=shown(text),
            )
        )
    out = []
    for part, top, why in zip(parts, most, over):
        digits = part.lstrip("0") or "0"
        if len(digits) > len(str(top)) or int(digits) > top:
            raise ValueError(Words("{headline}: {reason}", headline=f"{name}={shown(text)}", reason=why))
        out.append(int(digits))
    return out[0], out[1]


def turn_field(fields: dict[str, str], letters: str, sides: Sequence[str]) -> int:
    """Whose turn it is, written as one of two letters: the player's index."""
    text = fields["turn"]
    if len(text) != 1 or text not in letters:
        raise ValueError(
            Words(
                "turn={text}: whose turn it is must be {letter} ({side}) or {letter2} ({side2})",
                text=shown(text),
                letter=letters[0],
                side=sides[0],
                letter2=letters[1],
                side2=sides[1],
            )
        )
    return letters.index(text)


def read_rows(text: str, rows: Sequence[Sequence[int]], alphabet: str, what: str = "point") -> dict[int, str]:
    """A board written row by row (rows joined by '/', one character per cell, '.' empty):
    cell -> character for the occupied cells. ``rows`` lists the cells of each row in order;
    ``what`` names a cell ('point', 'square')."""
    rows_text = text.split("/")
    if len(rows_text) != len(rows):
        raise ValueError(
            Words(
                "the board needs {n_rows} rows, found {n_rows_text} (the top row first, rows separated by /)",
                n_rows=len(rows),
                n_rows_text=len(rows_text),
            )
        )
    out: dict[int, str] = {}
    for i, (row, row_text) in enumerate(zip(rows, rows_text)):
        if len(row_text) != len(row):
            raise ValueError(
                Words(
                    "the {ordinal} row of the board from the top ('{row_text}') "
                    "should have {n_row} {what}s, not {n_row_text}",
                    ordinal=ordinal(i),
                    row_text=shown(row_text),
                    n_row=len(row),
                    what=what,
                    n_row_text=len(row_text),
                )
            )
        for cell, ch in zip(row, row_text):
            if ch in alphabet:
                out[cell] = ch
            elif ch != ".":
                raise ValueError(
                    Words(
                        "'{ch}' on the board is not a piece of this game: "
                        "use {join}, or . for an empty {what}",
                        ch=shown(ch),
                        join=", ".join(alphabet),
                        what=what,
                    )
                )
    return out


def write_rows(rows: Sequence[Sequence[int]], char_at: dict[int, str]) -> str:
    """Inverse of ``read_rows``."""
    empty = repeat(".")
    return "/".join("".join(map(char_at.get, row, empty)) for row in rows)
