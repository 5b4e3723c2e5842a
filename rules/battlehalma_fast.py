"""BattleHalma's random-playout loop: bare bitmasks, no Move objects.

Search spends most of its time in playouts. Here a counter's moves are one flood-filled mask
of landings (``BattleHalmaGame.counter_targets``, over the board's ``Geometry`` tables that the
API's moves are made from) and a move is picked by counting bits, so no route is built for it;
only kings, whose leaps remove what they pass, build their (landing, captured) ends, by the
API's own chain search (``battlehalma_moves.extend_king``). The loop ends a game as
``BattleHalmaState.apply`` and ``outcome`` do (the last piece, the corner under the terminal
rule, the no-capture limit, threefold repetition) and crowns as they do. It works on a
position's bitmasks and hands them back: ``BattleHalmaState.playout`` runs it and sets its own
fields. ``tests/test_fast_paths.py`` checks, along random games of every variant, that
``choices`` offers exactly the API's legal moves and that each playout ply ends as ``apply``
and ``outcome`` do.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .battlehalma import KING, RED
from .battlehalma_moves import extend_king
from .boards import bits

if TYPE_CHECKING:
    from .battlehalma import BattleHalmaGame

#: (red, blue, kings, turn, quiet): a position as ``BattleHalmaState._snapshot`` gives it
Position = tuple[int, int, int, int, int]
#: (landing, captured mask) of a king's move
KingEnd = tuple[int, int]
#: a piece and its moves: a counter's landings as a mask, or a king's ends
Choice = tuple[int, int | list[KingEnd]]


def choices(game: BattleHalmaGame, own: int, opp: int, kings: int, side: int) -> tuple[list[Choice], int]:
    """The moves of ``side`` (own pieces ``own``) piece by piece, and how many there are: a
    counter's as the mask of its landings (a landing on an enemy takes it), a king's as its
    (landing, captured mask) ends. One entry per legal move, as ``legal_moves`` lists them."""
    targets = game.counter_targets
    cands: list[Choice] = []
    total = 0
    c = own & ~kings
    while c:
        low = c & -c
        c ^= low
        p = low.bit_length() - 1
        m = targets(p, own, opp, side)
        if m:
            cands.append((p, m))
            total += m.bit_count()
    if own & kings:
        for p in bits(own & kings):
            ends = king_ends(game, p, own, opp)
            if ends:
                cands.append((p, ends))
                total += len(ends)
    return cands, total


def random_playout(
    game: BattleHalmaGame,
    position: Position,
    rep: dict[tuple[int, ...], int] | None,
    rng: random.Random,
    max_plies: int,
    greedy: float,
) -> tuple[Position, int]:
    """Uniformly random moves (or with probability ``greedy`` a biggest capture) from
    ``position``, which has no outcome yet, to the end or for ``max_plies``; returns the
    position reached and the plies played. ``rep``: the repetition counts when repetition is
    a draw (updated in place as ``apply`` would), else None."""
    terminal, promotion, goals = game.terminal, game.promotion, game.goals
    limit = game.limit or 1 << 62
    red, blue, kings, turn, quiet = position
    randrange = rng.randrange
    played = 0
    while played < max_plies:
        own, opp = (red, blue) if turn == RED else (blue, red)
        cands, total = choices(game, own, opp, kings, turn)
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
    return (red, blue, kings, turn, quiet), played


def king_ends(game: BattleHalmaGame, p: int, own: int, opp: int) -> list[KingEnd]:
    """(landing, captured mask) of every move of the king on ``p``."""
    ends: dict[KingEnd, None] = {}
    for q, qb in game.geo.steps[KING][p]:
        if not own & qb:
            ends[(q, opp & qb)] = None

    def emit(route: tuple[int, ...], caps: tuple[int, ...]) -> None:
        ends[(route[-1], sum(1 << c for c in caps))] = None

    extend_king(game.geo.leaps[KING], (p,), own ^ (1 << p), opp, 1 << p, (), emit)
    return list(ends)


def greedy_pick(cands: list[Choice], opp: int, kings: int, rng: random.Random) -> tuple[int, int, int]:
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
