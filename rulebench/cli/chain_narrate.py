"""Narration of one day (``rulebench chain --narrate``): each stage's fight as ``rulebench fight``
tells it, then who died, whether the day ended, and what the rest healed."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule
from rich.text import Text

from rulebench.api.chain_day import DayRecord, DayStage
from rulebench.cli.chain_render import rest_name
from rulebench.cli.narrate import name_list, narrate
from rulebench.cli.render import styled
from rulebench.core.i18n import _, ngettext


def between_text(event: dict[str, Any]) -> str:
    """An event told between two stages: the ruleset's sentence, or where its narration has none
    (a third party's ruleset) a neutral one naming the carried state as the ruleset keeps it."""
    text = str(event.get("text") or "")
    if text and text != event["kind"]:
        return text
    if event["kind"] == "finished":
        return _("The party is finished: too few are left to go on.")
    state = {key: json.dumps(event.get(key), ensure_ascii=False, sort_keys=True) for key in ("before", "after")}
    return _("{who}: {before} → {after}").format(who=event.get("who"), **state)


def _after_stage(stage: DayStage, rest: str, console: Console) -> bool:
    """What happened once a stage's fight was over: the dead, the day's end, the rest; whether
    there was anything to tell."""
    lines = []
    if stage.end.dead:
        # TRANSLATORS: after a stage of a day: "Hunter and Acolyte are dead and leave the line."
        lines.append(ngettext("{names} is dead and leaves the line.", "{names} are dead and leave the line.",
                              len(stage.end.dead)).format(names=name_list(list(stage.end.dead))))
    if stage.end.end == "wiped_out":
        lines.append(_("Nobody of the party is left on his feet: it is wiped out, and the day ends here."))
    rests = [e for e in stage.between if e["kind"] == "rest"]
    for event in stage.between:
        if event["kind"] == "finished":
            lines.append(between_text(event) + " " + _("The day ends here."))
    if stage.rested is not None:
        if rest == "none":
            lines.append(_("No rest: the party goes straight on."))
        else:
            # TRANSLATORS: {rest} is "short rest" or "long rest".
            lines.append(_("A {rest}:").format(rest=rest_name(rest)) if rests else
                         _("A {rest}; nobody is hurt.").format(rest=rest_name(rest)))
    for line in lines:
        console.print(Padding(Text(line), (0, 0, 0, 2), expand=False), highlight=False)
    for event in rests:
        console.print(Padding(Text(between_text(event)), (0, 0, 0, 4), expand=False), highlight=False)
    return bool(lines)


def narrate_day(record: DayRecord, console: Console, brief: bool = False) -> None:
    """Print the whole day: every stage's fight, what happened after it, and how the day ended."""
    chain = record.chain
    count = len(chain.stages)
    console.print(_("{chain} under {ruleset} (seed {seed}): a day of {count} stages").format(
        chain=styled("bold", chain.name), ruleset=styled("bold", record.ruleset), seed=record.seed, count=count), highlight=False)
    for index, stage in enumerate(record.stages):
        title = _("Stage {number} of {count}: {name}").format(number=index + 1, count=count, name=chain.stages[index].name)
        console.print(Rule(escape(title), align="left", style="bold"))
        narrate(stage.record, console, brief)
        console.print()
        if _after_stage(stage, chain.stages[index].rest, console):
            console.print()
    if record.survived:
        console.print(styled("bold", _("The party gets through the day.")), highlight=False)
    else:
        reached = len(record.stages)
        console.print(styled("bold", _("The day ends for the party at stage {number} of {count}.").format(
            number=reached, count=count)), highlight=False)
