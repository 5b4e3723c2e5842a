"""The match model on its own, without a window: moves played through the rules and reported as
events, announced only once shown, undo and redo, looking back, the move list, and the words."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from game.config import Controller, MatchConfig, Mode
from game.match import BoardReset, Flash, Match, Played, Said, Sound, Tone
from game.match.events import SILENT
from game.match.numbering import move_labels
from game.match.words import LogEntry, log_rows, moves_now, turn_parts
from rules import load_game, load_state
from rules.kinds import BoardKind, EffectKind, MoveKind
from tests.hang_guard import run as run_bounded
from tools.scenarios import chain_position, huff_position, random_play


def match_of(state, **config) -> Match:
    return Match(MatchConfig(state.game.id, dict(state.game.options), **config), state.copy())


def test_a_move_is_reported_then_announced_only_once_shown():
    m = Match(MatchConfig("kotu_ellima"))
    move = m.state.legal_moves()[0]
    m.click(move.path[0])
    m.click(move.path[1])
    events = m.take_events()
    played = next(e for e in events if isinstance(e, Played))
    assert played.move == move and m.state.ply == 1 and m.busy
    assert m.log == [] and m.event == ""  # not yet shown
    assert m.turn_text() == moves_now(m.side(0))
    m.land()
    assert not m.busy and [e.notation for e in m.log] == [m.state.game.format_move(move)]
    assert m.event.startswith(f"{m.side(0)}: ")


def test_a_refused_click_says_why_and_flashes_the_cell():
    m = Match(MatchConfig("kotu_ellima"))
    enemy = next(p for p, (owner, _) in m.pieces_now.items() if owner == 1)
    m.click(enemy)
    events = m.take_events()
    assert Flash(enemy) in events and Sound("illegal", 0.6) in events
    assert m.said.tone == Tone.WARN and m.state.ply == 0


def test_undo_and_redo_against_the_computer_go_back_to_the_players_move():
    state = load_game("kotu_ellima").new_initial_state()
    m = Match(MatchConfig("kotu_ellima", mode=Mode.PASS), state)
    m.controllers = [Controller.HUMAN, Controller.COMPUTER]
    for _ in range(4):
        m.play(m.state.legal_moves()[0])
        m.settle()
    m.take_events()
    m.undo()
    assert m.state.ply == 2 and len(m.log) == 2 and any(isinstance(e, BoardReset) for e in m.take_events())
    assert m.can_redo
    m.redo()
    m.settle()
    assert m.state.ply == 4 and not m.can_redo


def test_looking_back_never_changes_the_game():
    state = random_play("sixteen_soldiers", 2, lambda s: s.ply >= 10)
    m = match_of(state)
    live = m.state.to_text()
    m.review_at(3)
    assert m.review.active and m.board_source.state.ply == state.ply - 10 + 3
    third = move_labels(m.movers)[2]  # the move list's own label ('2.' when South moved twice running...)
    assert m.said.words.startswith(f"Move {third} — {m.side(m.movers[2])}: ")
    assert turn_parts(m)[0] == f"Move {third}, {m.side(m.movers[2])}"
    m.click(next(iter(m.board_source.pieces_now)))  # a click on the board goes back to the game
    assert not m.review.active and m.state.to_text() == live


def test_the_move_list_rows_keep_a_side_that_moves_twice_in_its_own_column():
    entries = [
        LogEntry(1, 0, "a", ""),
        LogEntry(2, 1, "b", ""),
        LogEntry(3, 1, "c", ""),
        LogEntry(4, 0, "d", ""),
        LogEntry(5, 1, "e", ""),
    ]
    rows = log_rows(entries)
    assert [(n, [e.notation if e else None for e in cells]) for n, cells in rows] == [
        (1, ["a", "b"]),
        (2, [None, "c"]),
        (3, ["d", "e"]),
    ]
    assert log_rows([LogEntry(1, 1, "x", "")]) == [
        (1, [None, LogEntry(1, 1, "x", "")])
    ]  # second player first


def test_a_huff_by_the_computer_is_said_where_the_player_looks_and_stays_marked():
    state = huff_position()
    m = match_of(state, mode=Mode.COMPUTER, human_side=state.to_move ^ 1)
    huffer = m.state.to_move
    m.controllers = [Controller.COMPUTER if p == huffer else Controller.HUMAN for p in (0, 1)]
    huff = next(mv for mv in m.state.legal_moves() if mv.kind == MoveKind.HUFF)
    m.play(huff)
    m.land()
    follow = m.state.legal_moves()[0]  # a huff does not end the turn: the computer moves on
    m.play(follow)
    m.land()
    cell = state.game.point_name(huff.path[0])
    assert (
        m.said.words.startswith(
            f"{m.side(huffer)} huffed your piece on {cell}: it could have captured and did "
            "not (the huff rule). "
        )
        and m.said.tone == Tone.WARN
    )
    assert any(e.cell == huff.path[0] for e in m.last_effects)  # the removed piece stays marked


def test_a_chain_played_shows_the_route_the_player_clicked():
    state = chain_position()
    m = match_of(state)
    chain = max(m.state.legal_moves(), key=lambda mv: len(mv.captured))
    for cell in chain.path:
        m.click(cell)
    if m.builder.path:
        m.stop_chain()
    assert m.state.ply == state.ply + 1 and m.last_move is not None and m.last_move.path == chain.path


def test_the_match_model_never_imports_pygame():
    import sys

    code = (
        "import sys, game.match, game.tutorials.lesson_match, game.library; "
        "sys.exit('pygame' in sys.modules or 'pymunk' in sys.modules)"
    )
    assert run_bounded([sys.executable, "-c", code]).returncode == 0


def test_computer_against_computer_plays_each_side_at_its_own_level():
    from game import saves
    from game.config import Mode

    class Worker:  # answers nothing: only which level each request asks for is seen
        busy = False

        def __init__(self) -> None:
            self.asked: list[str] = []

        def request(self, position, level="medium", min_pause=0.0, seed=None, iterations=None) -> int:
            self.asked.append(level)
            return len(self.asked)

        def poll(self):
            return None

        def cancel(self) -> None:
            pass

        def close(self) -> None:
            pass

    config = MatchConfig("cows_leopards", mode=Mode.WATCH, level="hard", level2="easy")
    assert (config.level_of(0), config.level_of(1)) == ("hard", "easy")
    worker = Worker()
    m = Match(config, worker=worker)
    assert [m.controller_label(p) for p in (0, 1)] == ["Computer (Hard)", "Computer (Easy)"]
    m.tick(0.1)
    first = m.state.to_move
    m.computer.cancel_move()
    m.play(m.state.legal_moves()[0])
    m.settle()
    m.tick(0.1)
    assert worker.asked == [config.level_of(first), config.level_of(first ^ 1)]
    back = saves.read_match(saves.match_text(config, m.state))
    assert (back.config.level, back.config.level2) == ("hard", "easy")
    assert "Hard v Easy" in back.summary()


def test_the_move_list_numbers_its_rows_with_the_one_numbering():
    import random

    from game.match.numbering import turn_numbers

    rng = random.Random(5)
    for _ in range(200):
        movers = [rng.randrange(2) for _ in range(rng.randrange(1, 12))]
        entries = [LogEntry(i + 1, mover, str(i), "") for i, mover in enumerate(movers)]
        numbers = turn_numbers(movers)
        row_of = {e.ply: n for n, cells in log_rows(entries) for e in cells if e is not None}
        assert [row_of[e.ply] for e in entries] == numbers


def test_ncuva_writes_a_capturing_sowing_the_same_played_and_reopened():
    state = random_play("ncuva", 1, lambda s: any(s.move_text(mv).endswith("x") for mv in s.legal_moves()))
    m = match_of(state, mode=Mode.PASS)
    sowing = next(mv for mv in m.state.legal_moves() if m.state.move_text(mv).endswith("x"))
    written = m.state.move_text(sowing)
    m.play(sowing)
    m.settle()
    assert m.log[-1].notation == written and m.log[-1].words.startswith(
        f"{m.side(m.log[-1].mover)}: {written}, "
    )
    reopened = match_of(m.state)  # the same game built on the finished state, as a reopened save is
    assert [(e.notation, e.words) for e in reopened.log] == [(e.notation, e.words) for e in m.log]


def test_looking_back_at_the_start_and_a_hint_there_name_moves_by_the_list():
    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    m = match_of(state)
    m.review_at(0)
    assert turn_parts(m)[0] == "The start" and m.said.words.startswith("The start.")
    labels = move_labels(m.movers)
    m.review_at(4)
    assert turn_parts(m)[0] == f"Move {labels[3]}, {m.side(m.movers[3])}"


def test_the_result_is_said_to_the_person_who_played_the_computer():
    from tools.scenarios import finished

    state = finished("kotu_ellima", 3)
    winner = state.outcome().winner
    assert winner is not None
    m = match_of(state)
    m.controllers = (
        [Controller.HUMAN, Controller.COMPUTER] if winner == 1 else [Controller.COMPUTER, Controller.HUMAN]
    )  # the person lost
    assert turn_parts(m)[1].startswith("You lost: ")
    m.controllers = (
        [Controller.COMPUTER, Controller.HUMAN] if winner == 1 else [Controller.HUMAN, Controller.COMPUTER]
    )
    assert turn_parts(m)[1].startswith("You won: ")
    m.controllers = [Controller.HUMAN, Controller.HUMAN]
    assert turn_parts(m)[1].startswith(f"{m.side(winner)} wins: ")
    drawn = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    while drawn.outcome() is None:
        drawn.play(drawn.legal_moves()[0])
    assert drawn.outcome().winner is None
    m = match_of(drawn)
    m.controllers = [Controller.HUMAN, Controller.COMPUTER]
    assert turn_parts(m)[1].startswith("A draw: ")  # a draw stays a draw


# --- helpers for the tests below: positions found by seeded play, and an engine that answers at once ---
def having(game_id: str, wanted, **options):
    """The first seeded position of ``game_id`` with a legal move whose effects ``wanted(move,
    effects)`` accepts, and that move."""
    from tools.scenarios import find

    state = find(
        game_id,
        lambda s: any(wanted(mv, s.effects(mv)) for mv in s.legal_moves()),
        range(30),
        max_plies=300,
        **options,
    )
    return state, next(mv for mv in state.legal_moves() if wanted(mv, state.effects(mv)))


class Reply(NamedTuple):
    ticket: int
    move: str | None
    error: str | None


class ScriptedWorker:
    """An AI worker that answers each request at the next poll with ``answer(position)`` (a
    move's notation or None, an error or None); what it was asked is kept."""

    busy = False

    def __init__(self, answer=None) -> None:
        self.answer = answer
        self.requests: list[dict] = []
        self._waiting: tuple[int, str] | None = None

    def request(self, position, level="medium", min_pause=0.0, seed=None, iterations=None) -> int:
        self.requests.append(
            {"position": position, "level": level, "min_pause": min_pause, "iterations": iterations}
        )
        self._waiting = (len(self.requests), position)
        return len(self.requests)

    def poll(self):
        if self._waiting is None or self.answer is None:
            return None
        (ticket, position), self._waiting = self._waiting, None
        return Reply(ticket, *self.answer(position))

    def cancel(self) -> None:
        self._waiting = None

    def close(self) -> None:
        pass


def first_move(position: str) -> tuple[str | None, str | None]:
    state = load_state(position)
    return state.move_text(state.legal_moves()[0]), None


# --- a move in words ----------------------------------------------------------------------------------
def _takes(n: int):
    return lambda mv, fx: (
        len(mv.path) > 1 and sum(e.kind == EffectKind.REMOVE for e in fx) == n and not _crowns(fx)
    )


def _crowns(fx) -> bool:
    return any(e.kind == EffectKind.PROMOTE for e in fx)


@pytest.mark.parametrize(
    "game_id, options, wanted, said, plural",
    [
        ("kotu_ellima", {}, lambda mv, fx: not mv.captured, "{side}: {move}", ""),
        ("kotu_ellima", {}, _takes(1), "{side}: {move}, took {n}", "{side}: {move}, took {n}"),
        ("kotu_ellima", {}, _takes(2), "{side}: {move}, took {n}", "{side}: {move}, took {n}"),
        (
            "kotu_ellima",
            {"capture": "huff"},
            lambda mv, fx: mv.kind == MoveKind.HUFF,
            "{side}: {move}, huffed {other}'s piece",
            "",
        ),
        (
            "cows_leopards",
            {},
            lambda mv, fx: fx[0].kind == EffectKind.PLACE,
            "{side}: {move}, placed from hand",
            "",
        ),
        (
            "battlehalma",
            {},
            lambda mv, fx: _crowns(fx) and sum(e.kind == EffectKind.REMOVE for e in fx) == 1,
            "{side}: {move}, took {n}, crowned",
            "{side}: {move}, took {n}, crowned",
        ),
        (
            "battlehalma",
            {},
            lambda mv, fx: _crowns(fx) and not any(e.kind == EffectKind.REMOVE for e in fx),
            "{side}: {move}, crowned",
            "",
        ),
        (
            "ncuva",
            {},
            lambda mv, fx: not any(e.kind == EffectKind.CAPTURE for e in fx),
            "{side}: {move}",
            "",
        ),  # a sowing: one hole
        (
            "ncuva",
            {},
            lambda mv, fx: sum(e.count for e in fx if e.kind == EffectKind.CAPTURE) == 1,
            "{side}: {move}, took {n} stone",
            "{side}: {move}, took {n} stones",
        ),
        (
            "ncuva",
            {},
            lambda mv, fx: sum(e.count for e in fx if e.kind == EffectKind.CAPTURE) > 1,
            "{side}: {move}, took {n} stone",
            "{side}: {move}, took {n} stones",
        ),
    ],
)
def test_each_kind_of_move_is_told_in_its_own_words(game_id, options, wanted, said, plural):
    """The move list's words for a move: what it took (pieces, or stones), crowned, placed or
    huffed, with the side and the notation the list writes; a template with its values (and a
    counted one its plural), so a translation can say it its own way."""
    state, move = having(game_id, wanted, **options)
    m = match_of(state)
    side, other = m.side(state.to_move), m.side(state.to_move ^ 1)
    notation = state.move_text(move)
    effects = state.effects(move)
    n = sum(e.count for e in effects if e.kind == EffectKind.CAPTURE) or sum(
        e.kind == EffectKind.REMOVE for e in effects
    )
    m.play(move)
    m.land()
    words = m.log[-1].words
    wording = said if n == 1 or not plural else plural
    assert words == wording.format(side=side, move=notation, other=other, n=n)
    assert (words.template, words.plural) == (said, plural)


@pytest.mark.parametrize(
    "mode, human_side, level, labels",
    [
        (Mode.PASS, 0, "medium", ["Player 1", "Player 2"]),
        (Mode.COMPUTER, 0, "hard", ["You", "Computer (Hard)"]),
        (Mode.COMPUTER, 1, "easy", ["Computer (Easy)", "You"]),
        (
            Mode.COMPUTER,
            0,
            "grandmaster",
            ["You", "Computer (grandmaster)"],
        ),  # a level this Keliya does not know (a newer save's)
        (Mode.WATCH, 0, "hard", ["Computer (Hard)", "Computer (grandmaster)"]),
    ],
)
def test_the_panel_names_who_plays_each_side(mode, human_side, level, labels):
    config = MatchConfig("kotu_ellima", mode=mode, human_side=human_side, level=level, level2="grandmaster")
    m = Match(config, worker=ScriptedWorker())
    assert [m.controller_label(p) for p in (0, 1)] == labels


def test_the_line_under_the_board_says_what_the_pointer_does_now():
    from game.config import Mode

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 4)
    m = match_of(state)
    assert m.help_text() == m.guides.help_line(m)  # the player to move: what to click
    m.review_at(2)
    assert m.help_text() == (
        "Looking back: ← → step through the moves, End (or a click on the board) returns to the game."
    )
    m.review_at(None)
    m.controllers = [Controller.HUMAN, Controller.HUMAN]
    m.controllers[m.state.to_move] = Controller.COMPUTER
    assert (
        m.help_text()
        == f"Wait for {m.side(m.state.to_move)} (the computer) to move. U undoes your last move."
    )
    watched = Match(MatchConfig("kotu_ellima", mode=Mode.WATCH), state.copy(), worker=ScriptedWorker())
    assert watched.help_text() == (
        "Computer against computer: P pauses and resumes, N one move while paused, F1 the rules."
    )
    from tools.scenarios import finished

    over = match_of(finished("kotu_ellima", 3))
    assert over.help_text() == (
        "The game is over: Undo takes moves back, Menu starts another game; click a move to look back."
    )


