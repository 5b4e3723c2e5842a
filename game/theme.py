"""Colours, type sizes and the shared font cache: one place to change the look.

Pieces are told apart by shape first and colour second (see ``render.pieces``); the
palette pairs a light and a dark tone so that even a grey-scale view keeps the armies apart.
Text uses Inter, shipped in ``assets/fonts`` under the SIL Open Font License, so the app never
depends on system fonts and never shows the default font's broken spacing ("e5xc 5").

The colours that carry meaning (targets, captures, last move, hint, the two armies) come from a
palette chosen by ``set_palette``; every drawing reads them as ``theme.NAME`` at draw time, and
caches built from them are cleared on a change (``on_palette_change``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from . import i18n
from .assets_path import assets_dir

Color = tuple[int, int, int]

BG_TOP: Color = (24, 30, 52)
BG_BOTTOM: Color = (12, 14, 26)
PANEL: Color = (34, 40, 66)
PANEL_EDGE: Color = (70, 80, 120)
BOARD_WOOD: Color = (214, 178, 122)
BOARD_WOOD_DARK: Color = (178, 138, 86)
BOARD_LINE: Color = (74, 48, 26)
POINT: Color = (92, 60, 32)
TEXT: Color = (238, 236, 228)
TEXT_DIM: Color = (168, 172, 196)
ACCENT: Color = (255, 196, 64)
ACCENT_2: Color = (96, 210, 255)
GOOD: Color = (110, 226, 140)
WARN: Color = (255, 120, 96)
HOUSE: Color = (236, 150, 255)
TARGET: Color = (70, 220, 120)
CAPTURE: Color = (255, 84, 84)
LAST_MOVE: Color = (96, 210, 255)
HINT: Color = (214, 140, 255)  # the engine's suggestion: never the last move's colour

# Piece colours: player 0 light, player 1 dark; the hunt animals have their own.
ARMY_LIGHT: Color = (246, 236, 210)
ARMY_LIGHT_EDGE: Color = (120, 96, 60)
ARMY_DARK: Color = (52, 46, 92)
ARMY_DARK_EDGE: Color = (214, 210, 240)
COW: Color = (250, 250, 246)
COW_PATCH: Color = (70, 56, 48)
LEOPARD: Color = (236, 172, 52)
LEOPARD_SPOT: Color = (60, 36, 16)
TIGER: Color = (232, 108, 30)
TIGER_STRIPE: Color = (30, 18, 10)

#: colours that differ between palettes; the "colour-blind" one uses Okabe–Ito hues, told apart
#: under protanopia, deuteranopia and tritanopia, and the marks differ by shape as well
PALETTES: dict[str, dict[str, Color]] = {
    "standard": {
        "TARGET": TARGET,
        "CAPTURE": CAPTURE,
        "LAST_MOVE": LAST_MOVE,
        "HINT": HINT,
        "GOOD": GOOD,
        "WARN": WARN,
        "ARMY_LIGHT": ARMY_LIGHT,
        "ARMY_LIGHT_EDGE": ARMY_LIGHT_EDGE,
        "ARMY_DARK": ARMY_DARK,
        "ARMY_DARK_EDGE": ARMY_DARK_EDGE,
    },
    "colour-blind": {
        "TARGET": (86, 180, 233),  # sky blue
        "CAPTURE": (230, 159, 0),  # orange
        "LAST_MOVE": (240, 228, 66),  # yellow
        "HINT": (204, 121, 167),  # reddish purple
        "GOOD": (86, 180, 233),
        "WARN": (230, 159, 0),
        "ARMY_LIGHT": (250, 246, 236),
        "ARMY_LIGHT_EDGE": (90, 70, 40),
        "ARMY_DARK": (0, 60, 110),
        "ARMY_DARK_EDGE": (200, 225, 245),  # deep blue: dark in any vision
    },
}
palette_name = "standard"
_palette_listeners: list[Callable[[], None]] = []


def on_palette_change(clear: Callable[[], None]) -> None:
    """Register a cache-clearing function to call whenever the palette changes."""
    if clear not in _palette_listeners:
        _palette_listeners.append(clear)


def set_palette(name: str) -> None:
    """Switch the meaningful colours to palette ``name`` ("standard" or "colour-blind")."""
    global palette_name
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r} (known: {', '.join(PALETTES)})")
    globals().update(PALETTES[name])
    palette_name = name
    _texts.clear()
    for clear in _palette_listeners:
        clear()


BASE_SIZE = (1280, 800)
MIN_SIZE = (960, 600)


def scale_for(size: tuple[int, int]) -> float:
    """How much to scale sizes designed for 1280×800 to fit ``size``."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


