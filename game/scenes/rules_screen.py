"""The rules of one game, from the registry's rules text, scrollable (wheel, arrows, Page keys)."""

from __future__ import annotations

import pygame

from rules import game_spec

from .. import theme
from ..scene import Scene
from ..tutorials import has_lesson
from ..widgets import Button


def reflow(text: str) -> list[str]:
    """Join the hard-wrapped lines of a rules text into paragraphs so they wrap to the window.

    A blank line ends a paragraph ('' is kept as a spacer); a bullet or a "House rule" line starts
    one, and a line ending in ':' stands alone as a heading."""
    paras: list[str] = []
    current = ""
    for raw in text.rstrip().split("\n"):
        line = raw.strip()
        if not line:
            if current:
                paras.append(current)
            paras.append("")
            current = ""
            continue
        heading = current.endswith(":") and len(current) < 48
        starts = line.startswith(("•", "-", "House rule")) or heading
        if current and not starts:
            current += " " + line
        else:
            if current:
                paras.append(current)
            current = line
    if current:
        paras.append(current)
    return paras


class RulesScene(Scene):
    def __init__(self, app, game_id: str, offer_tutorial: bool = True) -> None:
        super().__init__(app)
        self.spec = game_spec(game_id)
        self.offer_tutorial = offer_tutorial and has_lesson(game_id)
        self.tutorial_button = Button("Try it: tutorial", self.open_tutorial, pygame.K_t, style="primary",
                                      key_label="T")
        self.tutorial_button.visible = self.offer_tutorial
        self.scroll = 0.0
        self.target_scroll = 0.0
        self.back = Button("Back", self.app.manager.pop, pygame.K_ESCAPE, key_label="Esc")
        self._lines: list[tuple[str, int, theme.Color]] = []
        self._wrapped_for: tuple[int, int] | None = None
        self.max_scroll = 0.0

    def text_lines(self, width: int, s: float) -> list[tuple[str, int, theme.Color]]:
        """(line, size, colour) for the rules text and then each option with its default."""
        if self._wrapped_for == (width, int(s * 100)):
            return self._lines
        body = int(25 * s)
        lines: list[tuple[str, int, theme.Color]] = []
        for para in reflow(self.spec.rules_text):
            color = theme.HOUSE if para.lower().startswith("house rule") else theme.TEXT
            for line in theme.wrap(para, body, width):
                lines.append((line, body, color))
        if self.spec.options:
            lines.append(("", body, theme.TEXT))
            lines.append(("Options in setup", int(32 * s), theme.ACCENT))
            for opt in self.spec.options:
                tag = "  (house rule)" if opt.house_rule else ""
                head = f"{opt.label}: default {opt.label_of(opt.default)}{tag}"
                lines.append((head, body, theme.HOUSE if opt.house_rule else theme.ACCENT_2))
                for line in theme.wrap(opt.help, body, width - int(24 * s)):
                    lines.append(("    " + line, body, theme.TEXT_DIM))
        self._lines = lines
        self._wrapped_for = (width, int(s * 100))
        return lines

    def open_tutorial(self) -> None:
        from .tutorial import TutorialScene

        self.app.sound.play("select")
        self.app.manager.push(TutorialScene(self.app, self.spec.id))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back.handle(event) or self.tutorial_button.handle(event):
            return
        step = 120 * self.app.scale
        if event.type == pygame.MOUSEWHEEL:
            self.target_scroll -= event.y * step
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: step * 4,
                    pygame.K_PAGEUP: -step * 4, pygame.K_SPACE: step * 4}
            if event.key in keys:
                self.target_scroll += keys[event.key]
            elif event.key == pygame.K_HOME:
                self.target_scroll = 0
            elif event.key == pygame.K_END:
                self.target_scroll = self.max_scroll
        self.target_scroll = max(0.0, min(self.max_scroll, self.target_scroll))

    def update(self, dt: float) -> None:
        self.scroll += (self.target_scroll - self.scroll) * min(1.0, dt * 14)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        theme.blit_text(surface, f"How to play {self.spec.name}", int(54 * s), theme.ACCENT, (int(40 * s), int(24 * s)))
        area = pygame.Rect(int(40 * s), int(90 * s), w - int(80 * s), h - int(180 * s))
        theme.panel(surface, area.inflate(int(24 * s), int(16 * s)), theme.PANEL, theme.PANEL_EDGE, int(14 * s))
        lines = self.text_lines(area.width - int(20 * s), s)
        total = sum(int(size * 1.12) for _, size, _ in lines)
        self.max_scroll = max(0.0, total - area.height)
        prev = surface.get_clip()
        surface.set_clip(area)
        y = area.top - self.scroll
        for line, size, color in lines:
            step = int(size * 1.12)
            if y + step >= area.top and y <= area.bottom and line:
                theme.blit_text(surface, line, size, color, (area.left + int(10 * s), int(y)))
            y += step
        surface.set_clip(prev)
        if self.max_scroll > 0:
            bar_h = max(30, area.height * area.height / (total or 1))
            bar_y = area.top + (area.height - bar_h) * (self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (area.right + int(4 * s), bar_y, int(6 * s), bar_h),
                             border_radius=3)
            hint = "Scroll with the wheel, arrows or Page Up / Page Down"
            theme.blit_text(surface, hint, int(20 * s), theme.TEXT_DIM, (w - int(40 * s), h - int(48 * s)),
                            "midright")
        self.back.rect = pygame.Rect(int(40 * s), h - int(76 * s), int(200 * s), int(56 * s))
        self.back.draw(surface, False, s)
        self.tutorial_button.rect = pygame.Rect(self.back.rect.right + int(16 * s), self.back.rect.top,
                                                int(300 * s), self.back.rect.height)
        self.tutorial_button.draw(surface, False, s)
