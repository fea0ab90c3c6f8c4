"""One colour per ruleset, on every plot: the CLI's, the report's and a notebook's.

A plot's series are a ruleset under a variant (tactics, most often): the ruleset gives the hue,
the same on every plot, and its variants are shades of that hue (lighter and darker in turn), with
their own line style and bar hatch, so a series is told apart in greyscale too. No two series of
one plot share a colour. This module needs no matplotlib: colours are ``#rrggbb`` strings.

>>> from rulebench.api.palette import series_styles
>>> [s.colour for s in series_styles([("dsa", None), ("classic", None)])]
['#2a9d55', '#2f6db5']
"""

from __future__ import annotations

import colorsys
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

RULESET_COLOURS = {
    "ambermarch": "#e08a00",
    "classic": "#2f6db5",
    "dsa": "#2a9d55",
    "endurance": "#c0392b",
    "talisman": "#8256b0",
}
"""The built-in rulesets' hues: far apart on the colour wheel, and mid-tones, so that each has
lighter and darker shades that stay its own."""

OTHER_COLOURS = ("#17a2b8", "#8c564b", "#d45db0", "#7f8c1e", "#34495e", "#b8860b")
"""The hues given to other rulesets (a third party's), in the order a plot meets them."""

LineStyle = Literal["-", "--", ":", "-."] | tuple[int, tuple[int, ...]]
"""A matplotlib line style: a named one, or an offset and a dash pattern in points."""

LINE_STYLES: tuple[LineStyle, ...] = (
    "-", "--", ":", "-.", (0, (5, 1, 1, 1, 1, 1)), (0, (8, 2)), (0, (1, 3)))
"""A variant's line style, by its place among its ruleset's variants (the first is solid)."""

VARIANT_HATCHES = ("", "..", "xx", "oo", "++", "**", "OO")
"""A variant's bar hatch, by its place among its ruleset's variants (the first is plain)."""

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
"""A ruleset's marker shape, by its place on the plot: lines on top of each other stay apart."""

LIGHTEST = 0.62
"""The most white a lighter shade mixes in; darker shades mix in at most :data:`DARKEST` black."""
DARKEST = 0.5


@dataclass(frozen=True)
class SeriesStyle:
    """How one series is drawn: its colour, line style, bar hatch and marker."""

    colour: str
    linestyle: LineStyle
    hatch: str
    marker: str


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in rgb)


def _mix(colour: str, towards: float, amount: float) -> str:
    """``colour`` moved ``amount`` of the way to white (``towards`` 1) or black (0)."""
    return _hex([c + (towards - c) * amount for c in _rgb(colour)])


def shades(colour: str, count: int) -> list[str]:
    """``count`` shades of ``colour``: the colour itself first, then lighter and darker in turn,
    spread evenly so that neighbours differ as much as they can."""
    lighter = count // 2
    darker = (count - 1) // 2
    found = [colour]
    for k in range(1, count):
        step = (k + 1) // 2
        if k % 2:  # odd places lighter, even ones darker
            found.append(_mix(colour, 1.0, LIGHTEST * step / lighter))
        else:
            found.append(_mix(colour, 0.0, DARKEST * step / (darker + 0.5)))
    return found


def _generated(k: int) -> str:
    """A hue for the k-th ruleset beyond the named ones: the golden angle keeps each far from the last."""
    return _hex(colorsys.hls_to_rgb((0.11 + k * 0.618034) % 1, 0.42, 0.6))


def ruleset_colours(rulesets: Sequence[str]) -> dict[str, str]:
    """Each ruleset's hue: a built-in one's own, others from :data:`OTHER_COLOURS` in the order given."""
    found: dict[str, str] = {}
    others = 0
    for name in dict.fromkeys(rulesets):
        if name in RULESET_COLOURS:
            found[name] = RULESET_COLOURS[name]
            continue
        found[name] = OTHER_COLOURS[others] if others < len(OTHER_COLOURS) else _generated(others - len(OTHER_COLOURS))
        others += 1
    return found


def ruleset_colour(ruleset: str) -> str:
    """One ruleset's hue, as on every plot (a ruleset rulebench does not ship: the first other hue)."""
    return ruleset_colours([ruleset])[ruleset]


def series_styles(series: Sequence[tuple[str, Hashable]]) -> list[SeriesStyle]:
    """The style of each series, given as ``(ruleset, variant)`` (the variant: a tactics name, None, ...).

    A ruleset's variants take its shades in the order they first appear, with the line styles and
    hatches in the same order; each ruleset its marker in the order the rulesets appear.
    """
    hues = ruleset_colours([ruleset for ruleset, _ in series])
    variants: dict[str, list[Hashable]] = {}
    for ruleset, variant in series:
        known = variants.setdefault(ruleset, [])
        if variant not in known:
            known.append(variant)
    shaded = {ruleset: shades(hues[ruleset], len(known)) for ruleset, known in variants.items()}
    order = list(hues)
    styles = []
    for ruleset, variant in series:
        k = variants[ruleset].index(variant)
        styles.append(SeriesStyle(shaded[ruleset][k], LINE_STYLES[k % len(LINE_STYLES)],
                                  VARIANT_HATCHES[k % len(VARIANT_HATCHES)], MARKERS[order.index(ruleset) % len(MARKERS)]))
    return styles
