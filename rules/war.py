"""The war games on the 49-point board: Sixteen Soldiers, Peralikatuma, Kotu Ellima.

RULES-SPEC section 2, seeds 000 and 001. Both armies are bitmasks over the board's
lattice points (see ``boards``); a capture chain is found by depth-first search over
the precomputed jump table, and "is there any capture at all" is a dozen shifts.
The registry entries, options and rules texts live in ``war_games``.
"""

from __future__ import annotations

import random
from typing import Any

from . import war_fast
from .boards import alquerque_37, alquerque_49, bits
from .core import GameSpec, LimitView, Move, Note, Outcome, State
from .effects import Effect
from .kinds import Detail, EffectKind, EndCode, MoveKind, NoteCode, PieceKind
from .line_games import LineGame, LineState
from .position import check_fields, count_field, read_rows, shown, turn_field, write_rows
from .recorded import RecordedState
from .words import N_, NOT_ALLOWED, Words

FORCED, HUFFING, FREE = "forced", "huff", "free"
SIDES = ("South", "North")
PIECE_CHARS = "SN"


class WarGame(LineGame):
    """Options resolved into board, start armies and rule switches."""

    prefixes: dict[MoveKind, str] = {MoveKind.DROP: "@", MoveKind.HUFF: "~"}

    def __init__(self, spec: GameSpec, options: dict[str, Any], south_start: list[str]) -> None:
        super().__init__(
            spec, options, alquerque_37() if options.get("board") == "two-wing" else alquerque_49()
        )
        b = self.board
        self.start = (
            b.mask_of(south_start),
            b.mask_of(b.name_of(b.rotate(b.index_of(n))) for n in south_start),
        )
        self.start_count = len(south_start)
        self.capture_rule: str = options["capture"]
        self.forced = self.capture_rule == FORCED
        self.limit = 0 if options["limit"] == "off" else int(options["limit"])
        self.threefold = options.get("threefold", "draw") == "draw"
        self.target = int(options.get("target", self.start_count))
        self.first: str = options["first"]

    def new_initial_state(self, rng: random.Random | None = None) -> WarState:
        if self.first == "coin":
            first = (rng or random.Random()).randrange(2)
        else:
            first = 0 if self.first == "south" else 1
        return WarState(self, self.start[0], self.start[1], first)

    def parse_move(self, state: State, text: str) -> Move:
        t = text.strip().lower()
        if t.startswith("huff"):
            t = "~" + t[4:].strip()
        return super().parse_move(state, t)

    def state_from_fields(self, fields: dict[str, str]) -> WarState:
        """A position from its text, refused (ValueError in words) if play can never reach it:
        besides the board's form, the army sizes, the capture goal, huffing, the no-capture
        count and the repetition counts are checked against the rules."""
        check_fields(
            fields, ("board", "turn", "quiet", "huff", "ply", "rep"), ("board", "turn"), self.spec.name
        )
        cells = read_rows(fields["board"], self.board.rows_top_down(), PIECE_CHARS)
        south = sum(1 << p for p, ch in cells.items() if ch == "S")
        north = sum(1 << p for p, ch in cells.items() if ch == "N")
        turn = turn_field(fields, PIECE_CHARS, SIDES)
        huff = self._read_huff(fields.get("huff", "-"))
        problem = self.position_problem(south, north, turn, huff)
        if problem:
            raise ValueError(problem)
        state = WarState(self, south, north, turn)
        state._huffable = huff
        if self.limit:
            state._quiet = count_field(
                fields,
                "quiet",
                most=self.limit,
                over=Words("the game ends after {limit} plies without a capture", limit=self.limit),
            )
        else:
            state._quiet = count_field(fields, "quiet")
        state._ply0 = count_field(fields, "ply")
        state._won = state._goal_reached()
        if state._won is not None and state._quiet:
            raise ValueError(
                Words(
                    "quiet={quiet}, but the game ended with a capture ({reason}): no move can follow it",
                    quiet=state._quiet,
                    reason=state._won.reason,
                )
            )
        if "rep" in fields and state._repetition_key() is None:
            raise ValueError(
                "rep= counts repeated positions, but in this game repetition is no draw "
                "(it counts only with no capture limit and repetition on)"
            )
        state.load_repetition_field(fields.get("rep"), state._quiet + 1)
        return state

    def _read_huff(self, text: str) -> int:
        """The ``huff=`` field: point names joined by ',' or '-' for none."""
        if text == "-":
            return 0
        mask = 0
        for name in text.split(","):
            if not 1 < len(name.strip()) <= 3:
                raise ValueError(
                    Words(
                        "huff={text}: list the points of the pieces that may be huffed, like huff=e3,g3, "
                        "or write huff=- for none",
                        text=shown(text),
                    )
                )
            try:
                mask |= 1 << self.board.index_of(name)
            except ValueError as err:
                raise ValueError(f"huff={shown(text)}: {err}") from None
        return mask

    def position_problem(self, south: int, north: int, turn: int, huff: int) -> str:
        """Why two armies, whose turn and a huff offer are no position of this game, or ''."""
        name = self.spec.name
        for player, army in enumerate((south, north)):
            if army.bit_count() > self.start_count:
                return Words(
                    "{side} has {bit_count} pieces on the board; {name} starts with {start_count} a side",
                    side=SIDES[player],
                    bit_count=army.bit_count(),
                    name=name,
                    start_count=self.start_count,
                )
        if not south and not north:
            return N_(
                "neither side has a piece on the board: the game ends when the first side loses its last one"
            )
        taken = (self.start_count - north.bit_count(), self.start_count - south.bit_count())
        if min(taken) >= self.target:
            return Words(
                "both sides have taken {target} or more pieces, "
                "but the game ends when the first reaches the capture target of {target}",
                target=self.target,
            )
        if huff:
            if self.capture_rule != HUFFING:
                return N_("huff= names pieces to huff, but huffing is only part of the Huff capture rule")
            if huff & ~(north if turn == 0 else south):
                return Words(
                    "huff= may name only {side}'s pieces: "
                    "the side that just moved is the one that may have failed to capture",
                    side=SIDES[turn ^ 1],
                )
        return ""

    # --- move generation shared by legal_moves and the fast path -------------------------
    def capturers(self, own: int, opp: int) -> int:
        """Mask of ``own`` pieces that have at least one capture: an enemy next to them along
        a line and an empty point beyond it (``Board.up``/``down``, as the fast path reads them)."""
        b = self.board
        empty = b.mask & ~(own | opp)
        found = 0
        for off, _, m in b.up:
            found |= m & ((opp & (empty >> off)) >> off)
        for off, _, m in b.down:
            found |= m & ((opp & (empty << off)) << off)
        return own & found

    def has_step(self, own: int, opp: int) -> bool:
        b = self.board
        empty = b.mask & ~(own | opp)
        for off, m, _ in b.up:
            if own & m & (empty >> off):
                return True
        for off, m, _ in b.down:
            if own & m & (empty << off):
                return True
        return False

    def chains(self, origin: int, own: int, opp: int, maximal: bool, out: list[Move]) -> None:
        """Append every capture chain of the piece on ``origin`` (maximal ones only if asked)."""
        jump_bits = self.board.jump_bits
        others = own & ~(1 << origin)
        jump = MoveKind.JUMP  # a local: an enum's attribute is a slow read in a loop
        new = tuple.__new__  # a Move without the NamedTuple's Python-level __new__ (same value)

        def extend(path: tuple[int, ...], taken: tuple[int, ...], pos: int, opp: int) -> None:
            blocked = others | opp
            went_on = False
            for obit, tbit, to in jump_bits[pos]:
                if opp & obit and not blocked & tbit:
                    went_on = True
                    p2, t2 = path + (to,), taken + (obit.bit_length() - 1,)
                    if not maximal:
                        out.append(new(Move, (jump, p2, t2)))
                    extend(p2, t2, to, opp ^ obit)
            if maximal and not went_on and taken:
                out.append(new(Move, (jump, path, taken)))

        extend((origin,), (), origin, opp)

    def can_jump_from(self, pos: int, own: int, opp: int) -> bool:
        return war_fast.can_jump_from(self.board, pos, own, opp)


