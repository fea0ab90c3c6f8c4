"""The hook reference, ``docs/hooks.md``, generated from the hook contract (``core/hookspecs.py``).

``python -m rulebench.cli.hook_reference > docs/hooks.md`` writes it; ``--check docs/hooks.md`` exits
1 when the file is not what the contract generates (a test runs that check, so the reference never
drifts from the code).
"""

from __future__ import annotations

import inspect
import re
import sys
import textwrap
from collections.abc import Callable
from typing import Any

from rulebench.core import hookspecs
from rulebench.core.markers import PROJECT

CALLED_BY = {
    "rulebench_ruleset": "discovery, once per plugin",
    "rulebench_plugin": "discovery, once per plugin",
    "rulebench_setup": "the kernel, once a fight, before round 1",
    "rulebench_round_start": "the kernel, at each round's start",
    "rulebench_initiative": "the kernel, after `rulebench_round_start`",
    "rulebench_turn": "the kernel, as each turn comes",
    "rulebench_attack": "the kernel, for each turn's pair",
    "rulebench_damage": "the kernel, after a hit",
    "rulebench_wounds": "the kernel, after damage",
    "rulebench_round_end": "the kernel, at each round's end",
    "rulebench_fight_end": "the kernel, once, when the fight is over",
    "rulebench_end_state": "the kernel, for every combatant once the fight is over",
    "rulebench_modifiers": "rules code, through `fight.modifiers(...)`",
    "rulebench_decide": "rules code, through `fight.decide(...)`",
    "rulebench_health": "plugins and rules code, through `fight.health(...)`",
    "rulebench_narrate": "the fight, for each event emitted while it records (`fight.emit(...)`)",
    "rulebench_carry": "a day of fights (`rulebench chain`), for every living party member once a stage is over",
    "rulebench_rest": "a day of fights, for every living party member between two stages",
    "rulebench_party_finished": "a day of fights, once a stage is over",
}
"""Who calls each hook and when; a hook missing here fails the reference's test."""

_STATE = ("the values of existing keys of `fight.vars` and `combatant.vars` (hashable); it may roll through the fight "
          "and emit events")
_NEVER = "create a state key, change a `stats` table, keep state in module globals or on the plugin object"

CHANGES: dict[str, tuple[str, str]] = {
    "rulebench_ruleset": ("nothing: it describes the ruleset, its texts in the reader's language",
                          "depend on anything but the language: discovery asks once per language, not per fight"),
    "rulebench_plugin": ("nothing: it describes the plugin, its texts in the reader's language",
                         "depend on anything but the language: discovery asks once per language, not per fight"),
    "rulebench_setup": (
        "every key of `fight.vars` and `combatant.vars`, created with its start value; `combatant.stats` and "
        "`side.stats` (a modifier: what the ruleset derived, and the `vars` a stat seeds); `fight.cache`",
        "roll dice (setup runs once for a whole chunk of sampled fights, which the kernel puts back (`Fight._reset`) to where setup "
        "left them, so a die rolled here would be the same in all of them); keep state in module globals or on the "
        "plugin object",
    ),
    "rulebench_round_start": (_STATE, _NEVER),
    "rulebench_initiative": (_STATE, _NEVER),
    "rulebench_turn": (_STATE, _NEVER),
    "rulebench_attack": (_STATE, _NEVER),
    "rulebench_damage": (_STATE, _NEVER + "; change the `Attack` it receives"),
    "rulebench_wounds": (_STATE, _NEVER),
    "rulebench_round_end": (_STATE + "; its answer becomes `fight.outcome`", _NEVER),
    "rulebench_fight_end": (_STATE + " (`fight.outcome` is set)", _NEVER + "; change `fight.outcome`"),
    "rulebench_end_state": (
        "nothing: it reads the state",
        "change anything or roll: it is asked in mid-fight too, while a fight records, to tell when an end state "
        "changed, and a sampled fight's result is asked once per final state",
    ),
    "rulebench_modifiers": (
        "nothing: it answers",
        "change anything or roll; with `PluginInfo.static_modifiers`, depend on anything but the combatant, the "
        "purpose and the opponent (the kernel then asks once a fight)",
    ),
    "rulebench_decide": (
        "nothing: the ruleset stores the answer",
        "change the state or roll: the ruleset's default tactics may be taken directly instead of asked",
    ),
    "rulebench_narrate": (
        "nothing: it renders the event",
        "change anything, roll, or read the fight's state, which has moved on: the event carries every fact",
    ),
    "rulebench_health": ("nothing: it reads the state", "change anything or roll"),
    "rulebench_carry": (
        "nothing: it answers with a JSON-ready dict of the ruleset's own keys",
        "change the fight or roll: the fight is over, and a day's later stages read only the answer",
    ),
    "rulebench_rest": (
        "nothing: it answers with what the rest leaves",
        "change the fight, the `carried` dict it receives, or roll: the answer replaces `carried`",
    ),
    "rulebench_party_finished": ("nothing: it reads the finished fight", "change anything or roll"),
}
"""What each hook may change and what it must not; a hook missing here fails the reference's test.
The kit (``rulebench check``) plays every fight recording and not, with default tactics asked and
taken, and guards the state rules around every hook call, so a hook that changes what it must not
is caught there."""


