"""Overlays over the play scene: the pause menu (Esc) — resume, rules, settings, copy or export
the game as text, set up its position in the editor, leave — and the questions asked before
leaving a game in progress, or one that could not be saved. The pause menu says the game is
saved after every move only while that is so; while saves fail it says why."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rules.words import N_, Words

from .. import theme
from ..scene import Scene
from ..widgets import Button, FocusGroup
from .navigator import SceneName, open_scene

if TYPE_CHECKING:
    from ..app import App
    from .play import PlayScene


class MenuOverlay(Scene):
    """A dimmed screen with a title, a line of words and a column of buttons."""

    opaque = False

    def __init__(self, app: App, title: str, words: str, buttons: list[Button]) -> None:
        super().__init__(app)
        self.title = title
        self.words = words
        self.buttons = buttons
        self.focus = FocusGroup(buttons)
        self.note = ""
        self.lines: list[tuple[str, theme.Color]] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.place(app.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.focus.handle(event)

    def place(self, size: tuple[int, int]) -> None:
        """The box, its lines and the buttons (in update; drawing only reads)."""
        w, h = size
        s = theme.scale_for(size)
        bh, gap = int(52 * s), int(10 * s)
        self.lines = [(line, theme.TEXT) for line in theme.wrap(self.words, int(24 * s), int(520 * s))]
        self.lines += [(line, theme.GOOD) for line in theme.wrap(self.note, int(24 * s), int(520 * s))]
        self.box = pygame.Rect(
            0, 0, int(600 * s), int(110 * s) + len(self.lines) * int(28 * s) + len(self.buttons) * (bh + gap)
        )
        self.box.center = (w // 2, h // 2)
        y = self.box.top + int(78 * s) + len(self.lines) * int(28 * s) + int(8 * s)
        for b in self.buttons:
            b.rect = pygame.Rect(self.box.left + int(60 * s), y, self.box.width - int(120 * s), bh)
            y += bh + gap

    def update(self, dt: float) -> None:
        self.place(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self.box
        theme.panel(surface, box, (40, 46, 80), theme.ACCENT, int(20 * s), 4)
        theme.blit_text(
            surface, self.title, int(44 * s), theme.ACCENT, (box.centerx, box.top + int(18 * s)), "midtop"
        )
        y = box.top + int(78 * s)
        for line, color in self.lines:
            theme.blit_text(surface, line, int(24 * s), color, (box.centerx, y), "midtop")
            y += int(28 * s)
        self.focus.draw(surface, s)


def confirm_leave(app, leave: Callable[[], None]) -> MenuOverlay:
    """Asked before leaving a game in progress (it is saved, so leaving loses nothing)."""
    overlay: MenuOverlay

    def go() -> None:
        app.manager.pop()
        leave()

    overlay = MenuOverlay(
        app,
        N_("Leave this game?"),
        N_("It is saved: Continue on the title screen, or Saved games, brings it back whenever you like."),
        [
            Button("Leave for the menu", go, pygame.K_RETURN, style="primary", key_label="Enter"),
            Button("Keep playing", app.manager.pop, pygame.K_ESCAPE, key_label="Esc"),
        ],
    )
    return overlay


def confirm_leave_unsaved(app, reason: str, leave: Callable[[], None]) -> MenuOverlay:
    """Asked before leaving a game the last save of which failed: leaving loses what is not on disk."""

    def go() -> None:
        app.manager.pop()
        leave()

    return MenuOverlay(
        app,
        N_("Leave without saving?"),
        Words(
            "The game could not be saved: {reason}. "
            "If you leave now, its moves since the last save are lost.",
            reason=reason,
        ),
        [
            Button("Leave without saving", go, pygame.K_RETURN, style="danger", key_label="Enter"),
            Button("Keep playing", app.manager.pop, pygame.K_ESCAPE, key_label="Esc"),
        ],
    )


def saving_words(match) -> str:
    """What the pause menu says of saving: true of the game as it stands."""
    if match.saving:
        return N_("The game is saved after every move.")
    return Words(
        "The game is not being saved: {reason}. It is kept in memory while this window is open.",
        reason=match.save_problem,
    )


class PauseScene(MenuOverlay):
    """Esc in a game: resume, rules, settings, copy or export the game, leave."""

    def __init__(self, app: App, play: PlayScene) -> None:
        self.play = play
        buttons = [
            Button("Resume", app.manager.pop, pygame.K_ESCAPE, style="primary", key_label="Esc"),
            Button("Rules", self.rules, pygame.K_F1, key_label="F1"),
            Button("Settings", self.settings, pygame.K_s, key_label="S"),
            Button("Copy the game as text", self.copy, pygame.K_c, key_label="C"),
            Button("Export the game to a file", self.export, pygame.K_e, key_label="E"),
            Button("Analysis board", self.analysis_board, pygame.K_b, key_label="B"),
            Button("Set up this position", self.set_up, pygame.K_p, key_label="P"),
            Button("Save and leave for the menu", self.leave, pygame.K_m, key_label="M"),
        ]
        super().__init__(app, N_("Paused"), saving_words(play.match), buttons)

    def rules(self) -> None:
        open_scene(self.app, SceneName.RULES, self.play.match.spec.id)

    def settings(self) -> None:
        open_scene(self.app, SceneName.SETTINGS)

    def resume(self) -> None:
        self.play.settings_changed()

    def copy(self) -> None:
        text = self.play.match.game_text()
        try:
            pygame.scrap.put_text(text)
            self.note = N_(
                "The game is on the clipboard as text: Ctrl+V (or Open a game) on the title screen opens it."
            )
        except pygame.error as e:
            self.note = Words(
                "The clipboard is not available here ({problem}); use Export instead.", problem=str(e)
            )

    def set_up(self) -> None:
        """The position on the board in the position editor (the game itself stays as it is:
        what is played from there is a new game); Esc there comes back here."""
        state = self.play.match.state
        open_scene(self.app, SceneName.EDITOR, state.game.spec.id, state)

    def analysis_board(self) -> None:
        """The analysis board from the position on the board (Esc there comes back here)."""
        self.play.analysis_board()

    def export(self) -> None:
        self.note = self.play.match.export_game()

    def leave(self) -> None:
        self.app.manager.pop()
        self.play.to_menu(confirmed=True)
