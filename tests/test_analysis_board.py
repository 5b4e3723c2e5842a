"""The analysis board (issue 32, item 1): other moves clicked into a variation tree from any
position of a game without touching it, stepped through, deleted and promoted; the engine's
evaluation in words and as a number, and its best line; the variations kept with the saved game
and in its text; and the scene driven by synthetic clicks and keys from a game in play."""

from __future__ import annotations

import random

import pygame
import pytest

from game import library, saves
from game.ai.analysis import Point
from game.config import MatchConfig, Mode
from game.match.analysis_board import AnalysisBoard
from game.match.events import SILENT, Tone
from game.match.variations import VariationTree, game_tree
from game.scenes.analysis_board import AnalysisBoardScene
from rules import load_game, load_state
from tools.scenarios import Mouse, click_move, pump, start_play, visible


class Scripted:
    """An engine that answers at once with the points it is given (per position asked)."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.points: list[Point] = []
        self.done = False
        self.error = ""
        self.asked: list[str] = []
        self.closed = False

    def ask(self, position: str) -> None:
        self.asked.append(position)
        self.points, self.done = [], False

    def poll(self) -> bool:
        if self.done or not self.asked:
            return False
        self.points, self.done = list(self.answer(load_state(self.asked[-1]))), True
        return True

    def close(self) -> None:
        self.closed = True


def first_moves(state, count):
    """Points for the first ``count`` legal moves in a row from ``state`` (a made-up line)."""
    work, out = state.copy(), []
    for _ in range(count):
        move = work.legal_moves()[0]
        out.append(Point(work.ply, work.to_move, 0.7, work.move_text(move), 3, None, 1.5, 1.5))
        work.apply(move)
    return out


def a_game(game_id: str = "cows_leopards", plies: int = 6, seed: int = 2):
    state = load_game(game_id).new_initial_state(random.Random(0))
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_a_move_built_by_clicks_is_a_variation_and_the_game_is_untouched():
    game = a_game()
    before = game.to_text()
    board = AnalysisBoard(game_tree(game, "", 2), game.game.sides)
    played = board.tree.root.children[0].children[0].children[0].move
    move = next(m for m in board.state.legal_moves() if board.state.move_text(m) != played)
    for cell in move.path:
        board.click(cell)
    assert board.state.history()[-1] == move and board.tree.has_variations
    assert board.said.tone == Tone.INFO and board.state.move_text(move) in board.said.words
    assert board.events and board.events[-1].move == move and board.last_move == move
    assert game.to_text() == before  # the game itself never moved
    board.step(-1)
    assert board.tree.line_to(board.tree.cursor) == board.tree.game[:2]
    board.step(1)  # on along the first line: the game's own move
    assert (
        board.tree.line_to(board.tree.cursor) == board.tree.game[:3] and board.events[-1].notation == played
    )


def test_a_refused_click_says_why_and_stepping_and_jumping_move_the_board():
    game = a_game("sixteen_soldiers", 4)
    board = AnalysisBoard(game_tree(game, "", 0), game.game.sides)
    board.click(board.state.game.layout.cells[0].index)  # a North piece for South to move, or empty
    assert board.said.tone == Tone.WARN and board.said.words
    board.to_end()
    assert board.state.to_text() == game.to_text() and not board.events
    board.to_start()
    assert board.state.ply == 0 and board.last_move is None
    board.go(board.tree.root.children[0])
    assert board.last_move is not None and board.last_mover == 0


def test_delete_and_promote_say_what_they_did_and_never_touch_the_games_moves():
    game = a_game()
    board = AnalysisBoard(game_tree(game, "", 1), game.game.sides)
    board.delete_variation()
    assert board.said.tone == Tone.WARN and len(board.tree.game) == 6
    legal = [m for m in board.state.legal_moves() if board.state.move_text(m) not in board.tree.game]
    board.play(legal[0])
    board.step(-1)
    board.play(legal[1])
    board.promote_variation()
    assert board.said.tone == Tone.INFO
    parent = board.tree.cursor.parent
    assert parent.children.index(board.tree.cursor) == 1
    board.promote_variation()
    assert board.said.tone == Tone.WARN  # first after the game's own already
    board.delete_variation()
    assert board.said.tone == Tone.INFO and board.tree.cursor is parent and len(parent.children) == 2


@pytest.mark.parametrize(
    ("value", "side", "says"),
    [
        (0.95, 0, "Leopards are winning: 95% (+1.5)"),
        (0.95, 1, "Cows are losing: 5% (-1.5)"),
        (0.7, 0, "Leopards are better: 70% (+1.5)"),
        (0.3, 0, "Leopards are worse: 30% (+1.5)"),
        (0.5, 1, "Even: 50% for Cows (-1.5)"),
    ],
)
def test_the_evaluation_is_told_from_the_players_side_in_words_and_as_a_number(value, side, says):
    game = a_game(plies=0)  # the Leopards (player 0) to move
    engine = Scripted(
        lambda s: [Point(s.ply, s.to_move, value, s.move_text(s.legal_moves()[0]), 3, None, 1.5, 1.5)]
    )
    board = AnalysisBoard(game_tree(game), game.game.sides, side, lambda: engine)
    assert board.evaluation() == "" and board.best_line() == ""  # off
    board.toggle_engine()
    assert board.evaluation() == "The engine is looking…"
    board.tick()
    assert board.evaluation() == says


@pytest.mark.parametrize(
    ("score", "side", "says"), [(9_500.0, 0, "Leopards win by force"), (9_500.0, 1, "Cows lose by force")]
)
def test_a_result_the_search_proved_is_said_as_one_not_as_a_number(score, side, says):
    game = a_game(plies=0)
    engine = Scripted(
        lambda s: [Point(s.ply, s.to_move, 1.0, s.move_text(s.legal_moves()[0]), 3, None, score, score)]
    )
    board = AnalysisBoard(game_tree(game), game.game.sides, side, lambda: engine)
    board.toggle_engine()
    board.tick()
    assert board.evaluation() == says


def test_the_engine_follows_the_board_marks_its_move_and_stops_when_turned_off():
    game = a_game()
    engine = Scripted(lambda s: first_moves(s, 3))
    board = AnalysisBoard(game_tree(game, "", 2), game.game.sides, 0, lambda: engine)
    board.toggle_engine()
    board.tick()
    line = first_moves(board.state, 3)
    assert board.best_line() == " ".join(p.best for p in line)
    assert board.suggestion == board.state.parse_move(line[0].best) and board.suggestion_effects
    board.step(-1)
    assert engine.asked[-1] == board.state.to_text() and board.suggestion is None
    board.tick()
    assert board.suggestion == board.state.parse_move(first_moves(board.state, 1)[0].best)
    board.toggle_engine()
    assert engine.closed and not board.engine_on and board.suggestion is None and board.evaluation() == ""


def test_without_an_engine_the_toggle_says_so():
    game = a_game()
    board = AnalysisBoard(game_tree(game), game.game.sides)
    board.toggle_engine()
    assert not board.engine_on and board.said.tone == Tone.WARN


def test_the_rows_number_moves_as_the_move_list_and_put_variations_under_the_move_they_replace():
    game = a_game(plies=4)
    board = AnalysisBoard(game_tree(game, "", 1), game.game.sides)
    tried = next(m for m in board.state.legal_moves() if board.state.move_text(m) != board.tree.game[1])
    notation = board.state.move_text(tried)
    board.play(tried)
    rows = board.rows()
    g = board.tree.game
    assert [r.labels for r in rows] == [
        (f"1. {g[0]}", g[1]),
        (f"1… {notation}",),
        (f"2. {g[2]}", g[3]),
    ]
    assert [r.indent for r in rows] == [0, 1, 0]


def answered(engine) -> None:
    """Wait until the engine's process has answered what was asked (or has stopped: then its
    ``error`` says so): bounded by its answer, not by the clock, which a loaded machine stretches."""
    while not engine.done:
        engine.poll()
        pygame.time.wait(5)


def test_the_real_engine_finds_a_legal_line_and_drops_a_position_no_longer_shown():
    from game.ai.line import LineEngine

    game = a_game("sixteen_soldiers", 6)
    engine = LineEngine(plies=2)
    try:
        engine.ask(game.to_text())
        engine.ask(a_game("sixteen_soldiers", 8).to_text())  # stepped on at once: this one counts
        answered(engine)
        assert not engine.error
        state = a_game("sixteen_soldiers", 8)
        assert engine.points and engine.points[0].ply == state.ply
        for point in engine.points:
            state.play(point.best)  # each move legal where the line has got to
    finally:
        engine.close()


# --- kept with the game ---------------------------------------------------------------------------------
def test_variations_are_saved_with_the_game_and_read_back_and_old_saves_still_read():
    game = a_game()
    tree = game_tree(game, "", 2)
    board = AnalysisBoard(tree, game.game.sides)
    board.play(next(m for m in board.state.legal_moves() if board.state.move_text(m) != tree.game[2]))
    config = MatchConfig("cows_leopards")
    text = saves.match_text(config, game, variations=tree.to_text())
    back = saves.read_match(text)
    assert back.variations == tree.to_text() and back.state.to_text() == game.to_text()
    old = saves.match_text(config, game)
    assert "variations" not in old and saves.read_match(old).variations == ""
    broken = text.replace(tree.to_text(), tree.to_text() + " zz9")
    with pytest.raises(ValueError, match="variation"):
        saves.read_match(broken)


def test_a_game_of_the_library_writes_its_variations_whole_and_keeps_them_as_moves_are_appended():
    game = a_game(plies=2)
    config = MatchConfig("cows_leopards", mode=Mode.PASS)
    gf = library.GameFile()
    assert gf.save(config, game) == ""
    path = gf.path(False)
    game.apply(game.legal_moves()[0])
    assert gf.save(config, game) == "" and "\nthen " in path.read_text()  # a move alone: appended
    tree = game_tree(game, "", 0)
    tree.play(
        next(
            tree.start.move_text(m)
            for m in tree.start.legal_moves()
            if tree.start.move_text(m) != tree.game[0]
        )
    )
    game.apply(game.legal_moves()[0])
    gf.variations = tree.to_text()
    gf.save(config, game)  # a move and new variations: the file written whole, with them
    text = path.read_text()
    assert f"variations {tree.to_text()}" in text and "\nthen " not in text
    game.apply(game.legal_moves()[0])
    gf.save(config, game)  # a move played: appended, the variations line stays
    text = path.read_text()
    assert "\nthen " in text
    reopened = saves.read_match(text)
    assert reopened.variations == tree.to_text() and reopened.state.to_text() == game.to_text()
    assert library.GameFile(gf.id, text).variations == tree.to_text()
    assert "\nsaved " in text  # written whole with its time, as every save is
    plain = saves.match_text(config, game)
    for made in (library.GameFile(), library.GameFile(gf.id, plain), library.GameFile(gf.id, "not a save")):
        assert made.variations == ""  # none: text, never None


# --- on screen --------------------------------------------------------------------------------------
def test_b_opens_the_board_at_the_position_shown_and_esc_keeps_the_variations_with_the_game(app, monkeypatch):
    monkeypatch.setattr(
        "game.scenes.analysis_board.line_engine", lambda: Scripted(lambda s: first_moves(s, 2))
    )
    mouse = Mouse(app)
    scene = start_play(app, MatchConfig("cows_leopards", mode=Mode.PASS))
    rng = random.Random(3)
    for _ in range(4):
        click_move(mouse, scene, rng.choice(scene.match.state.legal_moves()))
        pump(app, 2)
    before = scene.match.state.to_text()
    mouse.key(pygame.K_LEFT)  # looking back one move: the board opens there
    mouse.key(pygame.K_b)
    board = app.manager.top
    assert isinstance(board, AnalysisBoardScene)
    assert board.model.tree.line_to(board.model.tree.cursor) == board.model.tree.game[:3]
    m = board.model
    tried = next(mv for mv in m.state.legal_moves() if m.state.move_text(mv) != m.tree.game[3])
    click_move(mouse, board, tried)
    pump(app, 2)
    assert m.state.history()[-1] == tried and not m.tree.is_game(m.tree.cursor)
    assert "A variation" in visible(app)
    mouse.key(pygame.K_e)
    pump(app, 0.1)
    assert m.engine_on and m.best_line() and "Best line" in visible(app)
    mouse.key(pygame.K_HOME)
    assert m.state.ply == 0
    cell = next(rect for rect, node, _ in board.row_cells if node is m.tree.root.children[0])
    mouse.click(cell.center)  # a move of the list: the board goes there
    assert m.tree.cursor is m.tree.root.children[0]
    mouse.key(pygame.K_END)
    assert m.tree.line_to(m.tree.cursor) == m.tree.game
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is scene and scene.match.state.to_text() == before
    saved = scene.match.game_file.path(False).read_text()
    assert "variations " in saved and saves.read_match(saved).variations == scene.match.variations != ""
    assert "variations " in scene.match.game_text()  # and in the game's text (copy, export)
    mouse.key(pygame.K_b)  # opened again: the moves tried are there
    assert isinstance(app.manager.top, AnalysisBoardScene) and app.manager.top.model.tree.has_variations


def test_the_pause_menu_opens_the_board_and_a_variation_is_deleted_and_moved_up_by_keys(app, monkeypatch):
    monkeypatch.setattr("game.scenes.analysis_board.line_engine", lambda: Scripted(lambda s: []))
    mouse = Mouse(app)
    scene = start_play(app, MatchConfig("cows_leopards", mode=Mode.PASS))
    click_move(mouse, scene, scene.match.state.legal_moves()[0])
    pump(app, 2)
    mouse.key(pygame.K_ESCAPE)
    mouse.key(pygame.K_b)
    board = app.manager.top
    assert isinstance(board, AnalysisBoardScene)
    m = board.model
    mouse.key(pygame.K_HOME)
    for mv in m.state.legal_moves()[1:3]:
        click_move(mouse, board, mv)
        pump(app, 2)
        mouse.key(pygame.K_LEFT)
    kids = m.tree.root.children
    assert len(kids) == 3
    m.go(kids[2])
    pump(app, 0.05)
    mouse.key(pygame.K_u)
    assert m.tree.root.children[1] is m.tree.cursor
    mouse.key(pygame.K_DELETE)
    assert len(m.tree.root.children) == 2 and m.tree.cursor is m.tree.root
    pump(app, 0.1)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_every_word_of_the_board_fits_its_panel(app, size, monkeypatch):
    monkeypatch.setattr(
        "game.scenes.analysis_board.line_engine", lambda: Scripted(lambda s: first_moves(s, 5))
    )
    app.resize(size)
    game = a_game(plies=12)
    scene = AnalysisBoardScene(app, game_tree(game), game.game.sides)
    app.manager.push(scene)
    scene.model.toggle_engine()
    pump(app, 0.1)
    for rect, _, _ in scene.row_cells:
        assert scene.list_rect.contains(rect)
    for b in scene.buttons:
        assert scene.panel.contains(b.rect)
    assert not scene.board.frame.colliderect(scene.panel)
    listed = [cell[2] for line in scene._lines for cell in line]
    tree = scene.model.tree
    assert len(listed) == len(set(map(id, listed))) and set(map(id, listed)) == set(map(id, tree.nodes()))
    assert len(scene._lines) > 1  # a long game's line wraps: no move is left out of the list
    assert any(node is tree.cursor for _, node, _ in scene.row_cells)  # the move shown is in view
    Mouse(app).key(pygame.K_HOME)
    Mouse(app).key(pygame.K_RIGHT)
    pump(app, 1)
    assert any(node is tree.root.children[0] for _, node, _ in scene.row_cells)


def test_the_editor_puts_its_position_on_the_board_and_esc_comes_back_to_it(app):
    from game.scenes.editor import EditorScene
    from game.scenes.menu import MenuScene, playable_ids

    mouse = Mouse(app)
    app.manager.clear()
    app.manager.push(MenuScene(app, playable_ids().index("kotu_ellima")))
    editor = EditorScene(app, "kotu_ellima")
    app.manager.push(editor)
    app.frame([], 1 / 60)
    text = editor.editor.text()
    mouse.click(editor.analyse_button.rect.center)
    board = app.manager.top
    assert isinstance(board, AnalysisBoardScene)
    assert board.model.state.to_text() == load_state(text).to_text() and board.model.tree.game == []
    click_move(mouse, board, board.model.state.legal_moves()[0])
    pump(app, 2)
    assert board.model.state.ply == 1 and board.model.tree.has_variations
    mouse.key(pygame.K_ESCAPE)
    assert app.manager.top is editor and editor.editor.text() == text
    editor.editor.clear()  # a position the rules refuse: Analyse waits, A does nothing
    pump(app, 0.05)
    assert not editor.analyse_button.enabled
    mouse.key(pygame.K_a)
    assert app.manager.top is editor


def test_the_engine_shows_the_searched_score_of_its_line_not_what_a_slip_is_measured_by(monkeypatch):
    """A position where the best line wins a piece with a quiet move first: the board's number is
    the line's (+1), the slip measure keeps what the side has now (0)."""
    from game.ai.analysis import value_position
    from game.ai.judge import Finding

    state = a_game("sixteen_soldiers", 2)
    move = state.legal_moves()[0]

    class Judge:
        def __init__(self, *args) -> None:
            pass

        def judge(self, s, played=None):
            return Finding(move, 1.0, 0.7, played, 1.0, 0.7, 4, 100, 0.0)

    assert value_position(state, None, Judge()).score == 0.0
    assert value_position(state, None, Judge(), as_searched=True).score == 1.0
    from game.ai import line

    monkeypatch.setattr(line, "Judge", Judge)
    assert next(line.best_line(state.to_text(), 1)).score == 1.0  # the board's engine: as searched


