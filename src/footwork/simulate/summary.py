"""A study's figures with their confidence intervals.

Proportions (reached a place, taken out, ended at a place, a check's outcome) use the
Wilson score interval; means (rounds to reach, damage, falls, fall height, checks) use
the normal approximation, mean ± z·s/√n. Both at the study's ``confidence`` (0.95 by
default). A check's outcomes pool every check the actor rolled over all runs: the
interval treats them as independent, which they are for dice, not for the choices a
policy made after them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev


@dataclass(frozen=True, slots=True)
class Figure:
    """One measure of one actor in one variant: ``value`` in [``low``, ``high``]."""

    variant: str
    actor: str
    measure: str
    kind: str  # "proportion" | "mean"
    value: float
    low: float
    high: float
    n: int


def z_of(confidence: float) -> float:
    """The two-sided normal quantile of ``confidence`` (1.96 for 0.95)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float, float]:
    """The proportion and its Wilson score interval (NaN when ``n`` is 0)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    z = z_of(confidence)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return p, round(max(0.0, centre - half), 12), round(min(1.0, centre + half), 12)


def normal_mean(values: Sequence[float], confidence: float = 0.95
                ) -> tuple[float, float, float]:
    """The mean and mean ± z·s/√n (the mean alone, twice, when n is 1; NaN when 0)."""
    if not values:
        return math.nan, math.nan, math.nan
    mean = fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = z_of(confidence) * stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


#: the per-run numbers averaged over the runs
MEANS = ("damage", "falls", "fall_height", "checks", "moves", "partnerships_broken")


def figures(rows: Iterable[dict[str, object]], confidence: float = 0.95) -> list[Figure]:
    """Every figure of every (variant, actor), in the order they first appear."""
    groups: dict[tuple[str, str], list[dict[str, object]]] = {}
    for row in rows:
        groups.setdefault((str(row["variant"]), str(row["actor"])), []).append(row)
    out: list[Figure] = []
    for (variant, actor), runs in groups.items():
        n = len(runs)

        def share(measure: str, hits: int, total: int, *,
                  variant: str = variant, actor: str = actor) -> None:
            out.append(Figure(variant, actor, measure, "proportion",
                              *wilson(hits, total, confidence), total))

        def mean(measure: str, values: list[float], *,
                 variant: str = variant, actor: str = actor) -> None:
            # every mean here is of counts or sizes: an interval never goes below 0
            value, low, high = normal_mean(values, confidence)
            out.append(Figure(variant, actor, measure, "mean", value, max(0.0, low), high,
                              len(values)))

        if any(r["target"] for r in runs):
            share("reached", sum(1 for r in runs if r["reached"]), n)
            mean("rounds_to_reach", [float(str(r["rounds_to_reach"])) for r in runs
                                     if r["rounds_to_reach"] is not None])
        for name in MEANS:
            mean(name, [float(str(r[name])) for r in runs])
        share("out", sum(1 for r in runs if r["out"]), n)
        ends: dict[str, int] = {}
        for r in runs:
            ends[str(r["end"])] = ends.get(str(r["end"]), 0) + 1
        for place, count in sorted(ends.items(), key=lambda kv: (-kv[1], kv[0])):
            share(f"end={place}", count, n)
        outcomes: dict[str, int] = {}
        for r in runs:
            for key, value in r.items():
                if key.startswith("check:") and isinstance(value, int | float):
                    outcomes[key] = outcomes.get(key, 0) + int(value)
        rolled = sum(int(str(r["checks"])) for r in runs)
        for key in sorted(outcomes):
            share(key, outcomes[key], rolled)
    return out
