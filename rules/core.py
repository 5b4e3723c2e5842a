"""The game API every Keliya game implements (UI, AI and tests all use only this).

Shaped after OpenSpiel's Game/State split: a ``Game`` holds validated options, precomputed
tables and its board ``layout``; a ``State`` is one position with its history. A ``Move`` is
a small hashable value (kind, route, captured cells) that search builds by the million; what a
move does in full, hop by hop, is asked of the state with ``effects(move)`` (see ``effects``).
Move kinds and notation belong to each game family (``line_games``, ``war``, ...).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

# the errors live in rules.errors; these names stay importable from here, as they always were
from .errors import AmbiguousMoveError as AmbiguousMoveError
from .errors import IllegalMoveError as IllegalMoveError
from .errors import NotationError as NotationError
from .errors import PositionError as PositionError
from .kinds import EndCode, MoveKind, NoteCode, Phase, PieceKind
from .routes import RouteQueries
from .words import NOT_ALLOWED, Words

if TYPE_CHECKING:
    from .effects import Effect
    from .layout import Layout


class Move(NamedTuple):
    """One move: what kind (``MoveKind``), the cells visited in order, and the
    cells emptied by capture.

    ``path`` is the whole route (origin first); a move made at one cell (a drop, a huff, a
    sowing) has a path of one cell. ``captured`` lists captured cells in the order taken, for
    the games whose move generation finds them anyway; a game that would have to play a move
    out to know (Ncuva's relay sowing) leaves it empty. Ask ``state.captures(move)``, which
    answers for every game.
    """

    kind: MoveKind
    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    @property
    def origin(self) -> int:
        return self.path[0]

    @property
    def target(self) -> int:
        return self.path[-1]


class Outcome(NamedTuple):
    """How a game ended: ``winner`` is a player index, or None for a draw; ``reason`` in
    words; ``code`` the kind of ending for code to decide on."""

    winner: int | None
    reason: str
    code: EndCode

    def score(self, player: int) -> float:
        """The result for ``player``: 1 a win, 0 a loss, 0.5 a draw."""
        return 0.5 if self.winner is None else 1.0 if self.winner == player else 0.0

    def value(self, player: int = 0) -> float:
        """The result for ``player`` on a heuristic's scale: 1 a win, -1 a loss, 0 a draw."""
        return 2.0 * self.score(player) - 1.0


def score_of(outcome: Outcome | None, player: int) -> float:
    """``player``'s result of a game that may not be over: 0.5 while it goes on (or is drawn)."""
    return 0.5 if outcome is None else outcome.score(player)


class LimitView(NamedTuple):
    """Where a game stands against its move limit (``State.move_limit``): ``left`` plies (or
    turns) before it strikes, and ``winner``, the player it would award the game to if it
    struck now (None: a draw). Search uses it to value a lead that the limit will convert,
    or a lead that the limit will wipe out."""

    left: int
    winner: int | None


class Note(NamedTuple):
    """A reminder for the side to move: ``code`` for the UI to decide on, ``words`` to show."""

    code: NoteCode
    words: str


CUSTOM = "custom"  # options that make none of a game's named variants


@dataclass(frozen=True)
class Option:
    """One rules option of a game, with its default and allowed values.

    ``house_rule`` marks choices that no source states (RULES-SPEC): the app labels them.
    """

    name: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    house_rule: bool = False
    choice_labels: tuple[str, ...] = ()
    #: help for each choice, in the order of ``choices`` ('' falls back to ``help``): what the
    #: chosen value does
    choice_help: tuple[str, ...] = ()
    #: whether the option matters given all the options' values (None: always); the setup greys it otherwise
    applies: Callable[[dict[str, Any]], bool] | None = field(default=None, compare=False, repr=False)
    #: why the option does not apply, shown while it is greyed
    unused_help: str = ""
    #: the play panel names this option's value beside the game (the rule that shapes every turn)
    in_play: bool = False

    def help_of(self, value: Any) -> str:
        """The help for ``value``: its own line when there is one, else the option's help."""
        if self.choice_help and value in self.choices:
            return self.choice_help[self.choices.index(value)] or self.help
        return self.help

    def applies_to(self, options: dict[str, Any]) -> bool:
        """Whether this option changes anything when the game's options are ``options``."""
        return self.applies is None or bool(self.applies(options))

    def coerce(self, value: Any) -> Any:
        """Return ``value`` as one of the allowed choices (a choice itself, or its text in any
        case), or raise ValueError naming the option, the value and the allowed ones."""
        from .position import shown

        if not isinstance(value, bool):  # True == 1, but no option is a yes/no number
            for choice in self.choices:
                if value == choice or (
                    isinstance(value, str) and value.strip().lower() == str(choice).lower()
                ):
                    return choice
        allowed = ", ".join(str(c) for c in self.choices)
        raise ValueError(
            Words(
                "option '{name}' ({label}) cannot be '{value}' (allowed: {allowed})",
                name=self.name,
                label=self.label,
                value=shown(value),
                allowed=allowed,
            )
        )

    def label_of(self, value: Any) -> str:
        if self.choice_labels:
            return self.choice_labels[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True)
class GameSpec:
    """A registry entry: everything the menu, setup screen and command line need to know."""

    id: str
    name: str
    origin: str
    description: str
    sides: tuple[str, str]
    options: tuple[Option, ...]
    rules_text: str
    make: Callable[[GameSpec, dict[str, Any]], Game] = field(repr=False)
    #: variants the sources name: name -> options over the defaults (the setup offers them by name)
    variants: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False)
    #: False where the two sides have different pieces and aims (a hunt): each side is a game of
    #: its own, so a result counts for the side that earned it (the levels' records by side)
    alike_sides: bool = True

    def variant_of(self, options: dict[str, Any]) -> str:
        """The named variant these options make, or ``CUSTOM``."""
        for name, chosen in self.variants.items():
            if all(options.get(k) == v for k, v in chosen.items()):
                return name
        return CUSTOM

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        from .position import shown

        known = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(
            Words(
                "unknown option '{name}' for {name2} (its options: {known})",
                name=shown(name),
                name2=self.name,
                known=known,
            )
        )

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``given``; every value checked against its option."""
        resolved = {o.name: o.default for o in self.options}
        for name, value in given.items():
            resolved[name] = self.option(name).coerce(value)
        return resolved


class Game(ABC):
    """A game with its options fixed: a factory for states and a home for shared tables."""

    spec: GameSpec
    options: dict[str, Any]

    def __init__(self, spec: GameSpec, options: dict[str, Any]) -> None:
        self.spec = spec
        self.options = options

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def sides(self) -> tuple[str, str]:
        """The players' names under these options (a game may rename them, e.g. 'Tigers')."""
        return self.spec.sides

    @abstractmethod
    def new_initial_state(self, rng: random.Random | None = None) -> State:
        """The start position; ``rng`` settles any chance choice such as a coin toss."""

    @abstractmethod
    def state_from_fields(self, fields: dict[str, str]) -> State:
        """Rebuild a state from the body fields of its position text (see ``position``)."""

    @property
    @abstractmethod
    def layout(self) -> Layout:
        """The board as the front end draws it (``rules.layout``)."""

    @abstractmethod
    def point_name(self, point: int) -> str:
        """The notation name of a point, hole or square."""

    @abstractmethod
    def point_index(self, name: str) -> int:
        """Inverse of ``point_name``; raises ValueError for a name not on this board."""

    @abstractmethod
    def format_move(self, move: Move) -> str:
        """The move in this game's notation."""

    @abstractmethod
    def parse_move(self, state: State, text: str) -> Move:
        """The legal move of ``state`` that ``text`` names; ValueError/IllegalMoveError why not."""

    def header(self) -> str:
        """Game id plus every option, as the first part of position text."""
        parts = [self.spec.id] + [f"{k}={self.options[k]}" for k in sorted(self.options)]
        return " ".join(parts)


