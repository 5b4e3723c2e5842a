"""The fast playouts of an older tree beside this one's, in one process: a CPU-time ratio.

Usage: python -m benchmarks.playouts_before_after [--before REV] [--seconds S] [--games ID ...] [--api]

The ``rules`` package of commit REV (``git archive``) is unpacked into a temporary directory
as ``rules_before`` (the package imports itself only relatively, so the two trees load side
by side), and every variant plays random games from its start through ``state.playout`` in
both trees, in turns (``api_speed.rates``: six slices each, CPU time), so that a change of
load falls on both alike. The same seed gives both trees the same games when their loops
draw the same random numbers; the plies per game are printed to show it.

``--api`` plays the games through the rules API instead (``legal_moves``, a random one,
``apply``, ``outcome``: ``api_speed.api_game``), what the UI and the tests go through, and adds
Ncuva (4 and 12 columns, its default rules) to the variants (``--games ncuva`` asks for it too).
"""

from __future__ import annotations

import argparse
import importlib
import io
import random
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
from benchmarks.api_speed import api_game, rates  # noqa: E402
from rules.battlehalma_games import VARIANTS as HALMA  # noqa: E402

#: (game id, options, label): the war games under every capture rule and board, the hunt
#: games, and every BattleHalma variant.
VARIANTS: list[tuple[str, dict[str, Any], str]] = [
    ("sixteen_soldiers", {}, "sixteen_soldiers"),
    ("sixteen_soldiers", {"board": "two-wing"}, "sixteen_soldiers two-wing"),
    ("sixteen_soldiers", {"board": "two-wing", "capture": "huff"}, "sixteen_soldiers two-wing huff"),
    ("peralikatuma", {}, "peralikatuma"),
    ("kotu_ellima", {}, "kotu_ellima"),
    ("kotu_ellima", {"capture": "huff"}, "kotu_ellima huff"),
    ("kotu_ellima", {"capture": "free"}, "kotu_ellima free"),
    ("cows_leopards", {}, "cows_leopards"),
    ("hat_diviyan_keliya", {}, "hat_diviyan_keliya"),
    ("hat_diviyan_keliya", {"board": "large"}, "hat_diviyan_keliya large"),
] + [("battlehalma", dict(opts), f"battlehalma {name}") for name, opts in HALMA.items()]
#: added with ``--api`` or ``--games ncuva`` (its playout loop has its own benchmark, ``ncuva_playouts``)
NCUVA: list[tuple[str, dict[str, Any], str]] = [
    ("ncuva", {"columns": 4}, "ncuva 4"),
    ("ncuva", {"columns": 12}, "ncuva 12"),
]


def load_before(rev: str, into: Path) -> ModuleType:
    """The ``rules`` package of ``rev``, imported as ``rules_before``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "rules"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "rules").rename(into / "rules_before")
    sys.path.insert(0, str(into))
    before = importlib.import_module("rules_before")
    registry = importlib.import_module("rules_before.registry")
    if hasattr(registry, "GAME_MODULES"):  # the lazy registry names its modules in full
        registry.GAME_MODULES = {
            game: module.replace("rules.", "rules_before.", 1)
            for game, module in registry.GAME_MODULES.items()
        }
    return before


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--before", default="827955b", help="the older commit (default: before issue 20's fast paths)"
    )
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per tree and variant")
    ap.add_argument("--games", nargs="*", help="game ids (default: the war, hunt and BattleHalma games)")
    ap.add_argument("--api", action="store_true", help="through legal_moves/apply, not state.playout")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        before = load_before(args.before, Path(tmp))
        print(
            f"before: {args.before}   after: the working tree   CPU seconds per tree and variant: "
            f"{args.seconds}"
            f"   games through: {'the API (legal_moves/apply)' if args.api else 'state.playout'}"
        )
        print(f"{'variant':<42} {'before g/s':>10} {'after g/s':>10} {'after/before':>13} {'plies b/a':>14}")
        total = [0.0, 0.0]
        ncuva = args.api or "ncuva" in (args.games or [])
        for game_id, options, name in VARIANTS + (NCUVA if ncuva else []):
            if args.games and game_id not in args.games:
                continue
            starts = [
                tree.load_game(game_id, **options).new_initial_state(random.Random(0))
                for tree in (before, rules)
            ]
            if args.api:
                loops = [lambda rng, s=s: api_game(s, rng) for s in starts]
            else:
                loops = [lambda rng, s=s: s.copy().playout(rng) for s in starts]
            (b, b_plies), (a, a_plies) = rates(loops, args.seconds)
            total[0] += 1 / b
            total[1] += 1 / a
            print(
                f"{name:<42} {b:>10.1f} {a:>10.1f} {a / b:>12.3f}x {b_plies:>6.1f}/{a_plies:<6.1f}",
                flush=True,
            )
        print(
            f"{'all variants (CPU time per game, summed)':<42} {'':>10} {'':>10} "
            f"{total[0] / total[1]:>12.3f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
