"""Named variants a game's registry module offers (``VARIANTS``: name -> options over the
defaults), for the setup screen to offer by name. A game without them has none."""

from __future__ import annotations

import importlib
from typing import Any

#: game id -> the registry module that names its variants
PRESET_MODULES = {"battlehalma": "rules.battlehalma_games"}
CUSTOM = "custom"


def presets(game_id: str) -> dict[str, dict[str, Any]]:
    name = PRESET_MODULES.get(game_id)
    if name is None:
        return {}
    return dict(getattr(importlib.import_module(name), "VARIANTS", {}))


def preset_of(game_id: str, options: dict[str, Any]) -> str:
    """The named variant these options make, or ``CUSTOM``."""
    for name, chosen in presets(game_id).items():
        if all(options.get(k) == v for k, v in chosen.items()):
            return name
    return CUSTOM
