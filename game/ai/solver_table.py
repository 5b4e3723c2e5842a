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

A checksum only proves the file is what its writer meant, and an edited file can carry a fresh
one. So the contents are checked against the game itself too (``check``): the header's limit,
points, byte order and counts must be this variant's and in range, the positions sorted and on
the board, the scores within a win, and a seeded sample of positions (the start among them) is
solved again one ply deep from the rules' own moves and must agree with the table. Anything
that cannot even be checked is refused as well, never raised as another exception.
"""

from __future__ import annotations

import hashlib
import json
import operator
import random
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules import load_game
from rules.boards import bits
from rules.core import Game, State
from rules.words import Words

GAME_ID = "hat_diviyan_keliya"
WIN = 10000
FORMAT = 3  # bump when the table layout changes: older files are then rebuilt
MAGIC = b"keliya solved table\n"
MAX_HEADER = 100_000  # bytes: the header of the large board's table is about 1 KB
MAX_ARRAYS = 1000
ITEM_SIZES = {"q": 8, "h": 2}
#: the most positions one array may hold (the large board has about 870,000 in all) and the most
#: bytes the arrays may unpack to: a header cannot make the reader unpack gigabytes
MAX_ENTRIES = 1 << 24
MAX_UNPACKED = 1 << 30
#: positions solved again on load (the start and a seeded sample): a few milliseconds
SAMPLE = 64
#: the largest file a table may be (the large board's is a few MB)
MAX_FILE_BYTES = 200_000_000

Key = tuple[int, int, int, int, int]  # hunters, prey, hunters in hand, prey in hand, to move


def back(score: int) -> int:
    """A child's score seen from its parent (turns alternate in the hunt games)."""
    return -score + 1 if score > 0 else -score - 1 if score < 0 else 0


def key_of(state: State) -> Key:
    h0, h1 = state.hands()
    return (state.army(0), state.army(1), h0, h1, state.to_move)  # type: ignore[attr-defined]


def game_for_variant(variant: str) -> Game:
    """The game of a variant name (``variant_of``'s inverse); ValueError if it names none."""
    board, left, limit = variant.split("_")
    options = {"board": board, "limit": limit}
    if board == "large":
        options["large_left"] = left
    return load_game(GAME_ID, **options)


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


def unpack(points: tuple[int, ...], packed: int) -> Key | None:
    """``packer``'s inverse: the position packed in ``packed``, or None if no position is (bits
    beyond the side to move, or two pieces on one point)."""
    n = len(points)
    if packed < 0 or packed >> (2 * n + 7):
        return None
    mask = (1 << n) - 1
    own, other = packed & mask, packed >> n & mask
    if own & other:
        return None
    hunters = sum(1 << points[i] for i in bits(own))
    prey = sum(1 << points[i] for i in bits(other))
    return (hunters, prey, packed >> 2 * n & 3, packed >> (2 * n + 2) & 15, packed >> (2 * n + 6) & 1)


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
        "format": FORMAT,
        "game": GAME_ID,
        "variant": table.variant,
        "limit": table.limit,
        "points": list(table.points),
        "byteorder": sys.byteorder,
        "arrays": [[a.typecode, len(a)] for a in arrays],
        "size": len(body),
        "sha256": hashlib.sha256(body).hexdigest(),
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
        header = json.loads(data[len(MAGIC) : end])
        if not isinstance(header, dict):
            raise ValueError
    except (ValueError, RecursionError):
        raise TableFileError("its header cannot be read") from None
    if header.get("format") != FORMAT or header.get("game") != GAME_ID:
        raise TableFileError("it is of another format")
    if header.get("variant") != variant:
        raise TableFileError(
            Words("it is the table of another variant ({variant})", variant=str(header.get("variant"))[:40])
        )
    body = data[end + 1 :]
    if len(body) != header.get("size"):
        raise (
            TableFileError("it is truncated")
            if len(body) < _int(header.get("size"))
            else TableFileError("it has extra bytes")
        )
    digest = hashlib.sha256(body).hexdigest()
    if digest != header.get("sha256"):
        raise TableFileError("its contents do not match their checksum (damaged or edited)")
    try:
        game = game_for_variant(variant)
    except (ValueError, TypeError):
        raise TableFileError("it is the table of no variant of the game") from None
    try:
        table = _table_from(header, body, variant, game)
        check(table, game, int(digest[:16], 16))
    except TableFileError:
        raise
    except Exception:  # noqa: BLE001 - whatever a crafted file does, it is refused, never raised
        raise TableFileError("its contents cannot be checked") from None
    return table


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _count(value: object) -> int:
    """A count the header gives: a whole number from 0 to ``MAX_ENTRIES``, else refused."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_ENTRIES:
        raise TableFileError("its header gives values no table of this game has")
    return value


def _table_from(header: dict[str, Any], body: bytes, variant: str, game: Game) -> Table:
    """The arrays of ``body`` as ``header`` describes them, once the header is found to be this
    game's: its limit and points, a byte order, counts that are whole numbers in range."""
    try:
        shapes = [(str(code), length) for code, length in header["arrays"]][: MAX_ARRAYS + 1]
        limit, points, order = header["limit"], header["points"], header["byteorder"]
    except (KeyError, TypeError, ValueError):
        raise TableFileError("its header is incomplete") from None
    codes = [code for code, _ in shapes]
    if not 4 <= len(codes) <= MAX_ARRAYS or codes[:3] != ["q", "h", "q"] or set(codes[3:]) != {"h"}:
        raise TableFileError("its header describes no table")
    lengths = [_count(n) for _, n in shapes]
    rules_limit: int = game.limit  # type: ignore[attr-defined]
    board_points = list(game.board.points)  # type: ignore[attr-defined]
    if (
        type(limit) is not int
        or limit != rules_limit
        or points != board_points
        or order not in ("little", "big")
        or len(shapes) - 3 > (rules_limit + 1 if rules_limit else MAX_ARRAYS)
    ):
        raise TableFileError("its header gives values no table of this game has")
    expected = sum(ITEM_SIZES[code] * n for code, n in zip(codes, lengths))
    if expected > MAX_UNPACKED:
        raise TableFileError("its header gives values no table of this game has")
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(body, expected + 1)
    except zlib.error:
        raise TableFileError("its contents cannot be unpacked") from None
    if len(raw) != expected or not inflater.eof:
        raise TableFileError("its contents are not the size its header gives")
    arrays, at = [], 0
    for code, n in zip(codes, lengths):
        a = array(code)
        a.frombytes(raw[at : at + ITEM_SIZES[code] * n])
        if order != sys.byteorder:
            a.byteswap()
        arrays.append(a)
        at += ITEM_SIZES[code] * n
    pkeys, pvalues, keys, *layers = arrays
    if len(pkeys) != len(pvalues) or any(len(layer) != len(keys) for layer in layers):
        raise TableFileError("its arrays do not fit together")
    return Table(variant, limit, tuple(board_points), pkeys, pvalues, keys, layers)


