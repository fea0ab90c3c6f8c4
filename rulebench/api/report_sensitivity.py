"""The report's sensitivity section: per ruleset, the changes that move the party's chance most,
as a table and the tornado chart of ``rulebench sensitivity --plot``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulebench.api.labels import method_name
from rulebench.api.numbers import percent
from rulebench.api.sensitivity_plot import ROWS
from rulebench.api.stat_sensitivity import change_name, interval_text, measurable, points_text

if TYPE_CHECKING:
    from rulebench.analysis.sensitivity import Sensitivity

SHOWN = 5
"""The changes the section's table names per ruleset."""


def sensitivity_context(result: Sensitivity, svg: str) -> dict[str, Any]:
    """The section's variables: per ruleset its chance as it is and its largest moves (with the
    paired interval where sampled, and ``quiet`` where none of them is measurable), and the chart (``svg``, drawn by the caller in the report's style)."""
    rows = []
    for row in result.results:
        changes = []
        for change, point in row.changes[:SHOWN]:
            ci = interval_text(point.ci95) if point.ci95 else ""
            changes.append({"name": change_name(change, result.encounter), "move": points_text(point.change),
                            "ci": ci, "wiped": points_text(point.wiped_change)})
        rows.append({"label": row.ruleset, "base": percent(row.base.party_wins), "method": method_name(row.base.method),
                     "changes": changes, "quiet": bool(row.changes) and not any(measurable(point) for _change, point in row.changes)})
    return {"rows": rows, "plot": svg, "shown": min(SHOWN, ROWS)}

