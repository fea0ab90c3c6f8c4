"""Whether an encounter fits the installed rulesets: what ``validate`` checks beyond the file itself.

An encounter is neutral, so its skills, its overrides and its scripted tactics are checked against
what the rulesets declare in their :class:`~rulebench.core.values.RulesetInfo`: the skills they
read, their derived stats, the decisions they ask and the answers each takes. Every problem is a
``(field path, what is wrong and what was expected)`` pair like the encounter's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebench.core.encounter import Encounter
from rulebench.core.encounter_checks import field_path, show
from rulebench.core.i18n import _
from rulebench.core.suggestions import did_you_mean
from rulebench.core.values import DecisionInfo, PluginInfo, RulesetInfo

__all__ = ["Fit", "encounter_fit"]

Problem = tuple[str, str]


@dataclass
class Fit:
    """The problems and warnings of one encounter against the installed rulesets.

    Attributes:
        problems: what a fight would refuse or silently misread: unknown skills, decisions no
            ruleset asks, scripted answers a ruleset does not take, overrides of unknown stats or
            of a ruleset that is not installed but close to one that is.
        warnings: what cannot be checked here: overrides of a ruleset that is not installed.
    """

    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def encounter_fit(
    encounter: Encounter,
    rulesets: Mapping[str, RulesetInfo],
    chosen: Sequence[str] = (),
    plugins: Sequence[PluginInfo] = (),
) -> Fit:
    """Check ``encounter`` against the installed ``rulesets`` (by name) and ``plugins``.

    Scripted answers are checked under ``chosen`` (the rulesets named with ``-r``), or under every
    installed ruleset when none is chosen; skills and decision names against everything installed,
    since a file may be meant for any of them.
    """
    fit = Fit()
    _skills(encounter, rulesets, plugins, fit)
    _overrides(encounter, rulesets, fit)
    _tactics(encounter, rulesets, [rulesets[name] for name in chosen or rulesets if name in rulesets], fit)
    return fit


def _listing(names: Sequence[str]) -> str:
    return ", ".join(names) or "none"


def _skills(encounter: Encounter, rulesets: Mapping[str, RulesetInfo], plugins: Sequence[PluginInfo], fit: Fit) -> None:
    """A skill is looked up by name, so one nobody reads ("robst") would silently do nothing."""
    known = sorted({*(s for info in rulesets.values() for s in info.skills), *(s for info in plugins for s in info.skills)})
    for side, members in (("party",), encounter.party), (("enemy", "members"), encounter.enemy.members):
        for i, member in enumerate(members):
            for j, skill in enumerate(member.skills):
                if skill not in known:
                    what = _("no installed ruleset or plugin reads the skill {skill!r}{hint}; the skills they read: {known}").format(
                        skill=skill, hint=did_you_mean(skill, known), known=_listing(known))
                    fit.problems.append((field_path((*side, i, "skills", j)), what))


def _overrides(encounter: Encounter, rulesets: Mapping[str, RulesetInfo], fit: Fit) -> None:
    """Overrides name a ruleset and, per combatant, its derived stats or settings (docs/rules/<ruleset>.md)."""
    for ruleset, table in encounter.overrides.items():
        info = rulesets.get(ruleset)
        if info is None:
            hint = did_you_mean(ruleset, rulesets)
            where = field_path(("overrides", ruleset))
            if hint:  # a near miss is a typo; a name like no other is a ruleset installed elsewhere
                fit.problems.append((where, _("no installed ruleset {ruleset!r}{hint}; installed: {known}").format(
                    ruleset=ruleset, hint=hint, known=_listing(sorted(rulesets)))))
            else:
                fit.warnings.append(_("{where}: ruleset {ruleset!r} is not installed, so its overrides were not checked").format(
                    where=where, ruleset=ruleset))
            continue
        for name, stats in table.items():
            for stat in stats:
                if stat not in info.overridable:
                    unknown = _("{ruleset} has no derived stat or setting {stat!r}{hint}; expected one of: {known}") if info.settings \
                        else _("{ruleset} has no derived stat {stat!r}{hint}; expected one of: {known}")
                    what = unknown.format(ruleset=ruleset, stat=stat, hint=did_you_mean(stat, info.overridable),
                                          known=_listing(info.overridable))
                    fit.problems.append((field_path(("overrides", ruleset, name, stat)), what))


def _tactics(encounter: Encounter, rulesets: Mapping[str, RulesetInfo], chosen: Sequence[RulesetInfo], fit: Fit) -> None:
    """Every scripted decision: asked by some installed ruleset, and answered as each chosen one takes it."""
    asked = sorted({kind for info in rulesets.values() for kind in (*info.decisions, *(d.kind for d in info.asks))})
    for i, table in enumerate(encounter.tactics.round):
        for kind, value in table.items():
            where = ("tactics", "round", i, kind)
            if kind not in asked:
                what = _("no installed ruleset asks a {kind!r} decision{hint}; the decisions they ask: {known}").format(
                    kind=kind, hint=did_you_mean(kind, asked), known=_listing(asked))
                fit.problems.append((field_path(where), what))
                continue
            # The same mistake under several rulesets is one problem that names them all.
            found: dict[Problem, list[str]] = {}
            for info in chosen:
                for decision in info.asks:
                    if decision.kind == kind:
                        for loc, what in _answers(decision, value, encounter):
                            found.setdefault((field_path((*where, *loc)), what), []).append(info.name)
            fit.problems += [(path, _("{problem} (under {rulesets})").format(problem=what, rulesets=", ".join(names)))
                             for (path, what), names in found.items()]


def _answers(decision: DecisionInfo, value: Any, encounter: Encounter) -> list[tuple[tuple[str | int, ...], str]]:
    """What is wrong with one scripted ``value`` for ``decision``, each with its place below the key."""
    if decision.per_member:
        if isinstance(value, Mapping):
            return [((name,), what) for name, answer in value.items() for what in _answer(decision, answer, encounter, name)]
        if isinstance(value, (list, tuple)):
            if _options(decision, encounter) in ((True, False), (False, True)):
                return []  # the names answering yes; names are checked with the encounter
            return [((), _("a list of names answers only a yes/no decision; expected {expected} "
                           "for everyone, or a table {{Name = answer}}").format(expected=_expected(decision, encounter)))]
        return [((), what) for what in _answer(decision, value, encounter, None)]
    if isinstance(value, Mapping):
        return [((), _("{kind!r} is decided for the whole side; expected one answer, not a table of names").format(kind=decision.kind))]
    if decision.answer == "party_order":
        party = [member.name for member in encounter.party]
        if not isinstance(value, (list, tuple)) or sorted(value) != sorted(party):
            return [((), _("expected every party member's name once, front first ({names}), got {value}").format(
                names=", ".join(party), value=show(value)))]
        return []
    if isinstance(value, (list, tuple)):
        return [((), _("expected {expected}, got {value}").format(expected=_expected(decision, encounter), value=_("a list")))]
    return [((), what) for what in _answer(decision, value, encounter, None)]


def _options(decision: DecisionInfo, encounter: Encounter) -> tuple[Any, ...]:
    return dict(decision.options_by_mode).get(encounter.mode, decision.options) if decision.options_by_mode else decision.options


def _expected(decision: DecisionInfo, encounter: Encounter) -> str:
    options = _options(decision, encounter)
    if options:
        listed = ", ".join(map(show, options))
        if decision.options_by_mode:
            return _("one of {options} (mode = {mode!r})").format(options=listed, mode=encounter.mode)
        return _("one of {options}").format(options=listed)
    if decision.answer == "whole_number":
        return _("a whole number from 0 to {maximum}").format(maximum=decision.maximum)
    if decision.answer == "opponent":
        return _("the name of a combatant on the other side")
    return _("an answer")


def _answer(decision: DecisionInfo, answer: Any, encounter: Encounter, who: str | None) -> list[str]:
    """What is wrong with one answer (for the combatant ``who``, or for everyone when None)."""
    options = _options(decision, encounter)
    if options:
        # Compared with the type: TOML's 1 is not true, nor "true" a yes.
        if any(type(answer) is type(option) and answer == option for option in options):
            return []
        texts = [option for option in options if isinstance(option, str)]
        hint = did_you_mean(answer, texts) if isinstance(answer, str) else ""
        return [_("expected {expected}, got {value}").format(expected=_expected(decision, encounter), value=show(answer)) + hint]
    if decision.answer == "whole_number":
        if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer <= decision.maximum:
            return [_("expected {expected}, got {value}").format(expected=_expected(decision, encounter), value=show(answer))]
        return []
    if decision.answer == "opponent":
        party = [member.name for member in encounter.party]
        enemies = [member.name for member in encounter.enemies()]
        if who is None:
            targets = party + enemies
        else:
            targets = enemies if who in party else party
        if not isinstance(answer, str) or answer not in targets:
            hint = did_you_mean(answer, targets) if isinstance(answer, str) else ""
            names, got = ", ".join(targets), show(answer)
            if who is None:
                return [_("expected the name of one of the combatants ({names}), got {value}").format(names=names, value=got) + hint]
            return [_("expected the name of one of {who}'s opponents ({names}), got {value}").format(who=who, names=names, value=got)
                    + hint]
    return []
