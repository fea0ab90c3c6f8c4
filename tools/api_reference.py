"""The API reference, ``docs/api/``: the plugin contract as Markdown pages, generated from its docstrings.

    python tools/api_reference.py            # write docs/api/*.md
    python tools/api_reference.py --check    # exit 1, naming each page the docstrings no longer give

pdoc (``pip install -e '.[docs]'``) reads the objects: their members in source order, the
docstrings of attributes written after their assignment, signatures and inherited members;
``pdoc.docstrings`` turns the Google-style sections (``Attributes:``, ``Args:``, ``Raises:``) into
Markdown. This script says which objects a plugin meets (``PAGES``: everything ``rulebench``
exports, ``Fight``'s ``PLUGIN_FACING`` members, what a hook receives such as ``Combatant.spec``),
and writes each as a heading, its signature, its docstring and a table of its fields. Types are
written by :func:`type_text` (short names, no memory addresses), so the pages depend on the code
alone: no date, no path, no version. ``tests/test_api_reference.py`` runs ``--check``, so a
docstring changed without regenerating the pages fails the tests. Edit the docstrings, not the pages.
"""

from __future__ import annotations

import argparse
import enum
import inspect
import re
import sys
import textwrap
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdoc.doc
import pdoc.docstrings

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "api"
sys.path.insert(0, str(ROOT))  # the checkout's rulebench, whichever is installed

from rulebench.cli.hook_reference import CHANGES  # noqa: E402  (after the path is set)
from rulebench.core.fight import KERNEL_ONLY, PLUGIN_FACING  # noqa: E402


@dataclass(frozen=True)
class Entry:
    """One object of a page: where it lives, and which of its members the page shows.

    Attributes:
        module: the module that defines it.
        name: its name there.
        members: the members shown (all public ones when None), in the order of the source.
        shown_as: the name it is imported under, when that is not ``rulebench.NAME``.
    """

    module: str
    name: str
    members: frozenset[str] | None = None
    shown_as: str | None = None


@dataclass(frozen=True)
class Page:
    """One page of the reference: a concept and the objects that make it."""

    file: str
    title: str
    intro: str
    entries: tuple[Entry, ...]
    extra: Callable[[], str] | None = field(default=None, compare=False)


def _changes_table() -> str:
    """What each hook may change and must not (``hook_reference.CHANGES``), as a table."""
    rows = "\n".join(f"| [`{hook}`](../hooks.md#{hook}) | {may} | {must_not} |" for hook, (may, must_not) in CHANGES.items())
    return ("## What each hook may change\n\n"
            "Every hook may read the whole fight. Under `--check` and `rulebench check` the state rules are guarded "
            "around every hook call, and a hook that breaks one is named (exit 3).\n\n"
            f"| hook | may change | must not |\n|---|---|---|\n{rows}\n")


FIGHT_INTRO = """\
A hook receives the fight first. Rules code uses the members below (`rulebench.core.fight.PLUGIN_FACING`);
the others are the kernel's and the solvers', private (`_snapshot`...); their old public names (`KERNEL_ONLY`:
{kernel}) still work for plugins written against them, with a `DeprecationWarning`: a plugin that needs one
of them is doing the kernel's job. [hooks.md](../hooks.md) says when each hook is called."""

