"""Position text: one line that round-trips a whole state (save files, bug reports, tests).

Form: ``<game id> <option>=<value> ...; <field>=<value>; ...`` where the fields after
the first ``;`` belong to the game (its board, whose turn, counters). Example::

    kotu_ellima capture=forced first=south limit=20 threefold=draw; board=NNN/NNN/...; turn=S; ...
"""

from __future__ import annotations

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
