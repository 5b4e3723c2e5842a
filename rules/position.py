"""Position text: one line that round-trips a whole state (save files, bug reports, tests).

Form: ``<game id> <option>=<value> ...; <field>=<value>; ...`` where the fields after
the first ``;`` belong to the game (its board, whose turn, counters). Example::

    kotu_ellima capture=forced first=south limit=20 threefold=draw; board=NNN/NNN/...; turn=S; ...

The helpers below are the one field parser every game uses: ``check_fields`` for unknown and
missing fields, ``count_field`` for whole numbers, ``read_rows`` for a board written row by row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .core import State


def format_state(state: State) -> str:
    fields = state.body_fields()
    body = "; ".join(f"{k}={v}" for k, v in fields.items())
    return f"{state.game.header()}; {body}"


def load_state(text: str) -> State:
    """Rebuild a state from its text; ValueError with a readable reason if the text is bad."""
    from .registry import load_game

    if not isinstance(text, str) or not text.strip():
        raise ValueError("position text is empty")
    head, *rest = [part.strip() for part in text.strip().split(";")]
    tokens = head.split()
    if not tokens:
        raise ValueError("position text has no game id")
    options: dict[str, str] = {}
    for tok in tokens[1:]:
        key, sep, value = tok.partition("=")
        if not sep or not key:
            raise ValueError(f"position text: cannot read option '{tok}' (expected name=value)")
        options[key] = value
    game = load_game(tokens[0], **options)
    fields: dict[str, str] = {}
    for part in rest:
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"position text: cannot read field '{part}' (expected name=value)")
        fields[key.strip()] = value.strip()
    return game.state_from_fields(fields)


def check_fields(fields: dict[str, str], known: Iterable[str], required: Iterable[str] = ()) -> None:
    """Refuse unknown fields and name the first missing required one."""
    extra = set(fields) - set(known)
    if extra:
        raise ValueError(f"position text: unknown field(s) {', '.join(sorted(extra))}")
    for name in required:
        if name not in fields:
            raise ValueError(f"position text: missing field {name}")


def count_field(fields: dict[str, str], name: str, default: int = 0) -> int:
    """A whole number field (absent: ``default``)."""
    text = fields.get(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"position text: {name} must be a whole number, not '{text}'") from None
    if value < 0:
        raise ValueError(f"position text: {name} must not be negative")
    return value


def read_rows(text: str, rows: Sequence[Sequence[int]], alphabet: str, what: str = "board") -> dict[int, str]:
    """A board written row by row (rows joined by '/', one character per cell, '.' empty):
    cell -> character for the occupied cells. ``rows`` lists the cells of each row in order."""
    rows_text = text.split("/")
    if len(rows_text) != len(rows):
        raise ValueError(f"position text: {what} needs {len(rows)} rows, found {len(rows_text)}")
    out: dict[int, str] = {}
    for row, row_text in zip(rows, rows_text):
        if len(row_text) != len(row):
            raise ValueError(f"position text: row '{row_text}' should have {len(row)} points")
        for cell, ch in zip(row, row_text):
            if ch in alphabet:
                out[cell] = ch
            elif ch != ".":
                raise ValueError(f"position text: '{ch}' is not one of {', '.join(alphabet)} or .")
    return out


def write_rows(rows: Sequence[Sequence[int]], char_at: dict[int, str]) -> str:
    """Inverse of ``read_rows``."""
    return "/".join("".join(char_at.get(cell, ".") for cell in row) for row in rows)
