"""A seeded fuzz of position text, as plain code (no pytest in here).

A position text may come from anywhere: a save file, a paste into "Open a game", a bug
report. ``tests/test_position_fuzz.py`` runs a few hundred texts per registered game in the
default suite and ``python -m benchmarks.position_fuzz`` runs many more; both use this
module, so a game added to the registry is fuzzed by both without editing either.

Texts: random strings, random fields under a real header, valid texts from random play (the
start, the middle, the finished position) and those texts truncated or with their fields
mutated (numbers huge, negative or odd; turns swapped; rows added, dropped or altered; pieces
or stones changed; unknown, duplicated, dropped or emptied fields; options changed).

The promise checked for every text (``try_text``): ``rules.load_state`` either refuses it with
a ValueError whose message is in a player's words, or returns a state whose text reloads as
itself and which plays to its end by random moves (or to a generous ply cap), its outcome and
its legal moves agreeing at every ply, every ``legal_moves`` returning promptly (in
``PROMPT_SECONDS`` of CPU) and every text within ``TEXT_SECONDS``. Anything else is a
failure: another exception (a crash), a hang (a time limit, by ``signal.setitimer`` where
the platform has it), a message that is not in words, a text that does not reload as itself.
"""

from __future__ import annotations

import random
import re
import signal
import string
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from contract import END_BOUND, label, promises_end, variants

from rules import Game, State, load_game, load_state
from rules.position import MAX_PLY, shown

#: Plies played with ``legal_moves`` at every ply; the rest of the game goes by ``playout``.
CHECKED_PLIES = 150
#: CPU seconds one ``legal_moves`` call may take (they take well under a millisecond).
PROMPT_SECONDS = 0.5
#: Seconds one text may take (load, round trip and play to the end) before it counts as hung.
TEXT_SECONDS = 10.0

#: Texts per variant at least: a game with thousands of option combinations fuzzes a sample.
MIN_TEXTS_PER_VARIANT = 20

OUTCOMES = ("refused", "loaded", "crashed", "hung")


class Hung(Exception):
    """Raised by the alarm when a text takes longer than its time limit."""


@dataclass
class Result:
    """What one text did: ``kind`` one of ``OUTCOMES``; ``problem`` is empty unless the text
    broke the promise (then ``kind`` is 'crashed' or 'hung', or a load that did not hold)."""

    kind: str
    problem: str = ""
    plies: int = 0


@dataclass
class Tally:
    """What one game's texts did over a run."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    failures: list[tuple[str, str]] = field(default_factory=list)  # (problem, text)
    plies: int = 0

    @property
    def tried(self) -> int:
        return sum(self.counts.values())

    def add(self, result: Result, text: str) -> None:
        self.counts[result.kind] += 1
        self.plies += result.plies
        if result.problem:
            self.failures.append((result.problem, text))


# --- is it a message for a player -------------------------------------------------------------

#: What Python's own messages and reprs look like: none of it belongs in a player's message.
INTERNALS = re.compile(
    r"\\x|\\u|Traceback|invalid literal|Exceeds the limit|object at 0x|NoneType|position text:|"
    r"expected name=value|int\(\)|KeyError|IndexError|TypeError|not subscriptable|unpack|"
    r"has no attribute|unhashable|argument|\bNone\b|\[\]|\{\}"
)


def message_problem(message: str) -> str:
    """Why ``message`` is not a message in a player's words, or ''."""
    if not message.strip():
        return "an empty message"
    if len(re.findall(r"[A-Za-z]{2,}", message)) < 3:
        return "a message without words"
    if len(message) > 400:
        return "a message too long to read"
    if any(not ch.isprintable() for ch in message):
        return "a message with unprintable characters"
    found = INTERNALS.search(message)
    if found:
        return f"a message with Python's internals in it ({found.group(0)!r})"
    return ""


# --- the time limit -------------------------------------------------------------------------------


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Hung`` in the block after ``seconds`` (wall clock; POSIX main thread only, else
    the block simply runs)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise Hung(f"no answer within {seconds:g} s")

    try:
        old = signal.signal(signal.SIGALRM, ring)
    except ValueError:  # not the main thread
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- trying one text -------------------------------------------------------------------------------


