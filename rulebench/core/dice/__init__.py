"""Dice: the notation and its exact distributions (``notation.py``), and the rollers every fight
draws its chance from (``rollers.py``)."""

from __future__ import annotations

from rulebench.core.dice.notation import MAX_COUNT, MAX_SIDES, Dice, DiceError, compare, margin_distribution, roll_faces
from rulebench.core.dice.rollers import (
    ChainedRoller,
    DiceScriptError,
    RandomRoller,
    Roller,
    ScriptedRoller,
    SilentDice,
    parse_dice_script,
)

__all__ = [
    "MAX_COUNT", "MAX_SIDES", "ChainedRoller", "Dice", "DiceError", "DiceScriptError", "RandomRoller", "Roller",
    "ScriptedRoller", "SilentDice", "compare", "margin_distribution", "parse_dice_script", "roll_faces",
]
