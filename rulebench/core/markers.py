"""The pluggy markers of the project ``rulebench``: ``hookspec`` for the contract, ``hookimpl`` for plugins.

Kept apart from the contract and from discovery so that a plugin module, the kernel's own defaults
and the scripted tactics can all mark their hooks without importing either.
"""

from __future__ import annotations

import pluggy

PROJECT = "rulebench"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
