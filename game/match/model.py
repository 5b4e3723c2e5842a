"""One match, without pygame: the position and its history (undo, redo, looking back), whose turn
it is and who plays it, the computer's moves and the hint, the move log and what the panel says.

The play scene is input, layout and drawing over a ``Match``: it calls the commands below (a
click on a cell, undo, a hint, ...) and each frame drains ``take_events()`` (a move to animate,
the board to redraw, a sound, a refused cell) and calls ``tick``. A move played stays
``pending`` until the scene says it has been shown (``land``): only then is it announced and
logged, so the words never run ahead of the board. The rules decide every move (``MoveBuilder``
turns clicks into moves through them). The parts apart: the game itself (``record``: history,
undo, redo), keeping it in the library (``saving``), the solved value (``proven``), the
computer and the hint (``computer``), the engine's look over the game (``analysis``), looking
back (``review``) and the words (``words``, ``guides``); a lesson coaches a match (``coach``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules import Effect, IllegalMoveError, Move, Note, Outcome, State, game_spec
from rules.kinds import BoardKind, Detail, EffectKind, NoteCode, Pieces
from rules.words import N_, Words, sentence

from .. import settings as user_settings
from ..config import Controller, MatchConfig, Mode
from ..library import GameFile
from ..opponent import Worker, level_choices
from ..settings import Settings
from . import saving, words
from .analysis import MARKS, VERDICT_NAMED, GameAnalysis, Runner, Verdict, slip_words
from .coach import Coach
from .computer import Computer
from .events import SILENT, BoardReset, Event, Flash, Played, Said, Sound, Tone
from .guides import guides_for
from .mistakes import Exercise, exercises
from .proven import ProvenValue
from .read import BoardSource
from .record import GameRecord, is_huff
from .review import Review
from .routes import Click, ClickResult, MoveBuilder
from .variations import VariationTree, game_tree


class Match:
    """One match (see the module docstring): a ``GameRecord`` shown, played into by people and
    the computer, kept by an ``Autosave`` (none for a lesson, which must not touch the player's
    games), with the solved value and the engine's look over the game beside it."""

    def __init__(
        self,
        config: MatchConfig,
        state: State | None = None,
        worker: Worker | None = None,
        game_file: GameFile | None = None,
        *,
        keep: bool = True,
        coach: Coach | None = None,
        prefs: Callable[[], Settings] = user_settings.current,
    ) -> None:
        self.config = config
        self.spec = game_spec(config.game_id)
        self.coach = coach
        self._prefs = prefs  # the player's settings (legal moves shown, the board turned in pass and play)
        self.record = GameRecord(
            state if state is not None else config.make_game().new_initial_state(random.Random())
        )
        self.sides: tuple[str, str] = self.state.game.sides
        self.guides = guides_for(self.state.game.layout.kind)
        self.saver = saving.Autosave(game_file) if keep else None
        self._variations = ""  # the analysis board's moves, for a match kept nowhere (a lesson)
        self.controllers: list[Controller] = list(config.controllers())
        self.event = ""  # what just happened, in words ("South: e3xe5, took 1.")
        wants_computer = Controller.COMPUTER in self.controllers
        if wants_computer and worker is None:
            self.controllers = [Controller.HUMAN, Controller.HUMAN]
            self.event = N_("The computer opponent is not available: playing pass and play.")
        self.computer = Computer(worker, config, plays=wants_computer, hints=config.mode != Mode.WATCH)
        labels = {n: label for n, label, _ in level_choices()}
        self.level_labels = tuple(labels.get(config.level_of(p), config.level_of(p)) for p in (0, 1))
        self.log: list[words.LogEntry] = []  # the moves shown so far
        self.builder = MoveBuilder(self.state)
        self.pending: list[Played] = []  # moves played and not yet shown landing on the board
        self.said: Said = SILENT
        self.review = Review()
        self.suggestion: Move | None = None
        self.suggestion_effects: list[Effect] = []
        self.turned = False  # the board turned half round: the second player's side at the bottom
        self.flipped = False  # the player turned it (T) from the way it faces by default
        # V: the solved value under the turn box, where the game is solved. Hidden at first when a
        # person plays (it would give the game away), shown when watching and when looking back.
        self.show_proven = config.mode == Mode.WATCH
        self._proven = ProvenValue()
        self._huff_news = ""  # the computer huffed the player's piece: said with the next guidance
        self.analysis: GameAnalysis | None = None  # the engine's look over the game, once asked for
        self._graph_side: int | None = None  # the side the graph is shown from, if the player chose (G)
        self._events: list[Event] = []
        # how the moves shown so far ended (their stop effects)
        self.stops_seen: frozenset[Detail] = frozenset()
        self.pieces_now: Pieces = {}
        self.notes: list[Note] = []
        self.note_codes: frozenset[NoteCode] = frozenset()
        self._read_position()
        self._recall_history()
        self._orient()  # a finished game opened too: against the computer, the person's side at the bottom
        self._intro()

    # --- the record ------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.record.state

    @property
    def movers(self) -> list[int]:
        """Who made each move of the history (for undo against the computer)."""
        return self.record.movers

    @property
    def last_move(self) -> Move | None:
        return self.record.last_move

    @property
    def last_effects(self) -> list[Effect]:
        return self.record.last_effects

    @property
    def last_mover(self) -> int | None:
        return self.record.last_mover

    def load(self, state: State) -> None:
        """A new position in this match (a lesson's next step): a record of its own, nothing of
        the last position's moves or words kept, the board made anew for its game."""
        self.settle()
        self.record = GameRecord(state)
        self.sides = state.game.sides
        self.builder = MoveBuilder(state)
        self.log.clear()
        self.event = ""
        self._recall_history()
        self._read_position()
        self._events.append(BoardReset(rebuilt=True))

    def face(self, player: int) -> None:
        """Turn the board so that ``player``'s side is at the bottom (unless the player turned it)."""
        self.turned = (player == 1) != self.flipped

    # --- what the screen reads (a ``BoardSource`` too) ---------------------------------------------
    def side(self, player: int) -> str:
        return self.sides[player]

    @property
    def lone_human(self) -> int | None:
        """The player a person plays against the computer (None in pass and play and when
        watching): the words speak to them ('You won', 'Your chances')."""
        humans = [p for p in (0, 1) if self.controllers[p] == Controller.HUMAN]
        return humans[0] if len(humans) == 1 else None

    def player_name(self, player: int) -> str:
        """'You' or 'the computer' where a person plays the computer; else the side's name."""
        if self.lone_human is None:
            return self.side(player)
        return N_("You") if player == self.lone_human else N_("the computer")

    @property
    def graph_side(self) -> int:
        """The player whose chances the analysis graph shows: the person's own against the
        computer, else the first player's, unless the player turned it round (G)."""
        if self._graph_side is not None:
            return self._graph_side
        return self.lone_human if self.lone_human is not None else 0

    def flip_graph_side(self) -> None:
        """Show the graph from the other side (G, or a click on the graph's title)."""
        if self.analysis is not None:
            self._graph_side = self.graph_side ^ 1
            self._events.append(Sound("click", 0.5))

    @property
    def highlighted_ply(self) -> int:
        """The move the move list marks: the move looked back at (a judged move itself, though
        the board shows the position before it), else the last move shown."""
        named = self.review.named_ply
        return named if named is not None else len(self.log)

    @property
    def human_to_move(self) -> bool:
        return self.state.outcome() is None and self.controllers[self.state.to_move] == Controller.HUMAN

    @property
    def busy(self) -> bool:
        """A move is still being shown: the board takes no clicks."""
        return bool(self.pending)

    @property
    def moving(self) -> int | None:
        """The player whose move is being shown, while it is (the panel follows the board)."""
        return self.pending[0].mover if self.pending else None

    @property
    def shown_to_move(self) -> int:
        """The player whose turn the board shows (the mover while a move is shown; in a past
        position, whoever was to move there)."""
        if self.review.view is not None:
            return self.review.view.state.to_move
        return self.state.to_move if self.moving is None else self.moving

    @property
    def shown_outcome(self) -> Outcome | None:
        """The outcome once the board shows it (not while the last move is still being shown)."""
        return None if self.pending else self.state.outcome()

    @property
    def show_legal(self) -> bool:
        """Mark the pieces that may move and where the chosen one may go (a setting)."""
        return self._prefs().show_legal

    @property
    def board_source(self) -> BoardSource:
        """What the board shows: the live match, or a past position while looking back."""
        return self.review.view or self

    @property
    def can_undo(self) -> bool:
        return self.record.can_undo and self.config.mode != Mode.WATCH

    @property
    def can_redo(self) -> bool:
        return self.record.can_redo and self.config.mode != Mode.WATCH

    @property
    def paused(self) -> bool:
        return self.computer.paused

    def hint_available(self) -> bool:
        """The hint can be asked now (the button stays in place, greyed, when it cannot): for the
        player to move in the game, or for the position looked back at (a review that teaches)."""
        if self.computer.adviser is None or self.computer.hinting or self.busy:
            return False
        view = self.review.view
        if view is not None:
            return view.state.outcome() is None and view.suggestion is None
        return self.human_to_move and not self.builder.path and self.suggestion is None

    def proven_line(self) -> str | None:
        """The proven value in words ("proven: Leopards win in 9") where a solved table knows it
        and the player has not hidden it (V)."""
        shown = self.show_proven or self.review.active
        return self._proven.words if shown and self.moving is None else None

    def turn_text(self) -> str:
        return words.turn_text(self)

    def help_text(self) -> str:
        return self.coach.help_text() if self.coach is not None else words.help_text(self)

    def controller_label(self, player: int) -> str:
        return words.controller_label(self, player)

    def rules_in_force(self) -> str:
        return words.rules_in_force(self)

    def urgent_notes(self) -> frozenset[NoteCode]:
        """Note codes the panel shows in the warning colour."""
        return self.note_codes & {NoteCode.CAPTURE_FORCED, NoteCode.HUFF_OFFERED}

    def cue(self, event: Event) -> None:
        """Have the screen show or play ``event`` (a lesson's sound, a refused cell)."""
        self._events.append(event)

    def take_events(self) -> list[Event]:
        """What the screen must show or play since it last asked, in order."""
        events, self._events = self._events, []
        return events

    # --- words ---------------------------------------------------------------------------------------
    def say(self, said: Said) -> None:
        self.said = said

    def refuse(self, reason: str, cell: int | None = None) -> None:
        """Say why not, with a sound and a mark on the cell."""
        self.say(Said(sentence(reason), Tone.WARN))
        self._events.append(Sound("illegal", 0.6))
        if cell is not None:
            self._events.append(Flash(cell))

    def guide_now(self) -> None:
        """Say what to do in the position as it stands (a lesson's step begun or a try refused)."""
        self._intro()

    def _intro(self) -> None:
        """Guidance for the position as it stands (after a move, an undo or at the start)."""
        if self.state.outcome() is not None or (self.coach is not None and not self.coach.lets_match_guide()):
            return
        self._orient()
        player = self.state.to_move
        if self.controllers[player] == Controller.COMPUTER:
            waiting = words.agreeing(
                self.side(player),
                N_("{side} is the computer: wait for its move."),
                N_("{side} are the computer: wait for their move."),
            )
            self.say(Said(waiting, Tone.DIM))
            return
        guide = self.guides.intro(self)
        if self._huff_news:  # said where the player looks, before what to do now
            guide, self._huff_news = (
                Said(Words("{news} {guide}", news=self._huff_news, guide=guide.words), Tone.WARN),
                "",
            )
        self.say(guide)

    def _orient(self) -> None:
        """Which side faces the player (done once a move has landed, never during one): against
        the computer, the person's own side at the bottom; in pass and play with 'Turn the board'
        on, the player to move; else the first player; turned again if the player asked (T). A
        lesson turns it only between its steps (``face``), never in the middle of one."""
        if self.coach is not None:
            return
        if self.config.mode == Mode.COMPUTER:
            bottom = self.config.human_side
        elif self.config.mode == Mode.PASS and self._prefs().rotate:
            bottom = self.state.to_move
        else:
            bottom = 0
        self.turned = (bottom == 1) != self.flipped

    def flip(self) -> None:
        """Turn the board half round (T), now and from now on."""
        self.flipped = not self.flipped
        self.turned = not self.turned
        self._events.append(Sound("click", 0.5))

    def _guide(self) -> None:
        """Tell the player what the selection allows next."""
        self.say(self.guides.guide(self))

    # --- the board's clicks ------------------------------------------------------------------------
    def click(self, cell: int | None) -> None:
        """A click on ``cell`` of the board (None: off the board), decided by the rules."""
        if self.coach is not None and not self.coach.takes_clicks():
            return
        if self.review.active:
            if cell is not None:
                self.review_at(None)  # a click on the board returns to the game
            return
        if self.state.outcome() is not None:
            if cell is not None:
                self.say(Said("The game is over: Undo, or Menu for a new game.", Tone.ACCENT))
            return
        if self.busy:
            return
        if not self.human_to_move:
            if cell is not None:
                thinking = words.agreeing(
                    self.side(self.state.to_move),
                    N_("Wait: {side} (the computer) is thinking."),
                    N_("Wait: {side} (the computer) are thinking."),
                )
                self.say(Said(thinking, Tone.ACCENT))
            return
        self.apply_click(self.builder.click(cell), cell)

    def cancel_selection(self) -> None:
        """Drop the piece chosen (right-click, Esc): a chain in progress is abandoned."""
        self.apply_click(self.builder.cancel(), None)

    def apply_click(self, result: ClickResult, cell: int | None) -> None:
        if self.coach is not None and not self.coach.allows(result, cell):
            return
        if result.kind == Click.MOVE and result.move is not None:
            self.play(result.move, self.builder.shown_hops, self.builder.last_route)
        elif result.kind == Click.ILLEGAL:
            self.refuse(result.reason, cell)
        elif result.kind == Click.SELECT:
            self._events.append(Sound("select", 0.6))
            self._guide()
        elif result.kind == Click.EXTEND:
            self._events.append(Sound("hop", 0.5))
            self._guide()
        elif result.kind == Click.DESELECT:
            self._intro()

    def stop_chain(self) -> None:
        if self.human_to_move and not self.busy and self.builder.can_stop():
            self.apply_click(self.builder.stop(), None)

    def decline_huff(self) -> None:
        if self.human_to_move and self.builder.removal_points():
            self.builder.decline_removals()
            self.say(Said("No huff: make your move."))

    # --- playing moves ---------------------------------------------------------------------------
    def play(self, move: Move, shown_hops: int = 0, route: tuple[int, ...] = (), redo: bool = False) -> bool:
        """Play ``move`` through the rules (which check it); the screen animates it and the log
        announces it when it lands. ``route`` is the way the player clicked it, when a move has
        several (the hops, the last-move line and the log then follow the player's)."""
        self.leave_review()
        if self.state.outcome() is not None:
            self.refuse("the game is over")
            return False
        if move not in self.builder.legal():
            self.refuse(self.state.why_illegal(move))
            return False
        before, taken_before = self.pieces_now, self.state.captured_counts()
        shown, effects = self._as_clicked(move, route)
        notation = self.state.move_text(shown)  # written before the move, as a reopened game writes it
        mover = self.record.apply(move, shown, effects, redo)  # checked above: not asked of the rules again
        self.forget_hint()
        self._read_position()
        played = Played(
            shown,
            mover,
            effects,
            words.describe(self, shown, mover, effects, notation),
            before,
            shown_hops,
            notation,
            taken_before,
        )
        self.pending.append(played)
        self._events.append(played)
        self._autosave()
        self.say(SILENT)
        if (
            effects
            and effects[0].kind == EffectKind.MOVE
            and not any(e.kind == EffectKind.REMOVE for e in effects)
        ):
            self._events.append(Sound("hop", 0.7))
        return True

    def _as_clicked(self, move: Move, route: tuple[int, ...]) -> tuple[Move, list[Effect]]:
        """``move`` along ``route`` with its effects, if the route plays that very move (same
        start, end and captures); else the move as the rules keep it."""
        effects = self.builder.effects(move)
        if len(route) < 2 or route == move.path:
            return move, effects
        alt = move._replace(path=tuple(route))
        try:
            if self.state.move_for_route(route) != move:
                return move, effects
            alt_effects = self.state.effects(alt)
        except (IllegalMoveError, ValueError, KeyError):
            return move, effects
        taken = sorted(e.cell for e in effects if e.kind == EffectKind.REMOVE)
        if sorted(e.cell for e in alt_effects if e.kind == EffectKind.REMOVE) != taken:
            return move, effects
        return alt, alt_effects

    def land(self) -> None:
        """The screen has shown the oldest pending move: announce it (and, the last one shown,
        guide the next player)."""
        if not self.pending:
            return
        played = self.pending.pop(0)
        self._announce(played)
        self.stops_seen |= {
            e.detail
            for e in played.effects[-1:]
            if e.kind == EffectKind.STOP and isinstance(e.detail, Detail)
        }  # a sowing's stop is its last effect
        victim = played.mover ^ 1
        if (
            is_huff(played.move, played.effects)
            and self.controllers[played.mover] == Controller.COMPUTER
            and self.controllers[victim] == Controller.HUMAN
        ):
            cell = self.state.game.point_name(played.move.path[0])
            self._huff_news = Words(
                "{side} huffed your piece on {point}: it could have captured and did not (the huff rule).",
                side=self.side(played.mover),
                point=cell,
            )
        if not self.pending:
            self._after_landing()

    def settle(self) -> None:
        """Every pending move counts as shown (a click to skip, an undo, a look back)."""
        while self.pending:
            self.land()

    def _announce(self, played: Played) -> None:
        self.event = sentence(played.words)
        self.log.append(words.LogEntry(len(self.log) + 1, played.mover, played.notation, played.words))

    def _after_landing(self) -> None:
        if self.coach is not None and self.coach.after_landing():
            return
        if self.state.outcome() is not None:
            return
        self._intro()
        if self.human_to_move and self.config.mode == Mode.PASS:
            self._events.append(Sound("turn", 0.5))

    def _read_position(self) -> None:
        """Read what the screen shows of a new position (once a position, not every frame)."""
        self._proven.forget()
        self.pieces_now = self.state.pieces()
        self.notes = self.state.turn_notes()
        self.note_codes = frozenset(n.code for n in self.notes)
        self.builder.refresh()

    def _recall_history(self) -> None:
        """A game resumed (or begun from a played position) keeps its moves in the log."""
        for move, mover, effects, notation in self.record.take_resumed():
            said = words.describe(self, move, mover, effects, notation)
            self.log.append(words.LogEntry(len(self.log) + 1, mover, notation, said))
        if self.log:
            self.event = sentence(self.log[-1].words)

    # --- undo, redo ---------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last move (against the computer: back to the player's last move)."""
        if not self.can_undo:
            self.refuse(N_("there is no move of yours to take back"))
            return
        self.computer.cancel_move()
        self.forget_hint()
        self.settle()
        self.leave_review()
        group = self.record.undo(lambda mover: self.controllers[mover] == Controller.HUMAN)
        del self.log[max(0, len(self.log) - len(group)) :]
        self._read_position()
        self._events.append(BoardReset())
        self.computer.stopped = False
        self.event = N_("Move taken back.")
        self._intro()
        self._autosave()
        self._events.append(Sound("click"))

    def redo(self) -> None:
        """Play again the moves the last undo took back (until a new move is made)."""
        if not self.can_redo:
            self.refuse(N_("there is nothing to redo"))
            return
        self.computer.cancel_move()
        for move in self.record.take_redo():
            self.play(move, redo=True)

    # --- looking back --------------------------------------------------------------------------------
    def review_at(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves of the history (None: back to the game); the
        words say what that move did."""
        self.settle()
        self.computer.cancel_hint()  # a hint asked for another position would land on the wrong board
        self.review.show(self.state, ply, self.sides)
        self._events.append(BoardReset())
        if self.review.active:
            shown = self.review.ply or 0
            what: str
            if 0 < shown <= len(self.log):
                what = Words(
                    "Move {label} — {what}",
                    label=words.label_of(self, shown),
                    what=sentence(self.log[shown - 1].words),
                )
            else:
                what = N_("The start.")
            self.say(
                Said(Words("{what} ← → step, H a hint here, End back to the game.", what=what), Tone.INFO)
            )
        else:
            self._intro()

    def review_step(self, delta: int) -> None:
        total = len(self.state.history())
        now = total if self.review.ply is None else self.review.ply
        self.review_at(min(total, max(0, now + delta)) if now + delta < total else None)

    def leave_review(self) -> None:
        if self.review.active:
            self.review.show(self.state, None, self.sides)
            self._events.append(BoardReset())

    # --- the computer, the hint, pausing ------------------------------------------------------------
    def ask_hint(self) -> None:
        """Ask the engine for the best move here; it is marked on the board when it arrives."""
        if not self.hint_available():
            return
        self.suggest(None)
        view = self.review.view
        if self.computer.ask_hint(view.state if view is not None else self.state):
            self.say(
                Said(
                    Words(
                        "Looking for a good move for move {n}, the position looked at...",
                        n=words.label_of(self, (self.review.ply or 0) + 1),
                    )
                    if view is not None
                    else N_("Looking for a good move..."),
                    Tone.INFO,
                )
            )

    def suggest(self, move: Move | None) -> None:
        """Mark ``move`` on the board as the one to play (a hint, a lesson's move; None: no mark)."""
        self.suggestion = move
        self.suggestion_effects = self.builder.effects(move) if move is not None else []

    def forget_hint(self) -> None:
        self.suggest(None)
        self.computer.cancel_hint()

    def toggle_pause(self) -> None:
        """Computer against computer: hold the game so a position can be studied."""
        if self.config.mode != Mode.WATCH or self.state.outcome() is not None:
            return
        c = self.computer
        c.paused = not c.paused
        if c.paused:
            c.cancel_move()
        self.say(Said("Paused: P goes on, N plays one move, ← → look back." if c.paused else "", Tone.ACCENT))

    def step_once(self) -> None:
        """Paused computer-against-computer: let the side to move play one move."""
        if self.config.mode == Mode.WATCH and self.paused and self.state.outcome() is None and not self.busy:
            self.computer.stepping = True

    def tick(self, dt: float) -> None:
        """Once a frame: the solved value, the analysis, the hint and the computer's move as they
        arrive."""
        if self.show_proven or self.review.active:
            self._look_up_proven()
        if self.analysis is not None and not self.analysis.done:
            self.analysis.poll()
            if self.analysis.done:
                names, first = (self.player_name(0), self.player_name(1)), self.lone_human or 0  # 'You' first
                slips = len(self.mistakes() or [])
                summary = self.analysis.summary(names, first)
                if slips:
                    summary = Words.counted(
                        "{summary} L: solve your {n} slip again.",
                        "{summary} L: solve your {n} slips again.",
                        slips,
                        summary=summary,
                    )
                self.say(
                    Said(
                        summary
                        if not self.analysis.error
                        else Words("The analysis stopped: {problem}.", problem=self.analysis.error),
                        Tone.INFO if not self.analysis.error else Tone.WARN,
                    )
                )
        if self.pending:
            return
        view = self.review.view
        over = self.state.outcome() is not None
        computer_to_move = (
            not over and self.controllers[self.state.to_move] == Controller.COMPUTER and view is None
        )
        news = self.computer.poll(view.state if view is not None else self.state, dt, computer_to_move)
        if news.hint is not None:
            if view is not None:  # the hint is for the position looked at, and shown there
                view.suggestion, view.suggestion_effects = news.hint, view.builder.effects(news.hint)
            else:
                self.suggest(news.hint)
            self.say(
                Said(
                    Words(
                        "Hint: {move} (marked on the board).",
                        move=self.board_source.state.move_text(news.hint),
                    ),
                    Tone.HINT,
                )
            )
        elif news.hint_error:
            self.say(Said(Words("No hint this time: {problem}.", problem=news.hint_error), Tone.WARN))
        if over:
            return
        if news.move is not None:
            self.play(news.move)
        elif news.gave_up:
            self.say(
                Said(
                    Words(
                        "The computer stopped: {problem}. Undo or go back to the menu.", problem=news.error
                    ),
                    Tone.WARN,
                )
            )
        elif news.error:
            self.say(Said(Words("Retrying: {problem}.", problem=news.error), Tone.WARN))

    # --- the engine's look over the game ---------------------------------------------------------------
    def analyse(self, runner_factory: Callable[[str, list[str]], Runner] | None = None) -> None:
        """Have the engine look the game over, in the background (the graph fills in as it goes)."""
        if self.analysis is not None and not self.analysis.error:
            return
        if not self.state.history():
            self.say(Said("There is no move to look over yet.", Tone.WARN))
            return
        try:
            self.analysis = GameAnalysis(self.state, runner_factory)
        except ImportError:
            self.say(Said("The computer is not installed here: no analysis.", Tone.WARN))
            return
        self.say(Said("The computer is looking the game over: the graph fills in as it goes.", Tone.INFO))

    def look_at_move(self, ply: int) -> None:
        """Look at move ``ply``: where the engine judged it a slip, the position before it with
        the engine's move marked (the words and the move list still name move ``ply``), and what
        the slip cost in words."""
        judged = self.analysis.judgement(ply) if self.analysis is not None else None
        entry = self.log[ply - 1] if 0 < ply <= len(self.log) else None
        if judged is None or judged.verdict == Verdict.GOOD or not judged.best or entry is None:
            self.review_at(ply)
            return
        self.settle()
        self.computer.cancel_hint()  # a hint asked for another position would land on the wrong board
        self.review.judge(self.state, ply, judged.best, self.sides)
        self._events.append(BoardReset())
        stones = self.state.game.layout.kind == BoardKind.HOLES
        self.say(
            Said(
                Words(
                    "Move {label}, {side} {move}: {verdict} — {why}. Best was {best} (marked on the board).",
                    label=words.label_of(self, ply),
                    side=self.side(entry.mover),
                    move=entry.notation + MARKS[judged.verdict],
                    verdict=VERDICT_NAMED[judged.verdict],
                    why=slip_words(judged, self.side(entry.mover), stones),
                    best=self.review.judged_best,
                ),
                Tone.HINT,
            )
        )

    def _look_up_proven(self) -> None:
        """The solved value of the position shown; the solver's notices (a table being built or
        rebuilt) are said where the player looks."""
        notice = self._proven.look_up(self.board_source.state, self.review.active)
        if notice:
            self.say(Said(notice, Tone.INFO))

    # --- saving and leaving -------------------------------------------------------------------------
    def _autosave(self) -> None:
        """The game is saved after every move and undo (leaving or quitting loses nothing): see
        ``saving.Autosave`` for what the player is told."""
        if self.saver is None:
            return
        by_person = (
            Controller.HUMAN not in self.controllers
            or bool(self.movers)
            and self.controllers[self.movers[-1]] == Controller.HUMAN
        )
        self.saver.save(self.config, self.state, by_person)

    @property
    def game_file(self) -> GameFile | None:
        """The game of the library this match is kept in (None: a lesson, kept nowhere)."""
        return self.saver.game_file if self.saver is not None else None

    @property
    def save_notice(self) -> Said:
        """What saving has to tell the player: a save that failed, until one succeeds; then, once,
        that it succeeded; or that another window's change made this a separate game."""
        return self.saver.notice if self.saver is not None else SILENT

    @property
    def save_problem(self) -> str:
        """Why the game is not being saved, alone ('' while it is, and for a lesson)."""
        return self.saver.game_file.reason if self.saver is not None else ""

    @property
    def saving(self) -> bool:
        """The game is on disk as it stands (False while saves fail: ``game_file.reason`` says why)."""
        return self.saver is None or self.saver.saved

    def save_now(self) -> None:
        """Put the game in the library at once (an imported game, before its first move here)."""
        self._autosave()

    # --- learning from the analysis ----------------------------------------------------------------
    def mistakes(self) -> list[Exercise] | None:
        """The mistakes and blunders of the players at the board (both in pass and play), once
        the analysis is done; None before."""
        if self.analysis is None or not self.analysis.done or self.analysis.error:
            return None
        players = {p for p in (0, 1) if self.controllers[p] == Controller.HUMAN}
        return exercises(self.analysis, self.state, players)

    # --- the analysis board ----------------------------------------------------------------------
    def variation_tree(self) -> VariationTree:
        """The game with the moves tried on the analysis board, the board at the position shown
        (a look back's, else the game's last)."""
        shown = self.review.ply if self.review.active else None
        try:
            return game_tree(self.state, self.variations, shown)
        except ValueError:  # cannot happen for a tree this window made: start the tree afresh
            return game_tree(self.state, "", shown)

    @property
    def variations(self) -> str:
        """The moves tried on the analysis board, as text ('' when none): kept with the game."""
        return self.saver.game_file.variations if self.saver is not None else self._variations

    def keep_variations(self, tree: VariationTree) -> None:
        """The analysis board was left: keep its variations, and save them with the game."""
        text = tree.to_text()
        if text == self.variations:
            return
        if self.saver is None:
            self._variations = text
            return
        self.saver.game_file.variations = text
        self._autosave()

    def game_text(self) -> str:
        """The whole game as save text (for the clipboard and export)."""
        return saving.game_text(self.config, self.state, self.variations)

    def export_game(self) -> str:
        """Write the game to a new file; the words say where (or what went wrong)."""
        return saving.export_game(self.config, self.state, self.variations)

    def rematch_state(self) -> State:
        """The start of a new game with the same settings."""
        return self.config.make_game().new_initial_state(random.Random())

    def close(self) -> None:
        """The match leaves the screen: the computer stops thinking for it."""
        self.computer.cancel()
        if self.analysis is not None:
            self.analysis.cancel()
        self.suggest(None)
