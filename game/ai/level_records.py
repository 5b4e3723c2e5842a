"""What the levels measured against each other, game by game, as the setup screen tells a player.

Each record is one arena match between two levels (``python -m training.arena GAME A B --record``)
as the app plays them, at their own clocks or a stated fraction of them (``--clock F``): the game,
its rules options, the two levels, the fraction, and A's wins, draws and losses, in all and (newer
records) by the side A played: in a hunt each side is a game of its own. The records ship in
``level_records.json`` beside this module, written only by the arena, so the sentence a player reads
("Against Hard in this game: won 12, drew 20, lost 8 of 40 games") is a match that was played.

Kept apart from the search (as ``level_names`` is): the setup screen reads it without importing it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rules.words import Words

from .level_names import LEVEL_WORDS

RECORDS_FILE = Path(__file__).with_name("level_records.json")
FIELDS = ("game", "options", "a", "b", "clock", "wins", "draws", "losses")  # every record has these
Counts = tuple[int, int, int]  # wins, draws, losses


@dataclass(frozen=True)
class Record:
    """One match: ``a``'s wins, draws and losses against ``b`` in ``game`` with ``options`` (only
    those set away from the defaults), both levels at ``clock`` times their own clocks."""

    game: str
    options: dict[str, str]
    a: str
    b: str
    clock: float
    wins: int
    draws: int
    losses: int
    #: A's wins, draws and losses playing the first side and playing the second (None: not kept)
    by_side: tuple[Counts, Counts] | None = None

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def seen_by(self, level: str) -> tuple[str, int, int, int] | None:
        """(the other level, wins, draws, losses) from ``level``'s side; None if it did not play."""
        if level == self.a:
            return self.b, self.wins, self.draws, self.losses
        if level == self.b:
            return self.a, self.losses, self.draws, self.wins
        return None

    def seen_by_side(self, level: str, side: int) -> tuple[str, int, int, int] | None:
        """(the other level, wins, draws, losses) from ``level``'s side in the games it played
        ``side`` (0 or 1); None if it did not play, or the record does not keep its sides."""
        if self.by_side is None:
            return None
        if level == self.a:
            return (self.b, *self.by_side[side])
        if level == self.b:
            wins, draws, losses = self.by_side[1 - side]
            return self.a, losses, draws, wins
        return None


def _record(raw: Any) -> Record:
    """A record read from the file, every field checked (ValueError names what is wrong)."""
    if not isinstance(raw, dict) or set(raw) - {"by_side"} != set(FIELDS):
        raise ValueError(f"a record needs exactly the fields {sorted(FIELDS)} (and by_side): {raw!r}")
    wins, draws, losses = counts = [raw[k] for k in ("wins", "draws", "losses")]
    if not all(type(n) is int and n >= 0 for n in counts) or sum(counts) == 0:
        raise ValueError(f"a record's wins, draws and losses are counts, at least one game: {raw!r}")
    by_side = _by_side(raw, counts)
    if raw["a"] not in LEVEL_WORDS or raw["b"] not in LEVEL_WORDS or raw["a"] == raw["b"]:
        raise ValueError(f"a record is between two different levels ({', '.join(LEVEL_WORDS)}): {raw!r}")
    clock = raw["clock"]
    if type(clock) not in (int, float) or not 0 < clock <= 1:
        raise ValueError(f"a record's clock is a fraction of the app's, above 0 and at most 1: {raw!r}")
    options = raw["options"]
    if not isinstance(raw["game"], str) or not isinstance(options, dict):
        raise ValueError(f"a record names its game and its options: {raw!r}")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise ValueError(f"a record's options are names and values in words: {raw!r}")
    return Record(raw["game"], dict(options), raw["a"], raw["b"], float(clock), wins, draws, losses, by_side)


