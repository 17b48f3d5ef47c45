"""A study's plots (matplotlib, Agg): a histogram and a heat map of where actors ended.

Each is written as PNG and SVG. The histogram shows, per variant, the per-run values of
the first measure that varies (rounds to reach the target, damage, fall height, checks,
moves): grouped bars per whole value when there are few (one colour per actor, and for
rounds to reach a ``never`` group, so that each actor's bars add up to the runs, the
legend giving the share that reached and the mean rounds of those runs), else
histograms with the actors' bars side by side; each actor's mean and interval in the
legend. The heat map colours each place by
the share of (run, actor) pairs that ended there, and names the share with its Wilson
interval: grid maps (styles, allowances) as cells, sitemaps' zones as their polygons,
zone and span graphs (cultivation, spans) as their drawn positions and links.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from footwork.simulate.spec import StudyError
from footwork.simulate.study import EXTRA, StudyResult
from footwork.simulate.summary import normal_mean, wilson

#: the measures a histogram may show, the first that varies wins
HISTOGRAM = ("rounds_to_reach", "damage", "fall_height", "checks", "moves")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise StudyError(f"--plot needs matplotlib, in the simulate extra: {EXTRA}") from None
    matplotlib.use("Agg")  # files only: never a window, works without a display
    import matplotlib.pyplot as plt

    return plt


def draw(result: StudyResult, name: str, *, title: str = "") -> Any:
    """One plot (``histogram`` or ``ends``) as a matplotlib Figure; the caller closes it
    (``matplotlib.pyplot.close(figure)``)."""
    plt = _pyplot()
    drawers = {"histogram": _histogram, "ends": _ends}
    if name not in drawers:
        raise StudyError(f"no plot {name!r}: there are histogram and ends")
    return drawers[name](plt, result, title)


def write_plots(result: StudyResult, folder: Path, *, title: str = "") -> list[Path]:
    """Write ``histogram`` and ``ends`` as PNG and SVG into ``folder``; their paths."""
    plt = _pyplot()
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, draw in (("histogram", _histogram), ("ends", _ends)):
        figure = draw(plt, result, title)
        for suffix in ("png", "svg"):
            path = folder / f"{name}.{suffix}"
            figure.savefig(path, dpi=110, bbox_inches="tight")
            written.append(path)
        plt.close(figure)
    return written


def svg_plots(result: StudyResult, *, title: str = "") -> dict[str, str]:
    """The same two plots as SVG text (``histogram``, ``ends``), for an API answer."""
    import io

    plt = _pyplot()
    found: dict[str, str] = {}
    for name, draw in (("histogram", _histogram), ("ends", _ends)):
        figure = draw(plt, result, title)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", bbox_inches="tight")
        plt.close(figure)
        found[name] = buffer.getvalue()
    return found


def _panels(plt: Any, count: int, width: float, height: float) -> tuple[Any, list[Any]]:
    cols = min(count, 3)
    rows = math.ceil(count / cols)
    figure, axes = plt.subplots(rows, cols, figsize=(width * cols, height * rows),
                                squeeze=False)
    flat = [a for row in axes for a in row]
    for extra in flat[count:]:
        extra.set_visible(False)
    return figure, flat[:count]


#: a measure with at most this many whole values in its range is drawn as grouped bars
FEW = 15
#: grouped bars carry their counts when there are at most this many
LABELLED = 24
#: the group of the runs in which an actor never reached its place
NEVER = "never"


def _targeted(runs: Any) -> Any:
    """The rows of actors that head for a place (a ``toward:`` policy)."""
    return runs[runs["target"].notna() & (runs["target"].astype(str) != "")]


def _measure(runs: Any) -> str:
    for name in HISTOGRAM:
        rows = _targeted(runs) if name == "rounds_to_reach" else runs
        values = rows[name].dropna()
        never = len(rows) - len(values)
        if len(values) and values.nunique() + (1 if never else 0) > 1:
            return name
    return "moves"


def _actors(runs: Any, measure: str) -> list[str]:
    """The actors the histogram shows: for rounds to reach, those heading somewhere."""
    rows = _targeted(runs) if measure == "rounds_to_reach" else runs
    return [str(a) for a in dict.fromkeys(rows["actor"])]


def _values(here: Any, actor: str, measure: str) -> tuple[list[float], int]:
    """One actor's per-run values of ``measure`` and how many runs had none (never
    reached)."""
    column = here[here.actor == actor][measure]
    values = [float(v) for v in column.dropna()]
    return values, len(column) - len(values)


def _legend(actor: str, values: Sequence[float], never: int, measure: str,
            confidence: float) -> str:
    mean, low, high = normal_mean(values, confidence)
    average = (f"mean {mean:.2f} [{max(0.0, low):.2f}–{high:.2f}]" if values
               else "no value")
    if measure != "rounds_to_reach":
        return f"{actor}: {average}"
    total = len(values) + never
    p, plow, phigh = wilson(len(values), total, confidence)
    if not values:
        return f"{actor}: reached 0% [{plow:.0%}–{phigh:.0%}], never in {total} runs"
    return f"{actor}: reached {p:.0%} [{plow:.0%}–{phigh:.0%}], {average}"


def _histogram(plt: Any, result: StudyResult, title: str) -> Any:
    """Per variant, each actor's per-run values of the measure: grouped bars (one
    colour per actor, one group per whole value, and a ``never`` group for the runs
    that did not reach, so each actor's bars add up to the runs) when the measure has
    few whole values, else side-by-side histogram bars over shared bins."""
    runs = result.runs
    measure = _measure(runs)
    variants = list(result.variants)
    actors = _actors(runs, measure)
    colours = {a: plt.get_cmap("tab10")(i % 10) for i, a in enumerate(actors)}
    figure, axes = _panels(plt, len(variants), 5.6, 3.8)
    values = [float(v) for v in runs[runs.actor.isin(actors)][measure].dropna()]
    low = min(values, default=0.0)
    top = max(values, default=0.0)
    whole = all(v.is_integer() for v in values)
    few = whole and top - low + 1 <= FEW
    groups = list(range(int(low), int(top) + 1)) if few and values else []
    never = measure == "rounds_to_reach" and bool(
        _targeted(runs)[measure].isna().any())
    edges = _edges(low, top, whole)
    unit = "rounds" if measure == "rounds_to_reach" else ""
    for axis, variant in zip(axes, variants, strict=True):
        here = runs[runs.variant == variant]
        shown = [a for a in actors if (here.actor == a).any()]
        width = 0.8 / max(1, len(shown))
        found = {a: _values(here, a, measure) for a in shown}
        labels = {a: _legend(a, mine, missing, measure, result.confidence)
                  + (f" {unit}" if unit and mine else "")
                  for a, (mine, missing) in found.items()}
        if few:
            for k, actor in enumerate(shown):
                mine, missing = found[actor]
                heights = [sum(1 for v in mine if v == g) for g in groups]
                if never:
                    heights.append(missing)
                xs = [i + (k - (len(shown) - 1) / 2) * width for i in range(len(heights))]
                bars = axis.bar(xs, heights, width=width, color=colours[actor],
                                label=labels[actor])
                if len(heights) * len(shown) <= LABELLED:  # the counts, where they fit
                    axis.bar_label(bars, [str(h) if h else "" for h in heights],
                                   fontsize=6, padding=1)
        else:  # shared bins, the actors' bars side by side in each: none hides another
            import numpy as np

            span = edges[1] - edges[0]
            for k, actor in enumerate(shown):
                counts, _ = np.histogram(found[actor][0], bins=edges)
                xs = [left + span * (0.1 + 0.8 * k / len(shown)) for left in edges[:-1]]
                axis.bar(xs, [int(c) for c in counts], width=0.8 * span / len(shown),
                         align="edge", color=colours[actor], label=labels[actor])
        if few:
            ticks = [str(g) for g in groups] + ([NEVER] if never else [])
            axis.set_xticks(range(len(ticks)), ticks)
            if never:
                axis.axvline(len(groups) - 0.5, color="#999999", linewidth=0.8,
                             linestyle=":")
        axis.set_title(variant or "all runs", fontsize=10)
        axis.set_xlabel(measure.replace("_", " ") + (f" ({NEVER}: did not reach)"
                                                     if never else ""))
        axis.set_ylabel("runs")
        axis.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.17),
                    frameon=False, title=_legend_title(measure, result.confidence),
                    title_fontsize=7)
    figure.suptitle(f"{title} {measure.replace('_', ' ')} per run, {_runs(result)}".strip(),
                    fontsize=11)
    return figure


def _legend_title(measure: str, confidence: float) -> str:
    if measure == "rounds_to_reach":
        return (f"share of runs that reached, and mean rounds over those runs "
                f"[{confidence:.0%} CI]")
    return f"mean per run [{confidence:.0%} CI]"


def _edges(low: float, top: float, whole: bool) -> list[float]:
    """Shared bins for a continuous measure: whole steps when its values are whole."""
    if top <= low:
        return [low - 0.5, low + 0.5]
    if whole:
        step = math.ceil((top - low + 1) / 12)
        return [low - 0.5 + step * i for i in range(math.ceil((top - low + 1) / step) + 1)]
    return [low + (top - low) * i / 12 for i in range(13)]


def _runs(result: StudyResult) -> str:
    each = result.completed // max(1, len(result.variants))
    return f"{each} runs" + (" per value" if result.vary else "")


def _shares(result: StudyResult, variant: str) -> tuple[dict[str, int], int]:
    here = result.runs[result.runs.variant == variant]
    counts: dict[str, int] = {}
    for place in here["end"]:
        counts[str(place)] = counts.get(str(place), 0) + 1
    return counts, len(here)


def _label(count: int, total: int, confidence: float) -> str:
    p, low, high = wilson(count, total, confidence)
    return f"{p:.0%}\n[{low:.0%}–{high:.0%}]"


def _ends(plt: Any, result: StudyResult, title: str) -> Any:
    space = result.space
    variants = list(result.variants)
    graph = "grid" not in space and not any(
        (p.get("props") or {}).get("polygon") for p in space.get("places", []))
    figure, axes = _panels(plt, len(variants), 8.0 if graph else 5.6, 4.6)
    colour = plt.get_cmap("viridis")
    for axis, variant in zip(axes, variants, strict=True):
        counts, total = _shares(result, variant)
        if "grid" in space:
            image = _grid(axis, space["grid"], counts, total, colour)
        elif any((p.get("props") or {}).get("polygon") for p in space.get("places", [])):
            image = _zones(axis, space["places"], counts, total, result.confidence, colour)
        else:
            image = _graph(axis, space, counts, total, result.confidence, colour)
        figure.colorbar(image, ax=axis, shrink=0.8, label="share of actors ending there")
        axis.set_title(variant or "all runs", fontsize=10)
    figure.suptitle(f"{title} where actors ended (every actor of every run), "
                    f"{_runs(result)}, {result.confidence:.0%} Wilson intervals".strip(),
                    fontsize=11)
    return figure


def _grid(axis: Any, grid: Mapping[str, Any], counts: Mapping[str, int], total: int,
          colour: Any) -> Any:
    import numpy as np

    rows, cols = int(grid["rows"]), int(grid["cols"])
    heat = np.zeros((rows, cols))
    for place, count in counts.items():
        parts = place.split(",")
        r, c = int(parts[0]), int(parts[1])
        if 0 <= r < rows and 0 <= c < cols:
            heat[r, c] += count / max(total, 1)
    image = axis.imshow(heat, cmap=colour, vmin=0, vmax=max(float(heat.max()), 1e-9))
    walls = [(r, c) for r, line in enumerate(grid.get("surface", []))
             for c, ch in enumerate(line) if ch == "#"]
    for r, c in walls:
        axis.add_patch(_square(axis, r, c))
    for (r, c), value in np.ndenumerate(heat):
        if value >= 0.05:
            axis.text(c, r, f"{value:.0%}", ha="center", va="center", fontsize=6,
                      color="white" if value < heat.max() * 0.6 else "black")
    axis.set_xlabel("column")
    axis.set_ylabel("row")
    return image


def _square(axis: Any, r: int, c: int) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((c - 0.5, r - 0.5), 1, 1, color="#444444")


def _zones(axis: Any, places: Sequence[Mapping[str, Any]], counts: Mapping[str, int],
           total: int, confidence: float, colour: Any) -> Any:
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    from matplotlib.patches import Polygon

    top = max([c / max(total, 1) for c in counts.values()] + [1e-9])
    scale = Normalize(0, top)
    for place in places:
        ring = (place.get("props") or {}).get("polygon")
        if not ring:
            continue
        share = counts.get(str(place["id"]), 0) / max(total, 1)
        axis.add_patch(Polygon(ring, closed=True, facecolor=colour(scale(share)),
                               edgecolor="black", linewidth=0.8))
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        text = str(place["id"])
        if counts.get(str(place["id"])):
            text += "\n" + _label(counts[str(place["id"])], total, confidence)
        axis.text(sum(xs) / len(xs), sum(ys) / len(ys), text, ha="center", va="center",
                  fontsize=6, color="white" if share < top * 0.6 else "black")
    axis.autoscale_view()
    axis.set_aspect("equal")
    axis.invert_yaxis()
    axis.set_xlabel("m")
    return ScalarMappable(norm=scale, cmap=colour)


def _graph(axis: Any, space: Mapping[str, Any], counts: Mapping[str, int], total: int,
           confidence: float, colour: Any) -> Any:
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize

    places = space.get("places", [])
    spots = _positions(places, space.get("positions") or {})
    for link in space.get("links", []):
        a, b = spots.get(str(link["a"])), spots.get(str(link["b"]))
        if a is not None and b is not None:
            axis.plot([a[0], b[0]], [a[1], b[1]], color="#999999", linewidth=1, zorder=1)
    top = max([c / max(total, 1) for c in counts.values()] + [1e-9])
    scale = Normalize(0, top)
    for place in places:
        pid = str(place["id"])
        x, y = spots[pid]
        share = counts.get(pid, 0) / max(total, 1)
        feature = place.get("parent") is not None
        axis.scatter([x], [y], s=260 if feature else 900, color=colour(scale(share)),
                     edgecolors="black", zorder=2)
        shown = _label(counts[pid], total, confidence) if counts.get(pid) else ""
        text = pid + ("\n" + (shown if feature else shown.replace("\n", " ")) if shown else "")
        axis.annotate(text, (x, y), xytext=(0, -13 if feature else -19),
                      textcoords="offset points", ha="center", va="top", fontsize=6.5,
                      zorder=3, bbox={"boxstyle": "round,pad=0.15", "fc": "white",
                                      "ec": "none", "alpha": 0.85})
    axis.margins(0.25)
    axis.invert_yaxis()
    axis.set_xticks([])
    axis.set_yticks([])
    return ScalarMappable(norm=scale, cmap=colour)


def _positions(places: Sequence[Mapping[str, Any]], given: Mapping[str, Any]
               ) -> dict[str, tuple[float, float]]:
    """Each place's drawn position: the map's own, a feature beside its span, else on
    a row of its own."""
    # the map's grid of positions, spread so that a span's features fit beside it
    spots: dict[str, tuple[float, float]] = {
        str(k): (3.0 * float(v[0]), 3.0 * float(v[1])) for k, v in given.items()}
    kids: dict[str, list[str]] = {}
    loose = 0
    for place in places:
        pid, parent = str(place["id"]), place.get("parent")
        if pid in spots:
            continue
        if parent is not None and str(parent) in spots:
            kids.setdefault(str(parent), []).append(pid)
        else:
            spots[pid] = (3.0 * loose, -3.0)
            loose += 1
    for parent, named in kids.items():  # a span's features in a row above it
        px, py = spots[parent]
        for i, pid in enumerate(named):
            spots[pid] = (px + (i - (len(named) - 1) / 2) * 1.5, py - 1.3)
    return spots
