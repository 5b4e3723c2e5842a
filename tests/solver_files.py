"""A solved table's file taken apart and put back together, for tests that craft damaged ones."""

from __future__ import annotations

import hashlib
import json

from game.ai.solver_table import MAGIC


def split(data: bytes) -> tuple[dict, bytes]:
    """A table file's header and body."""
    end = data.index(b"\n", len(MAGIC))
    return json.loads(data[len(MAGIC) : end]), data[end + 1 :]


def join(header: dict, body: bytes) -> bytes:
    """A table file with its size and checksum made to match ``body`` (only the contents differ)."""
    header = dict(header, size=len(body), sha256=hashlib.sha256(body).hexdigest())
    return MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n" + body