PAGES = (
    Page("fight.md", "The fight", FIGHT_INTRO.format(kernel=", ".join(f"`{n}`" for n in sorted(KERNEL_ONLY))),
         (Entry("rulebench.core.fight", "Fight", members=PLUGIN_FACING),), extra=_changes_table),
    Page("combatants.md", "Combatants and sides",
         "Who fights: `fight.party` and `fight.enemy` are sides, `fight.combatants` every combatant, party first. "
         "A combatant's `spec` is its entry in the encounter, as every ruleset reads it.",
         (Entry("rulebench.core.combatants", "Combatant"), Entry("rulebench.core.combatants", "Side"),
          Entry("rulebench.core.combatants", "PARTY"), Entry("rulebench.core.combatants", "ENEMY"),
          Entry("rulebench.core.combatants", "StateValue", shown_as="rulebench.core.combatants.StateValue"),
          Entry("rulebench.core.encounter", "Member", shown_as="rulebench.core.encounter.Member"))),
    Page("values.md", "What hooks exchange",
         "The values hooks answer with and receive: an attack's result, its damage, modifiers, decisions, health, "
         "and the neutral outcome and fates a fight ends in.",
         (Entry("rulebench.core.values", "Attack"), Entry("rulebench.core.values", "Damage"),
          Entry("rulebench.core.values", "Modifier"), Entry("rulebench.core.values", "Decision"),
          Entry("rulebench.core.values", "Health"), Entry("rulebench.core.outcome", "Outcome"),
          Entry("rulebench.core.outcome", "EndState"), Entry("rulebench.core.outcome", "Fate"),
          Entry("rulebench.core.outcome", "FightResult"))),
    Page("descriptors.md", "Describing a plugin",
         "What `rulebench_ruleset` and `rulebench_plugin` answer: how `rulebench rulesets`, `plugins`, `show`, "
         "`validate` and `[overrides]` know a plugin.",
         (Entry("rulebench.core.values", "RulesetInfo"), Entry("rulebench.core.values", "PluginInfo"),
          Entry("rulebench.core.values", "DecisionInfo"))),
    Page("dice.md", "Dice",
         "Dice expressions (`fight.roll` takes one), the end of a chain (`fight.chain`), and the rollers a test "
         "plays a fight on.",
         (Entry("rulebench.core.dice", "Dice"), Entry("rulebench.core.chain", "Done"),
          Entry("rulebench.core.dice", "RandomRoller"), Entry("rulebench.core.dice", "ScriptedRoller"))),
    Page("texts.md", "Texts and narration",
         "A plugin's texts in the reader's language: its own catalog (`Messages`), messages marked for it (`N_`), "
         "numbers as the language writes them, and a roll's sentence for a renderer (`rulebench_narrate`).",
         (Entry("rulebench.core.i18n", "Messages"), Entry("rulebench.core.i18n", "N_"),
          Entry("rulebench.core.i18n", "language"), Entry("rulebench.core.i18n", "set_language"),
          Entry("rulebench.core.i18n", "format_integer"), Entry("rulebench.core.default_hooks", "roll_sentence"))),
    Page("errors.md", "Errors",
         "What a plugin raises for a value the user can fix, and the error every rulebench error is.",
         (Entry("rulebench.core.errors", "BadInput"), Entry("rulebench.core.errors", "RulebenchError"))),
    Page("testing.md", "Testing a plugin",
         "The conformance kit as pytest checks (`rulebench.testing`), the dice tape a test replays a fight with, "
         "and the catalogs a plugin keeps (`python -m rulebench.testing.catalogs`).",
         (Entry("rulebench.testing.kit", "RulesetConformance", shown_as="rulebench.testing.RulesetConformance"),
          Entry("rulebench.testing.kit", "encounter_dicts", shown_as="rulebench.testing.encounter_dicts"),
          Entry("rulebench.testing.dice_tape", "DiceTape", shown_as="rulebench.testing.DiceTape"),
          Entry("rulebench.testing.fight_checks", "ConformanceFailure", shown_as="rulebench.testing.ConformanceFailure"),
          Entry("rulebench.testing.catalogs", "main", shown_as="python -m rulebench.testing.catalogs"))),
    Page("scripting.md", "Registering, loading and running",
         "The marker every hook carries, and what a test or a script starts from: discovery, an encounter, "
         "a configured fight, and the analyses the commands run.",
         (Entry("rulebench.core.markers", "hookimpl"), Entry("rulebench.core.discovery", "discover"),
          Entry("rulebench.core.encounter", "load_encounter"), Entry("rulebench.core.encounter", "Encounter"),
          Entry("rulebench.core.assembly", "FightConfig"), Entry("rulebench.core.loop", "run_fight"),
          Entry("rulebench.api.analyses", "fight"), Entry("rulebench.api.analyses", "compare"),
          Entry("rulebench.api.analyses", "sweep"), Entry("rulebench.api.analyses", "balance"),
          Entry("rulebench.api.analyses", "Comparison"),
          Entry("rulebench.analysis.analyse", "AnalysisOptions"))),
)
"""The reference's pages, in the order the index lists them."""


# -- types and signatures ------------------------------------------------------------------------


