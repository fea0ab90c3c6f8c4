"""What a forked comparison is conditional on, in words (``compare --from-round``)."""

from __future__ import annotations

from rich.markup import escape

from rulebench.api.forked import Forked, ForkState
from rulebench.api.labels import end_state_name, outcome_name
from rulebench.api.numbers import count_text
from rulebench.core.i18n import _


def _dice(fork: Forked) -> str:
    """How the forked fight was rolled: ``seed 7``, ``scripted dice``, ``scripted dice, then seed 7``."""
    if fork.script is not None and fork.seed is not None:
        return _("scripted dice, then seed {seed}").format(seed=fork.seed)
    return _("seed {seed}").format(seed=fork.seed) if fork.seed is not None else _("scripted dice")


def _state(fork: Forked, state: ForkState) -> str:
    """One ruleset's fight at the fork: ``dsa after 5 exchanges: Hero hurt (injured), Ogre unhurt``."""
    length = count_text(fork.round, state.unit, after=True)
    if state.over is not None:
        return _("{ruleset}: the fight was over after {length} ({outcome}); nothing is left to happen").format(
            ruleset=state.ruleset, length=length, outcome=outcome_name(state.over))
    fates = ", ".join(
        f"{name} {end_state_name(fate.state.value)}" + (f" ({fate.condition})" if fate.condition and fate.condition != fate.state.value else "")
        for name, fate in state.fates)
    return _("{ruleset} after {length}: {fates}").format(ruleset=state.ruleset, length=length, fates=fates)


def fork_lines(fork: Forked) -> list[str]:
    """The lines above a forked comparison's tables, as rich markup: what every number below is conditional on."""
    head = _("Conditional on the fight ({dice}) as it stood then: the tables below give what can happen from there on, "
             "not from the start (rulebench explain from-here).").format(dice=_dice(fork))
    return [f"[bold]{escape(head)}[/]", *(f"  {escape(_state(fork, state))}" for state in fork.states)]
