"""One way to suggest what a misspelled name meant (``rulebench.core.suggestions.did_you_mean``),
and no other wording of it in the package."""

from __future__ import annotations

import ast
from pathlib import Path

from rulebench.core.suggestions import did_you_mean

PACKAGE = Path(__file__).resolve().parents[1] / "rulebench"
HOME = PACKAGE / "core" / "suggestions.py"
TYPERS = {
    r"No such command (?P<name>'[^']*')\. Did you mean (?P<guess>.*)\?",
    "No such command {name}. Did you mean {guess}?",
}
"""Typer's own suggestion for a misspelled command, which ``cli/language.py`` recognises to translate."""


def test_the_closest_option_is_suggested_or_nothing() -> None:
    assert did_you_mean("atack", ["attack", "parry"]) == " (did you mean 'attack'?)"
    assert did_you_mean("zzz", ["attack", "parry"]) == ""


def test_several_options_are_offered_closest_first() -> None:
    assert did_you_mean("hurtt", ["unhurt", "hurt", "dead"], n=3) == " (did you mean 'hurt' or 'unhurt'?)"
    assert did_you_mean("rounds", ["round", "rounds_", "sound"], n=3) == " (did you mean 'rounds_', 'round' or 'sound'?)"


def test_a_named_suggestion_names_the_misspelled_word() -> None:
    assert did_you_mean("atack", ["attack", "defender"], named=True) == " ('atack': did you mean 'attack'?)"


def test_options_matched_in_another_form_are_shown_as_written_and_once() -> None:
    shown = {"haltung": "Haltung", "haltungen": "Haltung", "stance": "stance"}
    assert did_you_mean("haltng", shown, n=3, shown=shown) == " (did you mean 'Haltung'?)"


def strings_of(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module's code (its docstrings left out, which may speak of a
    suggestion), with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_no_module_words_a_suggestion_by_hand() -> None:
    """A message suggests through ``did_you_mean``, so every suggestion reads (and translates) alike."""
    by_hand = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}"
               for path in sorted(PACKAGE.rglob("*.py")) if path != HOME
               for line, text in strings_of(path) if "did you mean" in text.lower() and text not in TYPERS]
    assert by_hand == []