@pytest.mark.parametrize(
    ("value", "score", "says"),
    [
        (0.7, 1.0, "South is better: 70% (+1.0)"),
        (0.3, -1.0, "South is worse: 30% (-1.0)"),
        (0.5, 0.01, "Even: 50% for South (0.0)"),
        (0.5, -0.04, "Even: 50% for South (0.0)"),
        (0.0, -9_000.0, "South loses by force"),
        (1.0, 9_000.0, "South wins by force"),
    ],
)
def test_a_side_named_in_the_singular_and_the_lines_between_the_words(value, score, says):
    game = a_game("sixteen_soldiers", plies=0)  # South (player 0) to move
    engine = Scripted(
        lambda s: [Point(s.ply, s.to_move, value, s.move_text(s.legal_moves()[0]), 3, None, score, score)]
    )
    board = AnalysisBoard(game_tree(game), game.game.sides, 0, lambda: engine)
    board.toggle_engine()
    board.tick()
    assert board.evaluation() == says


def test_at_the_start_or_on_the_games_own_moves_delete_refuses_and_a_first_line_of_its_own_goes():
    game = a_game()
    board = AnalysisBoard(game_tree(game, "", 0), game.game.sides)
    board.delete_variation()  # the start
    assert board.said.tone == Tone.WARN and len(board.tree.game) == 6 and board.tree.cursor is board.tree.root
    start = a_game(plies=0)
    board = AnalysisBoard(VariationTree(start), start.game.sides)  # a position of its own (the editor's)
    board.play(board.state.legal_moves()[0])
    board.play(board.state.legal_moves()[0])
    board.step(-1)
    board.delete_variation()  # the first line, no game: a line of its own, deleted
    assert (
        board.said.tone == Tone.INFO and board.tree.cursor is board.tree.root and not board.tree.root.children
    )


