"""A position set up by hand (issue 32, item 5): the pieces or stones on the board, the side to
move and the counters the game's position text keeps, written as that text and checked by
``rules.load_state`` exactly as pasted text is. Nothing here draws: the editor scene shows it,
and a position the rules accept is played or shared as its text.

Which counters are offered, and what each family's board characters are, is read from the game
itself (its ``body_fields``, its board rows and its piece letters); a counter the rules keep but
a player would not set (a huff offer, repetition counts, the stones in the stores, which follow
from the board) is left out, and the loader's defaults apply."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules import Game, State, load_game, load_state
from rules.kinds import PieceKind
from rules.position import write_rows
from rules.words import N_, Words, words_of

#: the most a counter offers when the rules set no limit (a player setting up a position
#: writes a small number; the text itself takes any)
OPEN_MOST = 999


@dataclass(frozen=True)
class Paint:
    """One kind of piece the palette places: its letter in the board text, its owner and kind."""

    char: str
    owner: int
    kind: PieceKind


@dataclass
class Counter:
    """A number of the position text a player may set: ``field`` (``slot`` 0 or 1 for one half
    of a pair such as ``hands=2/16``, -1 for a single count), from 0 to ``most``."""

    field: str
    slot: int
    label: str
    help: str
    value: int
    most: int


@dataclass(frozen=True)
class Verdict:
    """What the rules say of the text: the position (None when refused) and why not ('' when
    it can be played). A position the rules accept that is already over is not playable either."""

    state: State | None
    reason: str

    @property
    def playable(self) -> bool:
        return self.state is not None and not self.reason


#: a counter offered: its field, slot, label, help and most
CounterSpec = tuple[str, int, str, str, int]


@dataclass
class _Shape:
    """What one game's position text is made of."""

    rows: tuple[tuple[int, ...], ...]  # the cells of each row of the board text, top row first
    paints: tuple[Paint, ...]  # empty for a game of stones
    turn_letters: str
    #: the counters offered: field, slot, label, help, most
    counters: list[CounterSpec] = field(default_factory=list)
    totals: tuple[int, int] = (0, 0)  # games with pieces in hand: each side's pieces in all


def _shape(game: Game) -> _Shape:
    """The board text's rows, the pieces and letters, and the counters offered, per family."""
    from rules.battlehalma import BattleHalmaGame
    from rules.hunt import HuntGame
    from rules.ncuva import NcuvaGame
    from rules.war import WarGame

    g: Any = game
    limit = int(getattr(g, "limit", 0) or 0)
    quiet: CounterSpec = (
        "quiet",
        -1,
        N_("Plies since the last capture"),
        Words("After {limit} plies without a capture the game ends.", limit=limit),
        limit,
    )
    if isinstance(game, WarGame):
        paints = (Paint("S", 0, PieceKind.SOLDIER), Paint("N", 1, PieceKind.SOLDIER))
        return _Shape(g.board.rows_top_down(), paints, "SN", [quiet] if limit else [])
    if isinstance(game, HuntGame):
        s = g.setup
        paints = (Paint(s.letters[0], 0, g.piece_kinds[0]), Paint(s.letters[1], 1, g.piece_kinds[1]))
        hands: list[CounterSpec] = [
            (
                "hands",
                side,
                Words("{side} in hand", side=game.sides[side]),
                N_("Pieces still to be dropped on the board."),
                int(s.hands[side]),
            )
            for side in (0, 1)
        ]
        counters = hands + ([quiet] if limit else [])
        return _Shape(
            g.board.rows_top_down(), paints, s.letters[:2], counters, (int(g.totals[0]), int(g.totals[1]))
        )
    if isinstance(game, BattleHalmaGame):
        halma: tuple[Paint, ...] = (Paint("r", 0, PieceKind.COUNTER), Paint("b", 1, PieceKind.COUNTER))
        if g.promotion:
            halma += (Paint("R", 0, PieceKind.KING), Paint("B", 1, PieceKind.KING))
        return _Shape(g.geo.rows_top_down(), halma, "RB", [quiet] if limit else [])
    if isinstance(game, NcuvaGame):
        cols = g.cols
        rows = tuple(tuple(r * cols + c for c in range(cols)) for r in (3, 2, 1, 0))
        turns = (
            "turns",
            -1,
            N_("Turns played"),
            Words("After {limit} turns the stones decide.", limit=g.limit),
            int(g.limit),
        )
        return _Shape(rows, (), "SN", [turns])
    raise ValueError(f"no position editor for {game.spec.id}")


