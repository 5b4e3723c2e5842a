"""The variation tree of the analysis board (issue 32, item 1): the game's own moves always first,
moves tried kept as variations, deleted and promoted without ever touching the game, and the tree
as one line of text that reads back move for move and refuses what the rules cannot play."""

from __future__ import annotations

import random

import pytest

from game.match.variations import VariationTree, game_tree
from rules import load_game

GAMES = ("sixteen_soldiers", "cows_leopards", "battlehalma", "ncuva", "hat_diviyan_keliya")


def start_and_game(game_id: str, plies: int, seed: int = 1):
    start = load_game(game_id).new_initial_state(random.Random(0))
    state, moves, rng = start.copy(), [], random.Random(seed)
    for _ in range(plies):
        if state.outcome() is not None:
            break
        move = rng.choice(state.legal_moves())
        moves.append(state.move_text(move))
        state.apply(move)
    return start, state, moves


def other_move(tree: VariationTree, rng: random.Random) -> str | None:
    """A legal move at the cursor that is not its first line's, if there is one."""
    state = tree.state_at(tree.cursor)
    taken = {c.move for c in tree.cursor.children}
    free = [state.move_text(m) for m in state.legal_moves() if state.move_text(m) not in taken]
    return rng.choice(free) if free else None


def grow(tree: VariationTree, rng: random.Random, branches: int) -> None:
    """Random variations (some nested) from random positions of the tree."""
    for _ in range(branches):
        nodes = [tree.root, *tree.nodes()]
        tree.go(rng.choice(nodes))
        for _ in range(rng.randint(1, 4)):
            move = other_move(tree, rng)
            if move is None or tree.state_at(tree.cursor).outcome() is not None:
                break
            tree.play(move)


def test_the_games_moves_are_the_first_line_and_a_move_tried_is_a_variation_after_them():
    start, _, moves = start_and_game("cows_leopards", 6)
    tree = VariationTree(start, moves)
    assert [n.move for n in tree.nodes()] == moves and not tree.has_variations and tree.to_text() == ""
    tree.go(tree.root.children[0])
    assert tree.play(moves[1]) is tree.root.children[0].children[0]  # the game's move: no new node
    assert not tree.has_variations
    tree.back()
    tried = other_move(tree, random.Random(2))
    node = tree.play(tried)
    assert tree.cursor is node and node.parent.children.index(node) == 1
    assert not tree.is_game(node) and tree.is_game(node.parent) and tree.has_variations
    assert tree.state_at(node).history()[-1] == tree.state_at(node.parent).parse_move(tried)


def test_the_game_moving_on_or_taken_back_keeps_the_moves_tried_as_variations():
    start, _, moves = start_and_game("cows_leopards", 10, seed=3)
    tree = VariationTree(start, moves[:6])
    tree.go(tree.root)
    for move in moves[:3]:
        tree.play(move)
    tried = other_move(tree, random.Random(1))
    assert tried is not None
    tree.play(tried)
    tree.follow_game(moves)  # the game went on
    assert [n.move for n in _first_line(tree)] == moves and tree.has_variations
    replayed = moves[:3] + [tried]  # the game taken back and played the tried way
    tree.follow_game(replayed)
    line = _first_line(tree)
    assert [n.move for n in line[:4]] == replayed
    old = line[2].children[1]
    assert old.move == moves[3] and not tree.is_game(old)  # the game's old move is now a variation


def _first_line(tree: VariationTree):
    node, line = tree.root, []
    while node.children:
        node = node.children[0]
        line.append(node)
    return line


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tree_written_as_text_reads_back_the_same(game_id):
    start, _, moves = start_and_game(game_id, 12, seed=4)
    rng = random.Random(game_id)
    for _ in range(3):
        tree = VariationTree(start, moves)
        grow(tree, rng, 4)
        text = tree.to_text()
        assert text and text.count("(") == text.count(")") >= 1
        back = VariationTree.from_text(start, text, moves)
        assert back.to_text() == text
        assert [tree.line_to(n) for n in tree.nodes()] == [back.line_to(n) for n in back.nodes()]


def test_a_text_the_rules_cannot_play_is_refused_in_words():
    start, _, moves = start_and_game("sixteen_soldiers", 4)
    tree = VariationTree(start, moves)
    tree.go(tree.root)
    tree.play(other_move(tree, random.Random(5)))
    good = tree.to_text()
    first = moves[0]
    for bad, says in [
        (good + " (", r"^its variations cannot be read \(the brackets do not match\)$"),
        (good + " )", r"^its variations cannot be read \(the brackets do not match\)$"),
        ("( " + good, r"^its variations cannot be read \(a bracket before any move\)$"),
        (f"{first} ( a1-a1 )", "cannot be played"),
        (f"{first} zz9", "cannot be played"),
        ("x" * 200_001, "too long"),
    ]:
        with pytest.raises(ValueError, match=says):
            VariationTree.from_text(start, bad, moves)


def test_only_variations_are_deleted_and_the_board_leaves_one_deleted_under_it():
    start, _, moves = start_and_game("cows_leopards", 6)
    tree = VariationTree(start, moves)
    game_node = tree.root.children[0]
    assert not tree.delete(game_node) and tree.root.children[0] is game_node
    tree.go(game_node)
    first = tree.play(other_move(tree, random.Random(1)))
    deeper = tree.play(other_move(tree, random.Random(2)))
    assert tree.cursor is deeper
    assert tree.delete(first)
    assert tree.cursor is game_node and first not in game_node.children and not tree.has_variations
    elsewhere = tree.play(other_move(tree, random.Random(3)))
    tree.go(tree.root)
    other = tree.play(other_move(tree, random.Random(4)))
    assert tree.delete(other) and tree.cursor is tree.root  # the board was in it: back to its parent
    tree.go(elsewhere)
    tree.go(tree.root)
    assert elsewhere.parent is game_node and tree.has_variations


def test_promote_moves_a_variation_up_but_never_above_the_game():
    start, _, moves = start_and_game("cows_leopards", 4)
    tree = VariationTree(start, moves)
    tree.go(tree.root)
    rng = random.Random(7)
    a = tree.play(other_move(tree, rng))
    a2 = tree.play(other_move(tree, rng))  # a variation's own line: promoted with it
    tree.go(tree.root)
    b = tree.play(other_move(tree, rng))
    kids = tree.root.children
    assert kids.index(a) == 1 and kids.index(b) == 2
    assert tree.promote(b) and kids.index(b) == 1 and kids.index(a) == 2
    assert not tree.promote(b) and kids[0].move == moves[0]  # never above the game's own move
    assert tree.promote(a2) and kids.index(a) == 1  # from deep inside it, the variation it is in
    assert not tree.promote(tree.root.children[0])  # the game itself: nothing to promote


def test_game_tree_starts_at_the_position_shown_and_carries_the_saved_variations():
    _, state, moves = start_and_game("ncuva", 8, seed=2)
    tree = game_tree(state, "", 3)
    assert tree.line_to(tree.cursor) == moves[:3] and tree.game == moves
    assert game_tree(state).line_to(game_tree(state).cursor) == moves
    tree.play(other_move(tree, random.Random(1)))
    again = game_tree(state, tree.to_text(), 0)
    assert again.cursor is again.root and again.to_text() == tree.to_text()
    with pytest.raises(ValueError):
        game_tree(state, "( nonsense", None)
