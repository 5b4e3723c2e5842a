"""Puzzles (issue 32, item 4): a position from a game where one move wins clearly, to be found.

The sets are made and verified by ``python -m training.puzzles`` (development tooling: games
between cheap players, each candidate searched by the analysis judge deeper than the levels look)
and shipped as ``game/puzzles/SET.json``; this module reads them and keeps a player's session
over one set: the puzzle on the board, the tries, the hint, the answer's line, the streak and the
record, which is saved in the player's data folder beside their games (``puzzles.json``). No
pygame: the puzzle scene draws a ``PuzzleSession`` and feeds it clicks.

Judging a move is the stored check's: the answer, or a move the check valued as high, solves the
puzzle; any other move is a try, said in a player's words from the stored scores and the reply
that punishes it. Three wrong tries show the answer. A puzzle counts as solved in the record
when it is found before the answer is shown; the streak counts puzzles solved in a row at the
first try without a hint.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from rules import Effect, Move, Note, State, load_state
from rules.kinds import Code, Detail, MoveKind, NoteCode, Pieces
from rules.registry import game_name
from rules.words import N_, Words, words_of

from ..userfiles import UserFileError, data_dir, read_text_capped, set_aside, write_text_atomically
from .routes import Click, MoveBuilder

FORMAT = "keliya-puzzles-1"
RECORD_FORMAT = "keliya-puzzle-record-1"
RECORD_NAME = "puzzles.json"
MAX_TRIES = 3  # wrong tries before the answer is shown
DECIDED = 9_000.0  # scores beyond this are proven results (``game.ai.judge.DECIDED``)

#: every set, in the order the screen offers them (the shipped files are named by these ids)
SET_IDS = (
    "sixteen_soldiers",
    "peralikatuma",
    "kotu_ellima",
    "cows_leopards-leopards",
    "cows_leopards-cows",
    "battlehalma-promotion",
    "battlehalma-terminal",
    "ncuva",
)

#: a set's name on screen beside its game's
SET_WORDS = {
    "cows_leopards-leopards": N_("{game}, as the Leopards"),
    "cows_leopards-cows": N_("{game}, as the Cows"),
    "battlehalma-promotion": N_("{game}, promotion rule"),
    "battlehalma-terminal": N_("{game}, terminal rule"),
}

#: what a puzzle asks the side to move, by set (the default: the war games' and BattleHalma's)
TASK_WORDS = {
    "cows_leopards-cows": N_("{side} to move: find the move that saves the most cows."),
    "ncuva": N_("{side} to move: find the sowing that wins the most stones."),
}
TASK_DEFAULT = N_("{side} to move: find the move that wins clearly.")


def set_title(set_id: str) -> Words:
    """The set's name for the player, e.g. 'Cows and Leopards, as the Cows'."""
    game = game_name(set_id.split("-")[0])
    template = SET_WORDS.get(set_id)
    return Words(template, game=game) if template else Words("{game}", game=game)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle as shipped: the position's text, the answer and its line in notation, every
    legal move's score at the verification's depth (material units from the mover's side; beyond
    ``DECIDED`` a proven result), the reply that punishes each other move, and its grade."""

    id: str
    position: str
    answer: str
    grade: int
    depth: int
    margin: float
    found_at: int
    line: tuple[str, ...]
    scores: dict[str, float]
    replies: dict[str, str]

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Puzzle:
        return cls(
            str(raw["id"]),
            str(raw["position"]),
            str(raw["answer"]),
            int(raw["grade"]),
            int(raw["depth"]),
            float(raw["margin"]),
            int(raw["found_at"]),
            tuple(str(m) for m in raw["line"]),
            {str(k): float(v) for k, v in dict(raw["moves"]).items()},
            {str(k): str(v) for k, v in dict(raw.get("replies", {})).items()},
        )

    def start(self) -> State:
        """The puzzle's position, fresh."""
        return load_state(self.position)

    @property
    def best_score(self) -> float:
        return self.scores[self.answer]

    def solves(self, move_text: str) -> bool:
        """The answer, or a move the stored check valued as high (equally good)."""
        return move_text == self.answer or self.scores.get(move_text, -1e9) >= self.best_score


@dataclass(frozen=True)
class PuzzleSet:
    id: str
    game: str
    side: int | None
    built: dict[str, Any]
    puzzles: tuple[Puzzle, ...]

    @property
    def title(self) -> Words:
        return set_title(self.id)


