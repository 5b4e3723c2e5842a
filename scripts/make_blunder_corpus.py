"""Makes the analysis tests' corpus (tests/data/blunders.txt and tests/data/decided.txt) from
real games: games played to the end by a light engine with some random moves, and in their
positions a clean blunder certified by the naive reference (tests/reference_material.py): a move
losing two or more units by force within three plies while another loses nothing within four.
Also positions of games the leader went on to win by a wide margin, with a quiet move there that
loses nothing (the analysis must not call it a slip).

    python scripts/make_blunder_corpus.py [--per-game 36] [--jobs 2]

Deterministic for a given set of seeds; the files it writes are committed and the tests read them.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.judge import Judge  # noqa: E402
from rules import load_game  # noqa: E402
from rules.core import Move, State  # noqa: E402
from tests.reference_material import change_after, lead, stays_clean, wins_by_force  # noqa: E402

GAMES = ("sixteen_soldiers", "peralikatuma", "kotu_ellima", "cows_leopards", "battlehalma", "ncuva")
#: games whose corpus is also checked deeper than the definition's three and four plies, to this
#: depth: a relay sowing turns many a short count round (of 36 Ncuva blunders certified at three
#: plies, 2 were refuted at depth 8 to 11, where the "safe" move lost as much or the blunder won
#: by force, and 1 more gained a stone at depth 9 instead of losing two)
DEEPER = {"ncuva": 12}
#: ... and a "blunder" that still wins by force within this many plies is none (one Ncuva entry
#: lost two stones at every depth to 16 and won at 17)
WINS_WITHIN = 20


def still_wins(state: State, move: Move, plies: int) -> bool:
    work = state.copy()
    player = work.to_move
    work.apply(move)
    return wins_by_force(work, player, plies - 1)


#: a lead this large, in a game the leader went on to win, counts as decided
DECIDED_LEAD = {
    "sixteen_soldiers": 6,
    "peralikatuma": 7,
    "kotu_ellima": 7,
    "cows_leopards": 10,
    "battlehalma": 5,
    "ncuva": 12,
}


def options_for(game_id: str, seed: int) -> dict[str, int]:
    """Ncuva's games on 4 columns last a dozen turns: its corpus is spread over 4, 6 and 8."""
    return {"columns": (4, 6, 8)[seed % 3]} if game_id == "ncuva" else {}


def play_game(game_id: str, seed: int) -> list[State]:
    """A whole game by a light engine that strays one move in four; every position in order."""
    rng = random.Random(seed)
    state = load_game(game_id, **options_for(game_id, seed)).new_initial_state(rng)
    judge = Judge(300)
    seen = [state.copy()]
    while state.outcome() is None and state.ply < 300:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))] if rng.random() < 0.25 else judge.judge(state).best
        assert move is not None
        state.apply(move)
        seen.append(state.copy())
    return seen


def is_decided(state: State, leader: int, wide: int) -> bool:
    """A lead of ``wide`` units, or of two or more with twice the other side's pieces."""
    ahead = lead(state, leader)
    if ahead >= wide:
        return True
    owners = [owner for owner, _ in state.pieces().values()]
    mine, theirs = owners.count(leader), owners.count(leader ^ 1)
    return ahead >= 2 and bool(owners) and mine >= 2 * theirs


def blunders_in(game_id: str, seed: int, per_game: int = 2) -> tuple[list[str], list[str]]:
    positions = play_game(game_id, seed)
    rng = random.Random(seed)
    found: list[str] = []
    for state in positions[2::3]:
        if len(found) >= per_game or state.outcome() is not None:
            continue
        moves = state.legal_moves()
        if len(moves) < 3:
            continue
        changes = {m: change_after(state, m, 3) for m in moves}
        bad = [m for m in moves if -50 < changes[m] <= -2]
        calm = [m for m in moves if changes[m] >= 0]
        if not bad or not calm:
            continue
        safe = next(
            (m for m in sorted(calm, key=lambda m: -changes[m]) if change_after(state, m, 4) >= 0), None
        )
        if safe is None:
            continue
        blunder = min(
            bad, key=lambda m: (-changes[m], rng.random())
        )  # the mildest blunder: the hardest to see
        if game_id in DEEPER and (
            not stays_clean(state, blunder, safe, DEEPER[game_id]) or still_wins(state, blunder, WINS_WITHIN)
        ):
            continue
        found.append(
            " | ".join(
                (state.to_text(), state.move_text(blunder), state.move_text(safe), f"{-changes[blunder]:g}")
            )
        )
    decided: list[str] = []
    last = positions[-1].outcome()
    if last is not None and last.winner is not None:
        for state in positions[-16::3]:
            if state.outcome() is not None or not is_decided(state, last.winner, DECIDED_LEAD[game_id]):
                continue
            quiet = [
                m for m in state.legal_moves() if not state.captures(m) and change_after(state, m, 3) >= 0
            ]
            if len(quiet) >= 2:
                decided.append(
                    " | ".join((state.to_text(), state.move_text(quiet[rng.randrange(len(quiet))])))
                )
    return found, decided[:2]


def _job(args: tuple[str, int]) -> tuple[str, int, list[str], list[str]]:
    game_id, seed = args
    found, decided = blunders_in(game_id, seed)
    return game_id, seed, found, decided


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-game", type=int, default=36, help="blunders wanted for each game")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    args = ap.parse_args()
    old = (
        [
            line
            for line in (ROOT / "tests" / "data" / "blunders.txt").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#") and line.split(" | ")[0] not in args.games
        ]
        if (ROOT / "tests" / "data" / "blunders.txt").exists()
        else []
    )
    old_decided = (
        [
            line
            for line in (ROOT / "tests" / "data" / "decided.txt").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#") and line.split(" | ")[0] not in args.games
        ]
        if (ROOT / "tests" / "data" / "decided.txt").exists()
        else []
    )
    blunders: dict[str, list[str]] = {g: [] for g in args.games}
    decided: dict[str, list[str]] = {g: [] for g in args.games}
    with mp.Pool(args.jobs) as pool:
        for game_id in args.games:
            seeds = iter(range(1, 2000))
            while len(blunders[game_id]) < args.per_game:
                batch = [(game_id, next(seeds)) for _ in range(args.jobs * 2)]
                for g, seed, found, calm in pool.map(_job, batch):
                    blunders[g] += [f"{g} | {seed} | {line}" for line in found]
                    decided[g] += [f"{g} | {seed} | {line}" for line in calm]
                print(game_id, len(blunders[game_id]), len(decided[game_id]), file=sys.stderr, flush=True)
            blunders[game_id] = blunders[game_id][: args.per_game]
    head = (
        "# game | seed of the game | position | the blunder | a safe move | units it loses within 3 plies\n"
        "# made by scripts/make_blunder_corpus.py; certified by tests/reference_material.py\n"
    )
    out = ROOT / "tests" / "data"
    out.mkdir(exist_ok=True)
    (out / "blunders.txt").write_text(
        head
        + "".join(f"{line}\n" for line in old)
        + "".join(f"{line}\n" for g in args.games for line in blunders[g]),
        encoding="utf-8",
    )
    head = (
        "# game | seed of the game | position (the leader went on to win) | a quiet move losing nothing\n"
        "# made by scripts/make_blunder_corpus.py\n"
    )
    (out / "decided.txt").write_text(
        head
        + "".join(f"{line}\n" for line in old_decided)
        + "".join(f"{line}\n" for g in args.games for line in decided[g]),
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
