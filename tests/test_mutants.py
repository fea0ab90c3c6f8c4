"""Rules written once, shown by mutation: a small change in a rule module moves the sampled answer
exactly as far as it moves the exact one (tests/mutation.py).

A second copy of a rule that sampling took and exact analysis did not would show here as a mutant
whose exact answer moved while sampling still played the old rule. The suite tries a few seeded
mutants of each built-in ruleset; ``python bench/mutants.py`` tries many more (CI runs it on a
sample, requiring mutants that move the answer in every ruleset).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mutation import ENCOUNTERS, FIGHTS, MOVED, Verdict, Workshop, candidates, sample

PER_RULESET = 4
"""Mutants tried per ruleset here: a few seconds each, on top of the unmutated ruleset's analyses."""


@pytest.mark.parametrize("ruleset", sorted(ENCOUNTERS))
def test_sampling_plays_the_rules_exact_analysis_solves_under_mutation(ruleset: str, tmp_path: Path) -> None:
    workshop = Workshop(tmp_path)
    encounter = ENCOUNTERS[ruleset]
    [unmutated] = workshop.analyse([None], encounter, ruleset, FIGHTS)
    assert unmutated.exact is not None and unmutated.sampled is not None, unmutated.error
    assert not unmutated.disagreements(), unmutated.disagreements()
    verdicts = workshop.analyse(list(sample(ruleset, PER_RULESET)), encounter, ruleset, FIGHTS, unmutated.exact, MOVED)
    assert any(v.exact is not None for v in verdicts), "every mutant broke the ruleset: the sample tests nothing"
    wrong = {str(v.mutant): v.disagreements() for v in verdicts if v.disagreements()}
    assert not wrong, f"sampling and exact analysis disagree under these mutants: {wrong}"


def test_a_second_copy_of_a_rule_is_caught(tmp_path: Path) -> None:
    """The check has teeth: a ruleset whose sampling plays a copy of a rule (here: exact analysis
    sees a mutated parry, sampling the original, as a fast path would) disagrees."""
    workshop = Workshop(tmp_path)
    encounter = ENCOUNTERS["classic"]
    [unmutated] = workshop.analyse([None], encounter, "classic", FIGHTS)
    assert unmutated.exact is not None and unmutated.sampled is not None
    stats = [m for m in candidates("classic") if m.module.endswith("/stats.py")]  # the stat block: mutants that matter
    moved = [v for v in workshop.analyse(list(stats), encounter, "classic", FIGHTS, unmutated.exact, MOVED)
             if v.sampled is not None and v.exact is not None]
    assert moved, "no mutant of classic's stat block moved the exact answer"
    assert not moved[0].disagreements()
    # The copy: the mutant's exact answer against the unmutated ruleset's sample.
    copied = Verdict(moved[0].mutant, moved[0].exact, unmutated.sampled, FIGHTS)
    assert copied.disagreements()
