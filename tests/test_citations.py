"""Every file the project cites ships with it, and every link in the docs lands somewhere.

Code, docstrings, the encounter schema, examples, docs and CLI output point students to pages they
can open: `docs/rules/<ruleset>.md`, `docs/encounters.md` and the like. Notes the team keeps outside
the repository, and section numbers into them, are never cited. A section is cited by a heading its
page has, a module by a path or name it still answers to.
"""

from __future__ import annotations

import ast
import functools
import io
import json
import re
import tokenize
import warnings
from importlib import import_module
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


def text_files(names: list[str]) -> list[Path]:
    """The text files of the named files and folders of the repository."""
    files: list[Path] = []
    for name in names:
        path = ROOT / name
        files.extend([path] if path.is_file() else sorted(p for p in path.rglob("*") if p.suffix in TEXT and p.is_file()))
    return files


def shipped_files() -> list[Path]:
    return text_files(SHIPPED)


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


SCANNED = [*SHIPPED, "tests"]
"""Where citations are checked for what they name: what ships, and the tests, whose comments cite the
rules they pin."""

PAGE = r"(docs/(?:[\w.-]+/)*(?:[\w.-]+|<\w+>|\*)\.md)"
"""A page cited by its path; ``docs/rules/<ruleset>.md`` (or ``*.md``) stands for every ruleset's page."""

SECTION_CITATION = re.compile(PAGE + r"`*(?:,\s*|\s+)(?:(?:section|under)\s+)?\"([^\"]+)\"")
"""A section cited by its heading, with or without a comma: ``docs/encounters.md, "Members"``,
``docs/rules/dsa.md "Stats"``, ``docs/chains.md under "The results"``."""

ANCHORED = re.compile(PAGE + r"#([\w-]+)")
"""A section cited by its anchor in running text: ``docs/chains.md#the-results``."""

QUOTATION = re.compile(PAGE + r"`*'s\s+\"([^\"]+)\"")
"""Words quoted from a page: ``docs/rules/talisman.md's "a tie hurts nobody"``."""

def scanned_files() -> list[Path]:
    return text_files(SCANNED)


def headings(markdown: str) -> set[str]:
    """A page's headings as written, without markdown emphasis."""
    return {re.sub(r"[`*_]", "", heading).strip() for heading in re.findall(r"^#+\s+(.*)$", markdown, re.M)}


def pages(cited: str) -> list[Path]:
    """The pages a citation names: the one it gives, or each ruleset's page for a placeholder."""
    if "<" in cited or "*" in cited:
        return sorted(p for p in (ROOT / cited).parent.glob("*.md") if p.name != "README.md")
    return [ROOT / cited]


def plain(text: str) -> str:
    """Text without markdown emphasis, case or line breaks, so a quotation matches however it wraps."""
    return " ".join(re.sub(r"[`*_]", "", text).lower().split())


def holds(markdown: str, form: str, cited: str) -> bool:
    """Whether a page has the heading, the anchor or the words (or a heading of them) it is cited for."""
    if form == "anchor":
        return cited in anchors(markdown)
    return cited in headings(markdown) or (form == "quotation" and plain(cited) in plain(markdown))


@pytest.mark.parametrize(
    ("text", "pattern", "found"),
    [
        ('docs/encounters.md, "Members"', SECTION_CITATION, ("docs/encounters.md", "Members")),
        ('`docs/architecture.md`, "Principles"', SECTION_CITATION, ("docs/architecture.md", "Principles")),
        ('docs/rules/dsa.md "Stats"', SECTION_CITATION, ("docs/rules/dsa.md", "Stats")),
        ('docs/chains.md under "The results"', SECTION_CITATION, ("docs/chains.md", "The results")),
        ('docs/rules/<ruleset>.md, "Between fights"', SECTION_CITATION, ("docs/rules/<ruleset>.md", "Between fights")),
        ("docs/chains.md#the-results", ANCHORED, ("docs/chains.md", "the-results")),
        ("docs/rules/talisman.md's \"a tie hurts nobody\"", QUOTATION, ("docs/rules/talisman.md", "a tie hurts nobody")),
    ],
)
def test_each_form_of_citation_is_read(text: str, pattern: re.Pattern[str], found: tuple[str, str]) -> None:
    assert pattern.findall(f"as the rules say ({text}).") == [found]


def test_every_cited_section_is_a_heading_of_its_page() -> None:
    wrong = []
    for path in scanned_files():
        text = " ".join(path.read_text(encoding="utf-8", errors="replace").split())  # a citation may wrap
        cited = [(page, "heading", section) for page, section in SECTION_CITATION.findall(text)]
        cited += [(page, "anchor", anchor) for page, anchor in ANCHORED.findall(text)]
        cited += [(page, "quotation", words) for page, words in QUOTATION.findall(text)]
        for page, form, section in cited:
            for target in pages(page):
                if not target.is_file():
                    wrong.append(f"{relative(path)}: {page} (no such page)")
                elif not holds(target.read_text(encoding="utf-8"), form, section):
                    wrong.append(f'{relative(path)}: {relative(target)}, "{section}" (no such {form})')
    assert wrong == [], "\n".join(wrong)


