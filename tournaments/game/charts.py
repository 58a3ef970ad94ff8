"""Small charts drawn on the server: plain geometry, no Django.

``score_chart`` turns a member's score per night into the coordinates of a
bar chart in an SVG ``viewBox``; a template draws it (``templates/clubs/_member_history.html``).
The box is small and scales to its container, so it reads on a 390 px phone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The drawing's box, in SVG user units (the page scales it to its width).
WIDTH = 360
HEIGHT = 200
#: Room left for the axes' labels: left for the scores, bottom for the nights.
MARGIN_LEFT = 44
MARGIN_RIGHT = 8
MARGIN_TOP = 12
MARGIN_BOTTOM = 30
#: At most this many score lines across the chart, and night labels under it.
MAX_TICKS = 5
MAX_LABELS = 6
#: A bar takes this share of its slot (the rest is the gap beside it), and
#: no more than this width, so that two or three nights do not look like walls.
BAR_SHARE = 0.7
MAX_BAR_WIDTH = 48


@dataclass(frozen=True)
class ChartPoint:
    """One night: its label under the bar (a short date) and its score."""

    label: str
    value: int


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    value: int
    label: str
    #: Below the zero line (a night that lost points).
    negative: bool


@dataclass(frozen=True)
class Tick:
    """A score line across the chart: its height and the score it marks."""

    y: float
    value: int


@dataclass(frozen=True)
class Label:
    """A night's label under the chart, centred on its bar."""

    x: float
    text: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    #: The plotting area: left, top, right and bottom edges.
    left: float
    top: float
    right: float
    bottom: float
    #: Where a score of zero is (the bars grow up or down from it).
    zero_y: float
    bars: tuple[Bar, ...]
    ticks: tuple[Tick, ...]
    labels: tuple[Label, ...]

    @property
    def empty(self) -> bool:
        return not self.bars

    @property
    def tick_x(self) -> float:
        """Where the score labels end, left of the plot."""
        return self.left - 4

    @property
    def label_y(self) -> float:
        """The baseline of the nights' labels, under the plot."""
        return self.bottom + 13

    @property
    def middle_x(self) -> float:
        return round((self.left + self.right) / 2, 2)

    @property
    def middle_y(self) -> float:
        return round((self.top + self.bottom) / 2, 2)


def nice_step(span: int, most: int = MAX_TICKS) -> int:
    """The smallest step of 1, 2 or 5 times a power of ten that covers
    ``span`` in at most ``most`` steps (at least 1)."""
    if span <= 0:
        return 1
    rough = span / most
    power = 10 ** max(0, math.floor(math.log10(rough))) if rough >= 1 else 1
    for factor in (1, 2, 5):
        if span / (factor * power) <= most:
            return factor * power
    return 10 * power  # rough < 10 * power, so this covers the span


def score_chart(points: Sequence[ChartPoint]) -> Chart:
    """A bar per night, oldest on the left, growing from the zero line; the
    score axis runs over round steps and always shows zero."""
    left, top = MARGIN_LEFT, MARGIN_TOP
    right, bottom = WIDTH - MARGIN_RIGHT, HEIGHT - MARGIN_BOTTOM
    values = [p.value for p in points]
    low = min([0, *values])
    high = max([0, *values])
    step = nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step

    def y_of(value: float) -> float:
        return round(bottom - (value - low) * (bottom - top) / (high - low), 2)

    zero = y_of(0)
    slot = (right - left) / len(points) if points else 0
    width = round(min(slot * BAR_SHARE, MAX_BAR_WIDTH), 2)
    bars = []
    for i, point in enumerate(points):
        x = round(left + i * slot + (slot - width) / 2, 2)
        y = y_of(point.value)
        bars.append(
            Bar(
                x=x,
                y=min(y, zero),
                width=width,
                height=round(abs(zero - y), 2),
                value=point.value,
                label=point.label,
                negative=point.value < 0,
            )
        )
    ticks = tuple(Tick(y=y_of(v), value=v) for v in range(low, high + 1, step))
    every = max(1, math.ceil(len(points) / MAX_LABELS))
    shown = range(len(points) - 1, -1, -every)  # the latest night is always labelled
    labels = tuple(
        Label(x=round(left + (i + 0.5) * slot, 2), text=points[i].label) for i in sorted(shown)
    )
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        zero_y=zero,
        bars=tuple(bars),
        ticks=ticks,
        labels=labels,
    )
