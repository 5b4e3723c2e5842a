"""Buttons and choice selectors that work with mouse and keyboard alike.

Scenes place widgets by setting ``rect`` each frame (so resizing just works) and pass events
to a ``FocusGroup``, which moves a visible focus with arrows / Tab and presses with Enter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from . import theme
from .i18n import _, tr


class Widget:
    rect: pygame.Rect
    enabled: bool = True
    visible: bool = True

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def activate(self) -> None:
        """What Enter does when this widget has the focus."""

    def nudge(self, step: int) -> bool:
        """Left/right when focused; True if used."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool, scale: float) -> None:
        raise NotImplementedError


def _arrow(
    surface: pygame.Surface, center: tuple[float, float], size: float, direction: int, color: theme.Color
) -> None:
    """A small triangle pointing left (-1) or right (+1): the default font has no arrow glyphs."""
    x, y = center
    pygame.draw.polygon(
        surface,
        color,
        [
            (x + direction * size, y),
            (x - direction * size * 0.6, y - size),
            (x - direction * size * 0.6, y + size),
        ],
    )


class Button(Widget):
    """A labelled button; ``key`` is an optional keyboard shortcut shown on the button.
    ``text_ratio``: the label's size for the button's height (a slim button in a line of text
    writes larger, or a script's small letters become hard to read)."""

    def __init__(
        self,
        label: str,
        action: Callable[[], Any],
        key: int | None = None,
        style: str = "normal",
        key_label: str = "",
        text_ratio: float = 0.46,
    ) -> None:
        self.label = label
        self.text_ratio = text_ratio
        self.action = action
        self.key = key
        self.key_label = key_label
        self.style = style
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.hover = False
        self.enabled = True
        self.visible = True

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.action()
            return True
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.action()
            return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.action()

    PAD = 12  # pixels of the width the label leaves free

    def shown_label(self) -> str:
        """The label as drawn: in the player's language, with the key after it."""
        return tr(self.label) + (f"  [{tr(self.key_label)}]" if self.key_label else "")

    def label_width(self, height: int) -> int:
        """How wide the button must be to write its label at full size for ``height``."""
        return theme.measure(self.shown_label(), int(height * self.text_ratio))[0] + self.PAD

    def draw(self, surface: pygame.Surface, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        base = {"primary": (64, 140, 92), "danger": (150, 70, 60), "accent": (168, 112, 30)}.get(
            self.style, (58, 66, 106)
        )
        if not self.enabled:
            base = (50, 52, 66)
        elif self.hover or focused:
            base = theme.lerp_color(base, (255, 255, 255), 0.18)
        radius = max(6, int(10 * scale))
        shadow = self.rect.move(0, max(2, int(4 * scale)))
        pygame.draw.rect(surface, (8, 10, 20), shadow, border_radius=radius)
        pygame.draw.rect(surface, base, self.rect, border_radius=radius)
        edge = theme.ACCENT if focused else theme.lerp_color(base, (255, 255, 255), 0.3)
        pygame.draw.rect(
            surface, edge, self.rect, max(2, int(3 * scale)) if focused else 2, border_radius=radius
        )
        if theme.body_drawn is not None:
            theme.body_drawn(surface, self.rect, True)
        size = int(self.rect.height * self.text_ratio)
        color = theme.TEXT if self.enabled else theme.TEXT_DIM
        label = self.shown_label()
        size = theme.fit_size(label, size, 10, self.rect.width - self.PAD)
        theme.blit_text(surface, label, size, color, self.rect.center, "center", box=self.rect)


def first_sentence(words: str) -> str:
    """The first sentence of a help text: the one-line explanation under a setting."""
    for i, ch in enumerate(words):
        if ch == "." and (i + 1 == len(words) or words[i + 1] == " "):
            return words[: i + 1]
    return words


class Selector(Widget):
    """One setting: a label, its current value between two arrows, a line of help under it.

    The help follows the value when ``choice_help`` gives a line per choice (a '' falls back to
    ``help``); a disabled selector is greyed and shows ``unused_help``, why it does not apply.
    """

    def __init__(
        self,
        label: str,
        choices: Sequence[tuple[Any, str]],
        value: Any,
        help_text: str = "",
        house_rule: bool = False,
        default: Any = None,
        on_change: Callable[[Any], None] | None = None,
        choice_help: Sequence[str] = (),
        unused_help: str = "",
    ) -> None:
        self.label = label
        self.choices = list(choices)
        values = [v for v, _ in self.choices]
        self.index = values.index(value) if value in values else 0
        self.help = help_text
        self.choice_help = list(choice_help)
        self.unused_help = unused_help
        self.house_rule = house_rule
        self.default = default
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.enabled = True
        self.visible = True
        self.hover = False

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @property
    def current_help(self) -> str:
        """What the row says now: why it is unused, else the help for the chosen value."""
        if not self.enabled and self.unused_help:
            return self.unused_help
        if 0 <= self.index < len(self.choice_help) and self.choice_help[self.index]:
            return self.choice_help[self.index]
        return self.help

    def set_value(self, value: Any) -> None:
        for i, (v, _label) in enumerate(self.choices):
            if v == value:
                self.index = i
                return

    def nudge(self, step: int) -> bool:
        if not self.enabled or len(self.choices) < 2:
            return False
        self.index = (self.index + step) % len(self.choices)
        if self.on_change:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.nudge(1)

    def _value_box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, int(self.rect.width * 0.5), int(self.rect.height * 0.56))
        box.topright = (self.rect.right - 6, self.rect.top + 4)
        return box

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:  # a greyed row still shows its help when pointed at
            self.hover = self.rect.collidepoint(event.pos)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                box = self._value_box()
                return self.nudge(-1 if event.pos[0] < box.left + box.width * 0.3 else 1)
            if event.button == 3:
                return self.nudge(-1)
        return False

    def draw(self, surface: pygame.Surface, focused: bool, scale: float) -> None:
        if not self.visible:
            return
        r = self.rect
        bg = theme.lerp_color(theme.PANEL, (255, 255, 255), 0.08 if (focused or self.hover) else 0.0)
        if not self.enabled:  # greyed: the option does not apply to the other choices
            bg = theme.lerp_color(theme.PANEL, theme.BG_BOTTOM, 0.55)
        theme.panel(
            surface,
            r,
            bg,
            theme.ACCENT if focused else theme.PANEL_EDGE,
            int(10 * scale),
            max(2, int(3 * scale)) if focused else 1,
        )
        head = int(r.height * 0.36)
        small = max(14, int(r.height * 0.27))  # the help under it stays readable at 960x600
        pad = int(12 * scale)
        box = self._value_box()
        room = box.left - r.left - 2 * pad
        tag_w = theme.measure(_("house rule"), small)[0] + 10 + pad if self.house_rule else 0
        head = theme.fit_size(tr(self.label), head, 12, room - tag_w)
        label = theme.fit(tr(self.label), head, room - tag_w)
        lab = theme.blit_text(
            surface,
            label,
            head,
            theme.TEXT if self.enabled else theme.TEXT_DIM,
            (r.left + pad, r.top + int(r.height * 0.1)),
        )
        if self.house_rule:
            tag = theme.text(_("house rule"), small, (30, 10, 40))
            tag_rect = tag.get_rect(midleft=(lab.right + pad, lab.centery)).inflate(10, 4)
            house = theme.HOUSE if self.enabled else theme.lerp_color(theme.HOUSE, theme.PANEL, 0.55)
            pygame.draw.rect(surface, house, tag_rect, border_radius=6)
            surface.blit(tag, tag.get_rect(center=tag_rect.center))
        pygame.draw.rect(
            surface, (20, 24, 44) if self.enabled else (30, 33, 50), box, border_radius=int(8 * scale)
        )
        value_label = tr(self.choices[self.index][1])
        is_default = self.default is not None and self.value == self.default
        color = theme.ACCENT if self.enabled else theme.TEXT_DIM
        size = int(box.height * 0.62)
        size = theme.fit_size(value_label, size, 10, box.width - box.height * 1.6)
        theme.blit_text(surface, value_label, size, color, box.center, "center")
        if len(self.choices) > 1 and self.enabled:
            a = box.height * 0.22
            _arrow(surface, (box.left + box.height * 0.4, box.centery), a, -1, theme.TEXT_DIM)
            _arrow(surface, (box.right - box.height * 0.4, box.centery), a, 1, theme.TEXT_DIM)
        y = r.bottom - int(r.height * 0.1)
        room = r.width - 2 * pad
        if not self.enabled:
            placed = theme.blit_text(
                surface, _("not used"), small, theme.TEXT_DIM, (r.right - pad, y), "bottomright"
            )
            room -= placed.width + pad
        elif is_default:
            placed = theme.blit_text(
                surface, _("default"), small, theme.GOOD, (r.right - pad, y), "bottomright"
            )
            room -= placed.width + pad
        theme.blit_text(
            surface,
            theme.fit(first_sentence(tr(self.current_help)), small, room),
            small,
            theme.TEXT_DIM,
            (r.left + pad, y),
            "bottomleft",
        )


