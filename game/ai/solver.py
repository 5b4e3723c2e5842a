"""Hat Diviyan Keliya solved: the proven value of a position and the moves that keep it, from a
table built once per variant (``solver_build``) and kept in the user's data folder in a checked
format (``solver_table``).

``table_for`` never blocks: the first call for a variant starts one background worker that
reads the cached table, or, when it is missing or fails its checks (moved aside with a one-line
notice: ``take_notice``), builds it in a separate process and reads it back. Until a verified
table is installed every answer is None, so no proven value is ever shown from a damaged file.
One worker per variant and run: asking every frame never starts a second one, and a table that
cannot be built is not tried again in that run; the worker ends with a notice whatever happens
to it, never silently. ``generation`` counts installed tables, so a scene asks once per
position and again only when a table has arrived.

Every value used is checked where it is looked up: a position's score must be the best of its
moves' scores (``move_scores``). A table that contradicts itself there (an edit the checks on
load did not sample) is dropped at once, said, moved aside and rebuilt, once a run.

What the solver says (a proven value, a notice about its tables) is ``Words``: this module runs
in the AI's process too and never imports pygame, so it only marks its sentences (``N_``) and
keeps their values apart; the front end says them in the player's language.

``python -m game.ai.solver [--large | --options VARIANT]`` builds a table by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from rules.core import Game, Move, State
from rules.words import N_, N_counted, Words, words_of

from .solver_build import build, main
from .solver_table import MAX_FILE_BYTES, WIN, Table, TableFileError, back, decode, encode, key_of, variant_of

__all__ = [
    "WIN",
    "Table",
    "back",
    "best_moves",
    "build",
    "describe",
    "install",
    "key_of",
    "move_scores",
    "proven_value",
    "table_for",
    "take_notice",
    "variant_of",
]

#: a proven win in words, by the winner's name: plural ('Leopards win in 14') or not ('Tiger wins
#: in 5'); the number counts plies of both sides, so a translation may need its plural forms
WIN_IN = {
    True: N_counted("proven: {side} win in {n}", "proven: {side} win in {n}"),
    False: N_counted("proven: {side} wins in {n}", "proven: {side} wins in {n}"),
}
#: the notices about the tables (``take_notice``), said where the player looks
BEING_BUILT = N_(
    "Hat Diviyan Keliya's solved table is being built in the background (a few seconds; the large "
    "board a few minutes)."
)
BEING_REBUILT = N_(
    "Hat Diviyan Keliya's solved table was damaged ({why}): it is being rebuilt in the background."
)
NOT_BUILT = N_("Hat Diviyan Keliya's solved table could not be built: proven values are not shown this time.")
NOT_BUILT_BECAUSE = N_(
    "Hat Diviyan Keliya's solved table could not be built ({why}): proven values are not shown this time."
)
CONTRADICTED_AGAIN = N_(
    "Hat Diviyan Keliya's solved table gave a value the rules contradict again: proven values "
    "are not shown this time."
)
#: why a table in use is dropped (``solver_table.check`` says the same of a file)
DISAGREES = N_("a value it gives does not agree with the rules")
#: every notice (what the catalogue's tests hold to a translation)
NOTICES = (BEING_BUILT, BEING_REBUILT, NOT_BUILT, NOT_BUILT_BECAUSE, CONTRADICTED_AGAIN)


# --- using a table ------------------------------------------------------------------------------
def move_scores(table: Table, state: State) -> list[tuple[int, Move]]:
    """Every legal move with its score for the side to move (the best first); [] where the table
    does not know them, or where it contradicts itself: the position's own score is not the best
    of its moves' (the table is then dropped and rebuilt: ``_contradicted``). So no value is used
    that its own position's moves do not bear out."""
    out = []
    for move in state.legal_moves():
        state.apply(move)
        try:
            s = table.score(key_of(state), state.quiet_plies)  # type: ignore[attr-defined]
        finally:
            state.undo()
        if s is None:
            return []
        out.append((back(s), move))
    out.sort(key=lambda sm: -sm[0])
    own = table.score(key_of(state), state.quiet_plies)  # type: ignore[attr-defined]
    if out and own is not None and own != out[0][0]:  # None: a position set up by hand, off the table
        _contradicted(table, state.game)
        return []
    return out


