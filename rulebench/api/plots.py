"""Plots of comparisons and sweeps with matplotlib, an optional extra (``pip install 'rulebench[plot]'``).

The backend is Agg: plots go to files (PNG, SVG or PDF by the file's suffix), never to a window.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.core.errors import BadInput
from rulebench.core.outcome import OUTCOMES

if TYPE_CHECKING:
    from rulebench.analysis.sweeps import Sweep
    from rulebench.api.analyses import Comparison

FORMATS = (".png", ".svg", ".pdf")
INSTALL = "pip install 'rulebench[plot]'"


def require_matplotlib(path: Path) -> None:
    """Check, before any work is done, that a plot can be drawn into ``path``.

    Raises:
        BadInput: matplotlib is not installed (the message says how to install it) or the suffix is unknown.
    """
    if importlib.util.find_spec("matplotlib") is None:
        raise BadInput(f"--plot needs matplotlib, which is not installed: {INSTALL}")
    if path.suffix.lower() not in FORMATS:
        raise BadInput(f"--plot {path}: expected a file ending in {', '.join(FORMATS)}")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_comparison(comparison: Comparison, path: Path) -> None:
    """Outcome bars per ruleset with 95% error bars, beside the distribution of fight lengths."""
    require_matplotlib(path)
    plt = _pyplot()
    results = comparison.results
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8), constrained_layout=True)
    width = 0.8 / max(1, len(results))
    for i, r in enumerate(results):
        xs = [k + (i - (len(results) - 1) / 2) * width for k in range(len(OUTCOMES))]
        ps = [float(r.outcomes[o.value]) for o in OUTCOMES]
        errors = None
        if r.ci95:
            lows = [p - r.ci95[o.value][0] for p, o in zip(ps, OUTCOMES)]
            highs = [r.ci95[o.value][1] - p for p, o in zip(ps, OUTCOMES)]
            errors = [[max(0.0, e) for e in lows], [max(0.0, e) for e in highs]]
        left.bar(xs, ps, width, yerr=errors, capsize=3, label=f"{r.ruleset} ({r.method})")
        rounds = r.rounds_distribution
        right.plot(list(rounds), [float(p) for p in rounds.values()], marker="o", markersize=3, label=r.ruleset)
    left.set_xticks(range(len(OUTCOMES)), [o.value for o in OUTCOMES])
    left.set_ylim(0, 1)
    left.set_ylabel("probability")
    left.set_title(f"Outcomes: {comparison.encounter.name}")
    left.legend(fontsize="small")
    right.set_xlabel("rounds")
    right.set_ylabel("probability")
    right.set_title("Fight length")
    right.legend(fontsize="small")
    fig.savefig(path)
    plt.close(fig)


def plot_sweep(sweep: Sweep, path: Path, outcome: str = "party_wins", label: str | None = None) -> None:
    """One line per ruleset of ``outcome`` against the varied value, with its 95% band when sampled."""
    require_matplotlib(path)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 5), constrained_layout=True)
    values = list(sweep.vary.values)
    for name, results in sweep.points.items():
        ps = [float(r.outcomes[outcome]) for r in results]
        (line,) = ax.plot(values, ps, marker="o", label=name)
        if all(r.ci95 for r in results):
            lows = [r.ci95[outcome][0] for r in results]  # type: ignore[index]
            highs = [r.ci95[outcome][1] for r in results]  # type: ignore[index]
            ax.fill_between(values, lows, highs, alpha=0.2, color=line.get_color())
    ax.set_xlabel(sweep.vary.path)
    ax.set_ylabel(outcome)
    ax.set_ylim(0, 1)
    ax.set_title(f"{sweep.encounter.name}: {outcome} against {sweep.vary.path}")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.savefig(path)
    plt.close(fig)