def read_set(text: str) -> PuzzleSet:
    """A set from its shipped text; ValueError if it is none."""
    raw = json.loads(text)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ValueError("not a puzzle set")
    side = raw.get("side")
    return PuzzleSet(
        str(raw["set"]),
        str(raw["game"]),
        None if side is None else int(side),
        dict(raw.get("built", {})),
        tuple(Puzzle.from_dict(p) for p in raw["puzzles"]),
    )


def _set_file(set_id: str) -> Any:
    return resources.files("game").joinpath("puzzles").joinpath(f"{set_id}.json")


def available_sets() -> list[str]:
    """The sets shipped with this copy of the app, in ``SET_IDS`` order."""
    return [s for s in SET_IDS if _set_file(s).is_file()]


def load_set(set_id: str) -> PuzzleSet:
    """The shipped set ``set_id`` (one of ``SET_IDS``)."""
    if set_id not in SET_IDS:
        raise ValueError(f"no puzzle set '{set_id}'")
    text = _set_file(set_id).read_text(encoding="utf-8")
    return read_set(text)


# --- the record ------------------------------------------------------------------------------------


@dataclass
class Record:
    """What the player has done with the puzzles: per puzzle id, how often solved and failed and
    the last result; the current streak and the best."""

    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0

    def result(self, puzzle_id: str) -> str:
        """'solved', 'failed' or '' (never tried to the end)."""
        return str(self.results.get(puzzle_id, {}).get("last", ""))

    def note(self, puzzle_id: str, solved: bool, clean: bool) -> None:
        """A puzzle finished: ``solved`` before the answer was shown; ``clean`` at the first try
        without a hint (the streak goes on), else the streak starts again."""
        entry = self.results.setdefault(puzzle_id, {"solved": 0, "failed": 0, "last": ""})
        entry["solved" if solved else "failed"] = int(entry.get("solved" if solved else "failed", 0)) + 1
        entry["last"] = "solved" if solved else "failed"
        self.streak = self.streak + 1 if solved and clean else 0
        self.best_streak = max(self.best_streak, self.streak)

    def solved_in(self, puzzles: tuple[Puzzle, ...]) -> int:
        return sum(self.result(p.id) == "solved" for p in puzzles)

    def to_text(self) -> str:
        return json.dumps(
            {
                "format": RECORD_FORMAT,
                "streak": self.streak,
                "best_streak": self.best_streak,
                "puzzles": self.results,
            },
            indent=1,
            sort_keys=True,
        )


def read_record(text: str) -> Record:
    """A record from its text; ValueError in words if it is none (entries that make no sense are
    left out, the rest kept)."""
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(N_("it is not a puzzle record (not JSON)")) from None
    if not isinstance(raw, dict) or raw.get("format") != RECORD_FORMAT:
        raise ValueError(N_("it is not a puzzle record"))
    record = Record()
    for key in ("streak", "best_streak"):
        value = raw.get(key, 0)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
            setattr(record, key, value)
    entries = raw.get("puzzles", {})
    if isinstance(entries, dict):
        for pid, entry in entries.items():
            if not isinstance(entry, dict):
                continue
            counts = [entry.get(k, 0) for k in ("solved", "failed")]
            if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
                continue
            last = entry.get("last", "")
            record.results[str(pid)] = {
                "solved": counts[0],
                "failed": counts[1],
                "last": last if last in ("solved", "failed") else "",
            }
    record.best_streak = max(record.best_streak, record.streak)
    return record


def record_path() -> Path:
    """The record's file, in the player's data folder beside their games."""
    return data_dir() / RECORD_NAME


def load_record(path: Path | None = None) -> tuple[Record, str]:
    """(record, problem): the saved record (a new one if there is none), and what was wrong with
    the file in words ('' if nothing): a file that cannot be read is moved aside, never a crash."""
    path = path or record_path()
    if not path.exists():
        return Record(), ""
    try:
        return read_record(read_text_capped(path)), ""
    except (UserFileError, ValueError) as e:
        moved = set_aside(path)
        if moved == path:
            return Record(), Words(
                "The puzzle record could not be read ({reason}); a new one is started.",
                reason=words_of(e),
            )
        return Record(), Words(
            "The puzzle record could not be read ({reason}); a new one is started. "
            "The old file was moved to {where}.",
            reason=words_of(e),
            where=str(moved),
        )


