"""What a match says in words: a move as the log tells it, whose turn it is, the line under the
board, who plays each side, the rules in force. Pure functions of the match (no pygame), so the
words are tested without a window and the panel only draws them."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rules import Effect, Move, Outcome
from rules.kinds import EffectKind
from rules.words import N_, Words

from ..config import Controller, Mode
from .numbering import move_label, turn_numbers

if TYPE_CHECKING:
    from .model import Match


class LogEntry(NamedTuple):
    """One move of the move list: its place in the history (1: the first), who made it, the
    move in notation, and the move in words (what the panel says when it lands)."""

    ply: int
    mover: int
    notation: str
    words: str


def log_rows(log: list[LogEntry]) -> list[tuple[int, list[LogEntry | None]]]:
    """The move list as the best apps lay it out: a row per turn (``numbering.turn_numbers``,
    the one numbering of moves), the first player's move on the left and the second's on the
    right. A side that moves twice running (a huff, a sowing again) starts a new row, so every
    move keeps its own cell."""
    rows: list[tuple[int, list[LogEntry | None]]] = []
    for number, entry in zip(turn_numbers([e.mover for e in log]), log):
        if not rows or rows[-1][0] != number:
            rows.append((number, [None, None]))
        rows[-1][1][entry.mover] = entry
    return rows


def label_of(m: Match, ply: int) -> str:
    """The label of move ``ply`` of the move list (1: the first), '9.' or '9…', as the list
    numbers it ('' for a move it does not hold)."""
    movers = [e.mover for e in m.log[:ply]]
    return move_label(turn_numbers(movers)[-1], movers[-1]) if 0 < ply <= len(movers) else ""


def move_named(m: Match, ply: int) -> str:
    """Move ``ply`` by its label and side, as the look back names it: 'Move 9…, North'."""
    entry = m.log[ply - 1] if 0 < ply <= len(m.log) else None
    if entry is None:
        return Words("Move {n}", n=ply)
    return Words("Move {label}, {side}", label=label_of(m, ply), side=m.side(entry.mover))


def headline(outcome: Outcome, sides: tuple[str, str], you: int | None = None) -> str:
    """'North wins', 'Leopards win', 'A draw'; to a player who played ``you`` against the
    computer, 'You won' or 'You lost'."""
    if outcome.winner is None:
        return "A draw"
    if you is not None:
        return N_("You won") if outcome.winner == you else N_("You lost")
    side = sides[outcome.winner]
    return Words("{side} win", side=side) if named_in_plural(side) else Words("{side} wins", side=side)


def moves_now(side: str) -> str:
    """'North moves', 'Cows move': a side named in the plural takes the plural verb."""
    return Words("{side} move", side=side) if named_in_plural(side) else Words("{side} moves", side=side)


def named_in_plural(side: str) -> bool:
    """Whether a side's name is a plural ('Cows', 'Leopards', 'Tigers'), which takes a plural verb
    and an apostrophe alone as an owner ('Leopards' chances'), where 'Tiger', 'North' or 'Red'
    takes the singular."""
    return side.endswith("s")


def agreeing(side: str, singular: str, plural: str, **values: object) -> Words:
    """The sentence ``singular`` or ``plural`` (each marked ``N_`` where written) as ``side``'s
    name agrees, with ``side`` and ``values`` filled in: 'Tiger is the computer', 'Leopards are
    the computer'."""
    return Words(plural if named_in_plural(side) else singular, side=side, **values)


def describe(m: Match, move: Move, mover: int, effects: list[Effect], notation: str) -> str:
    """A move in words for the move list, notation first: 'South: e3xe5xc5, took 2', 'North:
    b3x, took 6 stones', 'Leopards: @e5, placed from hand', 'South: ~f5, huffed North's piece'.
    ``notation`` is the move as the position before it writes it (``State.move_text``: the one
    notation of the move list, the saves and the analysis). Each is one whole template (a
    translation may order it as its language needs); ``sentence`` makes it the panel's sentence."""
    who = m.side(mover)
    stones = sum(e.count for e in effects if e.kind == EffectKind.CAPTURE)
    if len(move.path) == 1 and effects and effects[0].kind == EffectKind.REMOVE:
        return Words(
            "{side}: {move}, huffed {other}'s piece", side=who, move=notation, other=m.side(mover ^ 1)
        )
    if len(move.path) == 1 and effects and effects[0].kind == EffectKind.PLACE:
        return Words("{side}: {move}, placed from hand", side=who, move=notation)
    pieces = sum(1 for e in effects if e.kind == EffectKind.REMOVE)
    crowned = any(e.kind == EffectKind.PROMOTE for e in effects)
    if pieces and crowned:
        return Words.counted(
            "{side}: {move}, took {n}, crowned",
            "{side}: {move}, took {n}, crowned",
            pieces,
            side=who,
            move=notation,
        )
    if crowned:
        return Words("{side}: {move}, crowned", side=who, move=notation)
    if pieces:
        return Words.counted(
            "{side}: {move}, took {n}", "{side}: {move}, took {n}", pieces, side=who, move=notation
        )
    if stones:
        return Words.counted(
            "{side}: {move}, took {n} stone",
            "{side}: {move}, took {n} stones",
            stones,
            side=who,
            move=notation,
        )
    return Words("{side}: {move}", side=who, move=notation)


def controller_label(m: Match, player: int) -> str:
    if m.controllers[player] == Controller.COMPUTER:
        return Words("Computer ({level})", level=m.level_labels[player])
    if m.config.mode == Mode.PASS:
        return Words("Player {n}", n=player + 1)
    return N_("You")


def turn_parts(m: Match) -> tuple[str, str]:
    """The turn in words, as the turn box shows it: the head ('North to move') and what follows
    it ('capture is forced'), or the result."""
    if m.review.active:
        judged = m.review.judged_ply
        if judged is not None:  # a slip looked at: the move named, the position before it shown
            return move_named(m, judged), Words(
                "before it: best was {best}, marked on the board", best=m.review.judged_best
            )
        if not m.review.ply:
            return N_("The start"), N_("looking back; the game waits")
        return move_named(m, m.review.ply), N_("looking back; the game waits")
    if m.moving is not None:
        return moves_now(m.side(m.moving)), ""
    out = m.state.outcome()
    if out is not None:
        return "Game over", Words(
            "{headline}: {reason}", headline=headline(out, m.sides, m.lone_human), reason=out.reason
        )
    notes = [n.words for n in m.notes]
    rest = Words(
        "; ".join(f"{{note{i}}}" for i in range(len(notes))), **{f"note{i}": w for i, w in enumerate(notes)}
    )
    return Words("{side} to move", side=m.side(m.state.to_move)), rest if notes else ""


def turn_text(m: Match) -> str:
    """The turn in one line, e.g. 'North to move — capture is forced' (or the result)."""
    head, rest = turn_parts(m)
    return f"{head} — {rest}" if rest else str(head)


def help_text(m: Match) -> str:
    """The line under the board: what the pointer does now, or why it does nothing."""
    if m.review.active:
        return N_(
            "Looking back: ← → step through the moves, End (or a click on the board) returns to the game."
        )
    if m.state.outcome() is not None:
        return N_(
            "The game is over: Undo takes moves back, Menu starts another game; click a move to look back."
        )
    if m.config.mode == Mode.WATCH:
        return N_("Computer against computer: P pauses and resumes, N one move while paused, F1 the rules.")
    if not m.human_to_move:
        return Words(
            "Wait for {side} (the computer) to move. U undoes your last move.", side=m.side(m.state.to_move)
        )
    return m.guides.help_line(m)


def rules_in_force(m: Match) -> str:
    """The options the game names while it is played (``Option.in_play``), in words."""
    options = m.state.game.options
    shown = [o for o in m.spec.options if o.in_play and o.name in options]
    return (
        Words(
            " · ".join(f"{{label{i}}}: {{value{i}}}" for i in range(len(shown))),
            **{f"label{i}": o.label for i, o in enumerate(shown)},
            **{f"value{i}": o.label_of(options[o.name]) for i, o in enumerate(shown)},
        )
        if shown
        else ""
    )
