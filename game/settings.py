"""Settings that persist between launches: sound and volume, animation speed, showing legal
moves, turning the board for pass and play, the colour-blind palette, the window, and the last
setup of every game. Kept as JSON in the user's config directory (``userfiles``); a file that
cannot be read is reported and moved aside, and the defaults are used."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .userfiles import config_dir, set_aside, write_text_atomically

#: animation speed names and their factors (0: moves appear at once)
SPEEDS = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.5}  # in the order the screen offers them
PALETTES = ("standard", "colour-blind")


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
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> last setup

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.animation, 1.0)

    def checked(self) -> Settings:
        """The same settings with every value forced into its allowed range."""
        self.volume = min(1.0, max(0.0, float(self.volume)))
        if self.animation not in SPEEDS:
            self.animation = "normal"
        if self.palette not in PALETTES:
            self.palette = "standard"
        w, h = (int(v) for v in self.window)
        self.window = (max(960, w), max(600, h))
        self.sound, self.show_legal, self.rotate, self.fullscreen = (
            bool(self.sound), bool(self.show_legal), bool(self.rotate), bool(self.fullscreen))
        if not isinstance(self.setups, dict):
            self.setups = {}
        return self


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """(settings, problem): the saved settings, or the defaults and what was wrong with the file."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), ""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("not a settings object")
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in raw.items() if k in known}
        if "window" in values:
            values["window"] = tuple(values["window"])
        return Settings(**values).checked(), ""
    except (OSError, ValueError, TypeError) as e:  # JSONDecodeError is a ValueError
        moved = set_aside(path)
        return Settings(), f"The settings file could not be read ({e}); defaults are used. It was moved to {moved}."


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings; '' on success, else the problem in words (the app goes on)."""
    data = asdict(settings)
    data["window"] = list(settings.window)
    try:
        write_text_atomically(path or settings_path(), json.dumps(data, indent=2, sort_keys=True))
        return ""
    except OSError as e:
        return f"The settings could not be saved: {e}."


# --- the settings of this run -------------------------------------------------------------------
_current: Settings | None = None
_problem = ""


def current() -> Settings:
    """The settings in force (read from disk on first use)."""
    global _current, _problem
    if _current is None:
        _current, _problem = load_settings()
    return _current


def startup_problem() -> str:
    """What was wrong with the settings file at start-up ('' if nothing), said once."""
    global _problem
    current()
    problem, _problem = _problem, ""
    return problem


def update(**changes: Any) -> str:
    """Change settings, keep them in range and save them; '' or the problem in words."""
    settings = current()
    known = {f.name for f in fields(Settings)}
    for name, value in changes.items():
        if name not in known:
            raise ValueError(f"no setting '{name}'")
        setattr(settings, name, value)
    settings.checked()
    return save_settings(settings)


def forget_loaded() -> None:
    """Forget the settings read so far, so the next ``current()`` reads them again (after
    KELIYA_HOME changes: tests, the screenshot tool)."""
    global _current, _problem
    _current, _problem = None, ""
