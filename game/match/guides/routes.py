"""What to tell a player on a line board (the war and hunt games), whose moves are routes of
pieces: whose turn and what to click, then what the selection allows next."""

from __future__ import annotations

from rules.kinds import NoteCode
from rules.words import N_, Words

from ..events import Said, Tone
from ..read import BoardSource


def intro(m: BoardSource) -> Said:
    b = m.builder
    who = m.side(m.state.to_move)
    removals = b.removal_points()
    if removals:
        names = ", ".join(m.state.game.point_name(p) for p in sorted(removals))
        return Said(
            Words(
                "{side} may huff ({points}): click the bracketed piece to remove it, or decline "
                "with 'Don't huff' and move as usual.",
                side=who,
                points=names,
            ),
            Tone.ACCENT,
        )
    if b.drop_points() and not b.piece_moves():
        return Said("Click an empty point to place a piece from your hand.")
    if NoteCode.CAPTURE_FORCED in m.note_codes and b.capturers():
        return Said(Words("{side} must capture: click a piece in a double ring.", side=who), Tone.ACCENT)
    if b.capturers():
        return Said("A capture is possible (pieces in a dashed ring), or make any other move.")
    return Said("Click one of your pieces, then a marked point — or drag it there.")


def guide(m: BoardSource) -> Said:
    b = m.builder
    name = m.state.game.point_name
    if len(b.path) == 1:
        if any(b.targets().values()):
            return Said(
                Words("The piece on {point} can capture: click a crossed diamond.", point=name(b.path[0]))
            )
        return Said(Words("Move the piece on {point} to a dot.", point=name(b.path[0])))
    if b.can_stop():
        return Said(
            "You may go on (marked points) or stop here: click the piece or 'Stop the chain here'.",
            Tone.ACCENT,
        )
    return Said("Keep jumping: the capture must go on to a crossed diamond.", Tone.ACCENT)


def help_line(m: BoardSource) -> str:
    if m.builder.drop_points():
        return N_("Click an empty point to place a piece from hand.")
    return N_(
        "Click a piece, then a marked point (dot: move, diamond: capture) — or drag it. Right-click cancels."
    )
