"""Golden games: whole recorded games, one text file per game variant (tests/data/golden/).

After OpenSpiel's playthroughs and Ludii's trials: a game played once by a seeded policy and
written down ply by ply, so that any later change to the rules, their notation, their effects
or a fast playout path that alters what happens in a recorded game shows up as a difference.
``scripts/make_golden_games.py`` writes the files with ``record`` and ``write_file``;
``tests/test_golden_games.py`` reads them with ``read_file`` and replays them.

A file holds comment lines (``#``) and games. A game is::

    game <game id> <option>=<value> ... | <policy> seed=<seed>
    <position before the ply> | <legal moves> | <move> | <effects>     (one line per ply)
    end <final position> | <winner or draw> | <ending code> | <reason>
    (or, for a game cut short:)  cut <final position> | after <plies> plies

The ``game`` line is the head of the game's position text (``Game.header``: the id and every
option); a position is written as the rest of its text, the fields after the first ``;``, so
the whole text is the head, ``"; "`` and the line's first part. The seed also tosses the coin
of a ``first=coin`` game (``new_initial_state(random.Random(seed))``). Effects are
``effect_text``'s compact form.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import load_game
from rules.core import Game, Move, State
from rules.effects import Effect
from rules.kinds import EffectKind

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
SEP = " | "
#: the most lifts a recorded sowing may make: well under the house rule's limit, so that a
#: change to the limit (or to how long cycles are found) never changes a golden game
MOST_LIFTS = 500

_LIFTS = (EffectKind.LIFT, EffectKind.RELAY)


@dataclass
class Ply:
    """One recorded ply: the position before it, how many moves were legal, the move played."""

    position: str
    legal: int
    move: str
    effects: str


@dataclass
class GoldenGame:
    """A recorded game: how to start it, its plies, and how it ended (``ending`` None: cut)."""

    game_id: str
    options: dict[str, str]
    policy: str
    seed: int
    plies: list[Ply] = field(default_factory=list)
    final: str = ""
    #: (winner's side name or "draw", ending code, reason) of a finished game
    ending: tuple[str, str, str] | None = None

    def start(self) -> State:
        """The start position, as the recording began it."""
        return load_game(self.game_id, **self.options).new_initial_state(random.Random(self.seed))

    @property
    def head(self) -> str:
        """The head of every position text of the game: the id and every option, sorted."""
        return " ".join([self.game_id] + [f"{k}={v}" for k, v in sorted(self.options.items())])

    def title(self) -> str:
        return f"{self.head} ({self.policy} seed={self.seed})"


# --- what a move does, in a line ---------------------------------------------------------------


def effect_text(game: Game, effects: Sequence[Effect]) -> str:
    """``effects`` compactly and completely: pieces as ``move c3-d5 step p0``, ``remove d4
    capture p1``, ``place e5 leopard p0``, ``promote a8 king p0``; stones as ``lift b1 3>d2``
    (a lift or relay of 3 whose drops follow the circuit from b1 to d2; drops that do not are
    written one by one, ``drop c1``), ``capture b3 4 p0``, ``stop b2 sleep``."""
    name = game.point_name
    nxt: Callable[[int], int] | None = getattr(game, "next_cell", None)
    out: list[str] = []
    i = 0
    while i < len(effects):
        e = effects[i]
        i += 1
        words = [str(e.kind), name(e.cell) + (f"-{name(e.to)}" if e.to >= 0 else "")]
        if e.kind in _LIFTS and nxt is not None:
            run = [x.cell for x in effects[i : i + e.count] if x.kind == EffectKind.DROP]
            cell, follows = e.cell, len(run) == e.count > 0
            for drop in run if follows else ():
                cell = nxt(cell)
                follows = follows and drop == cell
            if follows:
                out.append(f"{e.kind} {name(e.cell)} {e.count}>{name(run[-1])}")
                i += e.count
                continue
        if e.count:
            words.append(str(e.count))
        if e.detail:
            words.append(str(e.detail))
        if e.player >= 0:
            words.append(f"p{e.player}")
        out.append(" ".join(words))
    return ", ".join(out)


def lifts(effects: Sequence[Effect]) -> int:
    """The lifts (the first one and every relay) a sowing's effects make."""
    return sum(1 for e in effects if e.kind in _LIFTS)


# --- playing ------------------------------------------------------------------------------------

Policy = Callable[[State, list[Move], random.Random], Move]


def random_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    """Uniformly random."""
    return moves[rng.randrange(len(moves))]


def greedy_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    """A random one of the moves that take the most (``move_gain``), else any."""
    gains = [state.move_gain(m) for m in moves]
    best = max(gains)
    if best > 0:
        moves = [m for m, g in zip(moves, gains) if g == best]
    return moves[rng.randrange(len(moves))]


