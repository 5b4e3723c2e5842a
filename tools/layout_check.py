"""Does every scene's text hold in a language? The screenshot tour, watched as it draws.

For each frame, the texts the top scene places (``theme.text_placed``) are checked: inside the
window, inside their box (a button's label, a label in a box of its own), a label not shrunk or
sized past reading, no two texts on top of each other, none under a button that is not its own
or under a panel drawn after it (``theme.body_drawn``), none cut short at a line limit
(``theme.text_cut``); and every text drawn (``theme.text_drawn``) has a glyph for each of its
characters in the face that draws it (a missing one would show as a box).

    python -m tools.layout_check si        # the problems, by the screenshot they came before
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.scene import SceneManager

#: a button's label may shrink to fit, down to this share of the button's height
SMALLEST_LABEL = 0.30
#: and never below this size, whatever the button (about 9 pixels for Latin letters; a script's
#: small letters become hard to read sooner)
SMALLEST_LABEL_SIZE = 13
#: two texts overlap when they share more than this share of the smaller one's area
OVERLAP = 0.25
#: pixels a text may stray over its box or the window's edge (anti-aliased edges, shadows)
SLACK = 3


@dataclass
class Placed:
    words: str
    rect: pygame.Rect
    box: pygame.Rect | None
    size: int


@dataclass
class Body:
    """A widget's body or a panel drawn in the frame, after the first ``after`` texts."""

    rect: pygame.Rect
    after: int
    widget: bool


@dataclass
class Watch:
    """What the tour showed: the problems found, keyed by a description, with the shot that came
    after them (the screenshot to look at)."""

    window: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    shot: str = "start"
    frame: list[Placed] = field(default_factory=list)
    bodies: list[Body] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)
    recording: bool = False

    def note(self, problem: str) -> None:
        self.problems.setdefault(problem, self.shot)

    def placed(
        self, surface: pygame.Surface, words: str, rect: pygame.Rect, box: pygame.Rect | None, size: int
    ) -> None:
        if not self.recording or not words.strip() or surface.get_size() != self.window.size:
            return  # a picture drawn aside (a board's cached layer, a thumbnail) has its own frame
        clip = surface.get_clip()
        if clip != surface.get_rect():  # a scrolled view shows the part of a line inside it
            if not clip.colliderect(rect):
                return
            rect = rect.clip(clip)
        self.frame.append(Placed(words, rect.copy(), box.copy() if box is not None else None, size))

    def _seen(self, surface: pygame.Surface) -> bool:
        """Whether ``surface`` is the window while the top scene draws (not a picture aside)."""
        return self.recording and surface.get_size() == self.window.size

    def body(self, surface: pygame.Surface, rect: pygame.Rect, widget: bool) -> None:
        if self._seen(surface):
            self.bodies.append(Body(rect.copy(), len(self.frame), widget))

    def cut(self, surface: pygame.Surface, shown: str, dropped: str) -> None:
        if self._seen(surface):
            self.note(f"{shown!r} ends a text cut short at its line limit: {dropped!r} is not shown")

    def drawn(self, words: str) -> None:
        from game import theme

        for text, face in theme.runs(words, 20):
            if any(_missing(face, ch) for ch in text if not ch.isspace() and not _invisible(ch)):
                self.note(f"a glyph is missing in {words!r}")
                return

    def check_frame(self) -> None:
        texts, self.frame = self.frame, []
        bodies, self.bodies = self.bodies, []
        window = self.window.inflate(2 * SLACK, 2 * SLACK)
        for t in texts:
            if not t.rect.colliderect(self.window):
                continue  # wholly outside: sliding in or out, not cut
            if not window.contains(t.rect):
                self.note(f"{t.words!r} runs off the window ({t.rect} in {self.window.size})")
            if t.box is not None:
                if not t.box.inflate(2 * SLACK, 2 * SLACK).contains(t.rect):
                    self.note(f"{t.words!r} is wider than its box ({t.rect.width} > {t.box.width})")
                if t.size < SMALLEST_LABEL * t.box.height:
                    self.note(f"{t.words!r} had to shrink to size {t.size} to fit its box of {t.box.size}")
                elif t.size < SMALLEST_LABEL_SIZE:
                    self.note(
                        f"{t.words!r} is written at size {t.size} in its box of {t.box.size}: "
                        "too small to read"
                    )
        for i, t in enumerate(texts):
            for body in bodies:
                if not _covers(body.rect, t.rect):
                    continue
                if body.widget and t.box != body.rect:
                    self.note(f"{t.words!r} runs under a button ({t.rect} under {body.rect})")
                elif not body.widget and body.after > i:
                    self.note(f"{t.words!r} is covered by a panel drawn over it ({t.rect} under {body.rect})")
        for i, a in enumerate(texts):
            for b in texts[i + 1 :]:
                if a.words == b.words:
                    continue
                common = a.rect.clip(b.rect)
                smaller = min(a.rect.width * a.rect.height, b.rect.width * b.rect.height)
                if smaller and common.width * common.height > OVERLAP * smaller:
                    self.note(f"{a.words!r} overlaps {b.words!r}")