PACKAGE = ROOT / "rulebench"
MIGRATION_PAGE = ROOT / "docs/plugin-migration.md"
"""The page that names each old name beside its new home: the one text where old names belong."""

SUBPACKAGES = "|".join(sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py")))
MODULE_PATH = re.compile(rf"(?<![\w./-])(?:rulebench/|(?=(?:{SUBPACKAGES})/))((?:\w+/)*\w+\.py)")
"""A module of the package cited by its path, with or without ``rulebench/``: ``core/loop.py``."""

DOTTED = re.compile(r"(?<![\w./-])rulebench(?:\.[A-Za-z_]\w*)+")
"""A name of the package cited in full: ``rulebench.core.loop.play_step``."""

SHORT = re.compile(r"(?<![\w./-])([a-z_]\w*)\.([A-Za-z_]\w*)")
"""A name cited under its module's last part, ``loop.play_step``, or an attribute read, ``fight.round``."""


@functools.cache
def package_modules() -> dict[str, Path]:
    """Every module of the package, by its dotted name."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


@functools.cache
def forwards(path: Path) -> bool:
    """Whether a module only forwards old names to their new homes: a module ``__getattr__`` and no
    public function or class of its own. A reader sent there finds nothing."""
    defined = {node.name for node in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(node, ast.FunctionDef | ast.ClassDef)}
    return "__getattr__" in defined and all(name.startswith("_") for name in defined)


@functools.cache
def resolves(dotted: str) -> bool:
    """Whether ``rulebench.core.loop`` names a module that does more than forward, or a name read from one
    without a ``DeprecationWarning``: a name found only through its old home's forwarding has moved."""
    modules = package_modules()
    parts = dotted.split(".")
    depth = max(n for n in range(1, len(parts) + 1) if ".".join(parts[:n]) in modules)
    if forwards(modules[".".join(parts[:depth])]):
        return False
    value = import_module(".".join(parts[:depth]))
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for part in parts[depth:]:
            try:
                value = getattr(value, part)
            except (AttributeError, DeprecationWarning):
                return False
    return True


def assigned(node: ast.AST) -> set[str]:
    """The plain names an assignment statement binds, none for any other node."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    return {target.id for target in targets if isinstance(target, ast.Name)}


@functools.cache
def defined_names() -> tuple[frozenset[str], frozenset[str]]:
    """The names the package's modules define at top level, and those its classes define (methods,
    fields, attributes set on ``self``): ``x.name`` cites a module only for a name of the first kind
    alone, else it reads as an attribute of an object (``fight.explain``)."""
    top: set[str] = set()
    members: set[str] = set()
    for path in package_modules().values():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for statement in tree.body:
            top |= assigned(statement) | ({statement.name} if isinstance(statement, ast.FunctionDef | ast.ClassDef) else set())
        for node in (inner for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef) for inner in ast.walk(cls)):
            members |= assigned(node) | ({node.name} if isinstance(node, ast.FunctionDef) else set())
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and ast.unparse(node.value) == "self":
                members.add(node.attr)
    return frozenset(top), frozenset(members)


def prose(path: Path) -> list[tuple[int, str]]:
    """The numbered text of a file: a Python file's comments and docstrings, every line of any other
    file. Code is checked by running it, and may name what does not exist on purpose (a misspelt
    name whose error a test wants, a setting's key)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = text.splitlines()
    if path.suffix != ".py":
        return list(enumerate(lines, start=1))
    found = [(t.start[0], t.string) for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            found += [(number, lines[number - 1]) for number in range(node.lineno, (node.end_lineno or node.lineno) + 1)]
    return sorted(found)


def cites_elsewhere(base: str, name: str) -> bool:
    """Whether ``base.name`` cites a name of the package under a module that does not have it."""
    modules = [module for module in package_modules() if module.rsplit(".", 1)[-1] == base]
    top, members = defined_names()
    if base == "rulebench" or not modules or name not in top or name in members:
        return False  # not a module, or an attribute read
    return not any(resolves(f"{module}.{name}") for module in modules)


def test_every_module_path_in_the_text_leads_to_the_module() -> None:
    stale = [
        f"{relative(path)}:{number}: {cited}"
        for path in scanned_files()
        if path != MIGRATION_PAGE
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1)
        for cited in MODULE_PATH.findall(line)
        if not (PACKAGE / cited).is_file() or forwards(PACKAGE / cited)
    ]
    assert stale == [], "\n".join(stale)


def test_every_name_of_the_package_in_the_text_is_found_where_it_says() -> None:
    stale = []
    for path in scanned_files():
        if path == MIGRATION_PAGE:
            continue
        for number, line in prose(path):
            stale += [f"{relative(path)}:{number}: {cited}" for cited in DOTTED.findall(line) if not resolves(cited)]
            stale += [f"{relative(path)}:{number}: {base}.{name}" for base, name in SHORT.findall(line) if cites_elsewhere(base, name)]
    assert stale == [], "\n".join(stale)
