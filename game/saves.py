"""A game as plain text: what the library writes for every game, what "export" writes and what
"import" reads.

A save holds the match settings, the start position and every move in notation, plus the
position text reached. Loading checks the settings against what the app accepts (the game, the
mode, the level, every option and its value) and replays the moves through the rules (so a save
can never put an illegal position on the board), then checks that they reach that position: the
history, outcome and whose turn it is come back exactly, a finished game stays finished. Any
fault is a ``ValueError`` in words a player understands, never another exception.

    keliya-save 1
    game kotu_ellima
    mode computer
    human 0
    level hard
    options {"capture": "forced", ...}
    saved 2026-11-23T20:35:00.250
    start <position text>
    moves d4-e5 f6xd4 ...
    variations d4-e5 f6xd4 (c6-d5 e5-f6) ...
    position <position text>

``variations`` (only when the game has some: the analysis board's, ``game.match.variations``) is
the tree of moves tried, the game's own moves first; every move of it is checked when read.

A game being played long is not rewritten whole after every move: its moves since the last whole
write are appended, one line per save (``then <saved> <count> <moves...> <position text>``), and
the file is written whole again (temporary file, sync, rename) when that tail grows as long as
the rest. A reader folds those lines into the moves, the position and the time (``header_fields``);
an older Keliya ignores them and reads the game as it was at the last whole write. A line a kill
cut short (no end of line) is left out: the game is whole up to the save before it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import rules
from rules import game_spec
from rules.registry import game_name
from rules.words import Words, words_of

if TYPE_CHECKING:  # the engines' core is read when a game is, not before the first frame (issue 29, item 5)
    from rules import State

from .config import MODES, MatchConfig, Mode
from .opponent import level_choices
from .userfiles import data_dir

HEADER = "keliya-save 1"
FIELDS = ("game", "mode", "human", "level", "options", "start", "moves", "position")
OPTIONAL = ("moves", "saved", "level2", "variations")
APPENDED = "then"  # a line of moves appended to a whole save (see the module docstring)
MAX_OPTIONS_TEXT = 4000  # the longest options line Keliya writes is a few hundred characters


@dataclass
class SavedMatch:
    """A match read back: its settings and the state with its whole history."""

    config: MatchConfig
    state: State
    start_ply: int  # plies before the first recorded move (a game begun from a position)
    saved_at: float | None = None  # when it was last saved (seconds since the epoch), if known
    movers: list[int] = field(default_factory=list)  # who made each recorded move (the numbering's input)
    variations: str = ""  # the moves tried on the analysis board (``game.match.variations``), as text

    @property
    def next_move(self) -> int:
        """The number of the move to be played next, as the move list numbers it (turns, not
        plies: ``numbering.turn_numbers``)."""
        from .match.numbering import turn_numbers  # here: game.match imports this module

        return turn_numbers([*self.movers, self.state.to_move])[-1]

    @property
    def moves_made(self) -> int:
        """How many moves the game ran to, numbered as the move list numbers them (the last
        move's turn number; 0 before the first)."""
        from .match.numbering import turn_numbers

        return turn_numbers(self.movers)[-1] if self.movers else 0

    def summary(self) -> str:
        """'Kotu Ellima against Hard, move 23' (for the resume offer)."""
        return summary_words(self.config, self.state.outcome() is not None, self.next_move)


def summary_words(config: MatchConfig, finished: bool, next_move: int) -> str:
    """'Kotu Ellima against Hard, move 23': a game in a line, from its settings and the number of
    its next move (the title says it from the library's index, without reading the game)."""
    name = game_name(config.game_id)
    if config.mode == Mode.COMPUTER:
        return (
            Words("{game} against {level}, finished", game=name, level=level_label(config.level))
            if finished
            else Words(
                "{game} against {level}, move {n}", game=name, level=level_label(config.level), n=next_move
            )
        )
    if config.mode == Mode.WATCH:
        levels = [level_label(config.level_of(p)) for p in (0, 1)]
        return (
            Words(
                "{game}, computer against computer ({first} v {second}), finished",
                game=name,
                first=levels[0],
                second=levels[1],
            )
            if finished
            else Words(
                "{game}, computer against computer ({first} v {second}), move {n}",
                game=name,
                first=levels[0],
                second=levels[1],
                n=next_move,
            )
        )
    return (
        Words("{game}, pass and play, finished", game=name)
        if finished
        else Words("{game}, pass and play, move {n}", game=name, n=next_move)
    )


def level_label(level: str) -> str:
    return {n: label for n, label, _ in level_choices()}.get(level, level.title())


def start_of(state: State) -> State:
    """The position the recorded history starts from."""
    start = state.copy()
    for _ in state.history():
        start.undo()
    return start


def match_text(config: MatchConfig, state: State, saved_at: float | None = None, variations: str = "") -> str:
    """The save text of a match (see the module docstring), with its ``variations`` if any."""
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
    ]
    if config.level2 and config.mode == Mode.WATCH:
        lines.append(f"level2 {config.level2}")
    if saved_at is not None:
        lines.append(f"saved {saved_text(saved_at)}")
    lines += [
        f"start {start.to_text()}",
        f"moves {' '.join(moves)}".rstrip(),
    ]
    if variations:
        lines.append(f"variations {variations}")
    lines += [
        f"position {state.to_text()}",
    ]
    return "\n".join(lines) + "\n"