class State(RouteQueries, ABC):
    """One position of a game, with enough history to undo every move played on it."""

    game: Game

    # --- whose turn -----------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int:
        """Index of the player whose decision it is (meaningless once the game is over)."""

    @property
    @abstractmethod
    def phase(self) -> Phase:
        """The stage of play: ``Phase.DROP``, ``Phase.MOVE``, ... (a code, never matched as text)."""

    @property
    @abstractmethod
    def ply(self) -> int:
        """Number of moves played from the start (a huff counts as a move here)."""

    # --- moves ----------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """All legal moves, in a fixed order (empty once the game is over)."""

    @abstractmethod
    def apply(self, move: Move) -> None:
        """Play ``move`` without checking it: the fast path for search. Undoable."""

    @abstractmethod
    def undo(self) -> Move:
        """Take back the last move and return it; IndexError at the start."""

    @abstractmethod
    def copy(self) -> State:
        """An independent copy (history included) that can be played and undone alone."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on; otherwise the winner (or draw) and why."""

    @abstractmethod
    def body_fields(self) -> dict[str, str]:
        """The game-specific fields of the position text, in order."""

    @abstractmethod
    def history(self) -> list[Move]:
        """The moves played so far, oldest first."""

    # --- what is on the board (for the UI and evaluations) -----------------------------------
    def pieces(self) -> dict[int, tuple[int, PieceKind]]:
        """Every piece on the board: point -> (owner, kind word such as 'soldier', 'tiger').
        Empty for a game whose board holds counts, not pieces (a mancala: see ``counts``)."""
        return {}

    def counts(self) -> dict[int, int]:
        """What each cell holds, as a number: stones in a pit; on a board of pieces, 1 for each
        occupied point (so a thumbnail, a test or an evaluation can read any board the same way)."""
        return {cell: 1 for cell in self.pieces()}

    def piece_kind(self, player: int) -> PieceKind:
        """What ``player``'s pieces are (what a drop places; what stands for the side on screen):
        the most common on the board, a soldier when it holds none (a mancala)."""
        kinds = [k for owner, k in self.pieces().values() if owner == player]
        return max(set(kinds), key=kinds.count) if kinds else PieceKind.SOLDIER

    def hands(self) -> tuple[int, int]:
        """Pieces each player still holds in hand to drop (0, 0 when the game has no drops)."""
        return (0, 0)

    def captured_counts(self) -> tuple[int, int]:
        """How many enemy pieces (or stones) each player has taken so far."""
        return (0, 0)

    def forces(self, player: int) -> int:
        """What ``player`` still has to play with: its pieces on the board and in hand (a mancala
        counts the stones on the player's own rows). The analysis calls losing a third of it a
        blunder."""
        return sum(1 for owner, _ in self.pieces().values() if owner == player) + self.hands()[player]

    def turn_notes(self) -> list[Note]:
        """Reminders for the side to move, e.g. ``Note(NoteCode.CAPTURE_FORCED, "capture is forced")``:
        the UI decides by the code and shows the words."""
        return []

    def effects(self, move: Move) -> list[Effect]:
        """What the legal ``move`` does here, in order (see ``rules.effects``). Asked by the UI
        and the tests before the move is played; search never needs it."""
        raise NotImplementedError(
            Words("{name} does not describe its moves' effects", name=type(self).__name__)
        )

    def captures(self, move: Move) -> tuple[int, ...]:
        """The cells the legal ``move`` empties by capture, in order: ``move.captured``, unless
        the game works it out only when asked (see ``Move``)."""
        return move.captured

    def move_gain(self, move: Move) -> float:
        """How much ``move`` takes, for the AI's move ordering and playout bias (pieces
        captured; a game whose captures are stones counts stones)."""
        return len(move.captured)

    def heuristic(self) -> float:
        """A quick judgement of the position in [-1, 1] from player 0's side (1: player 0 is
        winning). Cut-off playouts use it; games override it with what matters in them."""
        out = self.outcome()
        if out is not None:
            return out.value()
        counts = [0, 0]
        for owner, _ in self.pieces().values():
            counts[owner] += 1
        total = counts[0] + counts[1]
        return 0.0 if total == 0 else (counts[0] - counts[1]) / total

    def move_limit(self) -> LimitView | None:
        """The move limit as it stands (see ``LimitView``), or None when no limit is counting."""
        return None

    def why_illegal(self, move: Move) -> str:
        """A reason in words why ``move`` is not legal here (games give better ones)."""
        return NOT_ALLOWED

    # --- shared behaviour ----------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.outcome() is not None

    def play(self, move: Move | str) -> Move:
        """Play a move after checking it; an illegal move raises and changes nothing."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.outcome() is not None:
            raise IllegalMoveError("the game is over")
        if move not in self.legal_moves():
            raise IllegalMoveError(self.why_illegal(move))
        self.apply(move)
        return move

    def playout_move(self, rng: random.Random, greedy: float = 0.0) -> Move | None:
        """A move for a quick simulated game: with probability ``greedy`` the biggest
        capture, otherwise uniformly random. None when there is no legal move.
        Games override this with something faster than building every move."""
        moves = self.legal_moves()
        if not moves:
            return None
        if greedy and rng.random() < greedy:
            gain = self.move_gain
            best = max(gain(m) for m in moves)
            if best:
                moves = [m for m in moves if gain(m) == best]
        return moves[rng.randrange(len(moves))]

    def playout(self, rng: random.Random, max_plies: int | None = None, greedy: float = 0.0) -> int:
        """Play quick simulated moves (see ``playout_move``) until the game ends or
        ``max_plies`` have been played; return how many were played. The one contract for
        every game: afterwards the position, ``ply`` and ``outcome()`` are right; the moves
        need not be in ``history()`` nor undoable (games override this with tighter loops
        that skip the record), so play out a copy."""
        played = 0
        while (max_plies is None or played < max_plies) and self.outcome() is None:
            move = self.playout_move(rng, greedy)
            if move is None:
                break
            self.apply(move)
            played += 1
        return played

    def returns(self) -> tuple[float, float]:
        """Game-theoretic result per player: 1 win, 0 loss, 0.5 draw (0.5 each while open)."""
        out = self.outcome()
        return (score_of(out, 0), score_of(out, 1))

    # --- notation ---------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        """``move`` (legal here, not yet played) in the game's notation."""
        return self.game.format_move(move)

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names. ``NotationError`` if it is written as no move is,
        ``IllegalMoveError`` if it names no legal move here (``AmbiguousMoveError``: more than
        one); each says why."""
        try:
            return self.game.parse_move(self, text)
        except (IllegalMoveError, NotationError):
            raise
        except ValueError as e:
            raise NotationError(*e.args) from None

    # --- position text -------------------------------------------------------------------
    def to_text(self) -> str:
        from .position import format_state

        return format_state(self)

    def __str__(self) -> str:
        return self.to_text()

    def __eq__(self, other: object) -> bool:
        """Positions are equal when their text forms are (history is not compared)."""
        if not isinstance(other, State):
            return NotImplemented
        return self.to_text() == other.to_text()

    __hash__ = None  # type: ignore[assignment]
