"""Writes the golden games (tests/data/golden/): whole games of every game and variant, recorded
ply by ply, that ``tests/test_golden_games.py`` replays through the rules API and through every
fast playout path after every change.

    python scripts/make_golden_games.py [--out DIR] [VARIANT ...]

Seeded: the same rules give byte-identical files (with no VARIANT, every file; ``--list`` names
them). Each variant's games are fixed below as (policy, seed, options over the variant's): a
random game, a greedy (capture-preferring) one, and one for each ending the variant reaches,
each the shortest such game among the first 60 seeds of each policy (250 for a war game's
blocked side, 400 for the small Hat Diviyan board's limit; a "squeeze" policy plays for a
blocked side, see ``tests/golden.py``). A
change to the rules that alters a recorded game makes the test fail; when the change is meant,
run this again and read the difference (``git diff tests/data/golden``) before committing it.
No recorded sowing makes more than ``tests.golden.MOST_LIFTS`` lifts, so Ncuva's long-sowing
limit may change without changing these files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.golden import GOLDEN, GoldenGame, record, write_file  # noqa: E402

#: plies after which a recorded game is cut (the games that reach it are few and said so)
CAP = 400


class Game(NamedTuple):
    """One golden game: how it is played, and any options over its variant's."""

    policy: str
    seed: int
    options: dict[str, Any] = {}


class Variant(NamedTuple):
    game_id: str
    options: dict[str, Any]
    games: tuple[Game, ...]


def _war(game_id: str, board: dict[str, Any], rule: str, *games: Game) -> tuple[str, Variant]:
    stem = "-".join([game_id] + (["two-wing"] if board else []) + [rule])
    return stem, Variant(game_id, {**board, "capture": rule}, games)


def _hunt(game_id: str, options: dict[str, Any], *games: Game) -> tuple[str, Variant]:
    return "-".join([game_id] + (["large"] if options else [])), Variant(game_id, options, games)


def _halma(rule: str, size: int, counters: int, *games: Game) -> tuple[str, Variant]:
    options = {"rule": rule, "size": size, "counters": counters}
    return f"battlehalma-{size}x{size}-{rule}-{counters}", Variant("battlehalma", options, games)


def _ncuva(columns: int, options: dict[str, Any], *games: Game) -> tuple[str, Variant]:
    words = [
        f"{v}" if k == "after_capture" or k == "start" else k.replace("_", "-") for k, v in options.items()
    ]
    return "-".join(["ncuva", str(columns)] + words), Variant("ncuva", {"columns": columns, **options}, games)


R, G, S1, S2 = "random", "greedy", "squeeze-first", "squeeze-second"

