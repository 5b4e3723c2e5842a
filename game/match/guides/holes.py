"""What to tell a player of a pit board: whose turn and what to click, after saying how the last
sowing ended (it slept, captured, or a relay cycle stopped it)."""

from __future__ import annotations

from rules.effects import Effect
from rules.kinds import Detail, EffectKind, NoteCode, Phase
from rules.words import N_, Words

from ..events import Said, Tone
from ..read import BoardSource


def _taken(fx: list[Effect]) -> int:
    """Stones a sowing took: its captures come last, before its stop, so only the tail is read
    (a sowing can have hundreds of thousands of effects)."""
    taken = 0
    for e in reversed(fx):
        if e.kind == EffectKind.CAPTURE:
            taken += e.count
        elif e.kind != EffectKind.STOP:
            break
    return taken


def last_stop(m: BoardSource) -> str:
    """How the sowing just shown ended, in words ('' when nothing was just played)."""
    fx = m.last_effects
    if not fx or fx[-1].kind != EffectKind.STOP or m.last_move is None:
        return ""
    mover = (
        m.state.to_move if fx[-1].detail == Detail.CAPTURE and NoteCode.SOW_AGAIN in m.note_codes else None
    )
    taken = _taken(fx)
    if fx[-1].detail == Detail.CAPTURE:
        if mover is not None:
            return Words.counted(
                "{side} captured {n} stone.", "{side} captured {n} stones.", taken, side=m.side(mover)
            )
        return Words.counted("Captured {n} stone.", "Captured {n} stones.", taken)
    if fx[-1].detail == Detail.CYCLE:
        return N_("The relay went round in a cycle, so the sowing stopped.")
    if fx[-1].detail == Detail.LIMIT:
        return Words(
            "The sowing reached {lifts} lifts (a house rule), so it stopped.", lifts=f"{fx[-1].count:,}"
        )
    if m.last_mover is None:
        return N_("The last stone fell into an empty hole: the sower sleeps, and the turn passes.")
    return Words(
        "The last stone fell into an empty hole: {side} sleeps, and the turn passes.",
        side=m.side(m.last_mover),
    )


def intro(m: BoardSource) -> Said:
    player = m.state.to_move
    who = m.side(player)
    before = last_stop(m)
    if NoteCode.SOW_AGAIN in m.note_codes:
        said = Said(Words("{side} sows again: click any marked hole of yours.", side=who), Tone.ACCENT)
    elif m.state.phase == Phase.SINGLES:
        said = Said(
            Words(
                "{side}: no hole has two stones — click a single stone (marked) to move it onto the "
                "empty hole after it.",
                side=who,
            ),
            Tone.ACCENT,
        )
    else:
        said = Said(
            Words("{side}: click a marked hole of yours to sow it (hover to see where it ends).", side=who)
        )
    return Said(Words("{before} {guide}", before=before, guide=said.words), said.tone) if before else said


def guide(m: BoardSource) -> Said:
    return intro(m)


def help_line(m: BoardSource) -> str:
    return N_(
        "Click a marked hole to sow it; hovering shows where it ends. "
        "Click during a sowing to skip it; F: speed."
    )
