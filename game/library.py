"""The player's games on disk: every unfinished game in a file of its own (``games/``), every
finished one in ``history/`` with its result, and the record against the computer per game and
level read from that history. Pure Python (no pygame): the title, the library screen and the
play scene share it.

Why one file per game: starting, importing or a rematch never touches another game, and two
Keliya windows each write their own files. A game moves from ``games/`` to ``history/`` when it
ends (and back if an undo reopens it), always under the same id.

Nothing here trusts a file: an unfinished game is checked in full (``saves.read_match``: the
settings, every move replayed) before it is offered; a file that fails is reported in words,
moved aside (``userfiles.set_aside``) and listed once as one that "cannot be opened" (once
too when it cannot be moved: a read-only folder). Reads are cached by the file's size and time,
so entering the title again does not replay every game. The first look at a folder removes what
saves killed half-way left there (``userfiles.clean_leftovers``).

The title needs only the newest unfinished game and the counts (``overview``): it reads them from
an index of the library (``library-index.json``), one record per game file with the file's size,
time and inode when it was checked. Files whose record matches are not opened; a file added,
edited or replaced behind the index's back is read and checked as ``scan`` checks it, a file gone
drops out, and a missing or damaged index is rebuilt that way: the first frame reads only what
changed. The full list (``scan``) is built when the library screen opens.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rules
from rules import game_ids, game_spec
from rules.words import N_, N_counted, Words, words_of

if TYPE_CHECKING:  # the engines' core is read when a game is, not before the first frame (issue 29, item 5)
    from rules import Move, State

from . import saves
from .appendfile import append_bytes
from .config import MatchConfig, Mode
from .userfiles import (
    UserFileError,
    clean_leftovers,
    data_dir,
    decode_text,
    read_bytes_capped,
    read_text_capped,
    save_problem,
    set_aside,
    write_text_atomically,
)

SUFFIX = ".txt"
#: a month in a date ('16 Nov 2026'): each language writes its abbreviated name and the order of
#: day, month and year as its locale data (CLDR, read through Babel by the tests) has them, kept
#: in the catalogue so that the app needs no locale library at run time
MONTHS = (
    # TRANSLATORS: Jan to Dec: a month's abbreviated name in a date, the language's CLDR form
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    # TRANSLATORS: the month (its abbreviated name in a date, the language's CLDR form)
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)
LEGACY = "current-game.txt"  # the single save slot of earlier versions, picked up once
INDEX = "library-index.json"  # beside games/ and history/: what the title needs of each game
INDEX_VERSION = 1


def games_dir() -> Path:
    return data_dir() / "games"


def history_dir() -> Path:
    return data_dir() / "history"


def new_id() -> str:
    """A file name for a new game: when it began, and a random part so two windows never clash."""
    return (
        f"{time.strftime('%Y%m%d-%H%M%S')}-{os.urandom(3).hex()}"  # secrets.token_hex(3), without its import
    )


@dataclass(frozen=True)
class Entry:
    """One game of the library, as the lists show it."""

    id: str
    path: Path
    finished: bool
    config: MatchConfig
    ply: int  # moves played from the game's start
    saved_at: float
    winner: int | None = None  # finished games: the winner (None: a draw)
    reason: str = ""  # finished games: how it ended, in words
    match: saves.SavedMatch | None = None  # unfinished games: checked in full, ready to resume
    position: State | None = field(default=None, repr=False, compare=False)  # the board as it was left
    text: str = field(
        default="", repr=False, compare=False
    )  # the file as read (what a window resuming it knows)

    @property
    def name(self) -> str:
        return game_spec(self.config.game_id).name

    @cached_property
    def moves_made(self) -> int:
        """How many moves the game has run to, numbered as its move list numbers them (turns:
        '45' when the last move is 45…). A finished game is replayed for it once, when a list
        first shows it (the list of games reads finished games without replaying them)."""
        match = self.match
        if match is None:
            try:
                match = saves.read_match(self.text)
            except ValueError:  # damaged: it is set aside when opened; meanwhile its moves are counted
                return len(saves.header_fields(self.text).get("moves", "").split())
        return match.moves_made

    @property
    def next_move(self) -> int:
        """The number of the move to be played next (an unfinished game), as the move list
        numbers it."""
        return self.match.next_move if self.match is not None else self.moves_made + 1

    def opponent_words(self) -> str:
        """'against Hard, you play North', 'pass and play', 'computer against computer'."""
        cfg = self.config
        if cfg.mode == Mode.COMPUTER:
            side = cfg.make_game().sides[cfg.human_side]
            return Words("against {level}, you play {side}", level=saves.level_label(cfg.level), side=side)
        if cfg.mode == Mode.WATCH:
            return Words(
                "computer against computer ({first} v {second})",
                first=saves.level_label(cfg.level_of(0)),
                second=saves.level_label(cfg.level_of(1)),
            )
        return N_("pass and play")

    def result(self) -> str | None:
        """'won', 'drawn' or 'lost' for a finished game against the computer, else None."""
        if not self.finished or self.config.mode != Mode.COMPUTER:
            return None
        if self.winner is None:
            return "drawn"
        return "won" if self.winner == self.config.human_side else "lost"

    def details(self) -> str:
        """The line under the game's name: 'against Hard, you play North, move 24'; finished,
        'You won as North against Hard, 45 moves' or 'Leopards won, pass and play, 28 moves'
        (moves numbered as the move list numbers them: a turn is a move and its reply)."""
        cfg = self.config
        if not self.finished:
            return Words("{opponent}, move {n}", opponent=self.opponent_words(), n=self.next_move)
        if cfg.mode == Mode.COMPUTER:
            side, level = cfg.make_game().sides[cfg.human_side], saves.level_label(cfg.level)
            template = {
                "won": N_counted(
                    "You won as {side} against {level}, {n} move",
                    "You won as {side} against {level}, {n} moves",
                ),
                "lost": N_counted(
                    "You lost as {side} against {level}, {n} move",
                    "You lost as {side} against {level}, {n} moves",
                ),
                "drawn": N_counted(
                    "A draw as {side} against {level}, {n} move",
                    "A draw as {side} against {level}, {n} moves",
                ),
            }[self.result() or "drawn"]
            return Words.counted(*template, self.moves_made, side=side, level=level)
        if self.winner is None:
            return Words.counted(
                "A draw, {opponent}, {n} move",
                "A draw, {opponent}, {n} moves",
                self.moves_made,
                opponent=self.opponent_words(),
            )
        return Words.counted(
            "{side} won, {opponent}, {n} move",
            "{side} won, {opponent}, {n} moves",
            self.moves_made,
            side=cfg.make_game().sides[self.winner],
            opponent=self.opponent_words(),
        )


@dataclass
class Library:
    """What is on disk now: unfinished games and finished ones (newest first), and the files that
    could not be opened (already moved aside), in words."""

    unfinished: list[Entry]
    finished: list[Entry]
    problems: list[str]

    def record(self) -> dict[tuple[str, str], tuple[int, int, int]]:
        """(game id, level) -> (won, drawn, lost) of the finished games against the computer."""
        out: dict[tuple[str, str], list[int]] = {}
        for e in self.finished:
            result = e.result()
            if result is not None:
                row = out.setdefault((e.config.game_id, e.config.level), [0, 0, 0])
                row[("won", "drawn", "lost").index(result)] += 1
        return {k: (w, d, lo) for k, (w, d, lo) in out.items()}


# --- reading ---------------------------------------------------------------------------------------
_cache: dict[Path, tuple[Stamp, Entry]] = {}
#: bad files that could not be moved aside, with their size and time when that was said: said
#: once, not at every return to the title (a changed file is read, and judged, again)
_unmovable: dict[Path, Stamp | None] = {}
_cleaned: set[Path] = set()  # folders whose leftover temporary files this run has removed


Stamp = tuple[int, int, int]  # a file as it was: (time in ns, size, inode)


def _stamp(path: Path) -> Stamp | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return _stamp_of(st)


def _stamp_of(st: os.stat_result) -> Stamp:
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def read_entry(path: Path, finished: bool) -> Entry:
    """The game in ``path``; ValueError in words if it cannot be offered. An unfinished game is
    replayed in full; a finished one is read from its settings and final position (it is
    replayed when opened)."""
    stamp = _stamp(path)
    hit = _cache.get(path)
    if stamp is not None and hit is not None and hit[0] == stamp:
        return hit[1]
    text = read_game_text(path)
    mtime = stamp[0] / 1e9 if stamp else time.time()
    if finished:
        entry = _finished_entry(path, text, mtime)
    else:
        match = saves.read_match(text)
        if match.state.outcome() is not None:
            raise ValueError("it is finished, yet it was kept with the unfinished games")
        entry = Entry(
            path.stem,
            path,
            False,
            match.config,
            match.state.ply,
            match.saved_at or mtime,
            match=match,
            position=match.state.copy(),
            text=text,
        )
    if stamp is not None:
        _cache[path] = (stamp, entry)
    return entry


def read_game_text(path: Path) -> str:
    """A game file's text, without the appended line a kill cut short (``saves.drop_torn_tail``);
    ``UserFileError`` in words if it cannot be read."""
    return decode_text(saves.drop_torn_tail(read_bytes_capped(path)))


def _finished_entry(path: Path, text: str, mtime: float) -> Entry:
    try:
        values = saves.header_fields(text)
        config = saves.read_config(values)
        final = rules.load_state(values["position"])
        saves.check_moves_reach(values, rules.load_state(values["start"]), final)
    except ValueError:
        raise
    except Exception as e:  # noqa: BLE001 - a damaged file must never crash a list of games
        raise ValueError(Words("it cannot be read ({problem})", problem=type(e).__name__)) from None
    outcome = final.outcome()
    if outcome is None:
        raise ValueError("it is not finished, yet it was kept with the finished games")
    return Entry(
        path.stem,
        path,
        True,
        config,
        final.ply,
        saves.parse_saved_time(values.get("saved")) or mtime,
        outcome.winner,
        outcome.reason,
        position=final,
        text=text,
    )


def reopen(entry: Entry) -> tuple[saves.SavedMatch, GameFile]:
    """The game of ``entry`` as it is on disk now (another window may have moved on since the list
    was read), replayed in full, with its file; ValueError in words if it cannot be opened (it
    is then moved aside)."""
    try:
        fresh = read_entry(entry.path, entry.finished)
        match = saves.read_match(fresh.text)  # a state of its own: the list's copy stays as read
    except UserFileError as e:
        if not entry.path.exists():
            raise ValueError("that game is no longer there (deleted in another window?)") from None
        raise ValueError(_set_aside_words(entry.path, words_of(e))) from None
    except ValueError as e:
        raise ValueError(_set_aside_words(entry.path, words_of(e))) from None
    return match, GameFile(fresh.id, fresh.text)


def _clean_once() -> None:
    for folder in (data_dir(), games_dir(), history_dir()):
        if folder not in _cleaned:
            _cleaned.add(folder)
            clean_leftovers(folder)


def _offered(path: Path, finished: bool, problems: list[str]) -> Entry | None:
    """The game in ``path`` for a list, or None: a file that cannot be opened is moved aside and
    said in ``problems``; one gone since the folder was listed (another window finished it, and
    it moved to the finished games, or deleted it) is no problem and is not said."""
    try:
        return read_entry(path, finished)
    except (UserFileError, ValueError) as e:
        if isinstance(e, UserFileError) and not path.exists():
            return None
        problems.append(_set_aside_words(path, words_of(e)))
        return None


def scan() -> Library:
    """Every game on disk, each checked; what cannot be opened is moved aside and said."""
    _clean_once()
    problems = _adopt_legacy()
    lists: dict[bool, list[Entry]] = {False: [], True: []}
    for finished, folder in ((False, games_dir()), (True, history_dir())):
        try:
            paths = sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith("."))
        except OSError:
            continue
        for path in paths:
            if path in _unmovable and _unmovable[path] == _stamp(path):
                continue  # said already; still where it was, and still not offered
            entry = _offered(path, finished, problems)
            if entry is not None:
                lists[finished].append(entry)
    for entries in lists.values():
        entries.sort(key=lambda e: (e.saved_at, e.id), reverse=True)
    return Library(lists[False], lists[True], problems)


# --- what the title needs: the index ------------------------------------------------------------
@dataclass
class Overview:
    """What the title shows of the library: the newest unfinished game (to Continue) with its
    line ('Kotu Ellima against Hard, move 23'), how many games each list holds, and the files
    that could not be opened (already moved aside), in words."""

    latest: Entry | None
    latest_words: str
    unfinished: int
    finished: int
    problems: list[str]


#: the index as last read or written: (its file's stamp, the records); read again only when changed
_index_memo: tuple[Path, Stamp | None, dict[str, dict[str, Any]]] | None = None


def overview() -> Overview:
    """The title's view of the library, as ``scan`` would give it, from the index: only files
    added or changed since the index saw them are read (and checked, and set aside when bad);
    the index is written again when anything changed."""
    _clean_once()
    problems = _adopt_legacy()
    index = _read_index()
    fresh: dict[str, dict[str, Any]] = {}
    for finished, folder in ((False, games_dir()), (True, history_dir())):
        try:
            found = [e for e in os.scandir(folder) if e.name.endswith(SUFFIX) and not e.name.startswith(".")]
        except OSError:
            continue
        prefix = folder.name + "/"
        for item in found:
            key = prefix + item.name
            try:
                stamp = _stamp_of(item.stat())
            except OSError:
                continue  # gone since the folder was listed
            record = index.get(key)
            if record is not None and record["stamp"] == list(stamp):
                fresh[key] = record
                continue
            path = folder / item.name
            if path in _unmovable and _unmovable[path] == stamp:
                continue  # said already; still where it was, and still not offered
            entry = _offered(path, finished, problems)
            if entry is None:
                continue
            fresh[key] = _record(entry, _cache[path][0] if path in _cache else stamp)
    if fresh != index:
        _write_index(fresh)
    prefix = games_dir().name + "/"
    unfinished = {k: r for k, r in fresh.items() if k.startswith(prefix)}
    latest: Entry | None = None
    words = ""
    if unfinished:
        key, record = max(
            unfinished.items(), key=lambda kr: (kr[1]["saved_at"], kr[0])
        )  # as scan sorts: time, id
        latest = _entry_of(games_dir() / Path(key).name, record)
        words = saves.summary_words(latest.config, False, record["next"])
    return Overview(latest, words, len(unfinished), len(fresh) - len(unfinished), problems)


def _record(entry: Entry, stamp: Stamp) -> dict[str, Any]:
    """What the index keeps of a game checked in full: what the title says of it, and the stamp
    of the file it was read from."""
    cfg = entry.config
    return {
        "stamp": list(stamp),
        "saved_at": entry.saved_at,
        "ply": entry.ply,
        "game": cfg.game_id,
        "options": cfg.options,
        "mode": str(cfg.mode),
        "human": cfg.human_side,
        "level": cfg.level,
        "level2": cfg.level2,
        "next": entry.next_move if not entry.finished else 0,
    }


def _usable(record: Any) -> bool:
    """Whether an index record has every field ``overview`` reads, of its type (an index edited
    or written by another version is read again from the games, never trusted into a crash)."""
    if not isinstance(record, dict) or not _RECORD_KEYS <= record.keys():
        return False
    stamp, level2 = record["stamp"], record["level2"]
    saved_at = record["saved_at"]
    if (
        not isinstance(saved_at, (int, float)) or not 0 <= saved_at < 253_402_000_000
    ):  # NaN too; before year 9999
        return False
    return (
        isinstance(record["game"], str)
        and record["game"] in _known_games()
        and isinstance(record["level"], str)
        and isinstance(record["mode"], str)
        and record["mode"] in _MODES
        and record["human"] in (0, 1)
        and isinstance(record["options"], dict)
        and (level2 is None or isinstance(level2, str))
        and isinstance(record["ply"], int)
        and isinstance(record["next"], int)
        and isinstance(stamp, list)
        and len(stamp) == 3
        and type(stamp[0]) is type(stamp[1]) is type(stamp[2]) is int
    )


_RECORD_KEYS = frozenset(
    ("stamp", "saved_at", "ply", "game", "options", "mode", "human", "level", "level2", "next")
)
_MODES = frozenset(str(m) for m in Mode)


@cache
def _known_games() -> frozenset[str]:
    return frozenset(game_ids())


def _entry_of(path: Path, record: dict[str, Any]) -> Entry:
    """The library entry of an index record (the game itself is read when it is opened)."""
    config = MatchConfig(
        record["game"],
        dict(record["options"]),
        record["mode"],
        record["human"],
        record["level"],
        level2=record["level2"],
    )
    return Entry(
        path.stem, path, path.parent.name == history_dir().name, config, record["ply"], record["saved_at"]
    )


def _index_path() -> Path:
    return data_dir() / INDEX


def _read_index() -> dict[str, dict[str, Any]]:
    """The index's records by 'games/<name>' or 'history/<name>'; empty when there is none or it
    cannot be read (it is rebuilt from the games)."""
    global _index_memo
    path = _index_path()
    stamp = _stamp(path)
    if _index_memo is not None and _index_memo[:2] == (path, stamp) and stamp is not None:
        return _index_memo[2]
    records: dict[str, dict[str, Any]] = {}
    try:
        loaded = json.loads(read_text_capped(path, 50_000_000))
    except (UserFileError, ValueError, RecursionError):
        loaded = None
    if (
        isinstance(loaded, dict)
        and loaded.get("version") == INDEX_VERSION
        and isinstance(loaded.get("games"), dict)
    ):
        records = {k: r for k, r in loaded["games"].items() if isinstance(k, str) and _usable(r)}
    _index_memo = (path, stamp, records)
    return records


def _write_index(records: dict[str, dict[str, Any]]) -> None:
    """Keep the index for the next start; a failure costs only time then (the games are read)."""
    global _index_memo
    path = _index_path()
    try:
        write_text_atomically(path, json.dumps({"version": INDEX_VERSION, "games": records}))
    except (OSError, ValueError):
        _index_memo = None
        return
    _index_memo = (path, _stamp(path), records)


def _set_aside_words(path: Path, why: str) -> str:
    _cache.pop(path, None)
    moved = set_aside(path)
    if moved != path:
        _unmovable.pop(path, None)
        return Words(
            "A saved game cannot be opened: {why}. It was moved to {where}.", why=why, where=str(moved)
        )
    _unmovable[path] = _stamp(path)
    return Words("A saved game cannot be opened: {why}.", why=why)


def _adopt_legacy() -> list[str]:
    """The one save slot of earlier versions becomes a game of the library (once)."""
    path = data_dir() / LEGACY
    if not path.exists():
        return []
    try:
        match = saves.read_match(read_text_capped(path))
    except (UserFileError, ValueError) as e:
        return [_set_aside_words(path, words_of(e))]
    slot = GameFile()
    problem = slot.save(match.config, match.state)
    if problem:
        return [problem]
    path.unlink(missing_ok=True)
    return []


def delete(entry: Entry) -> str:
    """Remove a game from the library; '' or the problem in words."""
    try:
        entry.path.unlink(missing_ok=True)
    except OSError as e:
        reason, remedy = save_problem(e)
        return Words("The game could not be deleted: {reason}. {remedy}", reason=reason, remedy=remedy)
    _cache.pop(entry.path, None)
    return ""


def when_words(saved_at: float, now: float | None = None) -> str:
    """'today 20:35', 'yesterday 18:02', '21 Nov 2026' (in Sinhala '2026 නොවැ 21', its locale's
    order and month: ``MONTHS``)."""
    import datetime  # here, not at the top: the title's first frame shows no date (issue 29, item 5)

    then = datetime.datetime.fromtimestamp(saved_at)
    days = (datetime.datetime.fromtimestamp(time.time() if now is None else now).date() - then.date()).days
    if days in (0, 1):
        return (
            Words("today {time}", time=f"{then:%H:%M}")
            if days == 0
            else Words("yesterday {time}", time=f"{then:%H:%M}")
        )
    # TRANSLATORS: a date: the order (and any commas) of the language's CLDR medium date ('d MMM y')
    return Words("{day} {month} {year}", day=then.day, month=MONTHS[then.month - 1], year=then.year)


# --- writing ---------------------------------------------------------------------------------------
#: appended lines are written until they are as long as the whole save before them (or this,
#: for a short game): then the file is written whole again, so it stays at most about twice the
#: size of the game and a long game's save stays the cost of its new moves
MIN_TAIL_BYTES = 16_384


@dataclass
class _Written:
    """What this window last put in its file: enough to append the next moves to it."""

    path: Path
    stamp: Stamp  # the file as this window left it: anything else there is another window's
    config: MatchConfig
    plies: int  # moves of the history written
    position: str  # the position they reach, as text
    last: Move | None  # the last of them
    whole: int  # bytes of the last whole write
    size: int  # bytes now (appended lines included)


class GameFile:
    """One game's place in the library, held by the play scene: saved after every move, moved
    to the history when the game ends (and back when an undo reopens it).

    A save appends the moves made since this window's last save (``saves.appended_line``) when
    the file is as this window left it and the game only went on; anything else (the first save,
    an undo, the game ending, another window's change, a tail grown as long as the game) writes
    the whole file again through a temporary file (``write_text_atomically``). An append that
    fails is cut off again, so the file is the last save either way.

    Two windows with the same game open never overwrite each other: before a save, the file is
    compared with what this window last read or wrote (by its size, time and inode; read only
    when they changed); if another window changed the game, this window's game goes on under a
    new id, and the words say so. Only a game with something of its own is kept apart: the same
    game as the file's, or nothing new since this window last saved (leaving, say), makes no
    copy (two windows left three identical entries).

    A save that fails leaves the last file as it was and says why in ``problem`` (and
    ``reason``, the why alone) until a save succeeds."""

    def __init__(
        self, game_id: str | None = None, known_text: str | None = None, variations: str = ""
    ) -> None:
        self.id = game_id or new_id()
        self._known = known_text  # the file's text as this window last read or wrote it whole (None: new)
        #: the moves tried on the analysis board, as text (``game.match.variations``): saved with
        #: the game; a change writes the file whole
        self.variations = variations
        if known_text is not None and not variations:
            try:
                self.variations = saves.header_fields(known_text).get("variations", "")
            except ValueError:
                self.variations = ""
        self._variations_written = ""  # the variations of the last whole write (set by each: none yet)
        self._appended: list[str] = []  # the lines this window appended to it since
        self._written: _Written | None = None  # None: the next save writes the whole file
        self.problem = ""  # the last save failed: what the player reads ('' when it was written)
        self.reason = ""  # why, alone (the pause menu says it)

    def path(self, finished: bool) -> Path:
        return (history_dir() if finished else games_dir()) / f"{self.id}{SUFFIX}"

    @property
    def known_text(self) -> str | None:
        """The file's text as this window last saw it (what it read, what it wrote)."""
        return None if self._known is None else self._known + "".join(self._appended)

    def save(self, config: MatchConfig, state: State) -> str:
        """Write the game; '' on success, else the problem (``problem`` set) or the fork in words
        (play goes on either way)."""
        finished = state.outcome() is not None
        target, other = self.path(finished), self.path(not finished)
        now = time.time()
        appended = self._append(config, state, target, other, now)
        if appended is not None:
            return appended
        said = ""
        text = saves.match_text(config, state, now, self.variations)
        changed = [t for t in (self._elsewhere(target), self._elsewhere(other)) if t is not None]
        if changed:
            mine = saves.game_key(text)
            if not all(saves.game_key(t) == mine for t in changed):
                known = self.known_text
                if known is not None and saves.game_key(known) == mine:
                    self.problem = self.reason = ""
                    return ""  # nothing new here since this window last saved: the other window's game stands
                self.id, self._known, self._appended, self._written = new_id(), None, [], None
                target, other = self.path(finished), self.path(not finished)
                said = N_(
                    "This game was changed in another Keliya window: this window's game is kept as a "
                    "separate game in Saved games."
                )
        data = text.encode("utf-8")
        try:
            write_text_atomically(target, text)
            written = target.stat()
            if other.exists():
                other.unlink()
        except OSError as e:
            return self._failed(e)
        history = state.history()
        self._known, self._appended, self._variations_written = text, [], self.variations
        self._written = (
            _Written(
                target,
                _stamp_of(written),
                config,
                len(history),
                state.to_text(),
                history[-1] if history else None,
                len(data),
                len(data),
            )
            if written.st_size == len(data)
            else None
        )  # else another window wrote since: look next time
        self.problem = self.reason = ""
        return said

    def _append(self, config: MatchConfig, state: State, target: Path, other: Path, now: float) -> str | None:
        """Append the moves made since this window's last save, if that is all that happened
        (see the class docstring); '' when appended, the problem in words when the append
        failed, None when the whole file must be written."""
        w = self._written
        if (
            w is None
            or self.variations != self._variations_written
            or w.path != target
            or w.config != config
            or w.size - w.whole > max(w.whole, MIN_TAIL_BYTES)
        ):
            return None
        history = state.history()
        new = len(history) - w.plies
        if new < 1 or (w.plies and history[w.plies - 1] != w.last):
            return None
        replay = state.copy()
        for _ in range(new):
            replay.undo()
        if replay.to_text() != w.position:
            return None  # the game was taken back and played otherwise
        moves = []
        for move in history[w.plies :]:
            moves.append(replay.move_text(move))
            replay.apply(move)
        position = state.to_text()
        if _stamp(target) != w.stamp or other.exists():
            return None  # another window was here: the whole save judges what it did
        line = saves.appended_line(now, moves, position)
        try:
            after = append_bytes(target, line.encode("utf-8"), w.size, w.stamp[2])
        except OSError as e:
            return self._failed(e)
        if after is None:
            return None  # changed between the look and the write
        self._appended.append(line)
        w.stamp, w.size, w.plies, w.position, w.last = (
            _stamp_of(after),
            after.st_size,
            len(history),
            position,
            history[-1],
        )
        self.problem = self.reason = ""
        return ""

    def _failed(self, error: OSError) -> str:
        """A save that failed: said until one succeeds; the next save writes the whole file."""
        self._written = None
        self.reason, remedy = save_problem(error)
        self.problem = Words(
            "Could not save: {reason}. {remedy} The game is kept in memory and saved again "
            "after the next move.",
            reason=self.reason,
            remedy=remedy,
        )
        return self.problem

    def _elsewhere(self, path: Path) -> str | None:
        """The file's text if another window changed the game in it since this window last saw
        it (a file as this window left it is not read at all)."""
        w = self._written
        if w is not None and w.path == path and _stamp(path) == w.stamp:
            return None
        try:
            now = read_game_text(path)
        except UserFileError:
            return None  # absent (or unreadable): nothing of another window's to lose
        known = self.known_text
        if known is not None and (now == known or saves.game_key(now) == saves.game_key(known)):
            return None  # the same game (saved again with nothing new, or written whole)
        return now

    def forget(self) -> None:
        """Remove this game from the library (a lesson, a test)."""
        for finished in (False, True):
            self.path(finished).unlink(missing_ok=True)
