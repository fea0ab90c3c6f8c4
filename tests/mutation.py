"""Mutants of a ruleset's rule modules, and the check that sampling plays the rules exact analysis solves.

A mutant is one small change in one rule module (a comparison off by one or turned round, a
whole-number constant raised by one), made in a copy of the package so the checkout stays as it is. Each mutant is
analysed in a fresh interpreter, exactly and by ``compare -n``'s sampling: when the rules are written
once, the two agree within the sampling interval whatever the mutant did, because both run the
mutated rule. A second copy of a rule (a faster path that sampling takes and exact analysis does
not) shows as a mutant whose exact answer moves while its sampled answer stays where it was.

Used by ``tests/test_mutants.py`` on a sample of mutants and by ``bench/mutants.py`` on all of them.
"""

from __future__ import annotations

import ast
import json
import math
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rulebench"

SKIPPED_MODULES = frozenset({"__init__.py", "narration.py", "explanations.py", "messages.py"})
"""Modules that hold no rule: the hook registration and the words (ambermarch keeps its explanations
and its catalog apart from its narration)."""

Z = 4.4
"""The Wilson interval's z for one comparison: a correct mutant falls outside it about once in
100,000 comparisons, so even the whole run of every mutant is very unlikely to fail by chance (the
seeds are fixed besides, so a run that passes once passes again)."""

ENCOUNTERS = {
    "ambermarch": ROOT / "examples" / "bandit-raiders.toml",
    "classic": ROOT / "examples" / "crypt-wights.toml",
    "dsa": ROOT / "examples" / "ogre-duel.toml",
    "endurance": ROOT / "examples" / "dsa-orc-duel.toml",
    "talisman": ROOT / "examples" / "talisman-wolf-pack.toml",
}
"""Each ruleset's encounter: solved exactly in about a second, and neither side sure to win, so a
mutant's change shows in the answer."""

FIGHTS = 6000
"""Fights sampled per mutant."""

MOVED = 0.03
"""A mutant is sampled when it moves an outcome's exact probability at least this far: more than
the sampled interval's half-width at ``FIGHTS`` fights, so a sample that played the old rule would
fall outside it."""

OFF_BY_ONE: dict[type[ast.cmpop], type[ast.cmpop]] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
"""A comparison off by one: strict made loose and loose strict."""

NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Gt: ast.LtE, ast.GtE: ast.Lt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
}
"""A comparison turned round: the rule's test answers the other way."""

SYMBOLS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


@dataclass(frozen=True)
class Mutant:
    """One change at one place: the module, the line, and what changed."""

    module: str
    """The module's path relative to the package root, e.g. ``rulesets/dsa/chain.py``."""
    index: int
    """Which candidate of the module, in the order ``candidates`` finds them."""
    line: int
    change: str
    """What the mutant does, e.g. ``< -> <=`` or ``1 -> 2``."""

    def __str__(self) -> str:
        return f"{self.module}:{self.line} {self.change}"


def _docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of docstring constants, which are words, not rules."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


Site = tuple[ast.AST, int, dict[type[ast.cmpop], type[ast.cmpop]] | None, str]
"""A place a mutant changes: the node, the comparison's operator index (-1 for a constant), the
operator table used (None for a constant), and the change in words."""


def _sites(tree: ast.AST) -> Iterator[Site]:
    """Every place a mutant can change inside a function, each once, in source order."""
    docstrings = _docstring_nodes(tree)
    seen: set[int] = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if id(node) in seen:  # a nested function is walked with the function around it
                continue
            seen.add(id(node))
            if isinstance(node, ast.Compare):
                for i, op in enumerate(node.ops):
                    for table in (OFF_BY_ONE, NEGATED):
                        if type(op) in table:
                            yield node, i, table, f"{SYMBOLS[type(op)]} -> {SYMBOLS[table[type(op)]]}"
            elif isinstance(node, ast.Constant) and type(node.value) is int and id(node) not in docstrings:
                yield node, -1, None, f"{node.value} -> {node.value + 1}"


def candidates(ruleset: str) -> list[Mutant]:
    """Every mutant of a built-in ruleset's rule modules."""
    found = []
    for path in sorted((PACKAGE / "rulesets" / ruleset).glob("*.py")):
        if path.name in SKIPPED_MODULES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = path.relative_to(PACKAGE).as_posix()
        for index, (node, _, _, change) in enumerate(_sites(tree)):
            found.append(Mutant(module, index, getattr(node, "lineno", 0), change))
    return found


def sample(ruleset: str, count: int) -> list[Mutant]:
    """``count`` of the ruleset's mutants, the same ones in every run (seeded by its name)."""
    every = candidates(ruleset)
    return random.Random(ruleset).sample(every, min(count, len(every)))


def mutated_source(mutant: Mutant) -> str:
    """The module's source with the mutant's change made."""
    path = PACKAGE / mutant.module
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for index, (node, position, table, _) in enumerate(_sites(tree)):
        if index == mutant.index:
            if isinstance(node, ast.Compare):
                assert table is not None
                node.ops[position] = table[type(node.ops[position])]()
            else:
                assert isinstance(node, ast.Constant) and isinstance(node.value, int)
                node.value += 1
            return ast.unparse(tree)
    raise LookupError(f"no mutant {mutant}")