def saved_text(saved_at: float) -> str:
    """The ``saved`` line's value: local time to the millisecond."""
    millis = int(saved_at * 1000) % 1000
    return f"{time.strftime('%Y-%m-%dT%H:%M:%S', time.localtime(saved_at))}.{millis:03d}"


def appended_line(saved_at: float, moves: list[str], position: str) -> str:
    """The line a save appends: the moves played since the file was last written, in notation,
    and the position and time they reach (see the module docstring)."""
    return f"{APPENDED} {saved_text(saved_at)} {len(moves)} {' '.join(moves)} {position}\n"


def drop_torn_tail(data: bytes) -> bytes:
    """``data`` without an appended line a kill cut short: bytes after the last end of line that
    begin an appended line, or are the zeros a power cut can leave. Anything else is left for
    the reader to judge."""
    if not data or data.endswith(b"\n"):
        return data
    cut = data.rfind(b"\n") + 1
    tail = data[cut:]
    if tail.startswith(APPENDED.encode()) or not tail.strip(b"\x00"):
        return data[:cut]
    return data


def header_fields(text: str) -> dict[str, str]:
    """The named lines of a save text (no checks beyond the first line): cheap to read for a
    list of games, the appended lines folded in (their moves after the others, the last one's
    position and time). ValueError if the text is not a Keliya save."""
    if not text.endswith("\n") and text.rpartition("\n")[2].startswith(APPENDED + " "):
        text = text.rpartition("\n")[0]  # cut short by a kill: the game as saved before it
    lines = [line.rstrip("\r") for line in text.strip().splitlines()]
    if not lines or lines[0].strip() != HEADER:
        raise ValueError("this is not a game saved by Keliya")
    values: dict[str, str] = {}
    more: list[str] = []
    for line in lines[1:]:
        key, _, value = line.partition(" ")
        if key in FIELDS or key in OPTIONAL:
            values[key] = value.strip()
        elif key == APPENDED:
            saved, moves, position = _appended(value)
            more += moves
            values["saved"], values["position"] = saved, position
    if more:
        values["moves"] = " ".join([values.get("moves", ""), *more]).strip()
    return values


def _appended(value: str) -> tuple[str, list[str], str]:
    """The parts of an appended line (after its key); ValueError if it is not one."""
    parts = value.strip().split(" ")
    try:
        count = int(parts[1])
    except (IndexError, ValueError):
        raise ValueError("a line of moves added to it cannot be read (the file was changed)") from None
    if count < 1 or len(parts) < 3 + count or not all(parts[2 : 2 + count]):
        raise ValueError("a line of moves added to it cannot be read (the file was changed)")
    return parts[0], parts[2 : 2 + count], " ".join(parts[2 + count :])


def game_key(text: str) -> dict[str, str] | None:
    """What a save says of the game itself (its settings, moves and position; not when it was
    saved, nor whether its moves were appended or written whole): two windows' saves are the
    same game when these are equal. None for a text that is no save."""
    try:
        values = header_fields(text)
    except ValueError:
        return None
    values.pop("saved", None)
    return values


def parse_saved_time(text: str | None) -> float | None:
    """The ``saved`` line's local time (to the millisecond: games saved in one second keep their
    order), or None if it is absent, unreadable or no time a game was saved at: before 1970, or
    one that cannot be shown as a local date (a year-1 date is year 0 east of Greenwich, and
    stopped Keliya at every start)."""
    if not text:
        return None
    import datetime  # here, not at the top: a launch reads no date before its first frame (issue 29, item 5)

    whole, _, millis = text.partition(".")
    try:
        seconds = time.mktime(time.strptime(whole, "%Y-%m-%dT%H:%M:%S")) + (
            int(millis[:3]) / 1000 if millis else 0
        )
        datetime.datetime.fromtimestamp(seconds)  # shown as a date later: it must be one here
    except (ValueError, OverflowError, OSError):
        return None
    return seconds if seconds >= 0 else None


