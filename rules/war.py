"""The war games on the 49-point board: Sixteen Soldiers, Peralikatuma, Kotu Ellima.

RULES-SPEC section 2, seeds 000 and 001. Both armies are bitmasks over the board's
lattice points (see ``boards``); a capture chain is found by depth-first search over
the precomputed jump table, and "is there any capture at all" is a dozen shifts.
"""

from __future__ import annotations

import random
from typing import Any

from .boards import Board, alquerque_37, alquerque_49, bits
from .core import HUFF, JUMP, STEP, Game, GameSpec, Move, Option, Outcome
from .recorded import RecordedState
from .registry import register
from .war_fast import compiled_playout

FORCED, HUFFING, FREE = "forced", "huff", "free"
SIDES = ("South", "North")
PIECE_CHARS = "SN"


class WarGame(Game):
    """Options resolved into board, start armies and rule switches."""

    def __init__(self, spec: GameSpec, options: dict[str, Any], south_start: list[str]) -> None:
        super().__init__(spec, options)
        self.board: Board = alquerque_37() if options.get("board") == "two-wing" else alquerque_49()
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

    def point_name(self, point: int) -> str:
        return self.board.name_of(point)

    def point_index(self, name: str) -> int:
        return self.board.index_of(name)

    def state_from_fields(self, fields: dict[str, str]) -> WarState:
        b = self.board
        known = {"board", "turn", "quiet", "huff", "ply"}
        extra = set(fields) - known
        if extra:
            raise ValueError(f"position text: unknown field(s) {', '.join(sorted(extra))}")
        try:
            rows_text = fields["board"].split("/")
            turn_text = fields["turn"]
        except KeyError as e:
            raise ValueError(f"position text: missing field {e.args[0]}") from None
        rows = b.rows_top_down()
        if len(rows_text) != len(rows):
            raise ValueError(f"position text: board needs {len(rows)} rows, found {len(rows_text)}")
        south = north = 0
        for row, text in zip(rows, rows_text):
            if len(text) != len(row):
                raise ValueError(f"position text: row '{text}' should have {len(row)} points")
            for p, ch in zip(row, text):
                if ch == "S":
                    south |= 1 << p
                elif ch == "N":
                    north |= 1 << p
                elif ch != ".":
                    raise ValueError(f"position text: '{ch}' is not S, N or .")
        if turn_text not in PIECE_CHARS:
            raise ValueError("position text: turn must be S or N")
        state = WarState(self, south, north, PIECE_CHARS.index(turn_text))
        state._quiet = _int_field(fields, "quiet", 0)
        state._ply0 = _int_field(fields, "ply", 0)
        huff = fields.get("huff", "-")
        if huff != "-":
            mask = b.mask_of(huff.split(","))
            opp = state._armies()[1]
            if mask & ~opp:
                raise ValueError("position text: huff names a point without an opponent piece")
            state._huffable = mask
        state._rep.clear()
        state._record_position()
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


def _int_field(fields: dict[str, str], name: str, default: int) -> int:
    try:
        value = int(fields.get(name, default))
    except ValueError:
        raise ValueError(f"position text: {name} must be a whole number") from None
    if value < 0:
        raise ValueError(f"position text: {name} must not be negative")
    return value


