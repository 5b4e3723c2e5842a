#!/usr/bin/env python3
"""Keliya for Windows: double-click this twin of main.py to play without a console window.

The real entry is ``game.launch.main`` (shared with ``keliya.pyw`` and the installed ``keliya``
command); this file only makes the repository folder importable when started from anywhere.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.launch import build_parser, list_games, main  # noqa: E402

__all__ = ["build_parser", "list_games", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
