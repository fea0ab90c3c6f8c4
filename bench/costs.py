"""What two promises to plugin authors cost Monte Carlo, each measured A against B in one run.

* **The refusals**: a run that changed a stats table after setup or a plugin's own state is refused
  (exit 3, naming the plugin and hook). Sampling checks this once per run of fights, where the run
  ends (``analysis/fixed_checks.py``), and copies every stats table once per fight object. Side A
  samples as rulebench does; side B the same fights with those checks replaced by no-ops.
* **Translations**: a silent fight looks up no text, so a plugin whose labels and narration are in
  its catalog samples as fast in German as in English. Measured for every built-in ruleset (each
  ships a German catalog) and for a plugin scaffolded by ``rulebench new-plugin`` (its own catalog,
  registered in a private folder as installing it would), each side in ``--lang de`` and ``en``.

Every side runs in its own subprocess on one worker, the sides take turns a few times so both see
the same machine load, and the best rate of each counts (fights per second of the process's own
CPU time). The sides play the same seeds, so their win rates must agree exactly; a cost is the
relative loss of rate, within the noise of a few percent on a shared machine.

    python bench/costs.py [--fights 3000] [--repeats 3] [-r RULESET ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # the project supports Python 3.10, whose TOML reader is the tomli backport
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
ENCOUNTER = TREE / "examples" / "skeleton-guards.toml"
SCAFFOLD = "duelist"
RULESETS = ("ambermarch", "classic", "dsa", "endurance", "talisman")


def play(ruleset: str, fights: int, seed: int, language: str, checks: bool) -> dict[str, float]:
    """In a worker process: fights per second and the party's win rate, in ``language``, with the
    refusal checks or with no-ops in their place."""
    from rulebench.analysis import fixed_checks, round_memo, sampling
    from rulebench.core import fight as fight_module
    from rulebench.core import i18n
    from rulebench.core.assembly import configure
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import load_encounter

    if not checks:
        def nothing(*_: object) -> None:
            return None

        for module in (fixed_checks, sampling, round_memo):
            module.verify_run = nothing  # type: ignore[attr-defined]
        fight_module.stats_at_freeze = lambda owners: []  # type: ignore[attr-defined]
    i18n.set_language(language)
    config = configure(load_encounter(ENCOUNTER), ruleset, catalog=discover())
    start = time.process_time()
    sampled = sampling.simulate(config, fights, seed)
    elapsed = time.process_time() - start
    return {"rate": fights / elapsed, "party_wins": float(sampled.outcomes["party_wins"])}


def scaffold(folder: Path) -> dict[str, str]:
    """``rulebench new-plugin duelist`` in ``folder``, registered there as installing it would (a
    dist-info folder with its entry points beside its package); the environment that finds it."""
    subprocess.run([sys.executable, "-m", "rulebench", "new-plugin", SCAFFOLD, "--dest", str(folder)],
                   check=True, capture_output=True)
    root = folder / f"rulebench-{SCAFFOLD}"
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    site = folder / "site"
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    points = "".join(f"{name} = {target}\n" for name, target in project["entry-points"]["rulebench"].items())
    (info / "entry_points.txt").write_text(f"[rulebench]\n{points}")
    package = f"rulebench_{SCAFFOLD}"
    (site / package).symlink_to(root / package)
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(TREE)])}


def _in_subprocess(env: dict[str, str], ruleset: str, fights: int, seed: int, language: str, checks: bool) -> dict[str, float]:
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", ruleset, str(fights), str(seed), language,
               "on" if checks else "off"]
    done = subprocess.run(command, env=env, cwd=TREE, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def measure(env: dict[str, str], ruleset: str, sides: dict[str, tuple[str, bool]], fights: int,
            repeats: int) -> dict[str, dict[str, float]]:
    """The best rate and the win rate of each side (name -> (language, checks)), sides interleaved."""
    best = {name: {"rate": 0.0, "party_wins": 0.0} for name in sides}
    order = list(sides)
    for seed in range(1, repeats + 1):
        for name in order if seed % 2 else reversed(order):
            language, checks = sides[name]
            played = _in_subprocess(env, ruleset, fights, seed, language, checks)
            best[name]["rate"] = max(best[name]["rate"], played["rate"])
            best[name]["party_wins"] = played["party_wins"]
    return best


def main() -> None:
    """Measure both costs for every ruleset asked for (all built-ins and the scaffold by default)."""
    if len(sys.argv) == 7 and sys.argv[1] == "--worker":
        _, _, ruleset, fights, seed, language, checks = sys.argv
        json.dump(play(ruleset, int(fights), int(seed), language, checks == "on"), sys.stdout)
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fights", type=int, default=3_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("-r", "--ruleset", action="append", help=f"a built-in ruleset or {SCAFFOLD!r} (the scaffold)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rulesets = args.ruleset or [*RULESETS, SCAFFOLD]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        env = scaffold(Path(folder))
        for ruleset in rulesets:
            found = measure(env, ruleset, {"checked": ("en", True), "unchecked": ("en", False), "german": ("de", True)},
                            args.fights, args.repeats)
            checked, unchecked, german = found["checked"], found["unchecked"], found["german"]
            rows.append({
                "ruleset": ruleset,
                "fights": args.fights,
                "fights_per_s": round(checked["rate"]),
                "without_checks_per_s": round(unchecked["rate"]),
                "checks_cost": round(1 - checked["rate"] / unchecked["rate"], 3),
                "german_per_s": round(german["rate"]),
                "german_ratio": round(german["rate"] / checked["rate"], 3),
                "same_fights": checked["party_wins"] == unchecked["party_wins"] == german["party_wins"],
            })
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print(f"{'ruleset':<12}{'fights/s':>10}{'unchecked/s':>13}{'checks cost':>13}{'German/s':>10}{'de/en':>7}{'same':>6}")
    for row in rows:
        print(f"{row['ruleset']:<12}{row['fights_per_s']:>10,}{row['without_checks_per_s']:>13,}"
              f"{row['checks_cost']:>12.1%} {row['german_per_s']:>9,}{row['german_ratio']:>7.2f}"
              f"{'yes' if row['same_fights'] else 'NO':>6}")


if __name__ == "__main__":
    main()
