"""The package's layers, read from its import statements (type-only imports included).

core/ is the kernel and imports nothing above it; analysis/ uses the kernel; testing/ (the
conformance kit) uses both; api/ and cli/ sit on top; the built-in rulesets and plugins reach the
kernel only through the public ``rulebench`` API, exactly like a third party's. No module imports
another that (directly or not) imports it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from forwarders import only_forwards  # tests/ is on sys.path under pytest

PACKAGE = Path(__file__).resolve().parents[1] / "rulebench"

LAYERS = {
    "rulebench.core": {"rulebench.core", "rulebench.version"},
    "rulebench.analysis": {"rulebench.core", "rulebench.analysis", "rulebench.version"},
    # The conformance kit plays and solves fights as compare does; nothing below imports it.
    "rulebench.testing": {"rulebench.core", "rulebench.analysis", "rulebench.testing", "rulebench.version"},
}
"""Each layer and the packages it may import from."""

MAX_LINES = 500
"""A module of the package holds one job: past this many lines it holds two (split it by concept)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every rulebench module ``path`` imports, at run time or for type checking alone."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "rulebench"}


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        # "from rulebench.core import fight" names a module; "from rulebench import Fight" names the package.
        graph[name] = {target for target in imports_of(path) if target in modules and target != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_through_others() -> None:
    # The package's __init__ re-exports the API, so plugin modules importing "rulebench" are leaves
    # of it, not a loop back into the kernel: leave the package itself out.
    graph = {name: targets - {"rulebench"} for name, targets in import_graph().items() if name != "rulebench"}
    assert cycles(graph) == [], cycles(graph)


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_a_layer_imports_only_what_lies_below_it(layer: str) -> None:
    allowed = LAYERS[layer]
    wrong = {
        f"{name} imports {target}"
        for name, targets in import_graph().items()
        if name.startswith(layer)
        for target in targets
        if not any(target == ok or target.startswith(ok + ".") for ok in allowed)
    }
    assert not wrong, sorted(wrong)


def modules_imported(path: Path) -> set[str]:
    """The modules ``path`` imports from (``from X import ...``, ``import X``), rulebench's only."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return {name for name in found if name.split(".")[0] == "rulebench"}


PLUGIN_FOLDERS = {
    "rulebench/rulesets": 3,  # rulebench.rulesets.<name> is a plugin's own package
    "rulebench/plugins": 3,
    "rulebench/cli/templates": 0,
    "examples": 0,
}


@pytest.mark.parametrize("folder", sorted(PLUGIN_FOLDERS))
def test_plugins_use_only_the_public_api(folder: str) -> None:
    """Built-in plugins, the scaffold and the example package import ``rulebench`` (and the kit in
    ``rulebench.testing``), never the kernel's modules: a third party can do all they do. The old
    home of a plugin that moved holds no plugin, only the kernel's forwarding to its new home."""
    root = PACKAGE.parent / folder
    offenders = set()
    for path in [*root.rglob("*.py"), *root.rglob("*.py.tmpl")]:
        if only_forwards(path):
            continue
        own = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[: PLUGIN_FOLDERS[folder]])
        for target in modules_imported(path):
            if target not in {"rulebench", "rulebench.testing"} and not (own and target.startswith(own)):
                offenders.add(f"{path.relative_to(PACKAGE.parent)} imports {target}")
    assert not offenders, sorted(offenders)


def test_no_module_of_the_package_is_longer_than_a_job_needs() -> None:
    long = {str(path.relative_to(PACKAGE.parent)): lines for path in sorted(PACKAGE.rglob("*.py"))
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"
