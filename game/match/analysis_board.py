"""The analysis board's model (issue 32, item 1): a position of a game, other moves tried from it
into the game's variation tree (``variations``), stepped through, deleted or promoted, with the
engine's evaluation and best line on a toggle. No pygame; the board families read it as they read
a match (``BoardSource``), so moves are clicked and shown exactly as in play.

The game itself is never touched: the tree holds moves in notation and the board plays them on
copies. What the player asks for that the rules refuse is said, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rules import Effect, Move, Note, State
from rules.kinds import Detail, NoteCode, Pieces
from rules.words import N_, Words

from .events import SILENT, Played, Said, Tone
from .numbering import move_label, turn_numbers
from .routes import Click, MoveBuilder
from .variations import Node, VariationTree
from .words import agreeing, headline

if TYPE_CHECKING:
    from ..ai.analysis import Point


class Engine(Protocol):
    """What the board asks of the engine (``game.ai.line.LineEngine``; a script in tests)."""

    points: list[Point]
    done: bool
    error: str

    def ask(self, position: str) -> None: ...

    def poll(self) -> bool: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class TreeRow:
    """One row of the move tree as the panel lists it: the moves of a line from ``nodes[0]`` on
    (numbered as the move list numbers them), ``indent`` levels in (0: the first line)."""

    nodes: tuple[Node, ...]
    labels: tuple[str, ...]  # each move with its number where the row needs one ('12. d4-e5')
    indent: int


class AnalysisBoard:
    """The tree (``tree``, its cursor the position shown) and everything the board reads."""

    def __init__(
        self,
        tree: VariationTree,
        sides: tuple[str, str],
        view_side: int = 0,
        engine_factory: Callable[[], Engine] | None = None,
    ) -> None:
        self.tree = tree
        self.sides = sides
        self.view_side = view_side  # whose side the evaluation is told from
        self.engine_factory = engine_factory
        self.engine: Engine | None = None
        self.said: Said = SILENT
        self.events: list[Played] = []  # moves to animate, taken by the scene
        self.notes: list[Note] = []
        self.note_codes: frozenset[NoteCode] = frozenset()
        self.stops_seen: frozenset[Detail] = frozenset()
        self.show_legal = True
        self.suggestion: Move | None = None
        self.suggestion_effects: list[Effect] = []
        self._rows: tuple[int, list[TreeRow]] = (-1, [])
        self._refresh()

    # --- what the board reads (BoardSource) -------------------------------------------------------
    def _refresh(self) -> None:
        """Show the cursor's position, rebuilt from the tree's start (a jump)."""
        self._show(self.tree.state_at(self.tree.cursor))

    def _show(self, state: State) -> None:
        """Show ``state`` (the cursor's position, the board's own copy): what the board reads of
        it, its last move from its own history, and the engine asked about it."""
        self.state = state
        self.builder = MoveBuilder(state)
        self.pieces_now: Pieces = state.pieces()
        self.last_move: Move | None = None
        self.last_effects: list[Effect] = []
        self.last_mover: int | None = None
        if self.tree.cursor.parent is not None:
            before = state.copy()
            move = before.undo()
            self.last_move, self.last_effects, self.last_mover = move, before.effects(move), before.to_move
        self._ask_engine()

    @property
    def human_to_move(self) -> bool:
        return self.state.outcome() is None

    def side(self, player: int) -> str:
        return self.sides[player]

    # --- moves -------------------------------------------------------------------------------------
    def click(self, cell: int | None) -> None:
        """A click on the board: a move is built as in play and, when whole, tried here."""
        if self.state.outcome() is not None:
            if cell is not None:
                self.said = Said(N_("The game is over here: step back to try another move."), Tone.ACCENT)
            return
        result = self.builder.click(cell)
        if result.kind == Click.MOVE and result.move is not None:
            self.play(result.move, self.builder.shown_hops)
        elif result.kind == Click.ILLEGAL:
            self.said = Said(result.reason, Tone.WARN)
        else:
            self.said = SILENT

    def cancel_selection(self) -> None:
        self.builder.cancel()

    def play(self, move: Move, shown_hops: int = 0) -> None:
        """``move`` (legal here) tried: the line it begins, or goes on, is shown from here."""
        before, mover = self.state.pieces(), self.state.to_move
        effects = self.state.effects(move)
        notation = self.state.move_text(move)
        node = self.tree.play(notation, mover)
        self.state.apply(move)
        self._show(self.state)
        self.said = (
            SILENT
            if self.tree.is_game(node)
            else Said(
                Words("A variation: {move}. Esc goes back to the game as it was.", move=notation), Tone.INFO
            )
        )
        self.events.append(Played(move, mover, effects, notation, before, shown_hops, notation))

    def step(self, delta: int) -> None:
        """One move back (-1) or on (+1) along the line shown; the move on is animated."""
        if delta < 0:
            if self.tree.back():
                self.state.undo()
                self._show(self.state)
                self.said = SILENT
                self.events.clear()
        elif self.tree.cursor.children:
            move_text = self.tree.cursor.children[0].move
            self.play(self.state.parse_move(move_text))

    def go(self, node: Node) -> None:
        self.tree.go(node)
        self._moved()

    def to_start(self) -> None:
        self.tree.to_start()
        self._moved()

    def to_end(self) -> None:
        self.tree.to_end()
        self._moved()

    def _moved(self) -> None:
        self._refresh()
        self.said = SILENT
        self.events.clear()

    def delete_variation(self) -> None:
        """Delete the variation the board is in, from its first move on (the game's moves stay)."""
        branch = self.tree.branch_of(self.tree.cursor)
        node = self.tree.cursor if branch is None and not self.tree.is_game(self.tree.cursor) else branch
        if node is None or self.tree.is_game(node):
            self.said = Said(
                N_("These are the game's own moves: only a variation can be deleted."), Tone.WARN
            )
            return
        self.tree.delete(node)
        self._moved()
        self.said = Said(N_("Variation deleted."), Tone.INFO)

    def promote_variation(self) -> None:
        """Move the variation the board is in one place up (never above the game's move)."""
        if self.tree.promote(self.tree.cursor):
            self.said = Said(N_("Variation moved up."), Tone.INFO)
        else:
            self.said = Said(N_("Nothing to move up: this line is first after the game's own."), Tone.WARN)

    # --- the engine --------------------------------------------------------------------------------
    @property
    def engine_available(self) -> bool:
        return self.engine_factory is not None

    @property
    def engine_on(self) -> bool:
        return self.engine is not None

    def toggle_engine(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine, self.suggestion, self.suggestion_effects = None, None, []
            return
        if self.engine_factory is None:
            self.said = Said(N_("The engine is not available here."), Tone.WARN)
            return
        self.engine = self.engine_factory()
        self._ask_engine()

    def _ask_engine(self) -> None:
        self.suggestion, self.suggestion_effects = None, []
        if self.engine is not None:
            self.engine.ask(self.state.to_text())

    def tick(self) -> None:
        """Take what the engine found (each frame; never waits)."""
        if self.engine is None or not self.engine.poll():
            return
        points = self.engine.points
        if points and points[0].best and self.suggestion is None:
            move = self.state.parse_move(points[0].best)
            self.suggestion, self.suggestion_effects = move, self.state.effects(move)

    def evaluation(self) -> str:
        """The engine's view of the position shown, from ``view_side``'s side, in words and as a
        number: 'South is better: 64% (+1.3)'; '' while it has nothing yet."""
        if self.engine is None:
            return ""
        if self.engine.error:
            return Words("The engine stopped: {problem}", problem=self.engine.error)
        out = self.state.outcome()
        if out is not None:
            return headline(out, self.sides)
        if not self.engine.points:
            return N_("The engine is looking…")
        first = self.engine.points[0]
        mine = first.to_move == self.view_side
        value = first.value if mine else 1.0 - first.value
        score = first.score if mine else -first.score
        side = self.side(self.view_side)
        from ..ai.judge import DECIDED  # the search's own line for a result it proved

        if score >= DECIDED:
            return agreeing(side, N_("{side} wins by force"), N_("{side} win by force"))
        if score <= -DECIDED:
            return agreeing(side, N_("{side} loses by force"), N_("{side} lose by force"))
        rounded = round(score, 1)
        share, number = f"{value:.0%}", "0.0" if rounded == 0 else f"{rounded:+.1f}"
        bands = (  # the first that holds names the chances
            (
                value >= 0.9,
                N_("{side} is winning: {share} ({number})"),
                N_("{side} are winning: {share} ({number})"),
            ),
            (
                value <= 0.1,
                N_("{side} is losing: {share} ({number})"),
                N_("{side} are losing: {share} ({number})"),
            ),
            (
                value >= 0.55,
                N_("{side} is better: {share} ({number})"),
                N_("{side} are better: {share} ({number})"),
            ),
            (
                value <= 0.45,
                N_("{side} is worse: {share} ({number})"),
                N_("{side} are worse: {share} ({number})"),
            ),
        )
        for holds, singular, plural in bands:
            if holds:
                return agreeing(side, singular, plural, share=share, number=number)
        return Words("Even: {share} for {side} ({number})", share=share, side=side, number=number)

    def best_line(self) -> str:
        """The engine's best line from the position shown, in notation ('' while none)."""
        if self.engine is None or not self.engine.points:
            return ""
        moves = [p.best for p in self.engine.points if p.best]
        return " ".join(moves)

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    # --- the tree as the panel lists it ----------------------------------------------------------------
    def rows(self) -> list[TreeRow]:
        """The tree as rows: the first line, broken where variations branch off, each variation
        on rows of its own under the move it replaces, one level further in for each level deep.
        Moves are numbered as the move list numbers them, from the tree's start."""
        if self._rows[0] != self.tree.version:
            rows: list[TreeRow] = []
            _line_rows(self.tree.root, [], 0, rows)
            self._rows = (self.tree.version, rows)
        return self._rows[1]


def _label(move: str, movers: list[int], fresh: bool) -> str:
    """'9. d4-e5' (a turn's first move, or a row's first move: '9… f6xd4'), else the move alone."""
    if fresh or movers[-1] == 0:
        return f"{move_label(turn_numbers(movers)[-1], movers[-1])} {move}"
    return move


def _line_rows(
    node: Node,
    movers: list[int],
    indent: int,
    rows: list[TreeRow],
    head: tuple[Node, str] | None = None,
) -> None:
    """The line from ``node`` on (first children) as rows: a move with alternatives ends its row,
    and each alternative's line follows, one level in. ``movers``: who made each move up to
    ``node``; ``head``: the move (and label) the first row begins with (a variation's first)."""
    nodes: list[Node] = [head[0]] if head else []
    labels: list[str] = [head[1]] if head else []
    while node.children:
        main, *others = node.children
        here = [*movers, main.mover]
        nodes.append(main)
        labels.append(_label(main.move, here, not labels))
        if others:
            rows.append(TreeRow(tuple(nodes), tuple(labels), indent))
            nodes, labels = [], []
            for other in others:
                mine = [*movers, other.mover]
                _line_rows(other, mine, indent + 1, rows, (other, _label(other.move, mine, True)))
        movers, node = here, main
    if nodes:
        rows.append(TreeRow(tuple(nodes), tuple(labels), indent))
