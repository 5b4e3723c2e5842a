"""The play scene's side panel and the words around the board: whose turn it is (with the rules'
notes), the proven value, the two players, what saving has to say (a failure stays until a save
succeeds), what just happened, the message, the move log, and
the buttons. ``plan_panel`` works out where everything goes and returns it as one value (a
``PanelPlan``): it reads the scene and writes nothing, so that ``PlayScene.update`` is the one
place the panel's state changes (it keeps the plan, gives each button the place the plan gave it
and keeps the move list's scroll the plan clamped). ``game.render.panel_view.PanelView`` draws
it, reading only that plan and the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import pygame

from rules.kinds import Phase
from rules.words import N_, Words

from .. import theme
from ..config import Mode
from ..i18n import tr
from ..match.analysis import MARKS, Verdict
from ..match.events import Tone
from ..match.numbering import move_label
from ..match.words import agreeing, log_rows, turn_parts

if TYPE_CHECKING:
    from ..match import Match
    from ..scenes.play import PlayScene
    from ..widgets import Button


def tone_color(tone: Tone) -> theme.Color:
    """The colour of words said in ``tone`` (read from the palette in force)."""
    return {
        Tone.TEXT: theme.TEXT,
        Tone.DIM: theme.TEXT_DIM,
        Tone.ACCENT: theme.ACCENT,
        Tone.INFO: theme.ACCENT_2,
        Tone.WARN: theme.WARN,
        Tone.HINT: theme.HINT,
        Tone.GOOD: theme.GOOD,
    }[tone]


@dataclass(frozen=True)
class PlacedButton:
    """One of the scene's buttons as the plan shows it: where it goes, whether it can be pressed
    and what it says. A button the plan leaves out is hidden (``PlayScene.place``)."""

    button: Button
    rect: pygame.Rect
    enabled: bool
    label: str


@dataclass(frozen=True)
class PanelPlan:
    """Where the panel's parts go for one size and one state of the match (``plan_panel``): a
    value, equal for equal inputs, which the scene keeps from one ``update`` to the next."""

    panel: pygame.Rect
    s: float
    x: int
    inner_w: int
    name_size: int
    mode_words: str
    mode_y: int  # the mode's line (the speed button at its end)
    rules_words: str
    rules_y: int  # the rule in force's line, under the speed button
    turn_box: pygame.Rect
    turn_head: str
    turn_player: (
        int  # whose piece stands beside the head: the side to move, or the mover of the move looked at
    )
    turn_lines: tuple[tuple[str, theme.Color], ...]
    proven: tuple[str, int] | None  # words, y
    cards: tuple[pygame.Rect, ...]
    compact: bool  # player cards of one line (the move list needed the room)
    bits_sizes: tuple[int, int]  # the size of each compact card's counts
    notice_lines: tuple[tuple[str, int], ...]  # what saving has to say (``save_notice``)
    notice_color: theme.Color
    event_lines: tuple[tuple[str, int], ...]
    message_lines: tuple[tuple[str, int], ...]
    message_color: theme.Color
    message_size: int  # the guidance's size: smaller before it is cut
    buttons: tuple[PlacedButton, ...]  # the buttons shown, in the scene's order (it draws them so)
    speed: pygame.Rect  # the speed button's place, at the end of the mode's line
    log_area: pygame.Rect
    log_scroll: int  # rows scrolled back from the newest, kept in range (the scene keeps it)
    log_rows_fit: int
    log_marked: int  # the move whose cell is marked: the one looked at (a judged move itself), else the last
    log_cells: tuple[tuple[pygame.Rect, int, str], ...]  # area, move index, notation
    log_numbers: tuple[tuple[str, int], ...]  # "12.", y
    log_heads: tuple[tuple[str, int], ...]  # a side's name, x
    log_head_w: int
    log_more: str  # how many rows lie above or below the ones shown
    graph_title_size: int
    graph_area: pygame.Rect | None  # the engine's look over the game, once asked for
    graph_title: pygame.Rect | None  # the graph's title line: a click there shows the other side
    graph_plot: pygame.Rect  # where the line goes, under the title line
    graph_line: tuple[tuple[float, float], ...]
    graph_marks: tuple[tuple[tuple[float, float], theme.Color, int], ...]  # where, colour, ply
    graph_now: float | None  # x of the move looked at
    graph_words: str
    graph_switch: str  # drawn at the right of the title line: the key that shows the other side
    help_line: str
    help_pos: tuple[int, int]
    help_lines: tuple[tuple[str, int], ...]  # the help under the board: words, y
    help_size: int
    thinking: bool


MIN_LOG_ROWS = 4  # the move list keeps at least this many rows: the rest of the panel gives way
#: rows the move list keeps at the last, when the guidance needs the room (it scrolls)
FEWEST_LOG_ROWS = 2


def plan_panel(sc: PlayScene, size: tuple[int, int], log_scroll: int) -> PanelPlan:
    """Lay the panel out for ``size``, the match as it stands and the move list scrolled back
    ``log_scroll`` rows (the plan says the scroll kept in range); buttons placed here too. The
    guidance is said whole (a sentence in Tamil or Sinhala runs half again as long as in
    English): when it and the move list's few rows do not both fit, the player cards go compact
    (if their counts fit beside the names), then the guidance is written smaller (never below
    ``message_floor``), then the move list keeps only ``FEWEST_LOG_ROWS``, then none (a long
    notice; the moves are still a key away); only past that is the guidance cut (with an
    ellipsis, and the layout check reports it)."""
    s = theme.scale_for(size)
    full, small = int(22 * s), message_floor(s)
    shrinks = all(
        _compact_bits_size(sc, size, player) for player in (0, 1)
    )  # a compact card says all it says
    plan = None
    wanted = log_scroll  # the player's own scroll: each layout tried keeps it as far as it can
    for compact, msg_size, rows in (
        (False, full, MIN_LOG_ROWS),
        (shrinks, full, MIN_LOG_ROWS),
        (shrinks, small, MIN_LOG_ROWS),
        (shrinks, small, FEWEST_LOG_ROWS),
        (shrinks, small, 0),
    ):
        plan = _plan_panel(sc, size, compact, msg_size, rows, wanted)
        whole = not any(isinstance(line, theme.Cut) for line, _ in plan.message_lines)
        if whole and (plan.log_rows_fit >= rows or not sc.match.log):
            break
    assert plan is not None
    return plan


def card_bits(sc: PlayScene, player: int) -> str:
    """What a player's card counts, in the player's language: in hand, taken."""
    shown = sc.match.board_source.state  # a position looked back at counts its own
    hands, caught = shown.hands(), sc.shown_taken()
    bits: list[str] = [Words("taken {n}", n=caught[player])] if sc.show_taken else []
    if any(hands) or shown.phase == Phase.DROP:
        bits.insert(0, Words("in hand {n}", n=hands[player]))
    return "  ·  ".join(tr(b) for b in bits)


def _compact_bits_size(sc: PlayScene, size: tuple[int, int], player: int) -> int:
    """The size a compact card writes its counts at, beside the name and before the pieces in
    hand or the spinner at its right; 0 when they cannot be written there readably."""
    m = sc.match
    s = theme.scale_for(size)
    panel = sc.layout(size)[1]
    pad = int(14 * s)
    left, right = panel.left + pad, panel.right - pad
    words = card_bits(sc, player)
    if not words:
        return int(20 * s)
    icon_r = int(20 * s)
    x = (
        left
        + int(12 * s)
        + 2 * icon_r
        + int(12 * s)
        + theme.measure(m.side(player), int(28 * s))[0]
        + int(12 * s)
    )
    in_hand = m.board_source.state.hands()[player]
    if m.computer.thinking and m.state.to_move == player:
        right -= int(24 * s) + int(12 * s) + int(6 * s)  # the spinner
    elif in_hand:
        r = int(11 * s)
        right -= int(16 * s) + 2 * r + int((min(in_hand, 5) - 1) * r * 0.9) + int(6 * s)  # the stack
    else:
        right -= int(12 * s)
    floor = max(13, int(16 * s))
    fitted = theme.fit_size(words, int(20 * s), floor, right - x)
    return fitted if theme.measure(words, fitted)[0] <= right - x else 0


def message_floor(s: float) -> int:
    """The smallest size the guidance is written at for scale ``s``: a script's small letters
    stay readable (14 pixels at 960x600)."""
    return max(14, int(19 * s))


def _plan_panel(
    sc: PlayScene, size: tuple[int, int], compact: bool, msg_size: int, log_rows: int, log_scroll: int
) -> PanelPlan:
    m = sc.match
    board_rect, panel = sc.layout(size)
    s = theme.scale_for(size)
    pad = int(14 * s)
    x, inner_w = panel.left + pad, panel.width - 2 * pad
    help_line, help_pos = m.help_text(), (board_rect.centerx, board_rect.bottom + int(6 * s))
    help_size, help_lines = _plan_help(help_line, help_pos, board_rect, panel, size, s)
    name_size = theme.fit_size(m.spec.name, int(34 * s), 14, inner_w)
    y = panel.top + pad + theme.font(name_size).get_linesize() + int(4 * s)  # under the game's name
    mode_words = {Mode.PASS: N_("Pass and play"), Mode.WATCH: N_("Computer v computer")}.get(
        m.config.mode, Words("You play {side}", side=m.side(m.config.human_side))
    )
    speed_w = int(inner_w * 0.42)  # the animation speed: a fixed place at the end of this line
    speed = pygame.Rect(x + inner_w - speed_w, y - int(4 * s), speed_w, max(26, int(30 * s)))
    mode_y, rules_y = y, 0
    rules_words = m.rules_in_force()
    if rules_words:  # under the speed button and its shadow, never under its body
        y = rules_y = max(y + int(26 * s), speed.bottom + max(2, int(4 * s)))
    y += int(34 * s)
    turn = _plan_turn_box(sc, x, inner_w, s, y)
    y = turn.box.bottom + int(10 * s)
    proven = None
    said_proven = m.proven_line()
    if said_proven:
        proven = (said_proven, y)
        y += int(int(20 * s) * 1.3)
    card_h = int((50 if compact else 74) * s)
    bits_sizes = (_compact_bits_size(sc, size, 0), _compact_bits_size(sc, size, 1)) if compact else (0, 0)
    cards = []
    for _ in (0, 1):
        cards.append(pygame.Rect(x, y, inner_w, card_h))
        y += card_h + int((5 if compact else 8) * s)
    y += int(4 * s)
    said = int(22 * s)  # what saving has to say and what just happened: at full size
    notice_color, notice_lines = theme.WARN, list[tuple[str, int]]()
    if m.save_notice.words:  # a save that failed stays here, apart from the guidance, until one succeeds
        notice_color = tone_color(m.save_notice.tone)
        for line in theme.wrap(m.save_notice.words, said, inner_w, most=6):
            notice_lines.append((line, y))
            y += int(said * 1.05)
        y += int(6 * s)
    event_lines = []
    looked_over = m.analysis is not None and m.state.outcome() is not None
    if (
        m.event and not m.review.active and not looked_over
    ):  # looking back, the message says what the move did
        for line in theme.wrap(m.event, said, inner_w, most=2):
            event_lines.append((line, y))
            y += int(said * 1.05)
        y += int(6 * s)
    buttons, ctx_y = _place_buttons(sc, panel, x, inner_w, s, speed)
    bh = int(48 * s)
    # the guidance takes the lines it needs, down to where the graph and the move list's
    # ``log_rows`` rows must start
    graph_title_size = max(12, int(16 * s))
    title_h = theme.font(graph_title_size).get_linesize() + int(4 * s)
    below = int(4 * s) + title_h + int(70 * s) + int(6 * s) if m.analysis is not None else 0
    log_h = int(16 * s) + (int(24 * s) + log_rows * int(int(20 * s) * 1.2) if m.log else 0)
    step = int(msg_size * 1.05)
    most = max(1, (ctx_y + bh - log_h - below - y) // step)
    message_lines = []
    for line in theme.wrap(m.said.words, msg_size, inner_w, most=most):
        message_lines.append((line, y))
        y += step
    graph_area = graph_title = None
    graph = _Graph(pygame.Rect(0, 0, 0, 0))
    if m.analysis is not None:
        graph_area = pygame.Rect(x, y + int(4 * s), inner_w, title_h + int(70 * s))
        graph_title = pygame.Rect(x, graph_area.top, inner_w, title_h)
        graph = _plan_graph(m, graph_area, graph_title, graph_title_size, s)
        y = graph_area.bottom + int(6 * s)
    log_area = pygame.Rect(x, y + int(8 * s), inner_w, ctx_y + bh - y - int(16 * s))
    log = _plan_log(m, log_area, s, log_scroll)
    return PanelPlan(
        panel=panel,
        s=s,
        x=x,
        inner_w=inner_w,
        name_size=name_size,
        mode_words=mode_words,
        mode_y=mode_y,
        rules_words=rules_words,
        rules_y=rules_y,
        turn_box=turn.box,
        turn_head=turn.head,
        turn_player=turn.player,
        turn_lines=turn.lines,
        proven=proven,
        cards=tuple(cards),
        compact=compact,
        bits_sizes=bits_sizes,
        notice_lines=tuple(notice_lines),
        notice_color=notice_color,
        event_lines=tuple(event_lines),
        message_lines=tuple(message_lines),
        message_color=tone_color(m.said.tone),
        message_size=msg_size,
        buttons=buttons,
        speed=speed,
        log_area=log_area,
        log_scroll=log.scroll,
        log_rows_fit=log.rows_fit,
        log_marked=log.marked,
        log_cells=log.cells,
        log_numbers=log.numbers,
        log_heads=log.heads,
        log_head_w=log.head_w,
        log_more=log.more,
        graph_title_size=graph_title_size,
        graph_area=graph_area,
        graph_title=graph_title,
        graph_plot=graph.plot,
        graph_line=graph.line,
        graph_marks=graph.marks,
        graph_now=graph.now,
        graph_words=graph.words,
        graph_switch=graph.switch,
        help_line=help_line,
        help_pos=help_pos,
        help_lines=help_lines,
        help_size=help_size,
        thinking=m.computer.thinking and not m.busy,  # said under the board, where nothing is covered
    )


def _plan_help(
    help_line: str,
    help_pos: tuple[int, int],
    board_rect: pygame.Rect,
    panel: pygame.Rect,
    size: tuple[int, int],
    s: float,
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The help under the board on as many lines as the room below it holds, smaller type before
    an ellipsis (a sentence in Tamil or Sinhala runs half again as long as in English): its size
    and its lines."""
    width = min(panel.left - int(16 * s), board_rect.centerx * 2) - int(16 * s)
    room = size[1] - help_pos[1] - int(2 * s)
    text_size, [lines] = theme.wrap_to_room([help_line], int(21 * s), max(11, int(16 * s)), width, room)
    line_h = int(text_size * theme.LINE_SPACING)
    fits = max(1, room // line_h)
    lines = theme.wrap(help_line, text_size, width, most=fits)
    return text_size, tuple((line, help_pos[1] + i * line_h) for i, line in enumerate(lines))


class _Turn(NamedTuple):
    """The turn box: where, its head, whose piece stands beside it, the notes under it."""

    box: pygame.Rect
    head: str
    player: int
    lines: tuple[tuple[str, theme.Color], ...]


def _plan_turn_box(sc: PlayScene, x: int, inner_w: int, s: float, y: int) -> _Turn:
    m = sc.match
    out = None if m.review.active else m.shown_outcome
    head, rest = turn_parts(m)
    if out is not None or m.review.active:
        notes = [(rest, False)]
    elif m.moving is not None:  # the board still shows the move: no notes for the next turn yet
        notes = []
    else:  # each note in the warning colour when its code is urgent (a forced capture, a huff)
        urgent = m.urgent_notes()
        notes = [(n.words, n.code in urgent) for n in m.notes] or ([(rest, False)] if rest else [])
    lines = [
        (line, theme.WARN if warn else theme.ACCENT_2)
        for note, warn in notes
        for line in theme.wrap(note, int(23 * s), inner_w - int(20 * s))
    ]
    if out is None and m.computer.thinking:
        head = thinking(m.side(m.shown_to_move), "." * (1 + int(sc.time * 3) % 3))
    named = m.review.named_ply if m.review.active else None
    player = m.log[named - 1].mover if named and named <= len(m.log) else m.shown_to_move
    box = pygame.Rect(x, y, inner_w, int(70 * s) + len(lines) * int(24 * s))
    return _Turn(box, head, player, tuple(lines))


def _place_buttons(
    sc: PlayScene, panel: pygame.Rect, x: int, inner_w: int, s: float, speed: pygame.Rect
) -> tuple[tuple[PlacedButton, ...], int]:
    """The button row at the bottom (the buttons of it the scene shows) and the context buttons
    stacked above it, with the speed button at ``speed``; returns them in the scene's order and
    the top of the context stack (the log fills the space above)."""
    m = sc.match
    bh, gap = int(48 * s), int(8 * s)
    bottom = panel.bottom - int(14 * s)
    row = [b for b in (sc.undo_button, sc.turn_button, sc.rules_button, sc.menu_button) if b.visible]
    room = inner_w - gap * (len(row) - 1)
    need = [b.label_width(bh) for b in row]
    # Equal widths, unless a label would have to shrink: then each gets what it needs and an equal
    # part of what is left over (or, when even that is too much, its share of the room).
    equal, spare = room // len(row), room - sum(need)
    widths = (
        [equal] * len(row)
        if max(need) <= equal
        else [n + spare // len(row) for n in need]
        if spare >= 0
        else [room * n // sum(need) for n in need]
    )
    places: dict[Button, pygame.Rect] = {sc.speed_button: speed}
    left = x
    for b, bw in zip(row, widths):
        places[b] = pygame.Rect(left, bottom - bh, bw, bh)
        left += bw + gap
    ctx_y = bottom - bh - gap - bh
    interactive = m.human_to_move and not m.busy
    # The hint keeps its place while a piece is selected (greyed), so the panel does not jump.
    # Looking back, it shows only while it can be asked (the move list needs the room).
    hint_enabled = m.hint_available()
    shown = {
        sc.stop_button: interactive and m.builder.can_stop(),
        sc.decline_button: interactive and bool(m.builder.removal_points()) and not m.builder.path,
        sc.hint_button: m.computer.adviser is not None
        and (hint_enabled if m.review.active else m.state.outcome() is None),
        sc.pause_button: m.config.mode == Mode.WATCH and m.state.outcome() is None,
        sc.back_button: m.review.active,
        sc.redo_button: m.can_redo and not m.review.active,
        sc.step_button: m.config.mode == Mode.WATCH and m.paused and m.state.outcome() is None,
    }
    for b, visible in shown.items():
        if visible:
            places[b] = pygame.Rect(x, ctx_y, inner_w, bh)
            ctx_y -= bh + gap
    enabled = {sc.hint_button: hint_enabled, sc.undo_button: m.can_undo}
    labels = {sc.pause_button: "Resume" if m.paused else "Pause"}
    placed = tuple(
        PlacedButton(b, places[b], enabled.get(b, b.enabled), labels.get(b, b.label))
        for b in sc.buttons
        if b in places
    )
    return placed, ctx_y


VERDICT_COLORS = {
    Verdict.BLUNDER: (240, 80, 70),
    Verdict.MISTAKE: (245, 160, 60),
    Verdict.INACCURACY: (230, 210, 90),
}


#: the key that shows the graph from the other side (``PlayScene``), and the sign drawn at the
#: right of the graph's title line for it: the line turns upside down
GRAPH_KEY = "G"
GRAPH_SWITCH = f"↕ {GRAPH_KEY}"


def thinking(side: str, dots: str) -> Words:
    """'North is thinking...', 'Leopards are thinking...' (the verb agrees with the side's name)."""
    return agreeing(side, N_("{side} is thinking{dots}"), N_("{side} are thinking{dots}"), dots=dots)


def graph_title_words(m: Match) -> str:
    """Whose chances the graph shows: 'Your chances (North), move by move' to a person playing
    the computer, 'The computer's chances (South), ...' turned round, else '{side}'s chances'."""
    side = m.graph_side
    if m.lone_human is None:
        return agreeing(
            m.side(side), N_("{side}'s chances, move by move"), N_("{side}' chances, move by move")
        )
    if side == m.lone_human:
        return Words("Your chances ({side}), move by move", side=m.side(side))
    return Words("The computer's chances ({side}), move by move", side=m.side(side))


class _Graph(NamedTuple):
    """The graph's drawing inside its area (empty until the game is looked over)."""

    plot: pygame.Rect
    line: tuple[tuple[float, float], ...] = ()
    marks: tuple[tuple[tuple[float, float], theme.Color, int], ...] = ()
    now: float | None = None
    words: str = ""
    switch: str = ""


def _plan_graph(m: Match, area: pygame.Rect, title: pygame.Rect, title_size: int, s: float) -> _Graph:
    """The expected result after each move, left to right, from the side ``Match.graph_side``
    (the person's own against the computer), with the slips marked (a click on the graph looks
    at that move, on its title line shows the other side); a progress line while the engine
    works."""
    analysis = m.analysis
    assert analysis is not None
    values = analysis.graph(m.graph_side)
    inner = pygame.Rect(
        area.left + int(6 * s),
        title.bottom + int(2 * s),
        area.width - int(12 * s),
        area.bottom - title.bottom - int(8 * s),
    )
    steps = max(1, analysis.total - 1)

    def at(ply: int, value: float) -> tuple[float, float]:
        return (inner.left + inner.width * ply / steps, inner.bottom - inner.height * value)

    marks = tuple(
        (at(j.ply, values[j.ply]), VERDICT_COLORS[j.verdict], j.ply)
        for j in analysis.judgements()
        if j.verdict in VERDICT_COLORS
    )
    shown = m.review.named_ply if m.review.active else None
    words: str
    switch = ""
    if analysis.error:
        words = Words("The analysis stopped: {problem}", problem=analysis.error)
    elif not analysis.done:
        words = Words(
            "The computer is looking the game over: {done} of {total} positions",
            done=len(values),
            total=analysis.total,
        )
    else:
        words = graph_title_words(m)
        switch = GRAPH_SWITCH
    switch_w = theme.measure(switch, title_size)[0] + int(8 * s) if switch else 0
    return _Graph(
        plot=inner,
        line=tuple(at(i, v) for i, v in enumerate(values)),
        marks=marks,
        now=None if shown is None else at(shown, 0)[0],
        words=theme.fit(words, title_size, area.width - int(12 * s) - switch_w),
        switch=switch,
    )


def graph_title_clicked(plan: PanelPlan, pos: tuple[int, int]) -> bool:
    """A click on the graph's title line (it shows the graph from the other side)."""
    return plan.graph_title is not None and bool(plan.graph_switch) and plan.graph_title.collidepoint(pos)


def graph_ply(plan: PanelPlan, pos: tuple[int, int], total: int) -> int | None:
    """The move under a click on the graph (None: not on it)."""
    area = plan.graph_area
    if area is None or not area.collidepoint(pos) or total < 2:
        return None
    if plan.graph_title is not None and plan.graph_title.collidepoint(pos):
        return None  # the title line: the side shown, not a move
    inner = plan.graph_plot
    return max(0, min(total - 1, round((pos[0] - inner.left) / max(1, inner.width) * (total - 1))))


class _Log(NamedTuple):
    """The move list's rows in view and its scroll kept in range."""

    scroll: int
    rows_fit: int
    marked: int
    cells: tuple[tuple[pygame.Rect, int, str], ...] = ()
    numbers: tuple[tuple[str, int], ...] = ()
    heads: tuple[tuple[str, int], ...] = ()
    head_w: int = 0
    more: str = ""


def _plan_log(m: Match, area: pygame.Rect, s: float, scroll: int) -> _Log:
    """The move list in two columns (a number, then each side's move), as many rows as fit: the
    newest at the bottom, unless the player reads back (``scroll``: the wheel, Page Up/Down) or
    looks at a past move, which then stays in view. Each cell is a click area that looks at that
    move."""
    line_h = int(int(20 * s) * 1.2)
    fits = (area.height - int(24 * s)) // line_h
    rows = log_rows(m.log)
    marked = m.highlighted_ply
    if fits < 2 or not rows:
        return _Log(0, fits, marked)
    scroll = max(0, min(scroll, len(rows) - fits))
    if m.review.active:  # the move looked at stays in view
        row_of = next(
            (k for k, (_, cells) in enumerate(rows) if any(c and c.ply == marked for c in cells)),
            None,
        )
        if row_of is not None:
            last = len(rows) - scroll
            if row_of >= last:
                scroll = len(rows) - row_of - 1
            elif row_of < last - fits:
                scroll = len(rows) - row_of - fits
    last = len(rows) - scroll
    first = max(0, last - fits)
    num_w = theme.measure(move_label(rows[-1][0], 0), int(19 * s))[0] + int(8 * s)
    col_w = (area.width - num_w) // 2
    numbers: list[tuple[str, int]] = []
    cells: list[tuple[pygame.Rect, int, str]] = []
    y = area.top + int(24 * s)
    for number, row in rows[first:last]:
        numbers.append((move_label(number, 0), y))  # the turn's number, as its first move's label
        for p, entry in enumerate(row):
            if entry is not None:
                cell = pygame.Rect(
                    area.left + num_w + p * col_w - int(4 * s), y - int(2 * s), col_w - int(4 * s), line_h
                )
                mark = ""
                if m.analysis is not None:
                    judged = m.analysis.judgement(entry.ply)
                    mark = MARKS[judged.verdict] if judged is not None else ""
                cells.append((cell, entry.ply, entry.notation + mark))
        y += line_h
    above, below = first, len(rows) - last
    return _Log(
        scroll=scroll,
        rows_fit=fits,
        marked=marked,
        cells=tuple(cells),
        numbers=tuple(numbers),
        heads=tuple((m.side(p), area.left + num_w + p * col_w) for p in (0, 1)),
        head_w=col_w - int(8 * s),
        more=" ".join(t for t in (f"▲{above}" if above else "", f"▼{below}" if below else "") if t),
    )
