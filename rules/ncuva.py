"""Ncuva (RULES-SPEC 6): a 4-row mancala with relay sowing, captures, singles and sow-again.

The board is one list of stone counts in *circuit order*: South's 2N holes in South's sowing
order (a1 → N1, then N2 → a2), then North's (N4 → a4, then a3 → N3). Both players' circuits
then look alike: local positions 0..N-1 are the outer row, N..2N-1 the inner row, and the hole
opposite inner position ``p`` is the opponent's local ``3N-1-p``, their outer hole of that
column local ``p-N``. Public cell indices are ``row * N + column`` (a1 = 0, row 1 first).

A move is one sowing decision. After a capture (with ``after_capture=sow-again``) the same
player decides again, so ``to_move`` stays; otherwise the turn passes. The turn count counts
*turns*: it goes up by one each time the turn passes to the opponent, however many sowings
the turn held; 200 turns end the game (a house rule). The sowing itself, with its relay-cycle
stop and its lift limit, is ``ncuva_sowing``.

A ``Move`` names only the hole (``kind``, ``path`` of one cell): what a sowing takes is known
only once it is sown, so ``captured`` stays empty and ``state.captures(move)`` works it out when
asked (the notation, the log, move ordering). Generating the moves sows nothing.

Notation: ``b1`` a sowing, ``b2x`` a sowing that captures, ``b1>c1`` a singles move (one stone
onto the empty next hole), ``b2>a2x`` a singles move that captures.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cached_property
from typing import Any

from .core import Game, GameSpec, IllegalMoveError, Move, Note, Outcome
from .effects import Effect
from .kinds import BoardKind, Detail, EffectKind, EndCode, MoveKind, NoteCode, Phase
from .layout import Cell, Layout
from .ncuva_sowing import CYCLE_STOP, LIMIT_STOP, choices, decide, sow
from .position import check_fields, count_field, pair_field, shown, turn_field
from .recorded import RecordedState
from .words import N_, Words

SIDES = ("South", "North")
LETTERS = "abcdefghijkl"
TURN_LIMIT = 200  # house rule: the game ends by count after this many turns
_MOVE_TEXT = re.compile(r"^([a-l])([1-4])(?:>([a-l])([1-4]))?(x?)$")


def by_stones(totals: tuple[int, int] | list[int], why: str, code: EndCode) -> Outcome:
    """The ending that the stones on the board decide (more stones wins, equal is a draw)."""
    s, n = totals
    if s == n:
        return Outcome(None, Words("{why}: a draw at {s} stones each", why=why, s=s), code)
    winner = 0 if s > n else 1
    return Outcome(
        winner,
        Words(
            "{why}: {side} wins with {max} stones to {min}",
            why=why,
            side=SIDES[winner],
            max=max(s, n),
            min=min(s, n),
        ),
        code,
    )


# --- the game -----------------------------------------------------------------------------------


class NcuvaGame(Game):
    """Ncuva with its options fixed: board size, the after-capture rule, the start layout, the
    "only two left" reading, and the tables between public cells and circuit positions."""

    def __init__(self, spec: GameSpec, options: dict[str, Any]) -> None:
        super().__init__(spec, options)
        self.cols = cols = int(options["columns"])
        self.n = n = 2 * cols
        self.sow_again = options["after_capture"] == "sow-again"
        self.only_two = options["only_two"] == "on"
        # Maruba's start: each inner row's leftmost hole (from its owner's seat) empty, the next
        # one a single stone; in circuit order those are every circuit's last two holes.
        half = [2] * n
        if options.get("start", "even") == "maruba":
            half[n - 2], half[n - 1] = 1, 0
        self.start_board: tuple[int, ...] = tuple(half + half)  # circuit order, both players
        self.total_stones = sum(self.start_board)
        self.limit = TURN_LIMIT
        cell_of = []
        for k in range(2 * n):
            player, local = divmod(k, n)
            if player == 0:
                row, col = (0, local) if local < cols else (1, n - 1 - local)
            else:
                row, col = (3, cols - 1 - local) if local < cols else (2, local - cols)
            cell_of.append(row * cols + col)
        self.cell_of: tuple[int, ...] = tuple(cell_of)  # circuit index -> cell
        circ = [0] * (2 * n)
        for k, cell in enumerate(cell_of):
            circ[cell] = k
        self.circ_of: tuple[int, ...] = tuple(circ)  # cell -> circuit index
        self.local_of: tuple[int, ...] = tuple(k % n for k in circ)  # cell -> position on its owner's circuit
        #: the Move of every start, made once: [singles?][player][local position]
        self.moves: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
            tuple(tuple(Move(kind, (cell_of[p * n + k],)) for k in range(n)) for p in (0, 1))
            for kind in (MoveKind.SOW, MoveKind.SINGLE)
        )

    def new_initial_state(self, rng: random.Random | None = None) -> NcuvaState:
        """The start; with ``first=coin`` ``rng`` tosses for the first player (without an
        ``rng``, as in tests and tools, there is no toss and South starts)."""
        first = self.options.get("first", "south")
        turn = 1 if first == "north" else rng.randrange(2) if first == "coin" and rng is not None else 0
        return NcuvaState(self, list(self.start_board), turn)

    def owner(self, cell: int) -> int:
        return self.circ_of[cell] // self.n

    def next_cell(self, cell: int) -> int:
        """The hole after ``cell`` along its owner's circuit."""
        k = self.circ_of[cell]
        base = k - k % self.n
        return self.cell_of[base + (k - base + 1) % self.n]

    # --- board and names ----------------------------------------------------------------------
    @cached_property
    def layout(self) -> Layout:
        cols = self.cols
        cells = tuple(
            Cell(r * cols + c, self.point_name(r * cols + c), float(c), r + (0.5 if r >= 2 else 0.0))
            for r in range(4)
            for c in range(cols)
        )
        rows = tuple(tuple(r * cols + c for c in range(cols)) for r in range(4))
        circuits = (self.cell_of[: self.n], self.cell_of[self.n :])
        opposite = {cols + c: 2 * cols + c for c in range(cols)}
        opposite.update({v: k for k, v in opposite.items()})
        return Layout(BoardKind.HOLES, cells, rows=rows, circuits=circuits, opposite=opposite)

    def point_name(self, point: int) -> str:
        row, col = divmod(point, self.cols)
        return f"{LETTERS[col]}{row + 1}"

    def point_index(self, name: str) -> int:
        text = name.strip().lower()
        if len(text) == 2 and text[0] in LETTERS[: self.cols] and text[1] in "1234":
            return (int(text[1]) - 1) * self.cols + LETTERS.index(text[0])
        raise ValueError(
            Words(
                "'{name}' is not a hole of this board (a1 to {letter}4)",
                name=name,
                letter=LETTERS[self.cols - 1],
            )
        )

    # --- notation -----------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        text = self.point_name(move.origin)
        if move.kind == MoveKind.SINGLE:
            text += ">" + self.point_name(self.next_cell(move.origin))
        return text + ("x" if move.captured else "")

    def parse_move(self, state: NcuvaState, text: str) -> Move:  # type: ignore[override]
        m = _MOVE_TEXT.match(text.strip().lower())
        if not m:
            raise ValueError(
                Words("cannot read '{text}': write a hole like b1, or b1>c1 for a single stone", text=text)
            )
        origin = self.point_index(m.group(1) + m.group(2))
        if m.group(3):
            to = self.point_index(m.group(3) + m.group(4))
            if to != self.next_cell(origin):
                nxt = self.point_name(self.next_cell(origin))
                raise IllegalMoveError(
                    Words("a single stone moves to the next hole along the circuit, {nxt}", nxt=nxt)
                )
        if state.outcome() is not None:
            raise IllegalMoveError("the game is over")
        for move in state.legal_moves():
            if move.origin == origin:
                return move
        raise IllegalMoveError(state.why_not_from(origin))

    # --- position text ------------------------------------------------------------------------
    def state_from_fields(self, fields: dict[str, str]) -> NcuvaState:
        """A position from its text, refused (ValueError in words) if play can never reach it.
        Stones move only round their own side and leave it only when captured, so each side's
        stones on the board plus what the other side captured make what it started with (the
        ``store=`` field may be left out: it follows from the board). Whose turn it is follows
        from the turns played, the turn count stops at the limit, and a sowing again (``sown=``)
        needs a capture before it and a hole to sow from."""
        check_fields(
            fields, ("board", "turn", "turns", "store", "sown", "ply"), ("board", "turn"), self.spec.name
        )
        cols, n = self.cols, self.n
        start = self.new_initial_state()
        begun = start.board_stones()
        total = sum(begun)
        size = Words("a {cols}-column game", cols=cols)
        rows = fields["board"].split("/")
        if len(rows) != 4:
            raise ValueError(
                Words(
                    "the Ncuva board needs 4 rows of holes (row 4 first, separated by /), found {n_rows}",
                    n_rows=len(rows),
                )
            )
        counts = [0] * (4 * cols)
        for r, row_text in zip((3, 2, 1, 0), rows):
            parts = [part.strip() for part in row_text.split(",")]
            if len(parts) != cols:
                raise ValueError(
                    Words(
                        "row {n} of the board ('{row_text}') "
                        "should have {cols} counts of stones separated by commas, not {n_parts}",
                        n=r + 1,
                        row_text=shown(row_text),
                        cols=cols,
                        n_parts=len(parts),
                    )
                )
            for c, part in enumerate(parts):
                if not (part.isascii() and part.isdigit()):
                    raise ValueError(
                        Words(
                            "'{part}' in row {n} of the board is not a number of stones",
                            part=shown(part),
                            n=r + 1,
                        )
                    )
                digits = part.lstrip("0") or "0"
                if len(digits) > 9:  # the total below says the rest; this keeps the numbers small
                    raise ValueError(
                        Words(
                            "{n} holds {part} stones, but {size} has {total} in all",
                            n=self.point_name(r * cols + c),
                            part=shown(part),
                            size=size,
                            total=total,
                        )
                    )
                counts[r * cols + c] = int(digits)
        turn = turn_field(fields, "SN", SIDES)
        board = [counts[cell] for cell in self.cell_of]
        on_board = (sum(board[:n]), sum(board[n:]))
        stores = pair_field(
            fields,
            "store",
            "3/0",
            (total, total),
            (Words("{size} has {total} stones in all", size=size, total=total),) * 2,
        )
        if stores is None:  # what each side captured is what the other side lost
            if sum(on_board) > total:
                raise ValueError(
                    Words(
                        "this Ncuva position has {sum} stones; {size} has {total}",
                        sum=sum(on_board),
                        size=size,
                        total=total,
                    )
                )
            for side in (0, 1):
                if on_board[side] > begun[side]:
                    raise ValueError(
                        Words(
                            "{side}'s rows hold {on_board} stones, but each side of {size} starts with "
                            "{begun}, and stones never cross to the other side",
                            side=SIDES[side],
                            on_board=on_board[side],
                            size=size,
                            begun=begun[side],
                        )
                    )
            stores = (begun[1] - on_board[1], begun[0] - on_board[0])
        have = sum(on_board) + sum(stores)
        if have != total:
            raise ValueError(
                Words(
                    "this Ncuva position has {have} stones "
                    "({sum} on the board, {sum2} captured); {size} has {total}",
                    have=have,
                    sum=sum(on_board),
                    sum2=sum(stores),
                    size=size,
                    total=total,
                )
            )
        for side in (0, 1):
            if on_board[side] + stores[side ^ 1] != begun[side]:
                raise ValueError(
                    Words(
                        "{side}'s rows hold {on_board} stones and {side2} has captured {store}: {n} in "
                        "all, but {side} starts with {begun} (stones leave a side only when the other "
                        "captures them)",
                        side=SIDES[side],
                        on_board=on_board[side],
                        side2=SIDES[side ^ 1],
                        store=stores[side ^ 1],
                        n=on_board[side] + stores[side ^ 1],
                        begun=begun[side],
                    )
                )
        if not any(on_board):
            raise ValueError("no stones are left on either side: the game ends as soon as one side has none")
        turns = count_field(
            fields,
            "turns",
            most=self.limit,
            over=Words("the game ends after {limit} turns", limit=self.limit),
        )
        first = start.to_move
        if (
            self.options.get("first") != "coin" and turn != (first + turns) % 2
        ):  # a toss lets either side start
            raise ValueError(
                Words(
                    "turn={value} does not fit turns={turns}: {side} plays the first turn and the turn "
                    "passes after each, so after {turns} turns it is {side2}'s",
                    value="SN"[turn],
                    turns=turns,
                    side=SIDES[first],
                    side2=SIDES[(first + turns) % 2],
                )
            )
        sown = count_field(
            fields,
            "sown",
            most=total,
            over=Words("{size} has {total} stones to capture", size=size, total=total),
        )
        if sown:
            if not self.sow_again:
                raise ValueError(
                    Words(
                        "sown={sown} counts sowings after a capture, "
                        "but in this game a capture ends the turn",
                        sown=sown,
                    )
                )
            if sown > stores[turn]:
                raise ValueError(
                    Words(
                        "sown={sown}, but {side} has captured only {store} stones: "
                        "each sowing again follows a capture",
                        sown=sown,
                        side=SIDES[turn],
                        store=stores[turn],
                    )
                )
            if turns >= self.limit:
                raise ValueError(
                    Words("sown={sown}, but the game ended after {limit} turns", sown=sown, limit=self.limit)
                )
            if not choices(board, turn * n, n, self.only_two)[0]:
                raise ValueError(
                    Words(
                        "sown={sown}, but {side} has no hole to sow from: "
                        "after a capture the turn goes on only when there is one",
                        sown=sown,
                        side=SIDES[turn],
                    )
                )
        state = NcuvaState(self, board, turn)
        state._turns = turns
        state._stores = stores
        state._sown = sown
        state._ply0 = count_field(fields, "ply")
        return state


