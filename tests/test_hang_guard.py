"""The bound on a test's child process is the child's own work, not the clock: one that loops is
stopped after its CPU seconds, one that finishes is left alone, with its arguments and output."""

from __future__ import annotations

import os
import sys

import pytest

from tests.hang_guard import run


@pytest.mark.skipif(os.name != "posix", reason="the CPU limit is POSIX's (elsewhere a child runs as it is)")
def test_a_child_that_loops_is_stopped_by_its_work():
    out = run([sys.executable, "-c", "while True: pass"], cpu_seconds=1, capture_output=True)
    assert out.returncode != 0


def test_a_child_that_finishes_runs_as_it_would_with_its_arguments():
    out = run(
        [sys.executable, "-c", "import sys; print(sys.argv[1:])", "a b", "-X"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.strip() == "['a b', '-X']"
