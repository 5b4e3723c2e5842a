"""A game's variations (issue 32, item 1): other moves tried from any of its positions, kept as a
tree whose first line is the game itself, as lichess's analysis board keeps them. No pygame.

Every node is a move in notation (``State.move_text``); a node's first child is the line the
board goes on with, the others are variations. The game's own moves are always first where they
are (``follow_game`` puts them back there after the game moved on or was taken back): a branch
can be promoted among the variations but never above the game, and the game's moves cannot be
deleted. The tree is kept with a saved game as one line of text, PGN's way: a variation in
brackets after the move it replaces (``d4-e5 f6xd4 (c6-d5 e5-f6 (e5-d6)) b4-c5``), every move
checked by the rules when read.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules import State
from rules.words import Words, words_of

#: the longest variations text read (a few thousand tried moves; the game's own moves are apart)
MAX_TEXT = 200_000


class Node:
    """A move (``move``: its notation; '' at the root), who made it (``mover``: the move list
    numbers by it) and the moves tried after it."""

    __slots__ = ("move", "parent", "children", "mover")

    def __init__(self, move: str, parent: Node | None, mover: int = 0) -> None:
        self.move = move
        self.parent = parent
        self.mover = mover
        self.children: list[Node] = []

    def child(self, move: str) -> Node | None:
        return next((c for c in self.children if c.move == move), None)

    @property
    def depth(self) -> int:
        """Moves from the root to here."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n