def play_to_end(state: State, rng: random.Random, checked: int = CHECKED_PLIES) -> tuple[str, int]:
    """Random moves from ``state`` to its end: ``legal_moves`` and ``outcome`` checked against
    each other for ``checked`` plies, then ``playout`` up to the contract's bound. Returns
    (problem or '', plies played)."""
    plies = 0
    while plies < checked:
        cpu = time.process_time()
        legal = state.legal_moves()
        cpu = time.process_time() - cpu
        if cpu > PROMPT_SECONDS:
            return f"legal_moves took {cpu:.2f} s of CPU at ply {plies}", plies
        over = state.outcome() is not None
        if over == bool(legal):
            return f"outcome {state.outcome()} with {len(legal)} legal moves at ply {plies}", plies
        if over:
            return "", plies
        state.apply(legal[rng.randrange(len(legal))])
        plies += 1
    sim = state.copy()
    played = sim.playout(rng, max_plies=END_BOUND)
    plies += played
    if sim.outcome() is None and played < END_BOUND:
        return f"the playout stopped after {played} plies without an outcome", plies
    if sim.outcome() is None and promises_end(state.game):
        return f"no end after {plies} plies although the rules promise one", plies
    if sim.ply <= MAX_PLY:
        problem = round_trip_problem(sim)
        if problem:
            return f"at the end of the playout {problem}", plies
    return "", plies


def round_trip_problem(state: State) -> str:
    text = state.to_text()
    try:
        again = load_state(text).to_text()
    except ValueError as err:
        return f"its own text is refused: {err}"
    return "" if again == text else f"its text reloads as another: {again}"


def try_text(text: str, rng: random.Random, seconds: float = TEXT_SECONDS) -> Result:
    """Load ``text`` and hold it to the promise (see the module docstring)."""
    try:
        with time_limit(seconds):
            try:
                state = load_state(text)
            except ValueError as err:
                problem = message_problem(str(err))
                return Result("refused", f"refused with {problem}: {err}" if problem else "")
            problem = round_trip_problem(state)
            if problem:
                return Result("loaded", f"loaded, but {problem}")
            problem, plies = play_to_end(state, rng)
            if not problem and state.ply <= MAX_PLY:
                problem = round_trip_problem(state)
                problem = f"after {plies} plies {problem}" if problem else ""
            return Result("loaded", f"loaded, but {problem}" if problem else "", plies)
    except Hung as err:
        return Result("hung", f"hung: {err}")
    except RecursionError as err:  # a crash, not a hang, but said apart: it is a deep loop
        return Result("crashed", f"crashed: RecursionError: {err}")
    except Exception as err:  # every other exception is what the fuzz looks for
        return Result("crashed", f"crashed: {type(err).__name__}: {shown(err, 300)}")


# --- valid texts from random play --------------------------------------------------------------------


def played_texts(game: Game, rng: random.Random, games: int = 2) -> list[str]:
    """Texts of positions from seeded random games: the start, a few on the way, the end."""
    out = []
    for _ in range(games):
        state = game.new_initial_state(rng)
        out.append(state.to_text())
        keep = rng.randrange(1, 40)
        plies = 0
        while state.outcome() is None and plies < END_BOUND:
            state.apply(rng.choice(state.legal_moves()))
            plies += 1
            if plies % keep == 0:
                out.append(state.to_text())
        out.append(state.to_text())  # finished (or at the bound)
    return out


# --- mutations -------------------------------------------------------------------------------------------

NUMBERS = (
    "0",
    "1",
    "2",
    "3",
    "4",
    "7",
    "8",
    "16",
    "19",
    "20",
    "21",
    "24",
    "31",
    "32",
    "33",
    "40",
    "59",
    "60",
    "61",
    "99",
    "100",
    "101",
    "199",
    "200",
    "201",
    "1000",
    "1000000",
    "1000000001",
    "99999999999",
    "9" * 30,
    "9" * 4300,
    "1" * 5000,
    "-1",
    "-0",
    "-7",
    "1.5",
    "1e9",
    "0x10",
    "+3",
    " 7",
    "٣",
    "²",
    "1_000",
    "",
    "NaN",
    "inf",
    "007",
    "3/4",
    "x",
)
JUNK = string.ascii_letters + string.digits + ";=/,.*-_ ~@#\t\n\x00é٣²" + "SNLCTRBrb"


def split_text(text: str) -> tuple[list[str], list[list[str]]]:
    """(header tokens, [[field, value], ...]) of a text; a part without '=' becomes [part]."""
    head, *rest = text.split(";")
    fields = [part.strip().split("=", 1) for part in rest if part.strip()]
    return head.split(), fields


def join_text(head: list[str], fields: list[list[str]]) -> str:
    return "; ".join([" ".join(head)] + ["=".join(f) for f in fields])


def mutate_number(value: str, rng: random.Random) -> str:
    if "/" in value and rng.random() < 0.5:  # a pair like hands=2/16 or store=3/0
        parts = value.split("/")
        parts[rng.randrange(len(parts))] = rng.choice(NUMBERS)
        return "/".join(parts)
    if value.isascii() and value.isdigit() and len(value) < 10 and rng.random() < 0.5:
        return str(max(0, int(value) + rng.choice((-3, -2, -1, 1, 2, 3, 10, 50))))
    return rng.choice(NUMBERS)


