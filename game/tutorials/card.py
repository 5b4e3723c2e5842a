"""The lesson card above the board: which step of how many, what to do, and what just happened
(a refusal in the warning colour, the result of the move in green). It only reads the scene;
the scene places the card's buttons (``button_rects``) before drawing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rules.words import N_, Words

from .. import theme
from .lesson_match import Stage

if TYPE_CHECKING:
    from ..scenes.tutorial import TutorialScene


def button_rects(card: pygame.Rect, s: float) -> tuple[pygame.Rect, pygame.Rect]:
    """Where Next and Again go: the card's right-hand column, Next at the bottom."""
    w, h = int(170 * s), int(46 * s)
    pad = int(12 * s)
    nxt = pygame.Rect(card.right - pad - w, card.bottom - pad - h, w, h)
    again = nxt.move(0, -h - int(8 * s))
    return nxt, again


def _lines(sc: TutorialScene) -> list[tuple[str, theme.Color]]:
    """The card's paragraphs with their colours, for the stage the lesson is in."""
    if sc.stage == Stage.DONE:
        return [
            (sc.lesson.outro, theme.TEXT),
            (N_("Enter or Esc to leave; A to go through the lesson again."), theme.TEXT_DIM),
        ]
    step = sc.step
    if sc.stage in (Stage.AFTER, Stage.PLAYED, Stage.REPLY):
        out = [(step.caption, theme.TEXT_DIM)]
        if sc.stage == Stage.AFTER:
            out.append((Words("✓ {text}", text=step.after) if step.after else N_("✓ Well done."), theme.GOOD))
        return out
    out = [(step.caption, theme.TEXT)]
    if sc.feedback:
        out.append((sc.feedback, theme.WARN))
    return out


def draw_card(surface: pygame.Surface, sc: TutorialScene) -> None:
    size = surface.get_size()
    s = theme.scale_for(size)
    card = sc.card_rect(size)
    edge = theme.GOOD if sc.stage in (Stage.AFTER, Stage.DONE) else theme.HINT
    theme.panel(surface, card, (24, 28, 50), edge, int(12 * s), max(2, int(3 * s)))
    pad = int(14 * s)
    x, y = card.left + pad, card.top + int(10 * s)
    total = len(sc.lesson.steps)
    if sc.stage == Stage.DONE:
        head = Words("{game} lesson complete", game=sc.match.spec.name)
    else:
        head = (
            Words("Lesson: step {n} of {total} — {title}", n=sc.index + 1, total=total, title=sc.step.title)
            if sc.step.title
            else Words("Lesson: step {n} of {total}", n=sc.index + 1, total=total)
        )
    head_size = int(26 * s)
    theme.blit_text(surface, head, head_size, theme.ACCENT, (x, y))
    _progress(surface, sc, (card.right - pad, y + head_size // 2), s)
    y += int(head_size * 1.25)
    width = card.width - 2 * pad - (int(180 * s) if sc.next_button.visible else 0)
    room = card.bottom - int(8 * s) - y
    size_px, wrapped = _fit(_lines(sc), width, room, s)
    for line, color in wrapped:
        theme.blit_text(surface, line, size_px, color, (x, y))
        y += int(size_px * theme.LINE_SPACING)
    for b in sc.card_buttons:
        b.draw(surface, False, s)


def _fit(
    paras: list[tuple[str, theme.Color]], width: int, room: int, s: float
) -> tuple[int, list[tuple[str, theme.Color]]]:
    """The largest text size (down to a floor) at which the paragraphs fit the card."""
    size, wrapped = theme.wrap_to_room(
        [text for text, _ in paras], int(23 * s), max(11, int(16 * s)), width, room
    )
    return size, [(line, color) for lines, (_, color) in zip(wrapped, paras, strict=True) for line in lines]


def _progress(surface: pygame.Surface, sc: TutorialScene, right_mid: tuple[int, int], s: float) -> None:
    """One dot per step: done steps filled, the current one ringed."""
    total = len(sc.lesson.steps)
    r = max(3, int(6 * s))
    gap = int(18 * s)
    x0 = right_mid[0] - (total - 1) * gap - r
    for i in range(total):
        pos = (x0 + i * gap, right_mid[1])
        done = (
            i < sc.index
            or (i == sc.index and sc.stage in (Stage.AFTER, Stage.DONE))
            or sc.stage == Stage.DONE
        )
        if done:
            pygame.draw.circle(surface, theme.GOOD, pos, r)
        elif i == sc.index:
            pygame.draw.circle(surface, theme.ACCENT, pos, r, max(2, int(2 * s)))
        else:
            pygame.draw.circle(surface, theme.PANEL_EDGE, pos, r, max(1, int(2 * s)))


def draw_pointer(surface: pygame.Surface, sc: TutorialScene) -> None:
    """A bouncing arrow over the cell to click next, with "click" on it: the lesson's mark that
    does not depend on the board family's own marks."""
    cell = sc.next_cell()
    if cell is None:
        return
    s = theme.scale_for(surface.get_size())
    x, y = sc.board.pos(cell)
    lift = sc.board.unit * 0.42 + (1 + math.sin(sc.time * 6)) * 5 * s
    k = max(8.0, 13 * s)
    tip = (x, y - lift)
    tri = [tip, (x - k, tip[1] - k * 1.3), (x + k, tip[1] - k * 1.3)]
    edge = [(px + (px - x) * 0.25, py + (py - tip[1] + k * 0.4) * 0.25) for px, py in tri]
    pygame.draw.polygon(surface, (20, 16, 30), edge)
    pygame.draw.polygon(surface, theme.HINT, tri)
    label = theme.text("click", max(13, int(18 * s)), (255, 255, 255))
    box = label.get_rect(midbottom=(x, tip[1] - k * 1.3 - 2 * s)).inflate(int(10 * s), int(4 * s))
    pygame.draw.rect(surface, (20, 16, 30), box.inflate(4, 4), border_radius=int(7 * s))
    pygame.draw.rect(surface, theme.HINT, box, border_radius=int(6 * s))
    surface.blit(label, label.get_rect(center=box.center))
