"""The conformance kit as pytest checks: ``RulesetConformance`` and the hypothesis strategy ``encounter_dicts``.

A plugin's tests import them from ``rulebench.testing``; each check is one of ``rulebench/testing/conformance.py``.
"""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebench.testing.conformance import Kit
from rulebench.testing.encounters import ENEMY_TRAITS, PARTY_TRAITS, SKILLS, WEAPONS, describe
from rulebench.testing.fight_checks import FightChecks, hard_cap

__all__ = ["RulesetConformance", "encounter_dicts"]


@functools.cache
def _member(name: str, traits: tuple[str, ...], enemy: bool) -> st.SearchStrategy[dict[str, Any]]:
    # Built once per name: hypothesis works out a new strategy's properties at its first draw,
    # which cost about half of each generated encounter; the values drawn are the same.
    fields = {
        "name": st.just(name),
        "melee": st.integers(0, 8),
        "ranged": st.integers(0, 8),
        "armour": st.integers(0, 4),
        "weapon": st.sampled_from(WEAPONS),
        "body": st.integers(1, 5),
        "speed": st.integers(0, 5),
        "mind": st.integers(0, 5),
        "life": st.integers(1, 6),
        "traits": st.lists(st.sampled_from(traits), unique=True, max_size=2),
        "skills": st.lists(st.sampled_from(SKILLS), unique=True, max_size=2),
    }
    if enemy:
        fields["count"] = st.integers(1, 3)
    else:
        fields["fighter"] = st.booleans()
    return st.fixed_dictionaries(fields)


@st.composite
def encounter_dicts(draw: st.DrawFn, max_party: int = 4, max_enemy_entries: int = 2) -> dict[str, Any]:
    """Small valid encounters as TOML-shaped dicts: every field within its documented range."""
    size = draw(st.integers(1, max_party))
    party = [draw(_member(f"Hero {i + 1}", PARTY_TRAITS, enemy=False)) for i in range(size)]
    if not any(m["fighter"] for m in party):
        party[0]["fighter"] = True
    entries = draw(st.integers(1, max_enemy_entries))
    enemies = [draw(_member(f"Foe {chr(65 + i)}", ENEMY_TRAITS, enemy=True)) for i in range(entries)]
    ambush = draw(st.booleans())
    return {
        "name": "generated",
        "ambush_from_behind": ambush,
        # An ambush from behind means the enemy surprises; the encounter refuses surprise = "party" then.
        "surprise": draw(st.sampled_from(("none", "enemy") if ambush else ("none", "party", "enemy"))),
        "forced": draw(st.booleans()),
        "mode": draw(st.sampled_from(("melee", "ranged", "mixed"))),
        "party": party,
        "enemy": {"grouped": draw(st.booleans()), "raiders": draw(st.booleans()), "members": enemies},
    }


# Each ruleset's subclass runs the same inherited test methods; hypothesis sees one method called
# from several classes ("differing executors"), which is the kit's design, not a flaky test.
_SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)

FIGHT_CAP = 20.0
"""Seconds one generated fight (played seven ways) may take before it counts as hung."""


class RulesetConformance:
    """Checks for one ruleset; subclass it and set ``ruleset`` to the ruleset's name.

    Attributes:
        ruleset: the name of the ruleset to certify, as ``rulebench rulesets`` lists it.
        seconds: the time cap of each randomized check that hypothesis does not drive.
    """

    ruleset: str = ""
    seconds: float = 2.0

    def _kit(self) -> Kit:
        return Kit(self.ruleset, seconds=self.seconds, fights=20)

    def test_descriptor_names_and_stats(self) -> None:
        """Discovered as a ruleset with a descriptor and the required hooks; declared stats match setup's."""
        self._kit().descriptor()

    def test_never_imports_random(self) -> None:
        """No module of the plugin's package imports ``random`` (all chance goes through the fight's roller)."""
        self._kit().no_random()

    @_SETTINGS
    @given(data=encounter_dicts(), seed=st.integers(0, 2**32))
    def test_fights_played_every_way_agree(self, data: dict[str, Any], seed: int) -> None:
        """Ends with a fate for everyone; same seed, scripted dice, recording, tactics through decide and
        a restored snapshot all play the same fight; the state rules hold after every hook call."""
        with hard_cap(FIGHT_CAP, f"the fight of seed {seed} on {describe(data)}"):
            FightChecks(self.ruleset).check_fight(data, seed)

    def test_no_state_outside_the_fight(self) -> None:
        """A fight replayed after others is the same, and the same as a fresh process's first fight; fights
        change no module global or plugin attribute."""
        self._kit().no_outside_state()

    def test_compare_samples_the_fights_played_one_by_one(self) -> None:
        """The fights compare samples, through its memo and counting, tally what they tally played one by one."""
        self._kit().sampled_as_compare()

    def test_exact_agrees_with_sampling(self) -> None:
        """Exact analysis and sampled fights agree on small generated duels."""
        self._kit().exact_vs_sampled()

    def test_carry_and_rest_between_fights(self) -> None:
        """What a member carries into a day's next fight, and what rests heal: deterministic answers
        setup accepts; no rest makes a member worse or revives the dead."""
        self._kit().carry_rest()

    def test_catalogs_are_complete_and_compiled(self) -> None:
        """Every message of the plugin's own catalogs is in each language's .po, translated, and compiled."""
        self._kit().catalogs()