def best_moves(state: State) -> list[Move] | None:
    """The moves that keep the proven value at its best (fastest win, slowest loss), or None
    while the table is not ready or the game is not Hat Diviyan Keliya."""
    table = table_for(state.game)
    if table is None or state.outcome() is not None:
        return None
    scored = move_scores(table, state)
    if not scored:
        return None
    top = scored[0][0]
    return [m for s, m in scored if s == top]


def describe(score: int, mover: int, sides: tuple[str, str]) -> Words:
    """Words for a score of the side ``mover``: 'proven: Leopards win in 9', 'draw with best play'."""
    if score == 0:
        return Words("draw with best play")
    winner = mover if score > 0 else mover ^ 1
    side = sides[winner]
    return Words.counted(*WIN_IN[side.endswith("s")], WIN - abs(score), side=side)


def proven_value(state: State) -> Words | None:
    """The proven value of ``state`` in words where it is known, else None (other games, a
    finished game, or the table still loading). Never blocks; counts plies of both sides."""
    if variant_of(state.game) is None or state.outcome() is not None:
        return None
    table = table_for(state.game)
    if table is None:
        return None
    scored = move_scores(table, state)  # the position's score, borne out by its moves'
    return describe(scored[0][0], state.to_move, state.game.sides) if scored else None


# --- the cache: read or built in the background, verified, never waited for --------------------------
_tables: dict[str, Table] = {}
_working: set[str] = set()  # variants with a worker running, or given up for this run
_distrusted: set[str] = set()  # variants whose table contradicted itself in use this run
_notices: list[Words] = []
_generation = 0
_lock = threading.Lock()
BUILD_WAIT = 600.0  # seconds to wait for another process's build before giving up
#: False: only tables already on disk are read, none is built (the screenshot tool works in a
#: folder of its own and must not leave a build of several minutes running behind it)
builds_allowed = True


def cache_dir() -> Path:
    """Where tables live: the user's data directory (``user_data_dir("keliya")``, or under
    $KELIYA_HOME, as for settings and saves: see ``game.userfiles``)."""
    from game.userfiles import data_dir

    return data_dir() / "solver"


def cache_path(variant: str) -> Path:
    from .solver_table import FORMAT

    return cache_dir() / f"hat_diviyan-{variant}-v{FORMAT}.table"


def save(table: Table, path: Path | None = None) -> Path:
    """Write ``table`` in its checked format (readers never see half a file)."""
    from game.userfiles import write_bytes_atomically

    path = path or cache_path(table.variant)
    write_bytes_atomically(path, encode(table))
    return path


def load(path: Path, variant: str | None = None) -> Table:
    """The verified table in ``path`` (of ``variant``, by default the one its name gives);
    TableFileError in words when it cannot be trusted, OSError when it cannot be read."""
    from game.userfiles import read_bytes_capped

    variant = variant or path.name.split("-")[1]
    return decode(read_bytes_capped(path, MAX_FILE_BYTES), variant)


def install(table: Table) -> None:
    """Make ``table`` the one used for its variant in this process (tests, the builder)."""
    global _generation
    with _lock:
        _tables[table.variant] = table
        _working.discard(table.variant)
        _generation += 1


def generation() -> int:
    """How many tables this process has installed: a scene asks again when it changes."""
    return _generation


def take_notice() -> str:
    """The oldest one-line notice about the tables ('' if none), said once, in ``Words``."""
    with _lock:
        return _notices.pop(0) if _notices else ""


def _notice(words: Words) -> None:
    with _lock:
        _notices.append(words)


def table_for(game: Game) -> Table | None:
    """The table for ``game`` if this process has it; otherwise None, after starting (once per
    variant and run) the background worker that reads or builds it."""
    variant = variant_of(game)
    if variant is None:
        return None
    table = _tables.get(variant)
    if table is not None:
        return table
    with _lock:
        if variant in _working:
            return None
        _working.add(variant)
    threading.Thread(target=_load_or_build, args=(game, variant), name="keliya-solver", daemon=True).start()
    return None


