"""The old home of ``Done``, what a chain's step returns when the chain ends, kept so old imports
work: each name warns and names its new home, ``rulebench`` for ``Done`` (the plugin contract),
the exact solver's roller for the chain's absorption (docs/plugin-migration.md)."""

from __future__ import annotations

from rulebench.core.deprecation import forwarded

__getattr__, __dir__ = forwarded(__name__, {
    "Done": "rulebench",
    "Step": "rulebench.core.chain",
    "absorption": "rulebench.analysis.exact.roller",
    "MAX_CHAIN_STATES": "rulebench.analysis.exact.roller",
})
