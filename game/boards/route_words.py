"""What to tell a player on a board whose moves are routes of pieces (line boards, square
grids): whose turn and what to click, then what the selection allows next."""

from __future__ import annotations

from .. import theme
from . import MatchView


def route_intro(m: MatchView) -> tuple[str, theme.Color]:
    b = m.builder
    player = m.state.to_move
    who = m.side(player)
    removals = b.removal_points()
    if removals:
        names = ", ".join(m.state.game.point_name(p) for p in sorted(removals))
        return (f"{who} may huff ({names}): click the bracketed piece to remove it, or decline "
                "with 'Don't huff' and move as usual.", theme.ACCENT)
    if b.drop_points() and not b.piece_moves():
        return "Click an empty point to place a piece from your hand.", theme.TEXT
    if "capture_forced" in m.note_codes and b.capturers():
        return f"{who} must capture: click a piece in a double ring.", theme.ACCENT
    if b.capturers():
        return "A capture is possible (pieces in a dashed ring), or make any other move.", theme.TEXT
    return "Click one of your pieces, then a marked point — or drag it there.", theme.TEXT


def route_guide(m: MatchView) -> tuple[str, theme.Color]:
    b = m.builder
    name = m.state.game.point_name
    if len(b.path) == 1:
        if any(b.targets().values()):
            return f"The piece on {name(b.path[0])} can capture: click a crossed diamond.", theme.TEXT
        return f"Move the piece on {name(b.path[0])} to a dot.", theme.TEXT
    if b.can_stop():
        return ("You may go on (marked points) or stop here: click the piece or 'Stop the chain here'.",
                theme.ACCENT)
    return "Keep jumping: the capture must go on to a crossed diamond.", theme.ACCENT
