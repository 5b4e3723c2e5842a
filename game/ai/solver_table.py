"""Hat Diviyan Keliya's solved values: the table, how a position is packed into it, and its
file on disk.

Scores are from the side to move: ``WIN - d`` a win in ``d`` plies, ``-(WIN - d)`` a loss in ``d``
plies, 0 a draw. A position is the two bitmasks, the hands and the side to move, plus the
no-capture counter once both hands are empty (``Table.score`` takes it apart).

The file is Keliya's own checked format, never pickle (a file in the player's folder must not be
able to run code): a first line naming the format, a JSON header (format version, game, variant,
limit, points, the arrays' types and lengths, the byte order, the body's size and SHA-256), then
the zlib-compressed arrays. ``decode`` refuses, with the reason in words, anything that is not
exactly what ``encode`` wrote for that variant: empty, truncated, bit-flipped or edited files,
another variant, another format.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.boards import bits
from rules.core import Game, State

GAME_ID = "hat_diviyan_keliya"
WIN = 10000
FORMAT = 3  # bump when the table layout changes: older files are then rebuilt
MAGIC = b"keliya solved table\n"
MAX_HEADER = 100_000  # bytes: the header of the large board's table is about 1 KB
MAX_ARRAYS = 1000
ITEM_SIZES = {"q": 8, "h": 2}

Key = tuple[int, int, int, int, int]  # hunters, prey, hunters in hand, prey in hand, to move


def back(score: int) -> int:
    """A child's score seen from its parent (turns alternate in the hunt games)."""
    return -score + 1 if score > 0 else -score - 1 if score < 0 else 0


def key_of(state: State) -> Key:
    h0, h1 = state.hands()
    return (state.army(0), state.army(1), h0, h1, state.to_move)  # type: ignore[attr-defined]


def variant_of(game: Game) -> str | None:
    """A file-name-safe name of the game's options, or None if it is not Hat Diviyan Keliya."""
    if game.spec.id != GAME_ID:
        return None
    o = game.options
    left = o["large_left"] if o["board"] == "large" else "x"
    return f"{o['board']}_{left}_{o['limit']}"


@dataclass
class Table:
    """Solved values of one Hat Diviyan Keliya variant (board, goal, limit). Positions are packed
    into one int each and kept in sorted arrays (about 10 bytes a position: the large board's
    870,000 positions would take over 200 MB as dicts of tuples in each process)."""

    variant: str
    limit: int  # the no-capture limit in moves, 0: off
    points: tuple[int, ...]  # the board's points, in the order the packed masks use
    placement_keys: array[int]  # packed positions with a piece still in hand, sorted ('q')
    placement_values: array[int]  # their scores ('h')
    keys: array[int]  # packed move-phase positions, sorted ('q')
    layers: list[array[int]]  # layers[r][i]: score with r moves left before the draw (last: r and more)

    def __post_init__(self) -> None:
        self._pack = packer(self.points)

    def score(self, key: Key, quiet: int) -> int | None:
        """The score of the position ``key`` with ``quiet`` moves already made without a capture."""
        packed = self._pack(key)
        if key[2] or key[3]:
            i = _find(self.placement_keys, packed)
            return None if i < 0 else int(self.placement_values[i])
        i = _find(self.keys, packed)
        if i < 0:
            return None
        r = self.limit - quiet if self.limit else len(self.layers) - 1
        return int(self.layers[max(0, min(r, len(self.layers) - 1))][i])


def packer(points: tuple[int, ...]) -> Callable[[Key], int]:
    """Packs a position into one int: both masks over the board's own points, then the hands
    (up to 3 tigers, 15 leopards) and the side to move."""
    slot = {p: i for i, p in enumerate(points)}
    n = len(points)

    def pack(key: Key) -> int:
        h, p, a, b, t = key
        out = 0
        for q in bits(h):
            out |= 1 << slot[q]
        for q in bits(p):
            out |= 1 << (n + slot[q])
        return out | a << 2 * n | b << (2 * n + 2) | t << (2 * n + 6)

    return pack


