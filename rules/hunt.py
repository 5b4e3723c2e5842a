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
from .line_games import DROP, JUMP, STEP, LineGame, LineState
from .position import check_fields, count_field, read_rows, write_rows
from .recorded import RecordedState

HUNTER, PREY = 0, 1


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
        if self.totals[side] == 1:
            return f"the {self.kinds[side]}"
        return f"the {self.plurals[side]}"


class HuntGame(LineGame):
    """A hunt game with its options fixed: setup, rule switches and move tables."""

    def __init__(self, spec: GameSpec, options: dict[str, Any], setup: HuntSetup) -> None:
        super().__init__(spec, options, setup.board)
        self.setup = setup
        self.totals = setup.totals
        self.target = setup.target
        self.chains = setup.chains
        self.limit = 0 if options["limit"] == "off" else int(options["limit"])
        self.prey_stuck_loses = options.get("stuck", "lose") == "lose"
        b = self.board
        # For each point, the jumps as (over bit, landing bit) pairs: the hot loops test bits.
        self.jump_bits: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple((1 << over, 1 << to, to) for over, to in b.jumps[p]) for p in range(b.width * b.height)
        )
        self.step_right = tuple((off, m) for off, m in b.step_shifts if off > 0)
        self.step_left = tuple((-off, m) for off, m in b.step_shifts if off < 0)

    def new_initial_state(self, rng: random.Random | None = None) -> HuntState:
        s = self.setup
        return HuntState(self, s.start[0], s.start[1], s.hands[0], s.hands[1], HUNTER)

    # --- position text ----------------------------------------------------------------------
    def state_from_fields(self, fields: dict[str, str]) -> HuntState:
        check_fields(fields, {"board", "turn", "phase", "hands", "quiet", "ply"}, ("board", "turn"))
        letters = self.setup.letters
        masks = self._read_board(fields["board"])
        turn_text = fields["turn"]
        if len(turn_text) != 1 or turn_text not in letters:
            raise ValueError(f"position text: turn must be {letters[0]} or {letters[1]}")
        hands = self._read_hands(fields.get("hands", "0/0"))
        for side in (HUNTER, PREY):
            on_board = masks[side].bit_count()
            total = self.totals[side]
            what = self.setup.plurals[side]
            if side == HUNTER and on_board + hands[side] != total:
                raise ValueError(
                    f"position text: {what} on the board and in hand must make {total}, "
                    f"found {on_board} + {hands[side]}"
                )
            if on_board + hands[side] > total:
                raise ValueError(
                    f"position text: too many {what}: {on_board} on the board and {hands[side]} "
                    f"in hand, at most {total} in all"
                )
        state = HuntState(self, masks[0], masks[1], hands[0], hands[1], letters.index(turn_text))
        state._quiet = count_field(fields, "quiet")
        state._ply0 = count_field(fields, "ply")
        phase = fields.get("phase")
        if phase is not None and phase != state.phase:
            raise ValueError(f"position text: phase={phase} does not fit the hands (it should be {state.phase})")
        return state

    def _read_board(self, text: str) -> tuple[int, int]:
        letters = self.setup.letters
        masks = [0, 0]
        for p, ch in read_rows(text, self.board.rows_top_down(), letters).items():
            masks[letters.index(ch)] |= 1 << p
        return masks[0], masks[1]

    def _read_hands(self, text: str) -> tuple[int, int]:
        parts = text.split("/")
        if len(parts) != 2 or not all(part.isdigit() for part in parts):
            raise ValueError(f"position text: hands must be two counts like 2/16, not '{text}'")
        return int(parts[0]), int(parts[1])

    # --- move generation and the tests behind the endings, notes and heuristic ---------------
    def captures_from(self, origin: int, hunters: int, prey: int, out: list[Move]) -> None:
        """Append every capture of the hunter on ``origin``: with chains, every prefix of
        every chain (a chain may stop after any jump); otherwise the single jumps."""
        jump_bits = self.jump_bits
        others = hunters & ~(1 << origin)
        if not self.chains:
            blocked = others | prey
            for over_bit, to_bit, to in jump_bits[origin]:
                if prey & over_bit and not blocked & to_bit:
                    out.append(Move(JUMP, (origin, to), (over_bit.bit_length() - 1,)))
            return

        def extend(path: tuple[int, ...], taken: tuple[int, ...], pos: int, prey: int) -> None:
            blocked = others | prey  # jumped prey are gone: the chain may land where they stood
            for over_bit, to_bit, to in jump_bits[pos]:
                if prey & over_bit and not blocked & to_bit:
                    p2, t2 = path + (to,), taken + (over_bit.bit_length() - 1,)
                    out.append(Move(JUMP, p2, t2))
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
    def phase(self) -> str:
        """'drop' while the side to move still has pieces in hand (it must drop), else 'move'."""
        return "drop" if (self._hand1 if self._turn else self._hand0) else "move"

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

    def pieces(self) -> dict[int, tuple[int, str]]:
        kinds = self.game.setup.kinds
        out = {p: (HUNTER, kinds[HUNTER]) for p in bits(self._h)}
        out.update({p: (PREY, kinds[PREY]) for p in bits(self._p)})
        return out

    def piece_kind(self, player: int) -> str:
        return self.game.setup.kinds[player]

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
        if self._hand1 if turn else self._hand0:
            return [Move(DROP, (q,)) for q in bits(g.board.mask & ~occupied)]
        own = self._p if turn else self._h
        adjacent = g.board.adjacent
        moves: list[Move] = []
        for a in bits(own):
            for b in adjacent[a]:
                if not (occupied >> b) & 1:
                    moves.append(Move(STEP, (a, b)))
            if turn == HUNTER:
                g.captures_from(a, self._h, self._p, moves)
        return moves

    def _snapshot(self) -> tuple[int, int, int, int, int, int]:
        return (self._h, self._p, self._hand0, self._hand1, self._turn, self._quiet)

    def _restore(self, snapshot: tuple) -> None:
        self._h, self._p, self._hand0, self._hand1, self._turn, self._quiet = snapshot

    def apply(self, move: Move) -> None:
        self._record(move)
        turn = self._turn
        if move.kind == DROP:
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
            return Outcome(HUNTER, s.goal_reason(captured, left), "target")
        if not self._can_move():
            turn = self._turn
            who = s.group(turn)
            if turn == HUNTER:
                return Outcome(PREY, f"{who} cannot move", "no_moves")
            if g.prey_stuck_loses:
                return Outcome(HUNTER, f"{who} cannot move", "no_moves")
            return Outcome(None, f"{who} cannot move: a draw by the house rule", "no_moves")
        if g.limit and self._quiet >= g.limit:
            return Outcome(None, f"{g.limit} plies without a capture: a draw", "limit")
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
        if move.kind == DROP:
            if not in_hand:
                if s.totals[turn] == 1:
                    return f"the {kind} is already on the board: move it"
                return f"all your {s.plurals[turn]} are on the board: move one"
            p = move.path[0]
            if (occupied >> p) & 1:
                return f"{b.name_of(p)} is not empty"
            return "that drop is not allowed here"
        if move.kind not in (STEP, JUMP) or len(move.path) < 2:
            return f"move a {kind} along a line"
        if in_hand:
            if s.totals[turn] == 1:
                return f"first drop the {kind} on the board"
            return f"{s.plurals[turn]} cannot move until all are on the board"
        origin = move.path[0]
        if not (own >> origin) & 1:
            if (opp >> origin) & 1:
                return f"the piece on {b.name_of(origin)} is a {foe_kind}"
            return f"there is no {kind} on {b.name_of(origin)}"
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
                    return f"after a capture the {kind} may only jump again"
                if (occupied >> dest) & 1:
                    return f"{b.name_of(dest)} is not empty"
                if len(path) > 2:
                    return "a step ends the move"
                pos = dest
                continue
            over = next((o for o, t in b.jumps[pos] if t == dest), None)
            if over is None:
                return f"{b.name_of(pos)} and {b.name_of(dest)} are not joined by a line"
            if turn == PREY:
                return f"{s.plurals[PREY]} never jump"
            if (own >> over) & 1:
                return f"a {kind} never jumps a {kind}"
            if not (opp >> over) & 1:
                return f"a jump must go over a {foe_kind} ({b.name_of(over)} is empty)"
            if (occupied >> dest) & 1:
                return f"{b.name_of(dest)} is not empty"
            if i > 1 and not g.chains:
                return f"the {kind} captures one {foe_kind} per turn"
            opp &= ~(1 << over)
            occupied &= ~(1 << over)
            pos = dest
        return "that move is not allowed here"

    def turn_notes(self) -> list[Note]:
        """Short rule reminders for the side to move (shown beside "Cows to move")."""
        g = self.game
        s = g.setup
        turn = self._turn
        in_hand = self._hand1 if turn else self._hand0
        if self.outcome() is not None:
            return []
        if in_hand:
            notes = [Note("drop", f"drop a {s.kinds[turn]} on any empty point ({in_hand} in hand)")]
            if s.totals[turn] > 1:
                notes.append(Note("drop_first", f"{s.plurals[turn]} cannot move until all are on the board"))
            return notes
        if turn == PREY:
            return [Note("steps_only", f"{s.plurals[PREY]} step only and never capture")]
        empty = g.board.mask & ~(self._h | self._p)
        if not g.can_capture(self._h, self._p, empty):
            return []
        if g.chains:
            return [Note("capture_available", "a capture is available (never forced); a chain may stop after any jump")]
        return [Note("capture_available", f"a capture is available (never forced); one {s.kinds[PREY]} per turn")]

    def heuristic(self) -> float:
        """From the hunter's side: progress towards the capture goal, and how freely the
        hunters move (a trapped hunter is what the flock plays for)."""
        out = self.outcome()
        if out is not None:
            return 0.0 if out.winner is None else (1.0 if out.winner == HUNTER else -1.0)
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
        hunter_ch, prey_ch = self.game.setup.letters
        chars = {p: hunter_ch for p in bits(self._h)} | {p: prey_ch for p in bits(self._p)}
        return {
            "board": write_rows(b.rows_top_down(), chars),
            "turn": self.game.setup.letters[self._turn],
            "phase": self.phase,
            "hands": f"{self._hand0}/{self._hand1}",
            "quiet": str(self._quiet),
            "ply": str(self.ply),
        }