# --- checking a table against the game -----------------------------------------------------------------
def check(table: Table, game: Game, seed: int = 0, sample: int = SAMPLE) -> None:
    """``TableFileError`` unless ``table`` holds ``game``'s positions in order with scores in
    range, its first layer (no move left before the draw) holds only draws and finished games'
    results, and it agrees with the rules on the start and ``sample`` positions picked by
    ``seed``: each one's score is the best of its moves' scores (a finished one's, its result).
    A flipped byte order, keys or scores edited, a layer dropped or moved, another limit's table:
    each breaks one of these (the first layers dropped leave every other layer one ply from the
    next as the rules have it: only the first layer tells). What the sample misses is caught
    where a value is looked up (``solver.move_scores`` checks the position against its moves the
    same way)."""
    n = len(table.points)
    for keys in (table.placement_keys, table.keys):
        if not keys or keys[0] < 0 or keys[-1] >> (2 * n + 7) or not _increasing(keys):
            raise TableFileError("its positions are out of order or off the board")
    for values in (table.placement_values, *table.layers):
        if not _within(values, -WIN, WIN):
            raise TableFileError("its scores are out of range")
    if table.layers and not _only_results(table.layers[0]):
        raise TableFileError("a value it gives does not agree with the rules")
    rng = random.Random(seed)
    start = game.new_initial_state()
    picks: list[tuple[int, int]] = [(table._pack(key_of(start)), 0)]
    for keys, moving in ((table.placement_keys, False), (table.keys, True)):
        for _ in range(sample // 2):
            quiet = rng.randrange(table.limit) if moving and table.limit else 0
            picks.append((keys[rng.randrange(len(keys))], quiet))
    for packed, quiet in picks:
        if not _agrees(table, game, packed, quiet):
            raise TableFileError("a value it gives does not agree with the rules")


#: entries looked at in one call: the checks run in the loader thread, and one call over a large
#: board's whole array would hold the interpreter for tens of milliseconds (a frame or two)
CHUNK = 1 << 16


def _increasing(keys: array[int]) -> bool:
    """Whether ``keys`` is strictly increasing, in chunks (see ``CHUNK``)."""
    return all(
        all(map(operator.lt, keys[i : i + CHUNK], keys[i + 1 : i + CHUNK + 1]))
        for i in range(0, len(keys), CHUNK)
    )


def _within(values: array[int], low: int, high: int) -> bool:
    """Whether every one of ``values`` is from ``low`` to ``high``, in chunks (see ``CHUNK``)."""
    return all(
        low <= min(part) and max(part) <= high
        for part in (values[i : i + CHUNK] for i in range(0, len(values), CHUNK))
    )


def _only_results(layer: array[int]) -> bool:
    """Whether every score of ``layer`` is a draw or a finished game's result (0, WIN, -WIN), in
    chunks (see ``CHUNK``): with no move left before the no-capture draw, nothing else can be."""
    results = {0, WIN, -WIN}
    return all(results.issuperset(layer[i : i + CHUNK]) for i in range(0, len(layer), CHUNK))


def _agrees(table: Table, game: Game, packed: int, quiet: int) -> bool:
    """Whether the table's score of one position, ``quiet`` plies after a capture, is what the
    rules give it from the table's scores of its moves (one ply solved again)."""
    from rules.hunt import HuntState  # the rules' own moves and endings, as the build uses

    key = unpack(table.points, packed)
    if key is None:
        return False
    own = table.score(key, quiet)
    state = HuntState(game, *key)  # type: ignore[arg-type]
    out = state.outcome()
    if out is not None:
        return own == (0 if out.winner is None else WIN if out.winner == key[4] else -WIN)
    best = None
    for move in state.legal_moves():
        state.apply(move)
        child = table.score(key_of(state), quiet + 1 if state.quiet_plies else 0)
        state.undo()
        if child is None:
            return False  # a position the rules reach is missing
        best = back(child) if best is None else max(best, back(child))
    return own is not None and own == best
