"""An independent, naive judge of material for the analysis tests: plain fixed-depth minimax on
the pieces (or stones) each side has taken, through the rules API alone, written apart from
``game.ai.judge`` (no quiescence, no extensions, no heuristic, no shared code), so that a clean
blunder it certifies is one by the plain count.

A *clean blunder* (issue 27): a move after which the opponent can force the mover to lose two or
more units within three plies (the move, the reply, the mover's answer), while another move loses
nothing even when the opponent has the last word (four plies)."""

from __future__ import annotations

from pathlib import Path

from rules.core import Move, State

#: the corpus this module certifies (made by scripts/make_blunder_corpus.py)
DATA = Path(__file__).parent / "data"

LOST = -1000.0  # the game lost (won: +1000), beyond any material


def lead(state: State, player: int) -> float:
    """``player``'s material lead: what it has taken minus what it has lost, or a result."""
    out = state.outcome()
    if out is not None:
        return 0.0 if out.winner is None else -LOST if out.winner == player else LOST
    taken = state.captured_counts()
    return float(taken[player] - taken[player ^ 1])


def minimax(state: State, player: int, plies: int, alpha: float = -1e9, beta: float = 1e9) -> float:
    """``player``'s lead after ``plies`` more moves, best play by both (whoever is to move)."""
    if plies == 0 or state.outcome() is not None:
        return lead(state, player)
    moves = state.legal_moves()
    if not moves:
        return lead(state, player)
    maximise = state.to_move == player
    best = -1e9 if maximise else 1e9
    for move in moves:
        state.apply(move)
        try:
            v = minimax(state, player, plies - 1, alpha, beta)
        finally:
            state.undo()
        if maximise:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def change_after(state: State, move: Move, plies: int) -> float:
    """How the mover's lead changes when ``move`` is played and ``plies - 1`` replies follow."""
    player = state.to_move
    now = lead(state, player)
    work = state.copy()
    work.apply(move)
    return minimax(work, player, plies - 1) - now


def is_clean_blunder(state: State, blunder: Move, safe: Move, units: float = 2.0) -> bool:
    """``blunder`` loses ``units`` or more by force within three plies; ``safe`` loses nothing
    within four."""
    return change_after(state, blunder, 3) <= -units and change_after(state, safe, 4) >= 0


def stays_clean(state: State, blunder: Move, safe: Move, deepest: int, units: float = 2.0) -> bool:
    """Looked at deeper, up to ``deepest`` plies, ``blunder`` still loses ``units`` or more and
    ends that much below ``safe`` at every depth (Ncuva's relay sowings turn many a three-ply
    count round)."""
    for d in range(5, deepest + 1):
        lost = change_after(state, blunder, d)
        if lost > -units or change_after(state, safe, d) - lost < units:
            return False
    return True


def wins_by_force(state: State, player: int, plies: int) -> bool:
    """``player`` wins within ``plies`` moves whatever the other side does (a plain AND-OR search
    of results only)."""
    out = state.outcome()
    if out is not None:
        return out.winner == player
    if plies == 0:
        return False
    moves = state.legal_moves()
    if not moves:
        return False
    mine = state.to_move == player
    for move in moves:
        state.apply(move)
        try:
            won = wins_by_force(state, player, plies - 1)
        finally:
            state.undo()
        if won == mine:  # one winning move is enough for the player; one escape for the other side
            return mine
    return not mine


def corpus(name: str) -> list[list[str]]:
    """The rows of a corpus file (``blunders.txt``, ``decided.txt``): the game, the seed of the
    game it comes from, the position, then the moves (and figures) that follow."""
    rows = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append([part.strip() for part in line.split(" | ")])
    return rows