def test_a_move_is_named_by_the_lists_label_and_its_side():
    from game.match.words import label_of, move_named

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 4)
    m = match_of(state)
    labels = move_labels(m.movers)
    assert [label_of(m, ply) for ply in range(6)] == ["", *labels, ""]  # '' for a move the list does not hold
    assert move_named(m, 1) == f"Move {labels[0]}, {m.side(m.movers[0])}"
    assert move_named(m, 4) == f"Move {labels[3]}, {m.side(m.movers[3])}"
    assert (move_named(m, 9), move_named(m, 0)) == ("Move 9", "Move 0")  # not in the list: the number alone
    assert (moves_now("North"), moves_now("Cows")) == ("North moves", "Cows move")


def test_the_rules_in_force_name_every_option_the_game_shows_in_play():
    import dataclasses

    m = Match(MatchConfig("kotu_ellima", {"capture": "huff"}))
    assert m.rules_in_force() == "Capture rule: Huff (traditional)"
    # a game that names two options in play (none does yet): each is named, one after the other
    shown = tuple(dataclasses.replace(o, in_play=o.name in ("capture", "threefold")) for o in m.spec.options)
    m.spec = dataclasses.replace(m.spec, options=shown)
    threefold = m.spec.option("threefold")
    assert m.rules_in_force() == (
        f"Capture rule: Huff (traditional) · {threefold.label}: "
        f"{threefold.label_of(m.state.game.options['threefold'])}"
    )
    m.spec = dataclasses.replace(m.spec, options=tuple(dataclasses.replace(o, in_play=False) for o in shown))
    assert m.rules_in_force() == ""


