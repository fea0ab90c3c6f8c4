"""The old home of ``RoundNumber``, what ``fight.round`` is under exact analysis, kept so old
imports work: each name warns and names ``rulebench.analysis.exact.round_watch``, where it lives
now (docs/plugin-migration.md)."""

from __future__ import annotations

from rulebench.core.deprecation import forwarded

__getattr__, __dir__ = forwarded(__name__, "rulebench.analysis.exact.round_watch")
