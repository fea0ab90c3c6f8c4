"""``rulebench new-plugin``: an installable plugin package from the templates in ``templates/plugin``."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from string import Template

from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")

# template file -> where it goes in the package, both relative; "{module}" is the module name.
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "module.py.tmpl": "{module}.py",
    "test.py.tmpl": "tests/test_{module}.py",
}


def scaffold(name: str, dest: Path) -> tuple[Path, list[Path]]:
    """Write the package ``rulebench-NAME`` into ``dest`` and return its folder and files.

    Raises:
        BadInput: the name is not a lowercase identifier, or the folder already exists.
    """
    if not _NAME.fullmatch(name):
        raise BadInput(_("new-plugin {name}: expected a lowercase name like 'skirmish' or 'my_rules' (letters, digits, _)").format(name=repr(name)))
    package = f"rulebench-{name.replace('_', '-')}"
    root = dest / package
    if root.exists():
        raise BadInput(_("new-plugin: {folder} already exists; choose another --dest or name").format(folder=root))
    values = {"name": name, "module": f"rulebench_{name}", "package": package, "title": name.replace("_", " ").title()}
    templates = resources.files("rulebench.cli") / "templates" / "plugin"
    written = []
    for template, target in FILES.items():
        path = root / target.format(**values)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(templates.joinpath(template).read_text(encoding="utf-8")).substitute(values), encoding="utf-8")
        written.append(path)
    return root, written
