"""The game in progress as plain text: saved after every move, on leaving and on quitting, and
offered at the next launch; also what "export" writes and "import" reads.

A save holds the match settings, the start position and every move in notation, plus the
position text reached. Loading replays the moves through the rules (so a save can never put
an illegal position on the board) and checks that they reach that position: the history,
outcome and whose turn it is come back exactly, a finished game stays finished. A save that
cannot be read is reported in words and moved aside (``userfiles.set_aside``), never a crash.

    keliya-save 1
    game kotu_ellima
    mode computer
    human 0
    level hard
    options {"capture": "forced", ...}
    start <position text>
    moves d4-e5 f6xd4 ...
    position <position text>
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from rules import IllegalMoveError, State, game_spec, load_state

from .config import MODES, MatchConfig
from .userfiles import data_dir, set_aside, write_text_atomically

HEADER = "keliya-save 1"
FIELDS = ("game", "mode", "human", "level", "options", "start", "moves", "position")


@dataclass
class SavedMatch:
    """A match read back: its settings and the state with its whole history."""

    config: MatchConfig
    state: State
    start_ply: int  # plies before the first recorded move (a game begun from a position)

    def summary(self) -> str:
        """'Kotu Ellima against Hard, move 23' (for the resume offer)."""
        name = game_spec(self.config.game_id).name
        moves = self.state.ply
        if self.config.mode == "computer":
            against = f" against {self.config.level.title()}"
        elif self.config.mode == "watch":
            against = ", computer against computer"
        else:
            against = ", pass and play"
        state = "finished" if self.state.outcome() is not None else f"move {moves + 1}"
        return f"{name}{against}, {state}"


def start_of(state: State) -> State:
    """The position the recorded history starts from."""
    start = state.copy()
    for _ in state.history():
        start.undo()
    return start


def match_text(config: MatchConfig, state: State) -> str:
    """The save text of a match (see the module docstring)."""
    start = start_of(state)
    replay = start.copy()
    moves = []
    for move in state.history():
        moves.append(replay.move_text(move))
        replay.apply(move)
    lines = [
        HEADER,
        f"game {config.game_id}",
        f"mode {config.mode}",
        f"human {config.human_side}",
        f"level {config.level}",
        f"options {json.dumps(config.options, sort_keys=True)}",
        f"start {start.to_text()}",
        f"moves {' '.join(moves)}".rstrip(),
        f"position {state.to_text()}",
    ]
    return "\n".join(lines) + "\n"


def read_match(text: str) -> SavedMatch:
    """A match from its save text; ValueError saying what is wrong with it."""
    lines = [line.rstrip("\r") for line in text.strip().splitlines()]
    if not lines or lines[0].strip() != HEADER:
        raise ValueError("this is not a Keliya saved game (its first line should be 'keliya-save 1')")
    values: dict[str, str] = {}
    for line in lines[1:]:
        key, _, value = line.partition(" ")
        if key in FIELDS:
            values[key] = value.strip()
    missing = [f for f in FIELDS if f not in values and f != "moves"]
    if missing:
        raise ValueError(f"the saved game is incomplete (missing: {', '.join(missing)})")
    game_spec(values["game"])  # an unknown game says so
    if values["mode"] not in {m for m, _ in MODES}:
        raise ValueError(f"unknown mode '{values['mode']}'")
    try:
        options = json.loads(values["options"])
        human = int(values["human"])
    except ValueError:
        raise ValueError("the saved game's settings cannot be read") from None
    if not isinstance(options, dict) or human not in (0, 1):
        raise ValueError("the saved game's settings cannot be read")
    config = MatchConfig(values["game"], options, values["mode"], human, values["level"])
    state = load_state(values["start"])
    if state.game.id != config.game_id:
        raise ValueError("the start position is of another game")
    start_ply = state.ply
    for i, text in enumerate(values.get("moves", "").split(), start=1):
        try:
            state.play(text)
        except (IllegalMoveError, ValueError) as e:
            raise ValueError(f"move {i} ({text}) cannot be played: {e}") from None
    if state.to_text() != values["position"]:
        raise ValueError("the moves do not lead to the saved position (the file was changed)")
    return SavedMatch(config, state, start_ply)


def read_game_or_position(text: str) -> SavedMatch:
    """An imported text: a whole saved game, or a single position (then a pass-and-play game
    starts from it). ValueError naming what is wrong with it as either."""
    try:
        return read_match(text)
    except ValueError as as_game:
        if text.strip().startswith(HEADER):
            raise
        try:
            state = load_state(text.strip().splitlines()[0] if text.strip() else "")
        except ValueError as as_position:
            raise ValueError(f"it is neither a saved game ({as_game}) nor a position ({as_position})") from None
        config = MatchConfig(state.game.id, dict(state.game.options))
        return SavedMatch(config, state, state.ply)


# --- the game in progress ------------------------------------------------------------------------
def current_path() -> Path:
    return data_dir() / "current-game.txt"


def save_current(config: MatchConfig, state: State) -> str:
    """Save the running game; '' on success, else the problem in words (play goes on)."""
    try:
        write_text_atomically(current_path(), match_text(config, state))
        return ""
    except OSError as e:
        return f"the game could not be saved: {e}"


def load_current() -> tuple[SavedMatch | None, str]:
    """(the saved game or None, a problem in words or ''). A bad save is moved aside."""
    path = current_path()
    if not path.exists():
        return None, ""
    try:
        return read_match(path.read_text(encoding="utf-8")), ""
    except (OSError, UnicodeDecodeError, ValueError) as e:
        moved = set_aside(path)
        return None, f"The saved game could not be read ({e}). It was moved to {moved}."


def forget_current() -> None:
    try:
        current_path().unlink()
    except OSError:
        pass


def export_path(config: MatchConfig) -> Path:
    """A new file for an exported game, in the data folder's exports/."""
    import time

    return data_dir() / "exports" / f"{config.game_id}-{time.strftime('%Y%m%d-%H%M%S')}.txt"