class WarState(RecordedState):
    """A war-game position: two armies, whose turn, the quiet-move count and any huff offer."""

    __slots__ = ("_s", "_n", "_turn", "_quiet", "_huffable", "_won", "_rep")

    def __init__(self, game: WarGame, south: int, north: int, turn: int) -> None:
        self.game: WarGame = game
        self._s = south
        self._n = north
        self._turn = turn
        self._quiet = 0
        self._huffable = 0  # opponent pieces the player to move may huff now
        self._won: Outcome | None = None  # a win by goal, fixed when the move is made
        self._rep: dict[tuple, int] = {}  # position counts, only when repetition is a draw
        self._start_record()
        self._record_position()

    # --- basic facts ----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self._turn

    @property
    def phase(self) -> str:
        return "move"

    @property
    def quiet_plies(self) -> int:
        """Moves in a row without a capture (what the no-capture limit counts)."""
        return self._quiet

    def _armies(self) -> tuple[int, int]:
        """(mover's pieces, opponent's pieces)."""
        return (self._s, self._n) if self._turn == 0 else (self._n, self._s)

    def army(self, player: int) -> int:
        return self._s if player == 0 else self._n

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
            self._record_position()
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
        self._record_position()

    def _set_armies(self, turn: int, own: int, opp: int) -> None:
        if turn == 0:
            self._s, self._n = own, opp
        else:
            self._n, self._s = own, opp

    def _check_goal(self, mover: int, opp: int) -> None:
        g = self.game
        left = opp.bit_count()
        if left == 0:
            self._won = Outcome(mover, f"all of {SIDES[mover ^ 1]}'s pieces are captured")
        elif g.start_count - left >= g.target:
            self._won = Outcome(mover, f"{SIDES[mover]} reached the capture target of {g.target}")

    def _key(self) -> tuple:
        return (self._s, self._n, self._turn, self._huffable)

    def _record_position(self) -> None:
        if not self.game.limit and self.game.threefold:
            key = self._key()
            self._rep[key] = self._rep.get(key, 0) + 1

    def undo(self) -> Move:
        if self._hist and not self.game.limit and self.game.threefold:
            key = self._key()
            count = self._rep[key] - 1
            if count:
                self._rep[key] = count
            else:
                del self._rep[key]
        return super().undo()

    def copy(self) -> WarState:
        c = super().copy()
        c._rep = dict(self._rep)
        return c

    # --- the end ----------------------------------------------------------------------------
    def _compute_outcome(self) -> Outcome | None:
        if self._won is not None:
            return self._won
        g = self.game
        turn = self._turn
        own, opp = self._armies()
        if not self._huffable and not g.has_step(own, opp) and not g.capturers(own, opp):
            return Outcome(turn ^ 1, f"{SIDES[turn]} cannot move")
        if g.limit and self._quiet >= g.limit:
            s, n = self._s.bit_count(), self._n.bit_count()
            head = f"{g.limit} moves without a capture"
            if s == n:
                return Outcome(None, f"{head} and equal pieces ({s} each)")
            w = 0 if s > n else 1
            return Outcome(w, f"{head}: {SIDES[w]} has more pieces ({max(s, n)} to {min(s, n)})")
        if not g.limit and g.threefold and self._rep.get(self._key(), 0) >= 3:
            return Outcome(None, "the same position came up three times")
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

    def turn_notes(self) -> list[str]:
        """Short rule reminders for the side to move (shown beside "South to move")."""
        g = self.game
        own, opp = self._armies()
        notes = []
        if self._huffable:
            notes.append("you may huff a piece that failed to capture")
        if g.capturers(own, opp):
            notes.append("capture is forced" if g.forced else "a capture is available")
        return notes

    # --- position text ----------------------------------------------------------------------
    def body_fields(self) -> dict[str, str]:
        b = self.game.board
        rows = []
        for row in b.rows_top_down():
            rows.append("".join("S" if (self._s >> p) & 1 else "N" if (self._n >> p) & 1 else "." for p in row))
        return {
            "board": "/".join(rows),
            "turn": PIECE_CHARS[self._turn],
            "quiet": str(self._quiet),
            "huff": ",".join(b.names(self._huffable)) or "-",
            "ply": str(self.ply),
        }

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
        self._cache = False
        if won:  # by a capture (the loser is to move) or a huff (the winner moves on)
            loser = 0 if self._s.bit_count() <= g.start_count - g.target else 1
            self._check_goal(loser ^ 1, self.army(loser))
        return played

    def playout_move(self, rng: random.Random, greedy: float = 0.0) -> Move | None:
        moves = self.legal_moves()
        if not moves:
            return None
        if greedy and rng.random() < greedy:
            best = max(len(m.captured) for m in moves)
            if best:
                moves = [m for m in moves if len(m.captured) == best]
        return moves[rng.randrange(len(moves))]


# --- registry entries ---------------------------------------------------------------------------

SIXTEEN_SOUTH = "c1 e1 g1 d2 e2 f2 c3 d3 e3 f3 g3 c4 d4 e4 f4 g4".split()
PERALI_SOUTH = SIXTEEN_SOUTH + "h4 h5 h6 i3 i5 i7 g5".split()
KOTU_SOUTH = PERALI_SOUTH + ["f5"]


def _options(limit_default: int | str, limit_house: bool, extra: tuple[Option, ...] = ()) -> tuple[Option, ...]:
    return (
        Option(
            "capture", "Capture rule", FORCED, (FORCED, HUFFING, FREE),
            "Forced: you must capture and finish the chain. Huff: captures are optional, but a "
            "piece that fails to capture may be removed by the opponent. Free: always optional.",
            choice_labels=("Forced", "Huff (traditional)", "Free"),
        ),
        Option(
            "limit", "No-capture limit", limit_default, ("off", 20, 40, 60),
            "After this many moves in a row without a capture, more pieces wins; equal is a draw.",
            house_rule=limit_house,
            choice_labels=("Off", "20 moves", "40 moves", "60 moves"),
        ),
        Option(
            "threefold", "Repetition", "draw", ("draw", "off"),
            "With no capture limit, a position seen three times is a draw.",
            house_rule=True, choice_labels=("Threefold is a draw", "Off"),
        ),
        Option(
            "first", "First player", "south", ("south", "north", "coin"),
            "Who moves first; the sources leave it open or draw lots.",
            choice_labels=("South", "North", "Coin toss"),
        ),
    ) + extra