class FocusGroup:
    """Keyboard focus over a list of widgets: Up/Down/Tab move, Left/Right nudge, Enter presses."""

    def __init__(
        self, widgets: Sequence[Widget] = (), arrows_move_focus: bool = True, always_shown: bool = False
    ) -> None:
        self.widgets = list(widgets)
        self.index = 0
        self.keyboard_used = always_shown  # the focus is drawn once the keyboard is used (or always)
        self.arrows_move_focus = arrows_move_focus  # Left/Right on a button: the next button (a row of them)

    def set(self, widgets: Sequence[Widget]) -> None:
        current = self.focused
        self.widgets = list(widgets)
        if current in self.widgets:
            self.index = self.widgets.index(current)
        else:
            self.index = min(self.index, max(0, len(self.widgets) - 1))

    @property
    def focused(self) -> Widget | None:
        live = self.widgets
        if not live or not (0 <= self.index < len(live)):
            return None
        return live[self.index]

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.index = self.widgets.index(widget)

    def _move(self, step: int) -> None:
        n = len(self.widgets)
        for _step in range(n):
            self.index = (self.index + step) % n
            w = self.widgets[self.index]
            if w.visible and w.enabled:
                return

    def handle(self, event: pygame.event.Event) -> bool:
        """Pass ``event`` to the widgets, then handle focus keys; True if something used it."""
        for w in self.widgets:
            if w.handle(event):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.focus(w)
                return True
        if event.type != pygame.KEYDOWN or not self.widgets:
            return False
        self.keyboard_used = True
        if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (event.mod & pygame.KMOD_SHIFT):
            self._move(1)
        elif event.key in (pygame.K_UP,) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self._move(-1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused = self.focused
            if (
                focused is None or not focused.nudge(-1 if event.key == pygame.K_LEFT else 1)
            ) and self.arrows_move_focus:
                self._move(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            focused = self.focused
            if focused is not None:
                focused.activate()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        focused = self.focused if self.keyboard_used else None
        for w in self.widgets:
            w.draw(surface, w is focused, scale)


def list_window(
    area: pygame.Rect, row_h: int, gap: int, rows: int, chosen: int, top: int
) -> tuple[int, int, list[pygame.Rect]]:
    """A scrolled list's rows in ``area``: the choice kept within the ``rows``, the first row
    shown moved just enough to keep the choice in view (and no further than the last page),
    and the rectangles of the rows shown. Returns (chosen, top, rects)."""
    fits = max(1, (area.height + gap) // (row_h + gap))
    chosen = max(0, min(chosen, rows - 1))
    if chosen < top:
        top = chosen
    elif chosen >= top + fits:
        top = chosen - fits + 1
    top = max(0, min(top, max(0, rows - fits)))
    rects = [
        pygame.Rect(area.x, area.y + i * (row_h + gap), area.width, row_h)
        for i in range(min(fits, rows - top))
    ]
    return chosen, top, rects