def mutate_board(value: str, rng: random.Random, alphabet: str) -> str:
    rows = value.split("/")
    pick = rng.random()
    if pick < 0.1 and rows:
        del rows[rng.randrange(len(rows))]
    elif pick < 0.2:
        rows.insert(rng.randrange(len(rows) + 1), rng.choice(rows) if rows else "")
    elif "," in value:  # Ncuva: counts per hole
        r = rng.randrange(len(rows))
        counts = rows[r].split(",")
        c = rng.randrange(len(counts))
        if pick < 0.3:
            counts.insert(c, rng.choice(NUMBERS[:12]))
        elif pick < 0.4:
            del counts[c]
        elif pick < 0.7 and counts[c].isascii() and counts[c].isdigit() and len(counts[c]) < 10:
            counts[c] = str(max(0, int(counts[c]) + rng.choice((-2, -1, 1, 2, 2, 5, 30, 99, 199))))
            if rng.random() < 0.5:  # keep the total: move a stone to another hole
                r2 = rng.randrange(len(rows))
                others = rows[r2].split(",") if r2 != r else counts
                c2 = rng.randrange(len(others))
                if others[c2].isascii() and others[c2].isdigit() and len(others[c2]) < 10:
                    others[c2] = str(max(0, int(others[c2]) + rng.choice((-1, 1))))
                if r2 != r:
                    rows[r2] = ",".join(others)
        else:
            counts[c] = rng.choice(NUMBERS)
        rows[r] = ",".join(counts)
    else:
        for _ in range(rng.choice((1, 1, 2, 3, 6))):
            r = rng.randrange(len(rows))
            row = list(rows[r])
            if not row:
                continue
            c = rng.randrange(len(row))
            if pick < 0.3:
                del row[c]
            elif pick < 0.35:
                row.insert(c, rng.choice(alphabet))
            elif pick < 0.4:
                row[c] = rng.choice(JUNK)
            else:
                row[c] = rng.choice(alphabet)
            rows[r] = "".join(row)
    return "/".join(rows)


def mutate_rep(value: str, rng: random.Random) -> str:
    entries = value.split(",")
    i = rng.randrange(len(entries))
    key, _, count = entries[i].partition("*")
    pick = rng.random()
    if pick < 0.3:
        entries[i] = f"{key}*{rng.choice(('0', '1', '2', '3', '4', '99', '-1', 'x', ''))}"
    elif pick < 0.5:
        parts = key.split(".")
        j = rng.randrange(len(parts))
        parts[j] = rng.choice(("0", "1", "ff", "-1", "g", "", "f" * 40, format(rng.getrandbits(60), "x")))
        entries[i] = ".".join(parts) + f"*{count}"
    elif pick < 0.65:
        entries.append(entries[i])
    elif pick < 0.8:
        del entries[i]
    else:
        entries[i] = rng.choice(("-", "", "1.2*1", "*1", "a.b.c.d"))
    return ",".join(entries) if entries else "-"


def mutate_header(head: list[str], rng: random.Random, game: Game) -> list[str]:
    head = list(head)
    pick = rng.random()
    spec = game.spec
    if pick < 0.5 and spec.options:  # another allowed value: the same body under other rules
        opt = rng.choice(spec.options)
        head = [t for t in head if not t.startswith(opt.name + "=")] + [
            f"{opt.name}={rng.choice(opt.choices)}"
        ]
    elif pick < 0.6:
        head.append(
            rng.choice(("colour=red", "limit=7", "limit=", "=3", "limit", "target=99", "game_id=ncuva"))
        )
    elif pick < 0.7 and len(head) > 1:
        head.append(rng.choice(head[1:]))  # an option twice
    elif pick < 0.8 and len(head) > 1:
        del head[rng.randrange(1, len(head))]
    elif pick < 0.9:
        head[0] = rng.choice(("chess", "", "NCUVA", "kotu ellima", head[0] + "x", "board=x"))
    else:
        from rules import game_ids

        head[0] = rng.choice(game_ids())  # the body of one game under another's name
    return head


