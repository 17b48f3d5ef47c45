"""The histogram's content: what a designer reads off it, not only that a file exists."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from footwork.simulate import study
from footwork.simulate.plots import draw
from footwork.simulate.study import StudyResult

from .common import pier

plt = pytest.importorskip("matplotlib.pyplot")


def _bars(axis: Any) -> dict[str, list[float]]:
    """Each legend entry's bar heights, in the order of the groups."""
    return {str(c.get_label()): [p.get_height() for p in c.patches] for c in axis.containers}


def _ticks(axis: Any) -> list[str]:
    return [t.get_text() for t in axis.get_xticklabels()]


@pytest.fixture
def figure() -> Iterator[Any]:
    made: list[Any] = []
    yield made
    for f in made:
        plt.close(f)


def test_rounds_to_reach_are_grouped_bars_with_a_never_group_summing_to_the_runs(
        figure: list[Any]) -> None:
    # ada heads two spans off with one round: some runs she gets there, some never
    result = study(pier(), runs=30, rounds=1, steps=0, policy=["random", "ada=toward:quay"])
    missing = int(result.runs[result.runs.actor == "ada"]["rounds_to_reach"].isna().sum())
    assert 0 < missing < 30
    figure.append(draw(result, "histogram"))
    (axis,) = [a for a in figure[0].axes if a.get_visible()]
    bars = _bars(axis)
    # only the actor heading somewhere is drawn; brin, who has no place, is not
    assert list(bars) == [next(iter(bars))] and next(iter(bars)).startswith("ada: reached ")
    (label, heights), = bars.items()
    assert _ticks(axis) == ["1", "never"]
    assert sum(heights) == 30 and heights[-1] == missing
    reached = result.figure("ada", "reached")
    mean = result.figure("ada", "rounds_to_reach")
    assert label == (f"ada: reached {reached.value:.0%} [{reached.low:.0%}–{reached.high:.0%}], "
                     f"mean {mean.value:.2f} [{mean.low:.2f}–{mean.high:.2f}] rounds")
    assert "did not reach" in axis.get_xlabel()


def _result(rows: list[dict[str, Any]], variants: tuple[str, ...] = ("",)) -> StudyResult:
    import pandas

    runs = pandas.DataFrame(rows)
    return StudyResult(runs=runs, summary=pandas.DataFrame(), requested=len(rows),
                       completed=len(rows), interrupted=False, executor="in-process",
                       seed=0, variants=variants, vary=None, confidence=0.95, space={})


def _row(actor: str, run: int, **values: Any) -> dict[str, Any]:
    base = {"variant": "", "run": run, "actor": actor, "target": "", "rounds_to_reach": None,
            "damage": 0.0, "fall_height": 0.0, "checks": 0, "moves": 0}
    return {**base, **values}


def test_an_actor_that_never_reached_keeps_its_bars_and_says_so(figure: list[Any]) -> None:
    rows = [_row("oda", i, target="bank", rounds_to_reach=1 + i % 2) for i in range(10)]
    rows += [_row("pell", i, target="bank") for i in range(10)]
    figure.append(draw(_result(rows), "histogram"))
    axis = figure[0].axes[0]
    bars = _bars(axis)
    assert _ticks(axis) == ["1", "2", "never"]
    assert bars == {"oda: reached 100% [72%–100%], mean 1.50 [1.17–1.83] rounds":
                    [5, 5, 0],
                    "pell: reached 0% [0%–28%], never in 10 runs": [0, 0, 10]}


def test_continuous_measures_are_side_by_side_histograms(figure: list[Any]) -> None:
    rows = [_row("ada", i, damage=0.5 * i) for i in range(40)]
    rows += [_row("brin", i, damage=3.0 + 0.25 * i) for i in range(40)]
    figure.append(draw(_result(rows), "histogram"))
    axis = figure[0].axes[0]
    bars = _bars(axis)
    assert [label.split(":")[0] for label in bars] == ["ada", "brin"]
    assert all(sum(h) == 40 for h in bars.values())
    # side by side: in each bin, the actors' bars do not overlap
    ada, brin = ([(p.get_x(), p.get_x() + p.get_width()) for p in c.patches]
                 for c in axis.containers)
    assert all(a_end <= b_start + 1e-9 for (_, a_end), (b_start, _) in zip(ada, brin,
                                                                          strict=True))
    assert "never" not in _ticks(axis)
    assert bars and not any(math.isnan(h) for hs in bars.values() for h in hs)
