"""How plots look on a slide: one figure width, fonts that stay readable when it is projected.

Every plot is drawn :data:`SLIDE_WIDTH` inches wide, so that at the default :data:`DEFAULT_DPI` a PNG
is :data:`SLIDE_PIXELS` pixels wide, a projector's width, and no text on it is smaller than
:data:`MIN_FONT` points there (``--dpi`` makes the file sharper, not the text smaller). The style
is applied around each plot only (``matplotlib.rc_context``): a notebook's own settings are left
as they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

SLIDE_WIDTH = 12.8
"""Every figure's width in inches."""
DEFAULT_DPI = 100
"""Dots per inch of a PNG unless ``--dpi`` says otherwise: 1280 pixels across."""
SLIDE_PIXELS = round(SLIDE_WIDTH * DEFAULT_DPI)
"""A projector's width in pixels, at which :data:`MIN_FONT` is promised."""
MIN_FONT = 12.0
"""The smallest text on a plot, in points, at :data:`SLIDE_PIXELS` pixels across."""
DPI_RANGE = (50, 600)
"""The ``--dpi`` values accepted: below, text is a blur; above, a slide's file is hundreds of megabytes."""

FONTS: dict[RcKeyType, float] = {
    "font.size": 14,
    "axes.titlesize": 16,
    "axes.labelsize": 14,
    "xtick.labelsize": 13,
    "ytick.labelsize": 13,
    "legend.fontsize": 13,
    "legend.title_fontsize": 13,
    "figure.titlesize": 17,
}
"""Text sizes in points; none below :data:`MIN_FONT`."""
SMALL = MIN_FONT
"""The size of notes and value labels: the smallest allowed (matplotlib's "small" would be below it)."""
STYLE: dict[RcKeyType, Any] = {
    **FONTS,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlelocation": "left",
    "hatch.linewidth": 1.0,
    "lines.linewidth": 2.2,
    "lines.markersize": 8,
    "savefig.dpi": DEFAULT_DPI,
}
"""The rcParams every plot is drawn with."""


def check_dpi(dpi: int) -> int:
    """``dpi`` when it is in :data:`DPI_RANGE`.

    Raises:
        BadInput: it is not.
    """
    low, high = DPI_RANGE
    if not low <= dpi <= high:
        raise BadInput(_("--dpi {dpi}: expected dots per inch from {low} to {high}; {default} makes a slide {pixels} pixels wide")
                       .format(dpi=dpi, low=low, high=high, default=DEFAULT_DPI, pixels=SLIDE_PIXELS))
    return dpi


def figure(height: float) -> Any:
    """A new figure of the slide width and ``height`` inches, laid out by matplotlib's constrained layout.

    A :class:`matplotlib.figure.Figure` of its own, not pyplot's: nothing global changes, no
    window opens, and a notebook's backend stays as it was.
    """
    from matplotlib.figure import Figure

    return Figure(figsize=(SLIDE_WIDTH, height), layout="constrained")


@contextmanager
def slide_style() -> Iterator[None]:
    """Draw what is inside in the slide style, and put matplotlib's settings back after."""
    import matplotlib

    with matplotlib.rc_context():
        matplotlib.rcParams.update(STYLE)
        yield
