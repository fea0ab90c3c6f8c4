"""``rulebench new-plugin``: an installable plugin package from the templates in ``templates/plugin``.

The package is a folder ``rulebench-NAME`` with its ``pyproject.toml`` and README, the Python
package ``rulebench_NAME`` (the rules in ``__init__.py``, their narration in ``narration.py``, the
catalogs in ``locale/``: the template ``rulebench-NAME.pot`` and German, its ``.po`` and the
compiled ``.mo``) and a test that runs the conformance kit, the catalogs check included.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from string import Template

from rulebench.core.errors import BadInput
from rulebench.core.i18n import _
from rulebench.testing.catalogs import Domain, compile_all, update

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")

FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "__init__.py.tmpl": "{module}/__init__.py",
    "narration.py.tmpl": "{module}/narration.py",
    "de.po.tmpl": "{module}/locale/de/LC_MESSAGES/{domain}.po",
    "test.py.tmpl": "tests/test_{module}.py",
}
"""Each template file and where it goes in the package, both relative; ``{module}`` and ``{domain}``
are the module's and the catalog's names."""


def scaffold(name: str, dest: Path) -> tuple[Path, list[Path]]:
    """Write the package ``rulebench-NAME`` into ``dest`` and return its folder and files.

    The German catalog's template holds the translations of the scaffold's own texts; the catalogs
    are then extracted from the code written (``locale/rulebench-NAME.pot``), the ``.po`` updated
    with the texts' places and compiled, as ``python -m rulebench.testing.catalogs`` does later.

    Raises:
        BadInput: the name is not a lowercase identifier, or the folder already exists.
    """
    if not _NAME.fullmatch(name):
        raise BadInput(_("new-plugin {name}: expected a lowercase name like 'skirmish' or 'my_rules' (letters, digits, _)").format(name=repr(name)))
    package = f"rulebench-{name.replace('_', '-')}"
    root = dest / package
    if root.exists():
        raise BadInput(_("new-plugin: {folder} already exists; choose another --dest or name").format(folder=root))
    module = f"rulebench_{name}"
    values = {"name": name, "module": module, "package": package, "domain": package, "title": name.replace("_", " ").title()}
    templates = resources.files("rulebench.cli") / "templates" / "plugin"
    written = []
    for template, target in FILES.items():
        path = root / target.format(**values)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(templates.joinpath(template).read_text(encoding="utf-8")).substitute(values), encoding="utf-8")
        written.append(path)
    domain = Domain(package, root / module, project=package)
    update((domain,))
    compile_all((domain,))
    # Listed as a folder tree lists them: the package's files under its folders, in order.
    return root, sorted([*written, domain.template, domain.mo("de")], key=lambda path: path.relative_to(root).parts)
