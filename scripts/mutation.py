#!/usr/bin/env python3
"""Mutation testing, one command: plant small bugs (mutmut) in a package and count how many of
them the tests catch.

    python scripts/mutation.py files            # one group (see GROUPS)
    python scripts/mutation.py files ai --sample 150 --seed 1
    python scripts/mutation.py files --retry    # survivors tried again, against the tests written since
                                                # (a --sample run tries its mutants afresh every time)
    python scripts/mutation.py --list           # the groups, what each mutates and which tests run

Each group runs in a copy of the checkout under ``build/mutation/<group>/`` (mutmut keeps its
results there, so a second run only retries what changed), mutating only the group's files and
running only the tests that exercise them; ``--sample N`` tries a seeded random sample of N mutants
per group instead of all of them (the whole of ``rules/`` is thousands); the sample is drawn from
the mutants of the code as it is, so after the code changes it is another sample. A mutant the tests cannot
catch because it changes nothing a player or caller can see is *equivalent*: it is named, with
why, in ``benchmarks/mutation-equivalents.txt`` and left out of the score. The score printed per
group is killed / (tried - equivalent); survivors are listed so a test can be written for each.
``benchmarks/RESULTS.md`` keeps the latest scores with the command that made them.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "benchmarks" / "mutation-equivalents.txt"


@dataclass(frozen=True)
class Group:
    """What one mutation run plants bugs in, and the tests that should catch them."""

    mutate: tuple[str, ...]
    tests: tuple[str, ...]


GROUPS: dict[str, Group] = {
    "files": Group(
        mutate=(
            "game/library.py",
            "game/saves.py",
            "game/userfiles.py",
            "game/appendfile.py",
            "game/settings.py",
            "game/i18n.py",
        ),
        tests=(
            "tests/test_library.py",
            "tests/test_library_scale.py",
            "tests/test_saves.py",
            "tests/test_settings.py",
            "tests/test_faults.py",
            "tests/test_irregular_files.py",
            "tests/test_resume.py",
            "tests/test_record.py",
            "tests/test_i18n.py",
            "tests/test_i18n_fallbacks.py",
            "tests/test_file_picker.py",
        ),
    ),
    "match": Group(
        mutate=("game/match/*.py",),
        tests=(
            "tests/test_match.py",
            "tests/test_review.py",
            "tests/test_analysis.py",
            "tests/test_analysis_views.py",
            "tests/test_record.py",
            "tests/test_resume.py",
            "tests/test_ui_proven.py",
            "tests/test_cli_analyse.py",
            "tests/test_match_record.py",
            "tests/test_tutorials.py",
            "tests/test_i18n_cases.py",
            "tests/test_accuracy.py",
            "tests/test_editor_model.py",
            "tests/test_variations.py",
            "tests/test_analysis_board.py",
            "tests/test_mistakes.py",
        ),
    ),
    "ai": Group(
        mutate=(
            "game/ai/mcts.py",
            "game/ai/parallel.py",
            "game/ai/solver.py",
            "game/ai/solver_table.py",
            "game/ai/solver_build.py",
            "game/ai/negamax.py",
            "game/ai/judge.py",
            "game/ai/evaluators.py",
            "game/ai/levels.py",
            "game/ai/policy.py",
            "game/ai/level_records.py",
        ),
        tests=(
            "tests/test_ai_mcts.py",
            "tests/test_ai_parallel.py",
            "tests/test_ai_solver.py",
            "tests/test_proof_logic.py",
            "tests/test_analysis_judge.py",
            "tests/test_solver_tables.py",
            "tests/test_ai_evaluator.py",
            "tests/test_ai_tactics.py",
            "tests/test_level_records.py",
        ),
    ),
    "rules": Group(
        mutate=("rules/*.py",),
        tests=(
            "tests/test_perft.py",
            "tests/test_war_rules.py",
            "tests/test_hunt_cows_leopards.py",
            "tests/test_hunt_hat_diviyan.py",
            "tests/test_hunt_perft.py",
            "tests/test_hunt_text.py",
            "tests/test_battlehalma_rules.py",
            "tests/test_battlehalma_games.py",
            "tests/test_ncuva_rules.py",
            "tests/test_ncuva_sowing.py",
            "tests/test_ncuva_rule_sets.py",
            "tests/test_position_text.py",
            "tests/test_move_limit.py",
            "tests/test_fast_paths.py",
            "tests/test_golden_games.py",
            "tests/test_contract.py",
            "tests/test_hunt_random_games.py",
            "tests/test_hunt_playout.py",
            "tests/test_war_random_games.py",
            "tests/test_ncuva_random.py",
            "tests/test_ncuva_rules_text.py",
            "tests/test_position_fuzz.py",
        ),
    ),
    "input": Group(
        mutate=(
            "game/scenes/play.py",
            "game/scenes/pause.py",
            "game/scenes/gameover.py",
            "game/boards/route_input.py",
            "game/boards/base.py",
            "game/scene.py",
            "game/scenes/navigator.py",
        ),
        tests=(
            "tests/test_binding_table.py",
            "tests/test_ui_move_input.py",
            "tests/test_app_shell.py",
            "tests/test_ui_play.py",
            "tests/test_scene_stack.py",
            "tests/test_scene_imports.py",
        ),
    ),
}

#: every run: no build, no whole corpus, and not the tests that read the source as text (mutmut's
#: rewritten modules are not the code a player runs: the catalogue's template, ruff, mypy)
PYTEST_ARGS = [
    "-p",
    "no:cacheprovider",
    "-m",
    "not build and not corpus",
    "--deselect",
    "tests/test_i18n.py::test_the_template_holds_every_word_the_code_shows",
    "--deselect",
    "tests/test_lint.py",
    "--deselect",
    "tests/test_ai_evaluator.py::test_no_search_module_knows_a_game_by_its_id",
]

#: mutmut's exit codes per mutant, as its results command names them
COUNTED = ("killed", "survived", "timeout", "no tests", "suspicious", "segfault", "caught by type check")


def equivalents() -> dict[str, str]:
    """The named equivalent mutants: ``name  why`` a line, ``#`` comments."""
    named: dict[str, str] = {}
    if EQUIVALENTS.exists():
        for line in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                name, _, why = line.partition(" ")
                named[name] = why.strip()
    return named