def _by_side(raw: dict[str, Any], counts: list[int]) -> tuple[Counts, Counts] | None:
    """A record's counts by side, checked: two sides' wins, draws and losses adding up to its own."""
    if "by_side" not in raw:
        return None
    sides = raw["by_side"]

    def is_counts(c: Any) -> bool:
        return isinstance(c, list) and len(c) == 3 and all(type(n) is int and n >= 0 for n in c)

    shape = isinstance(sides, list) and len(sides) == 2 and all(is_counts(c) for c in sides)
    if not shape or [x + y for x, y in zip(*sides, strict=True)] != counts:
        raise ValueError(f"a record's counts by side are two sides' results adding up to its own: {raw!r}")
    first, second = (tuple(c) for c in sides)
    return first, second


def load(path: Path | None = None) -> list[Record]:
    """Every record in ``path`` (None: the shipped file; none if there is no file); ValueError for a
    file that is not a list of records."""
    path = path or RECORDS_FILE
    if not path.is_file():
        return []
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise ValueError(f"{path.name} holds a list of records")
    return [_record(r) for r in raw]


def save(records: list[Record], path: Path | None = None) -> None:
    """``records`` written as the file's list, one per match, in a stable order (a reviewable diff)."""
    path = path or RECORDS_FILE
    ordered = sorted(records, key=lambda r: (r.game, sorted(r.options.items()), r.a, r.b, r.clock))
    path.write_text(json.dumps([_raw(r) for r in ordered], indent=1) + "\n", encoding="utf-8")


def _raw(record: Record) -> dict[str, Any]:
    """``record`` as the file holds it (no by_side where none was kept)."""
    raw = asdict(record)
    if record.by_side is None:
        del raw["by_side"]
    else:
        raw["by_side"] = [list(c) for c in record.by_side]
    return raw


def put(record: Record, path: Path | None = None) -> None:
    """``record`` added to the file, in place of an earlier match between the same two levels in the
    same game and options at the same clock (the newest measurement stands)."""

    def same(r: Record) -> bool:
        mine = (record.game, record.options, {record.a, record.b}, record.clock)
        return (r.game, r.options, {r.a, r.b}, r.clock) == mine

    save([r for r in load(path) if not same(r)] + [record], path)


def records_for(game: str, options: dict[str, Any], level: str, path: Path | None = None) -> list[Record]:
    """The matches ``level`` played in ``game`` under exactly these rules (``options`` as the setup
    holds them: a record's options over the game's defaults must equal them)."""
    from rules import game_spec

    spec = game_spec(game)
    rules = spec.resolve_options(options)
    found = []
    for r in load(path):
        if r.game != game or r.seen_by(level) is None:
            continue
        try:
            same_rules = spec.resolve_options(r.options) == rules
        except ValueError:  # an option the game no longer has: that match was another game's rules
            continue
        if same_rules:
            found.append(r)
    return found


def record_words(record: Record, level: str, sides: Sequence[tuple[int, str]] = ()) -> list[Words]:
    """What a player reads of ``record`` from ``level``'s side: the result, and the clocks if the
    match was played at a fraction of the app's. ``sides``: (side, its name) for each side ``level``
    plays where a side is a game of its own (a hunt): the result of the games it played that side
    alone, where the record keeps them."""
    seen = record.seen_by(level)
    if seen is None:
        return []
    words = []
    for side, name in sides:
        by_side = record.seen_by_side(level, side)
        if by_side is not None:
            other, wins, draws, losses = by_side
            words.append(
                Words.counted(
                    "Playing {side} against {level}: won {wins}, drew {draws}, lost {losses} of {n} game.",
                    "Playing {side} against {level}: won {wins}, drew {draws}, lost {losses} of {n} games.",
                    wins + draws + losses,
                    side=name,
                    level=LEVEL_WORDS[other][0],
                    wins=wins,
                    draws=draws,
                    losses=losses,
                )
            )
    if not words:
        other, wins, draws, losses = seen
        words.append(
            Words.counted(
                "Against {level} in this game: won {wins}, drew {draws}, lost {losses} of {n} game.",
                "Against {level} in this game: won {wins}, drew {draws}, lost {losses} of {n} games.",
                record.games,
                level=LEVEL_WORDS[other][0],
                wins=wins,
                draws=draws,
                losses=losses,
            )
        )
    if record.clock < 1:
        words.append(Words("Both thought {percent}% as long as in play.", percent=round(record.clock * 100)))
    return words