def _contradicted(table: Table, game: Game) -> None:
    """``table`` gave a value its own position's moves contradict: stop using it, and rebuild it
    in the background (once a run: a second contradiction leaves the values off, said)."""
    variant = table.variant
    with _lock:
        if _tables.get(variant) is not table:
            return  # dropped already (or never installed): said once
        del _tables[variant]
        _working.add(variant)
        again = variant in _distrusted
        _distrusted.add(variant)
    if again:
        _notice(Words(CONTRADICTED_AGAIN))
        return
    threading.Thread(
        target=_load_or_build, args=(game, variant, DISAGREES), name="keliya-solver", daemon=True
    ).start()


def _load_or_build(game: Game, variant: str, distrusted: str = "") -> None:
    """The worker: read the table, or (missing, failing its checks, or ``distrusted`` in use:
    why) rebuild it; whatever goes wrong ends with a notice, never a silent death that would
    leave the proven values off for the run without a word."""
    try:
        _load_or_build_unguarded(game, variant, distrusted)
    except Exception as e:  # noqa: BLE001 - the worker must say it gave up, whatever stopped it
        _notice(Words(NOT_BUILT_BECAUSE, why=type(e).__name__))


def _load_or_build_unguarded(game: Game, variant: str, distrusted: str) -> None:
    path = cache_path(variant)
    if distrusted:
        from game.userfiles import set_aside

        set_aside(path)
        table, why = None, distrusted
    else:
        table, why = _read(path, variant)
    if table is None and not builds_allowed:
        return  # the variant stays in _working: nothing more is tried in this run
    if table is None:
        _notice(Words(BEING_REBUILT, why=why) if why else Words(BEING_BUILT))
        _build(game, variant, path)
        table, why = _read(path, variant)
    if table is None:
        _notice(Words(NOT_BUILT_BECAUSE, why=why) if why else Words(NOT_BUILT))
        return  # the variant stays in _working: no second try in this run
    install(table)
    for old in path.parent.glob(f"hat_diviyan-{variant}-v*.table"):
        if old != path:
            old.unlink(missing_ok=True)  # an older format's file (pickled before version 3): never read again


def _read(path: Path, variant: str) -> tuple[Table | None, str]:
    """(the verified table or None, why not in words, kept translatable: '' when there is no
    file). A file that fails its checks is moved aside."""
    from game.userfiles import UserFileError, set_aside

    if not path.exists():
        return None, ""
    try:
        return load(path, variant), ""
    except (TableFileError, UserFileError) as e:
        set_aside(path)
        return None, words_of(e)


def _build(game: Game, variant: str, path: Path) -> None:
    """Build the table file, or wait for another process's build (one builder at a time: the
    UI and the AI worker may both ask)."""
    marker = path.with_suffix(".building")
    if _claim(marker):
        try:
            if getattr(sys, "frozen", False):  # a bundled app has no "python -m"
                save(build(game), path)
            else:
                args = [sys.executable, "-m", "game.ai.solver", "--options", variant]
                subprocess.run(
                    args,
                    check=False,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    cwd=Path(__file__).resolve().parents[2],
                )
        except OSError:
            pass
        finally:
            marker.unlink(missing_ok=True)
        return
    deadline = time.monotonic() + BUILD_WAIT
    while not path.exists() and marker.exists() and time.monotonic() < deadline:
        time.sleep(1.0)


def _claim(marker: Path) -> bool:
    """Create the build marker; False if another build holds a fresh one."""
    marker.parent.mkdir(parents=True, exist_ok=True)
    try:
        if time.time() - marker.stat().st_mtime > BUILD_WAIT:
            marker.unlink(missing_ok=True)  # left by a build that died
    except OSError:
        pass
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        return True
    except OSError:
        return False


if __name__ == "__main__":
    raise SystemExit(main())