# --- the board's sounds, its way round, what a new match says ----------------------------------------
def sounds(m: Match) -> list[Sound]:
    return [e for e in m.take_events() if isinstance(e, Sound)]


def test_each_thing_done_on_the_board_has_its_own_sound():
    """Choosing a piece, a hop of a chain being built, the next player's turn in pass and play,
    a quiet move, turning the board and taking a move back each sound as the player learns them."""
    from tools.scenarios import free_chain_position

    m = match_of(free_chain_position())
    chain = next(mv for mv in m.state.legal_moves() if len(mv.captured) >= 2)
    intro = m.said
    m.take_events()
    m.click(chain.path[0])
    assert sounds(m) == [Sound("select", 0.6)] and m.said != intro  # what the chosen piece may do
    m.cancel_selection()
    assert m.said == intro and sounds(m) == []
    m.click(chain.path[0])
    m.take_events()
    m.click(chain.path[1])
    assert sounds(m) == [Sound("hop", 0.5)] and m.state.ply == free_chain_position().ply
    m.stop_chain()  # free captures: the chain may stop after its first jump
    played = next(e for e in m.take_events() if isinstance(e, Played))
    assert (
        played.move.path == chain.path[:2] and played.shown_hops == 1
    )  # the hop already seen is not shown again
    assert m.take_events() == []  # a capture: no hop sound
    m.land()
    assert sounds(m) == [Sound("turn", 0.5)]  # pass and play: the next player's turn
    quiet = next(mv for mv in m.state.legal_moves() if not mv.captured)
    m.play(quiet)
    assert sounds(m) == [Sound("hop", 0.7)]
    m.settle()
    m.take_events()
    m.flip()
    assert sounds(m) == [Sound("click", 0.5)]
    m.undo()
    assert sounds(m) == [Sound("click", 1.0)]


def test_stop_here_does_nothing_without_a_chain_to_stop():
    from tools.scenarios import free_chain_position

    m = match_of(free_chain_position())
    said = m.said
    m.take_events()
    m.stop_chain()  # nothing chosen
    m.click(m.state.legal_moves()[0].origin)
    m.stop_chain()  # one piece chosen: no move yet
    m.cancel_selection()
    m.play(m.state.legal_moves()[0])
    m.take_events()
    m.stop_chain()  # a move still being shown
    assert m.take_events() == [] and m.said == SILENT and m.state.ply == free_chain_position().ply + 1
    assert said != SILENT


