"""``keliya --analyse FILE``: a finished (or any) game looked over by the engine on the command
line, as the game screen does after a game: every move judged (an inaccuracy, a mistake or a
blunder, with the move the engine preferred), one move a line, or as JSON (``--json``).

FILE is a game saved or exported by Keliya, or a game copied as text ('-' reads the text from
standard input). What cannot be looked over (no such file, a folder, not text, not a game, a
changed or cut save, a position with no moves) is one line on stderr in a player's words and
exit status 2, never a traceback; the file is only read, never changed or moved. Progress goes
to stderr while it is a terminal. No pygame anywhere on this module's path.

Its words are English, as the rest of the command line's (``--list``, ``--help``): like
``game/launch.py`` it is no part of the app's catalogue.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TextIO

from rules import State, game_ids, game_spec
from rules.core import CUSTOM
from rules.words import Words, listing, words_of

from .match.analysis import COUNTED, MARKS, THRESHOLDS, GameAnalysis, Judgement, Verdict, accuracy, percent
from .match.numbering import move_labels
from .saves import HEADER, SavedMatch, read_game_or_position
from .userfiles import MAX_BYTES, UserFileError, decode_text, read_text_capped

if TYPE_CHECKING:
    from .ai.analysis import Point

#: the judge's work per position, for the tests only (smaller is faster); unset: the app's own
BUDGET_VARIABLE = "KELIYA_ANALYSIS_BUDGET"
STDIN = "-"
#: exit statuses: done, the engine failed, the input cannot be looked over, stopped with Ctrl+C
OK, FAILED, UNUSABLE, STOPPED = 0, 1, 2, 130


class Unusable(ValueError):
    """A text or file that cannot be looked over; the message says why in a player's words."""


class Row(NamedTuple):
    """One move judged, as both outputs give it (``ply`` 1: the first move of the record)."""

    ply: int
    number: str  # '9.' or '9…' (``game.match.numbering``)
    side: str
    move: str
    verdict: str  # good, inaccuracy, mistake or blunder
    loss: float
    before: float  # the mover's expected result (0..1) with the best move
    after: float  # ... and with the move played
    lost: float  # material given away by force
    best: str  # the engine's move when it preferred another, else ''
    why: str  # a ``Slip`` code
    choices: int  # the legal moves the mover had (1: forced, left out of the accuracy)


# --- reading ---------------------------------------------------------------------------------------
def read_source(source: str, stdin: TextIO | None = None) -> SavedMatch:
    """The game in the file ``source`` ('-': standard input), replayed through the rules;
    ``Unusable`` in a player's words if it cannot be looked over. Only reads."""
    if source == STDIN:
        stream = sys.stdin if stdin is None else stdin
        if stream is None:
            raise Unusable("there is no standard input to read")
        try:
            data = (
                stream.buffer.read(MAX_BYTES + 1)
                if hasattr(stream, "buffer")
                else stream.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
            )
        except (OSError, ValueError) as e:
            raise Unusable(f"standard input cannot be read ({e})") from None
        if len(data) > MAX_BYTES:
            raise Unusable(f"it is larger than {MAX_BYTES // 1000:,} KB, far more than Keliya ever writes")
        try:
            text = decode_text(data)
        except UserFileError as e:
            raise Unusable(words_of(e)) from None
    else:
        if not source.strip():
            raise Unusable("no file was named")
        path = Path(source)
        try:
            if path.is_dir():
                raise Unusable("it is a folder, not a game file")
            if not path.exists():
                raise Unusable("there is no such file")
        except OSError as e:  # a name the system refuses (too long, say)
            raise Unusable(f"it cannot be read ({e.strerror or e})") from None
        try:
            text = read_text_capped(path)
        except UserFileError as e:
            raise Unusable(words_of(e)) from None
    return read_text(text)


