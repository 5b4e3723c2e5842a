"""The catalogue's tooling (issue 30, item 7): the pseudo-language check, the references and
headers of the .po files, the glossary check and the reviewed state.

``python -m tools.pseudo`` exits 0 on the code as it is: a key hint ('[Esc]') and the pseudo-
language's own code are no English. Every entry of every .po names where it comes from (a
paragraph of a game's rules or a lesson names that game or lesson too), the headers name the
project and who translated it, every translation that says a glossary word uses the glossary's
term, and a '# reviewed: <name> <date>' comment is kept by ``update`` and counted by ``status``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools.pseudo import english_in

ROOT = Path(__file__).resolve().parent.parent


# --- the pseudo-language check --------------------------------------------------------------------
def test_the_pseudo_check_finds_no_english_on_the_code_as_it_is(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "KELIYA_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "tools.pseudo"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)  # a guard against a hang, not a measure
    assert out.returncode == 0, out.stdout[-2000:]
    assert out.stderr.strip().endswith("0 texts with English in them")


@pytest.mark.parametrize("drawn, english", [
    ("Bàçķ  [Esc]", False), ("Òpèñ à fìĺè  [Ctrl+O]", False), ("Ùp à fòĺďèŕ  [Backspace]", False),
    ("Ŕèšùmè  [F11]", False), ("Ùñďò  [U/Ctrl+Z]", False), ("qps  [L]", False), ("Ďèĺèţè  [Del]", False),
    ("Back  [Esc]", True),  # the label itself never looked up
    ("Šţàŕţ  [Leave]", True),  # a word in brackets is no key
    ("Šţàŕţ  [Esc] then choose", True),  # English after a hint
    ("Keliya  [Enter]", False),
])
def test_a_key_hint_is_no_english_but_a_word_is(drawn, english):
    assert english_in(drawn) is english