def type_text(annotation: Any) -> str:
    """An annotation as a reader writes it: short names, ``X | None``, no validators or metadata."""
    if annotation is inspect.Parameter.empty:
        return ""
    if isinstance(annotation, str):  # as the source writes it: a dotted name by its last part
        return re.sub(r"\b(?:[A-Za-z_]\w*\.)+([A-Za-z_]\w*)", r"\1", annotation)
    if isinstance(annotation, typing.ForwardRef):
        return type_text(annotation.__forward_arg__)
    if annotation is type(None) or annotation is None:
        return "None"
    if annotation is Ellipsis:
        return "..."
    if annotation is Any:
        return "Any"
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return type_text(args[0])
    if origin in (typing.Union, types.UnionType):
        return " | ".join(type_text(a) for a in args)
    if origin is typing.Literal:
        return f"Literal[{', '.join(map(repr, args))}]"
    if origin is not None:
        name = getattr(origin, "__name__", None) or str(origin).replace("typing.", "")
        if origin is typing.ClassVar:
            name = "ClassVar"
        if not args:
            return name
        if name == "Callable" and len(args) == 2 and isinstance(args[0], list):
            return f"Callable[[{', '.join(type_text(a) for a in args[0])}], {type_text(args[1])}]"
        return f"{name}[{', '.join(type_text(a) for a in args)}]"
    if isinstance(annotation, list):
        return f"[{', '.join(type_text(a) for a in annotation)}]"
    if isinstance(annotation, typing.TypeVar):
        return annotation.__name__
    name = getattr(annotation, "__qualname__", None) or getattr(annotation, "__name__", None)
    return name if isinstance(name, str) else type_text(str(annotation))


def value_text(value: Any) -> str:
    """A default value as the reader writes it; a value whose repr would hold a memory address is refused."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    text = repr(value)
    if re.search(r" at 0x[0-9a-f]+", text):
        raise ValueError(f"a default of {text} would make the reference differ from run to run: document it by name")
    return text


def signature_text(name: str, function: Callable[..., Any], *, skip_self: bool) -> str:
    """``name(parameters) -> result`` with every type as the source writes it (every module here
    postpones its annotations): evaluating them would depend on what pdoc imported before."""
    signature = inspect.signature(function)
    parts: list[str] = []
    previous = None
    for i, param in enumerate(signature.parameters.values()):
        if i == 0 and skip_self and param.name in ("self", "cls"):
            continue
        kind = param.kind
        if previous is inspect.Parameter.POSITIONAL_ONLY and kind is not inspect.Parameter.POSITIONAL_ONLY:
            parts.append("/")
        if kind is inspect.Parameter.KEYWORD_ONLY and previous not in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_POSITIONAL):
            parts.append("*")
        text = {"VAR_POSITIONAL": "*", "VAR_KEYWORD": "**"}.get(kind.name, "") + param.name
        if param.annotation is not inspect.Parameter.empty:
            text += f": {type_text(param.annotation)}"
        if param.default is not inspect.Parameter.empty:
            text += f" = {value_text(param.default)}"
        parts.append(text)
        previous = kind
    if previous is inspect.Parameter.POSITIONAL_ONLY:
        parts.append("/")
    result = "" if signature.return_annotation is inspect.Signature.empty else f" -> {type_text(signature.return_annotation)}"
    return f"{name}({', '.join(parts)}){result}"


# -- docstrings ----------------------------------------------------------------------------------


def markdown(docstring: str) -> str:
    """A docstring as Markdown: pdoc's Google sections, ````code```` as `code`, ``Example::`` blocks as Python blocks."""
    text = pdoc.docstrings.convert(inspect.cleandoc(docstring), "google", None)
    text = re.sub(r"``([^`\n]+)``", r"`\1`", text)
    text = re.sub(r":(?:class|meth|func|attr|data|mod):`~?([^`]+)`", r"`\1`", text)
    lines: list[str] = []
    code = False
    for line in text.splitlines():
        if code:
            if line.strip() and not line.startswith("    "):
                _close(lines)
                code = False
            else:
                if line.strip() or lines[-1] != "```python":
                    lines.append(line[4:])
                continue
        if line.rstrip().endswith("::") and not line.lstrip().startswith("#"):
            lines += [line.rstrip()[:-2].rstrip() + ":", "", "```python"]
            code = True
            continue
        lines.append(line.rstrip())
    if code:
        _close(lines)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def _close(lines: list[str]) -> None:
    while lines and not lines[-1].strip():
        lines.pop()
    lines += ["```", ""]