def read_text(text: str) -> SavedMatch:
    """A saved game or a copied game text, replayed; ``Unusable`` if there is nothing to look over."""
    stripped = text.strip()
    if not stripped:
        raise Unusable("it is empty")
    first = stripped.split(None, 1)[0].rstrip(";")
    if not stripped.startswith(HEADER) and first not in game_ids():
        raise Unusable(
            "it is neither a game saved by Keliya nor a game copied as text "
            "('Copy the game as text' in the pause menu)"
        )
    try:
        match = read_game_or_position(stripped)
    except ValueError as e:
        raise Unusable(words_of(e)) from None
    if not match.state.history():
        raise Unusable(
            "it holds a position with no moves: there is nothing to look over"
            if not stripped.startswith(HEADER)
            else "the game has no moves yet: there is nothing to look over"
        )
    return match


# --- looking over ----------------------------------------------------------------------------------
def budget_from_environment() -> int | None:
    """The judge's work per position the tests ask for (``KELIYA_ANALYSIS_BUDGET``), if any."""
    text = os.environ.get(BUDGET_VARIABLE, "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


class StepRunner:
    """The engine in this process, one position a ``poll()``: what ``GameAnalysis`` wants from a
    runner, for the command line (nothing to keep responsive, so no process of its own)."""

    def __init__(self, start: str, moves: list[str], budget: int | None = None) -> None:
        from .ai.analysis import analyse

        self._points: Iterator[Point] = (
            analyse(start, moves) if budget is None else analyse(start, moves, budget=budget)
        )
        self.done = False
        self.error = ""

    def poll(self) -> list[Point]:
        if self.done:
            return []
        try:
            return [next(self._points)]
        except StopIteration:
            self.done = True
        except Exception as e:  # noqa: BLE001 - said as the engine's failure, not a traceback
            self.done, self.error = True, f"{type(e).__name__}: {e}"
        return []

    def cancel(self) -> None:
        self.done = True


def look_over(
    match: SavedMatch, budget: int | None = None, progress: Callable[[int, int], None] | None = None
) -> list[Row]:
    """Every move of ``match`` judged by the engine (``budget``: its work per position, None the
    app's); ``progress(done, total)`` after each position. RuntimeError if the engine fails."""
    analysis = GameAnalysis(match.state, lambda start, moves: StepRunner(start, moves, budget))
    while not analysis.done:
        if analysis.poll() and progress is not None:
            progress(len(analysis.points), analysis.total)
    if analysis.error:
        raise RuntimeError(analysis.error)
    judgements = analysis.judgements()
    if len(judgements) != len(analysis.moves):
        raise RuntimeError(f"the engine valued {len(analysis.points)} of {analysis.total} positions")
    sides = match.state.game.sides
    labels = move_labels([j.mover for j in judgements])
    return [
        Row(
            j.ply,
            label,
            sides[j.mover],
            analysis.moves[j.ply - 1],
            j.verdict.value,
            j.loss,
            j.before,
            j.after,
            j.lost,
            j.best,
            j.why.value,
            j.choices,
        )
        for j, label in zip(judgements, labels)
    ]


# --- saying it -------------------------------------------------------------------------------------
def rules_named(state: State) -> str:
    """The variant, or the options in play and those not at their defaults: 'Capture rule: Huff'."""
    spec, options = state.game.spec, state.game.options
    variant = spec.variant_of(options) if spec.variants else CUSTOM
    covered = set(spec.variants.get(variant, {}))
    parts = [variant] if variant != CUSTOM else []
    for opt in spec.options:
        if opt.name in covered or opt.name not in options or not opt.applies_to(options):
            continue
        if opt.in_play or options[opt.name] != opt.default:
            parts.append(f"{opt.label}: {opt.label_of(options[opt.name])}")
    return "; ".join(parts) if parts else "the default rules"


def header(match: SavedMatch) -> str:
    """'Kotu Ellima (Capture rule: Huff (traditional)): 41 moves; South wins: ...'."""
    state = match.state
    name = game_spec(state.game.id).name
    moves = len(state.history())
    played = f"{moves} move" if moves == 1 else f"{moves} moves"
    out = state.outcome()
    if out is None:
        result = "not finished"
    else:
        side = state.game.sides[out.winner] if out.winner is not None else ""
        result = "a draw" if out.winner is None else f"{side} win" if side.endswith("s") else f"{side} wins"
        result += f": {out.reason}" if out.reason else ""
    return f"{name} ({rules_named(state)}): {played}; {result}"


def summary(rows: list[Row], sides: tuple[str, str]) -> str:
    """'South: 83% accuracy, 1 blunder, 2 mistakes; North: 97% accuracy, no slip.' (the accuracy
    as the game screen gives it: ``game.match.analysis.accuracy``)."""
    judged = [
        Judgement(
            r.ply, sides.index(r.side), r.loss, Verdict(r.verdict), r.best, r.before, r.after, r.lost
        )._replace(choices=r.choices)
        for r in rows
    ]
    parts = []
    for player, side in enumerate(sides):
        counts = [(v, sum(r.side == side and r.verdict == v.value for r in rows)) for _, v in THRESHOLDS]
        words = [str(Words.counted(*COUNTED[v], n)) for v, n in counts if n] or ["no slip"]
        share = accuracy(judged, player)
        if share is not None:
            words.insert(0, f"{percent(share)} accuracy")
        parts.append(f"{side}: {listing(words)}")
    return "; ".join(parts) + "."


def text_report(match: SavedMatch, rows: list[Row], arrow: str = "→") -> str:
    """A header, one move a line ('9…  North  c3-d4  ?   0.62 → 0.31  best was b2-c3'), a summary."""
    sides = match.state.game.sides
    widths = [max((len(getattr(r, f)) for r in rows), default=0) for f in ("number", "side", "move")]
    lines = [header(match)]
    for r in rows:
        mark = MARKS[Verdict(r.verdict)]
        line = (
            f"{r.number:>{widths[0]}}  {r.side:<{widths[1]}}  {r.move:<{widths[2]}}  {mark:<2}  "
            f"{r.before:.2f} {arrow} {r.after:.2f}"
        )
        if r.best:
            line += f"  best was {r.best}"
        lines.append(line.rstrip())
    lines.append(summary(rows, sides))
    return "\n".join(lines)


def json_report(rows: list[Row]) -> str:
    """A JSON list, one object a move (a line each), with the keys of ``Row``."""
    objects = [
        json.dumps(
            {
                **r._asdict(),
                "loss": round(r.loss, 4),
                "before": round(r.before, 4),
                "after": round(r.after, 4),
                "lost": round(r.lost, 4),
            }
        )
        for r in rows
    ]
    return "[\n" + ",\n".join(objects) + "\n]"


def _writable(text: str, stream: TextIO) -> str:
    """``text`` with '→' and '…' spelt in ASCII when ``stream`` cannot write them (a legacy console)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
        return text
    except (UnicodeEncodeError, LookupError):
        return text.replace("→", "->").replace("…", "...")


# --- the command ------------------------------------------------------------------------------------
def main(
    source: str,
    as_json: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
    budget: int | None = None,
) -> int:
    """Look the game in ``source`` over and print it; the exit status (0, or 2 for an input that
    cannot be looked over, 1 if the engine fails, 130 when stopped with Ctrl+C)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    shown = "standard input" if source == STDIN else source if source.strip() else "''"
    try:
        match = read_source(source)
    except Unusable as e:
        _say(err, f"keliya: {shown} cannot be looked over: {words_of(e).rstrip('.')}.")
        return UNUSABLE
    attended = err is not None and hasattr(err, "isatty") and err.isatty()

    def progress(done: int, total: int) -> None:
        if attended:
            print(f"\ranalysing {done} of {total} positions", end="", file=err, flush=True)

    status, problem = OK, ""
    try:
        rows = look_over(match, budget if budget is not None else budget_from_environment(), progress)
    except KeyboardInterrupt:
        status, problem = STOPPED, "keliya: the analysis was stopped."
    except RuntimeError as e:
        status, problem = FAILED, f"keliya: the analysis failed ({e})."
    if attended:
        print("\r\033[K", end="", file=err, flush=True)  # the progress line goes
    if problem:
        _say(err, problem)
        return status
    if out is not None:
        report = json_report(rows) if as_json else _writable(text_report(match, rows), out)
        print(report, file=out, flush=True)
    return OK


def _say(err: TextIO | None, message: str) -> None:
    if err is not None:
        print(_writable(message, err), file=err, flush=True)
