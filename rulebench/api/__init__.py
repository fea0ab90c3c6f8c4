"""The Python API for scripts and notebooks, above the kernel and analysis; the CLI is a thin layer over it."""

from rulebench.api.analyses import Balance, Comparison, FightRecord, Sweep, balance, compare, fight, sweep
from rulebench.api.inspect import Inspection, Validation, show, validate

__all__ = [
    "Balance", "Comparison", "FightRecord", "Inspection", "Sweep", "Validation", "balance", "compare", "fight", "show",
    "sweep", "validate",
]