def test_a_chain_built_hop_by_hop_is_shown_from_the_hops_already_seen():
    from game.match.routes import MoveBuilder

    for seed in range(200):
        game = a_game("kotu_ellima", 12, seed)
        chains = [m for m in game.legal_moves() if len(m.path) > 2]
        if chains and game.outcome() is None:
            break
    else:
        pytest.skip("no chain in these games")
    move = chains[0]
    board = AnalysisBoard(game_tree(game), game.game.sides)
    mirror = MoveBuilder(game.copy())
    for cell in move.path:
        board.click(cell)
        mirror.click(cell)
    if board.state.history()[-1] != move:  # a chain that could go on: stopped by a click on the piece again
        board.click(move.path[-1])
        mirror.click(move.path[-1])
    assert board.state.history()[-1] == move
    assert board.events[-1].shown_hops == mirror.shown_hops > 0


@pytest.mark.parametrize("game_id", ["kotu_ellima", "battlehalma", "ncuva"])
def test_each_board_family_draws_the_board_with_the_engine_on(app, game_id):
    game = a_game(game_id, 8)
    scene = AnalysisBoardScene(
        app, game_tree(game), game.game.sides, engine_factory=lambda: Scripted(lambda s: first_moves(s, 2))
    )
    app.manager.push(scene)
    scene.model.toggle_engine()
    pump(app, 0.1)
    assert scene.model.suggestion is not None and "Best line" in visible(app)


