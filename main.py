"""Keliya: double-click to play, or run ``python main.py --help`` for the command-line flags."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules import game_ids, game_spec  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="keliya",
        description="Keliya: traditional board games of South Asia and Africa.",
    )
    ap.add_argument("--list", action="store_true", help="list the games and their options, then exit")
    return ap


def list_games() -> str:
    lines = []
    for gid in game_ids():
        spec = game_spec(gid)
        lines.append(f"{gid:<20} {spec.name} — {spec.description}")
        for opt in spec.options:
            choices = "/".join(str(c) for c in opt.choices)
            if len(opt.choices) > 8:
                choices = f"{opt.choices[0]}..{opt.choices[-1]}"
            house = " (house rule)" if opt.house_rule else ""
            lines.append(f"{'':<22}{opt.name}={choices} (default {opt.default}){house}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.list:
        print(list_games())
        return 0
    print("The Keliya window is not built yet: the rules library and its tests are in place.\n"
          "Run 'python main.py --list' to see the games.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
