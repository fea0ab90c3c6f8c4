"""Every file the project cites ships with it, and every link in the docs lands somewhere.

Code, docstrings, the encounter schema, examples, docs and CLI output point students to pages they
can open: `docs/rules/<ruleset>.md`, `docs/encounters.md` and the like. Notes the team keeps outside
the repository, and section numbers into them, are never cited.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulebench.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ["rulebench", "docs", "examples", "bench", "README.md"]
TEXT = {".py", ".md", ".toml", ".tmpl", ".html", ".j2", ".ipynb", ".json", ".txt", ".css", ".js"}

NOT_SHIPPED = re.compile(r"RULES\.md|DESIGN\.md|STYLE\.md|\.de\.txt|\.\./shared|§")
"""Citations of files that do not ship: the team's notes, the source texts, their section signs."""

CITED_PATH = re.compile(r"(?<![\w/.-])((?:docs|examples|bench|tests|rulebench)/[\w./-]*\w)")
"""A path into the repository named in running text, such as ``docs/rules/dsa.md``."""

GENERATED = {"tests/test_rulebench_myrules.py", "rulebench/s"}
"""Named in the text but not ours: the test file ``new-plugin myrules`` writes into the new package,
and a column heading ("rulebench/s", fights per second)."""

PACKAGED_COPIES = {"rulebench/glossary.md", "rulebench/glossary.de.md"}
"""Pages shipped inside the package for the CLI, kept identical to their docs/ original, whose
links are checked there (relative links cannot resolve from inside the package)."""

MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def shipped_files() -> list[Path]:
    files: list[Path] = []
    for name in SHIPPED:
        path = ROOT / name
        files.extend([path] if path.is_file() else sorted(p for p in path.rglob("*") if p.suffix in TEXT and p.is_file()))
    return files


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a page's headings."""
    found = set()
    for heading in re.findall(r"^#+\s+(.*)$", markdown, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def test_nothing_cites_a_file_that_does_not_ship() -> None:
    offenders = [
        f"{relative(path)}:{number}: {line.strip()[:100]}"
        for path in shipped_files()
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1)
        if NOT_SHIPPED.search(line)
    ]
    assert offenders == []


def test_every_repository_path_named_in_the_text_exists() -> None:
    missing = []
    for path in shipped_files():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            for cited in CITED_PATH.findall(line):
                target = cited.split("#")[0].rstrip(".,;:)")
                if any(ch in target for ch in "*{<$") or target.endswith("_") or "NN" in target or target in GENERATED:
                    continue  # a pattern, a placeholder or a file the scaffold generates, not one of ours
                if not (ROOT / target).exists():
                    missing.append(f"{relative(path)}:{number}: {target}")
    assert missing == []


def test_every_markdown_link_lands_on_a_file_and_heading() -> None:
    broken = []
    for page in [p for p in shipped_files() if p.suffix == ".md" and relative(p) not in PACKAGED_COPIES]:
        for link in MARKDOWN_LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", link):
                continue  # a web address
            target, _, anchor = link.partition("#")
            file = (page.parent / target).resolve() if target else page
            if not file.exists():
                broken.append(f"{relative(page)}: {link}")
            elif anchor and file.suffix == ".md" and anchor not in anchors(file.read_text(encoding="utf-8")):
                broken.append(f"{relative(page)}: {link} (no such heading)")
    assert broken == []


@pytest.mark.parametrize("command", [["schema"], ["rulesets", "--json"]])
def test_cli_output_cites_only_shipped_pages(command: list[str]) -> None:
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 0, result.stderr
    assert not NOT_SHIPPED.search(result.stdout)
    for cited in CITED_PATH.findall(result.stdout):
        assert (ROOT / cited.split("#")[0]).exists(), cited


def test_each_ruleset_names_its_rules_page() -> None:
    listed = json.loads(CliRunner().invoke(app, ["rulesets", "--json"]).stdout)
    built_in = {entry["name"]: entry for entry in listed if entry["package"] == "rulebench"}
    assert set(built_in) == {"ambermarch", "classic", "talisman", "dsa", "endurance"}
    for name, entry in built_in.items():
        assert f"docs/rules/{name}.md" in json.dumps(entry)


SECTION_CITATION = re.compile(r"\b(docs/[\w./-]+\.md)`*,\s+\"([^\"]+)\"")
"""A section of a page cited by its heading: ``docs/encounters.md, "Members"`` (across a line break too)."""

MOVED_MODULE = re.compile(r"(?<![\w.])(?:rulebench/)?(core/round_watch\.py|core/exact\.py|core/chains\.py|core/kernel\.py"
                          r"|analysis/conformance\.py|analysis/round_watch\.py|analysis/state_reads\.py|analysis/chains\.py"
                          r"|api/sensitivity\.py|plugins/critical\.py)"
                          r"|(?<![\w.])rulebench/testing\.py")
"""Modules that moved (docs/plugin-migration.md): citing them sends a reader to a file that is gone or only forwards."""

def headings(markdown: str) -> set[str]:
    """A page's headings as written, without markdown emphasis."""
    return {re.sub(r"[`*_]", "", heading).strip() for heading in re.findall(r"^#+\s+(.*)$", markdown, re.M)}


def test_every_cited_section_is_a_heading_of_its_page() -> None:
    wrong = []
    for path in shipped_files():
        text = " ".join(path.read_text(encoding="utf-8", errors="replace").split())  # a citation may wrap
        for page, section in SECTION_CITATION.findall(text):
            target = ROOT / page
            if not target.is_file():
                wrong.append(f"{relative(path)}: {page} (no such page)")
            elif section not in headings(target.read_text(encoding="utf-8")):
                wrong.append(f'{relative(path)}: {page}, "{section}" (no such heading)')
    assert wrong == []


def test_nothing_cites_a_module_that_moved() -> None:
    stale = [
        f"{relative(path)}:{number}: {found.group(0)}"
        for path in shipped_files()
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1)
        for found in MOVED_MODULE.finditer(line)
    ]
    assert stale == []
