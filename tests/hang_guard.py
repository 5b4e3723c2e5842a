"""Every child process a test (or the build's smoke script) starts runs bounded by the work it does,
never by the clock: a loaded machine (CI shares its cores) makes a child slow, not wrong, and a
deadline on the wall clock would fail a sound run there. ``run`` is ``subprocess.run`` with the
child's CPU time capped (``RLIMIT_CPU``, set by the shell's ``ulimit`` in a one-line wrapper that
then becomes the command: no ``preexec_fn``, which is unsafe beside threads, and no second Python
start, 20 ms of CPU a child): a child that loops is stopped after ``CPU_SECONDS`` of its own work,
far above what any of them does, and the test that started it fails. A child that waits for ever
without working is left to CI's own limit on the whole run.
How quick a launch is, the benchmarks measure in CPU time."""

from __future__ import annotations

import os
import subprocess
from typing import Any

#: the work a child may do before it is called hung: minutes of CPU, where the slowest (the
#: standalone build) takes about one
CPU_SECONDS = 600

#: the soft limit set to the seconds given, or to the hard limit where that is lower
_LIMITED = 'ulimit -S -t "$0" 2>/dev/null || ulimit -S -t "$(ulimit -H -t)"; exec "$@"'


def bounded(cmd: list[str], cpu_seconds: int = CPU_SECONDS) -> list[str]:
    """``cmd`` run with its CPU time capped (as it is, where the system has no such limit)."""
    if os.name != "posix" or not os.path.exists("/bin/sh"):
        return list(cmd)
    return ["/bin/sh", "-c", _LIMITED, str(cpu_seconds), *cmd]


def run(cmd: list[str], cpu_seconds: int = CPU_SECONDS, **kwargs: Any) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, **kwargs)``, the child's work capped at ``cpu_seconds``."""
    return subprocess.run(bounded([str(part) for part in cmd], cpu_seconds), **kwargs)
