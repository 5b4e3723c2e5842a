"""The play scene: the match controller. It knows turns, the computer and hints, undo, the move
log and the game's end — never the board: the board family for ``game.layout.kind``
(``game.boards``) draws, animates and turns pointer events into clicks on cells, and the rules
decide every click (``MoveBuilder``). The computer plays through the AI worker, polled once a
frame so the window keeps 60 FPS. Drawing (``render.panel`` and the family) only reads."""

from __future__ import annotations

import random

import pygame

from rules import Effect, IllegalMoveError, Move, State, game_spec
from rules.effects import MOVE, REMOVE

from .. import settings as user_settings
from .. import theme
from ..anim import Pulse, Timer
from ..boards import Animation, BoardFamily, family_for
from ..boards.routes import ClickResult, MoveBuilder
from ..config import COMPUTER, HUMAN, PASS_AND_PLAY, WATCH, MatchConfig, sides_of
from ..library import GameFile
from ..opponent import Opponent, level_choices
from ..physics import Bursts
from ..render.panel import PlayView
from ..render.pieces import HALMA_COLORS, style_of
from ..review import Review
from ..scene import Scene
from ..widgets import Button
from .play_computer import ComputerMixin
from .play_history import HistoryMixin
from .play_words import WordsMixin

GAME_OVER_DELAY = 0.6
HINT_LEVEL = "hint"  # the worker's "best move for the side to move" at the Medium budget
#: the animation settings F cycles through, in order
SPEED_CYCLE = ("normal", "fast", "slow", "off")


def burst_colors(style: str) -> tuple[theme.Color, ...]:
    """The colours a captured piece bursts into, read when it bursts (the palette may change)."""
    colors = {
        "soldier0": (theme.ARMY_LIGHT, theme.ARMY_LIGHT_EDGE),
        "soldier1": (theme.ARMY_DARK, theme.ARMY_DARK_EDGE),
        "cow": (theme.COW, theme.COW_PATCH),
        "leopard": (theme.LEOPARD, theme.LEOPARD_SPOT),
        "tiger": (theme.TIGER, theme.TIGER_STRIPE),
        **{f"{kind}{owner}": HALMA_COLORS[owner] for kind in ("counter", "king") for owner in (0, 1)},
    }
    return colors.get(style, (theme.ACCENT,))


