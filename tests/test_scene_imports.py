"""The front end's modules import one another without a cycle: read from the source, every
import a module makes when it runs (at its top or inside a function, not the ones only a type
checker reads), among the scenes, the panel, the lessons and the app. Scenes open one another by
name through ``game.scenes.navigator``; a cycle here is a scene reaching into another again."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.scenes.navigator import PLACES, SceneName, scene_type

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("game/scenes", "game/render", "game/tutorials", "game/boards", "game/match")
TOP = ("game/app.py", "game/scene.py", "game/launch.py")


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it runs (relative imports resolved; each name of a
    ``from package import name`` that is a module counted as that module)."""
    here = module_of(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (child.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    ancestors = {".".join(here.split(".")[:i]) for i in range(1, here.count(".") + 1)}
    return found - ancestors  # a module's own packages are imported before it whatever it says


def front_end_graph() -> dict[str, set[str]]:
    files = [p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py")] + [ROOT / f for f in TOP]
    modules = {module_of(p): p for p in files}
    return {
        name: {m for m in runtime_imports(path) if m in modules and m != name}
        for name, path in modules.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(groups)


def test_the_front_end_imports_no_module_that_imports_it_back():
    assert cycles(front_end_graph()) == []


def test_the_check_sees_a_cycle_through_an_import_inside_a_function():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    source = ROOT / "game" / "scenes" / "coin.py"
    assert "game.scenes.navigator" in runtime_imports(source)  # a top-level import, resolved


@pytest.mark.parametrize("name", list(SceneName))
def test_every_scene_opens_by_its_name(name):
    cls = scene_type(name)
    assert cls.__name__ == PLACES[name][1] and cls.__module__ == PLACES[name][0]
