"""The war games on the 49-point board: Sixteen Soldiers, Peralikatuma, Kotu Ellima.

RULES-SPEC section 2, seeds 000 and 001. Both armies are bitmasks over the board's
lattice points (see ``boards``); a capture chain is found by depth-first search over
the precomputed jump table, and "is there any capture at all" is a dozen shifts.
The registry entries, options and rules texts live in ``war_games``.
"""

from __future__ import annotations

import random
from typing import Any

from .boards import alquerque_37, alquerque_49, bits
from .core import GameSpec, LimitView, Move, Note, Outcome
from .effects import REMOVE, Effect
from .line_games import DROP, JUMP, STEP, LineGame, LineState
from .position import check_fields, count_field, read_rows, write_rows
from .recorded import RecordedState
from .war_fast import compiled_playout

HUFF = "huff"  # remove an opponent piece that failed to capture (does not end the turn)

FORCED, HUFFING, FREE = "forced", "huff", "free"
SIDES = ("South", "North")
PIECE_CHARS = "SN"


class WarGame(LineGame):
    """Options resolved into board, start armies and rule switches."""

    prefixes = {DROP: "@", HUFF: "~"}

    def __init__(self, spec: GameSpec, options: dict[str, Any], south_start: list[str]) -> None:
        super().__init__(spec, options, alquerque_37() if options.get("board") == "two-wing" else alquerque_49())
        b = self.board
        self.start = (b.mask_of(south_start), b.mask_of(b.name_of(b.rotate(b.index_of(n))) for n in south_start))
        self.start_count = len(south_start)
        self.capture_rule: str = options["capture"]
        self.forced = self.capture_rule == FORCED
        self.limit = 0 if options["limit"] == "off" else int(options["limit"])
        self.threefold = options.get("threefold", "draw") == "draw"
        self.target = int(options.get("target", self.start_count))
        self.first: str = options["first"]
        # Split shift tables by sign so the hot loops never branch on it.
        self.jump_right = tuple((off, 2 * off, m) for off, m in b.jump_shifts if off > 0)
        self.jump_left = tuple((-off, -2 * off, m) for off, m in b.jump_shifts if off < 0)
        self.step_right = tuple((off, m) for off, m in b.step_shifts if off > 0)
        self.step_left = tuple((-off, m) for off, m in b.step_shifts if off < 0)

    def new_initial_state(self, rng: random.Random | None = None) -> WarState:
        if self.first == "coin":
            first = (rng or random.Random()).randrange(2)
        else:
            first = 0 if self.first == "south" else 1
        return WarState(self, self.start[0], self.start[1], first)

    def parse_move(self, state, text: str) -> Move:
        t = text.strip().lower()
        if t.startswith("huff"):
            t = "~" + t[4:].strip()
        return super().parse_move(state, t)

    def state_from_fields(self, fields: dict[str, str]) -> WarState:
        b = self.board
        check_fields(fields, {"board", "turn", "quiet", "huff", "ply", "rep"}, ("board", "turn"))
        cells = read_rows(fields["board"], b.rows_top_down(), PIECE_CHARS)
        south = sum(1 << p for p, ch in cells.items() if ch == "S")
        north = sum(1 << p for p, ch in cells.items() if ch == "N")
        if fields["turn"] not in PIECE_CHARS:
            raise ValueError("position text: turn must be S or N")
        state = WarState(self, south, north, PIECE_CHARS.index(fields["turn"]))
        for player, army in enumerate((south, north)):
            if army.bit_count() > self.start_count:
                raise ValueError(f"position text: {SIDES[player]} has more than {self.start_count} pieces")
        state._quiet = count_field(fields, "quiet")
        state._ply0 = count_field(fields, "ply")
        huff = fields.get("huff", "-")
        if huff != "-":
            mask = b.mask_of(huff.split(","))
            opp = state._armies()[1]
            if mask & ~opp:
                raise ValueError("position text: huff names a point without an opponent piece")
            state._huffable = mask
        state._won = state._goal_reached()
        if "rep" in fields and state._repetition_key() is None:
            raise ValueError("position text: rep is only kept when repetition is a draw")
        state.load_repetition_field(fields.get("rep"))
        return state

    # --- move generation shared by legal_moves and the fast path -------------------------
    def capturers(self, own: int, opp: int) -> int:
        """Mask of ``own`` pieces that have at least one capture."""
        empty = self.board.mask & ~(own | opp)
        found = 0
        for off, off2, m in self.jump_right:
            found |= own & m & (opp >> off) & (empty >> off2)
        for off, off2, m in self.jump_left:
            found |= own & m & (opp << off) & (empty << off2)
        return found

    def has_step(self, own: int, opp: int) -> bool:
        empty = self.board.mask & ~(own | opp)
        for off, m in self.step_right:
            if own & m & (empty >> off):
                return True
        for off, m in self.step_left:
            if own & m & (empty << off):
                return True
        return False

    def chains(self, origin: int, own: int, opp: int, maximal: bool, out: list[Move]) -> None:
        """Append every capture chain of the piece on ``origin`` (maximal ones only if asked)."""
        jumps = self.board.jumps
        others = own & ~(1 << origin)

        def extend(path: tuple[int, ...], taken: tuple[int, ...], pos: int, opp: int) -> None:
            blocked = others | opp
            went_on = False
            for over, to in jumps[pos]:
                if (opp >> over) & 1 and not (blocked >> to) & 1:
                    went_on = True
                    p2, t2 = path + (to,), taken + (over,)
                    if not maximal:
                        out.append(Move(JUMP, p2, t2))
                    extend(p2, t2, to, opp & ~(1 << over))
            if maximal and not went_on and taken:
                out.append(Move(JUMP, path, taken))

        extend((origin,), (), origin, opp)

    def can_jump_from(self, pos: int, own: int, opp: int) -> bool:
        blocked = own | opp
        for over, to in self.board.jumps[pos]:
            if (opp >> over) & 1 and not (blocked >> to) & 1:
                return True
        return False


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

    def pieces(self) -> dict[int, tuple[int, str]]:
        """Every piece on the board: point -> (owner, kind)."""
        out = {p: (0, "soldier") for p in bits(self._s)}
        out.update({p: (1, "soldier") for p in bits(self._n)})
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
        moves = [Move(HUFF, (p,)) for p in bits(self._huffable)]
        capturers = g.capturers(own, opp)
        maximal = g.forced
        for p in bits(capturers):
            g.chains(p, own, opp, maximal, moves)
        if capturers and maximal:
            return moves
        occupied = own | opp
        adjacent = g.board.adjacent
        for p in bits(own):
            for q in adjacent[p]:
                if not (occupied >> q) & 1:
                    moves.append(Move(STEP, (p, q)))
        return moves

    def _snapshot(self) -> tuple:
        return (self._s, self._n, self._turn, self._quiet, self._huffable, self._won)

    def _restore(self, snapshot: tuple) -> None:
        self._s, self._n, self._turn, self._quiet, self._huffable, self._won = snapshot

    def apply(self, move: Move) -> None:
        g = self.game
        self._record(move)
        turn = self._turn
        own, opp = (self._s, self._n) if turn == 0 else (self._n, self._s)
        if move.kind == HUFF:
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
            if move.kind == STEP:
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
            return Outcome(mover, f"all of {SIDES[mover ^ 1]}'s pieces are captured", "all_captured")
        if g.start_count - left >= g.target:
            return Outcome(mover, f"{SIDES[mover]} reached the capture target of {g.target}", "target")
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
            return Outcome(turn ^ 1, f"{SIDES[turn]} cannot move", "no_moves")
        if g.limit and self._quiet >= g.limit:
            s, n = self._s.bit_count(), self._n.bit_count()
            head = f"{g.limit} plies without a capture"
            if s == n:
                return Outcome(None, f"{head} and equal pieces ({s} each)", "limit")
            w = 0 if s > n else 1
            return Outcome(w, f"{head}: {SIDES[w]} has more pieces ({max(s, n)} to {min(s, n)})", "limit")
        if self.repetitions() >= 3:
            return Outcome(None, "the same position came up three times", "repetition")
        return None

    # --- words for the UI -------------------------------------------------------------------
    def why_illegal(self, move: Move) -> str:
        g, b = self.game, self.game.board
        if self.outcome() is not None:
            return "the game is over"
        own, opp = self._armies()
        me = SIDES[self._turn]
        if move.kind == HUFF:
            if not self._huffable:
                return "there is nothing to huff now"
            return f"only a piece that failed to capture may be huffed ({', '.join(b.names(self._huffable))})"
        if move.kind not in (STEP, JUMP) or len(move.path) < 2:
            return "in this game you move a piece along a line"
        origin = move.path[0]
        if not (own >> origin) & 1:
            if (opp >> origin) & 1:
                return f"the piece on {b.name_of(origin)} is {SIDES[self._turn ^ 1]}'s"
            return f"there is no {me} piece on {b.name_of(origin)}"
        occupied = own | opp
        if len(move.path) == 2 and move.path[1] in b.adjacent[origin]:
            dest = move.path[1]
            if (occupied >> dest) & 1:
                return f"{b.name_of(dest)} is not empty"
            if g.forced and g.capturers(own, opp):
                return "a capture is available: captures are forced"
            return "that move is not allowed here"
        # A chain: check it jump by jump, with each jumped piece gone before the next jump.
        occupied &= ~(1 << origin)
        pos, enemies = origin, opp
        for dest in move.path[1:]:
            over = next((o for o, t in b.jumps[pos] if t == dest), None)
            if over is None:
                return f"{b.name_of(pos)} and {b.name_of(dest)} are not joined by a line"
            if not (enemies >> over) & 1:
                return f"a jump must go over an enemy piece ({b.name_of(over)} is not one)"
            if (occupied >> dest) & 1:
                return f"{b.name_of(dest)} is not empty"
            enemies &= ~(1 << over)
            occupied &= ~(1 << over)
            pos = dest
        if g.forced and g.can_jump_from(pos, own & ~(1 << origin), enemies):
            return f"the capture must go on: another jump is possible from {b.name_of(pos)}"
        return "that move is not allowed here"

    def turn_notes(self) -> list[Note]:
        """Short rule reminders for the side to move (shown beside "South to move")."""
        g = self.game
        own, opp = self._armies()
        notes = []
        if self._huffable:
            notes.append(Note("huff_offered", "you may huff a piece that failed to capture"))
        if g.capturers(own, opp):
            notes.append(Note("capture_forced", "capture is forced") if g.forced
                         else Note("capture_available", "a capture is available"))
        return notes

    def effects(self, move: Move) -> list[Effect]:
        if move.kind == HUFF:
            return [Effect(REMOVE, move.path[0], detail="huff", player=self._turn ^ 1)]
        return super().effects(move)

    def why_not_from(self, cell: int) -> str:
        own, opp = self._armies()
        if (opp >> cell) & 1 and self._huffable:
            names = ", ".join(self.game.board.names(self._huffable))
            return f"only a piece that failed to capture may be huffed ({names})"
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
            return 0.0 if out.winner is None else (1.0 if out.winner == 0 else -1.0)
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
        own, opp, turn, quiet, huffable, played, won = compiled_playout(g.board, g.capture_rule)(
            rng, own, opp, self._turn, self._quiet, self._huffable,
            1 << 62 if max_plies is None else max_plies,
            g.start_count - g.target, g.limit or 1 << 62, greedy, None,
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
