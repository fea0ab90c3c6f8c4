"""Mutation check: every mutant of a rule module moves sampling as far as exact analysis.

For each built-in ruleset, makes mutants of its rule modules one at a time (a comparison made strict
or loose, a whole-number constant raised by one; ``tests/mutation.py``), solves the ruleset's
encounter exactly under each, and samples it (``compare -n``'s path) under every mutant that moved
the exact answer. A mutant whose exact answer lies outside its own sample's interval means sampling
played a different rule from exact analysis: a second copy of the rule. Prints one line per mutant
that moved the answer or broke the ruleset, and a summary per ruleset; exits 1 on a disagreement, or
when a ruleset has fewer than ``--require-moved`` mutants that moved its answer (the run tested
too little).

    python bench/mutants.py [-r RULESET ...] [--module FILE ...] [--sample N] [--require-moved M] [--fights F] [--json]

``--sample N`` tries N seeded mutants per ruleset (the same ones in every run); all of them without it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from mutation import ENCOUNTERS, FIGHTS, MOVED, Workshop, candidates, sample


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-r", "--ruleset", action="append", choices=sorted(ENCOUNTERS))
    parser.add_argument("--module", action="append", help="only mutants of these modules (file names, e.g. chain.py)")
    parser.add_argument("--sample", type=int, default=None)
    parser.add_argument("--require-moved", type=int, default=0)
    parser.add_argument("--fights", type=int, default=FIGHTS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    failed = False
    report = []
    for ruleset in args.ruleset or sorted(ENCOUNTERS):
        started = time.process_time(), time.perf_counter()
        mutants = sample(ruleset, args.sample) if args.sample else candidates(ruleset)
        if args.module:
            mutants = [m for m in mutants if Path(m.module).name in args.module]
        with tempfile.TemporaryDirectory() as where:
            workshop = Workshop(Path(where))
            encounter = ENCOUNTERS[ruleset]
            [unmutated] = workshop.analyse([None], encounter, ruleset, args.fights)
            assert unmutated.exact is not None, unmutated.error
            verdicts = workshop.analyse(list(mutants), encounter, ruleset, args.fights, unmutated.exact, MOVED)
        moved = [v for v in verdicts if v.sampled is not None]
        broken = [v for v in verdicts if v.exact is None]
        wrong = [v for v in moved if v.disagreements()] + ([unmutated] if unmutated.disagreements() else [])
        for v in moved + broken:
            state = "DISAGREES" if v.disagreements() else ("broke the rules" if v.exact is None else "agrees")
            detail = "; ".join(v.disagreements()) or v.error or f"moved {v.moved(unmutated.exact):.4f}"
            print(f"{ruleset:<11} {v.mutant!s:<48} {state}: {detail}", file=sys.stderr if args.json else sys.stdout)
        too_few = len(moved) < args.require_moved
        failed = failed or bool(wrong) or too_few
        summary = {
            "ruleset": ruleset, "encounter": encounter.name, "mutants": len(verdicts), "moved": len(moved),
            "broke": len(broken), "disagree": len(wrong), "fights": args.fights,
            "cpu_s": round(time.process_time() - started[0], 1), "wall_s": round(time.perf_counter() - started[1], 1),
        }
        report.append(summary)
        line = (f"{ruleset}: {summary['mutants']} mutants of {summary['encounter']}, {summary['moved']} moved the exact "
                f"answer (all sampled), {summary['broke']} broke the rules, {summary['disagree']} disagree"
                + (f"; fewer than {args.require_moved} moved: the sample tests too little" if too_few else ""))
        print(line, file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps({"results": report}, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
