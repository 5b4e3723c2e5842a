"""The contract every registered game keeps, as plain checks (no pytest in here).

``tests/test_contract.py`` runs these over every id in ``rules.game_ids()`` in CI, and
``benchmarks/fuzz.py`` runs them for hours over every variant: one set of checks, so a game
added to the registry is covered by both without editing either. A check raises
``AssertionError``; ``play_random_game`` wraps it in a ``ContractViolation`` that carries the
position text, so a failure can be replayed with ``rules.load_state``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules import Game, IllegalMoveError, Move, Note, State, game_spec, load_game, load_state
from rules.effects import replay_counts, replay_pieces
from rules.kinds import BoardKind, EffectKind, EndCode, PieceKind, Pieces
from rules.layout import DIRECTIONS, KINDS

EFFECT_KINDS = tuple(EffectKind)
#: Plies after which a game that promises to end is reported as not ending (random games of
#: the current variants end within about 1,000).
END_BOUND = 5000


class ContractViolation(AssertionError):
    """A broken contract, with what is needed to replay it."""

    def __init__(self, message: str, position: str = "") -> None:
        super().__init__(f"{message}\n  position: {position}" if position else message)
        self.position = position


# --- variants ------------------------------------------------------------------------------------


def _accepted(game_id: str, options: dict[str, Any]) -> bool:
    try:
        load_game(game_id, **options)
    except ValueError:
        return False
    return True


def variants(game_id: str, full: bool) -> list[dict[str, Any]]:
    """The option sets to play: every accepted combination (``full``), or the defaults plus each
    non-default value once (CI): alone, or when the game refuses it alone (``load_game`` raises
    ValueError) with the fewest other changes that make it accepted. Only non-default values
    are listed, so labels stay short."""
    options = game_spec(game_id).options
    product = [
        {o.name: v for o, v in zip(options, values) if v != o.default}
        for values in itertools.product(*(o.choices for o in options))
    ]
    if full:
        return [combo for combo in product if _accepted(game_id, combo)]
    out: list[dict[str, Any]] = [{}] if _accepted(game_id, {}) else []
    for o in options:
        for v in o.choices:
            if v == o.default or any(combo.get(o.name) == v for combo in out):
                continue
            tries = sorted((c for c in product if c.get(o.name) == v), key=len)
            chosen = next((c for c in tries if _accepted(game_id, c)), None)
            if chosen is not None:
                out.append(chosen)
    return out


def label(game_id: str, options: dict[str, Any]) -> str:
    return " ".join([game_id] + [f"{k}={v}" for k, v in options.items()])


#: Options that switch an ending rule off when set to ``"off"`` (a no-capture limit, a
#: repetition draw). A game with none of them off must end; a new game naming such an option
#: differently adds its name here.
ENDING_OPTIONS = ("limit", "threefold", "repetition")


def promises_end(game: Game) -> bool:
    """Whether a game under these options must end, so that not ending is a violation."""
    return all(game.options.get(name) != "off" for name in ENDING_OPTIONS)


# --- what a position holds -------------------------------------------------------------------------


def holds_stones(state: State) -> bool:
    """A board of pits holding stones (what counts is how many), not of pieces on points."""
    return state.game.layout.kind == BoardKind.HOLES


def board_pieces(state: State) -> Pieces | None:
    """The pieces on points, None for pit games; every kind of piece typed."""
    if holds_stones(state):
        return None
    pieces = state.pieces()
    for owner, kind in pieces.values():
        assert owner in (0, 1) and isinstance(kind, PieceKind), f"piece {owner, kind!r} is not typed"
    assert all(isinstance(state.piece_kind(p), PieceKind) for p in (0, 1))
    return pieces


def board_counts(state: State) -> dict[int, int] | None:
    """Stones per hole for pit games (``counts()``), None for piece games."""
    return dict(state.counts()) if holds_stones(state) else None


def material(state: State) -> tuple[int, ...]:
    """What conservation keeps constant: per player, pieces on the board + in hand + taken by
    the other; for stone games, all stones on the board and in the stores."""
    counts = board_counts(state)
    taken = state.captured_counts()
    if counts is not None:
        return (sum(counts.values()) + sum(taken),)
    pieces = board_pieces(state)
    if pieces is None:
        return ()
    hands = state.hands()
    on_board = [0, 0]
    for owner, _ in pieces.values():
        on_board[owner] += 1
    return tuple(on_board[p] + hands[p] + taken[p ^ 1] for p in (0, 1))


def move_texts(state: State) -> list[str]:
    return [state.move_text(m) for m in state.legal_moves()]


# --- the checks --------------------------------------------------------------------------------------


def check_game(game: Game) -> None:
    """Per variant: the spec makes the game, names and layout agree."""
    spec = game.spec
    again = spec.make(spec, dict(game.options))
    assert again.spec is spec and again.options == game.options, "GameSpec.make(spec, options) lost them"
    assert len(game.sides) == 2 and all(game.sides), f"sides {game.sides!r}"
    layout = game.layout
    assert layout.kind in KINDS, f"layout kind {layout.kind!r}"
    indices = layout.indices()
    assert indices and len(set(indices)) == len(indices), "layout cells must be unique and non-empty"
    cells = set(indices)
    for cell in layout.cells:
        assert game.point_name(cell.index) == cell.name, f"cell {cell.index} is named {cell.name!r}"
        assert game.point_index(cell.name) == cell.index, f"point_index({cell.name!r})"
    if layout.kind == BoardKind.LINES:
        assert layout.lines, "a line board needs its lines"
        assert all(set(line) <= cells for line in layout.lines), "a line leaves the board"
        assert all(set(adj) <= cells for adj in layout.adjacent.values()), "a neighbour off the board"
    elif layout.kind == BoardKind.SQUARES:
        assert layout.size[0] > 0 and layout.size[1] > 0, f"square grid size {layout.size}"
        assert layout.directions and set(layout.directions) <= set(DIRECTIONS), "unknown direction names"
    elif layout.kind == BoardKind.HOLES:
        assert layout.rows and all(set(row) <= cells for row in layout.rows), "rows of holes"
        assert len(layout.circuits) == 2 and all(set(c) <= cells for c in layout.circuits), "circuits"
        assert set(layout.opposite) <= cells and set(layout.opposite.values()) <= cells, "opposite holes"


def check_outcome(state: State) -> None:
    out = state.outcome()
    if out is None:
        assert state.to_move in (0, 1), f"to_move {state.to_move!r}"
        return
    assert out.winner in (None, 0, 1), f"winner {out.winner!r}"
    assert isinstance(out.code, EndCode), f"outcome code {out.code!r} is not an EndCode"
    assert out.reason, "an outcome needs its reason in words"


def check_round_trip(state: State) -> None:
    """Position text reloads as the same position: text, outcome (winner, code), legal moves."""
    text = state.to_text()
    loaded = load_state(text)
    assert loaded.to_text() == text, f"reloaded text differs:\n  got       {loaded.to_text()}"
    a, b = state.outcome(), loaded.outcome()
    assert (a is None) == (b is None), f"outcome {a} reloads as {b}"
    if a is not None and b is not None:
        assert (a.winner, a.code) == (b.winner, b.code), f"outcome {a} reloads as {b}"
    assert move_texts(loaded) == move_texts(state), "the reloaded position has other legal moves"


def check_position(state: State, rng: random.Random, start_material: tuple[int, ...]) -> None:
    """Everything about one position that needs no move played."""
    check_outcome(state)
    legal = state.legal_moves()
    over = state.outcome() is not None
    assert over != bool(legal), f"outcome {state.outcome()} with {len(legal)} legal moves"
    check_round_trip(state)
    texts = [state.move_text(m) for m in legal]
    assert len(set(texts)) == len(texts), "two legal moves share one text"
    for move, text in zip(legal, texts):
        assert state.parse_move(text) == move, f"'{text}' parses as {state.parse_move(text)}, not {move}"
    cells = set(state.game.layout.indices())
    for move in legal:
        assert set(move.path) | set(move.captured) <= cells, f"{move} leaves the layout"
    pieces = board_pieces(state)
    if pieces is not None:
        assert set(pieces) <= cells, "a piece stands off the layout"
        assert all(owner in (0, 1) and kind for owner, kind in pieces.values()), "piece owner or kind"
    counts = board_counts(state)
    if counts is not None:
        assert set(counts) <= cells and min(counts.values(), default=0) >= 0, "stone counts"
    assert min(state.hands()) >= 0 and min(state.captured_counts()) >= 0, "negative hands or captures"
    assert material(state) == start_material, f"material {material(state)}, at the start {start_material}"
    value = state.heuristic()
    out = state.outcome()
    assert -1.0 <= value <= 1.0, f"heuristic {value} outside -1..1"
    if out is not None:  # a finished game is judged by its result, from player 0's side
        assert value == {None: 0.0, 0: 1.0, 1: -1.0}[out.winner], f"heuristic {value} for {out}"
    notes = state.turn_notes()
    assert isinstance(notes, list), "turn_notes() returns a list"
    for note in notes:
        assert isinstance(note, Note) and note.code and note.words, f"note {note!r}"
    check_refusals(state, rng, legal)


def illegal_candidates(state: State, legal: list[Move]) -> Iterator[Move]:
    """Moves that are probably not legal here, built from the legal ones and the history."""
    cells = state.game.layout.indices()
    yield Move("no_such_kind", (cells[0],))
    for move in legal[:3]:
        if len(move.path) > 1:
            yield Move(move.kind, tuple(reversed(move.path)), move.captured)
        yield Move(move.kind, move.path, move.captured + (move.path[0],))
    history = state.history()
    if history:
        yield history[-1]


def check_refusals(state: State, rng: random.Random, legal: list[Move]) -> None:
    """``play`` refuses a move that is not legal with a reason, and changes nothing."""
    text = state.to_text()
    legal_set = set(legal)
    for move in illegal_candidates(state, legal):
        if move in legal_set:
            continue
        try:
            state.play(move)
        except IllegalMoveError as err:
            assert str(err), f"refusing {move} gave no reason"
        else:
            raise AssertionError(f"play accepted {move}, which is not legal")
        assert state.to_text() == text, f"a refused {move} changed the position"
        why = state.why_illegal(move)
        assert isinstance(why, str) and why, f"why_illegal({move}) gave no reason"
    for bad in ("", "not a move"):
        try:
            state.parse_move(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"parse_move({bad!r}) did not raise ValueError")
    if legal:
        cells = state.game.layout.indices()
        starts = {m.path[0] for m in legal}
        idle = [c for c in cells if c not in starts]
        if idle:
            why = state.why_not_from(rng.choice(idle))
            assert isinstance(why, str) and why, "why_not_from gave no reason"
        prefixes = {m.path[:2] for m in legal}
        path = (rng.choice(cells), rng.choice(cells))
        if path not in prefixes:
            why = state.why_not_path(path)
            assert isinstance(why, str) and why, "why_not_path gave no reason"
    assert state.to_text() == text, "asking why a move is refused changed the position"


def check_effects(state: State, move: Move) -> None:
    """``effects(move)`` replayed on the position before gives the position after (then undone)."""
    effects = state.effects(move)
    assert isinstance(effects, list), "effects() returns a list"
    cells = set(state.game.layout.indices())
    for e in effects:
        assert e.kind in EFFECT_KINDS, f"unknown effect kind {e.kind!r}"
        assert e.cell in cells and (e.to == -1 or e.to in cells), f"effect {e} leaves the layout"
    pieces, counts, taken = board_pieces(state), board_counts(state), state.captured_counts()
    state.apply(move)
    try:
        if counts is not None:
            after, gained = replay_counts(counts, effects)
            now = board_counts(state)
            assert {k: v for k, v in after.items() if v} == {k: v for k, v in now.items() if v}, (
                f"effects of {move} replay to other stone counts"
            )
            grew = [a - b for a, b in zip(state.captured_counts(), taken)]
            assert grew == gained, f"captured grew by {grew}, the effects of {move} take {gained}"
        elif pieces is not None:
            assert replay_pieces(pieces, effects) == state.pieces(), (
                f"effects of {move} replay to other pieces"
            )
    finally:
        state.undo()


def check_route(state: State, move: Move) -> None:
    """The UI's cell-by-cell route to ``move`` (its stored path) is offered step by step and
    ends in the move itself."""
    path = move.path
    if len(path) < 2:
        return
    own_routes = type(state).continuations is State.continuations  # else a game's own, with routes of its own
    for k in range(1, len(path)):
        nexts, _ = state.continuations(path[:k])
        assert path[k] in nexts, f"continuations({path[:k]}) does not offer {path[k]} on the way to {move}"
        if own_routes:  # exactly the next cells of the legal moves along this route, nothing else
            along = {m.path[k] for m in state.legal_moves() if len(m.path) > k and m.path[:k] == path[:k]}
            assert set(nexts) == along, (
                f"continuations({path[:k]}) offers {sorted(nexts)}, the moves {sorted(along)}"
            )
    assert state.continuations(path)[1], f"the route {path} of {move} is not reported complete"
    assert state.move_for_route(path) == move, f"move_for_route({path}) is not {move}"


def check_move(state: State, move: Move, rng: random.Random, all_effects: bool) -> None:
    """Play ``move`` on ``state`` checking its route, effects, copy independence and undo."""
    check_route(state, move)
    before = state.to_text()
    legal = state.legal_moves()
    before_moves = [state.move_text(m) for m in legal]
    for m in legal if all_effects else [move]:
        check_effects(state, m)
        assert state.to_text() == before, f"effects/apply/undo of {m} changed the position"
    twin = state.copy()
    mover = state.to_move
    taken, forces = state.captured_counts()[mover], state.forces(mover ^ 1)
    twin.apply(move)
    assert state.to_text() == before, "playing a move on a copy changed the original"
    assert twin.forces(mover ^ 1) == forces - (twin.captured_counts()[mover] - taken), (
        "what a move takes is not what the other side's forces lose (State.forces)"
    )
    state.apply(move)
    after = state.to_text()
    assert twin.to_text() == after, "a copy and the original differ after the same move"
    assert state.undo() == move, "undo returned another move"
    assert state.to_text() == before, "undo did not restore the position text"
    assert move_texts(state) == before_moves, "undo did not restore the legal moves"
    state.apply(move)
    assert state.to_text() == after, "the move played again gave another position"
    if twin.outcome() is None:
        twin.apply(rng.choice(twin.legal_moves()))
        assert state.to_text() == after, "playing on a copy changed the original"


def check_playout(state: State, rng: random.Random, max_plies: int) -> int:
    """``playout`` on a copy: ends with an outcome or at ``max_plies``; the copy's position and
    outcome are right (they reload as they are); the original is untouched."""
    before = state.to_text()
    sim = state.copy()
    played = sim.playout(rng, max_plies=max_plies, greedy=rng.choice((0.0, 0.5, 1.0)))
    assert isinstance(played, int) and 0 <= played <= max_plies, f"playout returned {played!r}"
    assert sim.outcome() is not None or played == max_plies, (
        f"playout stopped after {played} plies, unfinished"
    )
    assert state.to_text() == before, "a playout on a copy changed the original"
    check_outcome(sim)
    check_round_trip(sim)
    return played


# --- a whole random game ----------------------------------------------------------------------------


@dataclass
class GameResult:
    plies: int
    ended: bool
    code: str
    position: str  # the final position text


def play_random_game(
    game: Game,
    seed: int,
    checked_plies: int = END_BOUND,
    bound: int = END_BOUND,
    all_effects: bool = True,
    playout_every: int = 25,
) -> GameResult:
    """A seeded random game with every check at each of the first ``checked_plies`` plies (and
    at the final position); then unchecked moves up to ``bound``. A game that promises an end
    and has none by ``bound`` is a violation. Raises ``ContractViolation``."""
    rng = random.Random(seed)
    name = label(game.id, {k: v for k, v in game.options.items() if v != game.spec.option(k).default})
    state = game.new_initial_state(rng)
    start_text = state.to_text()
    start_material = material(state)
    greedy = rng.choice((0.0, 0.0, 0.5, 1.0))
    plies = 0
    text = start_text
    where = "start"
    try:
        while state.outcome() is None and plies < bound:
            text = state.to_text()
            move = state.playout_move(rng, greedy)
            where = f"ply {plies}, move {state.move_text(move) if move else None}"
            assert move is not None and move in state.legal_moves(), (
                f"playout_move gave {move}, not a legal move"
            )
            if plies < checked_plies:
                check_position(state, rng, start_material)
                if plies % playout_every == 0:
                    check_playout(state, rng, bound)
                check_move(state, move, rng, all_effects)
            else:
                state.apply(move)
            plies += 1
        text = state.to_text()
        where = f"final position after {plies} plies"
        check_position(state, rng, start_material)
        out = state.outcome()
        if promises_end(game):
            assert out is not None, f"no end after {bound} plies"
        for _ in range(len(state.history())):
            state.undo()
        assert state.to_text() == start_text, "undoing the whole game did not give the start"
    except ContractViolation:
        raise
    except Exception as err:  # every failure carries its position
        raise ContractViolation(f"{name} seed={seed} {where}: {type(err).__name__}: {err}", text) from err
    return GameResult(plies, out is not None, out.code if out else "", text)