@pytest.mark.parametrize(
    "game_id, wanted",
    [
        (
            "battlehalma",
            lambda mv, fx: len(mv.path) == 2 and fx[0].kind == EffectKind.REMOVE,
        ),  # an exchange: a step that removes
        ("cows_leopards", lambda mv, fx: fx[0].kind == EffectKind.PLACE),  # a piece placed from hand
    ],
)
def test_the_computers_move_landing_is_no_huff_and_no_turn_sound(game_id, wanted):
    """Only a huff is news ('huffed your piece'); against the computer there is no 'turn' sound."""
    state, move = having(game_id, wanted)
    worker = ScriptedWorker(lambda position: (state.move_text(move), None))
    m = Match(
        MatchConfig(game_id, dict(state.game.options), mode=Mode.COMPUTER, human_side=state.to_move ^ 1),
        state.copy(),
        worker=worker,
    )
    m.take_events()
    m.tick(0.1)
    assert m.state.history()[-1] == move
    m.land()
    assert m.said == m.guides.intro(m) and "huff" not in m.said.words and sounds(m) == []


def test_a_new_match_opens_with_the_guidance_for_its_position():
    for state in (load_game("kotu_ellima").new_initial_state(), huff_position()):
        m = match_of(state)
        assert m.said == m.guides.intro(m) and m.said.words  # nothing else said before it


def test_the_board_faces_the_player_it_should():
    from game import settings as user_settings

    def turned_after_each_move(m: Match, moves: int) -> list[bool]:
        seen = [m.turned]
        for _ in range(moves):
            m.play(m.state.legal_moves()[0])
            m.settle()
            seen.append(m.turned)
        return seen

    assert turned_after_each_move(Match(MatchConfig("kotu_ellima")), 2) == [False, False, False]
    assert Match(MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=1), worker=ScriptedWorker()).turned
    user_settings.update(rotate=True)  # pass and play, 'Turn the board': the player to move at the bottom
    m = Match(MatchConfig("kotu_ellima"))
    assert turned_after_each_move(m, 2) == [False, True, False]
    m.flip()  # turned round by the player (T): and so from now on
    assert turned_after_each_move(m, 2) == [True, False, True]


# --- the route the player clicked ------------------------------------------------------------------------
def test_a_move_with_several_routes_is_shown_by_the_route_the_player_clicked():
    """A Battlehalma leap may reach its square by two routes: the board, the last-move line and
    the list follow the one clicked (here one leap where the rules keep two), else the rules' own."""
    from tools.scenarios import find

    def short_cut(s) -> bool:
        return any(len(mv.path) >= 3 and any(len(r) == 2 for r in s.routes(mv)) for mv in s.legal_moves())

    state = find("battlehalma", short_cut, range(5), max_plies=150)
    move = next(
        mv for mv in state.legal_moves() if len(mv.path) >= 3 and any(len(r) == 2 for r in state.routes(mv))
    )
    direct = next(tuple(r) for r in state.routes(move) if len(r) == 2)
    elsewhere = next(mv.path for mv in state.legal_moves() if mv != move and len(mv.path) >= 2)
    for route, shown in [
        ((), move.path),
        (move.path, move.path),
        (direct, direct),
        (elsewhere, move.path),  # a route of another move: the rules' own
        ((move.path[0], move.path[0]), move.path),
    ]:  # no route at all
        m = match_of(state)
        m.play(move, route=route)
        assert m.last_move is not None and m.last_move.path == shown, route
        m.land()
        assert m.log[-1].notation == state.move_text(m.last_move)  # the list writes the way shown
        assert m.last_effects == state.effects(m.last_move)
    m = match_of(state)  # clicked: the leap, then its square again (a leap may stop there)
    for cell in (*direct, direct[-1]):
        m.click(cell)
    assert m.state.history()[-1] == move and m.last_move is not None and m.last_move.path == direct


# --- saving ---------------------------------------------------------------------------------------------
class ScriptedFile:
    """A game file whose saves go as the test says: each save takes the next (problem, words)
    (a problem: the save failed; words: what the save has to tell, say a game kept apart)."""

    def __init__(self, results: list[tuple[str, str]]) -> None:
        self.results = list(results)
        self.problem = ""

    def save(self, config, state) -> str:
        self.problem, said = self.results.pop(0)
        return self.problem or said


FAILED, KEPT_APART = "Could not save: the disk is full.", "This game was changed in another Keliya window."
SAVED_AGAIN = Said("Saved again: the game is safe on disk.", Tone.GOOD)


@pytest.mark.parametrize(
    "controllers, saves, notices",
    [
        # a failure is said until a save succeeds, then that it is saved again, until a person's next move
        (
            [Controller.HUMAN, Controller.HUMAN],
            [(FAILED, ""), (FAILED, ""), ("", ""), ("", ""), ("", KEPT_APART), ("", "")],
            [
                Said(FAILED, Tone.WARN),
                Said(FAILED, Tone.WARN),
                SAVED_AGAIN,
                SILENT,
                Said(KEPT_APART, Tone.INFO),
                SILENT,
            ],
        ),
        # the computer's move leaves it said; the person's own next move takes it away
        (
            [Controller.HUMAN, Controller.COMPUTER],
            [(FAILED, ""), (FAILED, ""), ("", ""), ("", ""), ("", "")],
            [Said(FAILED, Tone.WARN), Said(FAILED, Tone.WARN), SAVED_AGAIN, SAVED_AGAIN, SILENT],
        ),
        # when no person plays, any move takes it away
        (
            [Controller.COMPUTER, Controller.COMPUTER],
            [(FAILED, ""), ("", ""), ("", "")],
            [Said(FAILED, Tone.WARN), SAVED_AGAIN, SILENT],
        ),
        (
            [Controller.HUMAN, Controller.HUMAN],
            [("", ""), ("", "")],
            [SILENT, SILENT],
        ),  # saves that work: nothing to say
    ],
)
def test_what_saving_says_and_for_how_long(controllers, saves, notices):
    m = Match(
        MatchConfig("kotu_ellima"),
        load_game("kotu_ellima").new_initial_state(),
        game_file=ScriptedFile(saves),
    )
    m.controllers = controllers
    assert m.state.to_move == 0
    seen, saving = [], []
    for _ in notices:
        m.play(m.state.legal_moves()[0])
        m.settle()
        seen.append(m.save_notice)
        saving.append(m.saving)
    assert seen == notices
    assert saving == [notice.words != FAILED for notice in notices]


def test_export_writes_the_game_to_a_new_file_and_says_where_or_why_not():
    from pathlib import Path

    from game import saves
    from game.userfiles import data_dir, write_text_atomically

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 4)
    m = match_of(state)
    back = saves.read_match(m.game_text())
    assert back.state.to_text() == m.state.to_text() and back.config == m.config
    said = m.export_game()
    path = Path(said.values["path"])
    assert said == f"Exported to {path}" and path.read_text(encoding="utf-8") == m.game_text()
    for file in path.parent.iterdir():
        file.unlink()
    path.parent.rmdir()
    (data_dir() / "exports").write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(OSError) as failed:  # why no file can be written there, in the system's words
        write_text_atomically(data_dir() / "exports" / "a game.txt", "")
    assert failed.value.strerror
    assert m.export_game() == f"The game could not be exported: {failed.value.strerror}."


