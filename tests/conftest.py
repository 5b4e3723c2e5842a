"""Shared test setup: headless SDL, the repository on sys.path, hypothesis profiles."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hypothesis import settings  # noqa: E402
from hypothesis.database import DirectoryBasedExampleDatabase  # noqa: E402

# The same examples on every run (pyproject's addopts give Hypothesis the seed 0: a red test is
# red again on the next run, and CI is no lottery), and the failures found kept in the repository
# (tests/hypothesis-examples/, committed), so an example that once broke a rule is tried first by
# everyone. "thorough" with another --hypothesis-seed explores afresh.
EXAMPLES = DirectoryBasedExampleDatabase(str(Path(__file__).resolve().parent / "hypothesis-examples"))
settings.register_profile("ci", max_examples=25, deadline=None, database=EXAMPLES)
settings.register_profile("thorough", max_examples=300, deadline=None, database=EXAMPLES)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Settings and saves go to a throw-away folder, never the tester's own (game.userfiles).
if "KELIYA_HOME" not in os.environ:
    import tempfile

    os.environ["KELIYA_HOME"] = tempfile.mkdtemp(prefix="keliya-tests-")


import pytest  # noqa: E402


def pytest_addoption(parser):
    parser.addoption(
        "--whole-corpus",
        action="store_true",
        help="judge every entry of the analysis corpus (by default every sixth, about 15 s)",
    )


@pytest.fixture
def corpus_share(request) -> int:
    """One corpus entry in how many is judged: 1 with --whole-corpus, else 6, each game's entries
    taken evenly (the benchmark benchmarks/analysis_judge.py judges them all, and RESULTS.md
    keeps its figures)."""
    return 1 if request.config.getoption("--whole-corpus") else 6


@pytest.fixture(autouse=True)
def _fresh_user_files(tmp_path, monkeypatch):
    """Each test starts with default settings and no saved game (a folder of its own)."""
    from game import settings

    monkeypatch.setenv("KELIYA_HOME", str(tmp_path / "keliya-home"))
    settings.forget_loaded()
    yield
    settings.forget_loaded()


@pytest.fixture
def app():
    """A window (SDL's dummy driver) for the scene tests, closed afterwards."""
    from game.app import App

    a = App((1280, 800), sound=False)
    yield a
    a.close()


@pytest.fixture(scope="session")
def kept_games(tmp_path_factory):
    """Six games of a random player against a greedy one in Kotu Ellima, kept as the arena's
    ``--games-out`` keeps them (the tools that read a match's games are tested on them)."""
    from training.arena import main as arena

    path = tmp_path_factory.mktemp("kept") / "games.jsonl"
    games = ["kotu_ellima", "random", "greedy", "--games", "6", "--seed", "3", "--quiet"]
    arena([*games, "--games-out", str(path)])
    return path
