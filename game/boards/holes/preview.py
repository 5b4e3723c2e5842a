"""What hovering a legal pit shows before it is clicked, read from ``state.effects(move)``: how
many stones each pit receives, the counts afterwards, where the sowing ends and what it takes."""

from __future__ import annotations

from dataclasses import dataclass

from rules import Effect, Move, State
from rules.effects import replay_counts
from rules.kinds import Detail, EffectKind
from rules.words import Words, listing


@dataclass(frozen=True)
class Preview:
    origin: int
    received: dict[int, int]  # stones dropped into each pit (relayed pits count what fell in)
    final: dict[int, int]  # every pit's count once the sowing is over
    end: int  # the pit the last stone falls in
    captured: tuple[int, ...]  # the opponent's pits emptied
    taken: int
    relays: int
    stop: Detail  # SLEEP, CAPTURE, CYCLE or LIMIT
    lifts: int  # the lifts made, when a cycle or the limit stopped the sowing

    def words(self, name, explain: bool = False) -> str:
        """One line for the board: 'b1: 9 stones sown, 2 relays, ends in d2 — captures 5'.
        ``explain``: say what "sleeps" means (until the player has seen it happen)."""
        sown = sum(self.received.values())
        parts = [
            Words.counted("{pit}: {n} stone sown", "{pit}: {n} stones sown", sown, pit=name(self.origin))
        ]
        if self.relays:
            parts.append(Words.counted("{n} relay", "{n} relays", self.relays))
        parts.append(Words("ends in {pit}", pit=name(self.end)))
        text = listing(parts)
        if self.stop == Detail.CAPTURE:
            return Words("{sowing} — captures {n}", sowing=text, n=self.taken)
        if self.stop == Detail.CYCLE:
            return Words("{sowing} — a relay cycle stops it", sowing=text)
        if self.stop == Detail.LIMIT:
            return Words("{sowing} — stopped at {lifts} lifts", sowing=text, lifts=f"{self.lifts:,}")
        if explain:
            return Words("{sowing} — then sleeps: the turn passes", sowing=text)
        return Words("{sowing} — then sleeps", sowing=text)


def end_captures(effects: list[Effect]) -> list[Effect]:
    """A sowing's captures: they come last, before its stop, so only the tail is read (a sowing
    can have hundreds of thousands of effects, and this is asked every frame)."""
    out: list[Effect] = []
    for e in reversed(effects):
        if e.kind == EffectKind.CAPTURE:
            out.append(e)
        elif e.kind != EffectKind.STOP:
            break
    return out[::-1]


def last_end(effects: list[Effect]) -> int | None:
    """The pit where a move's sowing ended (its stop), or None when the move was no sowing."""
    return effects[-1].cell if effects and effects[-1].kind == EffectKind.STOP else None


def preview(state: State, move: Move, effects: list[Effect]) -> Preview:
    counts = state.counts()
    final, taken = replay_counts(counts, effects)
    received: dict[int, int] = {}
    # locals: an enum's attribute is a slow read, and a sowing can have 100,000 effects
    drop, relay, capture = EffectKind.DROP, EffectKind.RELAY, EffectKind.CAPTURE
    for e in effects:
        if e.kind == drop:
            received[e.cell] = received.get(e.cell, 0) + 1
    stop = next((e for e in reversed(effects) if e.kind == EffectKind.STOP), None)
    return Preview(
        origin=move.origin,
        received=received,
        final=final,
        end=stop.cell if stop is not None else move.origin,
        captured=tuple(e.cell for e in effects if e.kind == capture),
        taken=sum(taken),
        relays=sum(1 for e in effects if e.kind == relay),
        stop=Detail(stop.detail) if stop is not None else Detail.SLEEP,
        lifts=stop.count if stop is not None else 0,
    )