# --- the hint ----------------------------------------------------------------------------------------
def test_a_hint_is_looked_for_then_marked_and_said_or_its_failure_said():
    worker = ScriptedWorker(first_move)
    m = Match(MatchConfig("kotu_ellima", iterations=50), worker=worker)
    assert m.hint_available()
    m.ask_hint()
    assert m.said == Said("Looking for a good move...", Tone.INFO)
    assert worker.requests == [
        {"position": m.state.to_text(), "level": "hint", "min_pause": 0.0, "iterations": 50}
    ]
    assert not m.hint_available()  # one at a time
    m.tick(0.1)
    hint = m.state.legal_moves()[0]
    assert m.suggestion == hint and m.suggestion_effects == m.state.effects(hint)
    assert m.said == Said(f"Hint: {m.state.move_text(hint)} (marked on the board).", Tone.HINT)
    assert not m.hint_available()  # shown already
    m.forget_hint()
    assert (m.suggestion, m.suggestion_effects) == (None, []) and m.hint_available()
    worker.answer = lambda position: (None, "out of ideas")
    m.ask_hint()
    m.tick(0.1)
    assert m.said == Said("No hint this time: the computer could not move (out of ideas).", Tone.WARN)
    assert m.suggestion is None


def test_a_hint_while_looking_back_is_for_the_move_to_come_there():
    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    m = match_of(state)
    m.computer = type(m.computer)(ScriptedWorker(first_move), m.config, plays=False, hints=True)
    labels = move_labels(m.movers)
    m.review_at(3)
    m.ask_hint()
    assert m.said == Said(
        f"Looking for a good move for move {labels[3]}, the position looked at...", Tone.INFO
    )
    m.tick(0.1)
    view = m.review.view
    assert view is not None and view.suggestion == view.state.legal_moves()[0] and m.suggestion is None
    assert view.suggestion_effects == view.state.effects(view.suggestion)
    assert m.said.tone == Tone.HINT and not m.hint_available()  # shown there already
    m.review_at(0)
    m.ask_hint()
    assert m.said.words == f"Looking for a good move for move {labels[0]}, the position looked at..."


def test_the_hint_is_offered_only_to_a_person_with_a_move_to_make():
    from tools.scenarios import finished

    def offered(m: Match) -> bool:
        return m.hint_available()

    assert not offered(Match(MatchConfig("kotu_ellima")))  # no engine
    m = Match(MatchConfig("kotu_ellima"), worker=ScriptedWorker())
    assert offered(m)
    m.click(m.state.legal_moves()[0].origin)
    assert m.builder.path and not offered(m)  # a piece chosen: the hint would not fit it
    m.cancel_selection()
    assert offered(m)
    m.play(m.state.legal_moves()[0])
    assert m.busy and not offered(m)  # a move still being shown
    m.settle()
    m.controllers = [Controller.HUMAN, Controller.HUMAN]
    m.controllers[m.state.to_move] = Controller.COMPUTER
    assert not offered(m)  # the computer's turn
    over = Match(MatchConfig("kotu_ellima"), finished("kotu_ellima", 3), worker=ScriptedWorker())
    assert not offered(over)
    over.review_at(2)
    assert offered(over)  # a position looked back at, still open


# --- clicks the board does not take ------------------------------------------------------------------
def test_a_click_the_board_cannot_take_says_why_and_a_click_off_it_says_nothing():
    from tools.scenarios import finished

    over = match_of(finished("kotu_ellima", 3))
    assert over.said == SILENT  # the panel says the result
    over.click(None)
    assert over.said == SILENT
    over.click(next(iter(over.pieces_now)))
    assert over.said == Said("The game is over: Undo, or Menu for a new game.", Tone.ACCENT)
    m = Match(MatchConfig("kotu_ellima"))
    m.controllers = [Controller.HUMAN, Controller.HUMAN]
    m.controllers[m.state.to_move] = Controller.COMPUTER
    before = m.said
    m.click(None)
    assert m.said == before
    m.click(m.state.legal_moves()[0].origin)
    assert m.said == Said(f"Wait: {m.side(m.state.to_move)} (the computer) is thinking.", Tone.ACCENT)
    assert not m.builder.path
    herd = Match(MatchConfig("cows_leopards"))  # a side named in the plural
    herd.controllers = (
        [Controller.COMPUTER, Controller.HUMAN]
        if herd.state.to_move == 0
        else [Controller.HUMAN, Controller.COMPUTER]
    )
    herd.click(next(iter(herd.builder.legal())).path[0])
    assert herd.said == Said(
        f"Wait: {herd.side(herd.state.to_move)} (the computer) are thinking.", Tone.ACCENT
    )
    m.controllers = [Controller.HUMAN, Controller.HUMAN]
    m.play(m.state.legal_moves()[0])
    m.take_events()
    m.click(m.state.legal_moves()[0].origin)  # the move still being shown: the board takes no click
    assert not m.builder.path and m.take_events() == [] and m.said == SILENT


# --- the computer: its moves, its errors, pausing and stepping ----------------------------------------
def test_the_computer_retries_after_an_error_and_stops_after_three():
    worker = ScriptedWorker(lambda position: (None, "engine crashed"))
    config = MatchConfig(
        "kotu_ellima", mode=Mode.COMPUTER, human_side=1, level="hard", min_pause=0.25, iterations=40
    )
    m = Match(config, worker=worker)
    problem = "the computer could not move (engine crashed)"
    said = []
    for _ in range(4):
        m.tick(0.1)
        said.append(m.said)
    retrying = Said(f"Retrying: {problem}.", Tone.WARN)
    stopped = Said(f"The computer stopped: {problem}. Undo or go back to the menu.", Tone.WARN)
    assert said == [retrying, retrying, stopped, stopped]
    assert len(worker.requests) == 3  # asked no more
    assert worker.requests[0] == {
        "position": m.state.to_text(),
        "level": "hard",
        "min_pause": 0.25,
        "iterations": 40,
    }
    person = Match(MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=0), worker=worker)
    person.play(person.state.legal_moves()[0])
    person.land()
    for _ in range(4):
        person.tick(0.1)
    assert len(worker.requests) == 6 and person.said == stopped
    person.undo()  # the person's move taken back: the computer will try again after the next one
    person.play(person.state.legal_moves()[0])
    person.land()
    worker.answer = first_move
    person.tick(0.1)
    assert person.state.ply == 2 and len(worker.requests) == 7


