"""The play scene: the board drawn from its lines, tokens that hop, whose turn in words, and
input by click-click or drag. Legality is always the rules' decision (``MoveBuilder`` asks them);
the computer plays through the AI worker, polled once a frame so the window keeps 60 FPS."""

from __future__ import annotations

import random

import pygame

from rules import DROP, HUFF, IllegalMoveError, Move, State, game_spec

from .. import theme
from ..anim import Pulse, Timer
from ..config import COMPUTER, HUMAN, PASS_AND_PLAY, WATCH, MatchConfig, sides_of
from ..move_anim import MoveAnimation
from ..move_input import ClickResult, MoveBuilder
from ..opponent import Opponent, level_choices
from ..physics import Bursts
from ..render.board import BoardView
from ..render.pieces import style_of
from ..render.play_view import PlayView
from ..scene import Scene
from ..widgets import Button

GAME_OVER_DELAY = 0.6
HINT_LEVEL = "hint"  # the worker's "best move for the side to move" at the Medium budget
DRAG_START_PIXELS = 6
MAX_AI_ERRORS = 3

BURST_COLORS = {
    "soldier0": (theme.ARMY_LIGHT, theme.ARMY_LIGHT_EDGE),
    "soldier1": (theme.ARMY_DARK, theme.ARMY_DARK_EDGE),
    "cow": (theme.COW, theme.COW_PATCH),
    "leopard": (theme.LEOPARD, theme.LEOPARD_SPOT),
    "tiger": (theme.TIGER, theme.TIGER_STRIPE),
}


