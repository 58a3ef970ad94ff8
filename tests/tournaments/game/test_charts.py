"""The score-per-night chart's geometry, checked by hand (no database)."""

from __future__ import annotations

import pytest

from tournaments.game.charts import HEIGHT, MARGIN_TOP, WIDTH, ChartPoint, nice_step, score_chart


@pytest.mark.parametrize(
    ("span", "step"), [(0, 1), (3, 1), (7, 2), (45, 10), (50, 10), (100, 20), (240, 50), (999, 200)]
)
def test_the_score_lines_fall_on_round_steps(span, step):
    assert nice_step(span) == step


def test_bars_grow_up_and_down_from_the_zero_line():
    chart = score_chart([ChartPoint("1 Mar", 10), ChartPoint("5 Apr", -5), ChartPoint("3 May", 40)])
    # Scores run from -10 to 40 in steps of 10 over the plot's 158 units
    # (12 to 170): 3.16 units a point, zero at 170 - 10 * 3.16.
    assert (chart.width, chart.height) == (WIDTH, HEIGHT)
    assert (chart.top, chart.bottom) == (MARGIN_TOP, 170)
    assert chart.zero_y == pytest.approx(138.4)
    assert [t.value for t in chart.ticks] == [-10, 0, 10, 20, 30, 40]
    assert [t.y for t in chart.ticks] == pytest.approx([170, 138.4, 106.8, 75.2, 43.6, 12])
    first, second, third = chart.bars
    assert (first.y, first.height, first.negative) == pytest.approx((106.8, 31.6, False))
    assert (second.y, second.height, second.negative) == pytest.approx((138.4, 15.8, True))
    assert (third.y, third.height) == pytest.approx((12, 126.4))
    # Three slots of 308 / 3 units between x = 44 and 352, each bar at most
    # 48 units wide, centred in its slot.
    slot = 308 / 3
    assert [b.width for b in chart.bars] == [48, 48, 48]
    assert [b.x for b in chart.bars] == pytest.approx(
        [44 + i * slot + (slot - 48) / 2 for i in range(3)], abs=0.01
    )
    assert [(round(label.x, 1), label.text) for label in chart.labels] == [
        (95.3, "1 Mar"),
        (198.0, "5 Apr"),
        (300.7, "3 May"),
    ]


def test_every_bar_stays_inside_the_plot():
    chart = score_chart([ChartPoint(str(i), v) for i, v in enumerate([-73, 120, 0, 55, 9])])
    for bar in chart.bars:
        assert chart.top <= bar.y <= bar.y + bar.height <= chart.bottom
        assert chart.left <= bar.x < bar.x + bar.width <= chart.right
    assert chart.ticks[0].value <= -73 and chart.ticks[-1].value >= 120
    assert 0 in [t.value for t in chart.ticks]


def test_a_long_season_labels_some_nights_and_always_the_latest():
    chart = score_chart([ChartPoint(f"n{i}", i) for i in range(13)])
    assert [label.text for label in chart.labels] == ["n0", "n3", "n6", "n9", "n12"]
    assert len(chart.bars) == 13
    # Narrow slots: each bar is 70 % of its 308 / 13 units.
    assert chart.bars[0].width == pytest.approx(308 / 13 * 0.7, abs=0.01)


def test_no_nights_is_an_empty_chart_with_a_zero_line():
    chart = score_chart([])
    assert chart.empty and chart.labels == ()
    assert [t.value for t in chart.ticks] == [0, 1]
    assert chart.zero_y == chart.bottom


def test_a_night_of_nothing_draws_no_height():
    (bar,) = score_chart([ChartPoint("x", 0)]).bars
    assert bar.height == 0 and not bar.negative
