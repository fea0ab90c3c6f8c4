"""The old home of the conformance kit's checks, kept so old imports work: each name warns and
names ``rulebench.testing.conformance``, where the kit lives now (docs/plugin-migration.md)."""

from __future__ import annotations

from rulebench.core.deprecation import forwarded

__getattr__, __dir__ = forwarded(__name__, "rulebench.testing.conformance")
