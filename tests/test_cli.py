"""The command line: --list prints the games, a bad flag prints usage and fails."""

import sys
from pathlib import Path

from tests.hang_guard import run as run_bounded

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return run_bounded([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True)


def test_list_prints_every_game():
    from rules import game_ids

    out = run("--list")
    assert out.returncode == 0
    for gid in game_ids():
        assert gid in out.stdout


def test_bad_flag_prints_usage():
    out = run("--no-such-flag")
    assert out.returncode == 2
    assert "usage:" in out.stderr and "--no-such-flag" in out.stderr
