"""What to tell a player of a pit board: whose turn and what to click, after saying how the last
sowing ended (it slept, captured, or a relay cycle stopped it)."""

from __future__ import annotations

from rules.effects import CAPTURE, STOP

from ... import theme
from .. import MatchView


def last_stop(m: MatchView) -> str:
    """How the sowing just shown ended, in words ('' when nothing was just played)."""
    fx = m.last_effects
    if not fx or fx[-1].kind != STOP or m.last_move is None:
        return ""
    mover = m.state.to_move if fx[-1].detail == "capture" and "sow_again" in m.note_codes else None
    taken = sum(e.count for e in fx if e.kind == CAPTURE)
    if fx[-1].detail == "capture":
        who = m.side(mover) if mover is not None else "The sowing"
        return f"{who} captured {taken} stones." if mover is not None else f"Captured {taken} stones."
    if fx[-1].detail == "cycle":
        return "The relay went round in a cycle, so the sowing stopped."
    if fx[-1].detail == "limit":
        return f"The sowing reached {fx[-1].count:,} lifts (a house rule), so it stopped."
    who = m.side(m.last_mover) if m.last_mover is not None else "the sower"
    return f"The last stone fell into an empty hole: {who} sleeps, and the turn passes."


def holes_intro(m: MatchView) -> tuple[str, theme.Color]:
    player = m.state.to_move
    who = m.side(player)
    before = last_stop(m)
    prefix = f"{before} " if before else ""
    if "sow_again" in m.note_codes:
        return f"{prefix}{who} sows again: click any marked hole of yours.", theme.ACCENT
    if m.state.phase == "singles":
        return (f"{prefix}{who}: no hole has two stones — click a single stone (marked) to move it "
                "onto the empty hole after it.", theme.ACCENT)
    return f"{prefix}{who}: click a marked hole of yours to sow it (hover to see where it ends).", theme.TEXT


def holes_help(m: MatchView) -> str:
    return "Click a marked hole to sow it; hovering shows where it ends. Click during a sowing to skip it; F: speed."