_COMMON_RULES = """\
The board: a 5×5 Alquerque square with a triangular wing on each side, 49 points joined by lines.
Pieces stand on points and move along the lines.

Moving: on your turn move one piece to a neighbouring empty point along a line, or capture.
Passing is not allowed.

Capturing: jump over a neighbouring enemy piece onto the empty point right behind it on the same
line; the jumped piece is removed at once. The same piece may jump again, changing direction if
it likes: a whole chain of jumps is one move. A chain may land again on a point it already
visited, but never jumps the same piece twice.

Capture rule (chosen in setup):
• Forced (default, and the sources' recommendation): if you can capture you must, and you must go
  on jumping while you can. Any capturing piece and any complete chain may be chosen: there is no
  duty to take the most.
• Huff (the traditional rule): captures are optional. If you move without capturing although you
  could, or stop a chain early, then at the start of your opponent's next turn they may "huff":
  remove one of the pieces that could have captured (after a plain move, any piece that had a
  capture, the moved piece at its new point; after a short chain, the piece that stopped). Huffing
  does not use up their turn: they then move as usual. The offer is made once, only then, and may
  be declined. In Keliya a huffed piece counts as taken, for the capture target and the no-capture
  count alike.
• Free: captures are optional and a chain may stop after any jump (as some books say).

Winning: capture all enemy pieces, or leave your opponent without a move on their turn.
No-capture limit (from the Sri Lankan rules of Perali Kotuma and Kotu Ellima): when that many moves in a row pass without
a capture, the player with more pieces wins; equal numbers is a draw.
House rule: when the limit is off, a position that comes up three times is a draw.
If several endings meet at once, a win by capture comes first, then the loss of a side that cannot
move, then the limit.
First player: the sources leave it open (or draw lots); choose South, North or a coin toss.
"""


def _register(game_id: str, name: str, origin: str, description: str, south: list[str],
              options: tuple[Option, ...], extra_rules: str) -> None:
    spec_holder: dict[str, GameSpec] = {}

    def make(options: dict[str, Any]) -> WarGame:
        return WarGame(spec_holder["spec"], options, south)

    spec = GameSpec(game_id, name, origin, description, SIDES, options, extra_rules + "\n" + _COMMON_RULES, make)
    spec_holder["spec"] = spec
    register(spec)


_register(
    "sixteen_soldiers", "Sixteen Soldiers", "India, Bangladesh, Sri Lanka (Sholo guti)",
    "Sixteen a side on the winged Alquerque board; jump to capture, chains allowed.",
    SIXTEEN_SOUTH,
    _options(40, True, (
        Option("target", "Capture target", 16, tuple(range(1, 17)),
               "The number of enemy pieces to capture to win, agreed before the game."),
        Option("board", "Board", "four-wing", ("four-wing", "two-wing"),
               "The full 49-point board, or the 37-point board without the east and west wings.",
               choice_labels=("Four wings (49 points)", "Two wings (37 points)")),
    )),
    "Sixteen Soldiers (Sholo guti): 16 pieces each. South starts on the south wing and rows 3–4,\n"
    "North on the north wing and rows 6–7; row 5 and the east and west wings start empty.\n"
    "Capture target: agreed before the game (1–16); taking that many enemy pieces wins.\n"
    "House rule: the no-capture limit (default 40 moves) is Keliya's; the sources give none for\n"
    "this game. The two-wing board (37 points) is an option.\n",
)
_register(
    "peralikatuma", "Peralikatuma", "Sri Lanka",
    "Twenty-three a side: only the three centre points start empty.",
    PERALI_SOUTH,
    _options(20, False),
    "Peralikatuma: 23 pieces each. South holds the south wing, rows 3–4, the east wing and g5;\n"
    "North the mirror image. Only d5, e5 and f5 start empty. (One source puts each player's extra\n"
    "wing on their right, another on their left: mirror images of the same game; Keliya puts it\n"
    "on the right.)\n",
)
_register(
    "kotu_ellima", "Kotu Ellima", "Sri Lanka and India",
    "Twenty-four a side and one empty point: the first captures come in a rush.",
    KOTU_SOUTH,
    _options(20, False),
    "Kotu Ellima: 24 pieces each; every point but the centre e5 starts filled. South holds the\n"
    "south wing, rows 3–4, the east wing, g5 and f5; North the mirror image.\n",
)

