"""The old homes of modules that moved: what tells one apart from a module that holds code.

An old home holds nothing but the names ``rulebench.core.deprecation.forwarded`` gives it (a
``__getattr__`` that warns and reads each name from its new module), so it can hold no rule and
register no hook: the checks that read the built-in plugins' code leave it out.
"""

from __future__ import annotations

import ast
from pathlib import Path


def only_forwards(path: Path) -> bool:
    """Whether the module at ``path`` is an old home: beside its docstring and ``from __future__``,
    the import of ``forwarded`` and the one line that makes its ``__getattr__`` and ``__dir__``."""
    body = [node for node in ast.parse(path.read_text(encoding="utf-8")).body
            if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
            and not (isinstance(node, ast.ImportFrom) and node.module == "__future__")]
    if len(body) != 2:
        return False
    imported, assigned = body
    return (isinstance(imported, ast.ImportFrom) and imported.module == "rulebench.core.deprecation"
            and [alias.name for alias in imported.names] == ["forwarded"]
            and isinstance(assigned, ast.Assign) and [ast.unparse(target) for target in assigned.targets] == ["(__getattr__, __dir__)"]
            and isinstance(assigned.value, ast.Call) and ast.unparse(assigned.value.func) == "forwarded")
