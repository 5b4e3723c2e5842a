"""Make the puzzle sets the puzzle screen plays (issue 32, item 4), and check them.

Usage::

    python -m training.puzzles --seed 1 --out game/puzzles/ [SET ...]
    python -m training.puzzles check [SET ...] [--every N]

Making a set: games are played between cheap players (the Easy level with a small fixed iteration
budget against a greedy player that strays at random, seeded: the same games on any machine), and
every position of them where the puzzle's side is to move with a real choice is a candidate. A
candidate is searched by the analysis judge's fixed-depth comparison (``Judge.compare``: full
width, capture chains and forced replies beyond the depth, every legal move valued exactly) at
the set's depth (plies; deeper than the levels look), with the material count alone
(``training.book.MATERIAL``). It is kept as a puzzle when:

- the best move is a proven win (``DECIDED``) and no other move is one, or the best move is not a
  proven loss and beats every other move's score by at least the set's margin (pieces, cows or
  stones; a move that saves what every other move loses counts);
- the answer is not trivial: the position has three legal moves or more, and the answer is not the
  only capture on offer;
- the same holds one ply shallower (the answer is stable, not a horizon accident); a first look
  two plies deep, for a move ahead by a piece, passes over most candidates cheaply.

A candidate whose comparison runs over the set's node budget is passed over, as is one with more
legal moves than the set allows (BattleHalma's promotion rule: 60,000 nodes and 30 moves, where the
crowded middle game's long leaps cost seconds to minutes a position).

Its grade is the shallowest depth at which the same comparison already finds the answer uniquely
best by the margin (and at every depth from there to the set's): grade 1 at depth 1 (the move and
the captures it starts), grade 2 at 2-3 (the reply, and the answer to it), grade 3 at 4 and more.
The set stores every legal move's score (a move scored as high as the answer would solve it too),
the answer's line (the best replies, each found by the same search to the depth left) and, for
each other move, the reply that punishes it (two plies shallower), for the screen.

Checking a set: every puzzle's answer is searched again at its stored depth and must still be
uniquely best by the stored margin (``check``; the tests check a sample, ``--every 1`` all).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.judge import DECIDED, Judge
from game.ai.levels import LEVELS
from game.ai.policy import LevelPlayer, Player, biggest_capture
from rules import load_game, load_state
from rules.core import Move, State

from .book import MATERIAL

FORMAT = "keliya-puzzles-1"
OUT_DIR = Path(__file__).resolve().parent.parent / "game" / "puzzles"  # the shipped sets
MARGIN = 2.0  # pieces (cows, stones) the answer must beat every other move by
BUDGET = 4_000_000  # nodes a comparison at most (a position over it is skipped)
LINE_PLIES = 4  # the answer and the best replies stored for the screen to play out
TARGET = 48  # puzzles a set at most (the screen wants at least 40)
MIN_MOVES = 3  # legal moves a puzzle's position has at least (two would be a coin toss)


@dataclass(frozen=True)
class PuzzleSet:
    """A set's game and options, the side whose puzzles it holds (None: either), the depth its
    puzzles are verified at (plies; deeper than the levels look: see the module text) and how many
    candidate positions it may search at most."""

    id: str
    game: str
    options: dict[str, Any]
    side: int | None
    depth: int
    candidates: int
    margin: float = MARGIN
    prefilter: int = 2  # a first look this deep, for a move ahead by a piece (0: none)
    skip: float = 0.3  # the share of positions passed over
    budget: int = BUDGET  # nodes a comparison at most: a candidate over it is passed over
    max_moves: int = 1000  # a position with more legal moves is passed over
    easy_both: bool = False  # the Easy level plays both sides (the Cows need a player that holds on)
    player_iterations: int = 60  # the Easy level's budget a move in the games played


SETS: dict[str, PuzzleSet] = {
    s.id: s
    for s in (
        PuzzleSet("sixteen_soldiers", "sixteen_soldiers", {}, None, 5, 6000, skip=0.0),
        PuzzleSet("peralikatuma", "peralikatuma", {}, None, 5, 6000, skip=0.0),
        PuzzleSet("kotu_ellima", "kotu_ellima", {}, None, 5, 6000, skip=0.0),
        PuzzleSet("cows_leopards-leopards", "cows_leopards", {}, 0, 5, 3000, skip=0.0),
        # the Cows cannot take: their puzzles save cows, by one at least (two are rarely at stake)
        PuzzleSet(
            "cows_leopards-cows", "cows_leopards", {}, 1, 5, 2000, margin=1.0, skip=0.0, easy_both=True
        ),
        # the crowded middle game's long leaps cost seconds to minutes a position at 4 plies (every
        # move valued exactly): positions of more than 30 moves, or over 60,000 nodes, are passed over
        PuzzleSet(
            "battlehalma-promotion",
            "battlehalma",
            {"rule": "promotion"},
            None,
            4,
            9000,
            budget=60_000,
            max_moves=30,
        ),
        PuzzleSet("battlehalma-terminal", "battlehalma", {"rule": "terminal"}, None, 4, 1700),
        PuzzleSet("ncuva", "ncuva", {}, None, 7, 1500, margin=3.0, prefilter=0),
    )
}


def grade_of(depth: int) -> int:
    """The grade of a puzzle first solved uniquely at ``depth`` plies: 1 (the move itself and the
    captures it starts), 2 (2-3 plies: the reply, and the answer to it), 3 (4 plies and more)."""
    return 1 if depth <= 1 else 2 if depth <= 3 else 3


def is_capture(state: State, move: Move) -> bool:
    return bool(move.captured) or state.move_gain(move) > 0


def clear_best(scores: dict[Move, float], margin: float, standing: float) -> Move | None:
    """The move that wins clearly: a proven win where no other move is one, or a move not proven
    lost that beats every other move's score by ``margin``; None if there is none (among them:
    every move a proven loss, or two proven wins). ``standing`` (what the side has now) is not a
    condition: a move that saves the pieces every other move loses is a puzzle too."""
    if len(scores) < 2:
        return None
    ranked = sorted(scores, key=lambda m: -scores[m])
    best, second = scores[ranked[0]], scores[ranked[1]]
    if best >= DECIDED:
        return ranked[0] if second < DECIDED else None
    if best > -DECIDED and best - second >= margin:
        return ranked[0]
    return None


class _Cheap:
    """A greedy player that strays to a random move now and then: it leaves chances to punish."""

    def __init__(self, rng: random.Random, stray: float) -> None:
        self.rng, self.stray = rng, stray

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if self.rng.random() >= self.stray:
            take = biggest_capture(state, moves, self.rng)
            if take is not None:
                return take
        return moves[self.rng.randrange(len(moves))]


def _games(spec: PuzzleSet, rng: random.Random) -> Any:
    """Positions of seeded games between the Easy level (capped) and a straying greedy player,
    each game's positions in order; endless."""
    game = load_game(spec.game, **spec.options)
    easy = LEVELS["easy"].capped(spec.player_iterations)
    while True:
        state = game.new_initial_state(random.Random(rng.random()))
        level: Player = LevelPlayer(easy, random.Random(rng.random()))
        cheap = _Cheap(random.Random(rng.random()), stray=rng.choice((0.2, 0.4, 0.6)))
        level_side = rng.randrange(2)
        while state.outcome() is None and state.ply < 300:
            yield state.copy()
            if state.to_move == level_side or spec.easy_both:
                move = level.choose(state).move
            else:
                move = cheap.choose(state)
            if move is None:
                break
            state.apply(move)


