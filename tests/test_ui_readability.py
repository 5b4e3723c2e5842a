"""Readability and accessibility (issue 13): the shipped typeface, marks told apart by shape,
and the colour-blind palette."""

from pathlib import Path

import pygame
import pytest

from game import theme
from game.render import marks, pieces
from rules.kinds import PieceKind
from tools.scenarios import shown_title

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    theme.set_palette("standard")


def test_font_file_and_licence_are_committed_and_used():
    assert theme.FONT_PATH == ROOT / "assets" / "fonts" / "Inter-SemiBold.otf"
    assert theme.FONT_PATH.is_file() and (ROOT / "assets" / "fonts" / "OFL.txt").is_file()
    assert "Open Font License" in (ROOT / "assets" / "fonts" / "OFL.txt").read_text()
    f = theme.font(24)
    assert f.name == "Inter" and f is theme.font(24)


@pytest.mark.parametrize("size", [14, 18, 24, 36])
def test_text_has_no_gaps_inside_words(size):
    """The default font's hinting put gaps in words ("e5xc 5"): the width must be the sum of advances."""
    f = theme.font(size)
    for word in ("e5xc5", "pieces", "Kotu"):
        advances = sum(m[4] for m in f.metrics(word))
        assert abs(f.size(word)[0] - advances) <= 2, (word, size)


def _mask(draw) -> pygame.mask.Mask:
    s = pygame.Surface((80, 80), pygame.SRCALPHA)
    draw(s)
    return pygame.mask.from_surface(s, 40)


