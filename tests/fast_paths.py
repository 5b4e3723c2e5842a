"""What the tests of the fast playout paths share (``test_fast_paths``, ``test_golden_games``):
the war variants, a move's key as the bitmask loops see it, and BattleHalma's choices as keys."""

from __future__ import annotations

from rules.battlehalma import BattleHalmaState
from rules.battlehalma_fast import choices
from rules.boards import bits
from rules.core import Move
from rules.kinds import PieceKind

#: every war game, board and capture rule
WAR_VARIANTS = [
    (game_id, {"capture": rule, **board})
    for game_id, board in (
        ("sixteen_soldiers", {}),
        ("sixteen_soldiers", {"board": "two-wing"}),
        ("peralikatuma", {}),
        ("kotu_ellima", {}),
    )
    for rule in ("forced", "huff", "free")
]


def move_key(move: Move) -> tuple[int, int, int]:
    """(origin, landing, mask of the captured cells): what the bitmask loops know of a move."""
    return move.path[0], move.path[-1], sum(1 << c for c in move.captured)


def halma_bits(state: BattleHalmaState) -> tuple[int, int, int]:
    """A BattleHalma position as the playout loop takes it: the mover's army, the other, kings."""
    kings = sum(1 << p for p, (_, kind) in state.pieces().items() if kind == PieceKind.KING)
    return state.army(state.to_move), state.army(state.to_move ^ 1), kings


def halma_offered(state: BattleHalmaState) -> tuple[list[tuple[int, int, int]], int]:
    """The moves ``battlehalma_fast.choices`` offers in ``state`` as ``move_key``s, and the count
    it draws from (one entry per legal move, as ``legal_moves`` lists them)."""
    own, opp, kings = halma_bits(state)
    cands, total = choices(state.game, own, opp, kings, state.to_move)
    offered = [(p, d, opp & (1 << d)) for p, m in cands if isinstance(m, int) for d in bits(m)]
    offered += [(p, d, capm) for p, m in cands if not isinstance(m, int) for d, capm in m]
    return offered, total
