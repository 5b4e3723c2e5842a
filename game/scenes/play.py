"""The play scene: input, layout and drawing over a ``Match`` (``game.match``), which knows the
game, its history, the computer and every word. The board family for ``game.layout.kind``
(``game.boards``) draws a ``BoardLook`` and turns pointer events into intents; the scene hands
those and its keys and buttons to the match, then shows what the match reports (a move to
animate, the board to redraw, a sound, a refused cell). Layout is worked out in ``update``
(``plan_panel``, the board's rectangle, the look); drawing only reads it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rules import State
from rules.kinds import PieceKind
from rules.words import N_, Words

from .. import settings as user_settings
from .. import theme
from ..anim import Pulse, Timer
from ..boards import Animation, BoardFamily, BoardLook, family_for
from ..boards.beats import Beat
from ..boards.route_input import Gesture, Intent
from ..config import Controller, MatchConfig, Mode
from ..library import GameFile
from ..match import BoardReset, Flash, Match, Played, Sound
from ..match.events import Said, Tone
from ..match.words import log_rows
from ..physics import Bursts
from ..render.panel import PanelPlan, graph_ply, graph_title_clicked, plan_panel
from ..render.panel_view import PanelView
from ..render.pieces import HALMA_COLORS, style_of
from ..scene import Scene
from ..widgets import Button
from .navigator import SceneName, back_to, make_scene, open_scene

if TYPE_CHECKING:
    from ..app import App

GAME_OVER_DELAY = 0.6
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


class PlayScene(Scene):
    """One match on screen (see the module docstring)."""

    show_taken = True  # the player cards count captures (a lesson's made-up positions do not)
    shows_game_over = True  # the result in a box over the board when the game ends

    def __init__(
        self,
        app: App,
        config: MatchConfig,
        state: State | None = None,
        game_file: GameFile | None = None,
        match: Match | None = None,
    ) -> None:
        super().__init__(app)
        self.match = match or Match(config, state, app.worker, game_file)
        self.board: BoardFamily = family_for(self.match.state.game, self.layout(app.size)[0])
        self.board.set_rotated(self.match.turned)
        self._anims: list[Animation] = []  # parallel to ``match.pending``: the moves being shown
        self.bursts = Bursts()
        self._pulse = Pulse(1.1)
        self.time = 0.0
        self._flash: tuple[int, Timer] | None = None
        self.over_timer = Timer(GAME_OVER_DELAY)
        self.over_shown = False
        self.log_scroll = 0  # rows of the move list scrolled back from the newest (the plan clamps it)
        self._log_rows = 0  # rows the move list had at the last layout
        self._was_reviewing = False
        self.animation_speed = 1.0
        self.renderer = PanelView(self)
        m = self.match
        self.stop_button = Button(
            "Stop the chain here", m.stop_chain, pygame.K_s, style="accent", key_label="S"
        )
        self.decline_button = Button("Don't huff", m.decline_huff, pygame.K_d, key_label="D")
        self.undo_button = Button("Undo", m.undo, pygame.K_u, key_label="U")
        self.rules_button = Button("Rules", self.show_rules, pygame.K_F1, key_label="F1")
        self.menu_button = Button("Menu", self.to_menu, None)
        self.turn_button = Button("Turn", m.flip, pygame.K_t, key_label="T")
        self.hint_button = Button("Hint: the computer's choice", m.ask_hint, pygame.K_h, key_label="H")
        self.pause_button = Button("Pause", m.toggle_pause, pygame.K_p, key_label="P")
        self.speed_button = Button("", self.cycle_speed, pygame.K_f, key_label="F", text_ratio=0.62)
        self.back_button = Button(
            "Back to the game", lambda: m.review_at(None), None, style="accent", key_label="End"
        )
        self.redo_button = Button("Redo", m.redo, None, key_label="Ctrl+Y")
        self.step_button = Button("One move", m.step_once, pygame.K_n, key_label="N")
        self.buttons = [
            self.stop_button,
            self.decline_button,
            self.hint_button,
            self.pause_button,
            self.back_button,
            self.redo_button,
            self.step_button,
            self.undo_button,
            self.turn_button,
            self.rules_button,
            self.menu_button,
            self.speed_button,
        ]
        self.undo_button.visible = m.config.mode != Mode.WATCH
        self.settings_changed()
        self.plan: PanelPlan
        self.look: BoardLook
        self._drain()
        self.place(app.size)

    # --- what the board and the panel read ---------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A move is being shown (input waits): one the match played and the screen has not yet
        shown landing."""
        return self.match.busy

    @property
    def animation(self) -> Animation | None:
        return self._anims[0] if self._anims else None

    def shown_taken(self) -> tuple[int, int]:
        """What each side has taken as the board shows it: while a move is shown, the count
        before it plus what the animation has taken so far (never ahead of the board)."""
        m = self.match
        if m.review.active or not (self._anims and m.pending):
            return m.board_source.state.captured_counts()
        before, so_far = m.pending[0].taken_before, self._anims[0].taken_so_far()
        return (before[0] + so_far[0], before[1] + so_far[1])

    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        """The board's rectangle and the panel's."""
        w, h = size
        s = theme.scale_for(size)
        margin = int(16 * s)
        panel_w = int(w * 0.3)
        panel = pygame.Rect(w - panel_w - margin, margin, panel_w, h - 2 * margin)
        board = pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin - int(34 * s))
        return board, panel

    def place(self, size: tuple[int, int]) -> None:
        """Work out where everything goes and what the board shows (drawing only reads it)."""
        self.board.set_rect(self.layout(size)[0])
        self._follow_log()
        self.plan = plan_panel(self, size, self.log_scroll)
        self.log_scroll = self.plan.log_scroll  # the player's scroll, kept in range, for the next frame
        self._show_buttons(self.plan)
        reviewing = self.match.review.active
        self.look = BoardLook.live(
            self.match.board_source,
            self.board.input,
            None if reviewing else self.animation,
            None if self._flash is None or reviewing else (self._flash[0], self._flash[1].t),
            self._pulse.value,
            self.time,
            self.busy and not reviewing,
            self.bursts,
        )

    def _show_buttons(self, plan: PanelPlan) -> None:
        """Give each button the place, state and words the plan gave it, and hide those it left
        out: the widgets answer the pointer and keys from these until the next ``update``. (The
        row at the bottom shows the buttons of it the scene shows: Undo is hidden when the
        computer plays both sides, and in a lesson.)"""
        placed = {p.button: p for p in plan.buttons}
        for b in self.buttons:
            p = placed.get(b)
            b.visible = p is not None
            if p is not None:  # a copy: the plan stays as it was made
                b.rect, b.enabled, b.label = p.rect.copy(), p.enabled, p.label

    def _follow_log(self) -> None:
        """The move list follows new moves, unless the player is reading back: then the rows read
        stay where they are as moves arrive. Leaving a look back returns to the newest."""
        rows = len(log_rows(self.match.log))
        if self.log_scroll > 0 and rows > self._log_rows:
            self.log_scroll += rows - self._log_rows
        reviewing = self.match.review.active
        if self._was_reviewing and not reviewing:
            self.log_scroll = 0
        self._log_rows, self._was_reviewing = rows, reviewing

    # --- what the match reports ----------------------------------------------------------------------
    def _drain(self) -> None:
        """Show and play what the match reported, in order (a move shown at once may report more)."""
        events = self.match.take_events()
        while events:
            for event in events:
                if isinstance(event, Played):
                    self._animate(event)
                elif isinstance(event, BoardReset):
                    self._reset_board(event.rebuilt)
                elif isinstance(event, Sound):
                    self.app.sound.play(event.name, event.volume)
                elif isinstance(event, Flash):
                    self._flash = (event.cell, Timer(0.6))
            events = self.match.take_events()

    def _animate(self, played: Played) -> None:
        if self.match.controllers[played.mover] == Controller.HUMAN:
            self.log_scroll = 0  # a player who moves is back at the game: the list shows the newest
        self.board.position_changed(self.match, played=True)
        anim = self.board.animate(played.effects, played.before, self._anim_event, played.shown_hops)
        self._anims.append(anim)
        if self.animation_speed > 0:
            anim.speed = self.animation_speed
        else:  # animation off: the move is on the board at once
            self.skip_animation()

    def _reset_board(self, rebuilt: bool) -> None:
        for anim in self._anims:
            anim.finish()
        self._anims.clear()
        if rebuilt:
            self.board = family_for(self.match.state.game, self.layout(self.app.size)[0])
        self.board.position_changed(self.match.board_source)
        self.board.set_rotated(self.match.turned)

    def _anim_event(self, name: Beat, cell: int, piece: tuple[int, PieceKind]) -> None:
        if name in (Beat.CAPTURE, Beat.HUFF):
            owner, kind = piece
            colors = burst_colors(style_of(owner, kind))
            self.bursts.burst(self.board.pos(cell), colors + (theme.ACCENT,), scale=self.board.unit / 80)
        self.app.sound.play_event(name, piece)  # a drop, a sown stone, a relay, a crown, a capture

    def skip_animation(self) -> None:
        """Show the end of every move being shown at once."""
        if self._anims:
            for anim in self._anims:
                anim.finish()
            self._anims.clear()
        self.match.settle()
        self._drain()

    # --- actions -----------------------------------------------------------------------------------
    def cycle_speed(self) -> None:
        """Normal, fast, slow, off: how quickly moves (and sowings) are shown (a saved setting)."""
        now = user_settings.current().animation
        following = (
            SPEED_CYCLE[(SPEED_CYCLE.index(now) + 1) % len(SPEED_CYCLE)] if now in SPEED_CYCLE else "normal"
        )
        problem = user_settings.update(animation=following)
        if problem:
            self.match.refuse(problem)
        self.settings_changed()

    def settings_changed(self) -> None:
        """Take up the saved settings (after the settings screen, or F)."""
        s = user_settings.current()
        self.animation_speed = s.speed
        self.speed_button.label = Words(
            "Speed: {speed}", speed=user_settings.SPEED_WORDS.get(s.animation, s.animation)
        )
        for anim in self._anims:
            anim.speed = max(self.animation_speed, 0.1)
        if self.animation_speed == 0:
            self.skip_animation()

    def rematch(self) -> None:
        self.match.close()
        config, state = self.match.config, self.match.rematch_state()
        tossed = config.options.get("first") == "coin"
        self.app.manager.replace(
            make_scene(self.app, SceneName.COIN if tossed else SceneName.PLAY, config, state)
        )

    def to_menu(self, confirmed: bool = False, unsaved: bool = False) -> None:
        """Leave for the chooser; a game in progress asks first (it is saved either way), and a
        game that could not be saved asks whether to leave it unsaved (``unsaved``: yes)."""
        from .pause import confirm_leave, confirm_leave_unsaved

        m = self.match
        m.save_now()
        if not m.saving and not unsaved:
            self.app.manager.push(
                confirm_leave_unsaved(
                    self.app, m.save_problem, lambda: self.to_menu(confirmed=True, unsaved=True)
                )
            )
            return
        if not confirmed and m.state.outcome() is None and m.movers:
            self.app.manager.push(
                confirm_leave(self.app, lambda: self.to_menu(confirmed=True, unsaved=unsaved))
            )
            return
        m.close()
        if not back_to(self.app, SceneName.MENU):
            self.app.manager.replace(make_scene(self.app, SceneName.MENU))

    def show_rules(self) -> None:
        self.board.cancel_drag()
        open_scene(self.app, SceneName.RULES, self.match.spec.id)

    def analysis_board(self) -> None:
        """B: the analysis board from the position shown; the game itself is not touched, and
        the moves tried there are kept with it."""
        self.board.cancel_drag()
        m = self.match
        view = m.lone_human if m.lone_human is not None else (1 if m.turned else 0)
        open_scene(
            self.app,
            SceneName.ANALYSIS_BOARD,
            m.variation_tree(),
            m.sides,
            view,
            m.keep_variations,
            m.turned,
        )

    def learn_from_mistakes(self) -> None:
        """L, after the analysis: the players' mistakes and blunders to solve again."""
        m = self.match
        items = m.mistakes()
        if items is None:
            m.say(Said(N_("Analyse the game first (A): then L goes over its slips."), Tone.ACCENT))
            return
        if not items:
            m.say(Said(N_("No mistake or blunder to learn from in this game."), Tone.GOOD))
            return
        self.board.cancel_drag()
        open_scene(self.app, SceneName.MISTAKES, items, m.sides, m.turned)

    def pause_menu(self) -> None:
        """Esc: resume, rules, settings, copy or export the game, save and leave."""
        self.board.cancel_drag()
        open_scene(self.app, SceneName.PAUSE, self)

    def exit(self) -> None:
        self.match.close()

    # --- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self._handle(event)
        self._drain()

    def _handle(self, event: pygame.event.Event) -> None:
        for placed in self.plan.buttons:  # the buttons the plan shows (a hidden one has no keys)
            if placed.button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._log_click(event.pos):
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and self.busy:
            self.skip_animation()  # a click anywhere shows the end of the move at once
        else:
            for intent in self.board.handle_event(event, self.look):
                self.board_intent(intent)

    def board_intent(self, intent: Intent) -> None:
        """What the pointer meant on the board, given to the match (the rules decide)."""
        if intent.gesture == Gesture.CANCEL:
            self.match.cancel_selection()
        elif not self.busy:
            self.match.click(intent.cell)

    def _log_click(self, pos: tuple[int, int]) -> bool:
        """A click on a move of the log shows the position after it (a slip: before it, with the
        better move); on the graph, the move under the pointer, or on its title line the graph
        from the other side."""
        for rect, index, _ in self.plan.log_cells:
            if rect.collidepoint(pos):
                self.match.look_at_move(index)
                return True
        if graph_title_clicked(self.plan, pos):
            self.match.flip_graph_side()
            return True
        analysis = self.match.analysis
        ply = graph_ply(self.plan, pos, analysis.total) if analysis is not None else None
        if ply is not None:
            if ply:
                self.match.look_at_move(ply)
            else:
                self.match.review_at(0)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> None:
        m = self.match
        review_keys = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            m.undo()
        elif event.key == pygame.K_v:
            m.show_proven = not m.show_proven
        elif event.key == pygame.K_a:
            m.analyse()
        elif event.key == pygame.K_g:
            m.flip_graph_side()
        elif event.key == pygame.K_b:
            self.analysis_board()
        elif event.key == pygame.K_l:
            self.learn_from_mistakes()
        elif event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL:
            m.redo()
        elif event.key in review_keys and not m.builder.path:
            m.review_step(review_keys[event.key])
        elif event.key == pygame.K_HOME and m.state.history():
            m.review_at(0)
        elif event.key == pygame.K_END:
            m.review_at(None)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = 5 if event.key == pygame.K_PAGEUP else -5
            self.log_scroll = max(0, self.log_scroll + step)
        elif event.key == pygame.K_ESCAPE:
            if m.builder.path:
                m.cancel_selection()
            else:
                self.pause_menu()

    # --- per frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self._pulse.tick(dt)
        self.bursts.update(dt)
        if self._flash is not None:
            self._flash[1].tick(dt)
            if self._flash[1].done:
                self._flash = None
        m = self.match
        self._drain()  # what the match reported since the last frame (a move played from outside input)
        if self._anims:
            self._anims[0].update(dt)
            if self._anims[0].done:
                self._anims.pop(0)
                m.land()
        elif m.pending:
            m.settle()  # a move the screen never got to show counts as shown
        elif m.state.outcome() is not None:
            m.tick(dt)
            if not self.over_shown and self.shows_game_over:
                self.over_timer.tick(dt)
                if self.over_timer.done:
                    self.over_shown = True
                    open_scene(self.app, SceneName.GAME_OVER, self)
        else:
            if self.over_shown:  # an undo: the game goes on, its end is shown anew when it comes
                self.over_shown, self.over_timer = False, Timer(GAME_OVER_DELAY)
            m.tick(dt)
        self._drain()
        if not self._anims:
            self.board.set_rotated(m.turned)
        self.place(self.app.size)

    # --- drawing (reads only) ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self.board.draw(surface, self.look)
        self.renderer.draw(surface, self.plan)
