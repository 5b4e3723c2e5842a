"""Kinds and codes are typed, never matched as English text (issue 31, item 3): a member of a
``Code`` enum equals itself only, not its word nor a member of another kind with the same word,
yet writes its word wherever text is made; and no module names a member under a second,
module-level name (``DROP`` meaning ``MoveKind.DROP`` in one module and ``EffectKind.DROP`` in
another)."""

from __future__ import annotations

import ast
import importlib
import pickle
from itertools import combinations
from pathlib import Path

import pytest

from rules.kinds import Code, EffectKind, MoveKind

ROOT = Path(__file__).resolve().parent.parent
#: where a module-level alias of a member is refused
PACKAGES = ("rules", "game", "tools")


def sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def code_classes() -> dict[str, str]:
    """Every ``Code`` subclass in the packages, by name: the module that defines it (read from
    the source, so that a kind added anywhere is checked without being listed here)."""
    found: dict[str, str] = {"Code": "rules.kinds"}
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sources()}
    grew = True
    while grew:  # a kind may derive from another kind
        grew = False
        for path, tree in trees.items():
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.ClassDef)
                    and node.name not in found
                    and any(isinstance(b, ast.Name) and b.id in found for b in node.bases)
                ):
                    found[node.name] = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                    grew = True
    return found


CLASSES = code_classes()


def kinds() -> list[type[Code]]:
    out = [getattr(importlib.import_module(module), name) for name, module in CLASSES.items()]
    return [k for k in out if k is not Code]


def test_every_kind_is_found():
    names = {k.__name__ for k in kinds()}
    assert {"MoveKind", "EffectKind", "Detail", "PieceKind", "Mode", "Controller", "Beat", "Verdict"} <= names


def test_a_member_is_not_its_word():
    assert MoveKind.DROP != "drop" and "drop" != MoveKind.DROP
    assert MoveKind.DROP not in ("drop", "step") and "drop" not in (MoveKind.DROP,)
    assert {"drop": 1}.get(MoveKind.DROP) is None and {MoveKind.DROP: 1}.get("drop") is None
    assert not isinstance(MoveKind.DROP, str)
    for kind in kinds():
        for member in kind:
            assert member != member.value and member == member, member


def test_members_of_two_kinds_with_one_word_differ():
    assert MoveKind.DROP != EffectKind.DROP
    assert len({MoveKind.DROP, EffectKind.DROP}) == 2
    pairs = 0
    for a, b in combinations(kinds(), 2):
        for member in a:
            twin = b._value2member_map_.get(member.value)
            if twin is not None:
                pairs += 1
                assert member != twin and twin != member
                assert member not in {twin} and twin not in [member] and {member: 1}.get(twin) is None
    assert pairs >= 10  # drop, step, capture, huff, limit... are words of several kinds


def test_a_member_writes_its_word_and_is_read_back_from_it():
    for kind in kinds():
        for member in kind:
            word = member.value
            assert isinstance(word, str) and word
            assert str(member) == f"{member}" == str.format("{}", member) == word
            assert format(member, ">12") == format(word, ">12") and f"{member:<12}|" == f"{word:<12}|"
            assert kind(word) is member and kind(member) is member
            assert pickle.loads(pickle.dumps(member)) is member  # to and from the computer's process
            assert {member: 1}[member] == 1
    with pytest.raises(ValueError):
        MoveKind("no such kind")
    with pytest.raises(ValueError):
        MoveKind(EffectKind.DROP)  # a kind is not read from another kind's member


def aliases_in(source: str, classes: dict[str, str] = CLASSES) -> list[str]:
    """Module-level names given to a member of a ``Code`` kind (``STEP = MoveKind.STEP``,
    ``A, B = Phase.A, Phase.B``), as 'line: name = Kind.MEMBER'. Collections of members
    (``ANIMALS = (PieceKind.COW, ...)``) and names inside functions are not aliases."""
    out = []

    def member(node: ast.expr) -> str | None:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in classes:
            return f"{node.value.id}.{node.attr}"
        return None

    def top(body: list[ast.stmt]) -> list[ast.stmt]:
        """The module's own statements, also those under a top-level if, try or with."""
        out: list[ast.stmt] = []
        for node in body:
            out.append(node)
            if isinstance(node, (ast.If, ast.Try, ast.With)):
                out += top(node.body) + top(getattr(node, "orelse", [])) + top(getattr(node, "finalbody", []))
                for handler in getattr(node, "handlers", []):
                    out += top(handler.body)
        return out

    for node in top(ast.parse(source).body):
        pairs: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, (ast.Tuple, ast.List)) and isinstance(
                    node.value, (ast.Tuple, ast.List)
                ):
                    pairs += zip(target.elts, node.value.elts)
                else:
                    pairs.append((target, node.value))
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            pairs.append((node.target, node.value))
        for target, value in pairs:
            name = member(value)
            if name is not None and isinstance(target, ast.Name):
                out.append(f"{node.lineno}: {target.id} = {name}")
    return out


def test_the_alias_finder_finds_a_planted_alias():
    planted = (
        "from rules.kinds import MoveKind, PieceKind\n"
        "DROP = MoveKind.DROP\n"
        "STEP, JUMP = MoveKind.STEP, MoveKind.JUMP\n"
        "KING: PieceKind = PieceKind.KING\n"
        "if True:\n    HUFF = MoveKind.HUFF\n"
        "ANIMALS = (PieceKind.COW, PieceKind.TIGER)\n"  # a collection: not an alias
        "def f():\n    step = MoveKind.STEP  # a local bound for a hot loop: allowed\n    return step\n"
        "class C:\n    DROP = 'drop'\n"
    )
    assert aliases_in(planted) == [
        "2: DROP = MoveKind.DROP",
        "3: STEP = MoveKind.STEP",
        "3: JUMP = MoveKind.JUMP",
        "4: KING = PieceKind.KING",
        "6: HUFF = MoveKind.HUFF",
    ]


def test_no_module_names_a_member_at_module_level():
    """``MoveKind.STEP`` at every use, never ``STEP`` imported from a module that named it:
    the same word meant a move's kind in one module and an effect's in another."""
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sources()
        for line in aliases_in(path.read_text(encoding="utf-8"))
    ]
    assert found == []