def compare_all(state: State, depth: int, budget: int = BUDGET) -> tuple[dict[Move, float], float] | None:
    """Every legal move's exact score at ``depth`` and what the side to move has now (``standing``:
    its material, or its best capture's outcome when it must take); None: over the budget."""
    found = Judge(budget, MATERIAL).compare(state, state.legal_moves(), depth)
    if found is None:
        return None
    return {m: s + 0.0 for m, s in found.scores.items()}, found.standing + 0.0


def best_line(
    state: State, first: Move, depth: int, plies: int = LINE_PLIES, budget: int = BUDGET
) -> list[Move]:
    """``first`` and then the best replies, each chosen by the comparison to the depth left."""
    work = state.copy()
    line = [first]
    work.apply(first)
    while len(line) < plies and work.outcome() is None:
        moves = work.legal_moves()
        if not moves:
            break
        if len(moves) == 1:
            move = moves[0]
        else:
            found = Judge(budget, MATERIAL).compare(work, moves, max(1, depth - len(line)))
            if found is None or found.best is None:
                break
            move = found.best
        line.append(move)
        work.apply(move)
    return line


def reply_to(state: State, move: Move, depth: int, budget: int = BUDGET) -> str:
    """The best reply to ``move`` by a search ``depth`` plies deep ('' when the game ends)."""
    work = state.copy()
    work.apply(move)
    if work.outcome() is not None:
        return ""
    moves = work.legal_moves()
    if len(moves) == 1:
        return work.move_text(moves[0])
    found = Judge(budget, MATERIAL).compare(work, moves, max(1, depth))
    return work.move_text(found.best) if found is not None and found.best is not None else ""


