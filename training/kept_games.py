"""The arena's kept games (``python -m training.arena … --games-out FILE``): one JSON object a line,
with the players, player A's side, the start position's text, the moves in notation and the result.
Written by the arena; read and replayed here by the tools that look into a match's games
(``benchmarks.check_coverage``, ``benchmarks.lost_games``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules import load_state
from rules.core import Move, State


def read_kept(path: Path) -> list[dict[str, Any]]:
    """The games kept in ``path`` (OSError if it cannot be read, ValueError if a line is not JSON)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def replay(kept: dict[str, Any]) -> list[tuple[State, Move]]:
    """Each position of a kept game before each of its moves (a copy of its own), with that move
    (KeyError, TypeError or ValueError for a record that is not a kept game)."""
    state = load_state(kept["start"])
    found: list[tuple[State, Move]] = []
    for text in kept["moves"]:
        move = state.parse_move(text)
        found.append((state.copy(), move))
        state.play(move)
    return found
