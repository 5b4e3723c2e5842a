"""The layout check sees what a player sees cut or covered (issue 30, item 3): a text cut short at
a line limit, a text under a button that is not its own or under a panel drawn after it, a label
past its box. Each problem is planted in a real scene (a box shortened, a button moved over a
line, a guidance too long for the panel) or drawn plainly, and the check must report it; what
is as it should be (a button's own label, a panel under its text, the hidden part of a scrolled
line) it must not."""

from __future__ import annotations

import pygame
import pytest

from game import theme
from game.config import MatchConfig
from game.match.events import Said
from game.scene import Scene
from game.widgets import Button
from tools.layout_check import watch_frame
from tools.scenarios import shown_title, start_play

LONG = " ".join(["Click one of your pieces, then one of the marked points to move it there."] * 12)


def problems_of(app) -> list[str]:
    """The check's problems for one drawing of the app's scenes as they stand."""
    return sorted(watch_frame(app.manager, app.screen))


# --- the wrapper: what a line limit leaves out --------------------------------------------------
def test_a_line_limit_ends_in_an_ellipsis_and_keeps_what_it_left_out(app):
    whole = theme.wrap(LONG, 20, 300)
    cut = theme.wrap(LONG, 20, 300, most=3)
    assert len(whole) > 3 and len(cut) == 3 and cut[:2] == whole[:2]
    last = cut[-1]
    assert isinstance(last, theme.Cut) and last.endswith("…") and theme.measure(last, 20)[0] <= 300
    shown = "".join([*cut[:2], last.rstrip("…")])  # the words shown and those left out make the text
    assert "".join(f"{shown}{last.dropped}".split()) == "".join(LONG.split())
    assert not last.dropped.startswith(" ") and len(last.dropped) > len(LONG) // 2
    within = theme.wrap(LONG, 20, 300, most=len(whole))
    assert within == whole and not any(isinstance(line, theme.Cut) for line in within)


# --- plain drawings ------------------------------------------------------------------------------
class Drawing(Scene):
    """A scene that draws what a test hands it, in order."""

    def __init__(self, app, steps) -> None:
        super().__init__(app)
        self.steps = steps

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        for step in self.steps:
            step(surface)


def shown(app, *steps) -> list[str]:
    app.manager.clear()
    app.manager.push(Drawing(app, steps))
    return problems_of(app)


def words_at(words: str, pos: tuple[int, int]):
    return lambda surface: theme.blit_text(surface, words, 24, theme.TEXT, pos)


def button_at(rect: pygame.Rect, label: str = "Settings"):
    b = Button(label, lambda: None)
    b.rect = rect
    return lambda surface: b.draw(surface, False, 1.0)


def panel_at(rect: pygame.Rect):
    return lambda surface: theme.panel(surface, rect)


def under_button(words: str, problems: list[str]) -> bool:
    return any(p.startswith(f"{words!r} runs under a button") for p in problems)


def test_a_text_under_a_button_is_reported_whichever_is_drawn_first(app):
    """A button's body lowered 4 pixels over a line (the speed button over the capture rule at
    960x600) hides it, drawn before the line or after it."""
    line = words_at("Capture rule: Huff", (200, 100))
    height = theme.blit_text(pygame.Surface((1, 1)), "Capture rule: Huff", 24, theme.TEXT, (0, 0)).height
    for top in (100 + height - 4, 100 - 46 + 4):  # over its bottom, over its top
        over = pygame.Rect(180, top, 200, 46)
        assert under_button("Capture rule: Huff", shown(app, line, button_at(over)))
        assert under_button("Capture rule: Huff", shown(app, button_at(over), line))
    # a text beside a button (their edges within an anti-aliased pixel or two), a button's own label
    assert shown(app, line, button_at(pygame.Rect(180, 100 + height - 3, 200, 46))) == []
    assert shown(app, line, button_at(pygame.Rect(180, 100 - 46 + 3, 200, 46))) == []
    assert shown(app, button_at(pygame.Rect(180, 90, 300, 46), "Capture rule: Huff")) == []