class WarState(RecordedState, LineState):
    """A war-game position: two armies, whose turn, the quiet-move count and any huff offer."""

    __slots__ = ("_s", "_n", "_turn", "_quiet", "_huffable", "_won")

    def __init__(self, game: WarGame, south: int, north: int, turn: int) -> None:
        self.game: WarGame = game
        self._s = south
        self._n = north
        self._turn = turn
        self._quiet = 0
        self._huffable = 0  # opponent pieces the player to move may huff now
        self._won: Outcome | None = None  # a win by goal, fixed when the move is made
        self._start_record()
        self._count_position()

    # --- basic facts ----------------------------------------------------------------------
    @property
    def quiet_plies(self) -> int:
        """Moves in a row without a capture (what the no-capture limit counts)."""
        return self._quiet

    def _armies(self) -> tuple[int, int]:
        """(mover's pieces, opponent's pieces)."""
        return (self._s, self._n) if self._turn == 0 else (self._n, self._s)

    def army(self, player: int) -> int:
        return self._s if player == 0 else self._n

    def move_limit(self) -> LimitView | None:
        """Plies left before the no-capture limit, and who has more pieces (the limit's winner)."""
        g = self.game
        if not g.limit:
            return None
        s, n = self._s.bit_count(), self._n.bit_count()
        return LimitView(max(0, g.limit - self._quiet), None if s == n else 0 if s > n else 1)

    def pieces(self) -> dict[int, tuple[int, PieceKind]]:
        """Every piece on the board: point -> (owner, kind)."""
        out = {p: (0, PieceKind.SOLDIER) for p in bits(self._s)}
        out.update({p: (1, PieceKind.SOLDIER) for p in bits(self._n)})
        return out

    def captured_counts(self) -> tuple[int, int]:
        """Pieces each player has taken from the other (captures and huffs)."""
        g = self.game
        return (g.start_count - self._n.bit_count(), g.start_count - self._s.bit_count())

    def huffable(self) -> list[int]:
        return list(bits(self._huffable))

    # --- moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        return self._moves()

    def _moves(self) -> list[Move]:
        g = self.game
        own, opp = self._armies()
        moves = [Move(MoveKind.HUFF, (p,)) for p in bits(self._huffable)]
        capturers = g.capturers(own, opp)
        maximal = g.forced
        for p in bits(capturers):
            g.chains(p, own, opp, maximal, moves)
        if capturers and maximal:
            return moves
        occupied = own | opp
        adjacent = g.board.adjacent
        step = MoveKind.STEP  # a local: an enum's attribute is a slow read in a loop
        new = tuple.__new__  # a Move without the NamedTuple's Python-level __new__ (same value)
        for p in bits(own):
            for q in adjacent[p]:
                if not (occupied >> q) & 1:
                    moves.append(new(Move, (step, (p, q), ())))
        return moves

    def _snapshot(self) -> tuple[int, int, int, int, int, Outcome | None]:
        return (self._s, self._n, self._turn, self._quiet, self._huffable, self._won)

    def _restore(self, snapshot: tuple[int, int, int, int, int, Outcome | None]) -> None:
        self._s, self._n, self._turn, self._quiet, self._huffable, self._won = snapshot

    def apply(self, move: Move) -> None:
        g = self.game
        self._record(move)
        turn = self._turn
        own, opp = (self._s, self._n) if turn == 0 else (self._n, self._s)
        if move.kind == MoveKind.HUFF:
            opp &= ~(1 << move.path[0])
            self._huffable = 0
            self._quiet = 0
            self._set_armies(turn, own, opp)
            self._check_goal(turn, opp)
            self._count_position()
            return
        path = move.path
        origin, dest = path[0], path[-1]
        huffable = 0
        if g.capture_rule == HUFFING:
            if move.kind == MoveKind.STEP:
                huffable = g.capturers(own, opp)
                if (huffable >> origin) & 1:
                    huffable ^= (1 << origin) | (1 << dest)
        own = (own ^ (1 << origin)) | (1 << dest)
        if move.captured:
            for c in move.captured:
                opp &= ~(1 << c)
            self._quiet = 0
            if g.capture_rule == HUFFING and g.can_jump_from(dest, own, opp):
                huffable = 1 << dest  # stopped a chain early
        else:
            self._quiet += 1
        self._set_armies(turn, own, opp)
        self._huffable = huffable
        self._turn = turn ^ 1
        if move.captured:
            self._check_goal(turn, opp)
        self._count_position()

    def _set_armies(self, turn: int, own: int, opp: int) -> None:
        if turn == 0:
            self._s, self._n = own, opp
        else:
            self._n, self._s = own, opp

    def _check_goal(self, mover: int, opp: int) -> None:
        won = self._goal_outcome(mover, opp)
        if won is not None:
            self._won = won

    def _goal_outcome(self, mover: int, opp: int) -> Outcome | None:
        g = self.game
        left = opp.bit_count()
        if left == 0:
            return Outcome(
                mover,
                Words("all of {side}'s pieces are captured", side=SIDES[mover ^ 1]),
                EndCode.ALL_CAPTURED,
            )
        if g.start_count - left >= g.target:
            return Outcome(
                mover,
                Words("{side} reached the capture target of {target}", side=SIDES[mover], target=g.target),
                EndCode.TARGET,
            )
        return None

    def _goal_reached(self) -> Outcome | None:
        """A win by captures that the armies show (a position read from text)."""
        for player in (0, 1):
            won = self._goal_outcome(player, self.army(player ^ 1))
            if won is not None:
                return won
        return None

    def _repetition_key(self) -> tuple[int, ...] | None:
        g = self.game
        if g.limit or not g.threefold:
            return None
        return (self._s, self._n, self._turn, self._huffable)

    def _repetition_key_problem(self, key: tuple[int, ...]) -> str:
        s, n, turn, huff = key
        if (s | n) & ~self.game.board.mask or s & n:
            return N_("its pieces are not on the points of this board")
        if turn > 1:
            return N_("its turn is neither South's nor North's")
        return self.game.position_problem(s, n, turn, huff)

    def _may_recur(self, key: tuple[int, ...]) -> bool:
        """Captures never come back: only positions with today's armies can recur."""
        return key[0].bit_count() == self._s.bit_count() and key[1].bit_count() == self._n.bit_count()

    # --- the end ----------------------------------------------------------------------------
    def _compute_outcome(self) -> Outcome | None:
        if self._won is not None:
            return self._won
        g = self.game
        turn = self._turn
        own, opp = self._armies()
        if not self._huffable and not g.has_step(own, opp) and not g.capturers(own, opp):
            return Outcome(turn ^ 1, Words("{side} cannot move", side=SIDES[turn]), EndCode.NO_MOVES)
        if g.limit and self._quiet >= g.limit:
            s, n = self._s.bit_count(), self._n.bit_count()
            head = Words("{limit} plies without a capture", limit=g.limit)
            if s == n:
                return Outcome(
                    None, Words("{head} and equal pieces ({s} each)", head=head, s=s), EndCode.LIMIT
                )
            w = 0 if s > n else 1
            return Outcome(
                w,
                Words(
                    "{head}: {side} has more pieces ({max} to {min})",
                    head=head,
                    side=SIDES[w],
                    max=max(s, n),
                    min=min(s, n),
                ),
                EndCode.LIMIT,
            )
        if self.repetitions() >= 3:
            return Outcome(None, N_("the same position came up three times"), EndCode.REPETITION)
        return None

    # --- words for the UI -------------------------------------------------------------------
    def why_illegal(self, move: Move) -> str:
        g, b = self.game, self.game.board
        if self.outcome() is not None:
            return "the game is over"
        own, opp = self._armies()
        me = SIDES[self._turn]
        if move.kind == MoveKind.HUFF:
            if not self._huffable:
                return N_("there is nothing to huff now")
            return Words(
                "only a piece that failed to capture may be huffed ({join})",
                join=", ".join(b.names(self._huffable)),
            )
        if move.kind not in (MoveKind.STEP, MoveKind.JUMP) or len(move.path) < 2:
            return N_("in this game you move a piece along a line")
        origin = move.path[0]
        if not (own >> origin) & 1:
            if (opp >> origin) & 1:
                return Words(
                    "the piece on {name_of} is {side}'s",
                    name_of=b.name_of(origin),
                    side=SIDES[self._turn ^ 1],
                )
            return Words("there is no {me} piece on {name_of}", me=me, name_of=b.name_of(origin))
        occupied = own | opp
        if len(move.path) == 2 and move.path[1] in b.adjacent[origin]:
            dest = move.path[1]
            if (occupied >> dest) & 1:
                return Words("{name_of} is not empty", name_of=b.name_of(dest))
            if g.forced and g.capturers(own, opp):
                return N_("a capture is available: captures are forced")
            return NOT_ALLOWED
        # A chain: check it jump by jump, with each jumped piece gone before the next jump.
        occupied &= ~(1 << origin)
        pos, enemies = origin, opp
        for dest in move.path[1:]:
            over = next((o for o, t in b.jumps[pos] if t == dest), None)
            if over is None:
                return Words(
                    "{name_of} and {name_of2} are not joined by a line",
                    name_of=b.name_of(pos),
                    name_of2=b.name_of(dest),
                )
            if not (enemies >> over) & 1:
                return Words(
                    "a jump must go over an enemy piece ({name_of} is not one)", name_of=b.name_of(over)
                )
            if (occupied >> dest) & 1:
                return Words("{name_of} is not empty", name_of=b.name_of(dest))
            enemies &= ~(1 << over)
            occupied &= ~(1 << over)
            pos = dest
        if g.forced and g.can_jump_from(pos, own & ~(1 << origin), enemies):
            return Words(
                "the capture must go on: another jump is possible from {name_of}", name_of=b.name_of(pos)
            )
        return NOT_ALLOWED

    def turn_notes(self) -> list[Note]:
        """Short rule reminders for the side to move (shown beside "South to move")."""
        g = self.game
        own, opp = self._armies()
        notes = []
        if self._huffable:
            notes.append(Note(NoteCode.HUFF_OFFERED, "a piece that failed to capture may be huffed"))
        if g.capturers(own, opp):
            notes.append(
                Note(NoteCode.CAPTURE_FORCED, "capture is forced")
                if g.forced
                else Note(NoteCode.CAPTURE_AVAILABLE, "a capture is available")
            )
        return notes

    def effects(self, move: Move) -> list[Effect]:
        if move.kind == MoveKind.HUFF:
            return [Effect(EffectKind.REMOVE, move.path[0], detail=Detail.HUFF, player=self._turn ^ 1)]
        return super().effects(move)

    def why_not_from(self, cell: int) -> str:
        own, opp = self._armies()
        if (opp >> cell) & 1 and self._huffable:
            names = ", ".join(self.game.board.names(self._huffable))
            return Words("only a piece that failed to capture may be huffed ({names})", names=names)
        return super().why_not_from(cell)

    # --- position text ----------------------------------------------------------------------
    def body_fields(self) -> dict[str, str]:
        b = self.game.board
        chars = {p: "S" for p in bits(self._s)} | {p: "N" for p in bits(self._n)}
        fields = {
            "board": write_rows(b.rows_top_down(), chars),
            "turn": PIECE_CHARS[self._turn],
            "quiet": str(self._quiet),
            "huff": ",".join(b.names(self._huffable)) or "-",
            "ply": str(self.ply),
        }
        if self._repetition_key() is not None:
            fields["rep"] = self.repetition_field()
        return fields

    # --- evaluation for cut-off playouts -------------------------------------------------------
    def heuristic(self) -> float:
        """Material from South's side, in [-1, 1]: the capture goal and the no-capture limit
        both reward having more pieces, and a lead counts for more as the armies thin out.
        The same value as the generic count, from two bit counts instead of a dict of pieces.
        (A half-piece bonus for a capture open to the side to move was tried and did not help.)"""
        out = self.outcome()
        if out is not None:
            return out.value()
        s, n = self._s.bit_count(), self._n.bit_count()
        return (s - n) / (s + n) if s + n else 0.0

    # --- the fast path for simulations -------------------------------------------------------
    def playout(self, rng: random.Random, max_plies: int | None = None, greedy: float = 0.0) -> int:
        """Runs on bare bitmasks (``war_fast``); the simulated moves are not recorded, so
        play out a scratch copy. Repetition counting (no capture limit) uses the generic loop."""
        g = self.game
        if (not g.limit and g.threefold) or self.outcome() is not None:
            return super().playout(rng, max_plies, greedy)
        own, opp = self._armies()
        own, opp, turn, quiet, huffable, played, won = war_fast.playout(
            g.board,
            g.forced,
            g.capture_rule == HUFFING,
            rng,
            own,
            opp,
            self._turn,
            self._quiet,
            self._huffable,
            1 << 62 if max_plies is None else max_plies,
            g.start_count - g.target,
            g.limit or 1 << 62,
            greedy,
            None,
        )
        self._set_armies(turn, own, opp)
        self._turn = turn
        self._quiet = quiet
        self._huffable = huffable
        self._ply0 += played  # the moves are not recorded, but they were played
        self._cache = False
        if won:  # by a capture (the loser is to move) or a huff (the winner moves on)
            loser = 0 if self._s.bit_count() <= g.start_count - g.target else 1
            self._check_goal(loser ^ 1, self.army(loser))
        return played
