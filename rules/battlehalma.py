"""BattleHalma (RULES-SPEC section 5, seed 003): Halma moves with exchange captures.

Squares are numbered ``row * n + col`` from a1 (bottom-left), like chess. Each colour is a
bitmask, kings a third mask. Red (player 0) starts in the bottom-right yard, Blue in the
top-left one; a counter never moves toward its own yard, a king moves all eight ways.

Moves. ``MoveKind.STEP`` goes to a neighbour, ``LEAP`` is a chain of leaps; ``STEP_KING`` and
``LEAP_KING`` are the same when the move crowns the counter (promotion rule). ``captured``
lists the squares emptied: enemies leapt by a king in order, then the enemy landed on.
A counter's chain cannot change the board, so where it can land is plain reachability in a
fixed graph: breadth-first search finds each landing once, by a shortest route, and that
route is the move's path. A king's leaps remove enemies, so its chains are searched depth
first and a move is one (landing, captured set); the first route found is kept.

Routes. The player may click any route to a move's end: ``parse_move`` and
``State.move_for_route`` accept every legal route and return the stored move.
``state.continuations(path)`` tells the UI which squares continue a partial route (every
legal prefix of a chain is itself a move, since a chain may stop on any empty square) and
whether the route so far is a complete move; ``state.moves_with_prefix(path)`` returns the
legal moves some route through ``path`` reaches; ``state.routes(move)`` lists the routes.

Notation. ``h1-g2`` a step, ``h1xg2`` a step that captures; ``h1:f3:d3`` a leap chain with
``x`` in place of ``:`` before a landing that captures (the enemy landed on, or an enemy a
king leapt over on that hop): ``h1:f3xd5``. ``=K`` at the end marks a promotion. When
reading, the separators are not checked: any legal route to the move's end is accepted.

Effects, per hop: landing on an enemy first removes it (``exchange``), then the piece moves
(``step`` or ``hop``), then an enemy a king leapt over is removed (``capture``); a promotion
comes last.

Position text: ``board`` rows top-down with ``r``/``b`` counters and ``R``/``B`` kings,
``turn`` R or B, ``quiet`` plies since a capture, ``ply``, and ``rep`` (the counts of the
positions that may still recur) when repetition is a draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from typing import Any, NamedTuple

from .battlehalma_moves import MoveTables, extend_king, generate
from .boards import bits
from .core import Game, GameSpec, IllegalMoveError, LimitView, Move, Note, Outcome, State
from .effects import Effect
from .kinds import BoardKind, Detail, EffectKind, EndCode, MoveKind, NoteCode, PieceKind
from .layout import DIRECTIONS, Cell, Layout
from .position import check_fields, count_field, read_rows, turn_field, write_rows
from .recorded import RecordedState
from .words import N_, NOT_ALLOWED, Words

KINDS = (MoveKind.STEP, MoveKind.LEAP, MoveKind.STEP_KING, MoveKind.LEAP_KING)
CROWNING = {MoveKind.STEP: MoveKind.STEP_KING, MoveKind.LEAP: MoveKind.LEAP_KING}

RED, BLUE = 0, 1
SIDES = ("Red", "Blue")
KING = 2  # index of the king's tables beside the two colours' counters
#: Directions a counter may move in: never toward its own yard.
COUNTER_DIRS = (("N", "NE", "W", "SW", "NW"), ("NE", "E", "SE", "S", "SW"))
FORBIDDEN_WORDS = (N_("east, south or south-east"), N_("west, north or north-west"))
YARD_DISTANCE = {3: 1, 6: 2, 10: 3, 15: 4}
BOARD_CHARS = "rbRB"  # Red counter, Blue counter, Red king, Blue king
_MOVE_TABLES: dict[tuple[int, bool], MoveTables] = {}  # (size, promotion) -> its premade moves


class Geometry:
    """Neighbour and leap tables of an n×n board for Red counters, Blue counters and kings."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.mask = (1 << (n * n)) - 1

        def on(c: int, r: int) -> bool:
            return 0 <= c < n and 0 <= r < n

        dirsets = (COUNTER_DIRS[0], COUNTER_DIRS[1], tuple(DIRECTIONS))
        steps, leaps, step_masks, shifts = [], [], [], []
        for names in dirsets:
            st, lp, sm = [], [], []
            for p in range(n * n):
                c, r = p % n, p // n
                s_row, l_row, m = [], [], 0
                for name in names:
                    dc, dr = DIRECTIONS[name]
                    if on(c + dc, r + dr):
                        q = p + dc + dr * n
                        s_row.append((q, 1 << q))
                        m |= 1 << q
                        if on(c + 2 * dc, r + 2 * dr):
                            t = q + dc + dr * n
                            l_row.append((1 << q, q, t, 1 << t))
                st.append(tuple(s_row))
                lp.append(tuple(l_row))
                sm.append(m)
            steps.append(tuple(st))
            leaps.append(tuple(lp))
            step_masks.append(tuple(sm))
            fwd: list[tuple[int, int]] = []
            back: list[tuple[int, int]] = []
            for name in names:
                dc, dr = DIRECTIONS[name]
                src = sum(1 << p for p in range(n * n) if on(p % n + dc, p // n + dr))
                s = dc + dr * n
                (fwd if s > 0 else back).append((src, abs(s)))
            shifts.append((tuple(fwd), tuple(back)))
        #: per mover (RED, BLUE, KING) and square: (neighbour, its bit) in allowed directions
        self.steps: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(steps)
        #: per mover and square: (over bit, over, landing, landing bit)
        self.leaps: tuple[tuple[tuple[tuple[int, int, int, int], ...], ...], ...] = tuple(leaps)
        self.step_masks: tuple[tuple[int, ...], ...] = tuple(step_masks)
        #: per mover: shifts toward higher and lower squares as (source mask, amount)
        self.shifts = tuple(shifts)

    def coords(self, p: int) -> tuple[int, int]:
        return p % self.n, p // self.n

    def name(self, p: int) -> str:
        return "abcdefghijklmnopqrstuvwxyz"[p % self.n] + str(p // self.n + 1)

    def rows_top_down(self) -> tuple[tuple[int, ...], ...]:
        return self._rows

    @cached_property
    def _rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(r * n + c for c in range(n)) for r in range(n - 1, -1, -1))


@cache
def geometry(n: int) -> Geometry:
    """The tables of an n×n board, made once a size: every game of that size, and every position
    read from text (each loads its game), shares them (they are never changed)."""
    return Geometry(n)


class BattleHalmaGame(Game):
    """Options resolved into the board, the yards, the goal corners and the draw rules."""

    def __init__(self, spec: GameSpec, options: dict[str, Any]) -> None:
        super().__init__(spec, options)
        n = int(options["size"])
        self.n = n
        self.geo = geometry(n)
        self.promotion = options["rule"] == "promotion"
        self.terminal = not self.promotion
        self.start_count = int(options["counters"])
        d = YARD_DISTANCE[self.start_count]
        red_corner, blue_corner = n - 1, (n - 1) * n
        self.corners = (red_corner, blue_corner)  # each side's own corner
        self.goals = (blue_corner, red_corner)  # the enemy corner each side heads for
        red = sum(1 << (r * n + c) for r in range(n) for c in range(n) if (n - 1 - c) + r <= d)
        blue = sum(1 << (r * n + c) for r in range(n) for c in range(n) if c + (n - 1 - r) <= d)
        if red & blue:
            raise ValueError(
                Words(
                    "{start_count} counters do not fit a {n}×{n} board: the yards overlap",
                    start_count=self.start_count,
                    n=n,
                )
            )
        self.start = (red, blue)
        self.limit = 0 if options["limit"] == "off" else int(options["limit"])
        self.repetition_draw = options["repetition"] == "draw"
        # Progress toward the enemy corner per square (0 at home, 1 at the goal), for the heuristic.
        span = 2 * (n - 1)
        self.progress = (
            tuple(1 - ((p % n) + (n - 1 - p // n)) / span for p in range(n * n)),
            tuple(1 - ((n - 1 - p % n) + p // n) / span for p in range(n * n)),
        )

    @cached_property
    def move_tables(self) -> MoveTables:
        """The premade steps and first leaps of this board, and what generation remembers: made
        once per board size and rule, shared by every game of them (a position text loads a new
        game, and the tables take milliseconds to make)."""
        key = (self.n, self.promotion)
        tables = _MOVE_TABLES.get(key)
        if tables is None:
            tables = _MOVE_TABLES[key] = MoveTables(self)
        return tables

    def new_initial_state(self, rng: random.Random | None = None) -> BattleHalmaState:
        return BattleHalmaState(self, self.start[0], self.start[1], 0, RED)

    @cached_property
    def layout(self) -> Layout:
        g = self.geo
        cells = tuple(Cell(p, g.name(p), float(p % self.n), float(p // self.n)) for p in range(self.n**2))
        regions = {f"yard{side}": tuple(bits(mask)) for side, mask in enumerate(self.start)}
        regions |= {f"goal{side}": (cell,) for side, cell in enumerate(self.goals)}
        return Layout(
            BoardKind.SQUARES, cells, size=(self.n, self.n), directions=dict(DIRECTIONS), regions=regions
        )

    def point_name(self, point: int) -> str:
        if not 0 <= point < self.n**2:
            raise ValueError(Words("{point} is not a square of this board", point=point))
        return self.geo.name(point)

    def point_index(self, name: str) -> int:
        t = name.strip().lower()
        if len(t) >= 2 and t[0].isalpha() and t[1:].isdigit():
            c, r = ord(t[0]) - ord("a"), int(t[1:]) - 1
            if 0 <= c < self.n and 0 <= r < self.n:
                return r * self.n + c
        last = self.geo.name(self.n**2 - 1)
        raise ValueError(Words("'{name}' is not a square of this board (a1 to {last})", name=name, last=last))

    # --- notation ---------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        name = self.geo.name
        path, taken = move.path, set(move.captured)
        out = name(path[0])
        leap = move.kind in (MoveKind.LEAP, MoveKind.LEAP_KING)
        for a, b in zip(path, path[1:]):
            last = b == path[-1]
            hit = (last and b in taken) or (leap and (a + b) // 2 in taken and (a + b) // 2 != path[-1])
            out += ("x" if hit else ":" if leap else "-") + name(b)
        return out + ("=K" if move.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING) else "")

    def parse_move(self, state: State, text: str) -> Move:
        t = text.strip().lower()
        if t.endswith("=k"):
            t = t[:-2]
        parts = [p for p in t.replace(":", " ").replace("-", " ").replace("x", " ").split()]
        if len(parts) < 2:
            raise ValueError(
                Words("cannot read move '{text}' (expected e.g. h1-g2, h1:f3:d3 or h1:f3xd5)", text=text)
            )
        path = tuple(self.point_index(p) for p in parts)
        return state.move_for_route(path)

    # --- position text ----------------------------------------------------------------------
    def state_from_fields(self, fields: dict[str, str]) -> BattleHalmaState:
        """A position from its text, refused (ValueError in words) if play can never reach it:
        besides the board's form, the army sizes, kings and the corners, whose turn after a
        win, the no-capture count and the repetition counts are checked against the rules."""
        check_fields(fields, ("board", "turn", "quiet", "ply", "rep"), ("board", "turn"), self.spec.name)
        cells = read_rows(fields["board"], self.geo.rows_top_down(), BOARD_CHARS, "square")
        masks = [0, 0, 0, 0]
        for p, ch in cells.items():
            masks[BOARD_CHARS.index(ch)] |= 1 << p
        red, blue, kings = masks[0] | masks[2], masks[1] | masks[3], masks[2] | masks[3]
        turn = turn_field(fields, "RB", SIDES)
        problem = self.position_problem(red, blue, kings)
        if problem:
            raise ValueError(problem)
        state = BattleHalmaState(self, red, blue, kings, turn)
        if self.limit:
            state._quiet = count_field(
                fields,
                "quiet",
                most=self.limit,
                over=Words("the game ends after {limit} plies without a capture", limit=self.limit),
            )
        else:
            state._quiet = count_field(fields, "quiet")
        for side, army in ((RED, red), (BLUE, blue)):
            # A win ends the game at once, on the winner's move: the loser is to move after it.
            won = (
                Words("{side} captured all of {side2}'s pieces", side=SIDES[side ^ 1], side2=SIDES[side])
                if not army
                else ""
            )
            if self.terminal and army >> self.goals[side] & 1:
                won = Words("{side} reached {side2}'s corner", side=SIDES[side], side2=SIDES[side ^ 1])
                side ^= 1
            if won and turn != side:
                raise ValueError(
                    Words(
                        "{won} with the last move, so it is {side}'s turn, not {side2}'s",
                        won=won,
                        side=SIDES[side],
                        side2=SIDES[turn],
                    )
                )
            if won and not army and state._quiet:
                raise ValueError(
                    Words("quiet={quiet}, but the last move captured: {won}", quiet=state._quiet, won=won)
                )
        state._ply0 = count_field(fields, "ply")
        if "rep" in fields and state._repetition_key() is None:
            raise ValueError("rep= counts repeated positions, but in this game repetition is no draw")
        state.load_repetition_field(fields.get("rep"), state._quiet + 1)
        return state

    def position_problem(self, red: int, blue: int, kings: int) -> str:
        """Why these pieces are no position of this game, or ''."""
        if kings and not self.promotion:
            return N_(
                "there are no kings under the terminal rule (a counter on the enemy corner wins at once)"
            )
        for side, army in enumerate((red, blue)):
            if army.bit_count() > self.start_count:
                return Words(
                    "{side} has {bit_count} pieces on the board; this game starts with {start_count} a side",
                    side=SIDES[side],
                    bit_count=army.bit_count(),
                    start_count=self.start_count,
                )
            if self.promotion and (army & ~kings) >> self.goals[side] & 1:
                return Words(
                    "a {side} counter stands on {side2}'s corner, "
                    "where it would have been crowned a king (write it as a capital letter)",
                    side=SIDES[side],
                    side2=SIDES[side ^ 1],
                )
        if self.terminal and red >> self.goals[RED] & 1 and blue >> self.goals[BLUE] & 1:
            return N_("both sides stand on the enemy corner, but the first to reach it wins at once")
        if not red and not blue:
            return N_(
                "neither side has a piece on the board: the game ends when the first side loses its last one"
            )
        return ""

    # --- bitboard tests ---------------------------------------------------------------------
    def has_move(self, counters: int, kings: int, own: int, opp: int, side: int) -> bool:
        """Whether any piece of ``side`` can step or leap (a leap needs only a first hop)."""
        occ, free = own | opp, self.geo.mask & ~own
        for mover, pieces in ((side, counters), (KING, kings)):
            if not pieces:
                continue
            fwd, back = self.geo.shifts[mover]
            for src, s in fwd:
                t = (pieces & src) << s
                if t & free or ((t & occ & src) << s) & free:
                    return True
            for src, s in back:
                t = (pieces & src) >> s
                if t & free or ((t & occ & src) >> s) & free:
                    return True
        return False

    def counter_targets(self, p: int, own: int, opp: int, side: int) -> int:
        """Every square a counter on ``p`` can end its move on (steps, leap landings and
        exchanges), as a mask: bit-parallel flood over the leap graph, no routes."""
        g = self.geo
        pb = 1 << p
        occ = (own | opp) ^ pb
        steps = g.step_masks[side][p]
        if not steps & occ:  # nothing next to it to leap over
            return steps
        fwd, back = g.shifts[side]
        blocked = occ | pb  # the pieces, and the squares reached so far
        frontier = pb
        caps = 0
        while frontier:
            new = 0
            for src, s in fwd:
                over = ((frontier & src) << s) & occ
                if over:
                    new |= (over & src) << s
            for src, s in back:
                over = ((frontier & src) >> s) & occ
                if over:
                    new |= (over & src) >> s
            caps |= new & opp
            frontier = new & ~blocked
            blocked |= frontier
        return (steps & ~own) | (blocked ^ occ ^ pb) | caps


class Trace(NamedTuple):
    """A legal (partial) route: what it has done so far."""

    mover: int  # RED, BLUE (a counter) or KING
    own_rest: int  # the mover's other pieces
    opp: int  # enemies still on the board
    visited: int  # start and landings
    captured: tuple[int, ...]
    step: bool  # the route is a step
    done: bool  # the route cannot go on (a step, or it landed on an enemy)


class BattleHalmaState(RecordedState):
    """A position: both colours and the kings as bitmasks, whose turn, the quiet-ply count."""

    __slots__ = ("_red", "_blue", "_kings", "_turn", "_quiet")

    def __init__(self, game: BattleHalmaGame, red: int, blue: int, kings: int, turn: int) -> None:
        self.game: BattleHalmaGame = game
        self._red, self._blue, self._kings = red, blue, kings
        self._turn = turn
        self._quiet = 0
        self._start_record()
        self._count_position()

    # --- basic facts ----------------------------------------------------------------------
    @property
    def quiet_plies(self) -> int:
        return self._quiet

    def _armies(self) -> tuple[int, int]:
        return (self._red, self._blue) if self._turn == RED else (self._blue, self._red)

    def army(self, player: int) -> int:
        return self._red if player == RED else self._blue

    def piece_kind(self, player: int) -> PieceKind:
        return PieceKind.COUNTER

    def kings(self) -> int:
        """The kings of both colours, as a mask of squares."""
        return self._kings

    def move_limit(self) -> LimitView | None:
        """Plies left before the no-capture draw."""
        g = self.game
        return LimitView(max(0, g.limit - self._quiet), None) if g.limit else None

    def pieces(self) -> dict[int, tuple[int, PieceKind]]:
        k = self._kings
        out = {p: (RED, PieceKind.KING if k >> p & 1 else PieceKind.COUNTER) for p in bits(self._red)}
        out.update({p: (BLUE, PieceKind.KING if k >> p & 1 else PieceKind.COUNTER) for p in bits(self._blue)})
        return out

    def captured_counts(self) -> tuple[int, int]:
        n = self.game.start_count
        return (n - self._blue.bit_count(), n - self._red.bit_count())

    # --- moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        return generate(self)

    def _extend_counter(
        self,
        route: tuple[int, ...],
        mover: int,
        own_rest: int,
        opp: int,
        visited: int,
        emit: Callable[[tuple[int, ...], tuple[int, ...]], None],
    ) -> None:
        """Every landing a counter's chain can add to ``route``, each once by a shortest route."""
        leaps = self.game.geo.leaps[mover]
        occ = own_rest | opp
        blocked = visited | own_rest
        queue = [route]
        for r in queue:
            for over_b, _over, land, land_b in leaps[r[-1]]:
                if occ & over_b and not blocked & land_b:
                    blocked |= land_b
                    r2 = r + (land,)
                    if opp & land_b:
                        emit(r2, (land,))
                    else:
                        emit(r2, ())
                        queue.append(r2)

    def _extend_king(
        self,
        route: tuple[int, ...],
        own_rest: int,
        opp: int,
        visited: int,
        caps: tuple[int, ...],
        emit: Callable[[tuple[int, ...], tuple[int, ...]], None],
    ) -> None:
        """Every continuation of a king's chain, depth first (``battlehalma_moves.extend_king``)."""
        extend_king(self.game.geo.leaps[KING], route, own_rest, opp, visited, caps, emit)

    def _snapshot(self) -> tuple[int, int, int, int, int]:
        return (self._red, self._blue, self._kings, self._turn, self._quiet)

    def _restore(self, snapshot: tuple[int, int, int, int, int]) -> None:
        self._red, self._blue, self._kings, self._turn, self._quiet = snapshot

    def apply(self, move: Move) -> None:
        turn = self._turn
        self._hist.append((move, (self._red, self._blue, self._kings, turn, self._quiet)))  # _record, inlined
        self._cache = False
        own, opp = (self._red, self._blue) if turn == RED else (self._blue, self._red)
        ob, db = 1 << move.path[0], 1 << move.path[-1]
        kings = self._kings
        if move.captured:
            cm = 0
            for c in move.captured:
                cm |= 1 << c
            opp &= ~cm
            kings &= ~cm
            self._quiet = 0
        else:
            self._quiet += 1
        own = own ^ ob | db
        if kings & ob:
            kings = kings ^ ob | db
        elif move.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING):
            kings |= db
        self._kings = kings
        if turn == RED:
            self._red, self._blue = own, opp
        else:
            self._blue, self._red = own, opp
        self._turn = turn ^ 1
        if self.game.repetition_draw:  # _count_position, inlined
            rep, key = self._rep, (self._red, self._blue, kings, turn ^ 1)
            rep[key] = rep.get(key, 0) + 1

    # --- routes for the UI and the parser ------------------------------------------------------
    def _trace(self, path: Sequence[int]) -> tuple[str, Trace | None]:
        """Follow ``path`` hop by hop: ('', trace) when it is a legal route so far, else the
        reason in words and None."""
        g = self.game
        geo, n = g.geo, g.n
        if self.outcome() is not None:
            return "the game is over", None
        if not path or any(not 0 <= p < n * n for p in path):
            return N_("pick a square on the board"), None
        own, opp = self._armies()
        me, foe = SIDES[self._turn], SIDES[self._turn ^ 1]
        p0 = path[0]
        name = geo.name
        if not own >> p0 & 1:
            if opp >> p0 & 1:
                return Words("the piece on {p0} is {foe}'s", p0=name(p0), foe=foe), None
            return Words("there is no {me} piece on {p0}", me=me, p0=name(p0)), None
        king = self._kings >> p0 & 1
        mover = KING if king else self._turn
        own_rest = own ^ (1 << p0)
        trace = Trace(mover, own_rest, opp, 1 << p0, (), False, False)
        if len(path) == 1:
            return "", trace
        dirs = tuple(DIRECTIONS) if king else COUNTER_DIRS[self._turn]
        backwards = Words(
            "a counter never moves toward its own yard ({forbidden_word})",
            forbidden_word=FORBIDDEN_WORDS[self._turn],
        )
        for i, (a, b) in enumerate(zip(path, path[1:])):
            (ac, ar), (bc, br) = geo.coords(a), geo.coords(b)
            dc, dr = bc - ac, br - ar
            if trace.done:
                if trace.step:
                    return N_("a step ends the move"), None
                return N_("landing on an enemy ends the move"), None
            if max(abs(dc), abs(dr)) == 1:
                if i:
                    return N_("after a leap the piece may only leap again"), None
                if (dc, dr) not in [DIRECTIONS[d] for d in dirs]:
                    return backwards, None
                if own_rest >> b & 1:
                    return Words("{b} holds your own piece", b=name(b)), None
                trace = trace._replace(
                    visited=trace.visited | 1 << b,
                    step=True,
                    done=True,
                    captured=(b,) if opp >> b & 1 else (),
                )
                continue
            if dc % 2 or dr % 2 or max(abs(dc), abs(dr)) != 2 or (dc and dr and abs(dc) != abs(dr)):
                return Words("{b} is neither a step nor a leap from {a}", b=name(b), a=name(a)), None
            if (dc // 2, dr // 2) not in [DIRECTIONS[d] for d in dirs]:
                return backwards, None
            over = a + dc // 2 + dr // 2 * n
            if not (own_rest | trace.opp) >> over & 1:
                return Words("a leap goes over a piece, and {over} is empty", over=name(over)), None
            if trace.visited >> b & 1:
                return N_("a leap never returns to a square already visited in this move"), None
            if own_rest >> b & 1:
                return Words("{b} holds your own piece", b=name(b)), None
            caps, left = trace.captured, trace.opp
            if king and left >> over & 1:
                caps, left = caps + (over,), left & ~(1 << over)
            done = bool(left >> b & 1)
            if done:
                caps += (b,)
            trace = trace._replace(visited=trace.visited | 1 << b, opp=left, captured=caps, done=done)
        return "", trace

    def _key(self, move: Move) -> tuple[int, int, int]:
        return (move.path[0], move.path[-1], sum(1 << c for c in move.captured))

    def move_for_route(self, path: Sequence[int]) -> Move:
        """The legal move that the route ``path`` plays (any legal route to its end)."""
        path = tuple(path)
        reason, trace = self._trace(path)
        if trace is None:
            raise IllegalMoveError(reason)
        if len(path) < 2:
            raise IllegalMoveError("a move needs a square to go to")
        key = (path[0], path[-1], sum(1 << c for c in trace.captured))
        for m in self.legal_moves():
            if self._key(m) == key:
                return m
        raise IllegalMoveError(NOT_ALLOWED)

    def _end_keys(self, path: tuple[int, ...], trace: Trace) -> set[tuple[int, int, int]]:
        """End positions of the moves a legal route ``path`` may still become."""
        origin = path[0]
        keys: set[tuple[int, int, int]] = set()
        if len(path) >= 2:
            keys.add((origin, path[-1], sum(1 << c for c in trace.captured)))
        if trace.done:
            return keys

        def emit(route: tuple[int, ...], caps: tuple[int, ...]) -> None:
            keys.add((origin, route[-1], sum(1 << c for c in caps)))

        if len(path) == 1:
            for m in self.legal_moves():
                if m.path[0] == origin:
                    keys.add(self._key(m))
        elif trace.mover == KING:
            self._extend_king(path, trace.own_rest, trace.opp, trace.visited, trace.captured, emit)
        else:
            self._extend_counter(path, trace.mover, trace.own_rest, trace.opp, trace.visited, emit)
        return keys

    def moves_with_prefix(self, path: Sequence[int]) -> list[Move]:
        """Legal moves that some legal route starting with ``path`` plays (not only the stored route)."""
        path = tuple(path)
        _, trace = self._trace(path) if path else ("", None)
        if trace is None:
            return []
        keys = self._end_keys(path, trace)
        return [m for m in self.legal_moves() if self._key(m) in keys]

    def continuations(self, path: Sequence[int]) -> tuple[list[int], bool]:
        """For a route being clicked square by square: the squares that legally continue it
        (each one a legal move itself, a chain may stop anywhere) and whether ``path`` is
        already a complete move. ([], False) for a route that is not legal."""
        path = tuple(path)
        _, trace = self._trace(path) if path else ("", None)
        if trace is None:
            return [], False
        complete = len(path) >= 2
        if trace.done:
            return [], complete
        geo = self.game.geo
        last = path[-1]
        candidates = [t for _, _, t, _ in geo.leaps[trace.mover][last]]
        if len(path) == 1:
            candidates = [q for q, _ in geo.steps[trace.mover][last]] + candidates
        return [c for c in candidates if self._trace(path + (c,))[1] is not None], complete

    def routes(self, move: Move, limit: int = 256) -> list[tuple[int, ...]]:
        """Every legal route (at most ``limit``) that plays ``move``, the stored one first."""
        key = self._key(move)
        found = [move.path]

        def walk(path: tuple[int, ...]) -> None:
            if len(found) >= limit:
                return
            nexts, _ = self.continuations(path)
            for c in nexts:
                p2 = path + (c,)
                _, trace = self._trace(p2)
                assert trace is not None
                if (p2[0], c, sum(1 << x for x in trace.captured)) == key and p2 != move.path:
                    found.append(p2)
                if not trace.done:
                    walk(p2)

        if move.kind in (MoveKind.LEAP, MoveKind.LEAP_KING):
            walk((move.path[0],))
        return found[:limit]

    # --- the end ----------------------------------------------------------------------------
    def _compute_outcome(self) -> Outcome | None:
        g = self.game
        red, blue, k, turn = self._red, self._blue, self._kings, self._turn
        if g.terminal:
            for side, army in ((RED, red), (BLUE, blue)):
                if army >> g.goals[side] & 1:
                    return Outcome(
                        side,
                        Words("{side} reached {side2}'s corner", side=SIDES[side], side2=SIDES[side ^ 1]),
                        EndCode.TERMINAL,
                    )
        if not red or not blue:
            side = RED if not red else BLUE
            return Outcome(
                side ^ 1, Words("all of {side}'s pieces are captured", side=SIDES[side]), EndCode.ALL_CAPTURED
            )
        own, opp = (red, blue) if turn == RED else (blue, red)
        if not g.has_move(own & ~k, own & k, own, opp, turn):
            return Outcome(turn ^ 1, Words("{side} cannot move", side=SIDES[turn]), EndCode.NO_MOVES)
        if g.limit and self._quiet >= g.limit:
            return Outcome(
                None, Words("{limit} plies without a capture: a draw", limit=g.limit), EndCode.LIMIT
            )
        if g.repetition_draw and self._rep.get((red, blue, k, turn), 0) >= 3:  # repetitions(), inlined
            return Outcome(None, N_("the same position came up three times: a draw"), EndCode.REPETITION)
        return None

    def _repetition_key(self) -> tuple[int, ...] | None:
        if not self.game.repetition_draw:
            return None
        return (self._red, self._blue, self._kings, self._turn)

    def _repetition_key_problem(self, key: tuple[int, ...]) -> str:
        red, blue, kings, turn = key
        if (red | blue) & ~self.game.geo.mask or red & blue or kings & ~(red | blue):
            return N_("its pieces are not on the squares of this board")
        if turn > 1:
            return N_("its turn is neither Red's nor Blue's")
        return self.game.position_problem(red, blue, kings)

    def _may_recur(self, key: tuple[int, ...]) -> bool:
        """Captures and crownings never come back."""
        return (
            key[0].bit_count() == self._red.bit_count()
            and key[1].bit_count() == self._blue.bit_count()
            and key[2].bit_count() == self._kings.bit_count()
        )

    # --- words for the UI -------------------------------------------------------------------
    def why_illegal(self, move: Move) -> str:
        if move.kind not in KINDS or len(move.path) < 2:
            return N_("move a piece by a step or a chain of leaps")
        reason, trace = self._trace(move.path)
        if trace is None:
            return reason
        if tuple(sorted(trace.captured)) != tuple(sorted(move.captured)):
            return N_("that move does not capture those pieces")
        return NOT_ALLOWED

    def why_not_from(self, cell: int) -> str:
        reason, trace = self._trace((cell,))
        if trace is None:
            return reason
        kind = "king" if trace.mover == KING else "counter"
        where = self.game.geo.name(cell)
        if self.continuations((cell,))[0]:
            return Words("the {kind} on {where} can move: pick where to", kind=kind, where=where)
        if trace.mover == KING:
            return Words("the king on {where} is hemmed in by your own pieces", where=where)
        return Words(
            "the {kind} on {where} has no move: counters never move {forbidden_word}, "
            "and cannot land on their own pieces",
            kind=kind,
            where=where,
            forbidden_word=FORBIDDEN_WORDS[self._turn],
        )

    def why_not_path(self, path: Sequence[int]) -> str:
        path = tuple(path)
        reason, trace = self._trace(path)
        if trace is None:
            return reason
        if len(path) == 1 and not self.continuations(path)[0]:
            return self.why_not_from(path[0])
        return N_("that route is legal so far") if len(path) == 1 else N_("that move is legal")

    def turn_notes(self) -> list[Note]:
        if self.outcome() is not None:
            return []
        g = self.game
        own, opp = self._armies()
        notes = []
        moves = self.legal_moves()
        if any(m.captured for m in moves):
            notes.append(Note(NoteCode.CAPTURE_AVAILABLE, "a capture is available (never forced)"))
        goal = g.goals[self._turn]
        if g.terminal and any(m.path[-1] == goal for m in moves):
            notes.append(Note(NoteCode.GOAL_REACHABLE, "a counter can reach the enemy corner and win"))
        elif any(m.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING) for m in moves):
            notes.append(
                Note(NoteCode.PROMOTION_AVAILABLE, "a counter can reach the enemy corner and become a king")
            )
        if g.limit and g.limit - self._quiet <= 10:
            notes.append(
                Note(
                    NoteCode.LIMIT_NEAR,
                    Words("{n} plies left before a draw without a capture", n=g.limit - self._quiet),
                )
            )
        if g.repetition_draw and self.repetitions() == 2:
            notes.append(
                Note(NoteCode.REPETITION_NEAR, "this position came up twice: a third time is a draw")
            )
        return notes

    def effects(self, move: Move) -> list[Effect]:
        mover = self._turn
        foe = mover ^ 1
        opp = self._armies()[1]
        king = self._kings >> move.path[0] & 1
        out: list[Effect] = []
        step = move.kind in (MoveKind.STEP, MoveKind.STEP_KING)
        for a, b in zip(move.path, move.path[1:]):
            if opp >> b & 1:
                out.append(Effect(EffectKind.REMOVE, b, detail=Detail.EXCHANGE, player=foe))
                opp &= ~(1 << b)
            out.append(
                Effect(EffectKind.MOVE, a, b, detail=Detail.STEP if step else Detail.HOP, player=mover)
            )
            over = (a + b) // 2
            if king and not step and opp >> over & 1:
                out.append(Effect(EffectKind.REMOVE, over, detail=Detail.CAPTURE, player=foe))
                opp &= ~(1 << over)
        if move.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING):
            out.append(Effect(EffectKind.PROMOTE, move.path[-1], detail=PieceKind.KING, player=mover))
        return out

    def move_gain(self, move: Move) -> float:
        """Pieces taken (a king counts two), plus two for a crowning and 100 for a terminal win."""
        k = self._kings
        gain = float(sum(2 if k >> c & 1 else 1 for c in move.captured))
        if move.kind in (MoveKind.STEP_KING, MoveKind.LEAP_KING):
            gain += 2
        if self.game.terminal and move.path[-1] == self.game.goals[self._turn]:
            gain += 100
        return gain

    def heuristic(self) -> float:
        """From Red's side: material (a king worth 2.5 counters) and progress toward the
        enemy corner (the nearest counter counts double under the terminal rule)."""
        out = self.outcome()
        if out is not None:
            return out.value(RED)
        g = self.game
        k = self._kings
        value, adv = [0.0, 0.0], [0.0, 0.0]
        for side, army in ((RED, self._red), (BLUE, self._blue)):
            prog = g.progress[side]
            best = total = 0.0
            for p in bits(army):
                value[side] += 2.5 if k >> p & 1 else 1.0
                total += prog[p]
                best = max(best, prog[p])
            count = army.bit_count()
            adv[side] = (total / count if count else 0.0) + (best if g.terminal else 0.0)
        material = (value[0] - value[1]) / (value[0] + value[1])
        h = 0.7 * material + 0.3 * (adv[0] - adv[1]) / (2.0 if g.terminal else 1.0)
        return max(-0.95, min(0.95, h))

    # --- the fast path for simulations -------------------------------------------------------
    def playout(self, rng: random.Random, max_plies: int | None = None, greedy: float = 0.0) -> int:
        """Uniformly random moves (or with probability ``greedy`` a biggest capture) to the end,
        on bare bitmasks (``battlehalma_fast``). Afterwards the position, ply, repetition counts
        and outcome are right; the simulated moves are not recorded, so ``history`` and ``undo``
        start again from here."""
        from .battlehalma_fast import random_playout  # that module imports this one's tables

        if self.outcome() is not None:
            return 0
        g = self.game
        position, played = random_playout(
            g,
            self._snapshot(),
            self._rep if g.repetition_draw else None,
            rng,
            1 << 62 if max_plies is None else max_plies,
            greedy,
        )
        self._restore(position)
        self._ply0 += len(self._hist) + played
        self._hist = []  # the counts in _rep now follow the playout: no undo past it
        self._cache = False
        return played

    # --- position text ----------------------------------------------------------------------
    def body_fields(self) -> dict[str, str]:
        k = self._kings
        chars = {p: "R" if k >> p & 1 else "r" for p in bits(self._red)}
        chars.update({p: "B" if k >> p & 1 else "b" for p in bits(self._blue)})
        fields = {
            "board": write_rows(self.game.geo.rows_top_down(), chars),
            "turn": "RB"[self._turn],
            "quiet": str(self._quiet),
            "ply": str(self.ply),
        }
        if self._repetition_key() is not None:
            fields["rep"] = self.repetition_field()
        return fields
