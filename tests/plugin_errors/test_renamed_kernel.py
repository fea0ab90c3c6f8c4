"""A plugin's error is attributed without reading the kernel's local variables.

The loop of the kernel (``rulebench.core.loop``) is compiled again with every local variable of
every function renamed, and a broken plugin's fight played through it: the error names the same
plugin, hook, round and combatants, word for word. Attribution reads the traceback's hook
implementations (whose argument names are the hookspecs', as pluggy binds them) and the fight,
never a frame of the kernel.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

import pytest
from broken_rulesets import Duel, answering, raising
from test_broken_plugins import HOOKS_IN_A_FIGHT, fight_with

from rulebench.core import loop
from rulebench.core.plugin_errors import PluginError


class RenameLocals(ast.NodeTransformer):
    """Rename each function's local variables (not its parameters) to names nobody reads."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        parameters = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
        parameters |= {a.arg for a in (node.args.vararg, node.args.kwarg) if a is not None}
        stored = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        renamed = stored - parameters
        for name in ast.walk(node):
            if isinstance(name, ast.Name) and name.id in renamed:
                name.id = f"renamed_{len(name.id)}_{name.id[::-1]}"
        return node


def renamed_loop() -> dict[str, Any]:
    """The loop module's functions, compiled again with their locals renamed, in a namespace of their own."""
    tree = RenameLocals().visit(ast.parse(inspect.getsource(loop)))
    namespace = dict(vars(loop))
    exec(compile(ast.fix_missing_locations(tree), loop.__file__, "exec"), namespace)
    return namespace


def test_the_renamed_loop_is_really_renamed_and_still_plays() -> None:
    namespace = renamed_loop()
    assert "pair" not in namespace["play_turns"].__code__.co_varnames
    assert namespace["play"](fight_with(Duel())).rounds >= 1


def error_of(play: Any, ruleset: Any) -> PluginError:
    with pytest.raises(PluginError) as caught:
        play(fight_with(ruleset))
    return caught.value


@pytest.mark.parametrize("hook", [h for h in HOOKS_IN_A_FIGHT if h != "rulebench_setup"])
def test_a_raising_hook_is_named_the_same_by_a_renamed_loop(hook: str) -> None:
    plain, renamed = error_of(loop.play, raising(hook)), error_of(renamed_loop()["play"], raising(hook))
    assert (renamed.plugin, renamed.hook, renamed.round, renamed.combatants) == (plain.plugin, plain.hook, plain.round, plain.combatants)
    assert str(renamed) == str(plain)


@pytest.mark.parametrize(("hook", "answer"), [("rulebench_attack", True), ("rulebench_damage", 4), ("rulebench_turn", "Hero"),
                                              ("rulebench_end_state", "dead")])
def test_a_wrong_answer_is_named_the_same_by_a_renamed_loop(hook: str, answer: Any) -> None:
    plain, renamed = error_of(loop.play, answering(hook, answer)), error_of(renamed_loop()["play"], answering(hook, answer))
    assert (renamed.hook, renamed.round, renamed.combatants) == (plain.hook, plain.round, plain.combatants)
    assert str(renamed) == str(plain)
