"""The one real entry point: ``main.py``, ``keliya.pyw`` and the installed ``keliya`` commands call it.

Nothing here imports pygame at module level, so a Python without the dependencies still reaches
``dependency_problem`` and can tell the person who double-clicked what to install.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

from rules import game_ids, game_spec

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

#: The one description of the games' origins (README, --help, pyproject and the title screen say the same).
TAGLINE = "Traditional board games of Sri Lanka, India and southern Africa"
NAME = "Keliya"
#: (module, pip package, imported to check): pygame is imported (the window needs it at once);
#: pymunk is only looked for, since the title first uses it after its first frame
REQUIRED = (("pygame", "pygame-ce", True), ("pymunk", "pymunk", False))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout: --list output is clean


def _bad_value(message: str) -> Exception:
    """argparse's error for a flag's value: imported only when a flag with a value is parsed."""
    import argparse

    return argparse.ArgumentTypeError(message)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise _bad_value(f"'{text}' is not a size like 1280x800") from None
    if w < 960 or h < 600:
        raise _bad_value(f"{w}x{h} is smaller than the smallest usable window, 960x600")
    return w, h


def _game(text: str) -> str:
    if text not in game_ids():
        raise _bad_value(f"unknown game '{text}' (games: {', '.join(game_ids())})")
    if dependency_problem() is None:
        from game.scenes.menu import playable_ids

        if text not in playable_ids():
            raise _bad_value(
                f"'{text}' cannot be played in the window yet (playable: {', '.join(playable_ids())})"
            )
    return text


def _volume(text: str) -> float:
    try:
        v = int(text)
    except ValueError:
        raise _bad_value(f"'{text}' is not a whole number from 0 to 100") from None
    if not 0 <= v <= 100:
        raise _bad_value(f"{v} is not between 0 and 100")
    return v / 100


def _lang(text: str) -> str:
    from game.i18n import LANGUAGES

    code = text.strip().lower()
    if code not in LANGUAGES:
        names = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise _bad_value(f"'{text}' is not a language Keliya speaks: {names}")
    return code


def build_parser() -> argparse.ArgumentParser:
    import argparse  # here: a launch with no flag, or only the switches below, never builds the parser

    ap = argparse.ArgumentParser(
        prog="keliya",
        description=(
            f"{NAME}: {TAGLINE[0].lower()}{TAGLINE[1:]}. "
            "Ctrl+Q or the window's close button quits from every screen; Esc steps back."
        ),
    )
    ap.add_argument("--list", action="store_true", help="list the games and their options, then exit")
    ap.add_argument(
        "--size",
        type=_size,
        default=None,
        metavar="WxH",
        help="window size (default: the last one used, first 1280x800; at least 960x600)",
    )
    ap.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    ap.add_argument("--game", type=_game, metavar="ID", help="open the setup screen of this game directly")
    ap.add_argument("--mute", action="store_true", help="no sound")
    ap.add_argument(
        "--lang",
        type=_lang,
        default=None,
        metavar="CODE",
        help="the language: en (English), si (Sinhala), ta (Tamil) or bn (Bengali); "
        "default: the one chosen last, else the system's",
    )
    ap.add_argument(
        "--volume",
        type=_volume,
        default=None,
        metavar="0-100",
        help="sound volume (default: the saved setting, first 80)",
    )
    ap.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help="save a picture of every scene at 1280x800 and 960x600 into DIR, then exit "
        "(a source checkout only: the tool is not installed with the app)",
    )
    ap.add_argument(
        "--analyse",
        metavar="FILE",
        help="look the game in FILE (saved, exported or copied as text; '-' reads it from "
        "standard input) over with the engine: each move and its verdict, then exit",
    )
    ap.add_argument("--json", action="store_true", help="with --analyse: print the verdicts as JSON")
    ap.add_argument(
        "--exit-after-first-frame",
        action="store_true",
        help="draw the first frame, print 'first-frame <unix time>' and exit (start-up benchmark)",
    )
    return ap


#: the switches a window launch may carry (no value, nothing to check): a command line of these
#: alone, spelt out in full, is read without argparse, which with its parser costs a launch about
#: 6 ms before the first frame (issue 29, item 5); anything else (``--help``, a value, an
#: abbreviation, a typo) goes to ``build_parser``, which says what it says about it
WINDOW_SWITCHES = ("--fullscreen", "--mute", "--exit-after-first-frame")
#: what ``build_parser().parse_args`` gives for a window launch with no flag
WINDOW_DEFAULTS = {
    "list": False,
    "size": None,
    "fullscreen": False,
    "game": None,
    "mute": False,
    "lang": None,
    "volume": None,
    "screenshots": None,
    "analyse": None,
    "json": False,
    "exit_after_first_frame": False,
}


def window_switches(argv: list[str]) -> SimpleNamespace | None:
    """The flags of ``argv`` if it holds only ``WINDOW_SWITCHES`` (or nothing), as ``parse_args``
    reads them; None for any other command line."""
    if not set(argv) <= set(WINDOW_SWITCHES):
        return None
    args = SimpleNamespace(**WINDOW_DEFAULTS)
    for switch in argv:
        setattr(args, switch.removeprefix("--").replace("-", "_"), True)
    return args


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


# --- missing dependencies ------------------------------------------------------------------------
def dependency_problem() -> str | None:
    """Why the window cannot open on this Python (a message for a person), or None if it can.

    A module not imported to check is only looked for: importing pymunk here would cost every
    launch its import before the window opens, and the title needs it only later (issue 29, item 5)."""
    missing = []
    for module, package, imported in REQUIRED:
        try:
            if imported:
                __import__(module)
            elif importlib.util.find_spec(module) is None:
                raise ImportError(f"No module named '{module}'")
        except ImportError as e:
            missing.append((package, e))
    if not missing:
        return None
    packages = " ".join(p for p, _ in missing)
    reasons = "; ".join(f"{p}: {e}" for p, e in missing)
    return (
        f"{NAME} cannot start: this Python ({sys.executable}) lacks {packages} ({reasons}).\n\n"
        f"Install them, then start {NAME} again:\n"
        f"    {Path(sys.executable).name} -m pip install {packages}\n"
        f"or, in the {NAME} folder, follow README.md:  pip install -e ."
    )


def _show_dialog(message: str) -> bool:
    """A tkinter message box, for whoever double-clicked and has no terminal; False if none can open."""
    try:
        import tkinter
        from tkinter import messagebox

        root = tkinter.Tk()
        root.withdraw()
        messagebox.showerror(f"{NAME} cannot start", message, parent=root)
        root.destroy()
        return True
    except Exception:  # noqa: BLE001 - no tkinter, no display: stderr must do
        return False


def report_problem(message: str, dialog=_show_dialog) -> None:
    """Say ``message`` on stderr (when there is one) and, unless a terminal is attached, in a window."""
    stderr = sys.stderr
    if stderr is not None:
        print(message, file=stderr)
    attended = stderr is not None and hasattr(stderr, "isatty") and stderr.isatty()
    if not attended and os.environ.get("KELIYA_NO_DIALOG") != "1":
        dialog(message)


# --- running ---------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    """Parse the flags and run: the function behind ``keliya``, ``main.py`` and ``keliya.pyw``."""
    if getattr(sys, "frozen", False):
        helper = _frozen_helper(sys.argv[1:] if argv is None else argv)
        if helper is not None:
            return helper
    plain = window_switches(sys.argv[1:] if argv is None else argv)
    if plain is not None:  # the window and its switches: what the parser would give, without it
        problem = dependency_problem()
        if problem is not None:
            report_problem(problem)
            return 1
        return _run_window(plain)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.json and args.analyse is None:
        parser.error("--json goes with --analyse FILE")  # exits 2, as every usage error does
    if args.list:
        print(list_games())
        return 0
    if args.analyse is not None:  # no window and no pygame: works on a server too
        from game.annotate import main as analyse_main

        return analyse_main(args.analyse, as_json=args.json)
    problem = dependency_problem()
    if problem is not None:
        report_problem(problem)
        return 1
    if args.screenshots is not None:
        save_screenshots = _screenshot_tool()
        if save_screenshots is None:
            report_problem(NEEDS_CHECKOUT.format(flag="--screenshots"))
            return 2
        files = save_screenshots(args.screenshots, language=args.lang or "en")
        print(f"saved {len(files)} screenshots in {args.screenshots}")
        return 0
    return _run_window(args)


#: what a flag that runs development tooling says where that tooling is not installed
NEEDS_CHECKOUT = (
    f"{{flag}} needs a source checkout of {NAME} (its tools/ folder, which an installed copy and the "
    "standalone app leave out): run python main.py {flag} there"
)


def _screenshot_tool() -> Callable[..., list[Path]] | None:
    """``tools.shots.save_screenshots``, or None where ``tools`` is not there (a wheel, the standalone
    app): it ships with the source only. A failure inside the tool itself is not hidden."""
    try:
        from tools.shots import save_screenshots
    except ModuleNotFoundError as e:
        if e.name in ("tools", "tools.shots"):
            return None
        raise
    return save_screenshots


def _frozen_helper(argv: list[str]) -> int | None:
    """In the standalone app ``sys.executable`` is Keliya itself: serve the two ways the app
    starts helpers of its own (the AI worker via multiprocessing, the solver via ``-m``)."""
    import multiprocessing

    multiprocessing.freeze_support()  # returns at once unless this process is a worker
    if len(argv) >= 2 and argv[0] == "-m" and argv[1].startswith("game."):
        import runpy

        sys.argv = [argv[1], *argv[2:]]
        try:
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        except SystemExit as done:
            return done.code if isinstance(done.code, int) else 0
        return 0
    return None


def _run_window(args: argparse.Namespace | SimpleNamespace) -> int:
    from game import settings as user_settings
    from game import theme
    from game.app import App, fit_to_screen
    from game.scenes.title import TitleScene

    saved = user_settings.current()  # a bad settings file is reported on the title screen
    user_settings.start_language(args.lang)
    theme.set_palette(saved.palette)
    app = App(
        args.size or fit_to_screen(saved.window),
        fullscreen=args.fullscreen or saved.fullscreen,
        sound=not args.mute and saved.sound,
        volume=saved.volume if args.volume is None else args.volume,
    )
    if args.exit_after_first_frame:

        def stamp_and_quit() -> None:
            print(f"first-frame {time.time():.6f}", flush=True)
            app.quit()

        app.on_first_frame = stamp_and_quit
    try:
        if args.game:
            from game.scenes.menu import MenuScene, playable_ids  # only here: the title needs neither
            from game.scenes.setup import SetupScene

            app.manager.push(TitleScene(app))
            app.manager.push(MenuScene(app, playable_ids().index(args.game)))
            app.run(SetupScene(app, args.game))
        else:
            app.run(TitleScene(app))
    finally:  # the window as the player left it, for next time
        user_settings.update(
            window=app.windowed_size if not app.fullscreen else saved.window, fullscreen=app.fullscreen
        )
    return 0


def gui_main() -> int:
    """The GUI entry point (``keliya-gui``; no console on Windows): the same as ``main``."""
    return main()
