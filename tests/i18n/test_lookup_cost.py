"""Translations cost nothing when nobody reads them.

A silent fight (sampling) looks up no message at all, under every built-in ruleset and with every
built-in plugin that fits it: the count of catalog look-ups (every ``Messages`` entry point goes through ``Messages._translations``)
and of number formats (``i18n._locale``) during ``simulate`` is zero. Where a text is written, the
language is resolved once per command (``set_language``), not once per text, for a plugin's
``Messages`` as for rulebench's own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebench.analysis.sampling import simulate
from rulebench.core import i18n
from rulebench.core.assembly import configure
from rulebench.core.discovery import MODIFIER, RULESET, TACTICS, Catalog, discover
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.outcome import EndState

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CATALOG = discover()
ENCOUNTERS = [load_encounter(path) for path in sorted(EXAMPLES.glob("*.toml"))]
HERE = "i18n/test_lookup_cost.py"
RULESETS = sorted(name for name, record in CATALOG.of_kind(RULESET).items() if record.package == "rulebench")


class Lookups:
    """Counts the calls of functions of ``rulebench.core.i18n``, each with the place that asked."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def counting(self, function: Callable[..., Any], what: str) -> Callable[..., Any]:
        def counted(*args: Any) -> Any:
            # The caller of the gettext entry point (or of format_integer...), two frames up.
            frame = sys._getframe(2)
            where = Path(frame.f_code.co_filename)
            self.calls.append(f"{what} from {where.parent.name}/{where.name}:{frame.f_lineno}")
            return function(*args)

        return counted


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[Lookups]:
    """Every catalog look-up and number format from now on, whichever module bound its ``_`` when."""
    found = Lookups()
    monkeypatch.setattr(i18n.Messages, "_translations", found.counting(i18n.Messages._translations, "Messages._translations"))
    monkeypatch.setattr(i18n, "_locale", found.counting(i18n._locale, "_locale"))
    yield found


def variants(catalog: Catalog, ruleset: str) -> list[dict[str, Any]]:
    """The ruleset alone, with each modifier plugin that fits it, and with each tactics plugin that does."""
    fitting = [{"plugins": (name,)} for name, record in catalog.of_kind(MODIFIER).items() if record.applies_to(ruleset)]
    fitting += [{"tactics": name} for name, record in catalog.of_kind(TACTICS).items() if record.applies_to(ruleset)]
    return [{}, *fitting]


def silent_lookups(lookups: Lookups, catalog: Catalog, ruleset: str, encounters: list[Encounter]) -> list[str]:
    """The look-ups of sampled fights of each encounter under ``ruleset`` and each of its variants."""
    found: list[str] = []
    for encounter in encounters:
        for variant in variants(catalog, ruleset):
            config = configure(encounter, ruleset, catalog=catalog, **variant)  # discovery may translate descriptors
            lookups.calls.clear()
            simulate(config, 100, seed=7)
            found += [f"{encounter.name} {variant}: {call}" for call in lookups.calls]
    return found


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_sampled_fights_of_every_builtin_ruleset_look_up_no_message(lookups: Lookups, ruleset: str, language: str) -> None:
    i18n.set_language(language)
    try:
        assert silent_lookups(lookups, CATALOG, ruleset, ENCOUNTERS) == []
    finally:
        i18n.set_language(None)


@pytest.mark.parametrize("language", ["en", "de"])
def test_sampled_fights_of_the_example_plugin_look_up_no_message(lookups: Lookups, language: str) -> None:
    """The third-party example (examples/rulebench-skirmish) keeps the rule a plugin author copies:
    its fates' conditions are translated only where a fight is told."""
    assert CATALOG.of_kind(RULESET)["skirmish"].package == "rulebench-skirmish"
    i18n.set_language(language)
    try:
        assert silent_lookups(lookups, CATALOG, "skirmish", ENCOUNTERS) == []
    finally:
        i18n.set_language(None)


def test_a_told_fight_of_the_example_plugin_names_its_fates_in_the_readers_language() -> None:
    """The other half: the conditions the silent fight keeps in English are German in a told one."""
    from rulebench.core.dice import ScriptedRoller
    from rulebench.core.loop import play

    encounter = load_encounter(EXAMPLES / "ogre-duel.toml")
    i18n.set_language("de")
    try:
        # Every blow a 6 hits: the Hero (4 hit points, the faster) falls in round 4, the Ogre keeps 1 of 5.
        fight = configure(encounter, "skirmish", catalog=CATALOG).new_fight(ScriptedRoller([6] * 8), record=True)
        result = play(fight)
    finally:
        i18n.set_language(None)
    assert [(fate.state, fate.condition) for fate in result.fates] == [(EndState.DEAD, "erschlagen"), (EndState.HURT, "blutend")]


def test_the_counter_sees_a_look_up_made_through_a_bound_underscore(lookups: Lookups) -> None:
    """The counting above is not blind: ``_`` bound at import time, long before the patch, is counted."""
    from rulebench.rulesets.dsa.narration import _ as dsa_underscore

    line = sys._getframe().f_lineno
    dsa_underscore("attack")
    i18n.format_integer(1000)
    assert lookups.calls == [f"Messages._translations from {HERE}:{line + 1}", f"_locale from {HERE}:{line + 2}"]


def test_the_language_is_resolved_once_per_command_not_once_per_text(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    reads = Lookups()
    monkeypatch.setattr(i18n, "_environment_language", reads.counting(i18n._environment_language, "environment"))
    monkeypatch.setenv("LANGUAGE", "de")
    plugin = i18n.Messages("rulebench-plugin-of-a-test", tmp_path)  # a plugin's catalog, here without translations
    i18n.set_language(None)  # a command starts: the environment chooses
    try:
        for _ in range(100):
            i18n._("Outcome:")
            plugin.gettext("strike")
            i18n.ngettext("{n} round", "{n} rounds", 2)
        assert len(reads.calls) == 1
        assert i18n._("Outcome:") == "Ausgang:" and plugin.gettext("strike") == "strike"
        monkeypatch.setenv("LANGUAGE", "en")
        assert i18n._("Outcome:") == "Ausgang:"  # the locale variables count from the next command on
        i18n.set_language(None)  # the next command
        assert i18n._("Outcome:") == "Outcome:" and len(reads.calls) == 2
    finally:
        i18n.set_language(None)


def test_set_language_reaches_every_catalog_already_bound() -> None:
    """Switching the language takes effect at once for rulebench's ``_`` and a ruleset's, bound at import."""
    from rulebench.rulesets.dsa.narration import MESSAGES as DSA

    i18n.set_language("de")
    try:
        german = (i18n._("Outcome:"), DSA.gettext("initiative"))
        i18n.set_language("en")
        assert (i18n._("Outcome:"), DSA.gettext("initiative")) == ("Outcome:", "initiative")
        assert german[0] == "Ausgang:" and german[1] == "Initiativewurf"
    finally:
        i18n.set_language(None)


@pytest.mark.parametrize("chosen", [None, "de"])
def test_speaking_restores_what_was_spoken_before(chosen: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    i18n.set_language(chosen)
    try:
        with i18n.speaking("en"):
            assert i18n.language() == "en" and i18n._("Outcome:") == "Outcome:"
        assert i18n.language() == "de" and i18n._("Outcome:") == "Ausgang:"
        monkeypatch.setenv("LANGUAGE", "en")
        i18n.set_language(None)  # nothing chosen is left behind by the block: the environment speaks again
        assert i18n.language() == "en"
    finally:
        i18n.set_language(None)
