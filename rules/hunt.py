"""Hunt games with a placement phase: Cows and Leopards, Hat Diviyan Keliya (RULES-SPEC 3-4).

One or two hunters (player 0, who moves first) against a flock (player 1) that can only
step. Both sides start with pieces in hand; a side with pieces in hand must drop one on
its turn, and only moves once its hand is empty. The hunter captures by short jumps: in
Cows and Leopards a chain that may stop after any jump, in Hat Diviyan Keliya one jump.
The hunter wins on reaching its capture goal; the flock wins when the hunter cannot move.

Each side is a bitmask over the board's lattice points (see ``boards``), as in ``war``.
The registry entries, options and rules texts live in ``hunt_games``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .boards import Board, bits
from .core import GameSpec, LimitView, Move, Note, Outcome
from .hunt_fast import random_playout
from .kinds import EndCode, MoveKind, NoteCode, Phase, PieceKind
from .line_games import LineGame, LineState
from .position import check_fields, count_field, pair_field, read_rows, shown, turn_field, write_rows
from .recorded import RecordedState
from .words import N_, NOT_ALLOWED, Words

HUNTER, PREY = 0, 1

#: a side named as the rules texts name it (each whole, for the catalogue)
THE = {
    "tiger": N_("the tiger"),
    "tigers": N_("the tigers"),
    "leopard": N_("the leopard"),
    "leopards": N_("the leopards"),
    "cow": N_("the cow"),
    "cows": N_("the cows"),
}


@dataclass(frozen=True)
class HuntSetup:
    """What makes one hunt game differ from another (the engine is shared)."""

    board: Board
    kinds: tuple[str, str]  # piece words per side, e.g. ("leopard", "cow")
    plurals: tuple[str, str]  # ("leopards", "cows")
    letters: str  # position-text letters per side, e.g. "LC"
    start: tuple[int, int]  # masks of the pieces on the board at the start
    hands: tuple[int, int]  # pieces in hand at the start
    chains: bool  # the hunter may jump on after a capture (and stop anywhere)
    target: int  # captures that win for the hunter
    goal_reason: Callable[[int, int], str]  # (captured, prey left) -> why the hunter won

    @property
    def totals(self) -> tuple[int, int]:
        """All pieces of each side (on the board plus in hand) at the start."""
        return (
            self.start[0].bit_count() + self.hands[0],
            self.start[1].bit_count() + self.hands[1],
        )

    def group(self, side: int) -> str:
        """How the rules texts name a side: 'the tiger', 'the leopards', 'the cows'."""
        return THE[self.kinds[side] if self.totals[side] == 1 else self.plurals[side]]


class HuntGame(LineGame):
    """A hunt game with its options fixed: setup, rule switches and move tables."""

    def __init__(self, spec: GameSpec, options: dict[str, Any], setup: HuntSetup) -> None:
        super().__init__(spec, options, setup.board)
        self.setup = setup
        #: what each side's pieces are, typed (the setup's ``kinds`` are the same values, as words)
        self.piece_kinds = (PieceKind(setup.kinds[0]), PieceKind(setup.kinds[1]))
        self.totals = setup.totals
        self.target = setup.target
        self.chains = setup.chains
        self.limit = 0 if options["limit"] == "off" else int(options["limit"])
        self.prey_stuck_loses = options.get("stuck", "lose") == "lose"
        b = self.board
        # Tables the API and the playout loop (``hunt_fast``) both read: per point, the jumps as
        # (over bit, landing bit, landing), the board's own; the step shifts split by sign.
        self.jump_bits = b.jump_bits
        self.step_right = tuple((off, m) for off, m, _ in b.up)
        self.step_left = tuple((off, m) for off, m, _ in b.down)

    def new_initial_state(self, rng: random.Random | None = None) -> HuntState:
        s = self.setup
        return HuntState(self, s.start[0], s.start[1], s.hands[0], s.hands[1], HUNTER)

    # --- position text ----------------------------------------------------------------------
    def state_from_fields(self, fields: dict[str, str]) -> HuntState:
        """A position from its text, refused (ValueError in words) if play can never reach it:
        besides the board's form, the pieces on the board and in hand, the order of the drops,
        the capture goal and the no-capture count are checked against the rules."""
        s = self.setup
        check_fields(
            fields, ("board", "turn", "phase", "hands", "quiet", "ply"), ("board", "turn"), self.spec.name
        )
        masks = self._read_board(fields["board"])
        turn = turn_field(fields, s.letters, (s.plurals[HUNTER], s.plurals[PREY]))
        hands = pair_field(
            fields,
            "hands",
            f"{s.hands[0]}/{s.hands[1]}",
            self.totals,
            (
                Words(
                    "there are only {total} {plural} in all",
                    total=self.totals[HUNTER],
                    plural=s.plurals[HUNTER],
                ),
                Words(
                    "there are only {total} {plural} in all", total=self.totals[PREY], plural=s.plurals[PREY]
                ),
            ),
        ) or (0, 0)
        problem = self.position_problem(masks[HUNTER], masks[PREY], hands, turn)
        if problem:
            raise ValueError(problem)
        state = HuntState(self, masks[0], masks[1], hands[0], hands[1], turn)
        if self.limit:
            state._quiet = count_field(
                fields,
                "quiet",
                most=self.limit,
                over=Words("the game ends after {limit} plies without a capture", limit=self.limit),
            )
        else:
            state._quiet = count_field(fields, "quiet")
        if state._quiet and (hands[0] or hands[1]):
            raise ValueError(
                Words(
                    "quiet={quiet}, but plies without a capture count only once every piece is on the board",
                    quiet=state._quiet,
                )
            )
        captured = state.captured_counts()[0]
        if captured >= self.target and state._quiet:
            raise ValueError(
                Words(
                    "quiet={quiet}, but the game ended with the capture that reached the goal: "
                    "no move can follow it",
                    quiet=state._quiet,
                )
            )
        state._ply0 = count_field(fields, "ply")
        phase = fields.get("phase")
        if phase is not None and phase != state.phase.value:
            raise ValueError(
                Words(
                    "phase={phase} does not fit the pieces in hand: it is the {phase2} phase for {group}",
                    phase=shown(phase),
                    phase2=state.phase,
                    group=s.group(turn),
                )
            )
        return state

    def position_problem(self, hunters: int, prey: int, hands: tuple[int, int], turn: int) -> str:
        """Why these pieces, hands and turn are no position of this game, or ''."""
        s = self.setup
        for side, on_board in ((HUNTER, hunters.bit_count()), (PREY, prey.bit_count())):
            total, what, in_hand = self.totals[side], s.plurals[side], hands[side]
            if side == HUNTER and on_board + in_hand != total:
                return Words(
                    "{what} on the board and in hand must make {total} ({what} are never captured), "
                    "found {on_board} + {in_hand}",
                    what=what,
                    total=total,
                    on_board=on_board,
                    in_hand=in_hand,
                )
            if on_board + in_hand > total:
                return Words(
                    "too many {what}: {on_board} on the board and {in_hand} in hand, at most {total} in all",
                    what=what,
                    on_board=on_board,
                    in_hand=in_hand,
                    total=total,
                )
            if in_hand > s.hands[side]:
                return Words(
                    "{in_hand} {what} in hand is more than the {hand} held at the start",
                    in_hand=in_hand,
                    what=what,
                    hand=s.hands[side],
                )
        # The sides take turns, the hunters first, and each side drops while it holds pieces: while
        # the prey still hold some, the pieces dropped fix how many the hunters still hold.
        dropped = s.hands[PREY] - hands[PREY]
        hunter_turns = dropped + (turn == PREY)
        expected = max(0, s.hands[HUNTER] - hunter_turns)
        if hands[PREY] and hands[HUNTER] != expected or not hands[PREY] and hands[HUNTER] > expected:
            return Words(
                "the pieces in hand do not fit whose turn it is: the sides drop in turn, {plural} first, "
                "so with {hand} {plural2} in hand and {plural3} to move, {plural} in hand should be "
                "{expected}, not {hand2}",
                plural=s.plurals[HUNTER],
                hand=hands[PREY],
                plural2=s.plurals[PREY],
                plural3=s.plurals[turn],
                expected=expected,
                hand2=hands[HUNTER],
            )
        captured = self.totals[PREY] - prey.bit_count() - hands[PREY]
        if captured and hands[HUNTER] == s.hands[HUNTER]:
            what = f"{captured} {s.kinds[PREY]} is" if captured == 1 else f"{captured} {s.plurals[PREY]} are"
            return Words(
                "{what} missing, but no {kind} is on the board to capture", what=what, kind=s.kinds[HUNTER]
            )
        if captured > self.target and not self.chains:
            return Words(
                "{captured} {plural} are captured, but captures go one a move and the game ends at {target}",
                captured=captured,
                plural=s.plurals[PREY],
                target=self.target,
            )
        if captured >= self.target and turn == HUNTER:
            return Words(
                "the goal of {target} captures was reached by the last move, so it is {group}' turn "
                "(turn={letter})",
                target=self.target,
                group=s.group(PREY),
                letter=s.letters[PREY],
            )
        return ""

    def _read_board(self, text: str) -> tuple[int, int]:
        letters = self.setup.letters
        masks = [0, 0]
        for p, ch in read_rows(text, self.board.rows_top_down(), letters).items():
            masks[letters.index(ch)] |= 1 << p
        return masks[0], masks[1]

    # --- move generation and the tests behind the endings, notes and heuristic ---------------
    def captures_from(self, origin: int, hunters: int, prey: int, out: list[Move]) -> None:
        """Append every capture of the hunter on ``origin``: with chains, every prefix of
        every chain (a chain may stop after any jump); otherwise the single jumps."""
        jump_bits = self.jump_bits
        others = hunters & ~(1 << origin)
        jump = MoveKind.JUMP  # a local: an enum's attribute is a slow read in a loop
        new = tuple.__new__  # a Move without the NamedTuple's Python-level __new__ (same value)
        if not self.chains:
            blocked = others | prey
            for over_bit, to_bit, to in jump_bits[origin]:
                if prey & over_bit and not blocked & to_bit:
                    out.append(new(Move, (jump, (origin, to), (over_bit.bit_length() - 1,))))
            return

        def extend(path: tuple[int, ...], taken: tuple[int, ...], pos: int, prey: int) -> None:
            blocked = others | prey  # jumped prey are gone: the chain may land where they stood
            for over_bit, to_bit, to in jump_bits[pos]:
                if prey & over_bit and not blocked & to_bit:
                    p2, t2 = path + (to,), taken + (over_bit.bit_length() - 1,)
                    out.append(new(Move, (jump, p2, t2)))
                    extend(p2, t2, to, prey ^ over_bit)

        extend((origin,), (), origin, prey)

    def can_step(self, own: int, empty: int) -> bool:
        for off, m in self.step_right:
            if own & m & (empty >> off):
                return True
        for off, m in self.step_left:
            if own & m & (empty << off):
                return True
        return False

    def can_capture(self, hunters: int, prey: int, empty: int) -> bool:
        jump_bits = self.jump_bits
        for a in bits(hunters):
            for over_bit, to_bit, _ in jump_bits[a]:
                if prey & over_bit and empty & to_bit:
                    return True
        return False

    def hunter_mobility(self, hunters: int, prey: int, empty: int) -> int:
        """Steps plus single jumps open to the hunters on the board (for the heuristic)."""
        adjacent_mask = self.board.adjacent_mask
        jump_bits = self.jump_bits
        n = 0
        for a in bits(hunters):
            n += (adjacent_mask[a] & empty).bit_count()
            for over_bit, to_bit, _ in jump_bits[a]:
                if prey & over_bit and empty & to_bit:
                    n += 1
        return n


class HuntState(RecordedState, LineState):
    """A hunt position: both sides' pieces and hands, whose turn, and the quiet-move count."""

    __slots__ = ("_h", "_p", "_hand0", "_hand1", "_turn", "_quiet")

    def __init__(self, game: HuntGame, hunters: int, prey: int, hand0: int, hand1: int, turn: int) -> None:
        self.game: HuntGame = game
        self._h = hunters
        self._p = prey
        self._hand0 = hand0
        self._hand1 = hand1
        self._turn = turn
        self._quiet = 0
        self._start_record()

    # --- basic facts ----------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """'drop' while the side to move still has pieces in hand (it must drop), else 'move'."""
        return Phase.DROP if (self._hand1 if self._turn else self._hand0) else Phase.MOVE

    @property
    def quiet_plies(self) -> int:
        """Moves in a row without a capture since both hands emptied (the draw limit counts them)."""
        return self._quiet

    def army(self, player: int) -> int:
        return self._h if player == HUNTER else self._p

    def move_limit(self) -> LimitView | None:
        """Plies left before the no-capture draw (it counts once both hands are empty)."""
        g = self.game
        return LimitView(max(0, g.limit - self._quiet), None) if g.limit else None

    def pieces(self) -> dict[int, tuple[int, PieceKind]]:
        kinds = self.game.piece_kinds
        out = {p: (HUNTER, kinds[HUNTER]) for p in bits(self._h)}
        out.update({p: (PREY, kinds[PREY]) for p in bits(self._p)})
        return out

    def piece_kind(self, player: int) -> PieceKind:
        return self.game.piece_kinds[player]

    def hands(self) -> tuple[int, int]:
        return (self._hand0, self._hand1)

    def captured_counts(self) -> tuple[int, int]:
        """The hunter's captures (prey never capture)."""
        return (self.game.totals[PREY] - self._p.bit_count() - self._hand1, 0)

    # --- moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        return self._moves()

    def _moves(self) -> list[Move]:
        g = self.game
        turn = self._turn
        occupied = self._h | self._p
        new = tuple.__new__  # a Move without the NamedTuple's Python-level __new__ (same value)
        if self._hand1 if turn else self._hand0:
            drop = MoveKind.DROP  # locals: an enum's attribute is a slow read in a loop
            return [new(Move, (drop, (q,), ())) for q in bits(g.board.mask & ~occupied)]
        own = self._p if turn else self._h
        adjacent = g.board.adjacent
        moves: list[Move] = []
        step = MoveKind.STEP
        for a in bits(own):
            for b in adjacent[a]:
                if not (occupied >> b) & 1:
                    moves.append(new(Move, (step, (a, b), ())))
            if turn == HUNTER:
                g.captures_from(a, self._h, self._p, moves)
        return moves

    def _snapshot(self) -> tuple[Any, ...]:
        return (self._h, self._p, self._hand0, self._hand1, self._turn, self._quiet)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        self._h, self._p, self._hand0, self._hand1, self._turn, self._quiet = snapshot

    def apply(self, move: Move) -> None:
        self._record(move)
        turn = self._turn
        if move.kind == MoveKind.DROP:
            bit = 1 << move.path[0]
            if turn == HUNTER:
                self._h |= bit
                self._hand0 -= 1
            else:
                self._p |= bit
                self._hand1 -= 1
        else:
            origin, dest = 1 << move.path[0], 1 << move.path[-1]  # a chain may end where it began
            if turn == HUNTER:
                self._h = (self._h ^ origin) | dest
                if move.captured:
                    for c in move.captured:
                        self._p &= ~(1 << c)
            else:
                self._p = (self._p ^ origin) | dest
            if move.captured:
                self._quiet = 0
            elif not (self._hand0 or self._hand1):
                self._quiet += 1
        self._turn = turn ^ 1

    # --- the end ----------------------------------------------------------------------------
    def _compute_outcome(self) -> Outcome | None:
        g = self.game
        s = g.setup
        left = self._p.bit_count() + self._hand1
        captured = g.totals[PREY] - left
        if captured >= g.target:
            return Outcome(HUNTER, s.goal_reason(captured, left), EndCode.TARGET)
        if not self._can_move():
            turn = self._turn
            who = s.group(turn)
            if turn == HUNTER:
                return Outcome(PREY, Words("{who} cannot move", who=who), EndCode.NO_MOVES)
            if g.prey_stuck_loses:
                return Outcome(HUNTER, Words("{who} cannot move", who=who), EndCode.NO_MOVES)
            return Outcome(
                None, Words("{who} cannot move: a draw by the house rule", who=who), EndCode.NO_MOVES
            )
        if g.limit and self._quiet >= g.limit:
            return Outcome(
                None, Words("{limit} plies without a capture: a draw", limit=g.limit), EndCode.LIMIT
            )
        return None

    def _can_move(self) -> bool:
        g = self.game
        empty = g.board.mask & ~(self._h | self._p)
        if self._hand1 if self._turn else self._hand0:
            return bool(empty)
        if self._turn == PREY:
            return g.can_step(self._p, empty)
        return g.can_step(self._h, empty) or g.can_capture(self._h, self._p, empty)

    # --- words for the UI -------------------------------------------------------------------
    def why_illegal(self, move: Move) -> str:
        if self.outcome() is not None:
            return "the game is over"
        g = self.game
        s, b = g.setup, g.board
        turn = self._turn
        kind, foe_kind = s.kinds[turn], s.kinds[turn ^ 1]
        own, opp = (self._p, self._h) if turn else (self._h, self._p)
        occupied = own | opp
        in_hand = self._hand1 if turn else self._hand0
        if move.kind == MoveKind.DROP:
            if not in_hand:
                if s.totals[turn] == 1:
                    return Words("the {kind} is already on the board: move it", kind=kind)
                return Words("all your {plural} are on the board: move one", plural=s.plurals[turn])
            p = move.path[0]
            if (occupied >> p) & 1:
                return Words("{name_of} is not empty", name_of=b.name_of(p))
            return N_("that drop is not allowed here")
        if move.kind not in (MoveKind.STEP, MoveKind.JUMP) or len(move.path) < 2:
            return Words("move a {kind} along a line", kind=kind)
        if in_hand:
            if s.totals[turn] == 1:
                return Words("first drop the {kind} on the board", kind=kind)
            return Words("{plural} cannot move until all are on the board", plural=s.plurals[turn])
        origin = move.path[0]
        if not (own >> origin) & 1:
            if (opp >> origin) & 1:
                return Words(
                    "the piece on {name_of} is a {foe_kind}", name_of=b.name_of(origin), foe_kind=foe_kind
                )
            return Words("there is no {kind} on {name_of}", kind=kind, name_of=b.name_of(origin))
        return self._why_route_illegal(move.path, own, opp)

    def _why_route_illegal(self, path: tuple[int, ...], own: int, opp: int) -> str:
        g = self.game
        s, b = g.setup, g.board
        turn = self._turn
        kind, foe_kind = s.kinds[turn], s.kinds[turn ^ 1]
        occupied = (own | opp) & ~(1 << path[0])
        pos = path[0]
        for i, dest in enumerate(path[1:], start=1):
            if dest in b.adjacent[pos]:
                if i > 1:
                    return Words("after a capture the {kind} may only jump again", kind=kind)
                if (occupied >> dest) & 1:
                    return Words("{name_of} is not empty", name_of=b.name_of(dest))
                if len(path) > 2:
                    return N_("a step ends the move")
                pos = dest
                continue
            over = next((o for o, t in b.jumps[pos] if t == dest), None)
            if over is None:
                return Words(
                    "{name_of} and {name_of2} are not joined by a line",
                    name_of=b.name_of(pos),
                    name_of2=b.name_of(dest),
                )
            if turn == PREY:
                return Words("{plural} never jump", plural=s.plurals[PREY])
            if (own >> over) & 1:
                return Words("a {kind} never jumps a {kind}", kind=kind)
            if not (opp >> over) & 1:
                return Words(
                    "a jump must go over a {foe_kind} ({name_of} is empty)",
                    foe_kind=foe_kind,
                    name_of=b.name_of(over),
                )
            if (occupied >> dest) & 1:
                return Words("{name_of} is not empty", name_of=b.name_of(dest))
            if i > 1 and not g.chains:
                return Words("the {kind} captures one {foe_kind} per turn", kind=kind, foe_kind=foe_kind)
            opp &= ~(1 << over)
            occupied &= ~(1 << over)
            pos = dest
        return NOT_ALLOWED

    def turn_notes(self) -> list[Note]:
        """Short rule reminders for the side to move (shown beside "Cows to move")."""
        g = self.game
        s = g.setup
        turn = self._turn
        in_hand = self._hand1 if turn else self._hand0
        if self.outcome() is not None:
            return []
        if in_hand:
            notes = [
                Note(
                    NoteCode.DROP,
                    Words(
                        "drop a {kind} on any empty point ({in_hand} in hand)",
                        kind=s.kinds[turn],
                        in_hand=in_hand,
                    ),
                )
            ]
            if s.totals[turn] > 1:
                notes.append(
                    Note(
                        NoteCode.DROP_FIRST,
                        Words("{plural} cannot move until all are on the board", plural=s.plurals[turn]),
                    )
                )
            return notes
        if turn == PREY:
            return [
                Note(
                    NoteCode.STEPS_ONLY, Words("{plural} step only and never capture", plural=s.plurals[PREY])
                )
            ]
        empty = g.board.mask & ~(self._h | self._p)
        if not g.can_capture(self._h, self._p, empty):
            return []
        if g.chains:
            return [
                Note(
                    NoteCode.CAPTURE_AVAILABLE,
                    "a capture is available (never forced); a chain may stop after any jump",
                )
            ]
        return [
            Note(
                NoteCode.CAPTURE_AVAILABLE,
                Words("a capture is available (never forced); one {kind} per turn", kind=s.kinds[PREY]),
            )
        ]

    def heuristic(self) -> float:
        """From the hunter's side: progress towards the capture goal, and how freely the
        hunters move (a trapped hunter is what the flock plays for)."""
        out = self.outcome()
        if out is not None:
            return out.value(HUNTER)
        g = self.game
        progress = self.captured_counts()[0] / g.target
        empty = g.board.mask & ~(self._h | self._p)
        moves = g.hunter_mobility(self._h, self._p, empty) + 4 * self._hand0  # a piece in hand is free
        freedom = moves / (moves + 2 * g.totals[HUNTER])
        return progress + (1.0 - progress) * (2.0 * freedom - 1.0)

    # --- the fast path for simulations -------------------------------------------------------
    def playout(self, rng: random.Random, max_plies: int | None = None, greedy: float = 0.0) -> int:
        """Random moves to the end on bare bitmasks (``hunt_fast``); every move is still
        recorded, so ``history`` and ``undo`` work after a playout as after ``apply``."""
        if self.outcome() is not None:
            return 0
        snap, played = random_playout(
            self.game, self._snapshot(), self._hist, rng, 1 << 62 if max_plies is None else max_plies, greedy
        )
        self._h, self._p, self._hand0, self._hand1, self._turn, self._quiet = snap
        self._cache = False
        return played

    # --- position text ----------------------------------------------------------------------
    def body_fields(self) -> dict[str, str]:
        b = self.game.board
        hunter_ch, prey_ch = self.game.setup.letters[0], self.game.setup.letters[1]
        chars = {p: hunter_ch for p in bits(self._h)} | {p: prey_ch for p in bits(self._p)}
        return {
            "board": write_rows(b.rows_top_down(), chars),
            "turn": self.game.setup.letters[self._turn],
            "phase": self.phase.value,
            "hands": f"{self._hand0}/{self._hand1}",
            "quiet": str(self._quiet),
            "ply": str(self.ply),
        }
