"""The old home of endurance's optional critical hits (``--plugin critical``, unchanged), kept so
old imports work: each name warns and names ``rulebench.rulesets.endurance.critical``, where the
rule lives now, with the ruleset whose attack it reads (docs/plugin-migration.md). This module
holds no rule and registers no hook of its own."""

from __future__ import annotations

from rulebench.core.deprecation import forwarded

__getattr__, __dir__ = forwarded(__name__, "rulebench.rulesets.endurance.critical")
