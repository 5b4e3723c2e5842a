"""What to tell a BattleHalma player: whose turn and what to click, then what the chosen piece
may do (its directions in words, since a counter never goes back toward its own yard), and how
to stop a chain of leaps."""

from __future__ import annotations

from rules.battlehalma import COUNTER_DIRS, FORBIDDEN_WORDS
from rules.kinds import NoteCode, PieceKind
from rules.words import N_, Words

from ..events import Said, Tone
from ..read import BoardSource

WORDS = {
    "N": N_("north"),
    "NE": N_("north-east"),
    "E": N_("east"),
    "SE": N_("south-east"),
    "S": N_("south"),
    "SW": N_("south-west"),
    "W": N_("west"),
    "NW": N_("north-west"),
}


def allowed_directions(owner: int, kind: PieceKind) -> tuple[str, ...]:
    """The compass directions a piece may step or leap in (RULES-SPEC 5)."""
    return tuple(WORDS) if kind == PieceKind.KING else COUNTER_DIRS[owner]


def intro(m: BoardSource) -> Said:
    who = m.side(m.state.to_move)
    if NoteCode.GOAL_REACHABLE in m.note_codes:
        return Said(
            Words("{side} can reach the enemy corner (gold frame) and win: look for it.", side=who),
            Tone.ACCENT,
        )
    if NoteCode.PROMOTION_AVAILABLE in m.note_codes:
        return Said(Words("{side} can crown a king on the enemy corner (gold frame).", side=who), Tone.ACCENT)
    if m.builder.capturers():
        return Said(
            Words(
                "{side} to move: pieces in a dashed ring can capture (never forced). Click a piece, "
                "then a marked square.",
                side=who,
            )
        )
    return Said(Words("{side} to move: click a piece, then a marked square — or drag it there.", side=who))


def guide(m: BoardSource) -> Said:
    b = m.builder
    name = m.state.game.point_name
    if len(b.path) == 1:
        owner, kind = m.pieces_now[b.path[0]]
        where = name(b.path[0])
        if kind == PieceKind.KING:
            head = Words(
                "The king on {point} goes all eight ways, and takes the enemies it leaps.", point=where
            )
        else:
            head = Words(
                "The counter on {point} goes the ways of its arrows, never {way}.",
                point=where,
                way=FORBIDDEN_WORDS[owner],
            )
        if any(b.targets().values()):
            return Said(Words("{head} Dots: a step or the first leap. Diamonds capture.", head=head))
        return Said(Words("{head} Dots: a step or the first leap.", head=head))
    if b.targets():
        return Said(
            "Leap again (the marked squares) or stop here: click the piece again, or 'Stop the chain "
            "here' (S).",
            Tone.ACCENT,
        )
    return Said("Click the piece again (or S) to stop here: no leap goes on.", Tone.ACCENT)


def help_line(m: BoardSource) -> str:
    if len(m.builder.path) > 1:
        return N_(
            "Leaps go on square by square: click the piece again to stop. Right-click cancels the chain."
        )
    return N_(
        "Click a piece, then a marked square (dot: move, diamond: capture) — or drag it. Right-click cancels."
    )
