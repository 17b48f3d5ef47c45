"""How far a place is from another, in each ruleset's own measure (for ``toward:PLACE``).

The simulate layer sits outside the rulesets, as the CLI does: it reads each ruleset's
map through the same functions its rules use (A002-16's metres, the zone steps of
R004-10..12, the span count of R003-10, cultivation's zone steps), so that a mover going
"toward" a place gets nearer by the measure the rules themselves count. A ruleset this
module does not know falls back to steps over the links of its ``space_json``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from footwork.engine.state import State
from footwork.errors import FootworkError

#: a distance between two places of a map: None when one cannot reach the other
Distance = Callable[[str, str], float | None]


class UnknownPlace(FootworkError):
    """A policy names a place the map does not have."""


def measure(ruleset: Any, state: State[Any]) -> Distance:
    """The distance function of ``state``'s map, in its ruleset's own measure."""
    space = state.space
    kind = state.ruleset
    if kind in ("styles", "allowances"):
        return _grid(kind, space)
    if kind == "sitemaps":
        return _steps(lambda a: space.geometry.zone_distances(a, 10_000))
    if kind == "cultivation":
        return lambda a, b: _num(space.distance(a, b))
    if kind == "spans":
        return _spans(space)
    return _links(ruleset.space_json(space))


def check_place(ruleset: Any, state: State[Any], place: str, *, where: str) -> str:
    """``place`` if the map has it, else a one-line :class:`UnknownPlace`."""
    if state.ruleset in ("styles", "allowances"):
        grid = state.space.grid
        cell = _cell(place)
        if cell is None or not (0 <= cell[0] < grid.rows and 0 <= cell[1] < grid.cols):
            raise UnknownPlace(f"{where}: unknown place {place!r}; expected a cell 'row,col' "
                               f"within {grid.rows}x{grid.cols}")
        return f"{cell[0]},{cell[1]}"
    known = ruleset.place_ids(state.space)
    if place not in known:
        shown = ", ".join(sorted(known)[:12]) + (", ..." if len(known) > 12 else "")
        raise UnknownPlace(f"{where}: unknown place {place!r}; expected one of: {shown}")
    return place


def _num(value: int | None) -> float | None:
    return None if value is None else float(value)


def _cell(text: str) -> tuple[int, int] | None:
    parts = text.split(",")
    try:
        return (int(parts[0]), int(parts[1])) if len(parts) in (2, 3) else None
    except ValueError:
        return None


def _grid(kind: str, space: Any) -> Distance:
    terrain = space.terrain
    if kind == "allowances":  # A002-16: metres across the grid, on the ground
        def metres(a: str, b: str) -> float | None:
            x, y = _cell(a), _cell(b)
            return None if x is None or y is None else float(
                terrain.distance((*x, 0.0), (*y, 0.0)))
        return metres
    from footwork.space.grid import grid_distance

    def cells(a: str, b: str) -> float | None:  # A001-17: the map's diagonal rule, in u
        x, y = _cell(a), _cell(b)
        return None if x is None or y is None else (
            grid_distance(terrain.diagonal, x, y) * float(space.grid.cell_size))
    return cells


def _steps(within: Callable[[str], Mapping[str, int]]) -> Distance:
    found: dict[str, Mapping[str, int]] = {}

    def steps(a: str, b: str) -> float | None:
        if a not in found:
            found[a] = within(a)
        return _num(found[a].get(b))
    return steps


def _spans(space: Any) -> Distance:
    """R003-10: distance counts spans only; a feature is half a step from its own span,
    so that a mover still heads for the feature once on its span."""
    graph = space.graph
    spans = _steps(lambda a: _bfs(a, graph.neighbours))

    def distance(a: str, b: str) -> float | None:
        if a == b:
            return 0.0
        between = spans(space.span_of(a), space.span_of(b))
        return None if between is None else between + 0.5
    return distance


def _links(body: Mapping[str, Any]) -> Distance:
    ways: dict[str, list[str]] = {}
    for link in body.get("links", []):
        if link.get("reach", True):
            ways.setdefault(str(link["a"]), []).append(str(link["b"]))
            if not link.get("one_way"):
                ways.setdefault(str(link["b"]), []).append(str(link["a"]))
    return _steps(lambda a: _bfs(a, lambda p: ways.get(p, ())))


def _bfs(start: str, neighbours: Callable[[str], Any]) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def nearest(distance: Distance, a: str | None, b: str) -> float:
    """``distance(a, b)``, infinite when unknown or unreachable."""
    if a is None:
        return math.inf
    found = distance(a, b)
    return math.inf if found is None else found