def test_the_adviser_takes_one_question_at_a_time_and_none_without_an_engine():
    from game.match.computer import Computer

    config, state = MatchConfig("kotu_ellima"), load_game("kotu_ellima").new_initial_state()
    assert Computer(None, config, plays=False, hints=True).ask_hint(state) is False
    worker = ScriptedWorker()
    adviser = Computer(worker, config, plays=False, hints=True)
    assert adviser.ask_hint(state) is True and adviser.hinting
    assert adviser.ask_hint(state) is False and len(worker.requests) == 1  # still thinking about the first
    assert Computer(worker, config, plays=False, hints=False).ask_hint(state) is False  # watching: no hint


def test_the_computer_is_asked_to_move_only_on_its_turn_in_a_game_going_on():
    from tools.scenarios import finished

    worker = ScriptedWorker()  # thinks for ever
    m = Match(MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=0), worker=worker)
    m.tick(0.1)
    assert worker.requests == []  # the person's turn
    m.play(m.state.legal_moves()[0])
    m.tick(0.1)
    assert worker.requests == []  # the person's move is still being shown
    m.land()
    m.review_at(0)
    m.tick(0.1)
    assert worker.requests == []  # looking back: the game waits
    m.review_at(None)
    m.tick(0.1)
    assert [r["position"] for r in worker.requests] == [m.state.to_text()]
    over = finished("kotu_ellima", 3)
    worker = ScriptedWorker()
    ended = Match(
        MatchConfig("kotu_ellima", mode=Mode.COMPUTER, human_side=over.to_move ^ 1), over, worker=worker
    )
    ended.tick(0.1)
    assert worker.requests == []  # the computer's turn, but the game is over


def test_computer_against_computer_pauses_and_plays_one_move_at_a_time():
    from game.config import Mode

    worker = ScriptedWorker()  # thinks for ever
    m = Match(MatchConfig("kotu_ellima", mode=Mode.WATCH), worker=worker)
    m.step_once()  # not paused: nothing to step, and nothing kept for later
    m.toggle_pause()
    assert m.paused and m.said == Said("Paused: P goes on, N plays one move, ← → look back.", Tone.ACCENT)
    m.tick(0.1)
    assert worker.requests == []  # paused: the computer is not asked
    m.toggle_pause()
    assert not m.paused and m.said == Said("", Tone.ACCENT)
    m.tick(0.1)
    assert len(worker.requests) == 1
    m.toggle_pause()
    worker.answer = first_move
    m.tick(0.1)
    assert m.state.ply == 0  # the question asked before the pause was dropped
    m.step_once()
    m.tick(0.1)
    assert m.state.ply == 1 and m.busy
    m.step_once()  # the move is still being shown: no second step asked for yet
    m.land()
    m.tick(0.1)
    assert m.state.ply == 1 and len(worker.requests) == 2
    m.step_once()
    m.tick(0.1)
    assert m.state.ply == 2
    passing = Match(MatchConfig("kotu_ellima"))
    passing.toggle_pause()  # only computer against computer pauses
    assert not passing.paused and passing.said == passing.guides.intro(passing)


# --- the engine's look over the game ------------------------------------------------------------------
def test_the_analysis_says_why_it_cannot_start_when_it_is_done_and_when_it_stopped():
    from scripted_runner import Scripted

    empty = Match(MatchConfig("kotu_ellima"))
    empty.analyse(lambda start, moves: Scripted([]))
    assert empty.said == Said("There is no move to look over yet.", Tone.WARN) and empty.analysis is None
    m = match_of(random_play("kotu_ellima", 2, lambda s: s.ply >= 4))

    def not_installed(start, moves):
        raise ImportError("no engine here")

    m.analyse(not_installed)
    assert (
        m.said == Said("The computer is not installed here: no analysis.", Tone.WARN) and m.analysis is None
    )
    m.flip_graph_side()  # no graph to turn
    assert m.graph_side == 0 and sounds(m) == []

    class Failing(Scripted):
        def poll(self):
            self.done, self.error = True, "the engine's process ended"
            return []

    m.analyse(lambda start, moves: Failing([]))
    assert m.said == Said("The computer is looking the game over: the graph fills in as it goes.", Tone.INFO)
    m.tick(0.1)
    assert m.said == Said("The analysis stopped: the engine's process ended.", Tone.WARN)
    m.analyse(lambda start, moves: Scripted([]))  # a failed one may be asked for again
    m.tick(0.1)
    assert m.said.tone == Tone.INFO and m.said.words.startswith(f"Looked over. {m.side(0)}: no slip; ")
    m.take_events()
    m.flip_graph_side()
    assert m.graph_side == 1 and sounds(m) == [Sound("click", 0.5)]


def test_a_slip_no_longer_in_the_game_is_not_looked_at():
    """Moves taken back after the analysis: their marks may still be clicked, and show the game."""
    from scripted_runner import Scripted

    from game.match.analysis import Judgement, Slip, Verdict

    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 6)
    m = match_of(state)
    m.analyse(lambda start, moves: Scripted([]))
    m.tick(0.1)
    best, mover = m.state.move_text(m.state.legal_moves()[0]), m.movers[5]
    slip = Judgement(6, mover, 0.4, Verdict.BLUNDER, best, 0.7, 0.3, 0.0, Slip.VALUE)
    m.analysis.judgements = lambda: [slip]  # type: ignore[method-assign]
    m.undo()
    m.look_at_move(6)
    assert not m.review.active and m.state.ply == 5


def test_stepping_back_stops_at_the_start_and_forward_returns_to_the_game():
    m = match_of(random_play("kotu_ellima", 2, lambda s: s.ply >= 4))
    plies = []
    for delta in (-1, -2, -1, -1, 1, 2, 1):  # from the game itself (4 moves)
        m.review_step(delta)
        plies.append(m.review.ply)
    assert plies == [3, 1, 0, 0, 1, 3, None]


def test_undo_marks_the_move_before_as_the_last_one_and_says_so():
    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 3)
    m = match_of(state)
    history = state.history()
    m.undo()
    assert (m.last_move, m.last_mover, m.last_effects) == (history[1], m.movers[1], [])
    assert m.event == "Move taken back."
    m.undo()
    m.undo()
    assert (m.last_move, m.last_mover) == (None, None)
    m.take_events()
    m.undo()
    assert (
        m.said == Said("There is no move of yours to take back.", Tone.WARN)
        and Sound("illegal", 0.6) in m.take_events()
    )
    m.redo()
    m.redo()
    m.redo()
    m.settle()
    m.redo()
    assert m.said == Said("There is nothing to redo.", Tone.WARN) and m.state.ply == 3


def test_leaving_a_look_back_to_take_a_move_back_or_play_one_redraws_the_game():
    state = random_play("kotu_ellima", 2, lambda s: s.ply >= 4)
    m = match_of(state)
    m.review_at(2)
    m.take_events()
    m.undo()
    assert not m.review.active and m.board_source is m and m.state.ply == 3
    m.review_at(1)
    m.take_events()
    move = m.state.legal_moves()[0]
    m.play(move)
    events = m.take_events()
    assert not m.review.active and events[0] == BoardReset() and isinstance(events[1], Played)