def _covers(body: pygame.Rect, text: pygame.Rect) -> bool:
    """Whether ``body`` lies over more of ``text`` than an anti-aliased edge: a strip of it more
    than ``SLACK`` pixels deep, across more than ``SLACK`` pixels."""
    common = body.clip(text)
    return common.width > SLACK and common.height > SLACK


#: per face: what it draws for a character it does not have (the .notdef box)
_NOTDEF: dict[int, tuple[object, bytes]] = {}


def _missing(face: pygame.font.Font, ch: str) -> bool:
    """Whether ``face`` has no glyph for ``ch`` (it would draw its empty box): pygame gives the
    box's metrics rather than None for these faces, so compare with the box itself."""
    [metrics] = face.metrics(ch)
    if metrics is None:
        return True
    box = _NOTDEF.get(id(face))
    if box is None:
        box = _NOTDEF[id(face)] = (
            face.metrics("\u0fff")[0],
            pygame.image.tobytes(face.render("\u0fff", True, (255, 255, 255)), "RGB"),
        )
    return metrics == box[0] and pygame.image.tobytes(face.render(ch, True, (255, 255, 255)), "RGB") == box[1]


def _invisible(ch: str) -> bool:
    """Joiners and marks a face may shape without a glyph of their own."""
    return ch in "\u200c\u200d\u200b\ufe0f"


#: a check that shares the layout check's tour: handed each shot and the function that draws it
#: (watched); it calls that once, doing what it wants before and after
Around = Callable[["SceneManager", pygame.Surface, str, Callable[[], None]], None]


def watch_tour(
    language: str,
    sizes: tuple[tuple[int, int], ...] = ((1280, 800), (960, 600)),
    around: Around | None = None,
) -> dict[str, str]:
    """Run the screenshot tour in ``language`` at ``sizes``, each scene drawn and checked as its
    screenshot would be taken; returns each problem with that screenshot's name. ``around`` lets
    other checks use the same tour rather than draw it again."""
    from .tour import tour

    watch = Watch()

    def look(manager: SceneManager, screen: pygame.Surface, name: str) -> None:
        watch.shot, watch.window = name, screen.get_rect()

        def draw() -> None:
            draw_watched(watch, manager, screen)

        if around is None:
            draw()
        else:
            around(manager, screen, name, draw)
        watch.recording = False
        watch.check_frame()

    with watching(watch):
        tour(language, look, sizes)
    return watch.problems


@contextmanager
def watching(watch: Watch) -> Iterator[Watch]:
    """``watch`` hears the theme's hooks (texts placed, drawn and cut, bodies drawn) while in
    the block."""
    from game import theme

    theme.text_placed, theme.text_drawn, theme.text_cut, theme.body_drawn = (
        watch.placed,
        watch.drawn,
        watch.cut,
        watch.body,
    )
    try:
        yield watch
    finally:
        theme.text_placed = theme.text_drawn = theme.text_cut = theme.body_drawn = None


def watch_frame(manager: SceneManager, screen: pygame.Surface, name: str = "frame") -> dict[str, str]:
    """One drawing of the scenes, checked as the tour checks each shot: its problems (a test
    that plants one sees it here without running the tour)."""
    watch = Watch(window=screen.get_rect(), shot=name)
    with watching(watch):
        draw_watched(watch, manager, screen)
    watch.recording = False
    watch.check_frame()
    return watch.problems


def draw_watched(watch: Watch, manager: SceneManager, screen: pygame.Surface) -> None:
    """Draw the scenes as the app does, recording the texts the top one places."""
    from .tour import draw_scenes

    def each(scene: object, top: bool) -> None:
        watch.recording = top

    draw_scenes(manager, screen, each)


def main(argv: list[str] | None = None) -> int:
    import argparse

    from game.i18n import LANGUAGES

    ap = argparse.ArgumentParser(prog="python -m tools.layout_check", description=__doc__.splitlines()[0])
    ap.add_argument("language", nargs="?", default="en", choices=LANGUAGES, help="the language to watch")
    language = ap.parse_args(argv).language
    found = watch_tour(language)
    for problem, shot in sorted(found.items(), key=lambda kv: kv[1]):
        print(f"{shot}: {problem}")
    print(f"{len(found)} problems in {language}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