# --- what the board says, shown while it holds --------------------------------------------------------
def test_the_board_says_whose_move_it_is_in_the_game_or_a_variation_and_the_keys(app):
    game = a_game("cows_leopards", 4)
    scene = AnalysisBoardScene(
        app, game_tree(game, "", 2), game.game.sides, engine_factory=lambda: Scripted(lambda s: [])
    )
    app.manager.push(scene)
    pump(app, 0.1)
    side = game.game.sides[scene.model.state.to_move]
    seen = visible(app)
    assert f"The game as played: {side} to move." in seen and "Engine: off" in seen
    assert "← → Home End: step · a click on a move goes there" in seen
    m = scene.model
    m.play(next(mv for mv in m.state.legal_moves() if m.state.move_text(mv) != m.tree.game[2]))
    m.said = SILENT  # the variation's own news said, the status line under it
    pump(app, 0.5)
    assert f"A variation: {game.game.sides[m.state.to_move]} to move." in visible(app)
    Mouse(app).key(pygame.K_e)
    pump(app, 0.1)
    assert "Engine: on" in visible(app)


def test_a_refusal_and_what_delete_did_are_said_in_words_and_stay_said_until_the_next_step(app):
    game = a_game()
    scene = AnalysisBoardScene(
        app, game_tree(game, "", 1), game.game.sides, engine_factory=lambda: Scripted(lambda s: [])
    )
    app.manager.push(scene)
    mouse = Mouse(app)
    mouse.key(pygame.K_DELETE)
    for _ in range(3):
        pump(app, 0.5)
        assert "These are the game's own moves: only a variation can be deleted." in visible(app)
    m = scene.model
    m.play(next(mv for mv in m.state.legal_moves() if m.state.move_text(mv) != m.tree.game[1]))
    pump(app, 1)
    mouse.key(pygame.K_DELETE)
    pump(app, 0.5)
    assert "Variation deleted." in visible(app)
    mouse.key(pygame.K_u)
    assert "Nothing to move up: this line is first after the game's own." in visible(app)
    mouse.key(pygame.K_LEFT)
    assert "Nothing to move up" not in visible(app)  # a step: the news is old


