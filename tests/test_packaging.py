"""What ``pip install`` ships: the packages the app runs on (the list in pyproject.toml is written
out by hand, because the assets at the top level map into the package), their ``py.typed``
markers, and the typeface and the sounds inside an installed copy, where the app finds them; not
the development tooling (tools/, training/, tests/, benchmarks/, scripts/), which stays in the
checkout. And what a flag that needs that tooling says where it is missing."""

from __future__ import annotations

import ast
import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import tomllib

from game import launch
from tests.hang_guard import run as run_bounded

ROOT = Path(__file__).resolve().parent.parent
#: the packages the app runs on, and the repository's development folders (never installed)
RUNTIME = ("rules", "game")
DEVELOPMENT = ("tools", "training", "tests", "benchmarks", "scripts")


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def _packages_under(top: str) -> set[str]:
    return {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / top).rglob("__init__.py")
        if "__pycache__" not in init.parts
    }


def test_every_runtime_package_is_listed_for_install_and_nothing_else():
    listed = set(_setuptools()["packages"])
    found = set().union(*(_packages_under(top) for top in RUNTIME))
    assert found | {"game.assets"} == listed
    assert not {p for p in listed if p.split(".")[0] in DEVELOPMENT}


def test_the_typed_packages_carry_their_marker():
    data = _setuptools()["package-data"]
    for top in RUNTIME:
        assert (ROOT / top / "py.typed").is_file(), top
        assert "py.typed" in data[top], top


def _imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, by absolute name (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def test_the_app_imports_no_development_module_but_the_screenshot_tool():
    """The installed packages run without the development folders: the one import of them is
    ``--screenshots``'s (``game.launch``), which says it needs a checkout where they are not."""
    allowed = {("game/launch.py", "tools.shots"), ("game/launch.py", "tools.shots.save_screenshots")}
    found = sorted(
        (rel, name)
        for top in RUNTIME
        for path in (ROOT / top).rglob("*.py")
        if "__pycache__" not in path.parts
        for rel in [path.relative_to(ROOT).as_posix()]
        for name in _imported_modules(path)
        if name.split(".")[0] in DEVELOPMENT and (rel, name) not in allowed
    )
    assert found == []
    moved = ("arena", "train_eval", "alphabeta")  # the match runner, the fitting, the yardstick: training/
    assert not [m for m in moved if (ROOT / "game" / "ai" / f"{m}.py").exists()]


def test_screenshots_without_the_tools_say_they_need_a_checkout(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tools", None)  # as in a wheel or the standalone app
    monkeypatch.setitem(sys.modules, "tools.shots", None)
    monkeypatch.setenv("KELIYA_NO_DIALOG", "1")
    status = launch.main(["--screenshots", "shots"])
    said = capsys.readouterr()
    assert status != 0 and said.out == ""
    assert said.err.strip().splitlines() == [launch.NEEDS_CHECKOUT.format(flag="--screenshots")]
    assert "--screenshots needs a source checkout" in said.err and "Traceback" not in said.err


def test_a_failure_inside_the_screenshot_tool_is_not_taken_for_its_absence(monkeypatch):
    """Only ``tools`` itself missing is the checkout message: a module the tool lacks is a bug."""

    class Broken:
        def find_spec(self, name, path=None, target=None):
            if name == "tools.shots":
                raise ModuleNotFoundError("No module named 'pygame_extra'", name="pygame_extra")
            return None

    monkeypatch.delitem(sys.modules, "tools.shots", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Broken(), *sys.meta_path])
    with pytest.raises(ModuleNotFoundError, match="pygame_extra"):
        launch._screenshot_tool()


def test_screenshots_from_an_installed_copy_exit_with_one_line(tmp_path):
    """The installed ``keliya`` command, where only the packages are importable (no checkout
    on the path, tools/ shadowed): one line, a non-zero status, no traceback."""
    site = tmp_path / "site"
    site.mkdir()
    for top in RUNTIME:
        (site / top).symlink_to(ROOT / top, target_is_directory=True)
    (site / "tools").mkdir()  # an empty folder would be a namespace package: make it fail to import
    (site / "tools" / "__init__.py").write_text("raise ModuleNotFoundError('no tools', name='tools')\n")
    code = "import sys; from game.launch import main; sys.exit(main())"
    out = run_bounded(
        [sys.executable, "-c", code, "--screenshots", str(tmp_path / "shots")],
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "KELIYA_NO_DIALOG": "1", "SDL_VIDEODRIVER": "dummy", "PATH": ""},
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip() == launch.NEEDS_CHECKOUT.format(flag="--screenshots")
    assert not (tmp_path / "shots").exists()


def _tracked_copy(dest: Path) -> Path:
    """The repository's tracked and new files, without the ignored ones (build/, stale egg-info)
    that a build in the checkout itself would pick up."""
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    for rel in files:
        if (ROOT / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dest / rel)
    return dest


@pytest.mark.build
def test_a_wheel_carries_the_app_and_its_assets_and_no_tooling(tmp_path):
    source = _tracked_copy(tmp_path / "src")
    # with setuptools and wheel at hand, no isolated build environment to fetch (offline, quicker)
    here = all(importlib.util.find_spec(m) is not None for m in ("setuptools", "wheel"))
    isolation = ["--no-build-isolation"] if here else []
    out = run_bounded(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            *isolation,
            "-q",
            "-w",
            str(tmp_path),
            str(source),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    wheel = next(tmp_path.glob("keliya-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    tops = {n.split("/")[0] for n in names}
    assert tops == {"rules", "game", "keliya-0.1.0.dist-info"}, tops
    assert {"rules/py.typed", "game/py.typed"} <= names
    # every module of the app, and the AI's data
    shipped = {
        p.relative_to(source).as_posix()
        for top in RUNTIME
        for p in (source / top).rglob("*")
        if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts
    }
    assert shipped <= names, sorted(shipped - names)
    assert not [n for n in names if n.startswith("game/ai/") and Path(n).stem in ("arena", "train_eval")]
    # the translators' sources (.pot, .po) stay in the repository: the app reads the compiled .mo
    assets = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and p.suffix not in (".po", ".pot") and "__pycache__" not in p.parts
    )
    assert assets and all(f"game/{a}" in names for a in assets), [
        a for a in assets if f"game/{a}" not in names
    ]
    assert {f"game/assets/locale/{code}/LC_MESSAGES/keliya.mo" for code in ("si", "ta", "bn")} <= names
    assert "game/assets_path.py" in names
    entry = zipfile.ZipFile(wheel).read("keliya-0.1.0.dist-info/entry_points.txt").decode()
    assert "keliya = game.launch:main" in entry and "keliya-gui = game.launch:gui_main" in entry