def test_a_new_match_has_nothing_marked_and_shows_the_solved_value_only_when_watching():
    from game.config import Mode

    m = Match(MatchConfig("kotu_ellima"))
    assert (m.last_move, m.last_mover, m.last_effects, m.suggestion, m.suggestion_effects) == (
        None,
        None,
        [],
        None,
        [],
    )
    assert (
        not m.show_proven
        and Match(MatchConfig("kotu_ellima", mode=Mode.WATCH), worker=ScriptedWorker()).show_proven
    )
    alone = Match(MatchConfig("kotu_ellima", mode=Mode.COMPUTER))  # no engine here
    assert alone.controllers == [Controller.HUMAN, Controller.HUMAN]
    assert alone.event == "The computer opponent is not available: playing pass and play."


def test_who_moves_first_in_a_new_match_of_a_game_that_tosses_for_it_is_left_to_the_coin():
    first = set()
    for _ in range(64):  # the chance of one side every time: 2 in 2**64
        first.add(Match(MatchConfig("ncuva")).state.to_move)
        if len(first) == 2:
            break
    assert first == {0, 1}


def test_a_sowings_stop_is_seen_once_it_has_landed():
    state = random_play("ncuva", 1, lambda s: s.ply >= 2)
    m = match_of(state)
    assert m.stops_seen == frozenset()
    move = m.state.legal_moves()[0]
    stop = m.state.effects(move)[-1]
    m.play(move)
    assert m.stops_seen == frozenset()  # not yet shown
    m.land()
    assert m.stops_seen == {stop.detail}
    seen = {stop.detail}
    while len(seen) < 2:  # every way a sowing ended so far, not the last one only
        move = m.state.legal_moves()[-1]
        seen.add(m.state.effects(move)[-1].detail)
        m.play(move)
        m.land()
    assert m.stops_seen == seen
    war = Match(MatchConfig("kotu_ellima"))
    war.play(war.state.legal_moves()[0])
    war.land()
    assert war.stops_seen == frozenset()  # no sowing, no stop


# --- turning clicks into moves ----------------------------------------------------------------------------
def test_a_builder_on_a_new_position_answers_at_once():
    """A position looked back at gets a builder of its own, never refreshed: it answers as one
    that was."""
    from game.match.routes import Click, ClickResult, MoveBuilder
    from tools.scenarios import chain_position

    drops = load_game("cows_leopards").new_initial_state()
    singles = {mv.path[0]: mv for mv in drops.legal_moves() if len(mv.path) == 1}
    assert MoveBuilder(drops).single_moves() == singles and MoveBuilder(drops).drop_points() == set(singles)
    assert not MoveBuilder(drops).removal_points()
    cell, drop = next(iter(singles.items()))
    b = MoveBuilder(drops)
    assert b.click(cell) == ClickResult(Click.MOVE, drop) and (b.path, b.shown_hops, b.last_route) == (
        (),
        0,
        (),
    )
    state = load_game("kotu_ellima").new_initial_state()
    move = state.legal_moves()[0]
    b = MoveBuilder(state)
    assert b.click(move.origin) == ClickResult(Click.SELECT) and move.path[1] in b.targets()
    assert MoveBuilder(state).can_stop() is False
    assert MoveBuilder(state).effects(move) == state.effects(move)
    captures = chain_position()
    assert (
        MoveBuilder(captures).capturers()
        == {mv.origin for mv in captures.legal_moves() if mv.captured}
        != set()
    )


class Asked:
    """A position that counts what the builder asks of it, and may hide the kind of its one-cell
    moves (as a game the builder does not know yet would name them)."""

    def __init__(self, state, hide_kinds: bool = False) -> None:
        self.state, self.hide_kinds, self.asked = state, hide_kinds, []
        self._real: dict = {}

    def __getattr__(self, name: str):
        return getattr(self.state, name)

    def legal_moves(self):
        self.asked.append("legal_moves")
        moves = self.state.legal_moves()
        if not self.hide_kinds:
            return moves
        self._real = {mv._replace(kind=""): mv for mv in moves if len(mv.path) == 1}
        return [mv._replace(kind="") if len(mv.path) == 1 else mv for mv in moves]

    def effects(self, move):
        self.asked.append("effects")
        return self.state.effects(self._real.get(move, move))

    def continuations(self, path):
        self.asked.append("continuations")
        return self.state.continuations(path)

    def route_takes(self, path):
        self.asked.append("route_takes")
        return self.state.route_takes(path)


def test_what_the_builder_asks_of_the_rules_is_asked_once_until_a_new_position():
    """The board asks the builder every frame while a piece is chosen: the rules are asked once
    a position (a sowing's effects alone can take half a second)."""
    from game.match.routes import MoveBuilder
    from tools.scenarios import free_chain_position

    state = Asked(free_chain_position())
    chain = next(mv for mv in state.legal_moves() if len(mv.captured) >= 2)
    b = MoveBuilder(state)  # type: ignore[arg-type]

    def look() -> tuple:
        return (
            b.targets(),
            b.captured_by(chain.path[2]),
            b.chain_captured(),
            b.can_stop(),
            b.effects(chain),
            b.movable(),
            b.capturers(),
            b.single_moves(),
        )

    b.click(chain.path[0])
    b.click(chain.path[1])
    first = look()
    asked = list(state.asked)
    assert look() == first and state.asked == asked  # the same answers, nothing asked again
    b.refresh()
    assert b.path == () and b.capturers() == {mv.origin for mv in state.legal_moves() if mv.captured}
    assert (
        state.asked.count("legal_moves") == asked.count("legal_moves") + 2
    )  # asked afresh (and by the test)


def test_a_one_cell_move_whose_kind_the_builder_does_not_know_is_told_by_its_first_effect():
    from game.match.routes import MoveBuilder

    for state, points in [
        (load_game("cows_leopards").new_initial_state(), "drop_points"),
        (huff_position(), "removal_points"),
    ]:
        expected = getattr(MoveBuilder(state), points)()
        assert expected and getattr(MoveBuilder(Asked(state, hide_kinds=True)), points)() == expected  # type: ignore[arg-type]


def test_a_sowings_effects_are_not_worked_out_to_know_what_a_click_on_its_hole_does():
    """A sowing's effects can run to hundreds of thousands of steps: the builder tells one-cell
    moves apart by their kind, never by working a sowing out."""
    from game.match.routes import MoveBuilder

    state = Asked(random_play("ncuva", 1, lambda s: s.ply >= 2))
    b = MoveBuilder(state)  # type: ignore[arg-type]
    assert set(b.single_moves()) == {mv.path[0] for mv in state.legal_moves()}
    assert b.drop_points() == set() == b.removal_points() and "effects" not in state.asked


PICK_A_PIECE = "pick one of your pieces first, then where it goes"


