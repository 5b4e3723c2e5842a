"""The levels' ladder in one table: every match the setup screen quotes, game by game.

Usage::

    python -m benchmarks.level_table [--records FILE]

Reads the shipped records (``game/ai/level_records.json``, written only by ``python -m
training.arena GAME A B --record``) and prints one markdown row per match: the game and its rules
away from the defaults, the two levels, the fraction of the app's clocks they played at, the
stronger level's wins, draws and losses, its score with a 95% interval and playing each side
(where the record keeps its sides: a hunt's sides are games of their own), and the sentence a player
reads ("Expert beats Hard about 8 games in 10"). RESULTS.md's ladder is this output, so the table
and the file the app reads cannot drift apart.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.ai.level_records import Record, load
from game.ai.levels import LEVELS
from rules import load_game
from rules.registry import game_name
from training.arena import interval

HEADER = (
    "| game | rules | levels | clocks | W–D–L | score | 95% interval | by side | as a player reads it |\n"
    "|---|---|---|---:|---|---:|---|---|---|"
)
RANK = {name: i for i, name in enumerate(LEVELS)}  # easiest first


def upward(record: Record) -> Record:
    """``record`` from the stronger level's side (the higher in the ladder), so every row reads up."""
    stronger = max(record.a, record.b, key=RANK.__getitem__)
    seen = record.seen_by(stronger)
    assert seen is not None  # the stronger level is one of the two
    by_side = None
    if record.by_side is not None:
        first, second = (record.seen_by_side(stronger, side) for side in (0, 1))
        assert first is not None and second is not None
        by_side = (first[1:], second[1:])
    return Record(record.game, record.options, stronger, *seen[:1], record.clock, *seen[1:], by_side)


def tenths(counts: tuple[int, ...]) -> tuple[int, ...]:
    """``counts`` as whole games in 10 that add up to 10 (the largest remainders rounded up)."""
    total = sum(counts)
    exact = [10 * n / total for n in counts]
    whole = [int(x) for x in exact]
    by_remainder = sorted(range(len(counts)), key=lambda i: whole[i] - exact[i])
    for i in by_remainder[: 10 - sum(whole)]:
        whole[i] += 1
    return tuple(whole)


def reading(record: Record) -> str:
    """What the row means to a player ("Expert beats Hard about 8 games in 10"), with the draws and
    losses when there are any, in whole games out of 10 that add up to 10."""
    won, drawn, lost = tenths((record.wins, record.draws, record.losses))
    upper, lower = record.a.capitalize(), record.b.capitalize()
    rest = [f"draws {drawn}" if drawn else "", f"loses {lost}" if lost else ""]
    tail = " and ".join(x for x in rest if x)
    head = f"about {won} game{'' if won == 1 else 's'} in 10" if won else "in under 1 game in 10"
    return f"{upper} beats {lower} {head}" + (f"; {tail}" if tail else "")


def score(wins: int, draws: int, losses: int) -> float:
    """The share of the points: a draw is half a win."""
    return (wins + draws / 2) / (wins + draws + losses)


def sides_cell(record: Record) -> str:
    """A's score playing each side ("Leopards 32.5%, Cows 85.0%"); a dash where the record does
    not keep its sides (a side with no game: a dash for that side)."""
    if record.by_side is None:
        return "—"
    names = load_game(record.game, **record.options).sides
    return ", ".join(
        f"{name} {score(*counts):.1%}" if sum(counts) else f"{name} —"
        for name, counts in zip(names, record.by_side, strict=True)
    )


def row(record: Record) -> str:
    r = upward(record)
    mean, low, high = interval([1.0] * r.wins + [0.5] * r.draws + [0.0] * r.losses)
    rules = ", ".join(f"{k}={v}" for k, v in sorted(r.options.items())) or "defaults"
    return (
        f"| {game_name(r.game)} | {rules} | {r.a.capitalize()}–{r.b.capitalize()} | ×{r.clock:g} "
        f"| {r.wins}–{r.draws}–{r.losses} | {mean:.1%} | {low:.1%}–{high:.1%} | {sides_cell(r)} "
        f"| {reading(r)} |"
    )


def table(records: list[Record]) -> str:
    ordered = sorted(
        (upward(r) for r in records),
        key=lambda r: (game_name(r.game), sorted(r.options.items()), -RANK[r.a], -RANK[r.b], r.clock),
    )
    return "\n".join([HEADER, *(row(r) for r in ordered)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.level_table", description=__doc__.split("\n")[0])
    ap.add_argument("--records", type=Path, default=None, help="a records file (default: the shipped one)")
    args = ap.parse_args(argv)
    try:
        records = load(args.records)
    except (OSError, ValueError) as exc:  # a file that is not the records: say so, in one line
        ap.error(f"cannot read the records: {exc}")
    print(table(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