FONT_PATH = assets_dir() / "fonts" / "Inter-SemiBold.otf"
#: sizes were designed for pygame's default font, which renders at 0.6875 of the size asked;
#: Inter at this factor keeps every layout's widths while its glyphs are taller and clearer
FONT_SCALE = 0.6875

#: the typeface of each language that Inter cannot write: (file in assets/fonts, the script HarfBuzz
#: shapes it as, its size factor). These faces carry their script, digits and a little
#: punctuation but no Latin letters, so text is written in runs: the script's letters in its
#: face, everything else (move notation, key names, Keliya) in Inter (``runs``).
SCRIPT_FONTS: dict[str, tuple[str, str, float]] = {
    "si": ("NotoSansSinhala-Bold.ttf", "Sinh", 0.64),
    "ta": ("NotoSansTamil-Bold.ttf", "Taml", 0.64),
    "bn": ("NotoSansBengali-Bold.ttf", "Beng", 0.64),
}

_texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_TEXT_CACHE_LIMIT = 600
_face: tuple[Path, str | None, float] = (FONT_PATH, None, FONT_SCALE)  # file, script, size factor
_LATIN: tuple[Path, str | None, float] = (FONT_PATH, None, FONT_SCALE)

SCRIPT_RANGES = {"si": (0x0D80, 0x0DFF), "ta": (0x0B80, 0x0BFF), "bn": (0x0980, 0x09FF)}
#: joiners and signs that belong to the script run they stand in
_JOINERS = {0x200C, 0x200D, 0x25CC}
#: signs outside a script's block that only its face has: the danda ends a Bengali sentence
_SIGNS = {0x0964: "bn", 0x0965: "bn"}

#: every face opened, by (file, size asked): a handful, kept for the life of the app
_opened: dict[tuple[Path, int], pygame.font.Font] = {}


def _open(face: tuple[Path, str | None, float], size: int) -> pygame.font.Font:
    """``face`` (file, script, size factor) at ``size``, shaped for its script (cached); pygame's
    default font only if the file is missing, so a broken install still shows text."""
    path, script, scale = face
    size = max(8, int(size))
    f = _opened.get((path, size))
    if f is None:
        if path.is_file():
            f = pygame.font.Font(path, max(6, round(size * scale)))
            if script:
                f.set_script(script)  # vowel signs and conjuncts joined, not drawn one by one
        else:
            f = pygame.font.Font(None, size)
        _opened[(path, size)] = f
    return f


@cache
def _script_face(code: str) -> tuple[Path, str | None, float]:
    file, script, scale = SCRIPT_FONTS[code]
    return assets_dir() / "fonts" / file, script, scale


def _script_code(o: int) -> str | None:
    """The language whose script writes code point ``o``, if Inter cannot."""
    if o < 0x0964:
        return None
    for code, (low, high) in SCRIPT_RANGES.items():
        if low <= o <= high:
            return code
    return _SIGNS.get(o)


def script_of(words: str) -> str | None:
    """The language whose script ``words`` is written in, if it is one Inter cannot write."""
    return next((code for code in map(_script_code, map(ord, words)) if code), None)