def test_a_panel_drawn_over_a_text_is_reported_one_drawn_under_it_is_not(app):
    box = pygame.Rect(150, 80, 400, 100)
    covered = shown(app, words_at("Your turn", (200, 100)), panel_at(box))
    assert covered == [p for p in covered if p.startswith("'Your turn' is covered by a panel drawn over it")]
    assert len(covered) == 1
    assert shown(app, panel_at(box), words_at("Your turn", (200, 100))) == []


def test_the_hidden_part_of_a_scrolled_line_is_not_counted(app):
    """The rules screen clips its text to the scrolled area: the part of a line below it is not
    drawn, so a button there covers nothing."""

    def clipped(surface: pygame.Surface) -> None:
        surface.set_clip(pygame.Rect(0, 0, 1280, 110))
        theme.blit_text(surface, "Capture rule: Huff", 24, theme.TEXT, (200, 100))
        surface.set_clip(None)

    assert shown(app, clipped, button_at(pygame.Rect(180, 112, 200, 46))) == []
    assert len(shown(app, clipped, button_at(pygame.Rect(180, 104, 200, 46)))) == 1


def test_a_text_cut_at_a_line_limit_is_reported_where_it_is_drawn(app):
    lines = theme.wrap(LONG, 20, 300, most=2)
    problems = shown(app, *(words_at(line, (40, 40 + 30 * i)) for i, line in enumerate(lines)))
    assert len(problems) == 1 and "ends a text cut short at its line limit" in problems[0]
    assert repr(lines[-1].dropped) in problems[0]
    aside = pygame.Surface((300, 200))  # a picture drawn aside is not the window
    assert shown(app, lambda surface: theme.blit_text(aside, lines[-1], 20, theme.TEXT, (0, 0))) == []


# --- the real scenes, each with a problem planted ----------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_speed_button_moved_over_the_capture_rule_line_is_reported(app, size):
    app.resize(size)
    """The capture rule's line starts under the speed button's body and its shadow (in English
    the line is short of the button; in Sinhala it ran under it at 960x600)."""
    scene = start_play(app, MatchConfig("kotu_ellima"))
    speed, s = scene.speed_button.rect, theme.scale_for(size)
    assert scene.plan.rules_words == "Capture rule: Forced" and problems_of(app) == []
    assert speed.bottom + max(2, int(4 * s)) <= scene.plan.rules_y
    speed.midleft = (scene.plan.x + 20, scene.plan.rules_y)  # planted: the button over the line
    assert under_button("Capture rule: Forced", problems_of(app))


def test_a_guidance_longer_than_the_panel_holds_is_cut_and_reported(app):
    scene = start_play(app, MatchConfig("kotu_ellima"))
    scene.match.say(Said(" ".join([LONG] * 4)))
    app.frame([], 1 / 60)
    assert [line for line, _ in scene.plan.message_lines][-1].endswith("…")
    assert [p for p in problems_of(app) if "ends a text cut short at its line limit" in p]


def test_a_guidance_the_panel_holds_is_said_whole_smaller_before_the_move_list_gives_way(app):
    """The first guidance too long for its full size at 960x600 is written smaller, whole."""
    app.resize((960, 600))
    scene = start_play(app, MatchConfig("kotu_ellima"))
    for n in range(1, 30):
        scene.match.say(Said(" ".join(["Click one of your pieces, then a marked point."] * n)))
        app.frame([], 1 / 60)
        if scene.plan.message_size < int(22 * 0.75):
            break
    assert scene.plan.message_size == 14, n
    lines = [line for line, _ in scene.plan.message_lines]
    assert not any(isinstance(line, theme.Cut) for line in lines) and lines[-1].endswith("point.")
    assert problems_of(app) == []


def test_the_title_prompt_in_a_box_too_small_is_reported(app):

    app.manager.clear()
    app.manager.push(shown_title(app))
    app.frame([], 1 / 60)
    assert problems_of(app) == []
    app.manager.top.prompt_box.width = 200  # planted: the box shortened
    assert [p for p in problems_of(app) if "'Press Enter or click to play' is wider than its box" in p]


def test_the_title_footer_moved_under_a_button_is_reported(app):

    app.manager.clear()
    app.manager.push(shown_title(app))
    app.frame([], 1 / 60)
    title = app.manager.top
    title.footer_box.center = title.language_button.rect.center  # planted: the line under the language button
    found = problems_of(app)
    assert [p for p in found if "Esc quit" in p and "runs under a button" in p]
