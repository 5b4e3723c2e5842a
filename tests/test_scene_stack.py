"""The scene stack's moves: what enters, exits and resumes, and when."""

from __future__ import annotations

from game.scene import Scene, SceneManager


class Noting(Scene):
    """A scene that notes its lifecycle calls in a shared list."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log

    def enter(self) -> None:
        self.log.append(f"{self.name} enter")

    def exit(self) -> None:
        self.log.append(f"{self.name} exit")

    def resume(self) -> None:
        self.log.append(f"{self.name} resume")


class Menu(Noting):
    pass


def stack_of(*names: str) -> tuple[SceneManager, list[str]]:
    log: list[str] = []
    manager = SceneManager()
    for name in names:
        manager.push((Menu if name == "menu" else Noting)(name, log))
    log.clear()
    return manager, log


def test_pop_to_wakes_only_the_scene_it_returns_to():
    manager, log = stack_of("title", "menu", "setup", "play", "pause")
    assert manager.pop_to(Menu)
    assert log == ["pause exit", "play exit", "setup exit", "menu resume"]
    assert [s.name for s in manager.stack] == ["title", "menu"]  # type: ignore[attr-defined]


def test_pop_to_the_scene_on_top_or_to_none_changes_nothing():
    manager, log = stack_of("title", "menu")
    assert manager.pop_to(Menu) and log == []
    assert not manager.pop_to(type("Other", (Scene,), {})) and log == [] and len(manager.stack) == 2


def test_pop_resumes_the_scene_below_and_replace_does_not():
    manager, log = stack_of("title", "menu", "play")
    manager.pop()
    assert log == ["play exit", "menu resume"]
    log.clear()
    manager.replace(Noting("setup", log))
    assert log == ["menu exit", "setup enter"]


class Overlay(Noting):
    """An overlay that takes only the events it is told to, while it lets the scene below live."""

    def __init__(self, name: str, log: list[str], takes: set[str]) -> None:
        super().__init__(name, log)
        self.takes, self.open_below = takes, True

    @property
    def lets_below_live(self) -> bool:
        return self.open_below

    def handle_event(self, event) -> bool:
        self.log.append(f"{self.name} sees {event}")
        return event in self.takes

    def update(self, dt: float) -> None:
        self.log.append(f"{self.name} update")


class Playing(Noting):
    def handle_event(self, event) -> None:
        self.log.append(f"{self.name} sees {event}")

    def update(self, dt: float) -> None:
        self.log.append(f"{self.name} update")


def test_an_overlay_that_lets_the_scene_below_live_passes_down_what_it_leaves():
    log: list[str] = []
    manager = SceneManager()
    manager.push(Playing("title", log))
    manager.push(Playing("play", log))
    over = Overlay("over", log, {"click on Rematch"})
    manager.push(over)
    log.clear()
    manager.handle_event("click on Rematch")  # type: ignore[arg-type]
    manager.handle_event("a key for the board")  # type: ignore[arg-type]
    manager.update(0.1)
    assert log == [
        "over sees click on Rematch",
        "over sees a key for the board",
        "play sees a key for the board",
        "play update",
        "over update",
    ]  # the scene below first; never the one under it
    over.open_below = False  # the card over the board: nothing goes down, the game below waits
    log.clear()
    manager.handle_event("a key for the board")  # type: ignore[arg-type]
    manager.update(0.1)
    assert log == ["over sees a key for the board", "over update"]


def test_an_event_left_by_the_bottom_scene_goes_nowhere_else():
    log: list[str] = []
    manager = SceneManager()
    manager.push(Overlay("alone", log, set()))  # lets a scene below live, and there is none
    log.clear()
    manager.handle_event("a key")  # type: ignore[arg-type]
    manager.update(0.1)
    assert log == ["alone sees a key", "alone update"]
