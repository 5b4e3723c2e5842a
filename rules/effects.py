"""What a move does, as an ordered list of effects (after Ludii's moves as lists of actions).

``state.effects(move)`` answers for a legal move in that state, before it is played. The UI
animates from the effects, previews a chain from them and marks what a move takes; the tests
replay them on the position before and compare with the position after. They are computed
only when asked: search never builds them.

Pieces: ``place`` (a piece from hand), ``move`` (from ``cell`` to ``to``; ``detail`` is
``Detail.STEP`` or ``Detail.HOP``), ``remove`` (``detail`` says why: ``Detail.CAPTURE``,
``Detail.HUFF``, ``Detail.EXCHANGE``), ``promote`` (``detail``: the new ``PieceKind``).
Stones: ``lift`` (``count`` stones out of ``cell``), ``drop`` (one stone into ``cell``),
``relay`` (the last stone landed in an occupied hole: its ``count`` stones are lifted and sown
on), ``capture`` (``count`` stones out of ``cell`` to ``player``'s store), ``stop``
(``detail`` says why the sowing ended).
"""

from __future__ import annotations

from typing import NamedTuple

from .kinds import Detail, EffectKind, PieceKind, Pieces
from .words import Words


class Effect(NamedTuple):
    """One thing a move does. Unused fields keep their defaults; ``detail`` is a ``Detail`` (how
    a piece moved or left, why a sowing stopped) or, for a placed or promoted piece, its kind."""

    kind: EffectKind
    cell: int
    to: int = -1
    count: int = 0  # type: ignore[assignment]  # a field, not tuple.count: the lifts, stones or pieces
    detail: Detail | PieceKind | None = None
    player: int = -1


def hop_takes(effects: list[Effect]) -> list[list[int]]:
    """For each ``move`` effect in order, the cells whose pieces that hop removes: an enemy on
    the landing cell (removed just before the hop) and the enemies removed just after it."""
    moves = [i for i, e in enumerate(effects) if e.kind == EffectKind.MOVE]
    out: list[list[int]] = []
    for k, i in enumerate(moves):
        start = moves[k - 1] + 1 if k else 0
        end = moves[k + 1] if k + 1 < len(moves) else len(effects)
        to = effects[i].to
        before = [e.cell for e in effects[start:i] if e.kind == EffectKind.REMOVE and e.cell == to]
        after = [
            e.cell
            for e in effects[i + 1 : end]
            if e.kind == EffectKind.REMOVE and not (k + 1 < len(moves) and e.cell == effects[moves[k + 1]].to)
        ]
        out.append(before + after)
    return out


def replay_pieces(pieces: Pieces, effects: list[Effect]) -> Pieces:
    """``pieces()`` after ``effects``: what the board should show once the move is made."""
    out = dict(pieces)
    for e in effects:
        if e.kind == EffectKind.PLACE:
            if e.cell in out:
                raise ValueError(Words("place on occupied cell {cell}", cell=e.cell))
            out[e.cell] = (e.player, PieceKind(e.detail))
        elif e.kind == EffectKind.MOVE:
            piece = out.pop(e.cell)
            if e.to in out:
                raise ValueError(Words("move onto occupied cell {to}", to=e.to))
            out[e.to] = piece
        elif e.kind == EffectKind.REMOVE:
            del out[e.cell]
        elif e.kind == EffectKind.PROMOTE:
            owner, _ = out[e.cell]
            out[e.cell] = (owner, PieceKind(e.detail))
    return out


def replay_counts(counts: dict[int, int], effects: list[Effect]) -> tuple[dict[int, int], list[int]]:
    """Stone counts per hole after ``effects``, and the stones each player captured by them."""
    out = dict(counts)
    taken = [0, 0]
    hand = 0
    # locals: an enum's attribute is a slow read, and a sowing can have 100,000 effects
    drop, lift, relay, capture = EffectKind.DROP, EffectKind.LIFT, EffectKind.RELAY, EffectKind.CAPTURE
    for e in effects:
        kind = e.kind
        if kind == lift or kind == relay:
            if out.get(e.cell, 0) != e.count:
                raise ValueError(
                    Words("lift of {count} from a hole holding {get}", count=e.count, get=out.get(e.cell, 0))
                )
            out[e.cell] = 0
            hand += e.count
        elif kind == drop:
            if hand <= 0:
                raise ValueError("drop with no stone in hand")
            out[e.cell] = out.get(e.cell, 0) + 1
            hand -= 1
        elif kind == capture:
            if out.get(e.cell, 0) != e.count:
                raise ValueError(
                    Words(
                        "capture of {count} from a hole holding {get}", count=e.count, get=out.get(e.cell, 0)
                    )
                )
            out[e.cell] = 0
            taken[e.player] += e.count
    if hand:
        raise ValueError(Words("{hand} stones still in hand after the sowing", hand=hand))
    return out, taken
