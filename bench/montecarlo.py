"""Monte Carlo speed: rulebench against a minimal hand-written loop of the same fight, in one run.

For each ruleset with a loop in ``bench/loops/``, plays the skeleton-guards fight
(examples/skeleton-guards.toml, default tactics) through rulebench's Monte Carlo and through the
hand-written loop, alternating the two a few times so both see the same machine load, and prints
fights per second for each, their ratio and both win rates.

    python bench/montecarlo.py [--fights 20000] [--repeats 3] [-r RULESET ...] [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

from rulebench.analysis.sampling import simulate
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter
from rulebench.core.kernel import configure

HERE = Path(__file__).resolve().parent
ENCOUNTER = HERE.parent / "examples" / "skeleton-guards.toml"


def _loop(ruleset: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"loop_{ruleset}", HERE / "loops" / f"{ruleset}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.run




def measure(ruleset: str, fights: int, repeats: int) -> dict[str, object]:
    """Fights per second of rulebench and of the hand-written loop for one ruleset."""
    config = configure(load_encounter(ENCOUNTER), ruleset, catalog=discover())
    loop = _loop(ruleset)
    rulebench_rate = loop_rate = 0.0
    for seed in range(repeats):  # interleaved, so load on this noisy machine hits both alike
        start = time.perf_counter()
        sampled = simulate(config, fights, seed + 1)
        rulebench_rate = max(rulebench_rate, fights / (time.perf_counter() - start))
        start = time.perf_counter()
        counted = loop(fights, seed + 1)
        loop_rate = max(loop_rate, fights / (time.perf_counter() - start))
    return {
        "ruleset": ruleset,
        "fights": fights,
        "rulebench_fights_per_s": round(rulebench_rate),
        "loop_fights_per_s": round(loop_rate),
        "ratio": round(rulebench_rate / loop_rate, 3),
        "rulebench_party_wins": round(float(sampled.outcomes["party_wins"]), 4),
        "loop_party_wins": round(counted["party_wins"] / fights, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fights", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("-r", "--ruleset", action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rulesets = args.ruleset or sorted(p.stem for p in (HERE / "loops").glob("*.py"))
    rows = [measure(r, args.fights, args.repeats) for r in rulesets]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print(f"{'ruleset':<12}{'rulebench/s':>13}{'loop/s':>11}{'ratio':>8}{'wins rb':>9}{'wins loop':>11}")
    for row in rows:
        print(
            f"{row['ruleset']:<12}{row['rulebench_fights_per_s']:>13,}{row['loop_fights_per_s']:>11,}"
            f"{row['ratio']:>8.2f}{row['rulebench_party_wins']:>9.4f}{row['loop_party_wins']:>11.4f}"
        )


if __name__ == "__main__":
    main()