def test_at_the_games_end_a_click_says_to_step_back_and_a_stopped_engine_is_said():
    game = played_to_end()
    engine = Scripted(lambda s: [])
    board = AnalysisBoard(game_tree(game), game.game.sides, 0, lambda: engine)
    board.click(game.game.layout.cells[0].index)
    assert board.said.words == "The game is over here: step back to try another move."
    board.toggle_engine()
    engine.error = "EOFError"
    assert board.evaluation() == "The engine stopped: EOFError"


def played_to_end():
    state = load_game("ncuva").new_initial_state(random.Random(0))
    rng = random.Random(1)
    while state.outcome() is None:
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_the_rules_screen_says_how_the_board_and_the_drill_work(app):
    from game.scenes.rules_screen import RulesScene

    for game_id, unit in (("kotu_ellima", "pieces ahead"), ("ncuva", "stones ahead")):
        scene = RulesScene(app, game_id)
        app.manager.push(scene)
        pump(app, 0.05)
        text = " ".join(str(line) for line, _, _ in scene.lines)
        assert "The analysis board [B]" in text and unit in text and "After the analysis, L goes over" in text
        app.manager.pop()


def placed(app) -> list[tuple[str, pygame.Rect]]:
    """Every text the next frame draws, with where it lands."""
    from game import theme

    seen: list[tuple[str, pygame.Rect]] = []
    theme.text_placed = lambda surface, words, rect, box, size: seen.append((words, rect.copy()))
    try:
        app.frame([], 1 / 60)
    finally:
        theme.text_placed = None
    return seen