def prepare(name: str, group: Group) -> Path:
    """A copy of the tracked files (and the worktree's edits) with the group's mutmut config."""
    work = ROOT / "build" / "mutation" / name
    work.mkdir(parents=True, exist_ok=True)
    tracked = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    for rel in tracked:
        src = ROOT / rel
        dst = work / rel
        if not src.is_file():
            continue
        if dst.exists() and dst.stat().st_mtime_ns == src.stat().st_mtime_ns:
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        # mutmut copies a source file into mutants/ once and keeps it: a changed one is removed
        # there (with its mutants' records) so that the tests never run against the old code
        for stale in (work / "mutants" / rel, *(work / "mutants").glob(f"{rel}.*")):
            stale.unlink(missing_ok=True)
    only = [path for pattern in group.mutate for path in _expand(pattern)]
    tests = [t for t in group.tests if (ROOT / t.split("::")[0]).exists()]
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8") + (
        "\n[tool.mutmut]\n"
        'source_paths = ["rules", "game", "tools"]\n'
        'also_copy = ["training", "scripts", "assets", "docs", "benchmarks", "packaging", '
        '"README.md", "main.py", "keliya.pyw"]\n'
        f"only_mutate = {only!r}\n"
        f"pytest_add_cli_args_test_selection = {tests!r}\n"
        f"pytest_add_cli_args = {PYTEST_ARGS!r}\n"
        "timeout_multiplier = 5.0\n"
    ).replace("'", '"')
    (work / "pyproject.toml").write_text(config, encoding="utf-8")
    return work


def _expand(pattern: str) -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pattern) if p.name != "__init__.py")


def mutant_names(work: Path) -> list[str]:
    """Every mutant mutmut made, by name (after a run has generated them)."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=work, capture_output=True, text=True
    ).stdout
    return [m.group(1) for m in re.finditer(r"^\s*([\w.]+__mutmut_\d+):", out, re.M)]


def statuses(work: Path) -> dict[str, str]:
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=work, capture_output=True, text=True
    ).stdout
    return {
        m.group(1): m.group(2).strip() for m in re.finditer(r"^\s*([\w.]+__mutmut_\d+):\s*(.+)$", out, re.M)
    }


def run(
    name: str, sample: int | None, seed: int, children: int, retry: bool = False
) -> tuple[int, int, int, list[str]]:
    group = GROUPS[name]
    work = prepare(name, group)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    chosen: list[str] = []
    if sample is not None:
        # generate the mutants and the test map without trying any: a name that matches nothing
        subprocess.run(
            [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), "nothing.x__mutmut_0"],
            cwd=work,
            env=env,
            capture_output=True,
        )
        names = sorted(mutant_names(work))
        chosen = sorted(random.Random(seed).sample(names, min(sample, len(names))))
    subprocess.run(
        [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *chosen],
        cwd=work,
        env=env,
        check=False,
    )
    if retry and not chosen:
        # mutmut keeps a survivor's verdict until its function changes: tried again by name, a
        # survivor meets the tests written since (a sample is named, so it is always tried afresh)
        again = [k for k, v in statuses(work).items() if v in ("survived", "no tests")]
        for start in range(0, len(again), 200):
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "mutmut",
                    "run",
                    "--max-children",
                    str(children),
                    *again[start : start + 200],
                ],
                cwd=work,
                env=env,
                check=False,
            )
    found = statuses(work)
    if chosen:
        found = {k: v for k, v in found.items() if k in set(chosen)}
    named = equivalents()
    tried = {k: v for k, v in found.items() if v in COUNTED}
    killed = sum(1 for v in tried.values() if v in ("killed", "timeout", "caught by type check"))
    equivalent = [k for k, v in tried.items() if k in named and v != "killed"]
    survivors = sorted(
        k
        for k, v in tried.items()
        if v not in ("killed", "timeout", "caught by type check") and k not in named
    )
    return killed, len(tried), len(equivalent), survivors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("groups", nargs="*", help=f"groups to run: {', '.join(GROUPS)} (default: all)")
    parser.add_argument("--sample", type=int, help="try a seeded random sample of this many mutants a group")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2, help="mutants tried at once")
    parser.add_argument(
        "--retry", action="store_true", help="try the survivors again (after tests were written for them)"
    )
    parser.add_argument("--list", action="store_true", help="list the groups and stop")
    args = parser.parse_args(argv)
    unknown = [g for g in args.groups if g not in GROUPS]
    if unknown:
        parser.error(f"no such group: {', '.join(unknown)} (the groups: {', '.join(GROUPS)})")
    if args.list:
        for name, group in GROUPS.items():
            print(f"{name}: mutates {' '.join(group.mutate)}\n    tests {' '.join(group.tests)}")
        return 0
    lines = []
    for name in args.groups or list(GROUPS):
        killed, tried, equivalent, survivors = run(name, args.sample, args.seed, args.children, args.retry)
        counted = tried - equivalent
        score = 100.0 * killed / counted if counted else 0.0
        lines.append(
            f"{name}: {killed} killed of {counted} ({tried} tried, {equivalent} named equivalent): "
            f"{score:.1f}%"
        )
        for survivor in survivors:
            lines.append(f"    survived: {survivor}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
