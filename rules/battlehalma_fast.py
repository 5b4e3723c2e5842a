"""BattleHalma's random-playout loop: bare bitmasks, no Move objects.

Search spends most of its time in playouts. Here a counter's moves are one flood-filled mask
of landings (``BattleHalmaGame.counter_targets``) and a move is picked by counting bits, so
no route is built for it; only kings, whose leaps remove what they pass, build their
(landing, captured) ends. The loop ends a game as ``BattleHalmaState.apply`` and ``outcome``
do (the last piece, the corner under the terminal rule, the no-capture limit, threefold
repetition) and crowns as they do; the tests check every playout ply against the legal moves
and every ending against ``outcome``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .battlehalma import KING, RED, bits

if TYPE_CHECKING:
    from .battlehalma import BattleHalmaState


def random_playout(state: BattleHalmaState, rng: random.Random, max_plies: int | None, greedy: float) -> int:
    """Uniformly random moves (or with probability ``greedy`` a biggest capture) to the end
    or for ``max_plies``; the state is left at the end with its ply and outcome right, and
    the simulated moves unrecorded. Returns the plies played."""
    if state.outcome() is not None:
        return 0
    g = state.game
    targets = g.counter_targets
    terminal, promotion, goals = g.terminal, g.promotion, g.goals
    limit = g.limit or 1 << 62
    rep = state._rep if g.repetition_draw else None
    cap = 1 << 62 if max_plies is None else max_plies
    red, blue, kings, turn, quiet = state._red, state._blue, state._kings, state._turn, state._quiet
    randrange = rng.randrange
    played = 0
    while played < cap:
        own, opp = (red, blue) if turn == RED else (blue, red)
        cands: list[tuple[int, Any]] = []
        total = 0
        c = own & ~kings
        while c:
            low = c & -c
            c ^= low
            p = low.bit_length() - 1
            m = targets(p, own, opp, turn)
            if m:
                cands.append((p, m))
                total += m.bit_count()
        if own & kings:
            for p in bits(own & kings):
                ends = king_ends(state, p, own, opp)
                if ends:
                    cands.append((p, ends))
                    total += len(ends)
        if not total:
            break
        if greedy and rng.random() < greedy:
            p, dest, capm = greedy_pick(cands, opp, kings, rng)
        else:
            r = randrange(total)
            for cand in cands:
                m = cand[1]
                size = m.bit_count() if isinstance(m, int) else len(m)
                if r < size:
                    break
                r -= size
            p = cand[0]
            if isinstance(m, int):
                for _ in range(r):
                    m &= m - 1
                dest = (m & -m).bit_length() - 1
                capm = opp & (1 << dest)
            else:
                dest, capm = m[r]
        ob, db = 1 << p, 1 << dest
        fresh = False
        if capm:
            opp &= ~capm
            kings &= ~capm
            quiet = 0
            fresh = True
        else:
            quiet += 1
        own = own ^ ob | db
        if kings & ob:
            kings = kings ^ ob | db
        elif promotion and dest == goals[turn]:
            kings |= db
            fresh = True
        if turn == RED:
            red, blue = own, opp
        else:
            blue, red = own, opp
        turn ^= 1
        played += 1
        if rep is not None:
            if fresh:
                rep.clear()  # positions before a capture or crowning never come back
            key = (red, blue, kings, turn)
            seen = rep.get(key, 0) + 1
            rep[key] = seen
            if seen >= 3:
                break
        if not opp or (terminal and dest == goals[turn ^ 1]) or quiet >= limit:
            break
    state._red, state._blue, state._kings, state._turn, state._quiet = red, blue, kings, turn, quiet
    state._ply0 += len(state._hist) + played
    state._hist = []
    state._cache = False
    return played


def king_ends(state: BattleHalmaState, p: int, own: int, opp: int) -> list[tuple[int, int]]:
    """(landing, captured mask) of every move of the king on ``p``."""
    ends: dict[tuple[int, int], None] = {}
    for q, qb in state.game.geo.steps[KING][p]:
        if not own & qb:
            ends[(q, opp & qb)] = None

    def emit(route: tuple[int, ...], caps: tuple[int, ...]) -> None:
        ends[(route[-1], sum(1 << c for c in caps))] = None

    state._extend_king((p,), own ^ (1 << p), opp, 1 << p, (), emit)
    return list(ends)


def greedy_pick(cands: list[tuple[int, Any]], opp: int, kings: int, rng: random.Random) -> tuple[int, int, int]:
    """A random move among those that take the most (kings counting two)."""
    best, picks = -1, []
    for p, m in cands:
        ends = [(d, opp & (1 << d)) for d in bits(m)] if isinstance(m, int) else m
        for dest, capm in ends:
            gain = capm.bit_count() + (capm & kings).bit_count()
            if gain > best:
                best, picks = gain, [(p, dest, capm)]
            elif gain == best:
                picks.append((p, dest, capm))
    return picks[rng.randrange(len(picks))]
