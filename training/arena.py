"""Play two players against each other and report the score with a 95% interval.

Usage::

    python -m training.arena GAME A B --games N [--iterations K | --scale F | --clock F]
                                     [--seconds S] [--option name=value ...] [--seed S] [--max-plies P]
                                     [--opening N] [--workers W] [--out results.md]
                                     [--record [FILE]] [--games-out games.jsonl]

A and B are a level (easy, medium, hard, expert; ``expert@2`` searches in two processes),
``random``, ``greedy`` (the biggest capture, else random) or ``alphabeta`` (iterative-deepening
alpha-beta, the yardstick; it thinks as long a move as the level it plays, or ``--seconds``);
``alphabeta:N`` is the same search to exactly N plies with no clock, a yardstick that does not
depend on the machine (the levels measured against several depths of it make one ladder).
``expert:nocheck`` (any level) is the level with its tactical check off: what the check is worth;
``hard:contempt`` the level valuing a drawn end a tenth below an even result (playing on);
``hard:material`` the level scoring every side with the material count where its own is learned;
``hard:resolve`` the level valuing its tree's new positions once their captures are played out.
Sides alternate: A plays the first side in even-numbered games.
``--iterations K`` gives both sides K search iterations a move instead of the levels' clocks;
``--scale F`` gives each level F times its own iteration cap, without the clock, so the levels
keep their budget ratios (reproducible, and independent of how busy the machine is). With
neither, each level plays exactly as in the app: its clock and its cap, whichever ends first.
``--seconds S`` gives every player S seconds a move and lifts the levels' caps (equal time).
``--clock F`` plays the levels as in the app at F times their clocks, caps and tactical checks
(alpha-beta at F times the level it meets): the app's matches, where the machine cannot afford
them at full length.
``--opening N`` starts each pair of games from the same N random plies, A playing each side of
it once: games that the first moves decide (Ncuva, BattleHalma's terminal race) then still
tell players apart, and a lopsided opening cancels out over the pair.
``--workers W`` makes every level search in W processes (root parallelism; by default Expert uses
one fewer than the machine's cores and the other levels one).
The score counts a win 1, a draw 1/2, from A's side, and is also split by the side A played
(the two sides of a hunt game are different games).
``--games-out FILE`` appends every game (its start, its moves in notation, its result) as a JSON
line, to look at a match's games afterwards (``benchmarks.check_coverage`` reads them).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.level_records import RECORDS_FILE, Record, put
from game.ai.levels import LEVELS
from game.ai.policy import Player
from rules import game_ids, game_spec, load_game
from rules.core import State, score_of

from .players import CONTEMPT, MATERIAL, NO_CHECK, RESOLVE, VARIANTS, fixed_depth, make_player

PLAYER_NAMES = (*LEVELS, "random", "greedy", "alphabeta")


@dataclass
class Tally:
    """Scores from A's side, split by the side A played, and thinking time per player."""

    scores: list[float] = field(default_factory=list)
    by_side: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])  # A, B
    moves: list[int] = field(default_factory=lambda: [0, 0])
    #: A, B: moves their tactical check looked at, those it finished within its clock, those it changed
    checks: list[tuple[int, int, int]] = field(default_factory=lambda: [(0, 0, 0), (0, 0, 0)])
    plies: list[int] = field(default_factory=list)
    #: with ``--games-out``: each game as a JSON-ready dict (its start, moves and result), else None
    games: list[dict[str, object]] | None = None

    def add(self, a_side: int, score: float, plies: int) -> None:
        self.scores.append(score)
        self.by_side[a_side].append(score)
        self.plies.append(plies)

    def seconds_per_move(self, who: int) -> float:
        return self.seconds[who] / self.moves[who] if self.moves[who] else 0.0


def interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """Mean score and its 95% Wilson interval (draws count 1/2; p(1-p) bounds the variance
    of such scores, so the interval stays honest near 0% and 100%, where a plain normal
    interval would claim certainty after 10 wins out of 10)."""
    n = len(scores)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = sum(scores) / n
    z2 = 1.96 * 1.96
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = 1.96 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (p, max(0.0, centre - half), min(1.0, centre + half))


PlayerFactory = Callable[[random.Random], Player]


def random_opening(game_id: str, options: dict[str, str], plies: int, seed: int) -> State:
    """The start position after ``plies`` uniformly random moves that leave the game unfinished
    (drawn again from the same seed's stream if one ends it)."""
    rng = random.Random(seed)
    game = load_game(game_id, **options)
    for _ in range(100):
        state = game.new_initial_state(rng)
        for _ in range(plies):
            moves = state.legal_moves()
            if not moves or state.outcome() is not None:
                break
            state.apply(moves[rng.randrange(len(moves))])
        if state.outcome() is None:
            return state
    raise ValueError(f"no unfinished opening of {plies} random plies found in {game_id}")


def play_game(
    game_id: str,
    options: dict[str, str],
    makers: tuple[PlayerFactory, PlayerFactory],
    a_side: int,
    seed: int,
    max_plies: int,
    tally: Tally,
    start: State | None = None,
) -> float:
    """One game from ``start`` (else the initial position); ``makers[0]`` builds A. Returns A's
    score (1 win, 0.5 draw, 0 loss)."""
    rng = random.Random(seed)
    state = load_game(game_id, **options).new_initial_state(rng) if start is None else start.copy()
    players = {
        a_side: makers[0](random.Random(rng.random())),
        a_side ^ 1: makers[1](random.Random(rng.random())),
    }
    plies = 0
    first = state.to_text()
    moves: list[str] = []
    try:
        while state.outcome() is None and plies < max_plies:
            side = state.to_move
            t0 = time.perf_counter()
            decision = players[side].choose(state)
            who = 0 if side == a_side else 1
            tally.seconds[who] += time.perf_counter() - t0
            tally.moves[who] += 1
            if decision.move is None:
                break
            if tally.games is not None:
                moves.append(state.move_text(decision.move))
            state.play(decision.move)  # checked: a bad move from a player is a bug, and raises
            plies += 1
    finally:
        for side, player in players.items():
            who = 0 if side == a_side else 1
            checked, finished, swapped = tally.checks[who]
            tally.checks[who] = (
                checked + getattr(player, "checked", 0),
                finished + getattr(player, "finished", 0),
                swapped + getattr(player, "swapped", 0),
            )
            close = getattr(player, "close", None)
            if close is not None:
                close()  # helper processes of a parallel level
    out = state.outcome()
    score = score_of(out, a_side)
    tally.add(a_side, score, plies)
    if tally.games is not None:
        tally.games.append(
            {
                "game": game_id,
                "options": options,
                "a_side": a_side,
                "seed": seed,
                "start": first,
                "moves": moves,
                "a_score": score,
                "end": None if out is None else str(out.reason),
            }
        )
    return score


def named(
    name: str,
    iterations: int | None = None,
    scale: float | None = None,
    seconds: float | None = None,
    workers: int | None = None,
    clock: float | None = None,
) -> PlayerFactory:
    """A factory for the player called ``name`` (see ``training.players.make_player``)."""
    return lambda rng: make_player(name, rng, iterations, scale, seconds, workers, clock)


def pair(
    a: str,
    b: str,
    iterations: int | None = None,
    scale: float | None = None,
    seconds: float | None = None,
    workers: int | None = None,
    clock: float | None = None,
) -> tuple[PlayerFactory, PlayerFactory]:
    """Factories for A and B; without ``seconds``, ``alphabeta`` gets the other player's clock
    (a level's seconds a move, as in the app, times ``clock`` if given), so the match is at equal
    time; ``clock`` plays the levels at that fraction of their clocks."""

    def thinks(other: str) -> float | None:
        other = other.partition("@")[0].partition(":")[0]  # expert@2, expert:nocheck: Expert's clock
        if seconds is not None or other not in LEVELS:
            return seconds
        level_seconds = LEVELS[other].seconds
        return None if level_seconds is None else level_seconds * (clock or 1.0)

    return (
        named(a, iterations, scale, seconds if a != "alphabeta" else thinks(b), workers, clock),
        named(b, iterations, scale, seconds if b != "alphabeta" else thinks(a), workers, clock),
    )