class NcuvaState(RecordedState):
    """An Ncuva position: stones per hole (circuit order), whose decision it is, the turns
    played, the stones each player captured and the sowings made so far in this turn. The
    stones on each side (``_own``) are counted once and then kept from the captures: a sowing
    stays on its own side, so only a capture changes them (the end is judged from them after
    every sowing, which summing the board each time made a fifth of the rules' work)."""

    __slots__ = ("_b", "_turn", "_turns", "_stores", "_sown", "_own", "_legal")

    def __init__(self, game: NcuvaGame, board: list[int], turn: int) -> None:
        self.game: NcuvaGame = game
        self._b = board
        self._turn = turn
        self._turns = 0
        self._stores: tuple[int, int] = (0, 0)
        self._sown = 0
        n = game.n
        self._own: tuple[int, int] = (sum(board[:n]), sum(board[n:]))
        self._start_record()

    # --- basic facts --------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """'sow', or 'singles' when the side to move has no hole of two or more."""
        g = self.game
        return Phase.SINGLES if choices(self._b, self._turn * g.n, g.n, g.only_two)[1] else Phase.SOW

    @property
    def turns(self) -> int:
        """Turns completed (a turn is every sowing one player makes before the other plays)."""
        return self._turns

    def counts(self) -> dict[int, int]:
        """Stones per hole, by cell."""
        return {cell: self._b[k] for k, cell in enumerate(self.game.cell_of)}

    def stores(self) -> tuple[int, int]:
        """Stones captured by South and by North."""
        return self._stores

    def captured_counts(self) -> tuple[int, int]:
        return self._stores

    def board_stones(self) -> tuple[int, int]:
        """Stones on each player's own two rows."""
        return self._own

    def forces(self, player: int) -> int:
        """The stones on ``player``'s own two rows."""
        return self.board_stones()[player]

    # --- moves --------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        return self._legal[:]  # made with the outcome, for this very position

    def _decided(self, move: Move) -> tuple[int, int, int, int]:
        """``decide`` for ``move`` on a copy of the board: (taken, inner, outer, stop)."""
        g = self.game
        turn = self._turn
        return decide(
            self._b[:], turn, g.cols, g.circ_of[move.origin] - turn * g.n, move.kind == MoveKind.SINGLE
        )

    def captures(self, move: Move) -> tuple[int, ...]:
        """The opponent's holes ``move`` empties, inner first: the move is sown on a copy."""
        taken, inner, outer, _ = self._decided(move)
        if not taken:
            return ()
        cell_of, b = self.game.cell_of, self._b
        return tuple(cell_of[i] for i in (inner, outer) if b[i])

    def move_gain(self, move: Move) -> float:
        """Stones the move captures (sown on a copy of the board)."""
        return self._decided(move)[0]

    def move_text(self, move: Move) -> str:
        """The notation, with ``x`` when the move captures (which takes sowing it on a copy)."""
        if move.captured or move.kind not in (MoveKind.SOW, MoveKind.SINGLE) or len(move.path) != 1:
            return self.game.format_move(move)
        return self.game.format_move(move._replace(captured=self.captures(move)))

    def _snapshot(self) -> tuple[Any, ...]:
        return (tuple(self._b), self._turn, self._turns, self._stores, self._sown, self._own)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        board, self._turn, self._turns, self._stores, self._sown, self._own = snapshot
        self._b = list(board)

    def apply(self, move: Move) -> None:
        b, turn = self._b, self._turn
        self._hist.append(
            (move, (tuple(b), turn, self._turns, self._stores, self._sown, self._own))
        )  # _record, inlined
        self._cache = False
        g = self.game
        taken = decide(b, turn, g.cols, g.local_of[move.path[0]], move.kind == MoveKind.SINGLE)[0]
        if taken:
            s, n = self._stores
            south, north = self._own
            if turn == 0:
                self._stores, self._own = (s + taken, n), (south, north - taken)
            else:
                self._stores, self._own = (s, n + taken), (south - taken, north)
            if g.sow_again and choices(b, turn * g.n, g.n, g.only_two)[0]:
                self._sown += 1
                return
        self._turn = turn ^ 1
        self._turns += 1
        self._sown = 0

    # --- the end ------------------------------------------------------------------------------
    def _compute_outcome(self) -> Outcome | None:
        """The ending, if any; on the way, the legal moves (``_legal``), which need the same
        look at the mover's holes."""
        g = self.game
        b, n, turn = self._b, g.n, self._turn
        self._legal: list[Move] = []
        totals = self._own
        if not totals[0] or not totals[1]:
            if totals[0] == totals[1]:
                return Outcome(None, N_("no stones are left on the board: a draw"), EndCode.ALL_CAPTURED)
            loser = 0 if not totals[0] else 1
            return Outcome(
                loser ^ 1, Words("{side} has no stones left", side=SIDES[loser]), EndCode.ALL_CAPTURED
            )
        starts, single = choices(b, turn * n, n, g.only_two)
        if single and max(b) < 2:  # the mover's own hole of two would have made it >= 2
            return by_stones(totals, N_("neither player has a hole with two stones"), EndCode.STONES)
        if not starts:
            return by_stones(totals, Words("{side} cannot move", side=SIDES[turn]), EndCode.NO_MOVES)
        if self._turns >= g.limit:
            return by_stones(totals, Words("{limit} turns played", limit=g.limit), EndCode.LIMIT)
        table = g.moves[single][turn]
        self._legal = [table[pos] for pos in starts]
        return None

    def copy(self) -> NcuvaState:
        c = super().copy()
        if c._cache is not False:
            c._legal = self._legal
        return c

    # --- what a move does, stone by stone -------------------------------------------------------
    def effects(self, move: Move) -> list[Effect]:
        """Every lift, drop, relay and capture of ``move`` in order, and a final stop whose
        detail says why the sowing ended: ``Detail.SLEEP``, ``CAPTURE``, ``CYCLE`` (a relay would
        lift a state already seen) or ``LIMIT`` (the house rule's last lift was made); after those two
        its ``count`` is the lifts made."""
        g = self.game
        n, cols, turn = g.n, g.cols, self._turn
        base = turn * n
        cell = g.cell_of
        b = list(self._b)
        pos = g.circ_of[move.origin] - base
        out: list[Effect] = []
        stop = lifts = 0
        if move.kind == MoveKind.SINGLE:
            out.append(Effect(EffectKind.LIFT, cell[base + pos], count=1))
            b[base + pos] = 0
            pos = (pos + 1) % n
            b[base + pos] += 1
            out.append(Effect(EffectKind.DROP, cell[base + pos]))
        else:
            _, stop, lifts = sow(b[:], base, n, pos)  # how many lifts; then each one, stone by stone
            kind, drop = EffectKind.LIFT, EffectKind.DROP  # locals: a long sowing has many drops
            for _ in range(lifts):
                hand = b[base + pos]
                out.append(Effect(kind, cell[base + pos], count=hand))
                b[base + pos] = 0
                for _ in range(hand):
                    pos = pos + 1 if pos + 1 < n else 0
                    b[base + pos] += 1
                    out.append(Effect(drop, cell[base + pos]))
                kind = EffectKind.RELAY
        last = cell[base + pos]
        if stop == CYCLE_STOP:
            return out + [Effect(EffectKind.STOP, last, count=lifts, detail=Detail.CYCLE)]
        if stop == LIMIT_STOP:
            return out + [Effect(EffectKind.STOP, last, count=lifts, detail=Detail.LIMIT)]
        inner = n - base + 3 * cols - 1 - pos
        if pos >= cols and b[inner]:
            for i in (inner, n - base + pos - cols):
                if b[i]:
                    out.append(Effect(EffectKind.CAPTURE, cell[i], count=b[i], player=turn))
            return out + [Effect(EffectKind.STOP, last, detail=Detail.CAPTURE)]
        return out + [Effect(EffectKind.STOP, last, detail=Detail.SLEEP)]

    # --- words for the UI -----------------------------------------------------------------------
    def why_not_from(self, cell: int) -> str:
        g = self.game
        if self.outcome() is not None:
            return "the game is over"
        name = g.point_name(cell)
        turn = self._turn
        if g.owner(cell) != turn:
            return Words(
                "{name} is {side}'s hole: you sow only in your own two rows", name=name, side=SIDES[turn ^ 1]
            )
        stones = self._b[g.circ_of[cell]]
        if not stones:
            return Words("{name} is empty", name=name)
        single = choices(self._b, turn * g.n, g.n, g.only_two)[1]
        if stones == 1 and not single:
            return Words(
                "{name} holds one stone: sow a hole of two or more (singles only when none has two)",
                name=name,
            )
        if single and self._b[g.circ_of[g.next_cell(cell)]]:
            nxt = g.point_name(g.next_cell(cell))
            return Words(
                "the next hole {nxt} is not empty: a single stone only moves onto an empty hole", nxt=nxt
            )
        return Words("no move starts at {name}", name=name)

    def why_illegal(self, move: Move) -> str:
        if self.outcome() is not None:
            return "the game is over"
        if move.kind not in (MoveKind.SOW, MoveKind.SINGLE) or len(move.path) != 1:
            return N_("choose one of your holes to sow")
        g = self.game
        for legal in self.legal_moves():
            if legal.origin == move.origin:
                if legal.kind != move.kind:
                    if legal.kind == MoveKind.SINGLE:
                        return N_("no hole of yours holds two stones: move a single stone")
                    return N_("sow the whole hole: a single stone moves only when no hole holds two")
                return N_("that move does not capture what it says")
        return self.why_not_from(move.origin) if 0 <= move.origin < 2 * g.n else N_("no such hole")

    def turn_notes(self) -> list[Note]:
        if self.outcome() is not None:
            return []
        g = self.game
        notes = []
        if self._sown:
            notes.append(Note(NoteCode.SOW_AGAIN, "a capture earns another sowing"))
        if choices(self._b, self._turn * g.n, g.n, g.only_two)[1]:
            notes.append(
                Note(NoteCode.SINGLES, "no hole holds two stones: move one stone onto an empty next hole")
            )
        if self._turns >= g.limit - 10:
            notes.append(
                Note(NoteCode.TURN_LIMIT, Words("turn {n} of {limit}", n=self._turns + 1, limit=g.limit))
            )
        return notes

    def heuristic(self) -> float:
        """From South's side: the share of the board's stones South holds, as -1..1."""
        out = self.outcome()
        if out is not None:
            return out.value()
        s, n = self.board_stones()
        return (s - n) / (s + n)

    # --- the fast path for simulations ----------------------------------------------------------
    def playout(self, rng: random.Random, max_plies: int | None = None, greedy: float = 0.0) -> int:
        """Random decisions to the end on the bare list. Afterwards the position, ply and
        outcome are right; the moves are not recorded, so history and undo stop before them."""
        if self.outcome() is not None:
            return 0
        g = self.game
        b = self._b
        cols, n, only_two, sow_again, limit = g.cols, g.n, g.only_two, g.sow_again, g.limit
        turn, turns, sown = self._turn, self._turns, self._sown
        stores = list(self._stores)
        totals = list(self._own)
        most = 1 << 62 if max_plies is None else max_plies
        randrange, random_ = rng.randrange, rng.random
        played = 0
        while played < most:
            base = turn * n
            starts, single = choices(b, base, n, only_two)
            if not starts:
                break
            if greedy and random_() < greedy and len(starts) > 1:
                pos = _greediest(b, turn, cols, starts, single, randrange)
            else:
                pos = starts[randrange(len(starts))] if len(starts) > 1 else starts[0]
            taken = decide(b, turn, cols, pos, single)[0]
            played += 1
            if taken:
                stores[turn] += taken
                totals[turn ^ 1] -= taken
                if sow_again and choices(b, base, n, only_two)[0]:
                    sown += 1
                    if not totals[turn ^ 1] or max(b) < 2:
                        break
                    continue
            turn ^= 1
            turns += 1
            sown = 0
            if turns >= limit or max(b) < 2 or not totals[turn]:
                break
        self._turn, self._turns, self._sown = turn, turns, sown
        self._stores = (stores[0], stores[1])
        self._own = (totals[0], totals[1])
        self._ply0 += played
        self._cache = False
        return played

    # --- position text and a picture ------------------------------------------------------------
    def body_fields(self) -> dict[str, str]:
        cols = self.game.cols
        counts = self.counts()
        rows = "/".join(",".join(str(counts[r * cols + c]) for c in range(cols)) for r in (3, 2, 1, 0))
        fields = {
            "board": rows,
            "turn": "SN"[self._turn],
            "turns": str(self._turns),
            "store": f"{self._stores[0]}/{self._stores[1]}",
        }
        if self._sown:
            fields["sown"] = str(self._sown)
        fields["ply"] = str(self.ply)
        return fields

    def picture(self) -> str:
        """The four rows as counts, North's outer row on top, a line between the sides."""
        cols = self.game.cols
        counts = self.counts()
        lines = []
        for r in (3, 2, 1, 0):
            lines.append(f"{r + 1} " + " ".join(f"{counts[r * cols + c]:>2}" for c in range(cols)))
            if r == 2:
                lines.append("  " + "-" * (3 * cols - 1))
        lines.append("  " + " ".join(f"{ch:>2}" for ch in LETTERS[:cols]))
        return "\n".join(lines)


def _greediest(
    b: list[int], turn: int, cols: int, starts: list[int], single: bool, randrange: Callable[[int], int]
) -> int:
    """The start that captures most (ties at random; a random one when none captures)."""
    best, picks = 0, starts
    for pos in starts:
        taken = decide(b[:], turn, cols, pos, single)[0]
        if taken > best:
            best, picks = taken, [pos]
        elif taken == best and best:
            picks.append(pos)
    return picks[randrange(len(picks))]
