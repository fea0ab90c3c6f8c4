"""Options shared between commands, declared once."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rulebench.api.plot_style import check_dpi
from rulebench.cli.output_paths import writable
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:  # imported where the options are read: the analysis is not needed to start a command
    from rulebench.analysis.analyse import AnalysisOptions

# Optional[...] rather than "X | None": typer reads these annotations at run time.
EncounterArg = Annotated[Path, typer.Argument(help=N_("An encounter TOML file."), show_default=False)]
Json = Annotated[bool, typer.Option("--json", help=N_("Print one JSON document on stdout instead of tables."))]
Rulesets = Annotated[
    list[str] | None,
    typer.Option("-r", "--ruleset", help=N_("A ruleset to use; repeat for several. Default: every loaded ruleset."), show_default=False),
]
Ruleset = Annotated[str, typer.Option("-r", "--ruleset", help=N_("The ruleset to fight under."), show_default=False)]
Seed = Annotated[int | None, typer.Option("--seed", help=N_("Random seed (sampling defaults to 1, so runs reproduce)."))]
Fights = Annotated[int | None, typer.Option("-n", "--fights", help=N_("Sample exactly this many fights."), show_default=False)]
Exact = Annotated[bool, typer.Option("--exact", help=N_("Insist on exact analysis; fails when the encounter is too big."))]
Precision = Annotated[
    float | None,
    typer.Option("--precision", help=N_("Sample until every outcome's 95% half-width is at most E (e.g. 0.01)."), metavar="E"),
]
PairedPrecision = Annotated[
    float | None,
    typer.Option("--precision", help=N_("Sample each change until its paired 95% interval reaches at most E either side "
                                        "of its move (default 0.025)."), metavar="E"),
]
MaxStates = Annotated[
    int | None,
    typer.Option("--max-states", help=N_("The exact solver's budget of fight states (default 1,000,000, a few seconds)."),
                 metavar="N", show_default=False),
]
Fractions = Annotated[bool, typer.Option("--fractions", help=N_("Show exact probabilities as fractions."))]
Plot = Annotated[
    Path | None,
    typer.Option("--plot", help=N_("Draw a plot into FILE (.png, .svg or .pdf)."), metavar="FILE", callback=writable("--plot")),
]


def _checked_dpi(value: int) -> int:
    """``--dpi`` checked as the command line is read (before any analysis)."""
    return check_dpi(value)


Dpi = Annotated[
    int,
    typer.Option("--dpi", help=N_("Dots per inch of a --plot PNG: 100 makes a slide 1280 pixels wide; more is sharper, "
                 "with the same proportions."), metavar="N", show_default=False, callback=_checked_dpi),
]
Label = Annotated[
    str | None,
    typer.Option("--label", help=N_("What to call the varied number in tables and plots (default: read from the path, "
                 "e.g. 'Skeleton guard count')."), show_default=False),
]
Workers = Annotated[
    int | None,
    typer.Option("--workers", help=N_("Processes for sampling (default: every CPU this process may use); the result is the same."),
                 show_default=False),
]
Scheduler = Annotated[
    str | None,
    typer.Option("--scheduler", help=N_("Run on the Dask cluster of this scheduler (e.g. tcp://10.0.0.5:8786; default: "
                 "$RULEBENCH_SCHEDULER, else local processes); needs the extra rulebench\\[dask]. The result is the same."),
                 metavar="ADDRESS", show_default=False),
]
Tactics = Annotated[str | None, typer.Option("--tactics", help=N_("A tactics plugin instead of the ruleset's defaults."))]
SeveralTactics = Annotated[
    list[str] | None,
    typer.Option("--tactics", help=N_("A tactics plugin instead of the ruleset's defaults ('default': the ruleset's own); "
                 "compare takes it again for several side by side."), show_default=False),
]
Plugins = Annotated[
    list[str] | None, typer.Option("--plugin", help=N_("A modifier plugin to add; repeat for several."), show_default=False)
]
Vary = Annotated[
    str,
    typer.Option("--vary", help=N_("The number to vary and its range: PATH=A..B[:STEP], e.g. enemy.members[0].count=1..6; "
                 "party[*].armour or enemy[*].melee for a whole side, signed values (=-1..+2) for offsets from each member's own."),
                 metavar="PATH=A..B[:STEP]", show_default=False),
]


ANALYSIS_OPTIONS: tuple[tuple[str, Any, Any], ...] = (
    ("fights", Fights, None),
    ("precision", Precision, None),
    ("exact", Exact, False),
    ("max_states", MaxStates, None),
    ("seed", Seed, None),
    ("workers", Workers, None),
    ("scheduler", Scheduler, None),
    ("tactics", SeveralTactics, None),
    ("plugin", Plugins, None),
)
"""The analysis options of compare, sweep and balance: parameter name, typer annotation, default."""


FROM_COMMAND_LINE: Any = None
"""The default of a command's ``options`` parameter, never used: ``with_analysis_options`` always
passes the options read from the command line. (Not an ``AnalysisOptions()``: building one at import
would import the whole analysis with every command.)"""


def _options_from(values: dict[str, Any], tactics: str | None) -> AnalysisOptions:
    """The command line's analysis options as one checked value (``--exact`` absent: automatic)."""
    from rulebench.analysis.analyse import AnalysisOptions
    from rulebench.api.labels import DEFAULT_TACTICS

    return AnalysisOptions.make(
        exact=True if values["exact"] else None, fights=values["fights"], precision=values["precision"],
        max_states=values["max_states"], seed=values["seed"], workers=values["workers"], scheduler=values["scheduler"],
        plugins=tuple(values["plugin"] or ()), tactics=None if tactics == DEFAULT_TACTICS else tactics,
    )