class PlayScene(WordsMixin, HistoryMixin, ComputerMixin, Scene):
    """One match on screen (see the module docstring)."""

    show_taken = True  # the player cards count captures (a lesson's made-up positions do not)
    keeps_save = True  # the game is saved as it goes (a lesson is not: it must not replace the player's game)

    def __init__(self, app, config: MatchConfig, state: State | None = None,
                 game_file: GameFile | None = None) -> None:
        super().__init__(app)
        self.config = config
        self.game_file = game_file or GameFile()  # its place in the library (a new game: a new file)
        self.spec = game_spec(config.game_id)
        self.state = state if state is not None else config.make_game().new_initial_state(random.Random())
        self.sides = sides_of(self.state.game)
        self.controllers = list(config.controllers())
        self.movers: list[int] = []  # who made each move of the history (for undo vs the computer)
        self.log: list[str] = []  # the moves played in this scene, in words, for the panel
        self.builder = MoveBuilder(self.state)
        self.board: BoardFamily = family_for(self.state.game, self.layout(app.size)[0])
        self._anims: list[tuple[Animation, str, int]] = []  # each with the words that announce it, the mover
        self.bursts = Bursts()
        self._pulse = Pulse(1.1)
        self.time = 0.0
        self.message = ""
        self.message_color = theme.TEXT
        self.event = ""  # what just happened, in words ("South: e3xe5, took 1.")
        self._flash: tuple[int, Timer] | None = None
        history = self.state.history()
        self.last_move: Move | None = history[-1] if history else None
        self.last_effects: list[Effect] = []
        self.last_mover: int | None = None
        self.over_timer = Timer(GAME_OVER_DELAY)
        self.over_shown = False
        self._save_problem_said = ""
        self.review = Review()
        self.log_scroll = 0  # log rows scrolled back from the newest
        self.log_rows: list[tuple[pygame.Rect, int]] = []  # where the panel drew each log entry (hit tests)
        self._redo: list[list[Move]] = []  # groups of moves taken back, newest last
        self.ai_stopped = False
        self.opponent: Opponent | None = None
        if COMPUTER in self.controllers:
            worker = app.worker
            if worker is None:
                self.controllers = [HUMAN, HUMAN]
                self.event = "The computer opponent is not available: playing pass and play."
            else:
                self.opponent = Opponent(worker, config.level, config.min_pause, config.iterations)
        # The hint asks the same engine as the opponent, through the same worker.
        self.adviser: Opponent | None = None
        if config.mode != WATCH and app.worker is not None:
            self.adviser = Opponent(app.worker, HINT_LEVEL, 0.0, config.iterations)
        self.suggestion: Move | None = None
        self.suggestion_effects: list[Effect] = []
        self.paused = False
        self.stepping = False  # paused computer-against-computer: one move asked for
        self.pieces_now = self._pieces()
        self._proven: str | None = None  # the solved value of this position, once known
        self._proven_asked = -1  # the solver's table generation when this position was last asked about
        self.note_codes = self._note_codes()
        self._recall_history()
        self._level_label = {n: label for n, label, _ in level_choices()}.get(config.level, config.level)
        self.show_proven = True  # V: the solved value under the turn box, where the game is solved
        self.renderer = PlayView(self)
        self.stop_button = Button("Stop the chain here", self.stop_chain, pygame.K_s, style="accent", key_label="S")
        self.decline_button = Button("Don't huff", self.decline_huff, pygame.K_d, key_label="D")
        self.undo_button = Button("Undo", self.undo, pygame.K_u, key_label="U")
        self.rules_button = Button("Rules", self.show_rules, pygame.K_F1, key_label="F1")
        self.menu_button = Button("Menu", self.to_menu, None)
        self.hint_button = Button("Hint: the computer's choice", self.ask_hint, pygame.K_h, key_label="H")
        self.pause_button = Button("Pause", self.toggle_pause, pygame.K_p, key_label="P")
        self.speed_button = Button("", self.cycle_speed, pygame.K_f, key_label="F")
        self.settings_changed()
        self.back_button = Button("Back to the game", lambda: self.review_at(None), None, style="accent",
                                  key_label="End")
        self.redo_button = Button("Redo", self.redo, None, key_label="Ctrl+Y")
        self.step_button = Button("One move", self.step_once, pygame.K_n, key_label="N")
        self.buttons = [self.stop_button, self.decline_button, self.hint_button, self.pause_button,
                        self.back_button, self.redo_button, self.step_button,
                        self.undo_button, self.rules_button, self.menu_button, self.speed_button]
        self.undo_button.visible = config.mode != WATCH
        self._intro()

    # --- what the drawing reads (game.boards.MatchView) --------------------------------------------
    @property
    def view(self) -> BoardFamily:
        """The board on screen (cell positions, hit tests)."""
        self.board.set_rect(self.layout(self.app.size)[0])
        return self.board

    @property
    def board_view(self):
        """What the board shows: the live match, or a past position while reviewing."""
        return self.review.view or self

    @property
    def animation(self) -> Animation | None:
        return self._anims[0][0] if self._anims else None

    @property
    def show_legal(self) -> bool:
        """Mark the pieces that may move and where the chosen one may go (a setting)."""
        return user_settings.current().show_legal

    @property
    def pulse(self) -> float:
        return self._pulse.value

    @property
    def flash(self) -> tuple[int, float] | None:
        return None if self._flash is None else (self._flash[0], self._flash[1].t)

    @property
    def hover(self) -> int | None:
        return self.board.input.hover

    @property
    def mouse(self) -> tuple[int, int]:
        return self.board.input.mouse

    @property
    def dragging(self) -> bool:
        return self.board.input.dragging

    @property
    def human_to_move(self) -> bool:
        return self.state.outcome() is None and self.controllers[self.state.to_move] == HUMAN

    @property
    def busy(self) -> bool:
        """True while a move is being animated (input waits)."""
        return bool(self._anims)

    def _pieces(self) -> dict[int, tuple[int, str]]:
        try:
            return self.state.pieces()
        except NotImplementedError:
            return {}

    def _note_codes(self) -> frozenset[str]:
        self.notes = self.state.turn_notes()  # read every frame by the panel: asked once a position
        return frozenset(n.code for n in self.notes)

    # --- words ---------------------------------------------------------------------------------
    def say(self, words: str, color: theme.Color = theme.TEXT) -> None:
        self.message = words
        self.message_color = color

    def side(self, player: int) -> str:
        return self.sides[player]

    # --- playing moves ---------------------------------------------------------------------------
    def play_move(self, move: Move, shown_hops: int = 0, route: tuple[int, ...] = (), redo: bool = False) -> None:
        """Play ``move`` through the rules (which check it) and animate it; the panel announces
        it when the animation lands. ``route`` is the way the player clicked it, when a move
        has several (the hops, the last-move line and the log then follow the player's)."""
        self.leave_review()
        if not redo:
            self._redo.clear()
        before = self.pieces_now
        mover = self.state.to_move
        if self.state.outcome() is not None or move not in self.state.legal_moves():
            self.refuse(self.state.why_illegal(move) if self.state.outcome() is None else "the game is over")
            return
        shown, effects = self._as_clicked(move, route)
        self.state.play(move)
        self.movers.append(mover)
        self._forget_hint()
        self.last_move, self.last_mover, self.last_effects = shown, mover, effects
        self._refresh_position(played=True)
        anim = self.view.animate(effects, before, self._anim_event, shown_hops)
        self._anims.append((anim, self.describe(shown, mover, effects), mover))
        if self.animation_speed > 0:
            anim.speed = self.animation_speed
        else:  # animation off: the move is on the board at once
            self.skip_animation()
        self._autosave()
        self.say("")
        if effects and effects[0].kind == MOVE and not any(e.kind == REMOVE for e in effects):
            self.app.sound.play("hop", 0.7)

    def _as_clicked(self, move: Move, route: tuple[int, ...]) -> tuple[Move, list[Effect]]:
        """``move`` along ``route`` with its effects, if the route plays that very move (same
        start, end and captures); else the move as the rules keep it."""
        effects = self.state.effects(move)
        if len(route) < 2 or route == move.path:
            return move, effects
        alt = move._replace(path=tuple(route))
        try:
            if self.state.move_for_route(route) != move:
                return move, effects
            alt_effects = self.state.effects(alt)
        except (IllegalMoveError, ValueError, KeyError):
            return move, effects
        taken = sorted(e.cell for e in effects if e.kind == REMOVE)
        if sorted(e.cell for e in alt_effects if e.kind == REMOVE) != taken:
            return move, effects
        return alt, alt_effects

    def _refresh_position(self, played: bool = False) -> None:
        self._proven, self._proven_asked = None, -1
        self.pieces_now = self._pieces()
        self.note_codes = self._note_codes()
        self.builder.refresh()
        self.board.position_changed(self, played)

    def _anim_event(self, name: str, cell: int, piece: tuple[int, str]) -> None:
        if name in ("capture", "huff"):
            owner, kind = piece
            colors = burst_colors(style_of(owner, kind))
            self.bursts.burst(self.board.pos(cell), colors + (theme.ACCENT,), scale=self.board.unit / 80)
        self.app.sound.play_event(name, piece)  # a drop, a sown stone, a relay, a crown, a capture

    # --- the board's clicks (game.boards.MatchInput) ------------------------------------------------
    def board_input_allowed(self, cell: int | None) -> bool:
        if self.review.active:
            if cell is not None:
                self.review_at(None)  # a click on the board returns to the game
            return False
        if self.state.outcome() is not None:
            if cell is not None:
                self.say("The game is over: Undo, or Menu for a new game.", theme.ACCENT)
            return False
        if self.busy:
            return False
        if not self.human_to_move:
            if cell is not None:
                self.say(f"Wait: {self.side(self.state.to_move)} (the computer) is thinking.", theme.ACCENT)
            return False
        return True

    def apply_click(self, result: ClickResult, cell: int | None) -> None:
        if result.kind == "move" and result.move is not None:
            self.play_move(result.move, self.builder.shown_hops, self.builder.last_route)
        elif result.kind == "illegal":
            self.refuse(result.reason, cell)
        elif result.kind == "select":
            self.app.sound.play("select", 0.6)
            self._guide()
        elif result.kind == "extend":
            self.app.sound.play("hop", 0.5)
            self._guide()
        elif result.kind == "deselect":
            self._intro()

    def stop_chain(self) -> None:
        if self.human_to_move and not self.busy and self.builder.can_stop():
            self.apply_click(self.builder.stop(), None)

    def decline_huff(self) -> None:
        if self.human_to_move and self.builder.removal_points():
            self.builder.decline_removals()
            self.say("No huff: make your move.")

    # --- hint and pause ---------------------------------------------------------------------------------

    def cycle_speed(self) -> None:
        """Normal, fast, slow, off: how quickly moves (and sowings) are shown (a saved setting)."""
        now = user_settings.current().animation
        following = SPEED_CYCLE[(SPEED_CYCLE.index(now) + 1) % len(SPEED_CYCLE)] if now in SPEED_CYCLE else "normal"
        problem = user_settings.update(animation=following)
        if problem:
            self.say(problem, theme.WARN)
        self.settings_changed()

    def settings_changed(self) -> None:
        """Take up the saved settings (after the settings screen, or F)."""
        s = user_settings.current()
        self.animation_speed = s.speed
        self.speed_button.label = f"Speed: {s.animation}"
        for anim, _, _ in self._anims:
            anim.speed = max(self.animation_speed, 0.1)
        if self.animation_speed == 0:
            self.skip_animation()
        if not self.busy and self.state.outcome() is None:
            self._turn_board()

    # --- saving ---------------------------------------------------------------------------------------

    # --- undo, rematch, leaving ---------------------------------------------------------------------
    def _settle_animations(self) -> None:
        """Finish every animation at once and announce the moves they showed."""
        for anim, words, _ in self._anims:
            anim.finish()
            self._announce(words)
        self._anims.clear()

    def _announce(self, words: str) -> None:
        self.event = words
        self.log.append(words.rstrip("."))

    # --- review ---------------------------------------------------------------------------------------

    def rematch(self) -> None:
        from .coin import CoinTossScene

        if self.opponent is not None:
            self.opponent.cancel()
        self._forget_hint()
        state = self.config.make_game().new_initial_state(random.Random())
        if self.config.options.get("first") == "coin":
            self.app.manager.replace(CoinTossScene(self.app, self.config, state))
        else:
            self.app.manager.replace(PlayScene(self.app, self.config, state))

    def to_menu(self, confirmed: bool = False) -> None:
        """Leave for the chooser; a game in progress asks first (it is saved either way)."""
        from .menu import MenuScene
        from .pause import confirm_leave

        if not confirmed and self.state.outcome() is None and self.movers:
            self.app.manager.push(confirm_leave(self.app, lambda: self.to_menu(confirmed=True)))
            return
        self._autosave()
        if self.opponent is not None:
            self.opponent.cancel()
        self._forget_hint()
        if not self.app.manager.pop_to(MenuScene):
            self.app.manager.replace(MenuScene(self.app))

    def show_rules(self) -> None:
        from .rules_screen import RulesScene

        self.board.cancel_drag()
        self.app.manager.push(RulesScene(self.app, self.spec.id))

    def exit(self) -> None:
        if self.opponent is not None:
            self.opponent.cancel()
        self._forget_hint()

    # --- layout ---------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = size
        s = theme.scale_for(size)
        margin = int(16 * s)
        panel_w = int(w * 0.3)
        panel = pygame.Rect(w - panel_w - margin, margin, panel_w, h - 2 * margin)
        board = pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin - int(34 * s))
        return board, panel

    # --- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        view = self.view
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._log_click(event.pos):
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and self.busy:
            self.skip_animation()  # a click anywhere shows the end of the move at once
        else:
            view.handle_event(event, self)

    def _log_click(self, pos: tuple[int, int]) -> bool:
        """A click on a move of the log shows the position after it."""
        for rect, ply in self.log_rows:
            if rect.collidepoint(pos):
                self.review_at(ply)
                return True
        return False

    def skip_animation(self) -> None:
        if self.busy:
            self._settle_animations()
            self._after_animation()

    def _key(self, event: pygame.event.Event) -> None:
        review_keys = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_v:
            self.show_proven = not self.show_proven
        elif event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL:
            self.redo()
        elif event.key in review_keys and not self.builder.path:
            self.review_step(review_keys[event.key])
        elif event.key == pygame.K_HOME and self.state.history():
            self.review_at(0)
        elif event.key == pygame.K_END:
            self.review_at(None)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = 5 if event.key == pygame.K_PAGEUP else -5
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + step))
        elif event.key == pygame.K_ESCAPE:
            if self.builder.path:
                self.apply_click(self.builder.cancel(), None)
            else:
                self.pause_menu()

    def pause_menu(self) -> None:
        """Esc: resume, rules, settings, copy or export the game, save and leave."""
        from .pause import PauseScene

        self.board.cancel_drag()
        self.app.manager.push(PauseScene(self.app, self))

    # --- per frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        if self.show_proven:
            self._look_up_proven()
        self._pulse.tick(dt)
        self.bursts.update(dt)
        if self._flash is not None:
            self._flash[1].tick(dt)
            if self._flash[1].done:
                self._flash = None
        if self._anims:
            anim, words, _ = self._anims[0]
            anim.update(dt)
            if anim.done:
                self._anims.pop(0)
                self._announce(words)
                if not self._anims:
                    self._after_animation()
            return
        outcome = self.state.outcome()
        if outcome is not None:
            if not self.over_shown:
                self.over_timer.tick(dt)
                if self.over_timer.done:
                    from .gameover import GameOverScene

                    self.over_shown = True
                    self.app.manager.push(GameOverScene(self.app, self))
            return
        self._poll_hint(dt)
        self._computer_turn(dt)

    def _look_up_proven(self) -> None:
        """The solved value, asked once a position and again only when a new table has arrived;
        the solver's notices (a table being built or rebuilt) are said where the player looks."""
        from ..ai import solver

        if solver.variant_of(self.state.game) is None:
            return
        if self._proven_asked != solver.generation():
            self._proven_asked = solver.generation()
            self._proven = solver.proven_value(self.state)
        notice = solver.take_notice()
        if notice:
            self.say(notice, theme.ACCENT_2)

    def _game_goes_on(self) -> None:
        """After an undo: a finished game may be going on again (its end is shown anew)."""
        self.over_shown = False
        self.over_timer = Timer(GAME_OVER_DELAY)

    def _after_animation(self) -> None:
        if self.state.outcome() is not None:
            return
        self._intro()
        if self.human_to_move and self.config.mode == PASS_AND_PLAY:
            self.app.sound.play("turn", 0.5)

    # --- drawing (game.render.panel and the board family) -----------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)