class PositionEditor:
    """The position being set up for ``game``: start from ``state`` (else the game's start)."""

    def __init__(self, game: Game, state: State | None = None) -> None:
        self.game = game
        self.sides = game.sides
        self.shape = _shape(game)
        self.paints = self.shape.paints
        self.stones = not self.paints  # a game of stones in holes: counts, not pieces
        self.chosen = 0  # the palette's choice (an index of ``paints``)
        self.start = game.new_initial_state(random.Random(0))
        self.board: dict[int, str] = {}  # piece games: cell -> letter
        self.counts: dict[int, int] = {}  # games of stones: cell -> stones
        self.turn = 0
        self.ply = 0
        self.counters: list[Counter] = []
        self._checked: tuple[str, Verdict] | None = None
        self.load(state or self.start)

    @classmethod
    def from_text(cls, text: str) -> PositionEditor:
        """The editor on the position ``text`` names (``PositionError`` with the reason if none)."""
        state = load_state(text)
        return cls(state.game, state)

    def with_options(self, options: dict[str, Any]) -> PositionEditor:
        """The editor for this game under other rules options: the position kept as far as the
        new rules' board and pieces allow (the same board: its pieces, side to move and
        counters, each counter held to its new limit), else the new game's start."""
        game = load_game(self.game.spec.id, **options)
        new = PositionEditor(game)
        if new.shape.rows != self.shape.rows or new.stones != self.stones:
            return new
        chars = {p.char for p in new.paints}
        new.board = {c: ch for c, ch in self.board.items() if ch in chars}
        new.counts = dict(self.counts)
        new.turn, new.ply = self.turn, self.ply
        old = {(c.field, c.slot): c.value for c in self.counters}
        for counter in new.counters:
            counter.value = min(counter.most, old.get((counter.field, counter.slot), counter.value))
        new.chosen = min(self.chosen, max(0, len(new.paints) - 1))
        return new

    @property
    def cells(self) -> list[int]:
        return [c for row in self.shape.rows for c in row]

    # --- reading a position ---------------------------------------------------------------------
    def load(self, state: State) -> None:
        """Take ``state``'s board, side to move and counters (anything else: the defaults)."""
        fields = state.body_fields()
        board = fields["board"]
        if self.stones:
            counts = [int(n) for row in board.split("/") for n in row.split(",")]
            self.counts = dict(zip(self.cells, counts))
        else:
            chars = board.replace("/", "")
            self.board = {cell: ch for cell, ch in zip(self.cells, chars) if ch != "."}
        self.turn = state.to_move
        self.ply = state.ply
        self.counters = []
        for name, slot, label, help_words, most in self.shape.counters:
            parts = fields.get(name, "0").split("/")
            value = int(parts[max(slot, 0)])
            self.counters.append(Counter(name, slot, label, help_words, min(value, most), most))

    def reset(self) -> None:
        """The game's start position."""
        self.load(self.start)

    def clear(self) -> None:
        """An empty board: no pieces (no stones), the side to move and counters kept."""
        self.board = {}
        self.counts = dict.fromkeys(self.cells, 0)

    # --- changing it ----------------------------------------------------------------------------
    @property
    def paint(self) -> Paint | None:
        return self.paints[self.chosen] if self.paints else None

    def choose(self, index: int) -> bool:
        """Pick the palette's ``index``-th piece; False if there is none."""
        if 0 <= index < len(self.paints):
            self.chosen = index
            return True
        return False

    def put(self, cell: int) -> None:
        """A click on ``cell``: the chosen piece there (a click on the same piece takes it off
        again); a stone more in a hole."""
        if cell not in self.cells:
            raise ValueError(f"{cell} is not a cell of this board")
        if self.stones:
            self.counts[cell] = self.counts.get(cell, 0) + 1
            return
        paint = self.paints[self.chosen]
        if self.board.get(cell) == paint.char:
            self.take(cell)
            return
        self.board[cell] = paint.char
        self._from_hand(paint.owner)

    def _hand(self, owner: int | None) -> Counter | None:
        """The counter of ``owner``'s pieces in hand (None in a game without hands)."""
        return next((c for c in self.counters if c.field == "hands" and c.slot == owner), None)

    def _from_hand(self, owner: int) -> None:
        """A piece placed comes out of its side's hand when the pieces would otherwise be more
        than the side has (a hunt game's drop, set up by hand)."""
        hand = self._hand(owner)
        if hand is None or not hand.value:
            return
        on_board = sum(1 for ch in self.board.values() if ch == self.paints[owner].char)
        if on_board + hand.value > self.shape.totals[owner]:
            hand.value -= 1

    def take(self, cell: int) -> None:
        """A right-click on ``cell``: the piece there off the board; a stone fewer in a hole."""
        if self.stones:
            self.counts[cell] = max(0, self.counts.get(cell, 0) - 1)
            return
        char = self.board.pop(cell, None)
        owner = next((p.owner for p in self.paints if p.char == char), None)
        hand = self._hand(owner)
        if hand is not None and hand.value < hand.most:  # back to the hand it came from
            hand.value += 1

    def pieces(self) -> dict[int, tuple[int, PieceKind]]:
        """The pieces on the board as ``State.pieces()`` gives them (drawing reads it)."""
        by_char = {p.char: p for p in self.paints}
        return {c: (by_char[ch].owner, by_char[ch].kind) for c, ch in self.board.items()}

    def set_turn(self, player: int) -> None:
        self.turn = player % 2

    def nudge(self, counter: Counter, step: int) -> None:
        counter.value = max(0, min(counter.most, counter.value + step))

    def side_stones(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Ncuva: each side's stones on its own rows and how many it started with (stones never
        cross to the other side, so the first is at most the second); ((0, 0), (0, 0)) else."""
        if not self.stones:
            return ((0, 0), (0, 0))
        n = len(self.cells) // 2
        start = self.start.counts()
        begun = [sum(start[c] for c in self.cells if (c < n) == (side == 0)) for side in (0, 1)]
        have = [sum(v for c, v in self.counts.items() if (c < n) == (side == 0)) for side in (0, 1)]
        return ((have[0], begun[0]), (have[1], begun[1]))

    def stores(self) -> tuple[int, int]:
        """Ncuva: the stones each side has captured, as the rules read them from the board
        (each side's stones missing from its rows went to the other's store); (0, 0) else."""
        (have0, begun0), (have1, begun1) = self.side_stones()
        return (max(0, begun1 - have1), max(0, begun0 - have0))

    # --- the text and what the rules say of it ----------------------------------------------------
    def text(self) -> str:
        """The position as text (the header names the game and its options)."""
        if self.stones:
            board = "/".join(",".join(str(self.counts.get(c, 0)) for c in row) for row in self.shape.rows)
        else:
            board = write_rows(self.shape.rows, self.board)  # as the rules write their own
        fields = {"board": board, "turn": self.shape.turn_letters[self.turn]}
        for c in self.counters:
            if c.slot < 0:
                fields[c.field] = str(c.value)
            else:
                pair = [str(o.value) for o in self.counters if o.field == c.field]
                fields[c.field] = "/".join(pair)
        fields["ply"] = str(self.ply)
        return f"{self.game.header()}; " + "; ".join(f"{k}={v}" for k, v in fields.items())

    def check(self) -> Verdict:
        """The text read back by ``rules.load_state`` as pasted text is; its reason when refused
        (the loader's, in a player's words), or that the position is already over."""
        text = self.text()
        if self._checked is not None and self._checked[0] == text:
            return self._checked[1]
        try:
            state = load_state(text)
        except ValueError as e:
            verdict = Verdict(None, words_of(e))
        else:
            over = state.outcome()
            verdict = Verdict(
                state, Words("This position is already over: {reason}", reason=over.reason) if over else ""
            )
        self._checked = (text, verdict)
        return verdict