def runs(words: str, size: int) -> list[tuple[str, pygame.font.Font]]:
    """``words`` cut where the script changes, each run with the face that writes it: letters
    of Sinhala, Tamil or Bengali in their Noto face (shaped), the rest in Inter. Joiners stay
    with the run they stand in, so a word is never cut inside; a space goes with the word after
    it when that word is in a script (the Noto space is the width that script's text expects)."""
    out: list[tuple[str, pygame.font.Font]] = []
    cur, cur_code = "", None
    codes = [_script_code(ord(ch)) for ch in words]
    for i, ch in enumerate(words):
        code = codes[i]
        if code is None and ord(ch) in _JOINERS:
            code = cur_code
        elif ch == " ":  # a space goes with the word after it (in its face's width), else stays
            code = next((codes[j] for j in range(i + 1, len(words)) if words[j] != " "), cur_code) or cur_code
        if cur and code != cur_code:
            out.append((cur, _run_face(cur_code, size)))
            cur = ""
        cur += ch
        cur_code = code
    if cur or not out:
        out.append((cur, _run_face(cur_code, size)))
    return out


def _run_face(code: str | None, size: int) -> pygame.font.Font:
    return _open(_LATIN if code is None else _script_face(code), size)


def _width(words: str, size: int) -> int:
    """How wide ``words`` (already in the player's language) are, run by run."""
    if _face[1] is None and script_of(words) is None:
        return font(size).size(words)[0]
    return sum(f.size(text)[0] for text, f in runs(words, size))


def font_for(words: str, size: int) -> pygame.font.Font:
    """The face that writes ``words``: the language's own, or, for text in another of the three
    scripts (a language's name in the language setting), that script's face."""
    code = script_of(words)
    return font(size) if code is None else _open(_script_face(code), size)


def use_language(code: str) -> None:
    """Write in ``code``'s typeface from now on (the text caches start again)."""
    global _face
    _face = _script_face(code) if code in SCRIPT_FONTS else _LATIN
    _texts.clear()
    _measured.clear()


def font(size: int) -> pygame.font.Font:
    """The typeface of the language in force (Inter, or the Noto face of its script, shipped in
    assets/fonts) at ``size``."""
    return _open(_face, size)


#: a check's ear on every text drawn, in the words drawn (``tools.pseudo``); None in the app
text_drawn: Callable[[str], None] | None = None
#: a check's eye on where text lands: (the surface, the words, their rect, the box they must stay
#: in or None, the size they were asked at) for each ``blit_text`` (``tools.layout_check``)
text_placed: Callable[[pygame.Surface, str, pygame.Rect, pygame.Rect | None, int], None] | None = None
#: a check's eye on text cut short: (the surface, the words shown, the words left out) for each
#: ``blit_text`` of a line that ends a text ``wrap`` cut at its line limit (``tools.layout_check``)
text_cut: Callable[[pygame.Surface, str, str], None] | None = None
#: a check's eye on what is drawn over text: (the surface, the rect, whether it is a widget's
#: body) for each ``panel`` and button drawn; a widget's body is no place for any text but its
#: own label, a panel drawn after a text covers it (``tools.layout_check``)
body_drawn: Callable[[pygame.Surface, pygame.Rect, bool], None] | None = None


class Cut(str):
    """The last line of a text ``wrap`` cut at its line limit (it ends in an ellipsis): the words
    left out go with it, so that a check sees, where the line is drawn, what the player missed."""

    dropped: str = ""

    def __new__(cls, line: str, dropped: str) -> Cut:
        cut = super().__new__(cls, line)
        cut.dropped = dropped
        return cut


class Verbatim(str):
    """Text drawn as it is, never looked up in the catalogue: a file's or a folder's name, a
    path. A folder named "Settings" is not a word of the app, and shown in Sinhala it would name
    a folder the player does not have (the pseudo-language check knows these are no words)."""