@pytest.mark.parametrize("position", ["start", "huff", "sowing"])
def test_a_first_click_that_starts_no_move_says_why(position):
    """An empty point where pieces could move: choose a piece first; anything else (a piece of
    the other side, one of yours that cannot move, a hole): the rules' reason."""
    from game.match.routes import Click, ClickResult, MoveBuilder

    state = {
        "start": lambda: load_game("kotu_ellima").new_initial_state(),
        "huff": huff_position,
        "sowing": lambda: random_play("ncuva", 1, lambda s: s.ply >= 2),
    }[position]()
    b = MoveBuilder(state)
    board = state.game.layout.kind != BoardKind.HOLES
    refused = [
        c.index
        for c in state.game.layout.cells
        if c.index not in b.single_moves() and c.index not in b.movable()
    ]
    kinds = set()
    for cell in refused:
        empty = cell not in state.pieces()
        kinds.add((empty, state.pieces().get(cell, (None,))[0]))
        said = PICK_A_PIECE if board and empty else state.why_not_from(cell)
        assert b.click(cell) == ClickResult(Click.ILLEGAL, reason=said), cell
    if board:  # an empty point, an enemy piece and a piece of yours that cannot move were all clicked
        assert kinds >= {(True, None), (False, state.to_move), (False, state.to_move ^ 1)}


def test_a_chain_is_built_hop_by_hop_and_refused_where_it_cannot_go(monkeypatch):
    from game.match.routes import NOTHING, Click, ClickResult, MoveBuilder
    from rules.words import NOT_ALLOWED
    from tools.scenarios import find, has_chain

    state = find("kotu_ellima", lambda s: has_chain(s, 3))  # forced captures: the chain must go on to its end
    chain = max(state.legal_moves(), key=lambda mv: len(mv.captured))
    b = MoveBuilder(state)
    origin, first, second = chain.path[:3]
    assert b.cancel() == NOTHING and b.click(None) == NOTHING
    assert b.click(origin) == ClickResult(Click.SELECT) and b.path == (origin,)
    assert b.targets()[first] is True and b.captured_by(first) == state.route_takes((origin, first)) != []
    assert b.click(origin) == ClickResult(Click.DESELECT) and b.path == ()  # the piece clicked again
    b.click(origin)
    assert b.click(None) == ClickResult(Click.DESELECT) and b.path == ()  # off the board
    b.click(origin)
    assert b.cancel() == ClickResult(Click.DESELECT)
    b.click(origin)
    assert b.click(first) == ClickResult(Click.EXTEND) and b.path == (origin, first)
    assert b.chain_captured() == state.route_takes((origin, first))
    assert (
        not b.can_stop() and b.click(None) == NOTHING and b.path == (origin, first)
    )  # a chain is not dropped
    assert b.stop() == ClickResult(Click.ILLEGAL, reason="the capture must go on from here")
    go_on = ClickResult(Click.ILLEGAL, reason="the capture must go on: pick the next landing point")
    assert b.click(first) == go_on
    elsewhere = [c.index for c in state.game.layout.cells if c.index not in b.targets() and c.index != first]
    for cell in elsewhere:  # anywhere else: the rules' own reason
        assert b.click(cell) == ClickResult(
            Click.ILLEGAL, reason=state.why_not_path((origin, first, cell))
        ), cell
        assert b.path == (origin, first)
    # where the rules only say 'not allowed' (known by its code), where the chain may go instead
    monkeypatch.setattr(state, "why_not_path", lambda path: NOT_ALLOWED)
    assert b.click(elsewhere[0]) == ClickResult(
        Click.ILLEGAL, reason="from here the chain can only go on to a marked point"
    )
    monkeypatch.undo()
    assert b.click(second) == ClickResult(Click.EXTEND)
    assert b.click(second) == go_on and b.click(first).kind == Click.ILLEGAL  # a landing behind is no stop
    for cell in chain.path[3:-1]:
        assert b.click(cell) == ClickResult(Click.EXTEND)
    assert b.click(chain.path[-1]) == ClickResult(Click.MOVE, chain)
    assert (b.path, b.shown_hops, b.last_route) == ((), len(chain.path) - 2, chain.path)
    assert b.click(origin) == ClickResult(Click.SELECT) and (b.shown_hops, b.last_route) == (
        0,
        (),
    )  # a new move


def test_a_chain_that_may_stop_is_finished_where_it_stands():
    from game.match.routes import Click, ClickResult, MoveBuilder
    from tools.scenarios import free_chain_position

    state = free_chain_position()
    chain = next(mv for mv in state.legal_moves() if len(mv.captured) >= 2)
    b = MoveBuilder(state)
    b.click(chain.path[0])
    assert not b.can_stop()  # one cell is no move
    b.click(chain.path[1])
    assert b.can_stop()
    one_jump = state.move_for_route(chain.path[:2])
    assert b.stop() == ClickResult(Click.MOVE, one_jump)
    assert (b.path, b.shown_hops, b.last_route) == ((), 1, chain.path[:2])
    b.click(chain.path[0])
    b.click(chain.path[1])
    assert b.click(chain.path[1]) == ClickResult(Click.MOVE, one_jump)  # the piece clicked again: stop here


def test_with_a_piece_chosen_a_huff_is_still_a_click_away_and_a_wrong_cell_says_why():
    from game.match.routes import Click, ClickResult, MoveBuilder

    state = huff_position()
    huff = next(mv for mv in state.legal_moves() if mv.kind == MoveKind.HUFF)
    mine = sorted({mv.origin for mv in state.legal_moves() if len(mv.path) > 1})
    b = MoveBuilder(state)
    b.click(mine[0])
    assert b.click(huff.path[0]) == ClickResult(Click.MOVE, huff) and (b.path, b.shown_hops) == ((), 0)
    b.click(mine[0])
    if len(mine) > 1:
        assert b.click(mine[1]) == ClickResult(Click.SELECT) and b.path == (mine[1],)  # another piece chosen
    cells = [cell.index for cell in state.game.layout.cells]
    stray = next(
        c
        for c in cells
        if c not in b.path and c not in b.targets() and c not in b.single_moves() and c not in b.movable()
    )
    assert b.click(stray) == ClickResult(Click.ILLEGAL, reason=state.why_not_path((b.path[0], stray)))
    b.cancel()
    empty = next(c for c in cells if c not in state.pieces())
    assert b.click(empty) == ClickResult(
        Click.ILLEGAL, reason="pick one of your pieces first, then where it goes"
    )
    b.decline_removals()  # 'Don't huff': the other moves stay
    assert b.removal_points() == set() and b.click(huff.path[0]).kind == Click.ILLEGAL
    assert (
        b.moves() == [mv for mv in state.legal_moves() if mv.kind != MoveKind.HUFF]
        and b.click(mine[0]).kind == Click.SELECT
    )
    b.refresh()  # a new position: offered again
    assert b.removal_points() == {huff.path[0]} | b.removal_points() and b.path == ()
    over = MoveBuilder(load_state(state.to_text()))
    over.state.play(huff)
    while over.state.outcome() is None:
        over.state.play(over.state.legal_moves()[0])
    over.refresh()
    assert over.click(0) == ClickResult(Click.ILLEGAL, reason="the game is over")