class PlayScene(Scene):
    def __init__(self, app, config: MatchConfig, state: State | None = None) -> None:
        super().__init__(app)
        self.config = config
        self.spec = game_spec(config.game_id)
        self.state = state if state is not None else config.make_game().new_initial_state(random.Random())
        self.sides = sides_of(self.state.game)
        self.board = self.state.game.board
        self.controllers = list(config.controllers())
        self.movers: list[int] = []  # who made each move of the history (for undo vs the computer)
        self.log: list[str] = []  # the moves played in this scene, in words, for the panel
        self.builder = MoveBuilder(self.state)
        self.anims: list[MoveAnimation] = []
        self.bursts = Bursts()
        self.view: BoardView | None = None
        self.pulse = Pulse(1.1)
        self.time = 0.0
        self.message = ""
        self.message_color = theme.TEXT
        self.event = ""  # what just happened, in words ("South played e3xe5, taking 1.")
        self.flash: tuple[int, Timer] | None = None
        history = self.state.history()
        self.last_move: Move | None = history[-1] if history else None
        self.last_mover: int | None = None
        self.over_timer = Timer(GAME_OVER_DELAY)
        self.over_shown = False
        self.esc_armed = 0.0
        self.hover: int | None = None
        self.drag: dict | None = None
        self.mouse = (0, 0)
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
        self.paused = False
        self._pieces_now = self.state.pieces()
        self._level_label = {n: label for n, label, _ in level_choices()}.get(config.level, config.level)
        self.renderer = PlayView(self)
        self.stop_button = Button("Stop the chain here", self.stop_chain, pygame.K_s, style="accent", key_label="S")
        self.decline_button = Button("Don't huff", self.decline_huff, pygame.K_d, key_label="D")
        self.undo_button = Button("Undo", self.undo, pygame.K_u, key_label="U")
        self.rules_button = Button("Rules", self.show_rules, pygame.K_F1, key_label="F1")
        self.menu_button = Button("Menu", self.to_menu, None)
        self.hint_button = Button("Hint: the computer's choice", self.ask_hint, pygame.K_h, key_label="H")
        self.pause_button = Button("Pause", self.toggle_pause, pygame.K_p, key_label="P")
        self.buttons = [self.stop_button, self.decline_button, self.hint_button, self.pause_button,
                        self.undo_button, self.rules_button, self.menu_button]
        self.undo_button.visible = config.mode != WATCH
        self._intro()

    # --- words ---------------------------------------------------------------------------------
    def say(self, words: str, color: theme.Color = theme.TEXT) -> None:
        self.message = words
        self.message_color = color

    def _intro(self) -> None:
        """Guidance for the position as it stands (after a move, an undo or at the start)."""
        if self.state.outcome() is not None:
            return
        player = self.state.to_move
        if self.controllers[player] == COMPUTER:
            self.say(f"{self.side(player)} is the computer: wait for its move.", theme.TEXT_DIM)
            return
        b = self.builder
        huffs = b.huff_points()
        if huffs:
            names = ", ".join(self.state.game.point_name(p) for p in sorted(huffs))
            self.say(f"{self.side(player)} may huff ({names}): click the marked piece to remove it, or decline "
                     "with 'Don't huff' and move as usual.", theme.ACCENT)
        elif b.drop_points() and not b.piece_moves():
            self.say("Click an empty point to place a piece from your hand.")
        elif b.capturers() and all(m.captured for m in b.piece_moves()):
            self.say(f"{self.side(player)} must capture: click a piece ringed in red.", theme.ACCENT)
        elif b.capturers():
            self.say("A capture is possible (pieces ringed in red), or make any other move.")
        else:
            self.say("Click one of your pieces, then a marked point — or drag it there.")

    def side(self, player: int) -> str:
        return self.sides[player]

    def controller_label(self, player: int) -> str:
        if self.controllers[player] == COMPUTER:
            return f"Computer ({self._level_label})"
        if self.config.mode == PASS_AND_PLAY:
            return f"Player {player + 1}"
        return "You"

    def turn_text(self) -> str:
        """The turn in words, e.g. 'North to move — capture is forced' (or the result)."""
        out = self.state.outcome()
        if out is not None:
            from .gameover import headline

            return f"Game over — {headline(out, self.sides)}: {out.reason}"
        head = f"{self.side(self.state.to_move)} to move"
        notes = list(self.state.turn_notes())
        if not notes and self.state.phase == "drop":
            notes.append("place a piece from hand")
        elif not notes and self.state.phase != "move":
            notes.append(f"{self.state.phase} phase")
        return head + (" — " + "; ".join(notes) if notes else "")

    @property
    def human_to_move(self) -> bool:
        return self.state.outcome() is None and self.controllers[self.state.to_move] == HUMAN

    @property
    def busy(self) -> bool:
        """True while a move is being animated (input waits)."""
        return bool(self.anims)

    # --- playing moves ---------------------------------------------------------------------------
    def play_move(self, move: Move) -> None:
        """Play ``move`` through the rules (which check it) and animate it."""
        before = self.state.pieces()
        mover = self.state.to_move
        try:
            self.state.play(move)
        except IllegalMoveError as e:
            self.refuse(str(e))
            return
        self.movers.append(mover)
        self._forget_hint()
        self.last_move, self.last_mover = move, mover
        after = self.state.pieces()
        self._pieces_now = after
        self.builder.refresh()
        self.anims.append(MoveAnimation(move, before, after, self._view(), self._anim_event))
        self.event = self.describe(move, mover)
        self.log.append(self.event.rstrip("."))
        self.say("")
        if move.kind != DROP and not move.captured:
            self.app.sound.play("hop", 0.7)

    def describe(self, move: Move, mover: int) -> str:
        """A move in words for the panel: 'South: e3xe5xc5, took 2'."""
        name = self.state.game.point_name
        if move.kind == HUFF:
            return f"{self.side(mover)} huffed the piece on {name(move.path[0])}."
        if move.kind == DROP:
            return f"{self.side(mover)} placed a piece on {name(move.path[0])}."
        taken = f", took {len(move.captured)}" if move.captured else ""
        return f"{self.side(mover)}: {self.state.move_text(move)}{taken}."

    def _anim_event(self, name: str, point: int) -> None:
        view = self._view()
        if name == "capture" or name == "huff":
            owner, kind = self.anims[0].before.get(point, (0, "soldier")) if self.anims else (0, "soldier")
            colors = BURST_COLORS.get(style_of(owner, kind), (theme.ACCENT,))
            self.bursts.burst(view.pos(point), colors + (theme.ACCENT,), scale=view.spacing / 80)
            self.app.sound.play("capture")
        elif name == "drop":
            self.app.sound.play("drop")
        elif name == "land":
            self.app.sound.play("hop", 0.5)

    def refuse(self, reason: str, point: int | None = None) -> None:
        self.say(reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else "."), theme.WARN)
        self.app.sound.play("illegal", 0.6)
        if point is not None:
            self.flash = (point, Timer(0.6))

    def apply_click(self, result: ClickResult, point: int | None) -> None:
        if result.kind == "move" and result.move is not None:
            self.play_move(result.move)
        elif result.kind == "illegal":
            self.refuse(result.reason, point)
        elif result.kind == "select":
            self.app.sound.play("select", 0.6)
            self._guide()
        elif result.kind == "extend":
            self.app.sound.play("hop", 0.5)
            self._guide()
        elif result.kind == "deselect":
            self._intro_after_deselect()

    def _intro_after_deselect(self) -> None:
        self._intro()

    def _guide(self) -> None:
        """Tell the player what the selection allows next."""
        b = self.builder
        name = self.state.game.point_name
        if len(b.path) == 1:
            targets = b.targets()
            caps = [p for p, c in targets.items() if c]
            if caps:
                self.say(f"The piece on {name(b.path[0])} can capture: click a red point to jump.")
            else:
                self.say(f"Move the piece on {name(b.path[0])} to a green point.")
        elif b.can_stop():
            self.say("You may jump again (red points) or stop here: click the piece or 'Stop the chain here'.",
                     theme.ACCENT)
        else:
            self.say("Keep jumping: the capture must go on to a red point.", theme.ACCENT)

    def stop_chain(self) -> None:
        if self.human_to_move and not self.busy and self.builder.can_stop():
            self.apply_click(self.builder.stop(), None)

    # --- hint and pause ---------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """Ask the engine for the best move here; it is shown on the board when it arrives."""
        if self.adviser is None or not self.human_to_move or self.busy:
            return
        if self.adviser.thinking:
            return
        self.suggestion = None
        self.adviser.request(self.state)
        self.say("Looking for a good move...", theme.ACCENT_2)

    def _forget_hint(self) -> None:
        self.suggestion = None
        if self.adviser is not None and self.adviser.thinking:
            self.adviser.cancel()

    def _poll_hint(self, dt: float) -> None:
        if self.adviser is None or not self.adviser.thinking:
            return
        move, error = self.adviser.poll(self.state, dt)
        if move is not None:
            self.suggestion = move
            self.say(f"Hint: {self.state.move_text(move)} (marked on the board).", theme.ACCENT_2)
        elif error:
            self.say(f"No hint this time: {error}.", theme.WARN)

    def toggle_pause(self) -> None:
        """Computer against computer: hold the game so a position can be studied."""
        if self.config.mode != WATCH or self.state.outcome() is not None:
            return
        self.paused = not self.paused
        if self.paused and self.opponent is not None:
            self.opponent.cancel()
        self.pause_button.label = "Resume" if self.paused else "Pause"
        self.say("Paused: press P to go on." if self.paused else "", theme.ACCENT)

    def decline_huff(self) -> None:
        if self.human_to_move and self.builder.huff_points():
            self.builder.decline_huff()
            self.say("No huff: make your move.")

    # --- undo, rematch, leaving ---------------------------------------------------------------------
    def undo(self) -> None:
        if self.config.mode == WATCH or not self.movers:
            self.refuse("there is no move of yours to take back")
            return
        if self.opponent is not None:
            self.opponent.cancel()
        self._forget_hint()
        for a in self.anims:
            a.finish()
        self.anims.clear()
        while self.movers:
            mover = self.movers.pop()
            self.state.undo()
            if self.log:
                self.log.pop()
            if self.controllers[mover] == HUMAN:
                break
        history = self.state.history()
        self.last_move = history[-1] if history else None
        self.last_mover = self.movers[-1] if self.movers else None
        self._pieces_now = self.state.pieces()
        self.builder.refresh()
        self.over_shown = False
        self.over_timer = Timer(GAME_OVER_DELAY)
        self.ai_stopped = False
        self.event = "Move taken back."
        self._intro()
        self.app.sound.play("click")

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

    def to_menu(self) -> None:
        from .menu import MenuScene

        if self.opponent is not None:
            self.opponent.cancel()
        self._forget_hint()
        if not self.app.manager.pop_to(MenuScene):
            self.app.manager.replace(MenuScene(self.app))

    def show_rules(self) -> None:
        from .rules_screen import RulesScene

        self.drag = None
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

    def _view(self) -> BoardView:
        board_rect, _ = self.layout(self.app.size)
        if self.view is None:
            self.view = BoardView(self.board, board_rect)
        elif self.view.rect != board_rect:
            self.view.set_rect(board_rect)
        return self.view

    # --- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        view = self._view()
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = view.point_at(event.pos)
            if self.drag is not None:
                dx = event.pos[0] - self.drag["start"][0]
                dy = event.pos[1] - self.drag["start"][1]
                if dx * dx + dy * dy >= DRAG_START_PIXELS ** 2:
                    self.drag["moved"] = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press(view.point_at(event.pos), event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._release(view.point_at(event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.apply_click(self.builder.cancel(), None)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_ESCAPE:
            if self.builder.path:
                self.apply_click(self.builder.cancel(), None)
            elif self.esc_armed > 0 or self.state.outcome() is not None:
                self.to_menu()
            else:
                self.esc_armed = 2.5
                self.say("Press Esc again to leave this game for the menu.", theme.ACCENT)

    def _board_input_allowed(self, point: int | None) -> bool:
        if self.state.outcome() is not None:
            if point is not None:
                self.say("The game is over: Undo, or Menu for a new game.", theme.ACCENT)
            return False
        if self.busy:
            return False
        if not self.human_to_move:
            if point is not None:
                self.say(f"Wait: {self.side(self.state.to_move)} (the computer) is thinking.", theme.ACCENT)
            return False
        return True

    def _press(self, point: int | None, pos: tuple[int, int]) -> None:
        if not self._board_input_allowed(point):
            return
        b = self.builder
        if point is not None and b.path and point == b.path[-1]:
            # Acting on release lets the player drag the chosen piece, or click it to deselect/stop.
            self.drag = {"point": point, "start": pos, "moved": False, "deferred": True}
            return
        result = b.click(point)
        self.apply_click(result, point)
        if result.kind in ("select",) and point is not None:
            self.drag = {"point": point, "start": pos, "moved": False, "deferred": False}
        else:
            self.drag = None

    def _release(self, point: int | None) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not self.human_to_move or self.busy:
            return
        if point == drag["point"] or point is None:
            if drag["deferred"] and not drag["moved"] and point is not None:
                self.apply_click(self.builder.click(point), point)
            return
        if drag["moved"]:
            self.apply_click(self.builder.click(point), point)

    # --- per frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.pulse.tick(dt)
        self.bursts.update(dt)
        if self.flash is not None:
            self.flash[1].tick(dt)
            if self.flash[1].done:
                self.flash = None
        if self.esc_armed > 0:
            self.esc_armed = max(0.0, self.esc_armed - dt)
        if self.anims:
            self.anims[0].update(dt)
            if self.anims[0].done:
                self.anims.pop(0)
                if not self.anims:
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
        if (self.opponent is not None and self.controllers[self.state.to_move] == COMPUTER and not self.ai_stopped
                and not self.paused):
            if not self.opponent.thinking:
                self.opponent.request(self.state)
            move, error = self.opponent.poll(self.state, dt)
            if move is not None:
                self.play_move(move)
            elif error:
                if self.opponent.errors >= MAX_AI_ERRORS:
                    self.ai_stopped = True
                    self.say(f"The computer stopped: {error}. Undo or go back to the menu.", theme.WARN)
                else:
                    self.say(f"Retrying: {error}.", theme.WARN)

    def _after_animation(self) -> None:
        if self.state.outcome() is not None:
            return
        self._intro()
        if self.human_to_move and self.config.mode == PASS_AND_PLAY:
            self.app.sound.play("turn", 0.5)

    # --- drawing ---------------------------------------------------------------------------------------

    # --- drawing (game.render.play_view) ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)
