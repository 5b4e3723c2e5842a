"""Settings that persist between launches: sound and volume, animation speed, showing legal
moves, turning the board for pass and play, the colour-blind palette, the window, and the last
setup of every game. Kept as JSON in the user's config directory (``userfiles``).

Read key by key: a value that is not what the setting takes resets that setting alone and the
message names it (one bad value never costs the others); a file that cannot be read at all is
reported and moved aside. Written by merging: a change is laid over what is on disk at that
moment, so two Keliya windows never undo each other's other settings, and the write itself
cannot tear (``userfiles.write_text_atomically``). A save that fails says why and what to do
(the settings stay in force until Keliya closes); a file that cannot be moved aside (a
read-only folder) is never said to have been moved.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from rules.words import N_, Words, listing, words_of

from .i18n import LANGUAGES, problem, said_together, set_language, system_language
from .userfiles import (
    MAX_SETTINGS_BYTES,
    UserFileError,
    clean_leftovers,
    config_dir,
    read_text_capped,
    save_problem,
    set_aside,
    write_text_atomically,
)

#: animation speed names and their factors (0: moves appear at once)
SPEEDS = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.5}  # in the order the screen offers them
#: each speed's name on screen (a setting's value stays the English key)
SPEED_WORDS = {"off": N_("off"), "slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast")}
#: each palette's name on screen
PALETTE_WORDS = {"standard": N_("Standard"), "colour-blind": N_("Colour blind")}
PALETTES = ("standard", "colour-blind")
MIN_WINDOW = (960, 600)
MAX_WINDOW = (7680, 4320)  # no screen is larger; the launch clamps to the real screen too
SETUP_KEYS = {"options", "mode", "human_side", "level", "level2"}
MAX_SETUPS = 100
MAX_FOLDER_TEXT = 4096  # the longest path a system allows


@dataclass
class Settings:
    sound: bool = True
    volume: float = 0.8
    animation: str = "normal"
    show_legal: bool = True
    rotate: bool = False  # pass and play: the player to move sits at the bottom
    palette: str = "standard"
    fullscreen: bool = False
    window: tuple[int, int] = (1280, 800)
    language: str = ""  # a code of i18n.LANGUAGES; '' follows the system's language
    last_folder: str = ""  # where the file browser was last left ('' never used: it starts elsewhere)
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> last setup

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.animation, 1.0)

    def checked(self) -> Settings:
        """The same settings with every value forced into its allowed range (after a change in
        the app; values read from a file go through ``VALIDATORS`` first)."""
        defaults = Settings()
        for name, check in VALIDATORS.items():
            try:
                setattr(self, name, check(getattr(self, name)))
            except ValueError:
                setattr(self, name, getattr(defaults, name))
        return self


# --- one check per setting: the value as the setting takes it, or ValueError -----------------------
TRUE_WORDS, FALSE_WORDS = {"true", "on", "yes", "1"}, {"false", "off", "no", "0"}


def as_bool(value: Any) -> bool:
    """A JSON true/false (also 0/1 and the words on/off, yes/no, true/false): never the truth of
    a string, so "false" is false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in TRUE_WORDS | FALSE_WORDS:
        return value.strip().lower() in TRUE_WORDS
    raise ValueError("not on or off")


def as_number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError("not a number")
    return float(value)


def as_volume(value: Any) -> float:
    return min(1.0, max(0.0, as_number(value)))


def one_of(choices: tuple[str, ...] | list[str]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in choices:
            raise ValueError(f"not one of {', '.join(choices)}")
        return str(value)  # one of the choices: a str

    return check


def as_window(value: Any) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("not a width and a height")
    w, h = (as_number(v) for v in value)
    return (int(min(MAX_WINDOW[0], max(MIN_WINDOW[0], w))), int(min(MAX_WINDOW[1], max(MIN_WINDOW[1], h))))


def as_folder(value: Any) -> str:
    """A folder's path as text (whether it still exists is asked when the browser opens)."""
    if not isinstance(value, str) or len(value) > MAX_FOLDER_TEXT or "\x00" in value:
        raise ValueError("not a folder's path")
    return value


def as_setups(value: Any) -> dict[str, dict[str, Any]]:
    """Each game's last setup, in shape (its values are checked again when the setup opens); a
    game's entry that is out of shape is dropped alone."""
    if not isinstance(value, dict):
        raise ValueError("not a list of games")
    out = {}
    for game_id, setup in list(value.items())[:MAX_SETUPS]:
        if setup_in_shape(setup):
            out[str(game_id)] = setup
    return out


def setup_in_shape(setup: Any) -> bool:
    if not isinstance(setup, dict) or not set(setup) <= SETUP_KEYS:
        return False
    options = setup.get("options", {})
    scalar = (str, int, float, bool)
    return (
        isinstance(options, dict)
        and all(isinstance(v, scalar) for v in options.values())
        and isinstance(setup.get("mode", ""), str)
        and isinstance(setup.get("level", ""), str)
        and isinstance(setup.get("level2", ""), str)
        and setup.get("human_side", 0) in (0, 1)
        and not isinstance(setup.get("human_side", 0), float)
    )


VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "sound": as_bool,
    "volume": as_volume,
    "animation": one_of(tuple(SPEEDS)),
    "show_legal": as_bool,
    "rotate": as_bool,
    "palette": one_of(PALETTES),
    "fullscreen": as_bool,
    "window": as_window,
    "setups": as_setups,
    "language": one_of(("", *LANGUAGES)),
    "last_folder": as_folder,
}
LABELS = {
    "sound": N_("sound"),
    "volume": N_("volume"),
    "animation": N_("animation"),
    "show_legal": N_("show legal moves"),
    "rotate": N_("turn the board"),
    "palette": N_("colours"),
    "fullscreen": N_("full screen"),
    "window": N_("window size"),
    "setups": N_("game setups"),
    "language": N_("language"),
    "last_folder": N_("the last folder opened"),
}


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _read_int(digits: str) -> float | int:
    """A JSON whole number; an absurdly long one reads as infinity (then refused by its key)."""
    return int(digits) if len(digits) <= 18 else math.inf


