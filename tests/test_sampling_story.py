"""One account of sampling: the numbers the glossary (and so ``rulebench explain sampling``) states
are the code's own constants, and what they promise is what a run does."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import rulebench.api
from rulebench.analysis.analyse import DEFAULT_PRECISION, DEFAULT_SEED
from rulebench.analysis.precision import DEFAULT_CAP
from rulebench.analysis.results import Z95
from rulebench.analysis.sampling import BLOCK, CHUNK

ROOT = Path(__file__).resolve().parents[1]


def most_fights() -> int:
    """The fights a precision run needs at most at the default precision: an outcome near 50%."""
    return math.ceil((Z95 / (2 * DEFAULT_PRECISION)) ** 2 / BLOCK) * BLOCK


def entry(text: str, heading: str) -> str:
    start = text.index(f"### {heading}\n")
    return text[start : text.index("\n### ", start + 1)]


def test_the_glossary_states_the_codes_numbers() -> None:
    english = " ".join(entry((ROOT / "rulebench" / "glossary.md").read_text(encoding="utf-8"), "sampling").split())
    for number in (f"{BLOCK} fights", f"±{DEFAULT_PRECISION}", f"{DEFAULT_CAP:,} fights", f"{CHUNK:,} fights",
                   f"{most_fights():,}", f"default {DEFAULT_SEED}"):
        assert number in english, number
    german = " ".join(entry((ROOT / "rulebench" / "glossary.de.md").read_text(encoding="utf-8"), "Stichprobe (sampling)").split())
    for number in (f"{BLOCK} Kämpfen", f"±{DEFAULT_PRECISION}".replace(".", ","), f"{DEFAULT_CAP:,}".replace(",", "."),
                   f"{CHUNK:,}".replace(",", "."), f"{most_fights():,}".replace(",", ".")):
        assert number in german, number


def test_the_readme_states_the_codes_numbers() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    story = readme[readme.index("Sampling without `-n`"):]
    story = story[: story.index("Every point of a sweep")]
    for number in (f"blocks of {BLOCK} fights", f"at most {DEFAULT_PRECISION}", f"at most {DEFAULT_CAP:,} fights",
                   f"about {most_fights():,}", f"chunks of {CHUNK:,}"):
        assert number in story, number


@pytest.mark.parametrize("encounter", ["ogre-duel.toml"])
def test_a_default_run_plays_a_multiple_of_the_block(encounter: str) -> None:
    """Without -n a sampled row's fights are a multiple of the block, at most the glossary's most."""
    result = rulebench.api.compare(ROOT / "examples" / encounter, ["dsa"], exact=False, workers=1).results[0]
    assert result.fights is not None and result.fights % BLOCK == 0 and 0 < result.fights <= most_fights()