def examine(
    state: State, depth: int, margin: float = MARGIN, prefilter: int = 0, budget: int = BUDGET
) -> dict[str, Any] | None:
    """The puzzle in ``state`` (see the module text), or None if it is none."""
    legal = state.legal_moves()
    if len(legal) < MIN_MOVES or state.outcome() is not None:
        return None
    if prefilter:  # cheapest first: a best move ahead by a piece at a shallow depth
        glance = compare_all(state, prefilter, budget)
        if glance is None or clear_best(glance[0], 1.0, glance[1]) is None:
            return None
    # then a gap of the margin one ply shallower than the verification
    shallow = compare_all(state, depth - 1, budget)
    if shallow is None:
        return None
    answer = clear_best(shallow[0], margin, shallow[1])
    if answer is None:
        return None
    captures = [m for m in legal if is_capture(state, m)]
    if is_capture(state, answer) and len(captures) == 1:
        return None  # the only capture on offer: no puzzle
    found = compare_all(state, depth, budget)
    if found is None or clear_best(found[0], margin, found[1]) != answer:
        return None
    scores, standing = found
    found_at = depth - 1
    for d in range(depth - 2, 0, -1):
        at = compare_all(state, d, budget)
        if at is None or clear_best(at[0], margin, at[1]) != answer:
            break
        found_at = d
    ranked = sorted(legal, key=lambda m: -scores[m])
    line = best_line(state, answer, depth, budget=budget)
    return {
        "position": state.to_text(),
        "to_move": state.to_move,
        "answer": state.move_text(answer),
        "grade": grade_of(found_at),
        "found_at": found_at,
        "depth": depth,
        "margin": margin,
        "score": scores[answer],
        "second": scores[ranked[1]],
        "standing": standing,
        "line": [state.move_text(answer)] + _line_texts(state, line),
        "moves": {state.move_text(m): scores[m] for m in ranked},
        "replies": {state.move_text(m): reply_to(state, m, max(1, depth - 2), budget) for m in ranked[1:]},
        "quiet": not is_capture(state, answer),
        "greedy": state.move_gain(answer) > max(state.move_gain(m) for m in legal if m != answer),
    }


def _line_texts(state: State, line: list[Move]) -> list[str]:
    work = state.copy()
    out = []
    for i, move in enumerate(line):
        if i:
            out.append(work.move_text(move))
        work.apply(move)
    return out