def squeezing(state: State, moves: list[Move], rng: random.Random) -> Move:
    """A winning move, else one that leaves the opponent fewest moves (a one-ply look)."""
    me = state.to_move
    scored = []
    for m in moves:
        state.apply(m)
        out = state.outcome()
        if out is None:
            scored.append((len(state.legal_moves()), m))
        else:
            scored.append((-1 if out.winner == me else 1 << 30, m))
        state.undo()
    fewest = min(s for s, _ in scored)
    picks = [m for s, m in scored if s == fewest]
    return picks[rng.randrange(len(picks))]


def squeeze_first(state: State, moves: list[Move], rng: random.Random) -> Move:
    """The first player squeezes, the second plays at random: it ends games by a blocked side."""
    return (squeezing if state.to_move == 0 else random_policy)(state, moves, rng)


def squeeze_second(state: State, moves: list[Move], rng: random.Random) -> Move:
    """The second player squeezes, the first is greedy (the flock penning in the hunters)."""
    return (squeezing if state.to_move == 1 else greedy_policy)(state, moves, rng)


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "squeeze-first": squeeze_first,
    "squeeze-second": squeeze_second,
}


def playable(state: State, moves: list[Move]) -> list[Move]:
    """The moves a golden game may record: none of a sowing longer than ``MOST_LIFTS``."""
    if not hasattr(state.game, "next_cell"):
        return moves
    return [m for m in moves if lifts(state.effects(m)) <= MOST_LIFTS]


def body(state: State) -> str:
    """The position text without its head (the game id and options)."""
    head, _, rest = state.to_text().partition("; ")
    assert head == state.game.header()
    return rest


def record(game_id: str, options: dict[str, Any], policy: str, seed: int, cap: int) -> GoldenGame:
    """Play one game by ``policy`` from ``seed`` to its end or ``cap`` plies and write it down.
    A position whose every move sows too long (``playable``) cuts the game there."""
    game = load_game(game_id, **options)
    golden = GoldenGame(game_id, {k: str(v) for k, v in game.options.items()}, policy, seed)
    state = golden.start()
    rng = random.Random(seed)
    choose = POLICIES[policy]
    while state.outcome() is None and len(golden.plies) < cap:
        legal = state.legal_moves()
        moves = playable(state, legal)
        if not moves:
            break
        move = choose(state, moves, rng)
        golden.plies.append(
            Ply(body(state), len(legal), state.move_text(move), effect_text(state.game, state.effects(move)))
        )
        state.apply(move)
    golden.final = body(state)
    out = state.outcome()
    if out is not None:
        winner = "draw" if out.winner is None else state.game.sides[out.winner]
        golden.ending = (winner, str(out.code), out.reason)
    return golden


# --- the file -----------------------------------------------------------------------------------


def game_lines(golden: GoldenGame) -> list[str]:
    lines = [f"game {golden.head}{SEP}{golden.policy} seed={golden.seed}"]
    lines += [SEP.join((p.position, str(p.legal), p.move, p.effects)) for p in golden.plies]
    if golden.ending is None:
        lines.append(f"cut {golden.final}{SEP}after {len(golden.plies)} plies")
    else:
        lines.append(f"end {golden.final}{SEP}{SEP.join(golden.ending)}")
    return lines


def write_file(path: Path, header: Sequence[str], games: Sequence[GoldenGame]) -> None:
    lines = [f"# {h}" if h else "#" for h in header]
    for golden in games:
        lines.append("")
        lines += game_lines(golden)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")


def read_file(path: Path) -> list[GoldenGame]:
    """The games of a golden file (ValueError naming the line for a malformed one)."""
    games: list[GoldenGame] = []
    current: GoldenGame | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{number}"
        if not line or line.startswith("#"):
            continue
        if line.startswith("game "):
            if current is not None:
                raise ValueError(f"{where}: a game starts before the last one ended")
            head, _, how = line[5:].partition(SEP)
            game_id, *pairs = head.split()
            policy, _, seed = how.partition(" seed=")
            current = GoldenGame(game_id, dict(p.split("=", 1) for p in pairs), policy, int(seed))
            continue
        if current is None:
            raise ValueError(f"{where}: a ply outside a game")
        if line.startswith(("end ", "cut ")):
            final, *rest = line[4:].split(SEP)
            current.final = final
            if line.startswith("end "):
                winner, code, reason = rest
                current.ending = (winner, code, reason)
            games.append(current)
            current = None
            continue
        position, legal, move, effects = line.split(SEP)
        current.plies.append(Ply(position, int(legal), move, effects))
    if current is not None:
        raise ValueError(f"{path.name}: the last game has no end line")
    return games