def mutate_fields(fields: list[list[str]], rng: random.Random, game: Game, alphabet: str) -> list[list[str]]:
    fields = [list(f) for f in fields]
    pick = rng.random()
    if not fields or pick < 0.06:
        fields.append([rng.choice(("foo", "Turn", "board ", "x", "")), rng.choice(("1", "", "S"))])
        return fields
    i = rng.randrange(len(fields))
    name = fields[i][0]
    if pick < 0.12:
        fields.insert(rng.randrange(len(fields) + 1), list(fields[i]))  # duplicated
    elif pick < 0.18:
        del fields[i]
    elif pick < 0.22:
        fields[i] = [name]  # no '='
    elif pick < 0.26:
        fields[i] = [name, ""]
    elif pick < 0.3 and len(fields) > 1:
        j = rng.randrange(len(fields))
        fields[i][1:], fields[j][1:] = fields[j][1:], fields[i][1:]
    elif len(fields[i]) < 2:
        fields[i].append(rng.choice(NUMBERS))
    elif name == "board":
        fields[i][1] = mutate_board(fields[i][1], rng, alphabet)
    elif name == "turn":
        fields[i][1] = rng.choice(("S", "N", "R", "B", "L", "C", "T", "s", "", "SN", "X", "0", "1"))
    elif name == "rep":
        fields[i][1] = mutate_rep(fields[i][1], rng)
    elif name == "huff":
        points = [game.point_name(c) for c in game.layout.indices()]
        fields[i][1] = rng.choice(
            (
                "-",
                "",
                ",".join(rng.sample(points, rng.randrange(1, 4))),
                "e5,z9",
                "e",
                rng.choice(points).upper(),
            )
        )
    elif name == "phase":
        fields[i][1] = rng.choice(("drop", "move", "sow", "singles", "", "x"))
    else:  # quiet, ply, turns, sown, hands, store
        fields[i][1] = mutate_number(fields[i][1], rng)
    return fields


def mutate(text: str, rng: random.Random, game: Game) -> str:
    """One to three mutations of ``text``: truncation, a changed character, header or fields."""
    head, fields = split_text(text)
    body = dict(f for f in fields if len(f) == 2)
    alphabet = "".join(sorted(set(body.get("board", "")) - set("/,"))) + "."
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        pick = rng.random()
        if pick < 0.08:
            t = join_text(head, fields)
            cut = rng.randrange(len(t) + 1)
            return t[:cut]
        if pick < 0.12:
            t = list(join_text(head, fields))
            t[rng.randrange(len(t))] = rng.choice(JUNK)
            head, fields = split_text("".join(t))
        elif pick < 0.2:
            head = mutate_header(head, rng, game)
        else:
            fields = mutate_fields(fields, rng, game, alphabet)
    return join_text(head, fields)


def random_text(rng: random.Random, game: Game) -> str:
    """Noise: random characters, or random fields under the game's real header."""
    if rng.random() < 0.4:
        return "".join(rng.choice(JUNK) for _ in range(rng.randrange(0, 80)))
    names = ["board", "turn", "quiet", "ply", "rep", "huff", "hands", "phase", "turns", "store", "sown", "x"]
    fields = []
    for _ in range(rng.randrange(0, 7)):
        value = "".join(rng.choice(JUNK[:70]) for _ in range(rng.randrange(0, 12)))
        fields.append([rng.choice(names), rng.choice((value, rng.choice(NUMBERS)))])
    return join_text(game.header().split(), fields)


# --- a run ---------------------------------------------------------------------------------------------


def texts_for(game: Game, count: int, rng: random.Random) -> Iterator[str]:
    """``count`` texts for ``game``: a quarter valid or truncated, the rest mutated or random."""
    valid = played_texts(game, rng)
    for i in range(count):
        pick = rng.random()
        if i < len(valid) and i < count // 8:
            yield valid[i]  # valid texts as they are: the start, mid-game, finished
        elif pick < 0.1:
            yield random_text(rng, game)
        elif pick < 0.2:
            base = rng.choice(valid)
            yield base[: rng.randrange(len(base) + 1)]
        else:
            yield mutate(rng.choice(valid), rng, game)


def fuzz_game(
    game_id: str,
    count: int,
    seed: int,
    full: bool = False,
    seconds: float = TEXT_SECONDS,
    on_text: Callable[[str, Result], None] | None = None,
) -> Tally:
    """``count`` texts for ``game_id``, spread over its variants (the CI set, or every accepted
    option combination when ``full``)."""
    rng = random.Random(f"{seed}:{game_id}")
    cases = variants(game_id, full=full)
    rng.shuffle(cases)
    cases = cases[: max(1, count // MIN_TEXTS_PER_VARIANT)]  # each variant gets a fair share of texts
    tally = Tally()
    share, extra = divmod(count, len(cases))
    for k, options in enumerate(cases):
        n = share + (k < extra)
        if not n:
            continue
        game = load_game(game_id, **options)
        for text in texts_for(game, n, rng):
            result = try_text(text, rng, seconds)
            if result.problem:
                result.problem = f"{label(game_id, options)}: {result.problem}"
            tally.add(result, text)
            if on_text is not None:
                on_text(text, result)
    return tally
