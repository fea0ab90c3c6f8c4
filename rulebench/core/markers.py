"""The pluggy markers of the project ``rulebench``: ``hookspec`` for the contract, ``hookimpl`` for plugins.

Kept apart from the contract and from discovery so that a plugin module, the kernel's own defaults
and the scripted tactics can all mark their hooks without importing either.
"""

from __future__ import annotations

import pluggy

PROJECT = "rulebench"

hookspec = pluggy.HookspecMarker(PROJECT)
"""Marks a function of ``core/hookspecs.py`` as a hook of the contract."""
hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marks a plugin's function as its implementation of the hook of the same name: ``@hookimpl``, or
``@hookimpl(tryfirst=True)`` / ``@hookimpl(trylast=True)`` to answer before or after the others
(a modifier's damage rule before the ruleset's, a ruleset's default tactics after any other)."""
