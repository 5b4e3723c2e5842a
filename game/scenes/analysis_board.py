"""The analysis board (issue 32, item 1): a game's position on its own board, other moves tried
by clicking them as in play, the variation tree listed beside it (click a move to go there), the
engine's evaluation and best line on a toggle (E). Esc goes back to where it was opened from,
which keeps the variations (a game of the library saves them with the game).

The model is ``game.match.analysis_board``; this scene lays out in ``update``, draws (reading
only) and turns clicks and keys into the model's steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rules.words import N_, Words

from .. import theme
from ..boards import BoardLook
from ..match.analysis_board import AnalysisBoard, Engine, TreeRow
from ..match.variations import Node, VariationTree
from ..render.panel import tone_color
from ..widgets import Button
from .board_panel import BoardPanelScene

if TYPE_CHECKING:
    from ..app import App


def line_engine() -> Engine:
    """The engine in a process of its own (``game.ai.line``), imported when first turned on."""
    from ..ai.line import LineEngine

    return LineEngine()


class AnalysisBoardScene(BoardPanelScene):
    """The analysis board over ``tree``; ``on_close(tree)`` is told when it is left."""

    def __init__(
        self,
        app: App,
        tree: VariationTree,
        sides: tuple[str, str],
        view_side: int = 0,
        on_close: Callable[[VariationTree], None] | None = None,
        turned: bool = False,
        engine_factory: Callable[[], Engine] | None = None,
    ) -> None:
        super().__init__(app, tree.start, turned)
        engine = (engine_factory or line_engine) if app.computer_available else None
        self.model = AnalysisBoard(tree, sides, view_side, engine)
        self.on_close = on_close
        self.scroll = 0  # rows of the tree scrolled past
        self.row_cells: list[tuple[pygame.Rect, Node, str]] = []
        self._was_at = -1  # the row of the move shown at the last layout
        self.text_size = self.row_size = 19
        self.title: tuple[str, int, tuple[int, int]] = ("", 30, (0, 0))
        self.text_lines: list[tuple[str, theme.Color, tuple[int, int]]] = []
        self.keys_hint: list[tuple[str, tuple[int, int]]] = []  # the keys' line(s), above the buttons
        self._lines: list[list[tuple[int, int, Node, str]]] = []  # the list's lines: x, width, move, label
        self._lines_for: tuple[int, int, int, int] = (-1, 0, 0, 0)
        self.rows: list[TreeRow] = []
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.row_h = 24
        self.engine_button = Button("Engine: off", self.model.toggle_engine, pygame.K_e, key_label="E")
        self.delete_button = Button(
            "Delete variation", self.model.delete_variation, pygame.K_DELETE, key_label="Del"
        )
        self.promote_button = Button(
            "Move variation up", self.model.promote_variation, pygame.K_u, key_label="U"
        )
        self.back_button = Button("Back", self.close, pygame.K_ESCAPE, key_label="Esc", style="accent")
        self.buttons = [self.engine_button, self.delete_button, self.promote_button, self.back_button]
        self.look = BoardLook.still(self.model)
        self.place(app.size)

    # --- actions -------------------------------------------------------------------------------------
    def close(self) -> None:
        self.model.close()
        if self.on_close is not None:
            self.on_close(self.model.tree)
        if self.app.manager.top is self:
            self.app.manager.pop()

    def exit(self) -> None:
        self.model.close()

    @property
    def source(self) -> AnalysisBoard:
        return self.model

    # --- input -----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.visible and b.handle(event):
                self._after_action()
                return
        m = self.model
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                m.step(-1)
            elif event.key == pygame.K_RIGHT:
                self._finish()
                m.step(1)
            elif event.key == pygame.K_HOME:
                m.to_start()
            elif event.key == pygame.K_END:
                m.to_end()
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll = max(0, self.scroll + (-5 if event.key == pygame.K_PAGEUP else 5))
            self._after_action()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._tree_click(event.pos):
            self._after_action()
        else:
            self.board_event(event)

    def _tree_click(self, pos: tuple[int, int]) -> bool:
        for rect, node, _ in self.row_cells:
            if rect.collidepoint(pos):
                self.model.go(node)
                return True
        return False

    def _after_action(self) -> None:
        self.show_changes()

    # --- per frame ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tick_board(dt)
        self.model.tick()
        self.place(self.app.size)

    def place(self, size: tuple[int, int]) -> None:
        """Where everything goes and what the board shows (drawing only reads it)."""
        s = self.place_board(size)
        p = self.panel
        pad = int(14 * s)
        bh = int(44 * s)
        bottom = p.bottom - pad - bh
        self.back_button.rect = pygame.Rect(p.left + pad, bottom, p.width - 2 * pad, bh)
        row2 = bottom - bh - int(8 * s)  # each on a row of its own: translations run long
        self.delete_button.rect = pygame.Rect(p.left + pad, row2, p.width - 2 * pad, bh)
        row3 = row2 - bh - int(8 * s)
        self.promote_button.rect = pygame.Rect(p.left + pad, row3, p.width - 2 * pad, bh)
        self.engine_button.rect = pygame.Rect(p.left + pad, p.top + int(64 * s), p.width - 2 * pad, bh)
        on = self.model.engine_on
        self.engine_button.label = N_("Engine: on") if on else N_("Engine: off")
        self.engine_button.visible = self.model.engine_available
        self._place_words(s)
        last = self.text_lines[-1][2][1] if self.text_lines else self.engine_button.rect.bottom
        top = last + int(self.text_size * 1.2) + int(8 * s)
        keys = N_("← → Home End: step · a click on a move goes there")
        step = int(self.text_size * 1.2)
        hint = theme.wrap(keys, self.text_size, p.width - 2 * pad, most=2)
        hint_y = row3 - int(10 * s) - step * len(hint)
        self.keys_hint = [(line, (p.left + pad, hint_y + i * step)) for i, line in enumerate(hint)]
        self.list_rect = pygame.Rect(p.left + pad, top, p.width - 2 * pad, hint_y - int(8 * s) - top)
        self.row_h = max(16, int(28 * s))
        self._place_rows(s)
        self.make_look()

    def _place_words(self, s: float) -> None:
        """The title, the engine's words and what the board says, as lines placed in the panel."""
        p = self.panel
        pad = int(14 * s)
        width = p.width - 2 * pad
        title = Words("Analysis board: {game}", game=self.model.state.game.spec.name)
        big = theme.fit_size(title, int(30 * s), int(20 * s), width)
        self.title = (theme.fit(title, big, width), big, (p.left + pad, p.top + pad))
        small = max(12, int(19 * s))
        step = int(small * 1.2)
        lines: list[tuple[str, theme.Color, tuple[int, int]]] = []
        y = self.engine_button.rect.bottom + int(10 * s)
        if self.model.engine_on:
            for line in theme.wrap(self.model.evaluation(), small, width, most=2):
                lines.append((line, theme.TEXT, (p.left + pad, y)))
                y += step
            best = self.model.best_line()
            if best:
                best_words = theme.fit(Words("Best line: {moves}", moves=best), small, width)
                lines.append((best_words, theme.HINT, (p.left + pad, y)))
            y += step
        y += int(8 * s)
        said = self.model.said
        status: str = said.words or self._status()
        colour = tone_color(said.tone) if said.words else theme.TEXT_DIM
        for line in theme.wrap(status, small, width, most=2):
            lines.append((line, colour, (p.left + pad, y)))
            y += step
        self.text_lines = lines
        self.text_size = small

    def _place_rows(self, s: float) -> None:
        """The tree's rows in the list, a long row wrapped onto lines of its own (a little further
        in), scrolled so the move shown is in view; each move's box (clicks go there)."""
        self.rows = self.model.rows()
        r = self.list_rect
        size = max(12, int(19 * s))
        self.row_size = size
        key = (self.model.tree.version, r.left, r.width, size)
        if key != self._lines_for:  # measured once per tree and width: a long game has many moves
            lines: list[list[tuple[int, int, Node, str]]] = []
            for row in self.rows:
                start = r.left + row.indent * int(18 * s)
                x, line = start, list[tuple[int, int, Node, str]]()
                for node, label in zip(row.nodes, row.labels):
                    width = theme.measure(theme.Verbatim(label), size)[0] + int(10 * s)
                    if line and x + width > r.right:
                        lines.append(line)
                        x, line = start + int(12 * s), list[tuple[int, int, Node, str]]()
                    line.append((x, width, node, label))
                    x += width + int(4 * s)
                if line:
                    lines.append(line)
            self._lines, self._lines_for = lines, key
        lines = self._lines
        fits = max(1, r.height // self.row_h)
        cursor = self.model.tree.cursor
        at = next((i for i, line in enumerate(lines) if any(cell[2] is cursor for cell in line)), 0)
        if at != self._was_at:  # the board moved: its move comes into view (the wheel may scroll away)
            if at < self.scroll:
                self.scroll = at
            elif at >= self.scroll + fits:
                self.scroll = at - fits + 1
        self._was_at = at
        self.scroll = max(0, min(self.scroll, len(lines) - fits))
        self.row_cells = []
        y = r.top
        for line in lines[self.scroll : self.scroll + fits]:
            for x, width, node, label in line:
                self.row_cells.append((pygame.Rect(x, y, width, self.row_h), node, label))
            y += self.row_h

    # --- drawing (reads only) ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self.board.draw(surface, self.look)
        s = theme.scale_for(surface.get_size())
        p = self.panel
        theme.panel(surface, p)
        words, big, at = self.title
        theme.blit_text(surface, words, big, theme.ACCENT, at)
        for line, colour, where in self.text_lines:
            theme.blit_text(surface, line, self.text_size, colour, where)
        for keys, where in self.keys_hint:
            theme.blit_text(surface, keys, self.text_size, theme.TEXT_DIM, where)
        cursor = self.model.tree.cursor
        tree = self.model.tree
        for rect, node, label in self.row_cells:
            if node is cursor:
                pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=int(5 * s))
            ink = theme.BG_BOTTOM if node is cursor else theme.TEXT if tree.is_game(node) else theme.TEXT_DIM
            theme.blit_text(
                surface,
                theme.Verbatim(label),
                self.row_size,
                ink,
                (rect.left + int(5 * s), rect.centery),
                "midleft",
            )
        for b in self.buttons:
            if b.visible:
                b.draw(surface, False, s)

    def _status(self) -> str:
        """Whose move it is here, and whether this is the game or a variation."""
        state = self.model.state
        out = state.outcome()
        if out is not None:
            return N_("The game is over here.")
        side = self.model.side(state.to_move)
        if self.model.tree.is_game(self.model.tree.cursor):
            return Words("The game as played: {side} to move.", side=side)
        return Words("A variation: {side} to move.", side=side)
