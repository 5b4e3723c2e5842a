"""Setup: how to play (pass and play, against the computer, watch), your side, difficulty,
and every rules option of the game with its default and a line of help that follows the chosen
value; house rules are marked, and an option that the other choices make meaningless (its
``Option.applies``) is greyed. Enter starts the game from any row, so clicking a row's arrows
never leaves Enter changing that row. Starting with a coin toss for first player shows the toss
before play."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rules import game_spec
from rules.core import CUSTOM
from rules.words import N_, Words

from .. import settings as user_settings
from .. import theme
from ..config import MODES, MatchConfig, Mode, sides_of
from ..i18n import tr
from ..opponent import level_choices, level_record
from ..scene import Scene
from ..tutorials import has_lesson
from ..widgets import Button, FocusGroup, Selector
from .navigator import SceneName, open_scene

if TYPE_CHECKING:
    from ..app import App


def last_setup(game_id: str) -> MatchConfig:
    """The setup chosen last time for this game (a saved setting), or the defaults. A saved
    choice the game (or this app) no longer accepts is dropped, not an error."""
    saved = user_settings.current().setups.get(game_id)
    if not user_settings.setup_in_shape(saved):
        return MatchConfig(game_id)
    assert isinstance(saved, dict)
    try:
        options = game_spec(game_id).resolve_options(dict(saved.get("options", {})))
    except ValueError:
        options = game_spec(game_id).resolve_options({})
    mode = saved.get("mode", MODES[0][0].value)  # the setting's word for the mode
    if mode not in {m.value for m, _ in MODES}:
        mode = MODES[0][0].value
    known = {n for n, _, _ in level_choices()}
    level = saved.get("level", "medium")
    level = level if level in known else "medium"
    level2 = saved.get("level2")
    return MatchConfig(
        game_id,
        options,
        mode,
        int(saved.get("human_side", 0)),
        level,
        level2=level2 if level2 in known else None,
    )


def remember_setup(cfg: MatchConfig) -> None:
    """Keep this setup for the next time the game is chosen."""
    user_settings.update(
        setups={
            cfg.game_id: {
                "options": cfg.options,
                "mode": cfg.mode.value,
                "human_side": cfg.human_side,
                "level": cfg.level,
                "level2": cfg.level2 or "",
            }
        }
    )


class SetupScene(Scene):
    """``chosen``: the setup is asked for rules options (the position editor's), not a game:
    its Start button hands the setup chosen to ``chosen`` and steps back."""

    def __init__(
        self,
        app: App,
        game_id: str,
        config: MatchConfig | None = None,
        chosen: Callable[[MatchConfig], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.chosen = chosen
        self.spec = game_spec(game_id)
        self.config = config or last_setup(game_id)
        cfg = self.config
        self.levels = level_choices() if app.computer_available else []
        self.records: dict[str, list[Words]] = {}  # each level shown: where it checks, what it measured
        modes = list(MODES) if self.levels else [MODES[0]]
        self.mode = Selector(
            "How to play",
            modes,
            cfg.mode,
            N_("Take turns at one screen, play the computer, or watch it play itself.")
            if self.levels
            else N_("The computer opponent is not installed: pass and play."),
            on_change=lambda _: self._refresh(),
        )
        self.side = Selector(
            "Your side",
            [(i, name) for i, name in enumerate(self.spec.sides)],
            cfg.human_side,
            Words("{first} or {second}.", first=self.spec.sides[0], second=self.spec.sides[1]),
            on_change=lambda _: self._refresh(),
        )
        level_names = [(n, label) for n, label, _ in self.levels] or [("medium", "Medium")]
        self.level = Selector("Difficulty", level_names, cfg.level, "", on_change=lambda _: self._refresh())
        # Computer against computer: each side its own level (a hunt's two sides can be balanced).
        self.level2 = Selector(
            "Second side's level",
            level_names,
            cfg.level2 or cfg.level,
            "",
            on_change=lambda _: self._refresh(),
        )
        self.options: list[tuple[str, Selector]] = []
        for opt in self.spec.options:
            value = cfg.options.get(opt.name, opt.default)
            sel = Selector(
                opt.label,
                [(c, opt.label_of(c)) for c in opt.choices],
                value,
                opt.help,
                house_rule=opt.house_rule,
                default=opt.default,
                on_change=lambda _: self._refresh(),
                choice_help=[opt.help_of(c) for c in opt.choices],
                unused_help=opt.unused_help,
            )
            self.options.append((opt.name, sel))
        # A game whose source names its variants offers them by name; the options below still
        # make any other combination, shown as "Custom".
        self.presets = self.spec.variants
        self.variant: Selector | None = None
        if self.presets:
            choices = [(name, name) for name in self.presets] + [(CUSTOM, N_("Custom (set below)"))]
            self.variant = Selector(
                "Variant",
                choices,
                self.spec.variant_of(self._option_values()),
                N_("The variants the source names; changing an option below makes a custom game."),
                on_change=self._pick_variant,
            )
            for name, sel in self.options:
                if any(name in chosen for chosen in self.presets.values()):
                    sel.on_change = lambda _: self._option_changed()
        self.back = Button("Back", self.go_back, pygame.K_ESCAPE, key_label="Esc")
        self.rules = Button("Rules", self.show_rules, pygame.K_F1, key_label="F1")
        self.learn = Button("Learn", self.show_lesson, pygame.K_l, key_label="L")
        self.learn.visible = has_lesson(game_id)
        self.start_button = Button("Start", self.start, style="primary", key_label="Enter")
        if chosen is not None:
            self.start_button.label = N_("Use these rules")
        # Up/Down choose a row, Left/Right change it (never leave it), and the focus shows from the
        # start, on the first row; Enter starts the game from any row.
        self.focus = FocusGroup(arrows_move_focus=False, always_shown=True)
        self._refresh()
        self.focus.focus(self.mode)
        self.layout(app.size)

    def _option_values(self) -> dict:
        return {name: sel.value for name, sel in self.options}

    def _pick_variant(self, name: str) -> None:
        """Set the options the named variant stands for."""
        for opt, value in self.presets.get(name, {}).items():
            for n, sel in self.options:
                if n == opt:
                    sel.set_value(value)
        self._refresh()

    def _option_changed(self) -> None:
        if self.variant is not None:
            self.variant.set_value(self.spec.variant_of(self._option_values()))
        self._refresh()

    def _selector(self, name: str) -> Selector | None:
        return next((sel for n, sel in self.options if n == name), None)

    def _option_rows(self) -> list[Selector]:
        return ([self.variant] if self.variant is not None else []) + [s for _, s in self.options]

    def _refresh(self) -> None:
        mode = self.mode.value
        self.side.visible = mode == Mode.COMPUTER
        self.level.visible = mode in (Mode.COMPUTER, Mode.WATCH)
        self.level2.visible = mode == Mode.WATCH
        desc = {n: d for n, _, d in self.levels}
        self.level.help = desc.get(self.level.value, N_("How hard the computer thinks."))
        self.level2.help = desc.get(self.level2.value, N_("How hard the computer thinks."))
        values = self._option_values()
        sides = sides_of(self.current_config().make_game())
        self.records = {  # for the About box
            level: level_record(self.spec.id, values, level, [(side, sides[side]) for side in played])
            for level, played in self._sides_played().items()
        }
        self.level.label = Words("{side}: level", side=sides[0]) if mode == Mode.WATCH else "Difficulty"
        self.level2.label = Words("{side}: level", side=sides[1])
        self.side.choices = [(0, sides[0]), (1, sides[1])]
        self.side.help = Words("Play {first} or {second}.", first=sides[0], second=sides[1])
        for opt in self.spec.options:
            sel = self._selector(opt.name)
            if sel is not None:
                sel.enabled = opt.applies_to(values)
        widgets = [self.mode, self.side, self.level, self.level2] + self._option_rows()
        self.focus.set(
            [w for w in widgets if w.visible] + [self.start_button, self.rules, self.learn, self.back]
        )

    def _sides_played(self) -> dict[str, list[int]]:
        """Each level shown and the sides the computer plays at it: against a player, the side the
        player left; watching, the first level the first side and the second the second."""
        played: dict[str, list[int]] = {self.level.value: [], self.level2.value: []}
        if self.mode.value == Mode.COMPUTER:
            played[self.level.value].append(1 - self.side.value)
        elif self.mode.value == Mode.WATCH:
            played[self.level.value].append(0)
            played[self.level2.value].append(1)
        return played

    # --- actions ----------------------------------------------------------------------------------
    def current_config(self) -> MatchConfig:
        cfg = self.config
        level2 = (
            self.level2.value
            if self.mode.value == Mode.WATCH and self.level2.value != self.level.value
            else None
        )
        return MatchConfig(
            self.spec.id,
            self._option_values(),
            self.mode.value,
            self.side.value,
            self.level.value,
            cfg.min_pause,
            cfg.iterations,
            level2,
        )

    def start(self) -> None:
        cfg = self.current_config()
        self.config = cfg
        if self.chosen is not None:  # the position editor's rules: back to it with them
            self.app.sound.play("select")
            self.app.manager.pop()
            self.chosen(cfg)
            return
        remember_setup(cfg)
        game = cfg.make_game()
        rng = random.Random()
        state = game.new_initial_state(rng)
        self.app.sound.play("select")
        open_scene(
            self.app, SceneName.COIN if cfg.options.get("first") == "coin" else SceneName.PLAY, cfg, state
        )

    def show_rules(self) -> None:
        open_scene(self.app, SceneName.RULES, self.spec.id)

    def show_lesson(self) -> None:
        open_scene(self.app, SceneName.TUTORIAL, self.spec.id)

    def go_back(self) -> None:
        self.app.manager.pop()

    # --- input and drawing ------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        margin = int(36 * s)
        top = int(132 * s)
        col_gap = int(28 * s)
        col_w = (w - 2 * margin - col_gap) // 2
        bottom = h - int(100 * s)
        left_rows = [self.mode, self.side, self.level, self.level2]
        right_rows = self._option_rows()
        count = max(len(left_rows), len(right_rows), 1)
        row_h = min(int(84 * s), (bottom - top) // count - int(8 * s))
        gap = int(8 * s)
        y = top
        for sel in left_rows:
            sel.rect = pygame.Rect(margin, y, col_w, row_h)
            if sel.visible:
                y += row_h + gap
        for i, sel in enumerate(right_rows):
            sel.rect = pygame.Rect(margin + col_w + col_gap, top + i * (row_h + gap), col_w, row_h)
        bw, bh = int(200 * s), int(60 * s)
        by = h - int(80 * s)
        self.back.rect = pygame.Rect(margin, by, bw, bh)
        self.rules.rect = pygame.Rect(margin + bw + int(16 * s), by, bw, bh)
        self.learn.rect = pygame.Rect(margin + 2 * (bw + int(16 * s)), by, bw, bh)
        self.start_button.rect = pygame.Rect(w - margin - int(260 * s), by, int(260 * s), bh)

    def update(self, dt: float) -> None:
        self.layout(self.app.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.focus.focused
            if isinstance(focused, Button) and focused.visible:
                focused.activate()  # Back or Rules chosen with the keyboard
            else:
                self.start()  # from any row: Space or Left/Right change a row
            return
        if self.focus.handle(event) and event.type == pygame.MOUSEBUTTONDOWN:
            self.app.sound.play("click")  # the clicked row has the focus; Enter still starts

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        theme.blit_text(surface, self.spec.name, int(58 * s), theme.ACCENT, (int(36 * s), int(26 * s)))
        theme.blit_text(
            surface,
            theme.fit(
                Words("{origin} — {description}", origin=self.spec.origin, description=self.spec.description),
                int(24 * s),
                w - int(72 * s),
            ),
            int(24 * s),
            theme.TEXT_DIM,
            (int(36 * s), int(76 * s)),
        )
        col_x = self._option_rows()[0].rect.left if self.options else w // 2
        if self.options:
            theme.blit_text(surface, "RULES OPTIONS", int(22 * s), theme.TEXT_DIM, (col_x, int(106 * s)))
        theme.blit_text(surface, "PLAYERS", int(22 * s), theme.TEXT_DIM, (int(36 * s), int(106 * s)))
        self.focus.draw(surface, s)
        last = next(r for r in (self.level2, self.level, self.side, self.mode) if r.visible)
        self._draw_about(
            surface,
            pygame.Rect(
                last.rect.left,
                last.rect.bottom + int(16 * s),
                last.rect.width,
                self.back.rect.top - last.rect.bottom - int(32 * s),
            ),
            s,
        )
        left_of_hint = (
            self.learn if self.learn.visible else self.rules
        ).rect.right  # the last button on the left
        hint = theme.wrap(
            "Up/Down choose a row, Left/Right change it, Enter starts the game"
            if self.chosen is None
            else N_("Up/Down choose a row, Left/Right change it, Enter uses these rules"),
            int(20 * s),
            self.start_button.rect.left - left_of_hint - int(40 * s),
        )
        mid = (left_of_hint + self.start_button.rect.left) // 2
        y = self.start_button.rect.centery - len(hint) * int(11 * s)
        for line in hint:
            theme.blit_text(surface, line, int(20 * s), theme.TEXT_DIM, (mid, y), "midtop")
            y += int(22 * s)

    def about(self) -> tuple[Selector, str, str]:
        """The setting the About box explains (under the mouse, else with the focus), its full
        help with the default, and the house-rule note (only a house rule's own row has one)."""
        sel = next((w for w in self.focus.widgets if isinstance(w, Selector) and w.hover), None)
        if sel is None and isinstance(self.focus.focused, Selector):
            sel = self.focus.focused
        if sel is None:
            sel = self.mode
        levels = (self.level, self.level2)
        default = ""
        if sel.default is not None:
            label = next((lab for v, lab in sel.choices if v == sel.default), str(sel.default))
            default = tr(Words(" Default: {choice}.", choice=label))
        note = (
            (
                N_(
                    "House rule: a choice that no source states. "
                    "Keliya picks a default; change it if your table plays otherwise."
                )
            )
            if sel.house_rule
            else ""
        )
        records = self.records.get(sel.value, []) if sel in levels else []
        measured = "".join(" " + tr(words) for words in records)
        return sel, tr(sel.current_help) + default + measured, note

    def _draw_about(self, surface: pygame.Surface, box: pygame.Rect, s: float) -> None:
        """The About box: the help of the setting pointed at or focused, and its house-rule note."""
        sel, words, note = self.about()
        pad = int(14 * s)
        size = int(22 * s)
        lines = theme.wrap(words, size, box.width - 2 * pad)
        note_lines = theme.wrap(note, int(20 * s), box.width - 2 * pad) if note else []
        needed = (
            2 * pad
            + int(34 * s)
            + len(lines) * int(size * 1.1)
            + (len(note_lines) * int(21 * s) + pad if note_lines else 0)
        )
        box = pygame.Rect(box.left, box.top, box.width, min(box.height, needed))
        theme.panel(surface, box, (28, 32, 56), theme.PANEL_EDGE, int(12 * s), 1)
        x, y = box.left + pad, box.top + pad
        theme.blit_text(
            surface, Words("About: {setting}", setting=sel.label), int(26 * s), theme.ACCENT, (x, y)
        )
        y += int(34 * s)
        for line in lines:
            if y > box.bottom - int(60 * s) and note_lines:
                break
            theme.blit_text(surface, line, size, theme.TEXT, (x, y))
            y += int(size * 1.1)
        y = box.bottom - pad - len(note_lines) * int(21 * s)
        for line in note_lines:
            theme.blit_text(surface, line, int(20 * s), theme.HOUSE, (x, y))
            y += int(21 * s)