def make_set(spec: PuzzleSet, seed: int, target: int = TARGET, log: bool = True) -> dict[str, Any]:
    """Search candidates from seeded games until ``target`` puzzles or ``spec.candidates``."""
    rng = random.Random(f"{spec.id}:{seed}")
    t0 = time.process_time()
    seen: set[str] = set()
    puzzles: list[dict[str, Any]] = []
    searched = 0
    for state in _games(spec, rng):
        if len(puzzles) >= target or searched >= spec.candidates:
            break
        if spec.side is not None and state.to_move != spec.side:
            continue
        if not 2 <= len(state.legal_moves()) <= spec.max_moves or state.ply < 2:
            continue
        key = _key(state)
        if key in seen or rng.random() < spec.skip:  # more games, more variety
            continue
        seen.add(key)
        searched += 1
        found = examine(state, spec.depth, spec.margin, spec.prefilter, spec.budget)
        if found is not None:
            found["id"] = f"{spec.id}-{len(puzzles) + 1:03d}"
            puzzles.append(found)
            if log:
                print(
                    f"  {spec.id}: {len(puzzles)} puzzles from {searched} candidates, "
                    f"{time.process_time() - t0:.0f} CPU s",
                    flush=True,
                )
    puzzles.sort(key=lambda p: (p["grade"], p["id"]))
    grades = {g: sum(p["grade"] == g for p in puzzles) for g in (1, 2, 3)}
    return {
        "format": FORMAT,
        "set": spec.id,
        "game": spec.game,
        "options": spec.options,
        "side": spec.side,
        "built": {
            "seed": seed,
            "depth": spec.depth,
            "margin": spec.margin,
            "budget": spec.budget,
            "evaluation": "material",
            "candidates": searched,
            "puzzles": len(puzzles),
            "grades": {str(g): n for g, n in grades.items()},
            "cpu_seconds": round(time.process_time() - t0, 1),
        },
        "puzzles": puzzles,
    }


def _key(state: State) -> str:
    head, *fields = state.to_text().split("; ")
    return "; ".join([head] + [f for f in fields if not f.startswith(("ply=", "rep="))])


# --- checking -----------------------------------------------------------------------------------


def check_puzzle(puzzle: dict[str, Any]) -> str:
    """'' if ``puzzle``'s answer is still uniquely best by its margin at its depth, else why not."""
    state = load_state(puzzle["position"])
    try:
        answer = state.parse_move(puzzle["answer"])
    except ValueError:
        return f"{puzzle['answer']} is not legal"
    found = compare_all(state, int(puzzle["depth"]))
    if found is None:
        return "over the budget"
    best = clear_best(found[0], float(puzzle["margin"]), found[1])
    if best != answer:
        return f"{puzzle['answer']} is not uniquely best"
    return ""


def check_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.puzzles check")
    ap.add_argument("sets", nargs="*", help="set ids (default: all)")
    ap.add_argument("--every", type=int, default=1, help="check every Nth puzzle")
    ap.add_argument("--dir", type=Path, default=OUT_DIR)
    args = ap.parse_args(argv)
    bad = 0
    for sid in args.sets or list(SETS):
        data = json.loads((args.dir / f"{sid}.json").read_text(encoding="utf-8"))
        t0 = time.process_time()
        checked = data["puzzles"][:: max(1, args.every)]
        for p in checked:
            why = check_puzzle(p)
            if why:
                bad += 1
                print(f"{p['id']}: {why}")
        print(f"{sid}: {len(checked)} checked, {time.process_time() - t0:.1f} CPU s", flush=True)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["check"]:
        return check_main(argv[1:])
    ap = argparse.ArgumentParser(prog="python -m training.puzzles", description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="*", help="set ids (default: all): " + ", ".join(SETS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT_DIR)
    ap.add_argument("--target", type=int, default=TARGET, help="puzzles a set at most")
    args = ap.parse_args(argv)
    for sid in args.sets:
        if sid not in SETS:
            ap.error(f"unknown set '{sid}' (sets: {', '.join(SETS)})")
    args.out.mkdir(parents=True, exist_ok=True)
    for sid in args.sets or list(SETS):
        made = make_set(SETS[sid], args.seed, args.target)
        made["built"]["command"] = f"python -m training.puzzles --seed {args.seed} {sid}"
        (args.out / f"{sid}.json").write_text(json.dumps(made, indent=1, ensure_ascii=False) + "\n")
        b = made["built"]
        print(
            f"{sid}: {b['puzzles']} puzzles {b['grades']} from {b['candidates']} candidates, "
            f"{b['cpu_seconds']} CPU s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