class VariationTree:
    """The tree from ``start`` (a position), its first line ``game`` (the game's moves, in
    notation), and where the board stands in it (``cursor``)."""

    def __init__(self, start: State, game: list[str] | None = None) -> None:
        self.start = start.copy()
        self.root = Node("", None)
        self.game: list[str] = []
        self.cursor = self.root
        self.version = 0  # changes whenever a move is added, deleted or moved (views rebuild then)
        self._game_nodes: tuple[int, frozenset[int]] = (-1, frozenset())
        self.follow_game(game or [])

    # --- the game's own line ---------------------------------------------------------------------
    def follow_game(self, moves: list[str]) -> None:
        """Make ``moves`` the first line again (the game went on, or was taken back and played
        otherwise): each of its moves first among its siblings, added where it is new; the
        moves tried before stay as variations."""
        node, state = self.root, self.start.copy()
        for move in moves:
            found = node.child(move)
            mover = state.to_move
            state.play(move)
            if found is None:
                found = Node(move, node, mover)
            else:
                node.children.remove(found)
            node.children.insert(0, found)
            node = found
        self.game = list(moves)
        self.version += 1

    def is_game(self, node: Node) -> bool:
        """``node`` is a move of the game itself (or the root)."""
        version, nodes = self._game_nodes
        if version != self.version:
            found, at = {id(self.root)}, self.root
            for move in self.game:
                nxt = at.child(move)
                if nxt is None:
                    break
                found.add(id(nxt))
                at = nxt
            nodes = frozenset(found)
            self._game_nodes = (self.version, nodes)
        return id(node) in nodes

    def line_to(self, node: Node) -> list[str]:
        """The moves from the root to ``node``, in order."""
        moves: list[str] = []
        while node.parent is not None:
            moves.append(node.move)
            node = node.parent
        moves.reverse()
        return moves

    def state_at(self, node: Node) -> State:
        """The position after ``node`` (a copy: the tree keeps none)."""
        state = self.start.copy()
        for move in self.line_to(node):
            state.play(move)
        return state

    @property
    def has_variations(self) -> bool:
        """Some move of the tree is not the game's."""
        return any(not self.is_game(n) for n in self.nodes())

    def nodes(self) -> Iterator[Node]:
        """Every move of the tree, each line before its variations."""
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    # --- moving about ----------------------------------------------------------------------------
    def play(self, move: str, mover: int | None = None) -> Node:
        """``move`` (legal where the board stands: the caller asked the rules; made by ``mover``,
        found from the position when not given) played from the cursor: the existing line if it
        was tried already, else a new variation (after the lines there). The cursor goes to it."""
        found = self.cursor.child(move)
        if found is None:
            if mover is None:
                mover = self.state_at(self.cursor).to_move
            found = Node(move, self.cursor, mover)
            self.cursor.children.append(found)
            self.version += 1
        self.cursor = found
        return found

    def go(self, node: Node) -> None:
        self.cursor = node

    def back(self) -> bool:
        if self.cursor.parent is None:
            return False
        self.cursor = self.cursor.parent
        return True

    def to_start(self) -> None:
        self.cursor = self.root

    def to_end(self) -> None:
        """The end of the line the board is in."""
        while self.cursor.children:
            self.cursor = self.cursor.children[0]

    # --- editing the tree ------------------------------------------------------------------------
    def branch_of(self, node: Node) -> Node | None:
        """The first move of the variation ``node`` is in: the nearest of it and the moves before
        it that is not the line its parent goes on with (None: ``node`` is on the first line)."""
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return node
            node = node.parent
        return None

    def delete(self, node: Node) -> bool:
        """Delete the variation from ``node`` on (False: a move of the game, which stays). The
        cursor, if it was in it, goes to the move before."""
        if node.parent is None or self.is_game(node):
            return False
        parent = node.parent
        inside: Node | None = self.cursor
        while inside is not None and inside is not node:
            inside = inside.parent
        if inside is node:
            self.cursor = parent
        parent.children.remove(node)
        self.version += 1
        return True

    def promote(self, node: Node) -> bool:
        """Move the variation ``node`` is in one place up among its siblings, never above the
        game's own move (False: nothing to promote)."""
        branch = self.branch_of(node)
        if branch is None or branch.parent is None:
            return False
        siblings = branch.parent.children
        i = siblings.index(branch)
        if i == 0 or (i == 1 and self.is_game(siblings[0])):
            return False
        siblings[i - 1], siblings[i] = siblings[i], siblings[i - 1]
        self.version += 1
        return True

    # --- as text ---------------------------------------------------------------------------------
    def to_text(self) -> str:
        """The whole tree as one line ('' when it holds the game's moves alone)."""
        if not self.has_variations:
            return ""
        out: list[str] = []
        _write(self.root, out)
        return " ".join(out)

    @classmethod
    def from_text(cls, start: State, text: str, game: list[str]) -> VariationTree:
        """The tree of ``text`` (``to_text``) from ``start``, with ``game`` made its first line.
        ValueError, in a player's words, if a move cannot be played or the brackets do not
        match."""
        tree = cls(start)
        if len(text) > MAX_TEXT:
            raise ValueError("its variations are too long to be Keliya's")
        node, state = tree.root, start.copy()
        last: tuple[Node, State] | None = None  # the move just read: a bracket branches off before it
        stack: list[tuple[Node, State, tuple[Node, State] | None]] = []
        for token in _tokens(text):
            if token == "(":
                if last is None:
                    raise ValueError("its variations cannot be read (a bracket before any move)")
                stack.append((node, state, last))
                moved, before = last
                assert moved.parent is not None
                node, state, last = moved.parent, before.copy(), None
            elif token == ")":
                if not stack:
                    raise ValueError("its variations cannot be read (the brackets do not match)")
                node, state, last = stack.pop()
            else:
                before = state.copy()
                try:
                    move = state.parse_move(token)
                except ValueError as e:
                    raise ValueError(
                        Words(
                            "a variation's move {move} cannot be played: {reason}",
                            move=token[:30],
                            reason=words_of(e),
                        )
                    ) from None
                text_move = state.move_text(move)
                mover = state.to_move
                state.play(move)
                found = node.child(text_move) or Node(text_move, node, mover)
                if found not in node.children:
                    node.children.append(found)
                last = (found, before)
                node = found
        if stack:
            raise ValueError("its variations cannot be read (the brackets do not match)")
        tree.follow_game(game)
        return tree


def _write(node: Node, out: list[str]) -> None:
    """``node``'s lines after it, PGN's way: the main move, its alternatives in brackets, then on."""
    while node.children:
        main, *others = node.children
        out.append(main.move)
        for other in others:
            out.append("(")
            out.append(other.move)
            _write(other, out)
            out.append(")")
        node = main


def _tokens(text: str) -> list[str]:
    return text.replace("(", " ( ").replace(")", " ) ").split()


def game_tree(state: State, text: str = "", ply: int | None = None) -> VariationTree:
    """The tree of ``state``'s game (its recorded moves) with the variations ``text`` (a tree's
    ``to_text``; ValueError if it cannot be read), the board after ``ply`` of the game's moves
    (None: its last)."""
    start = state.copy()
    history = state.history()
    for _ in history:
        start.undo()
    moves: list[str] = []
    replay = start.copy()
    for move in history:
        moves.append(replay.move_text(move))
        replay.apply(move)
    tree = VariationTree.from_text(start, text, moves) if text else VariationTree(start, moves)
    node = tree.root
    for _ in range(len(moves) if ply is None else max(0, min(ply, len(moves)))):
        node = node.children[0]
    tree.go(node)
    return tree