def spoken(words: str) -> str:
    """``words`` as the player reads them: in their language, or as they are if ``Verbatim``."""
    return words if isinstance(words, Verbatim) else i18n.tr(words)


#: measured and wrapped words by (words, size, width, face): the panel is planned every frame
#: and measuring is most of its cost (cleared with the text cache)
_measured: dict[tuple[str, int, int, Path], Any] = {}
_MEASURED_LIMIT = 20_000


def _remember(key: tuple[str, int, int, Path], value: Any) -> Any:
    if len(_measured) >= _MEASURED_LIMIT:
        _measured.clear()
    _measured[key] = value
    return value


def measure(words: str, size: int) -> tuple[int, int]:
    """The size ``words`` take on screen at ``size``, in the player's language and its face."""
    words = spoken(words)
    key = (words, int(size), -1, _face[0])
    found = _measured.get(key)
    if found is None:
        if _face[1] is None and script_of(words) is None:
            found = _remember(key, font(size).size(words))
        else:
            sizes = [f.size(text) for text, f in runs(words, size)]
            found = _remember(key, (sum(w for w, _ in sizes), max(h for _, h in sizes)))
    return found


def fit(words: str, size: int, width: int) -> str:
    """``words``, in the player's language, cut with an ellipsis so that it fits ``width`` pixels
    (a ``Verbatim`` comes back ``Verbatim``)."""
    if isinstance(words, Verbatim):
        return Verbatim(_fit(words, size, width))
    return _fit(i18n.tr(words), size, width)


def _fit(words: str, size: int, width: int) -> str:
    key = (words, int(size), -2 - int(width), _face[0])
    found = _measured.get(key)
    if found is None:
        cut = words
        if _width(cut, size) > width:
            # the longest start that fits with its ellipsis, halving the range (a longer start is
            # never narrower), not one letter at a time: a long line cut short is measured 7 times
            # instead of 60
            low, high = 0, len(words) - 1
            while low < high:
                mid = (low + high + 1) // 2
                if _width(words[:mid] + "…", size) <= width:
                    low = mid
                else:
                    high = mid - 1
            cut = words[:low].rstrip() + "…"
        found = _remember(key, cut)
    return found


def text(words: str, size: int, color: Color = TEXT) -> pygame.Surface:
    """Rendered text in the player's language (``i18n.tr``: every word on screen passes here),
    cached: scenes redraw every frame and rendering is the slow part."""
    words = spoken(words)
    if text_drawn is not None:
        text_drawn(words)
    key = (words, int(size), color)
    surf = _texts.get(key)
    if surf is None:
        surf = _render(words, size, color)
        _texts[key] = surf
        if len(_texts) > _TEXT_CACHE_LIMIT:
            _texts.popitem(last=False)
    else:
        _texts.move_to_end(key)
    return surf


def _render(words: str, size: int, color: Color) -> pygame.Surface:
    """``words`` drawn run by run on one baseline (one run: drawn whole)."""
    parts = runs(words, size)
    if len(parts) == 1:
        text, f = parts[0]
        return f.render(text, True, color)
    ascent = max(f.get_ascent() for _, f in parts)
    descent = max(-f.get_descent() for _, f in parts)
    drawn = [(f.render(text, True, color), f.get_ascent()) for text, f in parts]
    surf = pygame.Surface((sum(s.get_width() for s, _ in drawn), ascent + descent), pygame.SRCALPHA)
    x = 0
    for s, top in drawn:
        surf.blit(s, (x, ascent - top))
        x += s.get_width()
    return surf


def wrap(words: str, size: int, width: int, most: int | None = None) -> list[str]:
    """Split ``words``, in the player's language, into lines no wider than ``width`` pixels at
    ``size``; at most ``most`` of them, the last then a ``Cut`` ending in an ellipsis (the words
    it leaves out go with it, for the layout check: a text cut short is a problem to fix, never
    a way to make words fit)."""
    lines = _wrap(spoken(words), size, width)
    if most is None or len(lines) <= most:
        return lines
    most = max(1, most)
    rest = " ".join(lines[most - 1 :])
    last = _fit(" ".join(lines[most - 1 : most + 1]), size, width)  # two lines are more than one holds
    return [*lines[: most - 1], Cut(last, rest[len(last.rstrip("…")) :].strip())]