VARIANTS: dict[str, Variant] = dict(
    [
        _war(
            "sixteen_soldiers", {}, "forced", Game(R, 7), Game(G, 39), Game(R, 34), Game(G, 20, {"target": 8})
        ),
        _war("sixteen_soldiers", {}, "huff", Game(R, 40), Game(G, 39)),
        _war("sixteen_soldiers", {}, "free", Game(R, 15), Game(G, 39), Game(S1, 180, {"limit": "off"})),
        _war("sixteen_soldiers", {"board": "two-wing"}, "forced", Game(R, 6), Game(G, 8), Game(G, 40)),
        _war(
            "sixteen_soldiers",
            {"board": "two-wing"},
            "huff",
            Game(R, 2),
            Game(G, 8),
            Game(G, 36, {"target": 8}),
        ),
        _war("sixteen_soldiers", {"board": "two-wing"}, "free", Game(R, 55), Game(G, 8)),
        _war(
            "peralikatuma",
            {},
            "forced",
            Game(R, 40),
            Game(G, 18),
            Game(S1, 20),
            Game(R, 2, {"first": "north"}),
        ),
        _war("peralikatuma", {}, "huff", Game(R, 29), Game(G, 18), Game(S1, 42), Game(S1, 28)),
        _war("peralikatuma", {}, "free", Game(R, 19), Game(G, 18), Game(S1, 11), Game(S1, 101)),
        _war("kotu_ellima", {}, "forced", Game(R, 51), Game(G, 54), Game(S2, 58)),
        _war("kotu_ellima", {}, "huff", Game(R, 23), Game(G, 54), Game(S1, 41), Game(S1, 32)),
        _war("kotu_ellima", {}, "free", Game(R, 15), Game(G, 54), Game(S1, 26)),
        _hunt(
            "cows_leopards", {}, Game(R, 6), Game(G, 5), Game(S2, 41), Game(S2, 46), Game(G, 1, {"target": 8})
        ),
        _hunt("hat_diviyan_keliya", {}, Game(R, 40), Game(G, 0), Game(R, 195)),
        _hunt(
            "hat_diviyan_keliya",
            {"board": "large"},
            Game(R, 0),
            Game(G, 20),
            Game(S2, 47),
            Game(S1, 38),
            Game(G, 1, {"large_left": 4}),
        ),
        _halma("promotion", 8, 10, Game(R, 32), Game(G, 41), Game(R, 34)),
        # every random game here runs to the no-capture limit: the one kept is half random
        _halma("promotion", 10, 15, Game(G, 14), Game(S2, 51)),
        _halma("terminal", 8, 6, Game(R, 36), Game(G, 44), Game(S1, 43)),
        _halma("terminal", 10, 10, Game(R, 58), Game(G, 31), Game(G, 58)),
        _halma("promotion", 8, 3, Game(R, 5), Game(G, 1), Game(S2, 6)),
        _ncuva(
            4,
            {},
            Game(R, 27),
            Game(G, 5),
            Game(R, 10),
            Game(R, 53),
            Game(R, 5, {"first": "north"}),
            Game(G, 3, {"first": "south"}),
        ),
        _ncuva(6, {}, Game(R, 4), Game(G, 23), Game(S2, 0), Game(S1, 30)),
        _ncuva(8, {}, Game(R, 18), Game(G, 27), Game(S1, 46)),
        _ncuva(12, {}, Game(R, 55), Game(G, 37), Game(S2, 19), Game(R, 14)),
        _ncuva(4, {"after_capture": "sow-again"}, Game(R, 19), Game(G, 1), Game(R, 22), Game(G, 19)),
        _ncuva(8, {"after_capture": "sow-again"}, Game(R, 18), Game(G, 57)),
        _ncuva(4, {"start": "even"}, Game(R, 45), Game(G, 2), Game(S1, 40), Game(R, 37), Game(R, 21)),
        _ncuva(6, {"start": "even", "after_capture": "sow-again"}, Game(R, 8), Game(G, 46), Game(G, 47)),
        _ncuva(4, {"only_two": "on"}, Game(R, 27), Game(G, 5), Game(R, 10), Game(G, 2), Game(S1, 12)),
        _ncuva(8, {"only_two": "on"}, Game(R, 18), Game(G, 27), Game(S1, 46), Game(S2, 5), Game(S1, 17)),
    ]
)


def games_of(stem: str) -> list[GoldenGame]:
    """The recorded games of the variant ``stem``."""
    variant = VARIANTS[stem]
    return [
        record(variant.game_id, {**variant.options, **g.options}, g.policy, g.seed, CAP)
        for g in variant.games
    ]


def write_variant(stem: str, folder: Path) -> Path:
    """Record the variant ``stem`` and write its file into ``folder``; the file's path."""
    variant = VARIANTS[stem]
    options = " ".join(f"{k}={v}" for k, v in variant.options.items()) or "the default options"
    header = [
        f"Golden games of {variant.game_id}, {options}: recorded plies that the rules and every fast",
        "playout path must reproduce (tests/test_golden_games.py). Do not edit: regenerate with",
        "    python scripts/make_golden_games.py " + stem,
        "A game: 'game' + the head of its position texts | how it was played; a line per ply: the",
        "position before it (the text after the head) | legal moves | the move | its effects;",
        "'end' + the final position | winner | ending | reason (or 'cut' + position | plies played).",
    ]
    path = folder / f"{stem}.txt"
    write_file(path, header, games_of(stem))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", help="the variants to write (default: all)")
    parser.add_argument("--out", type=Path, default=GOLDEN, help="the folder to write into")
    parser.add_argument("--list", action="store_true", help="name the variants and stop")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(VARIANTS))
        return 0
    unknown = [v for v in args.variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant(s) {', '.join(unknown)}: see --list")
    args.out.mkdir(parents=True, exist_ok=True)
    for stem in args.variants or VARIANTS:
        path = write_variant(stem, args.out)
        print(
            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size:,} bytes"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
