"""Reproducible BattleHalma positions for the screenshots, the UI tests and the frame-time
benchmark, found by seeded random play (``game.scenarios.find``): nothing is hard-coded."""

from __future__ import annotations

from typing import Any

from rules import State
from rules.kinds import EndCode, MoveKind, PieceKind
from tools.scenarios import find

PROMOTION_3: dict[str, Any] = {"rule": "promotion", "size": 8, "counters": 3}
TERMINAL_6: dict[str, Any] = {"rule": "terminal", "size": 8, "counters": 6}


def chain_moves(state: State, hops: int = 2) -> list:
    """Leaps of ``hops`` hops or more that can also be clicked along another route."""
    return [
        m
        for m in state.legal_moves()
        if m.kind == MoveKind.LEAP and len(m.path) > hops and len(state.routes(m, limit=2)) > 1  # type: ignore[attr-defined]
    ]


def longest_chain(state: State):
    """The move with the longest route of leaps (for the benchmark and the chain screenshot)."""
    return max(
        (m for m in state.legal_moves() if m.kind in (MoveKind.LEAP, MoveKind.LEAP_KING)),
        key=lambda m: len(m.path),
    )


def chain_position(**options: Any) -> State:
    """The side to move has a leap chain of two hops or more that another route also reaches."""
    return find("battlehalma", lambda s: s.ply >= 6 and bool(chain_moves(s)), range(200), 400, **options)


def crowning_position() -> State:
    """A counter can be crowned this move (promotion rule, 3 counters: the corners are near)."""
    return find(
        "battlehalma",
        lambda s: any(m.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING) for m in s.legal_moves()),
        range(200),
        600,
        **PROMOTION_3,
    )


def king_position() -> State:
    """A king is on the board, with the side that owns it to move."""

    def has_king(s: State) -> bool:
        return any(k == PieceKind.KING and o == s.to_move for o, k in s.pieces().values())

    return find("battlehalma", has_king, range(200), 600, **PROMOTION_3)


def terminal_win() -> State:
    """A game won by the terminal rule (a counter reached the enemy corner)."""

    def won(s: State) -> bool:
        out = s.outcome()
        return out is not None and out.code == EndCode.TERMINAL

    return find("battlehalma", won, range(200), 2000, **TERMINAL_6)


def king_takes(state: State) -> list:
    """The king's leaps that take an enemy it jumps over (not only the one it lands on)."""
    pieces = state.pieces()
    return [
        m
        for m in state.legal_moves()
        if m.kind == MoveKind.LEAP
        and pieces[m.path[0]][1] == PieceKind.KING
        and any(c != m.path[-1] for c in m.captured)
    ]


def king_capture_position() -> State:
    """A king to move can leap over an enemy and take it."""
    return find("battlehalma", lambda s: bool(king_takes(s)), range(400), 800, **PROMOTION_3)