def save_record(record: Record, path: Path | None = None) -> str:
    """Write the record safely; '' or what went wrong in words (the session goes on)."""
    path = path or record_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomically(path, record.to_text() + "\n")
    except OSError as e:
        return Words("The puzzle record could not be saved ({problem}).", problem=str(e.strerror or e))
    return ""


# --- what the board reads --------------------------------------------------------------------------


@dataclass
class PuzzleBoard:
    """The puzzle's position as the board families read a match (``game.match.read.BoardSource``):
    the player moves while the puzzle is open; a line being shown is not the player's."""

    state: State
    sides: tuple[str, str]
    human_to_move: bool = True
    last_move: Move | None = None
    last_effects: list[Effect] = field(default_factory=list)
    last_mover: int | None = None
    suggestion: Move | None = None
    suggestion_effects: list[Effect] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    note_codes: frozenset[NoteCode] = frozenset()
    show_legal: bool = True
    stops_seen: frozenset[Detail] = frozenset()
    builder: MoveBuilder = field(init=False)
    pieces_now: Pieces = field(init=False)

    def __post_init__(self) -> None:
        self.builder = MoveBuilder(self.state)
        self.pieces_now = self.state.pieces()

    def side(self, player: int) -> str:
        return self.sides[player]


@dataclass(frozen=True)
class Shown:
    """A move to show on the board: animate ``effects`` from ``before``, then the board reads the
    position after it."""

    move: Move
    mover: int
    effects: list[Effect]
    before: Pieces
    notation: str


class Phase(Code):
    """Where a puzzle stands (a member equals only itself: never matched as text)."""

    OPEN = "open"  # the player is to find the move
    PUNISHED = "punished"  # a wrong move and its reply are shown, then the puzzle again
    SOLVED = "solved"
    SHOWN = "shown"  # the answer was shown: failed


def units(game_id: str, side: int | None, count: int) -> Words:
    """'2 pieces', '1 stone', '3 cows': what a puzzle's scores count in a game."""
    if game_id == "ncuva":
        return Words.counted("{n} stone", "{n} stones", count)
    if game_id == "cows_leopards":
        return Words.counted("{n} cow", "{n} cows", count)
    return Words.counted("{n} piece", "{n} pieces", count)