def several_tactics_refused(chosen: list[str]) -> Exception:
    """The error (``BadInput``) for ``--tactics`` given more than once to a command that analyses under one."""
    from rulebench.core.errors import BadInput

    return BadInput(_("--tactics is given {count} times ({tactics}), but this command analyses under one tactics source: "
                      "`rulebench compare FILE --tactics A --tactics B` puts them side by side, and so does "
                      "`rulebench report FILE --tactics A --tactics B` with its sweep").format(
                          count=len(chosen), tactics=", ".join(chosen)))


def _evaluated(annotation: Any, command: Callable[..., None]) -> Any:
    """An annotation as typer reads it: the object, where postponed evaluation left the text.

    Every annotation but the ``options`` one is evaluated, as ``inspect.signature(eval_str=True)``
    would do; that one names :class:`AnalysisOptions`, which the command module imports only for
    type checkers, so that starting a command does not import the analysis.
    """
    if isinstance(annotation, str):
        return eval(annotation, command.__globals__)  # the command's own annotation, as inspect evaluates it
    return annotation


def with_paired_analysis_options(command: Callable[..., None]) -> Callable[..., None]:
    """:func:`with_analysis_options` for a command that samples changes in pairs (``sensitivity``),
    whose ``--precision`` is the half-width of each change's paired interval."""
    return with_analysis_options(command, {"precision": PairedPrecision})


def with_analysis_options(command: Callable[..., None], replaced: dict[str, Any] | None = None) -> Callable[..., None]:
    """Declare the analysis options on ``command`` in place of its ``options`` parameter
    (``replaced``: annotations of some of them, by name, where the command means something of its own).

    Typer sees the options of ``ANALYSIS_OPTIONS`` where ``command`` has ``options``; the command
    receives them checked, as one :class:`AnalysisOptions` (``BadInput`` for contradictions). A
    command with a ``tactics_list`` parameter receives every ``--tactics`` given there (None for the
    defaults) and options without tactics when there are several; any other command refuses several.
    """
    own = inspect.signature(command)
    params: list[inspect.Parameter] = []
    for param in own.parameters.values():
        if param.name == "options":
            params += [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default,
                                         annotation=(replaced or {}).get(name, annotation))
                       for name, annotation, default in ANALYSIS_OPTIONS]
        else:
            params.append(param.replace(annotation=_evaluated(param.annotation, command)))
    names = [name for name, _, _ in ANALYSIS_OPTIONS]
    takes_several = "tactics_list" in own.parameters
    params = [p for p in params if p.name != "tactics_list"]

    @functools.wraps(command)
    def wrapper(**values: Any) -> None:
        analysis = {name: values.pop(name) for name in names}
        chosen: list[str] = list(analysis["tactics"] or [])
        if len(chosen) > 1 and not takes_several:
            raise several_tactics_refused(chosen)
        options = _options_from(analysis, chosen[0] if len(chosen) == 1 else None)
        if takes_several:
            values["tactics_list"] = chosen if len(chosen) > 1 else None  # compare_tactics reads "default" itself
        command(**values, options=options)

    wrapper.__signature__ = own.replace(parameters=params)  # type: ignore[attr-defined]  # typer reads __signature__, which typeshed does not declare on functions
    wrapper.__annotations__ = {p.name: p.annotation for p in params} | {"return": None}
    del wrapper.__wrapped__  # typer must read the signature above, not the command's
    return wrapper