def hooks() -> list[tuple[str, Callable[..., Any], dict[str, Any]]]:
    """Every hook of the contract in the module's order: name, the spec function, its pluggy options."""
    found = []
    # The day's hooks are imported from their own module: listed after the fight's, as they were written.
    day = {function.__name__: function for function in hookspecs.DAY_HOOKS}
    for name, function in [*((n, f) for n, f in vars(hookspecs).items() if n not in day), *day.items()]:
        options = getattr(function, f"{PROJECT}_spec", None)
        if name.startswith("rulebench_") and options is not None:
            found.append((name, function, dict(options)))
    return found


def _markdown(docstring: str) -> str:
    """A hook docstring in Markdown: ``code`` to `code`, fields to a list, ``Example::`` blocks to Python blocks."""
    text = inspect.cleandoc(docstring)
    text = re.sub(r"``([^`]+)``", r"`\1`", text)
    lines: list[str] = []
    in_code = False
    for line in text.splitlines():
        if in_code:
            if line.strip() and not line.startswith("    "):
                _close(lines)
                in_code = False
            else:
                if line.strip() or lines[-1] != "```python":  # no blank first line in a block
                    lines.append(line[4:])
                continue
        if line.rstrip().endswith("::"):
            lines.append(line.rstrip()[:-2].rstrip() + ":")
            lines.append("")
            lines.append("```python")
            in_code = True
            continue
        field = re.match(r":param (\w+): (.*)", line)
        if field:
            lines.append(f"- `{field.group(1)}`: {field.group(2)}")
        elif line.startswith(":return:"):
            lines.append(f"- returns: {line[len(':return:'):].strip()}")
        else:
            lines.append(line)
    if in_code:
        _close(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def _close(lines: list[str]) -> None:
    """End a code block: its trailing blank lines out, the fence, then a blank line."""
    while lines and not lines[-1].strip():
        lines.pop()
    lines.extend(["```", ""])


def _signature(name: str, function: Callable[..., Any]) -> str:
    source = inspect.getsource(function)
    header = source[source.index("def ") : source.index(":\n", source.index(")")) + 1]
    return " ".join(header.split()).replace("( ", "(").replace(" )", ")")


def _order() -> str:
    doc = inspect.cleandoc(hookspecs.__doc__ or "")
    start = doc.index("::\n") + 3
    block = []
    for line in doc[start:].splitlines()[1:]:
        if line.strip() and not line.startswith("    "):
            break
        block.append(line[4:])
    return "\n".join(block).strip("\n")


def reference() -> str:
    """The whole of ``docs/hooks.md``."""
    found = hooks()
    rows = "\n".join(
        f"| [`{name}`](#{name}) | {'firstresult' if options.get('firstresult') else 'collected'} | {CALLED_BY.get(name, '?')} |"
        for name, _, options in found
    )
    sections = "\n\n".join(
        f"## {name}\n\n```python\n{_signature(name, function)}\n```\n\n"
        f"**{'firstresult' if options.get('firstresult') else 'collected'}**, called by {CALLED_BY.get(name, '?')}.\n\n"
        f"{_markdown(function.__doc__ or '')}\n\n"
        f"**May change:** {CHANGES.get(name, ('?', '?'))[0]}. **Must not:** {CHANGES.get(name, ('?', '?'))[1]}."
        for name, function, options in found
    )
    intro = textwrap.dedent(
        """\
        # Hook reference

        Generated from `rulebench/core/hookspecs.py` by `python -m rulebench.cli.hook_reference > docs/hooks.md`;
        edit the hook's docstring, not this page. `docs/writing-a-ruleset.md` explains how the hooks fit together,
        and [the API reference](api/README.md) every object a hook receives (`Fight`, `Combatant`, `Attack` ...).

        A **firstresult** hook stops at the first implementation that answers something other than None, in
        pluggy's order: `tryfirst` implementations, then the last registered plugin first (scripted tactics, a
        `--tactics` plugin, modifiers, the ruleset), then `trylast` ones (the kernel's defaults, the ruleset's
        default tactics). A **collected** hook calls every implementation; `rulebench_setup` calls the ruleset's
        first, then each modifier's. A hook that raises, or answers with the wrong type, is reported naming the
        plugin, its package and version, the hook, the round and the combatants (exit code 3);
        `rulebench --trace ...` (or `RULEBENCH_TRACE=1`) prints every hook call with its plugin, arguments and
        result.

        ## Order of calls

        """
    )
    return f"{intro}```\n{_order()}\n```\n\n| hook | kind | called by |\n|---|---|---|\n{rows}\n\n{sections}\n"


def main(argv: list[str] | None = None) -> int:
    """Print the reference, or with ``--check FILE`` say whether FILE is up to date (exit 0 or 1)."""
    args = sys.argv[1:] if argv is None else argv
    text = reference()
    if args[:1] == ["--check"] and len(args) == 2:
        with open(args[1], encoding="utf-8") as handle:
            current = handle.read()
        if current != text:
            sys.stderr.write(f"{args[1]} is out of date: python -m rulebench.cli.hook_reference > {args[1]}\n")
            return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