ATTRIBUTES = re.compile(r"^Attributes:\n((?:(?:    .*)?\n)+)", re.MULTILINE)


def fields_of(docstring: str) -> tuple[str, dict[str, str]]:
    """The docstring without its ``Attributes:`` section, and that section's text per field."""
    text = inspect.cleandoc(docstring) + "\n"
    found: dict[str, str] = {}
    match = ATTRIBUTES.search(text)
    if match is None:
        return text, found
    current = None
    for line in match.group(1).splitlines():
        entry = re.match(r"^    (\w+): (.*)$", line)
        if entry:
            current = entry.group(1)
            found[current] = entry.group(2)
        elif current is not None and line.strip():
            found[current] += " " + line.strip()
    return text[: match.start()] + text[match.end():], found


def cell(text: str) -> str:
    """Text in a table cell: on one line, its ``|`` escaped (GitHub ends a cell at one even in code)."""
    return text.replace("\n", " ").replace("|", "\\|")


def one_line(text: str) -> str:
    """A field's description on one table row: Markdown of its text."""
    return cell(markdown(text))


# -- objects ------------------------------------------------------------------------------------


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def _public(member: pdoc.doc.Doc[Any], entry: Entry) -> bool:
    if entry.members is not None:
        return member.name in entry.members
    return not member.name.startswith("_") and not member.name.startswith("model_")


def _members(cls: pdoc.doc.Class, entry: Entry) -> Iterator[pdoc.doc.Doc[Any]]:
    """The members a page shows, in source order: the class's own, and those it takes from a
    rulebench base class (an error's), never Python's or a library's."""
    seen = set()
    for member in cls.members.values():
        defined_in = member.taken_from[0]
        if member.name in seen or not (defined_in.startswith("rulebench") or defined_in == cls.modulename):
            continue
        if _public(member, entry):
            seen.add(member.name)
            yield member


GENERATED = re.compile(r"^Alias for field number \d+$")
"""The docstring Python gives a NamedTuple's fields: no description."""


def _init_types(cls: type) -> dict[str, Any]:
    """The types an attribute without an annotation of its own has: its annotation in a base class
    (an error's ``exit_code``), else the annotation of the ``__init__`` parameter of its name, as
    the source writes them."""
    try:
        found: dict[str, Any] = {name: p.annotation for name, p in inspect.signature(cls.__init__).parameters.items()}
    except (TypeError, ValueError):
        found = {}
    for base in reversed(cls.__mro__):
        if base.__module__.startswith("rulebench"):
            found.update(vars(base).get("__annotations__", {}))
    return found


def vars_along(cls: type) -> dict[str, Any]:
    """The class attributes ``cls`` has, its own over those of its rulebench base classes."""
    found: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        if base.__module__.startswith("rulebench"):
            found.update(vars(base))
    return found


