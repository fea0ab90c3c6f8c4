"""A fate's condition is a key in every fight; a recorded fight's narration words it.

``rulebench_end_state`` answers the same untranslated condition whether or not the fight records;
while it records, the kernel asks ``rulebench_narrate`` for the condition in the reader's words
with a ``fate`` request. And the rules of the built-ins ask whether a fight records in a handful
of places only, each for a reason named here.
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebench.api import configure
from rulebench.core import default_hooks
from rulebench.core.dice import RandomRoller
from rulebench.core.encounter import load_encounter
from rulebench.core.i18n import set_language
from rulebench.core.loop import play

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ("ambermarch", "classic", "dsa", "endurance", "talisman")

RECORDING_QUESTIONS = {
    "rulesets/classic/ending.py": "the robbers' equipment line, a die only a reader needs, rolled after every die that matters",
    "rulesets/classic/exchange.py": "a told round rolls both totals for the reader, a silent one their difference: the same dice",
    "rulesets/ambermarch/exchange.py": "a told round rolls the attack dice and the pool apart, a silent one the margin: the same dice",
    "rulesets/talisman/duel.py": "the duel's faces, which only the narration shows and a silent fight must not read",
    "plugins/silver.py": "the modifier's reason translated only where a reader sees it",
}
"""Every module of the built-in rulesets and plugins that asks ``fight.recording``, and why."""


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def fates_of(ruleset: str, seed: int, record: bool) -> list[tuple[str, str]]:
    config = configure(load_encounter(ROOT / "examples" / "skeleton-guards.toml"), ruleset)
    result = play(config.new_fight(RandomRoller(seed), record))
    return [(fate.state.value, fate.condition) for fate in result.fates]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_recorded_english_fight_has_the_silent_fights_fates(ruleset: str) -> None:
    for seed in range(3):
        assert fates_of(ruleset, seed, record=True) == fates_of(ruleset, seed, record=False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_recorded_german_fight_words_the_conditions_the_silent_one_keeps(ruleset: str, german: None) -> None:
    silent = [fates_of(ruleset, seed, record=False) for seed in range(6)]
    told = [fates_of(ruleset, seed, record=True) for seed in range(6)]
    assert [[state for state, _ in fates] for fates in told] == [[state for state, _ in fates] for fates in silent]
    pairs = {(key, words) for a, b in zip(silent, told) for (_, key), (_, words) in zip(a, b)}
    assert any(key != words for key, words in pairs), "no condition came out in German"
    assert len({key for key, _ in pairs}) == len(pairs), "a condition key worded two ways"


def test_a_renderer_that_does_not_word_a_fate_leaves_its_condition() -> None:
    request = {"kind": "fate", "round": 3, "text": None, "who": "Hero", "side": "party", "end_state": "out",
               "condition": "battered"}
    assert default_hooks.rulebench_narrate(None, request) == "battered"  # type: ignore[arg-type]


def recording_questions(path: Path) -> int:
    """How often the code of ``path`` (not its comments or docstrings) reads ``.recording``."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
              if t.type in (tokenize.NAME, tokenize.OP)]
    return sum(1 for dot, name in zip(tokens, tokens[1:]) if dot.string == "." and name.string == "recording")


def test_the_rules_ask_whether_a_fight_records_in_a_handful_of_places() -> None:
    package = ROOT / "rulebench"
    asked = {str(path.relative_to(package)): count
             for folder in ("rulesets", "plugins") for path in sorted((package / folder).rglob("*.py"))
             if (count := recording_questions(path))}
    assert asked == dict.fromkeys(RECORDING_QUESTIONS, 1)