def read_config(values: dict[str, str]) -> MatchConfig:
    """The match settings of a save, each checked against what this app accepts."""
    missing = [f for f in FIELDS if f not in values and f not in OPTIONAL]
    if missing:
        raise ValueError(
            Words("the saved game is incomplete (it has no {fields})", fields=", ".join(missing))
        )
    spec = game_spec(values["game"])  # an unknown game says so
    mode = values["mode"]
    if mode not in {m.value for m, _ in MODES}:
        raise ValueError(Words("the way it is played ('{mode}') is not one Keliya knows", mode=mode[:20]))
    if values["human"] not in ("0", "1"):
        raise ValueError("the side the player took is not one of the game's two sides")
    levels = [n for n, _, _ in level_choices()]
    for key in ("level", "level2"):
        if levels and key in values and values[key] not in levels:
            raise ValueError(
                Words(
                    "the computer's level '{level}' is not one of {levels}",
                    level=values[key][:20],
                    levels=", ".join(levels),
                )
            )
    if len(values["options"]) > MAX_OPTIONS_TEXT:
        raise ValueError("its rules options are far longer than any Keliya writes")
    try:
        options = json.loads(values["options"])
    except (ValueError, RecursionError):
        raise ValueError("its rules options cannot be read") from None
    if not isinstance(options, dict) or not all(
        isinstance(v, (str, int, float, bool)) for v in options.values()
    ):
        raise ValueError("its rules options cannot be read")
    resolved = spec.resolve_options(options)  # an unknown option or value says which
    return MatchConfig(
        spec.id,
        resolved,
        Mode(mode),
        int(values["human"]),
        values["level"],
        level2=values.get("level2") or None,
    )


def check_moves_reach(values: dict[str, str], start: State, position: State) -> None:
    """ValueError unless the move list is as long as the way from the start to the position (a
    file cut short, or a move list edited, names a position its moves do not reach). What a list
    of finished games checks without replaying every game; opening one replays it in full."""
    if start.ply + len(values.get("moves", "").split()) != position.ply:
        raise ValueError("its moves do not reach the position it names (the file was cut short or changed)")


def read_match(text: str) -> SavedMatch:
    """A match from its save text; ValueError saying what is wrong with it (and nothing else)."""
    try:
        return _read_match(text)
    except ValueError:
        raise
    except Exception as e:  # noqa: BLE001 - a save must never crash the app: say it cannot be read
        raise ValueError(Words("it cannot be read ({problem})", problem=type(e).__name__)) from None


def _read_match(text: str) -> SavedMatch:
    values = header_fields(text)
    config = read_config(values)
    try:
        state = rules.load_state(values["start"])
    except ValueError as e:
        raise ValueError(Words("its start position cannot be used: {reason}", reason=words_of(e))) from None
    if state.game.id != config.game_id or dict(state.game.options) != config.options:
        raise ValueError("its start position is of another game or other rules")
    start_ply = state.ply
    movers: list[int] = []
    for i, move in enumerate(values.get("moves", "").split(), start=1):
        movers.append(state.to_move)
        try:
            state.play(move)
        except ValueError as e:  # IllegalMoveError is one
            raise ValueError(
                Words("move {n} ({move}) cannot be played: {reason}", n=i, move=move[:30], reason=words_of(e))
            ) from None
    if state.to_text() != values["position"]:
        raise ValueError("its moves do not lead to the position it names (the file was changed)")
    variations = values.get("variations", "")
    if variations:
        from .match.variations import VariationTree  # here: game.match imports this module

        VariationTree.from_text(rules.load_state(values["start"]), variations, [])  # ValueError in words
    return SavedMatch(config, state, start_ply, parse_saved_time(values.get("saved")), movers, variations)


def read_game_or_position(text: str) -> SavedMatch:
    """An imported text: a whole saved game, or a single position (then a pass-and-play game
    starts from it). ValueError naming, in a player's words, what is wrong with it."""
    stripped = text.strip()
    if stripped.startswith(HEADER):
        try:
            return read_match(stripped)
        except ValueError as e:
            raise ValueError(
                Words("this saved game cannot be opened: {reason}", reason=words_of(e))
            ) from None
    first = stripped.splitlines()[0] if stripped else ""
    try:
        state = rules.load_state(first)
    except ValueError as e:
        if not first or first.split()[0].rstrip(";") not in _game_ids():
            raise ValueError(
                "this is neither a game copied from Keliya nor a position: copy a game with "
                "'Copy the game as text' in the pause menu, or drop a file Keliya exported"
            ) from None
        raise ValueError(Words("this position cannot be used: {reason}", reason=words_of(e))) from None
    except Exception as e:  # noqa: BLE001 - pasted text must never crash the app
        raise ValueError(
            Words("this position cannot be read ({problem})", problem=type(e).__name__)
        ) from None
    config = MatchConfig(state.game.id, dict(state.game.options))
    return SavedMatch(config, state, state.ply)


def _game_ids() -> list[str]:
    from rules import game_ids

    return game_ids()


def export_folder() -> Path:
    """Where exported games go: the data folder's exports/ (the file browser starts there)."""
    return data_dir() / "exports"


def export_path(config: MatchConfig) -> Path:
    """A new file for an exported game, in ``export_folder``."""
    return export_folder() / f"{config.game_id}-{time.strftime('%Y%m%d-%H%M%S')}.txt"
