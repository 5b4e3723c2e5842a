"""Does every scene's text hold in a language? The screenshot tour, watched as it draws.

For each frame, the texts the top scene places (``theme.text_placed``) are checked: inside the
window, inside their box (a button's label), a button's label not shrunk or sized past reading,
no two texts on top of each other; and every text drawn (``theme.text_drawn``) has a glyph for each of
its characters in the face that draws it (a missing one would show as a box).

    python -m tools.layout_check si        # the problems, by the screenshot they came before
"""

from __future__ import annotations

import sys
from collections.abc import Callable
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
class Watch:
    """What the tour showed: the problems found, keyed by a description, with the shot that came
    after them (the screenshot to look at)."""

    window: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    shot: str = "start"
    frame: list[Placed] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)
    recording: bool = False

    def note(self, problem: str) -> None:
        self.problems.setdefault(problem, self.shot)

    def placed(self, surface: pygame.Surface, words: str, rect: pygame.Rect, box: pygame.Rect | None,
               size: int) -> None:
        if not self.recording or not words.strip() or surface.get_size() != self.window.size:
            return  # a picture drawn aside (a board's cached layer, a thumbnail) has its own frame
        self.frame.append(Placed(words, rect.copy(), box.copy() if box is not None else None, size))

    def drawn(self, words: str) -> None:
        from game import theme

        for text, face in theme.runs(words, 20):
            if any(_missing(face, ch) for ch in text if not ch.isspace() and not _invisible(ch)):
                self.note(f"a glyph is missing in {words!r}")
                return

    def check_frame(self) -> None:
        texts, self.frame = self.frame, []
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
                    self.note(f"{t.words!r} is written at size {t.size} in its box of {t.box.size}: too small to read")
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if a.words == b.words:
                    continue
                common = a.rect.clip(b.rect)
                smaller = min(a.rect.width * a.rect.height, b.rect.width * b.rect.height)
                if smaller and common.width * common.height > OVERLAP * smaller:
                    self.note(f"{a.words!r} overlaps {b.words!r}")


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
        box = _NOTDEF[id(face)] = (face.metrics("\u0fff")[0],
                                   pygame.image.tobytes(face.render("\u0fff", True, (255, 255, 255)), "RGB"))
    return metrics == box[0] and pygame.image.tobytes(face.render(ch, True, (255, 255, 255)), "RGB") == box[1]


def _invisible(ch: str) -> bool:
    """Joiners and marks a face may shape without a glyph of their own."""
    return ch in "\u200c\u200d\u200b\ufe0f"


#: a check that shares the layout check's tour: handed each shot and the function that draws it
#: (watched); it calls that once, doing what it wants before and after
Around = Callable[["SceneManager", pygame.Surface, str, Callable[[], None]], None]


def watch_tour(language: str, sizes: tuple[tuple[int, int], ...] = ((1280, 800), (960, 600)),
               around: Around | None = None) -> dict[str, str]:
    """Run the screenshot tour in ``language`` at ``sizes``, each scene drawn and checked as its
    screenshot would be taken; returns each problem with that screenshot's name. ``around`` lets
    other checks use the same tour rather than draw it again."""
    from game import theme

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

    theme.text_placed, theme.text_drawn = watch.placed, watch.drawn
    try:
        tour(language, look, sizes)
    finally:
        theme.text_placed = theme.text_drawn = None
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
