"""The glossary: shipped in the package, the same as docs/glossary.md, and read by ``rulebench explain``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import run, run_json

from rulebench.api.glossary import entries, explain, glossary_text, terms
from rulebench.core.errors import BadInput
from rulebench.core.outcome import END_STATES, OUTCOMES

ROOT = Path(__file__).resolve().parents[2]


def test_docs_glossary_is_the_shipped_one() -> None:
    docs = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert docs == glossary_text(), "docs/glossary.md and rulebench/glossary.md differ: edit one, copy it to the other"


@pytest.mark.parametrize("term", [o.value for o in OUTCOMES] + [s.value for s in END_STATES]
                         + ["exact", "sampled", "monte-carlo", "95% interval", "Wilson interval", "exchange", "round",
                            "casualties", "wiped out"])
def test_every_word_of_a_table_has_an_entry(term: str) -> None:
    entry = explain(term)
    assert entry.text and len(entry.text) > 30


def test_rulesets_key_terms_are_found_in_english_and_german() -> None:
    assert explain("Schwung").term == "momentum"
    assert explain("AT").term == explain("Attacke").term == "attack"
    assert explain("Rüstungsschutz").term == "armour protection"
    assert explain("party fled").term == "party_fled"  # spaces, case and underscores do not matter
    assert explain("Bleeding-Out").term == "bleeding out"


def test_every_german_word_of_the_index_leads_to_an_entry() -> None:
    index = glossary_text().split("## German index", 1)[1]
    rows = [line for line in index.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) > 40
    for row in rows:
        german = row.split("|")[1].strip()
        for word in re.split(r",\s*", german):
            assert explain(re.sub(r"\s*\(.*\)$", "", word)), word


def test_links_become_words_pages_and_related_terms() -> None:
    entry = explain("momentum")
    assert "](" not in entry.text and "ambermarch: momentum" not in entry.text
    assert entry.pages == ("docs/rules/ambermarch.md#momentum-schwung",)
    assert explain("decision").related == ("scripted tactics", "default tactics")
    assert "`[[tactics.round]]` tables answer them" in explain("decision").text


def test_every_page_an_entry_points_to_exists_with_its_section() -> None:
    for entry in {e.term: e for e in entries().values()}.values():
        for page in entry.pages:
            path, _, anchor = page.partition("#")
            text = (ROOT / path).read_text(encoding="utf-8")
            headings = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in re.findall(r"^#+ (.+)$", text, re.M)}
            assert not anchor or anchor in headings, f"{entry.term}: {page}"


def test_an_unknown_term_suggests_the_closest() -> None:
    with pytest.raises(BadInput, match=r"^no glossary entry for 'withdrawl' \(did you mean 'withdrawn'\?\); "):
        explain("withdrawl")


def test_explain_prints_the_entry() -> None:
    result = run("explain", "withdrawn")
    assert result.exit_code == 0
    assert result.stdout.startswith("withdrawn\nOutcome: both sides disengage without a winner")
    dsa = run("explain", "parry")
    assert "rules: docs/rules/dsa.md#the-chain" in dsa.stdout


def test_explain_json_and_the_list_of_terms() -> None:
    document = run_json("explain", "out")
    assert document["term"] == "out" and document["text"].startswith("End state: alive")
    listed = run_json("explain")
    assert listed == terms() and "withdrawn" in listed and "momentum" in listed
    assert "withdrawn" in run("explain").stdout


def test_explain_unknown_term_is_bad_input() -> None:
    result = run("explain", "xyzzy")
    assert result.exit_code == 2 and "no glossary entry for 'xyzzy'" in result.stderr


def test_a_rulesets_name_explains_the_ruleset() -> None:
    document = run_json("explain", "dsa")
    assert document["term"] == "dsa" and document["text"].startswith("A ruleset, ")
    assert document["pages"] == ["docs/rules/dsa.md"] and (ROOT / "docs" / "rules" / "dsa.md").exists()


def test_the_signs_of_the_tables_are_explained() -> None:
    for sign in ("·", "<0.01%", ">99.99%"):
        assert explain(sign).term == "printed numbers"
    assert "always contains the printed estimate" in explain("·").text