@dataclass(frozen=True)
class Verdict:
    """What the analyses of one mutant said."""

    mutant: Mutant
    exact: dict[str, float] | None
    """Each outcome's exact probability; None when the mutant broke the ruleset (an error)."""
    sampled: dict[str, float] | None
    """Each outcome's sampled share; None when not sampled."""
    fights: int
    error: str = ""

    def disagreements(self) -> list[str]:
        """Outcomes whose exact probability lies outside the sampled interval, with both figures;
        empty when they agree or nothing was sampled."""
        if self.exact is None or self.sampled is None:
            return []
        return [
            f"{outcome}: exact {p:.4f}, sampled {self.sampled[outcome]:.4f} over {self.fights} fights "
            f"(interval {low:.4f}..{high:.4f})"
            for outcome, p in self.exact.items()
            for low, high in [wilson(self.sampled[outcome], self.fights)]
            if not low - 1e-9 <= p <= high + 1e-9
        ]

    def moved(self, baseline: dict[str, float]) -> float:
        """How far the mutant moved the exact answer: the largest change of an outcome's probability."""
        return 0.0 if self.exact is None else max(abs(self.exact[k] - baseline[k]) for k in baseline)


def wilson(share: float, fights: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a sampled share."""
    centre = (share + z * z / (2 * fights)) / (1 + z * z / fights)
    half = z * math.sqrt(share * (1 - share) / fights + z * z / (4 * fights * fights)) / (1 + z * z / fights)
    return max(0.0, centre - half), min(1.0, centre + half)


TIMEOUT = 120
"""Seconds one mutant may take: a mutant can make a fight endless (a chain that never ends)."""

_RUNNER = """
import importlib, json, signal, sys
from pathlib import Path
from rulebench.api import compare
from rulebench.core import discovery

def expire(*_):
    raise TimeoutError("the mutant took too long")

signal.signal(signal.SIGALRM, expire)
job = json.loads(sys.stdin.read())
for item in job["mutants"]:
    path = Path(item["path"]) if item["path"] else None
    original = path.read_text(encoding="utf-8") if path else ""
    if path:
        path.write_text(item["source"], encoding="utf-8")
    for name in [m for m in sys.modules if m == job["package"] or m.startswith(job["package"] + ".")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    discovery._last_installed = None  # the catalog keeps the plugin modules it loaded: load them anew
    answer = {"exact": None, "sampled": None, "error": ""}
    signal.alarm(job["timeout"])
    try:
        exact = compare(job["encounter"], [job["ruleset"]], exact=True, workers=1).to_dict()["results"][0]["outcomes"]
        answer["exact"] = exact
        baseline = job["baseline"]
        if baseline is None or max(abs(exact[k] - baseline[k]) for k in exact) >= job["moved"]:
            sampled = compare(job["encounter"], [job["ruleset"]], fights=job["fights"], seed=5, workers=1)
            answer["sampled"] = sampled.to_dict()["results"][0]["outcomes"]
    except Exception as error:
        answer["error"] = f"{type(error).__name__}: {str(error)[:200]}"
    finally:
        signal.alarm(0)
        if path:
            path.write_text(original, encoding="utf-8")
    print(json.dumps(answer), flush=True)
"""


class Workshop:
    """A copy of the package to make mutants in, and one interpreter that analyses them in turn.

    The interpreter imports the ruleset afresh for every mutant (its modules dropped from
    ``sys.modules``), so a mutant costs its analyses and not an interpreter's start.
    """

    def __init__(self, where: Path) -> None:
        self.root = where
        shutil.copytree(PACKAGE, where / "rulebench", ignore=shutil.ignore_patterns("__pycache__"))

    def analyse(
        self, mutants: list[Mutant | None], encounter: Path, ruleset: str, fights: int,
        baseline: dict[str, float] | None = None, moved: float = 0.0,
    ) -> list[Verdict]:
        """Analyse ``encounter`` under the ruleset with each mutant made in turn (None: as it is):
        exactly, and sampled unless ``baseline`` is given and the exact answer moved less than
        ``moved`` off it."""
        job = {
            "package": f"rulebench.rulesets.{ruleset}", "encounter": str(encounter), "ruleset": ruleset,
            "fights": fights, "baseline": baseline, "moved": moved, "timeout": TIMEOUT,
            "mutants": [
                {"path": str(self.root / "rulebench" / m.module), "source": mutated_source(m)} if m else {"path": "", "source": ""}
                for m in mutants
            ],
        }
        env = {**os.environ, "PYTHONPATH": str(self.root), "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run([sys.executable, "-c", _RUNNER], input=json.dumps(job), capture_output=True, text=True,
                              env=env, cwd=self.root, timeout=TIMEOUT * (len(mutants) + 1))
        if done.returncode != 0:
            raise RuntimeError(f"the mutant runner failed: {done.stderr[-2000:]}")
        answers = [json.loads(line) for line in done.stdout.splitlines()]
        return [
            Verdict(m or Mutant("", -1, 0, "none"), a["exact"], a["sampled"], fights, a["error"])
            for m, a in zip(mutants, answers)
        ]
