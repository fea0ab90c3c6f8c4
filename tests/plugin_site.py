"""A plugin package found as an installed one is, without installing it: its dist-info in a folder of the test's."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # the project supports 3.10, where tomli is its backport
    import tomli as tomllib


def load_without_installing(package: Path, site: Path) -> Path:
    """Make the plugin package at ``package`` discoverable from ``site`` (a fresh folder) and return it.

    Writes ``<name>-<version>.dist-info`` with METADATA and entry_points.txt from the package's
    pyproject.toml; the package's modules are imported from its own folder.
    """
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8")
    groups = "".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items())
        for group, points in project.get("entry-points", {}).items()
    )
    (info / "entry_points.txt").write_text(groups, encoding="utf-8")
    return site
