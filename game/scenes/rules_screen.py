"""The rules of one game, from the registry's rules text, scrollable (wheel, arrows, Page keys), with
diagrams beside it drawn by the real board families (the lesson positions: a chain, a sowing...)
and a way into the game's lesson."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rules import game_spec, load_game
from rules.kinds import BoardKind
from rules.words import N_, Words, paragraphs

from .. import i18n, theme
from ..scene import Scene
from ..tutorials import has_lesson
from ..tutorials.diagrams import diagrams
from ..tutorials.diagrams import render as render_diagram
from ..widgets import Button
from .navigator import SceneName, open_scene

if TYPE_CHECKING:
    from ..app import App


def analysis_help(game_id: str) -> list[str]:
    """What the analysis after a game calls each move, and what accuracy is: the judge's own lines
    (``game.match.analysis.LINES``), so the words say what it does."""
    from ..match.analysis import LINES, Verdict, percent

    share = {verdict: percent(limit) for limit, verdict in LINES.value}
    stones = load_game(game_id).layout.kind == BoardKind.HOLES
    return [
        Words(
            "After a game, Analyse [A] has the computer look over every move. A move that gives away "
            "{inaccuracy} or more of the expected result, against the best move there, is an "
            "inaccuracy (?!), {mistake} or more a mistake (?), {blunder} or more a blunder (??).",
            inaccuracy=share[Verdict.INACCURACY],
            mistake=share[Verdict.MISTAKE],
            blunder=share[Verdict.BLUNDER],
        ),
        N_(
            "Stones lost by force count too: a move that loses stones against the best move can be "
            "a mistake or a blunder whatever the share, and once a game is decided only stones lost or "
            "the result given away count."
        )
        if stones
        else N_(
            "Pieces lost by force count too: a move that loses pieces against the best move can be "
            "a mistake or a blunder whatever the share, and once a game is decided only pieces lost or "
            "the result given away count."
        ),
        N_(
            "Accuracy is the share of the expected result a player kept with each move that had a "
            "choice, on average: 100% means every such move was as good as the computer's best. A "
            "forced move is left out."
        ),
        N_(
            "After the analysis, L goes over the mistakes and blunders of the players at the board, "
            "each from the position before it: find a better move. One the same judge calls as good "
            "as the best solves it; H gives a hint, S shows the answer and what the move played "
            "allowed, N goes to the next."
        ),
        N_(
            "The analysis board [B], in a game or its pause menu (Analyse [A] in the position "
            "editor), is for trying other moves from the position on the board: click them as in "
            "play. Each is kept as a variation beside the game's own moves, which never change; "
            "← → Home End step through them, a click on a move in the list goes there, Del deletes "
            "a variation and U moves it up. Esc goes back; the variations are saved with the game."
        ),
        N_(
            "On the analysis board, E turns on the computer's view: the chances as a percentage, "
            "the stones ahead or behind as a number (+3.0: three stones ahead), and its best line."
        )
        if stones
        else N_(
            "On the analysis board, E turns on the computer's view: the chances as a percentage, "
            "the pieces ahead or behind as a number (+1.0: a piece ahead), and its best line."
        ),
    ]


class RulesScene(Scene):
    def __init__(self, app: App, game_id: str, offer_tutorial: bool = True) -> None:
        super().__init__(app)
        self.spec = game_spec(game_id)
        self.offer_tutorial = offer_tutorial and has_lesson(game_id)
        self.tutorial_button = Button(
            "Try it: tutorial", self.open_tutorial, pygame.K_t, style="primary", key_label="T"
        )
        self.tutorial_button.visible = self.offer_tutorial
        self.figures = diagrams(game_id)  # (caption, position, move) drawn beside the text
        self._figure_cache: dict[tuple[int, int, int], pygame.Surface] = {}
        self.scroll = 0.0
        self.target_scroll = 0.0
        self.back = Button("Back", self.app.manager.pop, pygame.K_ESCAPE, key_label="Esc")
        self._lines: list[tuple[str, int, theme.Color]] = []
        self._wrapped_for: tuple[int, int, str] | None = None
        self.max_scroll = 0.0
        self.place(app.size)

    def text_lines(self, width: int, s: float) -> list[tuple[str, int, theme.Color]]:
        """(line, size, colour) for the rules text and then each option with its default."""
        if self._wrapped_for == (width, int(s * 100), i18n.language()):
            return self._lines
        body = int(25 * s)
        lines: list[tuple[str, int, theme.Color]] = []
        for para in paragraphs(self.spec.rules_text):
            color = theme.HOUSE if para.lower().startswith("house rule") else theme.TEXT
            for line in theme.wrap(para, body, width):
                lines.append((line, body, color))
        if self.spec.options:
            lines.append(("", body, theme.TEXT))
            lines.append((N_("Options in setup"), int(32 * s), theme.ACCENT))
            for opt in self.spec.options:
                head = (
                    Words(
                        "{option}: default {choice} (house rule)",
                        option=opt.label,
                        choice=opt.label_of(opt.default),
                    )
                    if opt.house_rule
                    else Words(
                        "{option}: default {choice}", option=opt.label, choice=opt.label_of(opt.default)
                    )
                )
                lines.append((head, body, theme.HOUSE if opt.house_rule else theme.ACCENT_2))
                for line in theme.wrap(opt.help, body, width - int(24 * s)):
                    lines.append(("    " + line, body, theme.TEXT_DIM))
        lines.append(("", body, theme.TEXT))
        lines.append((N_("Looking over a game"), int(32 * s), theme.ACCENT))
        for para in analysis_help(self.spec.id):
            for line in theme.wrap(para, body, width):
                lines.append((line, body, theme.TEXT))
        self._lines = lines
        self._wrapped_for = (width, int(s * 100), i18n.language())
        return lines

    def open_tutorial(self) -> None:
        self.app.sound.play("select")
        open_scene(self.app, SceneName.TUTORIAL, self.spec.id)

    # --- layout (in update; drawing only reads) ---------------------------------------------------
    def place(self, size: tuple[int, int]) -> None:
        """The text area and its lines, the scroll limit, the diagrams' slots (each diagram drawn
        once per size), and the buttons."""
        w, h = size
        s = theme.scale_for(size)
        self.s = s
        area = pygame.Rect(int(40 * s), int(90 * s), w - int(80 * s), h - int(180 * s))
        self.slots: list[tuple[pygame.Rect, pygame.Rect, list[str], pygame.Surface | None]] = []
        if self.figures:
            width = int(min(area.width * 0.36, area.height * 0.62))
            column = pygame.Rect(area.right - width, area.top - int(8 * s), width, area.height + int(16 * s))
            area.width = column.left - int(28 * s) - area.left
            self._place_figures(column, s)
        self.area = area
        self.lines = self.text_lines(area.width - int(20 * s), s)
        self.total = sum(int(size * 1.12) for _, size, _ in self.lines)
        self.max_scroll = max(0.0, self.total - area.height)
        self.target_scroll = max(0.0, min(self.max_scroll, self.target_scroll))
        self.back.rect = pygame.Rect(int(40 * s), h - int(76 * s), int(200 * s), int(56 * s))
        self.tutorial_button.rect = pygame.Rect(
            self.back.rect.right + int(16 * s), self.back.rect.top, int(300 * s), self.back.rect.height
        )

    def _place_figures(self, column: pygame.Rect, s: float) -> None:
        """As many diagrams as fit the column at a readable size, each with its caption below."""
        cap_size, pad = int(22 * s), int(10 * s)
        fit = [c for c in range(len(self.figures), 0, -1) if column.height / c >= int(215 * s)]
        count = fit[0] if fit else 1
        slot_h = column.height // count
        for i in range(count):
            caption, position, move = self.figures[i]
            slot = pygame.Rect(column.left, column.top + i * slot_h, column.width, slot_h - int(10 * s))
            lines = theme.wrap(caption, cap_size, slot.width - 2 * pad)[:3]
            text_h = len(lines) * int(cap_size * 1.1) + pad
            pic = pygame.Rect(
                slot.left + pad, slot.top + pad, slot.width - 2 * pad, slot.height - text_h - 2 * pad
            )
            picture = None
            if pic.width > 20 and pic.height > 20:
                key = (i, pic.width, pic.height)
                picture = self._figure_cache.get(key)
                if picture is None:
                    picture = self._figure_cache[key] = render_diagram(position, move, pic.size)
            self.slots.append((slot, pic, lines, picture))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back.handle(event) or self.tutorial_button.handle(event):
            return
        step = 120 * self.app.scale
        if event.type == pygame.MOUSEWHEEL:
            self.target_scroll -= event.y * step
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: step * 4,
                pygame.K_PAGEUP: -step * 4,
                pygame.K_SPACE: step * 4,
            }
            if event.key in keys:
                self.target_scroll += keys[event.key]
            elif event.key == pygame.K_HOME:
                self.target_scroll = 0
            elif event.key == pygame.K_END:
                self.target_scroll = self.max_scroll
        self.target_scroll = max(0.0, min(self.max_scroll, self.target_scroll))

    def update(self, dt: float) -> None:
        self.place(self.app.size)
        self.scroll += (self.target_scroll - self.scroll) * min(1.0, dt * 14)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s, area = self.s, self.area
        theme.blit_text(
            surface,
            Words("How to play {game}", game=self.spec.name),
            int(54 * s),
            theme.ACCENT,
            (int(40 * s), int(24 * s)),
        )
        self._draw_figures(surface, s)
        theme.panel(
            surface, area.inflate(int(24 * s), int(16 * s)), theme.PANEL, theme.PANEL_EDGE, int(14 * s)
        )
        prev = surface.get_clip()
        surface.set_clip(area)
        y = area.top - self.scroll
        for line, size, color in self.lines:
            step = int(size * 1.12)
            if y + step >= area.top and y <= area.bottom and line:
                theme.blit_text(surface, line, size, color, (area.left + int(10 * s), int(y)))
            y += step
        surface.set_clip(prev)
        if self.max_scroll > 0:
            bar_h = max(30, area.height * area.height / (self.total or 1))
            bar_y = area.top + (area.height - bar_h) * (self.scroll / self.max_scroll)
            pygame.draw.rect(
                surface,
                theme.PANEL_EDGE,
                (area.right + int(4 * s), bar_y, int(6 * s), bar_h),
                border_radius=3,
            )
            hint = N_("Scroll with the wheel, arrows or Page Up / Page Down")
            theme.blit_text(
                surface, hint, int(20 * s), theme.TEXT_DIM, (w - int(40 * s), h - int(48 * s)), "midright"
            )
        self.back.draw(surface, False, s)
        self.tutorial_button.draw(surface, False, s)

    def _draw_figures(self, surface: pygame.Surface, s: float) -> None:
        cap_size, pad = int(22 * s), int(10 * s)
        for slot, pic, lines, picture in self.slots:
            theme.panel(surface, slot, theme.PANEL, theme.PANEL_EDGE, int(12 * s))
            if picture is not None:
                surface.blit(picture, pic)
            y = pic.bottom + int(4 * s)
            for line in lines:
                theme.blit_text(surface, line, cap_size, theme.TEXT_DIM, (slot.left + pad, y))
                y += int(cap_size * 1.1)
