"""``--analyse FILE`` (and ``--json``): a recorded game looked over by the engine on the command
line, one move a line or as JSON; every input that cannot be looked over is one line on stderr
and exit status 2, never a traceback, and the file is left as it was."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pytest

from game import annotate, launch
from game.config import MatchConfig
from game.match.analysis import MARKS, Verdict
from game.match.numbering import REPLY, move_labels
from game.saves import match_text, start_of
from game.userfiles import MAX_BYTES
from rules import load_state
from tests.hang_guard import run as run_bounded

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 200  # the judge's work per position: small, the whole file in seconds
VERDICTS = {"good", "inaccuracy", "mistake", "blunder"}
KEYS = {"ply", "number", "side", "move", "verdict", "loss", "before", "after", "lost", "best", "why"}


def recorded(game_id: str, seed: int, **options) -> tuple[str, list[str], list[int], str]:
    """A finished game by seeded random play: (its save text, its moves, who made each, the start)."""
    from tools.scenarios import finished

    state = finished(game_id, seed, **options)
    replay = start_of(state)
    start = replay.to_text()
    moves, movers = [], []
    for move in state.history():
        moves.append(replay.move_text(move))
        movers.append(replay.to_move)
        replay.apply(move)
    return match_text(MatchConfig(game_id, dict(state.game.options)), state), moves, movers, start


def written(folder: Path, game_id: str, seed: int, **options) -> tuple[Path, list[str], list[int], str]:
    text, moves, movers, start = recorded(game_id, seed, **options)
    assert any(a == b for a, b in zip(movers, movers[1:])), "the game must have a side moving twice"
    path = folder / f"{game_id}.txt"
    path.write_text(text, encoding="utf-8")
    return path, moves, movers, start


@pytest.fixture(scope="module")
def sowing(tmp_path_factory):
    """An Ncuva game where a capture sows again: a side moves twice running, more than once."""
    return written(tmp_path_factory.mktemp("games"), "ncuva", 1, after_capture="sow-again")


@pytest.fixture(scope="module", params=["sow-again", "huff"])
def twice(request, sowing, tmp_path_factory):
    """A game where a side moves twice running: a sowing again (Ncuva), a huff (Kotu Ellima)."""
    if request.param == "sow-again":
        return sowing
    return written(tmp_path_factory.mktemp("games"), "kotu_ellima", 23, capture="huff")


def replays_legally(start: str, moves: list[str]) -> None:
    state = load_state(start)
    for move in moves:
        state.play(move)  # IllegalMoveError if the output named a move that was not played


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes() if p.is_file() else b"", p.stat().st_mtime_ns) for p in folder.iterdir()}


# --- the analysis -----------------------------------------------------------------------------------
def test_every_move_is_judged_in_order_with_its_own_label(twice):
    path, moves, movers, start = twice
    match = annotate.read_source(str(path))
    rows = annotate.look_over(match, budget=BUDGET)
    assert [r.ply for r in rows] == list(range(1, len(moves) + 1))
    assert [r.move for r in rows] == moves
    replays_legally(start, [r.move for r in rows])
    assert [r.side for r in rows] == [("South", "North")[m] for m in movers]
    assert {r.verdict for r in rows} <= VERDICTS
    labels = [r.number for r in rows]
    assert labels == move_labels(movers)
    assert labels[0] == ("1." if movers[0] == 0 else f"1{REPLY}")
    for i in range(1, len(rows)):  # a side moving twice starts a new turn: no label is repeated
        assert labels[i] != labels[i - 1]
        if movers[i] == movers[i - 1]:
            assert int(labels[i].rstrip(".…")) == int(labels[i - 1].rstrip(".…")) + 1
    for r in rows:
        assert 0.0 <= r.before <= 1.0 and 0.0 <= r.after <= 1.0 and r.loss >= 0.0
        assert r.best != r.move  # '' when the engine's move was played
        if r.verdict != "good":
            assert r.best, "a slip names the move the engine preferred"


def test_the_text_has_a_header_one_line_a_move_and_a_summary(sowing):
    path, moves, movers, _ = sowing
    match = annotate.read_source(str(path))
    rows = annotate.look_over(match, budget=BUDGET)
    lines = annotate.text_report(match, rows).split("\n")
    assert len(lines) == len(moves) + 2
    assert lines[0].startswith("Ncuva (") and f"{len(moves)} moves" in lines[0] and "Sow again" in lines[0]
    pattern = re.compile(
        r"^\s*(\d+[.…])\s+(South|North)\s+(\S+)\s+(\?\?|\?!|\?)?\s*(\d\.\d\d) → (\d\.\d\d)"
        r"(?:\s+best was (\S+))?$"
    )
    for line, label, mover, row in zip(lines[1:], move_labels(movers), movers, rows):
        found = pattern.match(line)
        assert found, line
        assert (
            found.group(1) == label
            and found.group(2) == ("South", "North")[mover]
            and found.group(3) == row.move
        )
        assert (found.group(4) or "") == MARKS[Verdict(row.verdict)]
        assert (found.group(7) or "") == row.best
        assert float(found.group(5)) == pytest.approx(row.before, abs=0.006)
        assert float(found.group(6)) == pytest.approx(row.after, abs=0.006)
    south, north = lines[-1].rstrip(".").split("; ")
    for side, said in (("South", south), ("North", north)):
        slips = {
            v: sum(r.side == side and r.verdict == v for r in rows)
            for v in ("blunder", "mistake", "inaccuracy")
        }
        plural = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
        expected = [f"{n} {v if n == 1 else plural[v]}" for v, n in slips.items() if n] or ["no slip"]
        mine = [r for r in rows if r.side == side and r.choices != 1]
        if mine:  # the share kept, on average, as the game screen says it
            kept = [1.0 if not r.best else max(0.0, min(1.0, 1 - (r.before - r.after))) for r in mine]
            expected.insert(0, f"{int(sum(kept) / len(kept) * 100 + 1e-9)}% accuracy")
        assert said == f"{side}: " + ", ".join(expected)


def test_the_command_prints_one_line_a_move_and_no_progress_off_a_terminal(sowing):
    path, moves, movers, _ = sowing
    out, err = io.StringIO(), io.StringIO()
    assert annotate.main(str(path), out=out, err=err, budget=BUDGET) == 0
    assert err.getvalue() == ""  # no progress when stderr is not a terminal
    lines = out.getvalue().rstrip("\n").split("\n")
    assert len(lines) == len(moves) + 2
    assert [line.split()[0] for line in lines[1:-1]] == move_labels(movers)


def test_json_from_the_command_line_without_a_display_or_pygame(sowing):
    path, moves, movers, start = sowing
    before = snapshot(path.parent)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env[annotate.BUDGET_VARIABLE] = str(BUDGET)
    out = run_bounded(
        [sys.executable, "-X", "importtime", str(ROOT / "main.py"), "--analyse", str(path), "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    imported = [
        line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")
    ]
    assert "rules" in imported and "game.annotate" in imported  # importtime did list the imports
    assert not any(name == "pygame" or name.startswith("pygame.") for name in imported)
    data = json.loads(out.stdout)
    assert isinstance(data, list) and len(data) == len(moves)
    for entry in data:
        assert set(entry) >= KEYS
        assert entry["verdict"] in VERDICTS
        assert isinstance(entry["loss"], float) and isinstance(entry["best"], str)
    assert [e["ply"] for e in data] == list(range(1, len(moves) + 1))
    assert [e["move"] for e in data] == moves
    replays_legally(start, [e["move"] for e in data])
    assert [e["number"] for e in data] == move_labels(movers)
    assert snapshot(path.parent) == before  # read, never changed or moved


def test_standard_input_is_read_with_a_dash(sowing, monkeypatch, capsys):
    path, moves, _, _ = sowing
    monkeypatch.setenv(annotate.BUDGET_VARIABLE, str(BUDGET))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))
    assert launch.main(["--analyse", "-", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == len(moves)


def test_progress_only_on_a_terminal(sowing):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    path, moves, _, _ = sowing
    err = Terminal()
    assert annotate.main(str(path), as_json=True, out=io.StringIO(), err=err, budget=BUDGET) == 0
    said = err.getvalue()
    assert f"analysing 1 of {len(moves) + 1} positions" in said
    assert f"analysing {len(moves) + 1} of {len(moves) + 1} positions" in said
    assert said.endswith("\r\033[K")  # the progress line is cleared before the report


def test_a_console_without_the_arrow_gets_ascii(sowing):
    path, _, _, _ = sowing
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    assert annotate.main(str(path), out=out, err=io.StringIO(), budget=BUDGET) == 0
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert " -> " in text and "..." in text  # '→' and '9…' spelt in ASCII


def test_an_engine_failure_is_said_without_a_traceback(sowing, monkeypatch):
    import game.ai.analysis

    def broken(*args, **kwargs):
        yield from ()
        raise MemoryError("out of memory")

    monkeypatch.setattr(game.ai.analysis, "analyse", broken)
    path = sowing[0]
    err = io.StringIO()
    assert annotate.main(str(path), out=io.StringIO(), err=err) == annotate.FAILED
    assert err.getvalue().startswith("keliya: the analysis failed (MemoryError: out of memory)")


# --- what cannot be looked over -----------------------------------------------------------------------
def bad_inputs(folder: Path, good: Path) -> dict[str, tuple[Path, str]]:
    """Each bad input: (its path, a word its message must hold)."""
    text = good.read_text(encoding="utf-8")
    lines = text.splitlines()
    position = next(line for line in lines if line.startswith("start "))[len("start ") :]
    moves = next(line for line in lines if line.startswith("moves ")).split()[1:]
    made = {
        "binary": (bytes(range(256)) * 8, "not a text file"),
        "foreign": (b"Dear diary,\nit rained today.\n", "neither a game saved by Keliya"),
        "empty": (b"", "empty"),
        "truncated": (text[: len(text) // 2].encode(), "cannot be opened"),
        "corrupt": (
            text.replace(f"moves {moves[0]} {moves[1]}", f"moves {moves[1]} {moves[0]}").encode(),
            "cannot be opened",
        ),
        "changed": (text.replace(lines[-1], lines[-1].replace("ply=", "ply=1")).encode(), "cannot be opened"),
        "huge": (text.encode() + b" " * MAX_BYTES, "larger than 1,000 KB"),
        "position": (position.encode(), "nothing to look over"),
        "no-moves": (
            "\n".join(line for line in lines if not line.startswith("moves "))
            .replace(lines[-1], "position " + position)
            .encode(),
            "nothing to look over",
        ),
    }
    paths = {}
    for name, (data, says) in made.items():
        path = folder / f"{name}.txt"
        path.write_bytes(data)
        paths[name] = (path, says)
    paths["missing"] = (folder / "no-such-game.txt", "no such file")
    paths["folder"] = (folder, "folder")
    return paths


def test_each_bad_input_is_one_line_and_exit_2(sowing, tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    cases = bad_inputs(folder, sowing[0])
    before = snapshot(folder)
    for name, (path, says) in cases.items():
        out = run_bounded(
            [sys.executable, str(ROOT / "main.py"), "--analyse", str(path)],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 2, (name, out.stderr)
        assert out.stdout == "", name
        assert "Traceback" not in out.stderr, (name, out.stderr)
        message = out.stderr.strip()
        assert len(message.splitlines()) == 1, (name, message)
        assert message.startswith(f"keliya: {path} cannot be looked over: ") and says in message, (
            name,
            message,
        )
    assert snapshot(folder) == before  # nothing changed, moved or set aside


def test_an_unreadable_file_is_said_in_words(sowing, tmp_path, monkeypatch, capsys):
    path = tmp_path / "locked.txt"
    path.write_bytes(sowing[0].read_bytes())
    real_open = os.open  # user files are read through os.open (never blocking on a pipe)

    def refusing(file, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)  # as root, a chmod would not refuse
    assert launch.main(["--analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"keliya: {path} cannot be looked over: it cannot be read (Permission denied)."


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads a file of mode 000")
def test_a_file_without_read_permission(sowing, tmp_path):
    path = tmp_path / "locked.txt"
    path.write_bytes(sowing[0].read_bytes())
    path.chmod(0)
    try:
        out = run_bounded(
            [sys.executable, str(ROOT / "main.py"), "--analyse", str(path)],
            capture_output=True,
            text=True,
        )
    finally:
        path.chmod(0o600)
    assert out.returncode == 2 and "Traceback" not in out.stderr and "cannot be read" in out.stderr


def test_json_alone_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as done:
        launch.main(["--json"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "--json goes with --analyse FILE" in err


def test_help_names_the_flags(capsys):
    with pytest.raises(SystemExit):
        launch.main(["--help"])
    shown = capsys.readouterr().out
    assert "--analyse FILE" in shown and "--json" in shown