class PuzzleSession:
    """The player working through one set: ``puzzle`` on the board (``board``), the tries, the
    hint, the answer's line and the record (saved to ``path`` when a puzzle ends; None: the
    player's data folder)."""

    def __init__(self, puzzle_set: PuzzleSet, record: Record, path: Path | None = None) -> None:
        self.set = puzzle_set
        self.record = record
        self.path = path
        self.index = 0
        self.message: str = ""
        self.problem = ""  # a record that could not be saved
        self.queue: list[Shown] = []  # moves the screen is to show, in order
        self.return_to_puzzle = False  # after the queue, the puzzle's position again
        self._open(self.first_unsolved())

    # --- the puzzle on the board ----------------------------------------------------------------
    def first_unsolved(self) -> int:
        for i, p in enumerate(self.set.puzzles):
            if self.record.result(p.id) != "solved":
                return i
        return 0

    def _open(self, index: int) -> None:
        self.index = index % len(self.set.puzzles)
        self.puzzle = self.set.puzzles[self.index]
        state = self.puzzle.start()
        self.sides = state.game.sides
        self.board = PuzzleBoard(state, self.sides)
        self.phase: Phase = Phase.OPEN
        self.tries = 0
        self.hinted = False
        self.hint_cells: tuple[int, ...] = ()
        self.queue = []
        self.return_to_puzzle = False
        self.message = ""

    @property
    def state(self) -> State:
        return self.board.state

    @property
    def to_move(self) -> int:
        return self.puzzle_state().to_move

    def puzzle_state(self) -> State:
        return self.puzzle.start()

    @property
    def finished(self) -> bool:
        return self.phase in (Phase.SOLVED, Phase.SHOWN)

    @property
    def task(self) -> Words:
        template = TASK_WORDS.get(self.set.id, TASK_DEFAULT)
        return Words(template, side=self.sides[self.to_move])

    def next(self) -> None:
        """The next puzzle of the set (a puzzle left unfinished is not counted)."""
        self._open(self.index + 1)

    def previous(self) -> None:
        self._open(self.index - 1)

    # --- the player's clicks --------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        """Found by the player (not shown)."""
        return self.phase == Phase.SOLVED

    def click(self, cell: int | None) -> Click:
        """A click on the board while the puzzle is open, built into a move as in play."""
        if self.phase != Phase.OPEN or self.queue:
            return Click.NONE
        result = self.board.builder.click(cell)
        if result.kind == Click.MOVE and result.move is not None:
            self.try_move(result.move)
        elif result.kind == Click.ILLEGAL:
            self.message = result.reason
        return result.kind

    def cancel(self) -> None:
        self.board.builder.cancel()

    def try_move(self, move: Move) -> bool:
        """Judge ``move`` (legal in the puzzle's position): True when it solves the puzzle."""
        if self.phase != Phase.OPEN:
            return False
        start = self.puzzle_state()
        text = start.move_text(move)
        if self.puzzle.solves(text):
            self.phase = Phase.SOLVED
            clean = self.tries == 0 and not self.hinted
            self._note(True, clean)
            said = (
                N_("Solved at the first try!")
                if clean
                else Words("Solved, after {n} tries.", n=self.tries + 1)
            )
            self.message = Words("{said} {why}", said=said, why=self.why_best())
            self._show_line(start, list(self.puzzle.line), skip_first=False)
            return True
        self.tries += 1
        self.message = self.why_wrong(text)
        if self.tries >= MAX_TRIES:
            self.show_answer(after_tries=True)
            return False
        reply = self.puzzle.replies.get(text, "")
        self._show_line(start, [text] + ([reply] if reply else []), skip_first=False)
        self.phase = Phase.PUNISHED
        self.return_to_puzzle = True
        return False

    def why_wrong(self, text: str) -> Words:
        """Why ``text`` is not the answer, in a player's words, from the stored check."""
        score = self.puzzle.scores.get(text)
        best = self.puzzle.best_score
        reply = self.puzzle.replies.get(text, "")
        other = self.sides[1 - self.to_move]
        if score is None:
            return Words("{move} is not the answer.", move=text)
        if score <= -DECIDED:
            if reply:
                return Words(
                    "{move} loses the game: {side} answers {reply}.", move=text, side=other, reply=reply
                )
            return Words("{move} loses the game.", move=text)
        if best >= DECIDED:
            if reply:
                return Words(
                    "{move} lets the win go: {side} answers {reply}. There is a move that wins.",
                    move=text,
                    side=other,
                    reply=reply,
                )
            return Words("{move} lets the win go. There is a move that wins.", move=text)
        worse = units(self.set.game, self.set.side, round(best - score))
        if reply:
            return Words(
                "{move} is {amount} worse than the best move: {side} answers {reply}.",
                move=text,
                amount=worse,
                side=other,
                reply=reply,
            )
        return Words("{move} is {amount} worse than the best move.", move=text, amount=worse)

    def why_best(self) -> Words:
        """What the answer does, from the stored check, with its line."""
        best = self.puzzle.best_score
        others = [v for k, v in self.puzzle.scores.items() if k != self.puzzle.answer]
        line = Words("The line: {moves}.", moves=", ".join(self.puzzle.line))
        if best >= DECIDED:
            return Words("{move} wins the game by force. {line}", move=self.puzzle.answer, line=line)
        if not others or max(others) <= -DECIDED:
            return Words("Every other move loses the game. {line}", line=line)
        gap = units(self.set.game, self.set.side, round(best - max(others)))
        return Words("Every other move is at least {amount} worse. {line}", amount=gap, line=line)

    # --- help ------------------------------------------------------------------------------------
    def hint(self) -> Words:
        """Which piece or hole the answer starts from (a drop: three points, one of them the
        answer's); the streak is broken."""
        if self.phase != Phase.OPEN:
            return Words("{text}", text=self.message)
        start = self.puzzle_state()
        move = start.parse_move(self.puzzle.answer)
        game = start.game
        self.hinted = True
        if (
            move.kind in (MoveKind.DROP,)
            or len(move.path) == 1
            and move.kind not in (MoveKind.SOW, MoveKind.SINGLE)
        ):
            others = sorted(
                {m.path[0] for m in start.legal_moves() if m.kind == move.kind and m.path[0] != move.path[0]},
                key=lambda c: (self.puzzle.scores.get(start.move_text(_drop(start, c, move.kind)), 0.0), c),
                reverse=True,
            )[:2]
            self.hint_cells = tuple(sorted((move.path[0], *others)))
            self.message = N_("Hint: the piece goes on one of the marked points.")
        elif move.kind in (MoveKind.SOW, MoveKind.SINGLE):
            self.hint_cells = (move.path[0],)
            self.message = Words("Hint: sow from {hole}.", hole=game.point_name(move.path[0]))
        else:
            self.hint_cells = (move.path[0],)
            self.message = Words("Hint: move the piece on {point}.", point=game.point_name(move.path[0]))
        return Words("{text}", text=self.message)

    def show_answer(self, after_tries: bool = False) -> None:
        """The answer's line shown on the board from the puzzle's position; the puzzle is failed
        (unless it was already solved: then the line is shown again)."""
        start = self.puzzle_state()
        if self.phase in (Phase.OPEN, Phase.PUNISHED):
            self._note(False, False)
            self.phase = Phase.SHOWN
            answer = Words("The answer is {move}. {why}", move=self.puzzle.answer, why=self.why_best())
            self.message = (
                Words("{said} {answer}", said=self.message, answer=answer) if after_tries else answer
            )
        self.return_to_puzzle = False
        self._show_line(start, list(self.puzzle.line), skip_first=False)

    def replay(self) -> None:
        """The answer's line again (once the puzzle is over)."""
        if self.finished:
            self._show_line(self.puzzle_state(), list(self.puzzle.line), skip_first=False)

    # --- the moves shown ---------------------------------------------------------------------------
    def _show_line(self, start: State, line: list[str], skip_first: bool) -> None:
        """Put the puzzle's position on the board and queue ``line``'s moves to show."""
        work = start.copy()
        self.board = PuzzleBoard(start.copy(), self.sides, human_to_move=False)
        self.queue = []
        for text in line:
            try:
                move = work.parse_move(text)
            except ValueError:
                break
            self.queue.append(Shown(move, work.to_move, work.effects(move), work.pieces(), text))
            work.apply(move)

    def take_shown(self) -> Shown | None:
        """The next move to show: it is played on the board now (the screen animates it from
        its ``before``); None when the line is over."""
        if not self.queue:
            return None
        shown = self.queue.pop(0)
        state = self.board.state.copy()
        state.apply(shown.move)
        self.board = PuzzleBoard(
            state,
            self.sides,
            human_to_move=False,
            last_move=shown.move,
            last_effects=shown.effects,
            last_mover=shown.mover,
        )
        return shown

    def line_over(self) -> None:
        """The screen has shown every queued move: after a wrong try, the puzzle again."""
        if self.return_to_puzzle and not self.queue:
            self.return_to_puzzle = False
            self.board = PuzzleBoard(self.puzzle_state(), self.sides)
            self.phase = Phase.OPEN

    def _note(self, solved: bool, clean: bool) -> None:
        self.record.note(self.puzzle.id, solved, clean)
        self.problem = save_record(self.record, self.path)

    # --- what the screen says ------------------------------------------------------------------------
    @property
    def grade_words(self) -> Words:
        return Words("Grade {grade} of 3", grade=self.puzzle.grade)

    @property
    def counter_words(self) -> Words:
        return Words("Puzzle {n} of {total}", n=self.index + 1, total=len(self.set.puzzles))

    @property
    def tries_words(self) -> Words:
        return Words("Wrong tries: {n} of {most}", n=self.tries, most=MAX_TRIES)

    @property
    def streak_words(self) -> Words:
        return Words("Streak: {n} (best {best})", n=self.record.streak, best=self.record.best_streak)

    @property
    def record_words(self) -> Words:
        return Words(
            "Solved in this set: {n} of {total}",
            n=self.record.solved_in(self.set.puzzles),
            total=len(self.set.puzzles),
        )

    @property
    def result_words(self) -> str:
        last = self.record.result(self.puzzle.id)
        if last == "solved":
            return N_("You have solved this one before.")
        if last == "failed":
            return N_("Last time the answer was shown.")
        return ""


def _drop(state: State, cell: int, kind: MoveKind) -> Move:
    """The one-cell move of ``kind`` at ``cell`` (for the hint's ordering)."""
    for m in state.legal_moves():
        if m.kind == kind and m.path[0] == cell:
            return m
    raise ValueError(cell)
