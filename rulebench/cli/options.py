"""Options shared between commands, declared once (STYLE.md: Annotated options, shared constants)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulebench.cli.output_paths import writable

# Optional[...] rather than "X | None": typer reads these annotations at run time.
EncounterArg = Annotated[Path, typer.Argument(help="An encounter TOML file.", show_default=False)]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON document on stdout instead of tables.")]
Rulesets = Annotated[
    list[str] | None,
    typer.Option("-r", "--ruleset", help="A ruleset to use; repeat for several. Default: every loaded ruleset.", show_default=False),
]
Ruleset = Annotated[str, typer.Option("-r", "--ruleset", help="The ruleset to fight under.", show_default=False)]
Seed = Annotated[int | None, typer.Option("--seed", help="Random seed (sampling defaults to 1, so runs reproduce).")]
Fights = Annotated[int | None, typer.Option("-n", "--fights", help="Sample exactly this many fights.", show_default=False)]
Exact = Annotated[bool, typer.Option("--exact", help="Insist on exact analysis; fails when the encounter is too big.")]
Precision = Annotated[
    float | None,
    typer.Option("--precision", help="Sample until every outcome's 95% half-width is at most E (e.g. 0.01).", metavar="E"),
]
MaxStates = Annotated[
    int | None,
    typer.Option("--max-states", help="The exact solver's budget of fight states (default 1,000,000, a few seconds).",
                 metavar="N", show_default=False),
]
Fractions = Annotated[bool, typer.Option("--fractions", help="Show exact probabilities as fractions.")]
Plot = Annotated[
    Path | None,
    typer.Option("--plot", help="Draw a plot into FILE (.png, .svg or .pdf).", metavar="FILE", callback=writable("--plot")),
]
Label = Annotated[
    str | None,
    typer.Option("--label", help="What to call the varied number in tables and plots (default: read from the path, "
                 "e.g. 'Skeleton guard count').", show_default=False),
]
Workers = Annotated[int, typer.Option("--workers", help="Processes for sampling.")]
Tactics = Annotated[str | None, typer.Option("--tactics", help="A tactics plugin instead of the ruleset's defaults.")]
Plugins = Annotated[
    list[str] | None, typer.Option("--plugin", help="A modifier plugin to add; repeat for several.", show_default=False)
]
Vary = Annotated[
    str,
    typer.Option("--vary", help="The number to vary and its range: PATH=A..B[:STEP], e.g. enemy.members[0].count=1..6.",
                 metavar="PATH=A..B[:STEP]", show_default=False),
]


def exact_flag(exact: bool) -> bool | None:
    """``--exact`` insists on exact analysis; without it the API picks (exact where it fits)."""
    return True if exact else None


def analysis_options(
    fights: int | None, seed: int | None, exact: bool, precision: float | None, max_states: int | None,
    workers: int, plugins: list[str] | None, tactics: str | None,
) -> dict[str, object]:
    """The keyword arguments that compare, sweep and balance pass on to the API alike."""
    return {
        "fights": fights, "seed": seed, "exact": exact_flag(exact), "precision": precision,
        "max_states": max_states, "workers": workers, "plugins": tuple(plugins or ()), "tactics": tactics,
    }
