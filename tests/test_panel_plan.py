"""The side panel's planner is a function: it reads the play scene and writes nothing (issue 31),
and the scene draws and clicks exactly the buttons its plan places. A planner that sets the
scene's buttons or scroll itself, or a scene that draws or clicks past its plan, fails here."""

import dataclasses

import pygame
import pytest

from game.config import MatchConfig, Mode
from game.match import Match
from game.match.words import log_rows
from game.render.panel import FEWEST_LOG_ROWS, PanelPlan, plan_panel
from game.scenes.play import PlayScene
from game.widgets import Button
from tools.scenarios import Mouse, random_play, start_play


def long_game(app) -> PlayScene:
    """Forty moves of pass and play: more rows in the move list than the panel shows."""
    state = random_play("sixteen_soldiers", 0, lambda s: s.ply >= 40)
    scene = start_play(app, MatchConfig("sixteen_soldiers", mode=Mode.PASS), state)
    assert scene.plan.log_rows_fit + 6 < len(log_rows(scene.match.log))
    return scene


def button_states(scene: PlayScene) -> list[tuple[pygame.Rect, bool, bool, str]]:
    return [(b.rect.copy(), b.visible, b.enabled, b.label) for b in scene.buttons]


def refuse(obj: object, name: str, value: object) -> None:
    raise AssertionError(f"the planner wrote {type(obj).__name__}.{name} = {value!r}")


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("reviewing", [False, True])
def test_the_planner_writes_nothing_and_gives_equal_plans_for_equal_inputs(app, monkeypatch, size, reviewing):
    app.resize(size)
    scene = long_game(app)
    if reviewing:  # the move looked at pulls the move list's scroll to it
        scene.match.review_at(3)
        app.frame([], 1 / 60)
    scene.log_scroll = 2
    app.frame([], 1 / 60)
    before, buttons, scroll = dict(vars(scene)), button_states(scene), scene.log_scroll
    with monkeypatch.context() as guard:  # any attribute written on the scene, a button or the match
        for cls in (PlayScene, Button, Match):
            guard.setattr(cls, "__setattr__", refuse)
        plans = [plan_panel(scene, size, 2), plan_panel(scene, size, 2), plan_panel(scene, size, 10_000)]
    assert vars(scene) == before and button_states(scene) == buttons and scene.log_scroll == scroll
    first, again, far = plans
    assert first == again and first is not again
    assert first == scene.plan  # what the scene keeps is the plan of the scene as it stands
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.log_scroll = 0  # type: ignore[misc]
    rows = len(log_rows(scene.match.log))
    if reviewing:  # the move looked at is in view, however far the list was scrolled
        for plan in (first, far):
            assert 0 < plan.log_scroll <= rows - plan.log_rows_fit
            assert any(index == plan.log_marked == 3 for _, index, _ in plan.log_cells)
    else:  # kept in range: the oldest row at the top, no further
        assert first.log_scroll == 2 and far.log_scroll == rows - far.log_rows_fit


def test_the_scene_keeps_the_scroll_a_player_set_between_frames(app):
    scene = long_game(app)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    for _ in range(3):
        app.frame([wheel], 1 / 60)
    for _ in range(5):
        app.frame([], 1 / 60)
    assert scene.log_scroll == 3 == scene.plan.log_scroll and scene.plan.log_more.endswith("▼3")
    scene.log_scroll = 10_000  # past the oldest row: the plan clamps it, the scene keeps that
    app.frame([], 1 / 60)
    assert (
        scene.log_scroll == scene.plan.log_scroll == len(log_rows(scene.match.log)) - scene.plan.log_rows_fit
    )


def drawn_buttons(app, scene: PlayScene, monkeypatch) -> list[tuple[Button, pygame.Rect]]:
    """The scene's buttons one frame draws, visible, with where (in drawing order)."""
    seen: list[tuple[Button, pygame.Rect]] = []
    draw = Button.draw

    def noting(self: Button, surface: pygame.Surface, focused: bool, scale: float) -> None:
        if self.visible and self in scene.buttons:
            seen.append((self, self.rect.copy()))
        draw(self, surface, focused, scale)

    with monkeypatch.context() as patch:
        patch.setattr(Button, "draw", noting)
        app.frame([], 1 / 60)
    return seen


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_scene_draws_and_clicks_the_buttons_its_plan_places(app, monkeypatch, size):
    app.resize(size)
    scene = long_game(app)
    scene.match.review_at(3)  # Back to the game shows; Redo and the rest do not
    app.frame([], 1 / 60)
    plan: PanelPlan = scene.plan
    placed = [(p.button, p.rect) for p in plan.buttons]
    assert scene.back_button in [b for b, _ in placed] and scene.stop_button not in [b for b, _ in placed]
    assert drawn_buttons(app, scene, monkeypatch) == placed
    assert [(b, b.rect) for b in scene.buttons if b.visible] == placed
    pressed: list[Button] = []
    for b in scene.buttons:  # nothing happens but a note of which button a click or key reached
        monkeypatch.setattr(b, "action", lambda b=b: pressed.append(b))
    mouse = Mouse(app)
    for p in plan.buttons:
        pressed.clear()
        mouse.click(p.rect.center)
        assert pressed == ([p.button] if p.enabled else []), p.label
    pressed.clear()
    hidden = [b for b in scene.buttons if b not in [p.button for p in plan.buttons] and b.key is not None]
    assert hidden  # e.g. Stop the chain (S), One move (N): their keys do nothing while hidden
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=b.key, mod=0, unicode="") for b in hidden], 1 / 60)
    assert pressed == []


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_under_a_long_message_the_player_can_read_back_to_the_first_moves(app, size):
    """A message long enough that the panel takes a tighter layout (fewer rows of moves); the
    player scrolls as far back as the list goes and sees the first moves, frame after frame
    (each layout tried starts from the player's scroll, not from the last try's, which a roomier
    try had pulled toward the newest moves)."""
    from game.match.events import Said, Tone

    app.resize(size)
    scene = long_game(app)
    rows = len(log_rows(scene.match.log))
    roomy_fit = scene.plan.log_rows_fit
    for sentences in range(4, 40):  # a notice just long enough that the list keeps its fewest rows
        notice = " ".join(["A long notice that takes the room of the move list."] * sentences)
        scene.match.say(Said(notice, Tone.TEXT))
        app.frame([], 1 / 60)
        if scene.plan.log_rows_fit <= FEWEST_LOG_ROWS:
            break
    assert (
        0 < scene.plan.log_rows_fit <= FEWEST_LOG_ROWS < roomy_fit
    )  # the tightest layout with rows of moves
    scene.log_scroll = 10_000  # the wheel, as far back as the list goes
    for _ in range(3):
        app.frame([], 1 / 60)
        plan = scene.plan
        assert scene.log_scroll == plan.log_scroll == rows - plan.log_rows_fit  # the first moves in view
