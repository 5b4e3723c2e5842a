"""Keliya: double-click to play, or run ``python main.py --help`` for the command-line flags."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules import game_ids, game_spec  # noqa: E402


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1280x800") from None
    if w < 960 or h < 600:
        raise argparse.ArgumentTypeError(f"{w}x{h} is smaller than the smallest usable window, 960x600")
    return w, h


def _game(text: str) -> str:
    from game.scenes.menu import playable_ids

    if text not in game_ids():
        raise argparse.ArgumentTypeError(f"unknown game '{text}' (games: {', '.join(game_ids())})")
    if text not in playable_ids():
        raise argparse.ArgumentTypeError(f"'{text}' cannot be played in the window yet "
                                         f"(playable: {', '.join(playable_ids())})")
    return text


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="keliya",
        description="Keliya: traditional board games of South Asia and Africa.",
    )
    ap.add_argument("--list", action="store_true", help="list the games and their options, then exit")
    ap.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH",
                    help="window size (default 1280x800, at least 960x600)")
    ap.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    ap.add_argument("--game", type=_game, metavar="ID", help="open the setup screen of this game directly")
    ap.add_argument("--mute", action="store_true", help="no sound")
    ap.add_argument("--screenshots", type=Path, metavar="DIR",
                    help="save a picture of every scene at 1280x800 and 960x600 into DIR, then exit")
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
    if args.screenshots is not None:
        from game.screenshots import save_screenshots

        files = save_screenshots(args.screenshots)
        print(f"saved {len(files)} screenshots in {args.screenshots}")
        return 0
    try:
        from game.app import App
        from game.scenes.menu import MenuScene, playable_ids
        from game.scenes.setup import SetupScene
        from game.scenes.title import TitleScene
    except ImportError as e:  # double-clicked with a Python that lacks the dependencies
        print(f"Keliya cannot start: {e}.\nInstall it first (see README.md): pip install -e .", file=sys.stderr)
        return 1

    app = App(args.size, fullscreen=args.fullscreen, sound=not args.mute)
    if args.game:
        app.manager.push(TitleScene(app))
        app.manager.push(MenuScene(app, playable_ids().index(args.game)))
        app.run(SetupScene(app, args.game))
    else:
        app.run(TitleScene(app))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
