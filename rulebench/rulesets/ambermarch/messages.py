"""ambermarch's catalog, the domain ``rulebench-ambermarch``: every text of its narration and
explanations goes through it, so ``--lang de`` speaks the German rules' terms."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench import Messages

MESSAGES = Messages("rulebench-ambermarch", Path(__file__).with_name("locale"))
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext

Event = dict[str, Any]
"""An event as narration reads it: its kind and its facts."""