def _wrap(words: str, size: int, width: int) -> list[str]:
    key = (words, int(size), int(width), _face[0])
    found = _measured.get(key)
    if found is not None:
        return list(found)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = word if not line else f"{line} {word}"
            if _width(trial, size) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    _remember(key, tuple(lines))
    return lines


def fit_size(words: str, size: int, floor: int, width: float) -> int:
    """The largest size from ``size`` down to ``floor`` at which ``words`` is at most ``width``
    pixels wide on one line (a label in a box: translations run longer than English)."""
    while size > floor and measure(words, size)[0] > width:
        size -= 1
    return size


#: the line spacing of wrapped text, times its size
LINE_SPACING = 1.18


def wrap_to_room(
    paragraphs: list[str], size: int, floor: int, width: int, room: int
) -> tuple[int, list[list[str]]]:
    """The largest size from ``size`` down to ``floor`` at which ``paragraphs``, wrapped to
    ``width``, fit ``room`` pixels of height (lines ``LINE_SPACING`` apart), and their lines;
    at the floor they may still overflow: the caller cuts. Translations run longer than English,
    so text in a fixed box shrinks before it is cut."""
    while True:
        wrapped = [wrap(words, size, width) for words in paragraphs]
        if sum(map(len, wrapped)) * int(size * LINE_SPACING) <= room or size <= floor:
            return size, wrapped
        size -= 1


def blit_text(
    surface: pygame.Surface,
    words: str,
    size: int,
    color: Color,
    pos: tuple[int, int],
    anchor: str = "topleft",
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw text anchored at ``pos`` (any pygame.Rect anchor name); returns its rect. ``box``:
    the area it belongs in (a button), for the layout check to hold it to."""
    surf = text(words, size, color)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    if text_placed is not None:
        text_placed(surface, spoken(words), rect, box, size)
    if text_cut is not None and isinstance(words, Cut):
        text_cut(surface, str(words), words.dropped)
    return rect


#: the gradient's bands per size: (colour, rect) of each run of rows of one colour
_gradients: dict[tuple[int, int], list[tuple[Color, tuple[int, int, int, int]]]] = {}


def background(surface: pygame.Surface) -> None:
    """Fill with the app's vertical gradient (its bands cached per size). The bands are filled
    straight onto ``surface``: the same pixels as a cached full-size picture blitted, without
    making that 4 MB surface before the first frame (1.4 ms of it; issue 29, item 5)."""
    size = surface.get_size()
    bands = _gradients.get(size)
    if bands is None:
        _gradients.clear()
        h = max(1, size[1])
        (r0, g0, b0), (r1, g1, b1) = BG_TOP, BG_BOTTOM
        rows = [
            (int(r0 + (r1 - r0) * t), int(g0 + (g1 - g0) * t), int(b0 + (b1 - b0) * t))
            for t in (y / h for y in range(size[1]))
        ]
        bands = []
        top = 0  # rows of one colour filled as one band: a few dozen fills, not a line a row
        for y in range(1, len(rows) + 1):
            if y == len(rows) or rows[y] != rows[top]:
                bands.append((rows[top], (0, top, size[0], y - top)))
                top = y
        _gradients[size] = bands
    for color, rect in bands:
        surface.fill(color, rect)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: Color = PANEL,
    edge: Color = PANEL_EDGE,
    radius: int = 14,
    width: int = 2,
) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if body_drawn is not None:
        body_drawn(surface, rect, False)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def lerp_color(a: Color, b: Color, t: float) -> Color:
    t = max(0.0, min(1.0, t))
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


i18n.on_change(use_language)  # the typeface follows the language