def budget_label(
    iterations: int | None, scale: float | None, seconds: float | None = None, clock: float | None = None
) -> str:
    if clock:
        return f"clocks x{clock:g}"
    if seconds:
        return f"{seconds:g} s"
    if iterations:
        return f"{iterations} it"
    if scale:
        return f"caps x{scale:g}"
    return "clock"


def run(
    game_id: str,
    makers: tuple[PlayerFactory, PlayerFactory],
    games: int,
    options: dict[str, str],
    seed: int,
    max_plies: int,
    progress: bool = True,
    opening: int = 0,
    keep_games: bool = False,
) -> Tally:
    """Play ``games`` games with sides alternating; A plays the first side in even games. With
    ``opening``, games 2k and 2k+1 start from the same ``opening`` random plies; with
    ``keep_games``, the tally keeps every game's moves (``Tally.games``)."""
    tally = Tally(games=[] if keep_games else None)
    for i in range(games):
        a_side = i % 2
        start = (
            random_opening(game_id, options, opening, seed * 100003 + 50021 * (i // 2)) if opening else None
        )
        score = play_game(game_id, options, makers, a_side, seed * 100003 + i, max_plies, tally, start)
        if progress:
            mean, low, high = interval(tally.scores)
            print(
                f"game {i + 1}/{games}: A as {a_side} scores {score:g}; "
                f"A {mean:.0%} [{low:.0%}, {high:.0%}] plies {tally.plies[-1]}",
                flush=True,
            )
    return tally


def wins_draws_losses(scores: Sequence[float]) -> str:
    """ "3 wins, 15 draws, 2 losses": in drawish games the score alone hides how often either side won."""
    counts = [sum(1 for x in scores if x == v) for v in (1.0, 0.5, 0.0)]
    return ", ".join(
        f"{n} {word}{'' if n == 1 else plural}"
        for n, word, plural in zip(counts, ("win", "draw", "loss"), ("s", "s", "es"))
    )


def report(game_id: str, a: str, b: str, options: dict[str, str], budget: str, tally: Tally) -> list[str]:
    """Lines for the terminal; the last one is a markdown table row for --out."""
    sides = game_spec(game_id).sides
    mean, low, high = interval(tally.scores)
    budget_words = {"clock": "the levels' clocks"}.get(
        budget,
        budget.replace("it", "iterations a move")
        .replace("caps x", "iteration caps times ")
        .replace(" s", " s a move each, no caps"),
    )
    lines = [
        f"{game_id}{''.join(f' {k}={v}' for k, v in options.items())}: {a} vs {b}, "
        f"{len(tally.scores)} games, budget {budget_words}",
        f"  {a} scores {mean:.1%} (95% interval {low:.1%} to {high:.1%}); {wins_draws_losses(tally.scores)}",
    ]
    for side in (0, 1):
        s = tally.by_side[side]
        if s:
            m, lo, hi = interval(s)
            lines.append(f"  {a} as {sides[side]}: {m:.1%} ({lo:.1%} to {hi:.1%}) over {len(s)} games")
    lines.append(
        f"  seconds per move: {a} {tally.seconds_per_move(0):.3f}, {b} {tally.seconds_per_move(1):.3f}; "
        f"plies per game {sum(tally.plies) / len(tally.plies):.0f}"
    )
    for who, name in enumerate((a, b)):
        checked, finished, swapped = tally.checks[who]
        if checked:
            lines.append(
                f"  {name}'s tactical check: {checked} moves checked, {finished} finished within its "
                f"clock, {swapped} changed"
            )
    side_cells = []
    for side in (0, 1):
        s = tally.by_side[side]
        side_cells.append(f"{interval(s)[0]:.0%} ({len(s)})" if s else "-")
    opts = " ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    lines.append(
        f"| {game_id} | {opts} | {a} | {b} | {budget} | {len(tally.scores)} | {mean:.1%} | "
        f"{low:.0%}–{high:.0%} | {side_cells[0]} | {side_cells[1]} | "
        f"{tally.seconds_per_move(0):.2f} | {tally.seconds_per_move(1):.2f} |"
    )
    return lines


TABLE_HEADER = (
    "| game | options | A | B | budget | games | A score | 95% interval | A as side 0 (games) "
    "| A as side 1 (games) | A s/move | B s/move |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def parse_options(
    ap: argparse.ArgumentParser, items: Sequence[str], game_ids: Sequence[str]
) -> dict[str, str]:
    """``--option NAME=VALUE`` items as a dict, checked against each game in ``game_ids``; a bad
    one ends the command with its usage and the reason (``ap.error``)."""
    options: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            ap.error(f"--option '{item}': expected NAME=VALUE")
        options[name] = value
    for game_id in game_ids:
        try:
            load_game(game_id, **options)
        except ValueError as exc:
            ap.error(str(exc))
    return options


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m training.arena", description=__doc__.splitlines()[0])
    ap.add_argument("game", help="game id: " + ", ".join(game_ids()))
    players = (
        ", ".join(PLAYER_NAMES) + f", alphabeta:N (N plies, no clock), LEVEL:{NO_CHECK} (no check), "
        f"LEVEL:{CONTEMPT} (draw contempt), LEVEL:{MATERIAL} (material count), "
        f"LEVEL:{RESOLVE} (captures resolved in the tree)"
    )
    ap.add_argument("a", metavar="A", help="player A: " + players)
    ap.add_argument("b", metavar="B", help="player B: " + players)
    ap.add_argument("--games", type=int, default=10, help="games to play (sides alternate)")
    ap.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="fixed search iterations per move for both sides instead of the levels' clocks",
    )
    ap.add_argument(
        "--scale",
        type=float,
        default=None,
        help="each level gets this times its own iteration cap, and no clock",
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="seconds a move for both players, the levels' caps lifted (equal time)",
    )
    ap.add_argument(
        "--clock",
        type=float,
        default=None,
        metavar="F",
        help="the levels as in the app at F times their clocks, caps and checks (alpha-beta as well)",
    )
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rules option")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=2000, help="adjudicate a draw after this many plies")
    ap.add_argument(
        "--opening",
        type=int,
        default=0,
        metavar="N",
        help="each pair of games starts from the same N random plies, sides swapped",
    )
    ap.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="W",
        help="search processes for every level (default: Expert one fewer than the cores, others 1)",
    )
    ap.add_argument("--out", type=Path, help="append a markdown results row to this file")
    ap.add_argument(
        "--record",
        nargs="?",
        type=Path,
        const=RECORDS_FILE,
        metavar="FILE",
        help="keep the result as the levels' record in this game, shown in setup (default file: the "
        "shipped records); two levels as in the app, at their clocks or --clock F",
    )
    ap.add_argument(
        "--games-out",
        type=Path,
        default=None,
        metavar="FILE",
        help="append each game (players, start, moves in notation, result) as a JSON line to FILE",
    )
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if args.game not in game_ids():
        ap.error(f"unknown game '{args.game}' (games: {', '.join(game_ids())})")
    for who in (args.a, args.b):
        base, at, count = who.lower().partition("@")
        try:
            depth = fixed_depth(base)
        except ValueError as exc:
            ap.error(str(exc))
        level, colon, variant = base.partition(":")
        varied = level in LEVELS and colon and variant in VARIANTS
        if (base not in PLAYER_NAMES and depth is None and not varied) or (
            at and (level not in LEVELS or not count.isdigit() or int(count) < 1)
        ):
            ap.error(
                f"unknown player '{who}' (players: {', '.join(PLAYER_NAMES)}; "
                f"a level@N searches in N processes; alphabeta:N searches N plies; LEVEL:{NO_CHECK} "
                f"is the level without its tactical check, LEVEL:{CONTEMPT} the level playing on from a "
                f"draw, LEVEL:{MATERIAL} the level scoring with the material count, LEVEL:{RESOLVE} the "
                f"level valuing new positions once their captures are played out)"
            )
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.iterations is not None and args.iterations < 1:
        ap.error("--iterations must be at least 1")
    if args.scale is not None and not 0 < args.scale <= 100:
        ap.error("--scale must be above 0 (and at most 100)")
    if sum(x is not None for x in (args.scale, args.iterations, args.seconds, args.clock)) > 1:
        ap.error("give one of --iterations, --scale, --seconds and --clock")
    if args.clock is not None and not 0 < args.clock <= 10:
        ap.error("--clock must be above 0 (and at most 10)")
    if args.seconds is not None and args.seconds <= 0:
        ap.error("--seconds must be above 0")
    if args.opening < 0:
        ap.error("--opening must be 0 or more")
    if args.workers is not None and args.workers < 1:
        ap.error("--workers must be at least 1")
    if args.record and (
        {args.a.lower(), args.b.lower()} - set(LEVELS)
        or any(x is not None for x in (args.scale, args.iterations, args.seconds, args.workers))
        or args.opening
        or args.max_plies != ap.get_default("max_plies")
        or (args.clock is not None and args.clock > 1)
    ):
        ap.error(
            "--record keeps a match between two levels as the app plays them: their clocks or a fraction "
            "of them (--clock F, F at most 1); no --scale, --iterations, --seconds, --workers, --opening "
            "or --max-plies"
        )
    options = parse_options(ap, args.option, [args.game])
    a, b = args.a.lower(), args.b.lower()
    makers = pair(a, b, args.iterations, args.scale, args.seconds, args.workers, args.clock)
    if args.opening:
        try:
            random_opening(args.game, options, args.opening, args.seed)
        except ValueError as exc:
            ap.error(str(exc))
    tally = run(
        args.game,
        makers,
        args.games,
        options,
        args.seed,
        args.max_plies,
        progress=not args.quiet,
        opening=args.opening,
        keep_games=args.games_out is not None,
    )
    if args.games_out is not None and tally.games is not None:
        with args.games_out.open("a", encoding="utf-8") as f:
            for kept in tally.games:
                f.write(json.dumps({"a": a, "b": b, **kept}) + "\n")
        print(f"{len(tally.games)} games' moves appended to {args.games_out}")
    budget = budget_label(args.iterations, args.scale, args.seconds, args.clock)
    if args.workers is not None:
        budget += f", {args.workers} worker{'s' if args.workers > 1 else ''}"
    lines = report(
        args.game, a, b, options, budget + (f", opening {args.opening}" if args.opening else ""), tally
    )
    print("\n".join(lines[:-1]))
    if args.out:
        new = not args.out.exists() or not args.out.read_text().strip()
        with args.out.open("a") as f:
            if new:
                f.write(TABLE_HEADER + "\n")
            f.write(lines[-1] + "\n")
        print(f"row appended to {args.out}")
    if args.record:
        by_side = (_counts(tally.by_side[0]), _counts(tally.by_side[1]))
        record = Record(args.game, options, a, b, args.clock or 1.0, *_counts(tally.scores), by_side)
        put(record, args.record)
        print(f"record kept in {args.record}: the setup screen shows it")
    return 0


def _counts(scores: Sequence[float]) -> tuple[int, int, int]:
    """A's wins, draws and losses."""
    return (scores.count(1.0), scores.count(0.5), scores.count(0.0))


if __name__ == "__main__":
    sys.exit(main())