def _field_rows(cls: pdoc.doc.Class, entry: Entry, described: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """Each field's name, type, default and description; a pydantic model's from its fields."""
    model_fields = getattr(cls.obj, "model_fields", None)
    if isinstance(model_fields, dict):
        rows = []
        for name, info in model_fields.items():
            default = "" if info.is_required() else value_text(info.default)
            rows.append((name, type_text(info.annotation), default, info.description or described.get(name, "")))
        return rows
    rows = []
    init_types = _init_types(cls.obj)
    for member in _members(cls, entry):
        if isinstance(member, pdoc.doc.Variable) and not isinstance(cls.obj, enum.EnumMeta):
            default = getattr(cls.obj, "__dataclass_fields__", {}).get(member.name)
            shown = ""
            if default is not None and default.default is not default.default_factory:  # a dataclass field's default
                shown = value_text(default.default) if default.default.__class__.__name__ != "_MISSING_TYPE" else ""
                if default.default_factory.__class__.__name__ != "_MISSING_TYPE":
                    shown = f"{default.default_factory.__name__}()"
            elif member.name in getattr(cls.obj, "_field_defaults", {}):  # a NamedTuple's
                shown = value_text(cls.obj._field_defaults[member.name])
            elif isinstance(vars_along(cls.obj).get(member.name), (bool, int, float, str)):  # a class attribute's
                shown = value_text(vars_along(cls.obj)[member.name])
            annotation = member.annotation
            if annotation is inspect.Parameter.empty:
                annotation = init_types.get(member.name, annotation)
            own = "" if GENERATED.match(member.docstring) else member.docstring
            rows.append((member.name, type_text(annotation), shown, own or described.get(member.name, "")))
    return rows


def fields_table(rows: list[tuple[str, str, str, str]]) -> str:
    """Fields as a table: name, type, default (a column only where a field has one), what it is."""
    defaults = any(default for _, _, default, _ in rows)
    head = "| field | type | default | |\n|---|---|---|---|" if defaults else "| field | type | |\n|---|---|---|"
    lines = [head]
    for name, kind, default, text in rows:
        shown = [f"`{name}`", cell(f"`{kind}`") if kind else "", *([cell(f"`{default}`") if default else ""] if defaults else []),
                 one_line(text)]
        lines.append("| " + " | ".join(shown) + " |")
    return "\n".join(lines)


def class_section(cls: pdoc.doc.Class, entry: Entry) -> str:
    """A class: heading, how it is built, docstring, fields table, then each method and property."""
    shown = entry.shown_as or f"rulebench.{cls.name}"
    body, described = fields_of(cls.docstring)
    for base in cls.obj.__mro__[1:]:  # a field a rulebench base class describes (an error's exit code)
        if base.__module__.startswith("rulebench") and base.__doc__:
            described = {**fields_of(base.__doc__)[1], **described}
    kind = "enum" if isinstance(cls.obj, enum.EnumMeta) else "class"
    parts = [f"## {cls.name}", f"`{shown}`"]
    if kind == "enum":
        values = ", ".join(f"`{cls.name}.{m.name}` (`{m.value!r}`)" for m in cls.obj)
        parts.append(f"An enum of {values}.")
    elif not isinstance(getattr(cls.obj, "model_fields", None), dict):
        init = cls.obj.__init__ if "__init__" in vars(cls.obj) or hasattr(cls.obj, "__dataclass_fields__") else cls.obj
        try:
            built = signature_text(cls.name, init if init is not cls.obj else cls.obj, skip_self=True).removesuffix(" -> None")
        except ValueError:  # built as Python's own exceptions are: no signature to show
            built = ""
        # The kernel builds fights (a plugin receives one); a class built without arguments needs no line.
        if built and cls.obj.__name__ != "Fight" and not built.endswith("()"):
            parts.append(f"```python\n{built}\n```")
    parts.append(markdown(body))
    rows = _field_rows(cls, entry, described)
    if rows:
        parts.append(fields_table(rows))
    if kind == "enum":
        parts.append("\n".join(f"- `{m.name}`: {one_line(m.docstring)}" for m in _members(cls, entry) if m.docstring))
    for member in _members(cls, entry):
        if isinstance(member, pdoc.doc.Function):
            parts.append(function_section(member, f"{cls.name}.{member.name}", level=3, owner=cls.name))
        elif isinstance(member, pdoc.doc.Variable) and isinstance(getattr(cls.obj, member.name, None), property):
            continue  # a property is a field of the table above
    return "\n\n".join(p for p in parts if p)


def function_section(function: pdoc.doc.Function, title: str, *, level: int = 2, owner: str | None = None) -> str:
    """A function or method: heading, signature, docstring."""
    marks = [d for d in function.decorators if d in ("@classmethod", "@staticmethod")]
    # An instance's method as rules code calls it (fight.roll, combatant.has_trait), a class's on the class.
    instance = re.sub(r"(?<!^)(?=[A-Z])", "_", owner).lower() if owner else ""
    call = f"{owner}.{function.name}" if owner and marks else (f"{instance}.{function.name}" if owner else title)
    if function.name.startswith("test_"):  # a check pytest runs: what it checks is all there is to say
        return f"{'#' * level} {title}\n\n{markdown(function.docstring)}"
    signature = signature_text(call, function.obj, skip_self=owner is not None)
    return f"{'#' * level} {title}\n\n```python\n{signature}\n```\n\n{markdown(function.docstring)}"


def variable_section(variable: pdoc.doc.Variable, entry: Entry) -> str:
    """A module constant or marker: heading, its value or type, docstring."""
    shown = entry.shown_as or f"rulebench.{variable.name}"
    value = variable.default_value
    told = f"`{shown} = {value_text(value)}`" if isinstance(value, (str, int)) else f"`{shown}`"
    return f"## {variable.name}\n\n{told}\n\n{markdown(variable.docstring)}"


def entry_section(entry: Entry) -> str:
    """The section of one entry, whatever kind of object it is."""
    found = pdoc.doc.Module.from_name(entry.module).get(entry.name)
    if found is None:
        raise LookupError(f"{entry.module}.{entry.name} is not there: the reference's PAGES name something that moved")
    if isinstance(found, pdoc.doc.Class):
        return class_section(found, entry)
    if isinstance(found, pdoc.doc.Function):
        shown = entry.shown_as or f"rulebench.{found.name}"
        if shown.startswith("python -m "):  # a module's command line: its module docstring says it all
            module = pdoc.doc.Module.from_name(entry.module)
            return f"## {shown}\n\n{markdown(module.docstring)}"
        return function_section(found, found.name).replace("\n\n", f"\n\n`{shown}`\n\n", 1)
    if isinstance(found, pdoc.doc.Variable):
        return variable_section(found, entry)
    raise TypeError(f"{entry.module}.{entry.name}: no section for a {type(found).__name__}")


# -- pages ------------------------------------------------------------------------------------------

NOTE = ("Generated from the docstrings by `python tools/api_reference.py` (pdoc, the `docs` extra); edit the docstring, "
        "not this page.")


def heading(entry: Entry) -> str:
    """The heading of an entry's section: its name, or the command a module's command line is."""
    return entry.shown_as if entry.shown_as and entry.shown_as.startswith("python -m ") else entry.name


def page_text(page: Page) -> str:
    """One page of ``docs/api/``."""
    sections = [f"# {page.title}", NOTE, textwrap.fill(page.intro, 110, break_on_hyphens=False, break_long_words=False)]
    sections.append("\n".join(f"- [{heading(e)}](#{slug(heading(e))})" for e in page.entries))
    sections += [entry_section(entry) for entry in page.entries]
    if page.extra is not None:
        sections.append(page.extra())
    return "\n\n".join(sections).rstrip() + "\n"


def index_text() -> str:
    """``docs/api/README.md``: every page, and every name ``rulebench`` exports with the page it is on."""
    import rulebench

    where = {entry.name: (page, entry) for page in PAGES for entry in page.entries}
    rows = []
    for name in sorted((n for n in rulebench.__all__ if n != "__version__"), key=str.lower):
        if name not in where:
            raise LookupError(f"rulebench.{name} is on no page of the reference: add it to PAGES")
        page, entry = where[name]
        summary = one_line(pdoc.doc.Module.from_name(entry.module).get(name).docstring.split("\n\n")[0])
        rows.append(f"| [`{name}`]({page.file}#{slug(name)}) | {summary} |")
    pages = "\n".join(f"- [{page.title}]({page.file}): {page.intro.split('. ')[0].rstrip('.')}." for page in PAGES)
    return (f"# API reference\n\n{NOTE}\n\n"
            "Everything a hook receives and a plugin may call: the plugin contract `rulebench` exports, the fight's "
            "members, and what tests and scripts start from. [hooks.md](../hooks.md) is the reference of the hooks "
            "themselves; [writing-a-ruleset.md](../writing-a-ruleset.md) explains how they fit together.\n\n"
            f"{pages}\n\n## Every name `rulebench` exports\n\n| name | |\n|---|---|\n" + "\n".join(rows) + "\n")


def reference() -> dict[str, str]:
    """Every page of ``docs/api/``, by file name."""
    pages = {page.file: page_text(page) for page in PAGES}
    pages["README.md"] = index_text()
    return pages


def main(argv: list[str] | None = None) -> int:
    """Write the pages, or with ``--check`` compare them with those in ``docs/api/`` (exit 0 or 1)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 naming each stale or missing page")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder of the pages (docs/api)")
    args = parser.parse_args(argv)
    pages = reference()
    if args.check:
        present = {p.name for p in args.out.glob("*.md")} if args.out.is_dir() else set()
        stale = sorted(name for name, text in pages.items() if name not in present or (args.out / name).read_text(encoding="utf-8") != text)
        stale += sorted(present - set(pages))
        for name in stale:
            sys.stderr.write(f"{args.out / name} is not what the docstrings give: python tools/api_reference.py\n")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name in sorted({p.name for p in args.out.glob("*.md")} - set(pages)):
        (args.out / name).unlink()  # a page no longer generated would go stale unseen
    for name, text in pages.items():
        (args.out / name).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