def laid_out_in_its_panel(app, scene) -> list[str]:
    """The panel's texts: each inside the panel, none over another, the buttons' own words aside."""
    texts = [(w, r) for w, r in placed(app) if scene.panel.colliderect(r)]
    buttons = [b.rect for b in scene.buttons if b.visible]
    free = [(w, r) for w, r in texts if not any(b.contains(r) for b in buttons)]
    for i, (w, r) in enumerate(free):
        assert scene.panel.contains(r), (w, r, scene.panel)
        assert all(not r.colliderect(o) for _, o in free[i + 1 :]), w
        assert all(r.bottom <= b.top or r.top >= b.bottom for b in buttons), w
    return [w for w, _ in texts]


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_boards_words_keep_to_their_places_and_each_button_names_its_key(app, size):
    app.resize(size)
    game = a_game(plies=12)
    scene = AnalysisBoardScene(
        app,
        game_tree(game, "", 4),
        game.game.sides,
        engine_factory=lambda: Scripted(lambda s: first_moves(s, 5)),
    )
    app.manager.push(scene)
    m = scene.model
    m.play(next(mv for mv in m.state.legal_moves() if m.state.move_text(mv) != m.tree.game[4]))
    m.toggle_engine()
    pump(app, 1)
    words = " ".join(laid_out_in_its_panel(app, scene))
    for label in ("[E]", "[U]", "[Del]", "[Esc]"):
        assert label in words, label


def test_the_wheel_scrolls_the_move_list(app):
    app.resize((960, 600))
    game = a_game("battlehalma", 160)
    scene = AnalysisBoardScene(
        app, game_tree(game, "", 0), game.game.sides, engine_factory=lambda: Scripted(lambda s: [])
    )
    app.manager.push(scene)
    pump(app, 0.1)
    assert len(scene._lines) * scene.row_h > scene.list_rect.height  # more moves than the list shows
    first = scene.row_cells[0][1]
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3)], 1 / 60)
    assert scene.scroll == 3 and scene.row_cells[0][1] is not first
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5)], 1 / 60)
    assert scene.scroll == 0 and scene.row_cells[0][1] is first
