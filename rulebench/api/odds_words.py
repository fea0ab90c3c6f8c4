"""The odds through a fight in plain words, for the terminal and the report alike (``fight --odds``)."""

from __future__ import annotations

from rulebench.api.labels import outcome_words
from rulebench.api.numbers import interval, percent
from rulebench.api.odds import FightOdds, OddsPoint, TurningPoint
from rulebench.core.i18n import _, format_integer, pgettext


def method_text(point: OddsPoint) -> str:
    """``exact``, or ``sampled, 95% 29.0–33.1%`` for the party's chance of a sampled point."""
    if point.method == "exact" or point.ci95 is None:
        return pgettext("odds method", "exact")
    # TRANSLATORS: how a chance from here was obtained: sampled, with the party's 95% interval.
    return _("sampled, 95% {interval}").format(interval=interval(point.ci95["party_wins"]))


def others_text(point: OddsPoint) -> str:
    """The other outcomes that can still happen from here: ``enemy wins 79.4%, party fled 2.0%``."""
    return ", ".join(f"{outcome_words(o)} {percent(p)}" for o, p in point.outcomes.items() if o != "party_wins" and p > 0)


def odds_text(odds: FightOdds, number: int, brief: bool = False) -> str:
    """The chance from here after round ``number`` (0: at the start):
    ``party wins from here: 62.0% → 31.0%; enemy wins 69.0%``; ``brief``: the party's chance alone
    after a round, to follow its line. The method is not said (:func:`method_text`)."""
    point = odds.at(number)
    after = percent(point.party_wins)
    if brief and number > 0:
        return _("party wins from here: {after}").format(after=after)
    if number == 0:
        # TRANSLATORS: the party's chance to win from the start of the fight on.
        text = _("party wins from here: {after}").format(after=after)
    else:
        # TRANSLATORS: the party's chance to win before and after a round: "party wins from here: 62% → 31%".
        text = _("party wins from here: {before} → {after}").format(before=percent(odds.at(number - 1).party_wins), after=after)
    others = others_text(point)
    return f"{text}; {others}" if others else text


def turning_text(turning: TurningPoint, title: str) -> str:
    """The turning point in words (``title``: its round's, ``Exchange 5``), with the rolls of its round."""
    text = _("Turning point: {title} moved the party's chance to win the most, {before} → {after}").format(
        title=title, before=percent(turning.before), after=percent(turning.after))
    if turning.rolls:
        # TRANSLATORS: after the turning point, the dice rolled in its round.
        text += "; " + _("its rolls: {rolls}").format(rolls=", ".join(turning.rolls))
    return text


def methods_text(odds: FightOdds) -> str:
    """How the chances from here were obtained, once for the whole fight."""
    if odds.methods == {"exact"}:
        return _("Chances from here: exact at every point, from the fight's own state (rulebench explain from-here).")
    fights = next(p.fights for p in odds.points if p.method == "sampled") or 0
    if odds.methods == {"sampled"}:
        return _("Chances from here: sampled at every point, {fights} fights from the fight's own state, with 95% "
                 "intervals (rulebench explain from-here).").format(fights=format_integer(fights))
    return _("Chances from here: exact where the fight's state fits, else sampled from it ({fights} fights, with 95% "
             "intervals; rulebench explain from-here).").format(fights=format_integer(fights))
