"""Every child process a test (or the build's smoke script) starts runs bounded by the work it does,
never by the clock: a loaded machine (CI shares its cores) makes a child slow, not wrong, and a
deadline on the wall clock would fail a sound run there. ``run`` is ``subprocess.run`` with the
child's CPU time capped (``RLIMIT_CPU``, set by a two-line wrapper that then becomes the command:
no ``preexec_fn``, which is unsafe beside threads): a child that loops is stopped after
``CPU_SECONDS`` of its own work, far above what any of them does, and the test that started it
fails. A child that waits for ever without working is left to CI's own limit on the whole run.
How quick a launch is, the benchmarks measure in CPU time."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

#: the work a child may do before it is called hung: minutes of CPU, where the slowest (the
#: standalone build) takes about one
CPU_SECONDS = 600

_LIMITED = (
    "import os, resource, sys\n"
    "soft, hard = resource.getrlimit(resource.RLIMIT_CPU)\n"
    "cap = int(sys.argv[1]) if hard == resource.RLIM_INFINITY else min(int(sys.argv[1]), hard)\n"
    "resource.setrlimit(resource.RLIMIT_CPU, (cap, hard))\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n"
)


def bounded(cmd: list[str], cpu_seconds: int = CPU_SECONDS) -> list[str]:
    """``cmd`` run with its CPU time capped (as it is, where the system has no such limit)."""
    if os.name != "posix":
        return list(cmd)
    return [sys.executable, "-c", _LIMITED, str(cpu_seconds), *cmd]


def run(cmd: list[str], cpu_seconds: int = CPU_SECONDS, **kwargs: Any) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, **kwargs)``, the child's work capped at ``cpu_seconds``."""
    return subprocess.run(bounded([str(part) for part in cmd], cpu_seconds), **kwargs)
