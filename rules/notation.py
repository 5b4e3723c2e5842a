"""Move notation: prints and parses moves like ``e3-e4``, ``e3xe5xc5``, ``@e5``, ``~e5``.

- a step or a non-capturing leap chain: point names joined by ``-``
- a capturing chain: point names joined by ``x`` (a segment that captures uses ``x``)
- a drop from hand: ``@`` and the point
- a huff (removing a piece that failed to capture): ``~`` and the point
- a sowing (Ncuva): the hole's name alone
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .core import DROP, HUFF, JUMP, SOW, IllegalMoveError, Move

if TYPE_CHECKING:
    from .core import Game, State

_NAME = re.compile(r"^[a-z][0-9]{1,2}$")


def format_move(game: Game, move: Move) -> str:
    name = game.point_name
    if move.kind == DROP:
        return "@" + name(move.path[0])
    if move.kind == HUFF:
        return "~" + name(move.path[0])
    if move.kind == SOW:
        return name(move.path[0])
    parts = [name(move.path[0])]
    last = len(move.path) - 1
    for i in range(1, last + 1):
        capturing = move.kind == JUMP or (i == last and _ends_on_capture(move))
        parts.append(("x" if capturing else "-") + name(move.path[i]))
    return "".join(parts)


def _ends_on_capture(move: Move) -> bool:
    """An exchange capture (BattleHalma) takes the piece standing on the final square."""
    return bool(move.captured) and move.path[-1] in move.captured


def _points(game: Game, names: list[str]) -> tuple[int, ...]:
    out = []
    for n in names:
        if not _NAME.match(n):
            raise ValueError(f"cannot read '{n}' as a point name (expected e.g. e5)")
        out.append(game.point_index(n))
    return tuple(out)


def parse_move(state: State, text: str) -> Move:
    """Find the legal move that ``text`` names; raise ValueError / IllegalMoveError saying why not."""
    game = state.game
    t = text.strip().lower()
    if not t:
        raise ValueError("empty move text")
    if t.startswith("huff"):
        t = "~" + t[4:].strip()
    if t[0] in "@~":
        kind = DROP if t[0] == "@" else HUFF
        path = _points(game, [t[1:].strip()])
        candidates = [m for m in state.legal_moves() if m.kind == kind and m.path == path]
        guess = Move(kind, path)
    else:
        names = re.split(r"[-x]", t)
        if any(not n for n in names):
            raise ValueError(f"cannot read move '{text}' (expected e.g. e3-e4, e3xe5, @e5, ~e5)")
        path = _points(game, names)
        candidates = [m for m in state.legal_moves() if m.path == path and m.kind not in (DROP, HUFF)]
        guess = Move(JUMP if "x" in t else ("step" if len(path) == 2 else "leap"), path)
        if len(path) == 1:
            guess = Move(SOW, path)
    if state.outcome() is not None:
        raise IllegalMoveError("the game is over")
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise IllegalMoveError(state.why_illegal(guess))
    raise IllegalMoveError(f"'{text}' could mean more than one move")
