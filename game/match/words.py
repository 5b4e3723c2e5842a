"""What a match says in words: a move as the log tells it, whose turn it is, the line under the
board, who plays each side, the rules in force. Pure functions of the match (no pygame), so the
words are tested without a window and the panel only draws them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from rules import Effect, Move, Outcome
from rules.effects import CAPTURE, PLACE, PROMOTE, REMOVE

from ..config import COMPUTER, PASS_AND_PLAY, WATCH

if TYPE_CHECKING:
    from .model import Match

_CELL_NAME = re.compile(r"^[a-z]\d")


class LogEntry(NamedTuple):
    """One move of the move list: its place in the history (1: the first), who made it, the
    move in notation, and the move in words (what the panel says when it lands)."""

    ply: int
    mover: int
    notation: str
    words: str


def log_rows(log: list[LogEntry]) -> list[tuple[int, list[LogEntry | None]]]:
    """The move list as the best apps lay it out: a numbered row per turn pair, the first
    player's move on the left and the second's on the right. A side that moves twice running (a
    huff, a sowing again) starts a new row, so every move keeps its own cell."""
    rows: list[tuple[int, list[LogEntry | None]]] = []
    for entry in log:
        if not rows or rows[-1][1][entry.mover] is not None or (entry.mover == 0 and rows[-1][1][1] is not None):
            rows.append((len(rows) + 1, [None, None]))
        rows[-1][1][entry.mover] = entry
    return rows


def headline(outcome: Outcome, sides: tuple[str, str]) -> str:
    """'North wins', 'Leopards win', 'A draw'."""
    if outcome.winner is None:
        return "A draw"
    side = sides[outcome.winner]
    return f"{side} win" + ("" if side.endswith("s") else "s")


def sentence(reason: str) -> str:
    """A reason as a sentence: capitalised (point names such as 'e5' keep their case), a full stop."""
    words = reason if _CELL_NAME.match(reason) else reason[:1].upper() + reason[1:]
    return words + ("" if reason.endswith(".") else ".")


def verb(subject: str, singular: str, plural: str) -> str:
    """'North moves', 'Cows move': a side named in the plural takes the plural verb."""
    return f"{subject} {plural if subject.endswith('s') else singular}"


def describe(m: Match, move: Move, mover: int, effects: list[Effect]) -> str:
    """A move in words for the panel, notation first as in the move list: 'South: e3xe5xc5,
    took 2', 'North: b3, took 6 stones', 'Leopards: @e5, placed from hand', 'South: ~f5, huffed
    North's piece'."""
    who = m.side(mover)
    notation = m.state.game.format_move(move)
    if len(move.path) == 1 and effects and effects[0].kind == REMOVE:
        return f"{who}: {notation}, huffed {m.side(mover ^ 1)}'s piece."
    if len(move.path) == 1 and effects and effects[0].kind == PLACE:
        return f"{who}: {notation}, placed from hand."
    pieces = sum(1 for e in effects if e.kind == REMOVE)
    stones = sum(e.count for e in effects if e.kind == CAPTURE)
    took = f", took {pieces}" if pieces else f", took {stones} stone{'s' if stones > 1 else ''}" if stones else ""
    if any(e.kind == PROMOTE for e in effects):
        took += ", crowned"
    return f"{who}: {notation}{took}."


def controller_label(m: Match, player: int) -> str:
    if m.controllers[player] == COMPUTER:
        return f"Computer ({m.level_labels[player]})"
    if m.config.mode == PASS_AND_PLAY:
        return f"Player {player + 1}"
    return "You"


def turn_text(m: Match) -> str:
    """The turn in words, e.g. 'North to move — capture is forced' (or the result)."""
    if m.review.active:
        return f"Move {m.review.ply} of {len(m.state.history())} — looking back; the game waits"
    if m.moving is not None:
        return verb(m.side(m.moving), "moves", "move")
    out = m.state.outcome()
    if out is not None:
        return f"Game over — {headline(out, m.sides)}: {out.reason}"
    head = f"{m.side(m.state.to_move)} to move"
    notes = [n.words for n in m.notes]
    return head + (" — " + "; ".join(notes) if notes else "")


def help_text(m: Match) -> str:
    """The line under the board: what the pointer does now, or why it does nothing."""
    if m.review.active:
        return "Looking back: ← → step through the moves, End (or a click on the board) returns to the game."
    if m.state.outcome() is not None:
        return "The game is over: Undo takes moves back, Menu starts another game; click a move to look back."
    if m.config.mode == WATCH:
        return "Computer against computer: P pauses and resumes, N one move while paused, F1 the rules."
    if not m.human_to_move:
        return f"Wait for {m.side(m.state.to_move)} (the computer) to move. U undoes your last move."
    return m.guides.help_line(m)


def rules_in_force(m: Match) -> str:
    """The options the game names while it is played (``Option.in_play``), in words."""
    options = m.state.game.options
    return " · ".join(f"{o.label}: {o.label_of(options[o.name])}" for o in m.spec.options
                      if o.in_play and o.name in options)