def read_settings(text: str) -> tuple[Settings, list[str]]:
    """Settings from a file's text, key by key: (settings, the settings that were reset). A text
    that is not a JSON object raises ValueError."""
    try:
        raw = json.loads(text, parse_int=_read_int)  # NaN and Infinity are then refused by their key
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    except ValueError:
        raise ValueError("it is not a settings file (not JSON)") from None
    if not isinstance(raw, dict):
        raise ValueError("it is not a settings file (not a JSON object)")
    settings, reset = Settings(), []
    for name, check in VALIDATORS.items():
        if name not in raw:
            continue
        try:
            setattr(settings, name, check(raw[name]))
        except ValueError:
            reset.append(LABELS[name])
        if name == "setups" and isinstance(raw[name], dict) and len(settings.setups) < len(raw[name]):
            reset.append(N_("the saved setup of some games"))
    return settings, reset


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """(settings, problem): the saved settings (each bad value back to its default), and what was
    wrong with the file in words ('' if nothing)."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), ""
    try:
        settings, reset = read_settings(read_text_capped(path, MAX_SETTINGS_BYTES))
    except (UserFileError, ValueError) as e:
        moved = set_aside(path)
        if moved == path:  # a read-only folder: it stays where it is, and is read (and said) again next time
            return Settings(), Words(
                "The settings file could not be read ({reason}); defaults are used.", reason=words_of(e)
            )
        return Settings(), Words(
            "The settings file could not be read ({reason}); defaults are used. It was moved to {where}.",
            reason=words_of(e),
            where=str(moved),
        )
    if reset:
        return settings, Words(
            "Some settings could not be read and are back to their defaults: {names}.", names=listing(reset)
        )
    return settings, ""


def settings_json(settings: Settings) -> str:
    data = asdict(settings)
    data["window"] = list(settings.window)
    return json.dumps(data, indent=2, sort_keys=True)


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings; '' on success, else the problem in words (the app goes on)."""
    try:
        write_text_atomically(path or settings_path(), settings_json(settings))
        return ""
    except OSError as e:
        reason, remedy = save_problem(e)
        return Words(
            "The settings could not be saved: {reason}. {remedy} They apply until Keliya closes.",
            reason=reason,
            remedy=remedy,
        )


# --- the settings of this run -------------------------------------------------------------------
_current: Settings | None = None
_problem = ""


def current() -> Settings:
    """The settings in force (read from disk on first use)."""
    global _current, _problem
    if _current is None:
        clean_leftovers(config_dir())  # what a save killed half-way left, once a run
        _current, _problem = load_settings()
    return _current


def startup_problem() -> str:
    """What was wrong with the settings file at start-up ('' if nothing), said once."""
    global _problem
    current()
    problem, _problem = _problem, ""
    return problem


def update(**changes: Any) -> str:
    """Change settings, keep them in range and save them, laid over what is on disk now (another
    window's other changes survive); '' or the problem in words. ``setups`` merges by game."""
    settings = current()
    known = {f.name for f in fields(Settings)}
    for name, value in changes.items():
        if name not in known:
            raise ValueError(f"no setting '{name}'")
        if name == "setups":
            value = {**settings.setups, **value}
        setattr(settings, name, value)
    settings.checked()
    on_disk, _ = load_settings()
    for name in changes:
        if name == "setups":
            on_disk.setups = {**on_disk.setups, **changes["setups"]}
        else:
            setattr(on_disk, name, getattr(settings, name))
    on_disk = on_disk.checked()
    if _text_on_disk() == settings_json(on_disk):
        return ""  # nothing to change (a launch that moved nothing writes and syncs nothing as it closes)
    return save_settings(on_disk)


def _text_on_disk() -> str | None:
    """The settings file's text as it is now, None if it cannot be read (then it is written)."""
    path = settings_path()
    if not path.exists():
        return None
    try:
        return read_text_capped(path, MAX_SETTINGS_BYTES)
    except UserFileError:
        return None


def forget_loaded() -> None:
    """Forget the settings read so far, so the next ``current()`` reads them again (after
    KELIYA_HOME changes: tests, the screenshot tool)."""
    global _current, _problem
    _current, _problem = None, ""


# --- the language ------------------------------------------------------------------------------------
def start_language(flag: str | None = None) -> str:
    """Speak the language of ``--lang``, else the one chosen last time, else the system's (where
    Keliya has it); returns its code."""
    code = flag or current().language or system_language()
    set_language(code)
    return code


def choose_language(code: str) -> str:
    """Speak ``code`` from now on and remember it (even when its words cannot be read: they come
    back once the file is repaired); '' or the problems in words."""
    set_language(code)
    return said_together(problem(), update(language=code))