def _find(keys: array[int], packed: int) -> int:
    i = bisect_left(keys, packed)
    return i if i < len(keys) and keys[i] == packed else -1


# --- the file ---------------------------------------------------------------------------------------
class TableFileError(ValueError):
    """A table file that cannot be trusted; the message says why."""


def _arrays(table: Table) -> list[array[int]]:
    return [table.placement_keys, table.placement_values, table.keys, *table.layers]


def encode(table: Table) -> bytes:
    """The file of ``table`` (see the module docstring)."""
    arrays = _arrays(table)
    body = zlib.compress(b"".join(a.tobytes() for a in arrays), 6)
    header = {
        "format": FORMAT, "game": GAME_ID, "variant": table.variant, "limit": table.limit,
        "points": list(table.points), "byteorder": sys.byteorder,
        "arrays": [[a.typecode, len(a)] for a in arrays],
        "size": len(body), "sha256": hashlib.sha256(body).hexdigest(),
    }
    return MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n" + body


def decode(data: bytes, variant: str) -> Table:
    """The table in ``data`` if it is exactly a table of ``variant`` that ``encode`` wrote;
    ``TableFileError`` saying why not."""
    if not data.startswith(MAGIC):
        raise TableFileError("it is not a Keliya solved table") if data else TableFileError("it is empty")
    end = data.find(b"\n", len(MAGIC), len(MAGIC) + MAX_HEADER)
    if end < 0:
        raise TableFileError("its header is cut off")
    try:
        header = json.loads(data[len(MAGIC):end])
        if not isinstance(header, dict):
            raise ValueError
    except (ValueError, RecursionError):
        raise TableFileError("its header cannot be read") from None
    if header.get("format") != FORMAT or header.get("game") != GAME_ID:
        raise TableFileError("it is of another format")
    if header.get("variant") != variant:
        raise TableFileError(f"it is the table of another variant ({str(header.get('variant'))[:40]})")
    body = data[end + 1:]
    if len(body) != header.get("size"):
        raise (TableFileError("it is truncated") if len(body) < _int(header.get("size"))
               else TableFileError("it has extra bytes"))
    if hashlib.sha256(body).hexdigest() != header.get("sha256"):
        raise TableFileError("its contents do not match their checksum (damaged or edited)")
    return _table_from(header, body, variant)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _table_from(header: dict[str, Any], body: bytes, variant: str) -> Table:
    try:
        shapes = [(str(code), _int(length)) for code, length in header["arrays"]][:MAX_ARRAYS + 1]
        limit, points = _int(header["limit"]), tuple(_int(p) for p in header["points"])
        swap = header["byteorder"] != sys.byteorder
    except (KeyError, TypeError, ValueError):
        raise TableFileError("its header is incomplete") from None
    codes = [code for code, _ in shapes]
    if not 4 <= len(codes) <= MAX_ARRAYS or codes[:3] != ["q", "h", "q"] or set(codes[3:]) != {"h"}:
        raise TableFileError("its header describes no table")
    expected = sum(ITEM_SIZES[code] * n for code, n in shapes)
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(body, expected + 1)
    except zlib.error:
        raise TableFileError("its contents cannot be unpacked") from None
    if len(raw) != expected or not inflater.eof:
        raise TableFileError("its contents are not the size its header gives")
    arrays, at = [], 0
    for code, n in shapes:
        a = array(code)
        a.frombytes(raw[at:at + ITEM_SIZES[code] * n])
        if swap:
            a.byteswap()
        arrays.append(a)
        at += ITEM_SIZES[code] * n
    pkeys, pvalues, keys, *layers = arrays
    if len(pkeys) != len(pvalues) or any(len(layer) != len(keys) for layer in layers):
        raise TableFileError("its arrays do not fit together")
    return Table(variant, limit, points, pkeys, pvalues, keys, layers)