def _overlap_fraction(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    """How much two silhouettes agree once each is scaled to the same box: size does not count, shape does."""

    def norm(m: pygame.mask.Mask) -> pygame.mask.Mask:
        box = m.get_bounding_rects()[0].unionall(m.get_bounding_rects())
        part = pygame.mask.Mask(box.size)
        part.draw(m, (-box.x, -box.y))
        return part.scale((48, 48))

    a, b = norm(a), norm(b)
    return a.overlap_area(b, (0, 0)) / max(a.count(), b.count())


def test_move_and_capture_targets_differ_by_shape():
    dot = _mask(lambda s: marks.move_target(s, (40, 40), 14))
    diamond = _mask(lambda s: marks.capture_target(s, (40, 40), 14))
    assert dot.count() and diamond.count()
    assert _overlap_fraction(dot, diamond) < 0.75
    # the dot is round: filled towards its box's corners, where a diamond is empty
    assert dot.get_at((40 + 8, 40 + 8)) == 1
    assert diamond.get_at((40 + 14, 40 + 14)) == 0 and diamond.get_at((40, 40 - 18)) == 1


def test_piece_marks_differ_by_shape():
    can = _mask(lambda s: marks.can_capture_mark(s, (40, 40), 24))
    must = _mask(lambda s: marks.must_capture_mark(s, (40, 40), 22))
    huff = _mask(lambda s: marks.huff_mark(s, (40, 40), 24))
    for a, b in ((can, must), (can, huff), (must, huff)):
        assert _overlap_fraction(a, b) < 0.6
    assert must.count() > can.count()  # the stronger mark is the heavier one


def _colour_at_centre(draw) -> tuple[int, int, int]:
    s = pygame.Surface((80, 80), pygame.SRCALPHA)
    draw(s)
    return tuple(s.get_at((40, 40)))[:3]


def test_palette_switch_changes_drawn_mark_colours():
    theme.set_palette("standard")
    before = _colour_at_centre(lambda s: marks.move_target(s, (40, 40), 14, alpha=255))
    theme.set_palette("colour-blind")
    assert theme.palette_name == "colour-blind"
    after = _colour_at_centre(lambda s: marks.move_target(s, (40, 40), 14, alpha=255))
    assert before != after and after == theme.PALETTES["colour-blind"]["TARGET"]
    theme.set_palette("standard")
    assert _colour_at_centre(lambda s: marks.move_target(s, (40, 40), 14, alpha=255)) == before
    with pytest.raises(ValueError):
        theme.set_palette("sepia")


def test_palette_switch_redraws_the_armies():
    """A sprite drawn (and cached) before the switch is drawn again in the new palette's colour."""
    before = tuple(pieces.sprite(1, PieceKind.SOLDIER, 20).get_at((26, 26)))[:3]
    assert before == theme.PALETTES["standard"]["ARMY_DARK"]  # the cache now holds the standard sprite
    theme.set_palette("colour-blind")
    dark = tuple(pieces.sprite(1, PieceKind.SOLDIER, 20).get_at((26, 26)))[:3]
    assert dark == theme.PALETTES["colour-blind"]["ARMY_DARK"]


def _luminance(c) -> float:
    def lin(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _simulate_deutan(c) -> tuple[float, float, float]:
    """Brettel/Viénot-style deuteranopia: red and green collapse onto one axis."""
    r, g, b = c
    return (0.625 * r + 0.375 * g, 0.7 * r + 0.3 * g, 0.3 * g + 0.7 * b)


def test_colour_blind_palette_keeps_meaningful_colours_apart():
    p = theme.PALETTES["colour-blind"]
    keys = ("TARGET", "CAPTURE", "LAST_MOVE", "HINT")
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            sa, sb = _simulate_deutan(p[a]), _simulate_deutan(p[b])
            assert sum((x - y) ** 2 for x, y in zip(sa, sb)) ** 0.5 > 40, (a, b)
    assert _luminance(p["ARMY_LIGHT"]) / _luminance(p["ARMY_DARK"]) > 8  # the armies differ in lightness


def test_the_title_pieces_pile_above_the_buttons_and_the_prompt_never_vanishes(app):

    title = shown_title(app)
    app.manager.push(title)
    frames = []
    for _ in range(60 * 12):  # twelve seconds: the pile has built up
        app.frame([], 1 / 60)
    w, h = app.size
    lowest = max(y + r for _, y, r, _, _ in title.rain.positions())
    assert lowest < title.import_button.rect.top  # nothing piles over the buttons or the footer
    for _ in range(40):  # the prompt breathes, it never blinks out
        app.frame([], 1 / 60)
        edge = (title.prompt_box.centerx, title.prompt_box.top + 1)
        frames.append(app.screen.get_at(edge)[:3])
    assert len(set(frames)) > 1  # it breathes
    assert all(c != app.screen.get_at((5, title.prompt_box.top))[:3] for c in frames)  # and is always there


def test_the_thinking_pill_sits_under_the_board_not_over_it(app):
    from game.config import MatchConfig, Mode
    from tools.scenarios import start_play

    if not app.computer_available:
        pytest.skip("the AI worker is not installed")
    scene = start_play(app, MatchConfig("kotu_ellima", mode=Mode.WATCH, level="hard"))
    for _ in range(5):
        app.frame([], 1 / 60)
    assert scene.plan.thinking and scene.plan.help_pos[1] >= scene.board.frame.bottom


def test_remembered_measures_follow_the_width_and_the_language():
    """The panel is planned every frame, so measuring and wrapping are remembered; a remembered
    answer must still follow the width asked and the language (and face) in force."""
    import gettext

    from game import i18n

    class Sinhala(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return {"Medium": "මධ්‍යම මට්ටම"}.get(message, message)

    words = "Every unfinished game is kept, one file per game, and any of them resumes"
    wide, narrow = theme.wrap(words, 20, 900), theme.wrap(words, 20, 200)
    assert len(wide) == 1 and len(narrow) > 2
    narrow.append("changed by a caller")
    assert theme.wrap(words, 20, 200)[-1] != "changed by a caller"
    assert theme.fit(words, 20, 120).endswith("…") and not theme.fit(words, 20, 2000).endswith("…")
    english = theme.measure("Medium", 24)
    try:
        i18n.install("si", Sinhala())
        theme.use_language("si")
        assert theme.measure("Medium", 24) != english
    finally:
        i18n.set_language("en")
        theme.use_language("en")
    assert theme.measure("Medium", 24) == english


@pytest.mark.parametrize("width", [1, 40, 121, 200, 333])
@pytest.mark.parametrize(
    "words", ["Every unfinished game is kept, one file per game", "සෑම නිම නොකළ ක්‍රීඩාවක්ම තබා ඇත"]
)
def test_a_line_cut_to_fit_keeps_as_many_letters_as_fit(words, width):
    """``fit`` cuts a line too wide for its box at the longest start that fits with its ellipsis:
    never wider than the box (unless nothing fits), never a letter shorter than it must be."""
    theme._measured.clear()  # cut here, not remembered from another test
    cut = theme.fit(words, 20, width)
    if theme.measure(words, 20)[0] <= width:
        assert cut == words
        return
    assert cut.endswith("…") and words.startswith(cut[:-1]) and not cut[:-1].endswith(" ")
    kept = len(cut) - 1
    if kept:
        assert theme.measure(cut, 20)[0] <= width
    longer = words[: len(words[:kept].rstrip()) + 1]
    while len(longer) < len(words) and longer[-1] == " ":
        longer = words[: len(longer) + 1]
    assert theme.measure(longer + "…", 20)[0] > width


def test_a_line_exactly_as_wide_as_its_box_is_not_cut_and_one_letter_less_is_kept_whole():
    theme._measured.clear()  # cut here, not remembered from another test
    words = "Every unfinished game is kept WWW"
    exact = theme.measure(words, 20)[0]
    assert theme.fit(words, 20, exact) == words
    almost = theme.measure(words[:-1] + "…", 20)[0]
    assert almost < exact and theme.fit(words, 20, almost) == words[:-1] + "…"
    at_a_space = theme.measure("Every …", 20)[0]  # the longest start that fits ends in a space
    assert theme.fit(words, 20, at_a_space) == "Every…"  # which is not left before the ellipsis
