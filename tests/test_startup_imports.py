"""What a ``rulebench`` command imports before it does anything (issue #13: start-up time).

Every command pays for what ``rulebench.cli.app`` and the ``rulebench`` package import, so the heavy
parts (the analysis, the encounter model and pydantic, the plugin machinery, Babel, Jinja,
matplotlib, Dask, typer's rich help) are imported by the command that uses them, when it runs. These
tests pin that by the modules a fresh interpreter holds, not by timing (``bench/startup.py`` times it).
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import import_module
from pathlib import Path
from types import ModuleType

import pytest

import rulebench
import rulebench.api
from rulebench.cli.language import put_typer_words
from tests.cli.cli_helpers import run

ROOT = Path(__file__).resolve().parents[1]

NEVER_FOR_HELP = (
    "matplotlib", "jinja2", "dask", "numpy", "babel", "pydantic", "pluggy",
    "rulebench.analysis", "rulebench.api.analyses", "rulebench.api.inspect", "rulebench.core.encounter",
    "rulebench.core.assembly", "rulebench.core.dispatch", "rulebench.core.loop", "rulebench.core.discovery", "rulebench.rulesets", "rulebench.plugins",
    "rulebench.api.glossary", "rulebench.cli.scaffold", "rulebench.cli.narrate", "rulebench.cli.progress",
)
"""Packages and modules that importing the CLI, or asking it for help, must not import."""

HELP_ONLY = ("typer.rich_utils", "markdown_it", "pygments", "importlib.metadata")
"""What typer's rich help brings (rich's Markdown and Syntax, markdown-it, Pygments, which reads its plugins'
entry points): imported to print help or an error, not before."""

NEVER_FOR_LISTING = ("matplotlib", "jinja2", "dask", "numpy", "rulebench.analysis", "rulebench.api.analyses",
                     "rulebench.core.encounter")
"""What ``rulebench rulesets`` and ``rulebench plugins`` must not import: they analyse nothing and read no
encounter (the rulesets they load import the kernel, which needs the encounter model only for types)."""

# Runs the console script's ``main`` with the given arguments, then prints the modules it left loaded.
_PROBE = """
import json, sys
sys.argv = ["rulebench", *json.loads(sys.argv[1])]
try:
    if sys.argv[1:] != ["<import>"]:
        from rulebench.cli.app import main
        main()
    else:
        import rulebench.cli.app
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(*args: str) -> set[str]:
    """The modules a fresh interpreter holds after ``rulebench ARGS`` (``<import>``: just the import)."""
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(list(args))], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Those of ``names`` that are among ``modules``, as packages: ``rulebench.analysis`` counts its submodules."""
    return sorted(name for name in names if any(m == name or m.startswith(name + ".") for m in modules))


def test_importing_the_cli_imports_nothing_heavy() -> None:
    assert loaded(modules_after("<import>"), NEVER_FOR_HELP + HELP_ONLY) == []


@pytest.mark.parametrize("args", [("--help",), ("--lang", "de", "--help"), ("--version",)])
def test_help_imports_nothing_heavy(args: tuple[str, ...]) -> None:
    assert loaded(modules_after(*args), NEVER_FOR_HELP) == []


@pytest.mark.parametrize("args", [("compare", "--help"), ("--lang", "de", "sweep", "--help"), ("dice", "2d6")])
def test_a_command_that_needs_no_plugin_imports_no_plugin_machinery(args: tuple[str, ...]) -> None:
    # Typer checks the root options' values before the command's --help, with pydantic in recent
    # versions: pydantic may be loaded here; rulebench's own heavy modules may not.
    allowed = {"pydantic", "babel"} if args[0] == "dice" else {"pydantic"}
    assert loaded(modules_after(*args), tuple(set(NEVER_FOR_HELP) - allowed)) == []


@pytest.mark.parametrize("args", [("rulesets",), ("plugins",)])
def test_a_command_that_analyses_nothing_imports_no_analysis(args: tuple[str, ...]) -> None:
    assert loaded(modules_after(*args), NEVER_FOR_LISTING) == []


def test_importing_rulebench_imports_none_of_its_modules() -> None:
    """A plugin's ``from rulebench import hookimpl`` costs the marker's module, not the whole API."""
    script = "import sys, rulebench; print(sorted(m for m in sys.modules if m.startswith('rulebench')))"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    lazy = ["rulebench.core", "rulebench.core.lazy_exports"]  # the importer of the public names
    assert done.stdout.strip() == str(["rulebench", *lazy, "rulebench.version"])


@pytest.mark.parametrize("package", [rulebench, rulebench.api], ids=lambda p: p.__name__)
def test_every_public_name_is_the_object_of_its_home_module(package: ModuleType) -> None:
    homes: dict[str, tuple[str, ...]] = package._HOMES
    exported = {name for names in homes.values() for name in names}
    assert exported == set(package.__all__) - {"__version__"}
    for module, names in homes.items():
        for name in names:
            assert getattr(package, name) is getattr(import_module(module), name), name
    assert set(package.__all__) <= set(dir(package))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Encountr'"):
        _ = rulebench.Encountr  # type: ignore[attr-defined]  # the misspelling is the point
    with pytest.raises(ImportError):
        exec("from rulebench import Encountr", {})


def test_typers_words_follow_each_runs_language_in_one_process() -> None:
    """Typer's panel titles are set when help or an error is printed, in that run's language."""
    assert "Optionen" in run("--lang", "de", "rulesets", "--help").stdout
    english = run("rulesets", "--help").stdout
    assert "Options" in english and "Optionen" not in english
    assert "Fehler" in run("--lang", "de", "rulesets", "--bogus").stderr
    assert "Error" in run("rulesets", "--bogus").stderr


def test_put_typer_words_sets_typers_panel_titles() -> None:
    import typer.rich_utils as rich_utils

    rulebench.set_language("de")
    try:
        put_typer_words()
        assert rich_utils.OPTIONS_PANEL_TITLE == "Optionen"
    finally:
        rulebench.set_language(None)
        put_typer_words()
    assert rich_utils.OPTIONS_PANEL_TITLE == "Options"


# -- discovery: the installed plugins found once per process ---------------------------------------
def test_each_discovery_is_a_new_catalog_of_the_same_plugins() -> None:
    first, second = rulebench.discover(), rulebench.discover()
    assert first is not second and first.records == second.records
    first.records.clear()
    first.warnings.append("changed by its caller")
    third = rulebench.discover()
    assert third.records == second.records and "changed by its caller" not in third.warnings


def test_a_plugin_installed_since_the_last_discovery_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "latecomer" not in rulebench.discover().records
    info = tmp_path / "rulebench_latecomer-1.0.dist-info"  # installed into a folder already on sys.path
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulebench-latecomer\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[rulebench]\nlatecomer = rulebench_latecomer\n")
    (tmp_path / "rulebench_latecomer.py").write_text(
        "from rulebench import PluginInfo, hookimpl\n\n@hookimpl\ndef rulebench_plugin():\n"
        "    return PluginInfo(name='latecomer', kind='modifier', title='Late', summary='Installed late.')\n")
    record = rulebench.discover().records["latecomer"]
    assert (record.package, record.version, record.kind) == ("rulebench-latecomer", "1.0", "modifier")


def test_switching_a_plugin_off_or_the_language_is_seen_by_the_next_discovery(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not rulebench.discover().records["silver"].disabled
    monkeypatch.setenv("RULEBENCH_DISABLE_PLUGINS", "silver")
    assert rulebench.discover().records["silver"].disabled
    english = rulebench.discover().records["silver"].title
    rulebench.set_language("de")
    try:
        assert rulebench.discover().records["silver"].title != english
    finally:
        rulebench.set_language(None)
