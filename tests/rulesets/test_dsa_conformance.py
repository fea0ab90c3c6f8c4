"""The shared conformance checks for dsa (rulebench.testing)."""

from rulebench.testing import RulesetConformance


class TestConformance(RulesetConformance):
    ruleset = "dsa"
