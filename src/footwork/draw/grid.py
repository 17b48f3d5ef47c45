"""Draw a grid map (``space_json`` with a ``"grid"`` key): one square per cell.

Ruleset-neutral like :mod:`footwork.draw.zones`: it reads the ruleset's
``space_json``, the state JSON and the actor's options, already fetched by
:func:`footwork.draw.render.render_svg`. The output is deterministic.

The contract read here:

- ``space_json["grid"]`` is :meth:`footwork.space.grid.GridMap.to_json` as it is
  (``rows``, ``cols``, ``cell_size``, ``unit``, ``surface``, ``elevation`` and the
  optional ``water_depth``, ``ceiling_height``, ``current``, ``current_speed``,
  ``climbable``, ``tags``); the other keys (``places``, ``links``, ``positions``)
  are not read;
- each actor of ``state["actors"]`` has ``row``, ``col``, ``z`` (its height, in
  the map's unit) and ``side``, optionally ``style`` (``walk``, ``swim``,
  ``climb``...), ``prone`` and ``removed``; an actor without a cell on the map is
  listed under the map instead;
- an option reaches the cells ``option.cells`` (``[[row, col], ...]``) when it has
  them, else the one cell of ``option.command["to"]`` (``[row, col]`` or
  ``[row, col, z]``); ``option.cost`` (text) groups the highlighted cells and
  ``option.checks`` gives the odds. An option that reaches no cell is listed.

Every cell is one ``<rect class="cell SURFACE">`` with ``data-row`` and
``data-col`` at :data:`PX_PER_CELL` pixels a side; the SVG root carries
``data-px-per-cell`` and ``data-origin`` (the pixel corner of cell (0, 0)).
Maps wider or taller than :data:`TEXT_LIMIT` cells are drawn without per-cell
text (heights, odds, tooltips).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from xml.sax.saxutils import escape

from footwork.draw.common import (
    ACTOR_RING,
    HIGHLIGHT,
    _attr,
    _num,
    _text,
    _width,
    fall_odds,
    heading,
    percent,
    picture_at,
    side_colours,
    success_odds,
    svg_page,
    wrap_list,
)
from footwork.draw.marks import Target, actor_attrs

#: the side of a cell, in pixels
PX_PER_CELL = 28
#: maps with more rows or columns than this get no per-cell text
TEXT_LIMIT = 64
#: the ruler numbers every this many cells, with a faint line across the map
RULER_STEP = 5
#: labels of one height are repeated no closer than this many cells
LABEL_SPACING = 6

MARGIN = 20
RULER = 26  # room for the ruler's numbers
TITLE_H = 60

SURFACE_BY_CHAR = {".": "floor", "#": "wall", "~": "water", "_": "void"}
FLOOR_LOW, FLOOR_HIGH, FLOOR_FLAT = "#d6c9a8", "#fffdf6", "#f4f0e4"
WALL_BASE, WALL_LINE = "#3f3f3f", "#5f5f5f"
WATER_SHALLOW, WATER_DEEP, WATER_FLAT = "#c2dbf0", "#1c5a99", "#7fb2dc"
VOID_FILL = "#101010"
UNKNOWN_FILL = "#bbbbbb"
CEILING = "#9b3fc8"
CURRENT_DARK, CURRENT_LIGHT = "#08306b", "#ffffff"
ODDS = "#8a4b00"
TAG_COLOURS: dict[str, str] = {
    "obscuring": "#6a51a3",
    "mine": "#d62728",
    "difficult": "#a6611a",
}
EXTRA_TAG_COLOURS = ("#17becf", "#e377c2", "#2ca02c", "#bcbd22", "#ff7f0e", "#7f7f7f")
#: how the reachable cells of the 1st, 2nd, 3rd... cost are drawn: fill opacity, dashes
#: reachable cells are shaded on one scale from the cheapest cost to the dearest
REACH_CHEAP, REACH_DEAR, REACH_FLAT = "#ffe9a8", "#c2410c", "#f6b04a"
REACH_OPACITY = "0.85"
#: a reachable cell's chip leaves this many pixels of its terrain showing round it
REACH_INSET = 4
FALL = "#b2182b"

DEFS = (
    "<defs>"
    '<pattern id="grid-wall" patternUnits="userSpaceOnUse" width="7" height="7" '
    'patternTransform="rotate(45)">'
    f'<rect width="7" height="7" fill="{WALL_BASE}"/>'
    f'<line x1="0" y1="0" x2="0" y2="7" stroke="{WALL_LINE}" stroke-width="3"/>'
    "</pattern>"
    '<linearGradient id="grid-floor-ramp">'
    f'<stop offset="0" stop-color="{FLOOR_LOW}"/><stop offset="1" stop-color="{FLOOR_HIGH}"/>'
    "</linearGradient>"
    '<linearGradient id="grid-reach-ramp">'
    f'<stop offset="0" stop-color="{REACH_CHEAP}"/><stop offset="1" stop-color="{REACH_DEAR}"/>'
    "</linearGradient>"
    '<linearGradient id="grid-water-ramp">'
    f'<stop offset="0" stop-color="{WATER_SHALLOW}"/>'
    f'<stop offset="1" stop-color="{WATER_DEEP}"/>'
    "</linearGradient>"
    "</defs>"
)

Cell = tuple[int, int]
_DIRECTIONS: dict[str, Cell] = {
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
}


# -- reading the contract ---------------------------------------------------------


def _float(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    v = float(value)
    return v if math.isfinite(v) else None


def _fmt(value: float) -> str:
    """A height or depth, short: ``2``, ``1.5``, ``-0.25``."""
    return f"{round(value, 2):g}"


def _short(value: float) -> str:
    """A cost on a cell: one decimal at most (``1.4``, ``12``)."""
    return f"{round(value, 1):g}"


def _unit_of(cost: str) -> str:
    """The unit right after a cost text's number: ``"1.414u (walk)"`` is ``u``, ``"2 m"`` is
    `` m``."""
    match = re.match(r"\s*[-+]?\d+(?:\.\d+)?(\s?[A-Za-z]+)?", cost)
    return (match.group(1) or "") if match else ""


def _cell(value: Any) -> Cell | None:
    """``[row, col]`` (or ``[row, col, z]``) as ints, or None."""
    if (isinstance(value, Sequence) and not isinstance(value, str) and len(value) >= 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value[:2])):
        return int(value[0]), int(value[1])
    return None


@dataclass
class _Grid:
    rows: int
    cols: int
    cell_size: float
    unit: str
    surface: list[list[str]]
    elevation: list[list[float | None]]
    depth: list[list[float]]
    ceiling: list[list[float | None]]
    current: list[list[str | None]]
    speed: list[list[float]]
    climbable: list[list[bool]] | None
    tags: dict[str, set[Cell]] = field(default_factory=dict)
    #: the edges between cells: (a, b, kind, the cell a one-way edge is crossed from)
    edges: list[tuple[Cell, Cell, str, Cell | None]] = field(default_factory=list)

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols


def _layer(data: Mapping[str, Any], key: str, rows: int, cols: int, default: Any,
           read: Any) -> list[list[Any]]:
    raw = data.get(key)
    out = [[default] * cols for _ in range(rows)]
    if not isinstance(raw, Sequence):
        return out
    for r, line in enumerate(raw[:rows]):
        if isinstance(line, Sequence) and not isinstance(line, str):
            for c, v in enumerate(line[:cols]):
                got = read(v)
                out[r][c] = default if got is None else got
    return out


def _read_edges(data: Mapping[str, Any], rows: int, cols: int
                ) -> list[tuple[Cell, Cell, str, Cell | None]]:
    out: list[tuple[Cell, Cell, str, Cell | None]] = []
    for e in data.get("edges") or []:
        if not isinstance(e, Mapping) or not isinstance(e.get("between"), Sequence):
            continue
        cells = [_cell(v) for v in e["between"]]
        if len(cells) != 2 or cells[0] is None or cells[1] is None:
            continue
        a, b = sorted((cells[0], cells[1]))
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 or not (
                0 <= a[0] < rows and 0 <= b[0] < rows and 0 <= a[1] < cols
                and 0 <= b[1] < cols):
            continue
        kind = str(e.get("kind") or "wall")
        out.append((a, b, kind if kind in EDGE_KINDS else "wall", _cell(e.get("from"))))
    return out


def _read_grid(data: Mapping[str, Any]) -> _Grid:
    surface_rows = [str(s) for s in data.get("surface") or []]
    rows = int(data.get("rows", len(surface_rows)))
    cols = int(data.get("cols", max((len(s) for s in surface_rows), default=0)))
    surface = [[SURFACE_BY_CHAR.get(ch, "unknown") for ch in (line + " " * cols)[:cols]]
               for line in (surface_rows + [""] * rows)[:rows]]
    tags: dict[str, set[Cell]] = {}
    for name, cells in sorted((data.get("tags") or {}).items()):
        tags[str(name)] = {c for c in (_cell(v) for v in cells or []) if c is not None}
    climbable = None
    if data.get("climbable") is not None:
        climbable = _layer(data, "climbable", rows, cols, True,
                           lambda v: v if isinstance(v, bool) else None)
    return _Grid(
        rows=rows, cols=cols,
        cell_size=_float(data.get("cell_size")) or 1.0,
        unit=str(data.get("unit") or "u"),
        surface=surface,
        elevation=_layer(data, "elevation", rows, cols, None, _float),
        depth=_layer(data, "water_depth", rows, cols, 0.0, _float),
        ceiling=_layer(data, "ceiling_height", rows, cols, None, _float),
        current=_layer(data, "current", rows, cols, None,
                       lambda v: v if isinstance(v, str) and v in _DIRECTIONS else None),
        speed=_layer(data, "current_speed", rows, cols, 0.0, _float),
        climbable=climbable,
        tags=tags,
        edges=_read_edges(data, rows, cols),
    )


# -- helpers ------------------------------------------------------------------------


def _mix(a: str, b: str, t: float) -> str:
    """The colour a fraction ``t`` of the way from ``a`` to ``b`` (``#rrggbb``)."""
    t = min(1.0, max(0.0, t))
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def _halo(x: float, y: float, content: str, *, size: int = 10, anchor: str = "middle",
          weight: str = "normal", fill: str = "#222", cls: str = "",
          halo: str = "#ffffff") -> list[str]:
    """Text over an outline of itself, readable over hatching, water and other cells.

    Two elements, since not every SVG renderer honours ``paint-order``; the
    outline carries the class ``halo`` and no other.
    """
    klass = f" class={_attr(cls)}" if cls else ""
    common = (f"x={_attr(_num(x))} y={_attr(_num(y))} font-size={_attr(size)} "
              f"text-anchor={_attr(anchor)} font-weight={_attr(weight)}")
    return [
        f'<text class="halo" {common} fill={_attr(halo)} stroke={_attr(halo)} '
        f'stroke-width="3" stroke-linejoin="round" aria-hidden="true">{escape(content)}</text>',
        f"<text{klass} {common} fill={_attr(fill)}>{escape(content)}</text>",
    ]


def _components(key: list[list[Any]]) -> list[list[Cell]]:
    """Groups of 4-connected cells with the same key (None keys are left out), in the
    order of their first cell, row by row."""
    rows, cols = len(key), len(key[0]) if key else 0
    seen = [[False] * cols for _ in range(rows)]
    out: list[list[Cell]] = []
    for r in range(rows):
        for c in range(cols):
            if seen[r][c] or key[r][c] is None:
                continue
            k = key[r][c]
            seen[r][c] = True
            stack, group = [(r, c)], []
            while stack:
                cr, cc = stack.pop()
                group.append((cr, cc))
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and not seen[nr][nc] \
                            and key[nr][nc] == k:
                        seen[nr][nc] = True
                        stack.append((nr, nc))
            out.append(sorted(group))
    return out


def _label_cells(group: Sequence[Cell], avoid: set[Cell] | None = None) -> list[Cell]:
    """Where to write a group's label: from the cell nearest its middle outwards, no
    two closer than :data:`LABEL_SPACING` cells; cells in ``avoid`` only if need be."""
    mr = sum(r for r, _ in group) / len(group)
    mc = sum(c for _, c in group) / len(group)
    avoid = avoid or set()
    order = sorted(group, key=lambda rc: (rc in avoid, (rc[0] - mr) ** 2 + (rc[1] - mc) ** 2,
                                          rc))
    picked: list[Cell] = []
    for r, c in order:
        if all(max(abs(r - pr), abs(c - pc)) >= LABEL_SPACING for pr, pc in picked):
            picked.append((r, c))
    return picked


def _arrow(cx: float, cy: float, direction: Cell, length: float) -> str:
    """A path: a shaft through ``(cx, cy)`` along ``direction`` and a filled head."""
    dr, dc = direction
    norm = math.hypot(dr, dc)
    ux, uy = dc / norm, dr / norm
    half = length / 2
    x0, y0 = cx - ux * half, cy - uy * half
    x1, y1 = cx + ux * half, cy + uy * half
    head = length * 0.42
    bx, by = x1 - ux * head, y1 - uy * head
    px, py = -uy * head * 0.55, ux * head * 0.55
    return (f"M{_num(x0)},{_num(y0)} L{_num(bx)},{_num(by)} "
            f"M{_num(x1)},{_num(y1)} L{_num(bx + px)},{_num(by + py)} "
            f"L{_num(bx - px)},{_num(by - py)} Z")


def _wrap_rows(items: Sequence[tuple[str, str]], width: float) -> list[list[tuple[str, str]]]:
    rows: list[list[tuple[str, str]]] = [[]]
    x = 0.0
    for swatch, label in items:
        step = (48 if swatch else 16) + _width(label, 11)
        if rows[-1] and x + step > width:
            rows.append([])
            x = 0.0
        rows[-1].append((swatch, label))
        x += step
    return [r for r in rows if r]


@dataclass
class _Reach:
    """What the options say about one reachable cell."""

    best: Fraction
    rolls: bool
    falls: Fraction  # the chance the best option ends in a fall
    target: Target
    lines: list[str] = field(default_factory=list)


# -- the renderer -------------------------------------------------------------------


#: how each kind of edge is drawn: its colour, and its words in the legend
EDGE_COLOURS = {"wall": "#1b1b1b", "window": "#3f8fd0", "door": "#8a5a2b",
                "secret_door": "#b0307a", "one_way": "#6a3fb0"}
EDGE_LABELS = {"wall": "wall between cells", "window": "window (no step across)",
               "door": "door (open: steps cross)",
               "secret_door": "secret door (a wall until opened; players see a wall)",
               "one_way": "one-way wall (crossed the way the arrow points)"}
EDGE_WIDTH = 5
#: the kinds of edge, in the legend's order (footwork.space.gridedges.EDGE_KINDS)
EDGE_KINDS = tuple(EDGE_COLOURS)


def _edge_svg(kind: str, x1: float, y1: float, x2: float, y2: float, a: Cell, b: Cell,
              frm: Cell | None) -> str:
    """One edge: a thick line (a wall, a window, a one-way wall), or a door's two jambs
    with a thin sill between them."""
    colour = EDGE_COLOURS[kind]
    where = f'data-edge="{a[0]},{a[1]}|{b[0]},{b[1]}" data-kind="{kind}"'

    def line(xa: float, ya: float, xb: float, yb: float, width: float, extra: str = "") -> str:
        return (f'<line x1={_attr(_num(xa))} y1={_attr(_num(ya))} x2={_attr(_num(xb))} '
                f'y2={_attr(_num(yb))} stroke={_attr(colour)} stroke-width="{width}"{extra}/>')

    if kind == "door":
        dx, dy = (x2 - x1) * 0.15, (y2 - y1) * 0.15
        return (f'<g class="edge door" {where}>' + line(x1, y1, x1 + dx, y1 + dy, EDGE_WIDTH)
                + line(x2 - dx, y2 - dy, x2, y2, EDGE_WIDTH)
                + line(x1 + dx, y1 + dy, x2 - dx, y2 - dy, 1.5, ' stroke-dasharray="3 3"')
                + "</g>")
    if kind == "window":
        return (f'<g class="edge window" {where}>' + line(x1, y1, x2, y2, EDGE_WIDTH)
                + f'<line x1={_attr(_num(x1))} y1={_attr(_num(y1))} x2={_attr(_num(x2))} '
                f'y2={_attr(_num(y2))} stroke="#ffffff" stroke-width="1.5"/></g>')
    if kind == "secret_door":
        return (f'<g class="edge secret" {where}>'
                + f'<line x1={_attr(_num(x1))} y1={_attr(_num(y1))} x2={_attr(_num(x2))} '
                f'y2={_attr(_num(y2))} stroke="{EDGE_COLOURS["wall"]}" '
                f'stroke-width="{EDGE_WIDTH}"/>'
                + line(x1, y1, x2, y2, 3, ' stroke-dasharray="4 3"') + "</g>")
    out = f'<g class="edge {kind.replace("_", "-")}" {where}>' + line(x1, y1, x2, y2, EDGE_WIDTH)
    if kind == "one_way" and frm in (a, b):
        # a small arrow head across the middle, pointing away from the side it passes from
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        sign = 1 if frm == a else -1
        if a[0] == b[0]:  # a vertical line: the arrow points east or west
            d = (f"M{_num(mx + sign * 7)},{_num(my)} L{_num(mx - sign * 3)},{_num(my - 6)} "
                 f"L{_num(mx - sign * 3)},{_num(my + 6)} Z")
        else:
            d = (f"M{_num(mx)},{_num(my + sign * 7)} L{_num(mx - 6)},{_num(my - sign * 3)} "
                 f"L{_num(mx + 6)},{_num(my - sign * 3)} Z")
        out += f'<path d={_attr(d)} fill={_attr(colour)} stroke="#ffffff" stroke-width="1"/>'
    return out + "</g>"


def _edge_swatch(kind: str) -> str:
    """An edge's swatch for the legend ({x}, {x2}, {ym}: the row's template fields)."""
    colour = EDGE_COLOURS[kind]
    if kind == "door":
        return (f'<g stroke={_attr(colour)}><path d="M{{x}},{{ym}} h5 M{{x2}},{{ym}} h-5" '
                f'stroke-width="{EDGE_WIDTH}"/><line x1="{{x}}" y1="{{ym}}" x2="{{x2}}" '
                'y2="{ym}" stroke-width="1.5" stroke-dasharray="3 3"/></g>')
    dash = ' stroke-dasharray="4 3"' if kind == "secret_door" else ""
    return (f'<line x1="{{x}}" y1="{{ym}}" x2="{{x2}}" y2="{{ym}}" stroke={_attr(colour)} '
            f'stroke-width="{EDGE_WIDTH}"{dash}/>')


def render_grid(space: Mapping[str, Any], state: Mapping[str, Any], actor: str | None,
                found: Sequence[Any], *, picture: str | None = None) -> str:
    """The SVG of a grid map: ``space["grid"]`` is ``GridMap.to_json()``. With a
    ``space["picture"]`` and ``picture`` (the URL of its file), the picture is drawn
    under the cells, which then let it show through."""
    g = _read_grid(space.get("grid") or {})
    P = PX_PER_CELL
    detail = max(g.rows, g.cols) <= TEXT_LIMIT
    ox, oy = float(MARGIN + RULER), float(TITLE_H + RULER)
    map_w, map_h = g.cols * P, g.rows * P
    far_rulers = max(g.rows, g.cols) > 20

    def x_of(col: float) -> float:
        return ox + col * P

    def y_of(row: float) -> float:
        return oy + row * P

    actors: Mapping[str, Mapping[str, Any]] = state.get("actors") or {}
    side_colour = side_colours(actors)

    # shading: floors by elevation, water by depth
    floor_heights = sorted({e for r in range(g.rows) for c in range(g.cols)
                            if g.surface[r][c] == "floor"
                            and (e := g.elevation[r][c]) is not None})
    lo, hi = (floor_heights[0], floor_heights[-1]) if floor_heights else (0.0, 0.0)
    depths = sorted({g.depth[r][c] for r in range(g.rows) for c in range(g.cols)
                     if g.surface[r][c] == "water"})
    dlo, dhi = (depths[0], depths[-1]) if depths else (0.0, 0.0)
    counts: dict[float, int] = {}
    for r in range(g.rows):
        for c in range(g.cols):
            e = g.elevation[r][c]
            if g.surface[r][c] == "floor" and e is not None:
                counts[e] = counts.get(e, 0) + 1
    base = min(counts, key=lambda e: (-counts[e], e)) if counts else None

    def water_t(depth: float) -> float:
        return 0.5 if dhi <= dlo else (depth - dlo) / (dhi - dlo)

    def fill_of(r: int, c: int) -> str:
        kind, e = g.surface[r][c], g.elevation[r][c]
        if kind == "floor":
            if hi <= lo or e is None:
                return FLOOR_FLAT
            return _mix(FLOOR_LOW, FLOOR_HIGH, (e - lo) / (hi - lo))
        if kind == "wall":
            return "url(#grid-wall)"
        if kind == "water":
            return WATER_FLAT if dhi <= dlo else _mix(WATER_SHALLOW, WATER_DEEP,
                                                      water_t(g.depth[r][c]))
        if kind == "void":
            return VOID_FILL
        return UNKNOWN_FILL

    tag_names = list(g.tags)
    extra = [t for t in tag_names if t not in TAG_COLOURS]
    tag_colour = {t: TAG_COLOURS.get(t) or EXTRA_TAG_COLOURS[extra.index(t)
                                                             % len(EXTRA_TAG_COLOURS)]
                  for t in tag_names}
    tags_at: dict[Cell, list[str]] = {}
    for t in tag_names:
        for rc in sorted(g.tags[t]):
            if g.inside(*rc):
                tags_at.setdefault(rc, []).append(t)

    # options: the cells each reaches, each cell with its cheapest cost and best odds
    reach: dict[Cell, _Reach] = {}
    loose: list[str] = []
    for index, option in enumerate(found):
        command = getattr(option, "command", None) or {}
        label = str(getattr(option, "label", command.get("do", "")))
        raw_cells = getattr(option, "cells", None)
        to = command.get("to") if isinstance(command, Mapping) else None
        cells = ([c for c in (_cell(v) for v in raw_cells) if c is not None]
                 if raw_cells is not None else ([end] if (end := _cell(to)) is not None else []))
        cells = [rc for rc in cells if g.inside(*rc)]
        if not cells:
            loose.append(label)
            continue
        cost = str(getattr(option, "cost", "") or "")
        rolls = bool(getattr(option, "checks", ()))
        chance = success_odds(option) if rolls else Fraction(1)
        falls = fall_odds(option)
        z = _float(to[2]) if (isinstance(to, Sequence) and not isinstance(to, str)
                              and len(to) >= 3) else None
        line = label + (f" (z {_fmt(z)})" if z is not None and raw_cells is None else "")
        line += f": {percent(chance)}" + (f", {cost}" if cost else "")
        for rc in cells:
            got = reach.get(rc)
            if got is None:
                # the page finds a cell by the option's own `to` ("r,c"), as in its JSON
                place = str(option.to) if getattr(option, "to", None) is not None \
                    else f"{rc[0]},{rc[1]}"
                reach[rc] = got = _Reach(chance, rolls, falls, Target(place))
            elif chance > got.best or (chance == got.best and falls < got.falls):
                got.best, got.rolls, got.falls = chance, rolls, falls
            got.target.add(index, cost)
            got.lines.append(line)

    # actors: which cell each stands in
    placed: dict[Cell, list[tuple[str, Mapping[str, Any]]]] = {}
    off_map: list[tuple[str, Mapping[str, Any]]] = []
    for aid, info in actors.items():
        name = str(info.get("id", aid))
        at = _cell([info.get("row"), info.get("col")])
        if at is None or not g.inside(*at):
            off_map.append((name, info))
        else:
            placed.setdefault(at, []).append((name, info))

    out: list[str] = []
    add = out.append

    # title
    dims = (f"{g.rows} × {g.cols} cells, {_fmt(g.cell_size)} {g.unit} a cell"
            + ("" if detail else " · too large for per-cell labels"))
    title, sub = heading(state, actor, "highlighted cells", first=dims)
    add(_text(MARGIN, 24, title, size=16, anchor="start", weight="bold", cls="title"))
    add(_text(MARGIN, 42, sub, size=11, anchor="start", fill="#555", cls="subtitle"))

    # cells: a small map one rect per cell, with its tooltip; a large one merged into runs
    # of identical cells, one path per fill, so its size follows how varied it is
    ref = space.get("picture")
    shown = isinstance(ref, Mapping) and bool(picture)
    if isinstance(ref, Mapping) and picture:
        # the picture's north-west corner on the map's, scaled from the map's unit
        pic_w = (_float(ref.get("width")) or 0.0) / g.cell_size * P
        pic_h = (_float(ref.get("height")) or 0.0) / g.cell_size * P
        east, south = picture_at(ref)
        pic_x, pic_y = ox + east / g.cell_size * P, oy + south / g.cell_size * P
        # a picture shifted off the grid would spill over the rulers: cut it at the map
        add(f'<clipPath id="clip-picture"><rect x={_attr(_num(ox))} y={_attr(_num(oy))} '
            f'width={_attr(_num(g.cols * P))} height={_attr(_num(g.rows * P))}/></clipPath>')
        add(f'<image class="picture" href={_attr(picture)} x={_attr(_num(pic_x))} '
            f'y={_attr(_num(pic_y))} width={_attr(_num(pic_w))} height={_attr(_num(pic_h))} '
            'preserveAspectRatio="none" clip-path="url(#clip-picture)"/>')
    add('<g class="cells" stroke="#000000" stroke-opacity="0.16" stroke-width="1"'
        + (' fill-opacity="0.4">' if shown else ">"))
    if not detail:
        runs: dict[tuple[str, str], list[str]] = {}
        for r in range(g.rows):
            c = 0
            while c < g.cols:
                look = (g.surface[r][c], fill_of(r, c))
                stop = c + 1
                while stop < g.cols and (g.surface[r][stop], fill_of(r, stop)) == look:
                    stop += 1
                runs.setdefault(look, []).append(
                    f"M{_num(x_of(c))},{_num(y_of(r))}h{(stop - c) * P}v{P}h-{(stop - c) * P}z")
                c = stop
        for (kind, fill), parts in runs.items():
            add(f'<path class="cells {kind}" fill={_attr(fill)} stroke="none" '
                f'd="{"".join(parts)}"/>')
        lines = "".join(f"M{_num(ox)},{_num(y_of(r))}h{map_w}" for r in range(1, g.rows))
        lines += "".join(f"M{_num(x_of(c))},{_num(oy)}v{map_h}" for c in range(1, g.cols))
        add(f'<path class="cell-lines" fill="none" d="{lines}"/>')
    for r in range(g.rows if detail else 0):
        for c in range(g.cols):
            kind, e = g.surface[r][c], g.elevation[r][c]
            data = f' data-elevation="{_fmt(e)}"' if e is not None else ""
            cell = (f'<rect class="cell {kind}" data-row="{r}" data-col="{c}"{data} '
                    f'x={_attr(_num(x_of(c)))} y={_attr(_num(y_of(r)))} '
                    f'width="{P}" height="{P}" fill={_attr(fill_of(r, c))}')
            tip = [f"row {r}, col {c}: {kind}"]
            if kind == "floor" and e is not None:
                tip.append(f"height {_fmt(e)}")
            elif kind == "wall" and e is not None:
                tip.append(f"top at {_fmt(e)}")
            elif kind == "water" and e is not None:
                tip.append(f"surface at {_fmt(e)}, {_fmt(g.depth[r][c])} deep")
            if g.current[r][c]:
                tip.append(f"current {g.current[r][c]} {_fmt(g.speed[r][c])} {g.unit}")
            if g.ceiling[r][c] is not None:
                tip.append(f"ceiling at {_fmt(g.ceiling[r][c] or 0.0)}")
            if g.climbable is not None and not g.climbable[r][c] and kind in ("floor", "wall"):
                tip.append("smooth (no holds)")
            tip.extend(tags_at.get((r, c), []))
            add(f"{cell}><title>{escape(' · '.join(tip))}</title></rect>")
    add("</g>")

    # currents
    current_speeds: set[float] = set()
    add('<g class="currents">')
    for r in range(g.rows):
        for c in range(g.cols):
            towards = g.current[r][c]
            if towards is None:
                continue
            current_speeds.add(g.speed[r][c])
            mid = RULER_STEP // 2  # a large map shows a current by one arrow a 5 x 5 block
            if not detail and (r % RULER_STEP != mid or c % RULER_STEP != mid):
                continue
            deep = g.surface[r][c] == "water" and dhi > dlo and water_t(g.depth[r][c]) > 0.55
            colour = CURRENT_LIGHT if deep or g.surface[r][c] in ("wall", "void") \
                else CURRENT_DARK
            add(f'<path class="current" data-row="{r}" data-col="{c}" data-dir="{towards}" '
                f'd={_attr(_arrow(x_of(c + 0.5), y_of(r + 0.5), _DIRECTIONS[towards], P * 0.62))} '
                f'fill={_attr(colour)} stroke={_attr(colour)} stroke-width="1.6" '
                'stroke-linecap="round" stroke-linejoin="round" opacity="0.85"/>')
    add("</g>")

    # tags: a small triangle in a corner of each tagged cell (one corner a tag)
    corners = ((0, 0, 1, 1), (1, 0, -1, 1), (1, 1, -1, -1), (0, 1, 1, -1))
    size = P * 0.34
    add('<g class="tags">')
    merged: dict[str, list[str]] = {}  # a large map: one path per tag
    for (r, c), names in sorted(tags_at.items()):
        for t in names:
            if not detail:
                fx, fy, sx, sy = corners[tag_names.index(t) % len(corners)]
                x0, y0 = x_of(c + fx) + sx, y_of(r + fy) + sy
                merged.setdefault(t, []).append(
                    f"M{_num(x0)},{_num(y0)}h{_num(sx * size)}l{_num(-sx * size)},"
                    f"{_num(sy * size)}z")
                continue
            fx, fy, sx, sy = corners[tag_names.index(t) % len(corners)]
            x0, y0 = x_of(c + fx) + sx, y_of(r + fy) + sy
            d = (f"M{_num(x0)},{_num(y0)} L{_num(x0 + sx * size)},{_num(y0)} "
                 f"L{_num(x0)},{_num(y0 + sy * size)} Z")
            add(f'<path class="tag" data-tag={_attr(t)} data-row="{r}" data-col="{c}" '
                f'd={_attr(d)} fill={_attr(tag_colour[t])} stroke="#ffffff" '
                'stroke-width="0.8"/>')
    for t, parts in merged.items():
        add(f'<path class="tag" data-tag={_attr(t)} d="{"".join(parts)}" '
            f'fill={_attr(tag_colour[t])}/>')
    add("</g>")

    # ceilings: a dotted outline round each covered area, its height written inside
    has_ceiling = [[g.ceiling[r][c] is not None for c in range(g.cols)] for r in range(g.rows)]

    def covered(r: int, c: int) -> bool:
        return g.inside(r, c) and has_ceiling[r][c]

    segments: list[tuple[float, float, float, float]] = []
    for r in range(g.rows + 1):  # horizontal edges, merged along each row line
        start: int | None = None
        for c in range(g.cols + 1):
            edge = c < g.cols and covered(r, c) != covered(r - 1, c)
            if edge and start is None:
                start = c
            elif not edge and start is not None:
                segments.append((x_of(start), y_of(r), x_of(c), y_of(r)))
                start = None
    for c in range(g.cols + 1):  # vertical edges
        start = None
        for r in range(g.rows + 1):
            edge = r < g.rows and covered(r, c) != covered(r, c - 1)
            if edge and start is None:
                start = r
            elif not edge and start is not None:
                segments.append((x_of(c), y_of(start), x_of(c), y_of(r)))
                start = None
    ceiling_heights: set[float] = set()
    ceiling_labels: list[str] = []  # drawn over the highlighted cells, with the heights
    if segments:
        add('<g class="ceilings">')
        for x1, y1, x2, y2 in segments:
            add(f'<line class="ceiling" x1={_attr(_num(x1))} y1={_attr(_num(y1))} '
                f'x2={_attr(_num(x2))} y2={_attr(_num(y2))} stroke={_attr(CEILING)} '
                'stroke-width="2.4" stroke-dasharray="0.1 4.6" stroke-linecap="round"/>')
        ceiling_key = [[g.ceiling[r][c] for c in range(g.cols)] for r in range(g.rows)]
        for group in _components(ceiling_key):
            height = ceiling_key[group[0][0]][group[0][1]]
            assert height is not None
            ceiling_heights.add(height)
            if detail:
                for r, c in _label_cells(group, set(placed)):
                    ceiling_labels.extend(_halo(
                        x_of(c + 0.5), y_of(r) + 9, f"c{_fmt(height)}", size=8,
                        fill=CEILING, weight="bold", cls="ceiling-height"))
        add("</g>")

    # edges between cells: walls and windows as thick lines on the side they stand on,
    # doors as a gap between two jambs, one-way walls with an arrow the way they pass,
    # secret doors (the game master's view only) as a wall dashed in their colour
    edge_kinds: set[str] = set()
    if g.edges:
        add('<g class="edges" stroke-linecap="square">')
        for a, b, kind, frm in g.edges:
            edge_kinds.add(kind)
            if a[0] == b[0]:  # side by side: the line between the two columns
                x1 = x2 = x_of(b[1])
                y1, y2 = y_of(a[0]), y_of(a[0] + 1)
            else:
                y1 = y2 = y_of(b[0])
                x1, x2 = x_of(a[1]), x_of(a[1] + 1)
            add(_edge_svg(kind, x1, y1, x2, y2, a, b, frm))
        add("</g>")

    # every RULER_STEP cells, a faint line across the map
    add('<g class="major-grid" stroke="#000000" stroke-opacity="0.3" stroke-width="1">')
    for c in range(RULER_STEP, g.cols, RULER_STEP):
        add(f'<line x1={_attr(_num(x_of(c)))} y1={_attr(_num(oy))} x2={_attr(_num(x_of(c)))} '
            f'y2={_attr(_num(oy + map_h))}/>')
    for r in range(RULER_STEP, g.rows, RULER_STEP):
        add(f'<line x1={_attr(_num(ox))} y1={_attr(_num(y_of(r)))} x2={_attr(_num(ox + map_w))} '
            f'y2={_attr(_num(y_of(r)))}/>')
    add("</g>")
    add(f'<rect class="map-frame" x={_attr(_num(ox))} y={_attr(_num(oy))} '
        f'width="{map_w}" height="{map_h}" fill="none" stroke="#333333" stroke-width="1.5"/>')

    # where the actor may go: one scale of colour from the cheapest cost to the dearest,
    # the cost written on the cell when it fits, the odds (or a certain fall) under it
    values = [v for spot in reach.values() if (v := spot.target.value) is not None]
    vlo, vhi = (min(values), max(values)) if values else (0.0, 0.0)
    cost_unit = next((_unit_of(spot.target.cost) for _, spot in sorted(reach.items())
                      if spot.target.value is not None), "")
    marks: set[str] = set()

    def reach_t(value: float) -> float:
        return 0.5 if vhi <= vlo else (value - vlo) / (vhi - vlo)

    if reach:
        add('<g class="options">')
        for (r, c), spot in sorted(reach.items()):
            value = spot.target.value
            fill = REACH_FLAT if value is None else _mix(REACH_CHEAP, REACH_DEAR, reach_t(value))
            lines = f"row {r}, col {c}\n" + "\n".join(spot.lines)
            add(f'<rect class="place target reach" data-row="{r}" data-col="{c}"'
                f'{spot.target.attrs()} '
                f'x={_attr(_num(x_of(c) + REACH_INSET))} y={_attr(_num(y_of(r) + REACH_INSET))} '
                f'width="{P - 2 * REACH_INSET}" height="{P - 2 * REACH_INSET}" rx="4" '
                f'fill={_attr(fill)} '
                f'fill-opacity="{REACH_OPACITY}" stroke={_attr(HIGHLIGHT)} stroke-width="1.5">'
                f"<title>{escape(lines)}</title></rect>")
            if not detail:
                continue
            dark = value is not None and reach_t(value) > 0.55
            if value is not None and (r, c) not in placed:
                marks.add("cost")
                out.extend(_halo(x_of(c + 0.5), y_of(r + 0.5) + 3, _short(value), size=9,
                                 weight="bold", fill="#ffffff" if dark else "#4a2a00",
                                 halo=REACH_DEAR if dark else "#fff7df", cls="cost"))
            if spot.falls == 1:
                marks.add("fall")
                out.extend(_halo(x_of(c + 0.5), y_of(r + 1) - 2.5, "fall", size=8,
                                 weight="bold", fill=FALL, cls="fall"))
            elif spot.rolls and spot.best < 1:
                marks.add("odds")
                out.extend(_halo(x_of(c + 0.5), y_of(r + 1) - 2.5, percent(spot.best), size=8,
                                 weight="bold", fill=ODDS, cls="odds"))
        add("</g>")

    # heights: one label per patch of equal cells (not on floors at the usual height)
    if detail:
        add('<g class="heights">')
        key: list[list[Any]] = []
        for r in range(g.rows):
            row_key: list[Any] = []
            for c in range(g.cols):
                kind, e = g.surface[r][c], g.elevation[r][c]
                if e is None or kind not in ("floor", "wall", "water") or (
                        kind == "floor" and e == base):
                    row_key.append(None)
                else:
                    row_key.append((kind, e, g.depth[r][c]))
            key.append(row_key)
        busy = set(placed) | {(r, c) for r in range(g.rows) for c in range(g.cols)
                              if g.current[r][c]}
        for group in _components(key):
            kind, e, depth = key[group[0][0]][group[0][1]]
            if kind == "water":
                text = f"d{_fmt(depth)}" + ("" if e == base else f" @{_fmt(e)}")
                deep = water_t(depth) > 0.55 and dhi > dlo
                colour, halo = ("#ffffff", WATER_DEEP) if deep else ("#0b2f57", "#e3eef8")
            elif kind == "wall":
                text, colour, halo = _fmt(e), "#ffffff", WALL_BASE
            else:
                text, colour, halo = _fmt(e), "#3b3325", "#ffffff"
            for r, c in _label_cells(group, busy | set(reach)):
                # over a reachable cell the cost takes the middle: the height goes on top
                top = (r, c) in reach and reach[(r, c)].target.value is not None
                out.extend(_halo(x_of(c + 0.5), y_of(r) + 8.5 if top else y_of(r + 0.5) + 3.5,
                                 text, size=8 if top else 9, weight="bold", fill=colour,
                                 halo=halo, cls=f"height {kind}"))
        out.extend(ceiling_labels)
        add("</g>")

    # actors
    style_letters: dict[str, str] = {}
    lifted = False  # some actor's height is written by its disc
    add('<g class="actors">')
    for (r, c), here in sorted(placed.items()):
        n = len(here)
        radius = P * (0.36 if n == 1 else 0.5 / n + 0.02)
        e = g.elevation[r][c]
        for i, (name, info) in enumerate(here):
            cx, cy = x_of(c + (i + 0.5) / n), y_of(r + 0.5)
            z = _float(info.get("z"))
            colour = side_colour.get(str(info.get("side", "")), "#777777")
            me = name == actor
            classes = ["actor"] + (["selected"] if me else []) + (
                ["prone"] if info.get("prone") else [])
            faded = ' opacity="0.4"' if info.get("removed") else ""
            zdata = f' data-z="{_fmt(z)}"' if z is not None else ""
            add(f'<g class={_attr(" ".join(classes))}{actor_attrs(name, info)} data-row="{r}" '
                f'data-col="{c}"{zdata}{faded}>')
            style = str(info.get("style") or "")
            about = f"{name} ({info.get('side')}) at row {r}, col {c}"
            about += f", z {_fmt(z)}" if z is not None else ""
            about += f", {style}" if style else ""
            about += ", prone" if info.get("prone") else ""
            about += ", removed" if info.get("removed") else ""
            add(f"<title>{escape(about)}</title>")
            if me:
                add(f'<rect class="selected-cell" x={_attr(_num(x_of(c) + 1))} '
                    f'y={_attr(_num(y_of(r) + 1))} width="{P - 2}" height="{P - 2}" '
                    f'fill="none" stroke={_attr(ACTOR_RING)} stroke-width="2"/>')
                add(f'<circle class="selected-ring" cx={_attr(_num(cx))} cy={_attr(_num(cy))} '
                    f'r={_attr(_num(radius + 4))} fill="none" stroke={_attr(HIGHLIGHT)} '
                    'stroke-width="3.5"/>')
            dash = ' stroke-dasharray="3 2"' if info.get("prone") else ""
            add(f'<circle class="actor-disc" cx={_attr(_num(cx))} cy={_attr(_num(cy))} '
                f'r={_attr(_num(radius))} fill={_attr(colour)} stroke={_attr(ACTOR_RING)} '
                f'stroke-width="{2 if me else 1.2}"{dash}/>')
            short = name[:3] if n == 1 else name[:1]
            add(_text(cx, cy + 3, short, size=9 if n == 1 else 7, weight="bold", fill="#ffffff",
                      cls="actor-short"))
            if len(name) > len(short):
                out.extend(_halo(cx, y_of(r + 1) + 8, name, size=9, weight="bold",
                                 fill="#111111", cls="actor-label"))
            if z is not None and (e is None or abs(z - e) > 1e-9):
                lifted = True
                out.extend(_halo(cx + radius - 3, cy - radius + 2, f"z{_fmt(z)}", size=8,
                                 anchor="start", weight="bold", fill="#111111", cls="actor-z"))
            badge = ""
            if style and style != "walk":
                letter = style[:1].upper()
                style_letters.setdefault(style, letter)
                badge += letter
            if info.get("prone"):
                style_letters.setdefault("prone", "P")
                badge += "P"
            if badge:
                out.extend(_halo(cx - radius + 3, cy + radius + 1, badge, size=8,
                                 anchor="end", weight="bold", fill="#111111",
                                 cls="actor-style"))
            add("</g>")
    add("</g>")

    # rulers: row and column numbers every RULER_STEP cells
    add('<g class="ruler">')
    for c in range(0, g.cols, RULER_STEP):
        x = x_of(c + 0.5)
        add(_text(x, oy - 8, str(c), size=10, fill="#444", cls="ruler-col"))
        if far_rulers:
            add(_text(x, oy + map_h + 16, str(c), size=10, fill="#444", cls="ruler-col"))
    for r in range(0, g.rows, RULER_STEP):
        y = y_of(r + 0.5) + 4
        add(_text(ox - 6, y, str(r), size=10, anchor="end", fill="#444", cls="ruler-row"))
        if far_rulers:
            add(_text(ox + map_w + 6, y, str(r), size=10, anchor="start", fill="#444",
                      cls="ruler-row"))
    add(_text(ox - 6, oy - 8, "r\\c", size=9, anchor="end", fill="#888"))
    add("</g>")

    # legend
    page_w = max(ox + map_w + (RULER if far_rulers else 0) + MARGIN, 640.0)
    ly = oy + map_h + (RULER if far_rulers else 0) + 30
    legend: list[str] = ['<g class="legend">']
    widths: list[float] = []
    leg = legend.append
    leg(_text(MARGIN, ly, "legend", size=12, anchor="start", weight="bold"))
    ly += 20

    def row(items: list[tuple[str, str]]) -> None:
        """Swatches with their labels, wrapped to the page (a swatch is drawn at x)."""
        nonlocal ly
        for line in _wrap_rows(items, page_w - 2 * MARGIN):
            x = float(MARGIN)
            for swatch, label in line:
                if swatch:
                    leg(swatch.replace("{x}", _num(x)).replace("{x2}", _num(x + 26))
                        .replace("{xm}", _num(x + 13)).replace("{y}", _num(ly - 11))
                        .replace("{ym}", _num(ly - 4)))
                leg(_text(x + (32 if swatch else 0), ly, label, size=11, anchor="start"))
                x += (48 if swatch else 16) + _width(label, 11)
            widths.append(x + MARGIN)
            ly += 22

    box = '<rect x="{x}" y="{y}" width="26" height="14" '
    present = {k for line in g.surface for k in line}
    surfaces: list[tuple[str, str]] = []
    if "floor" in present:
        if hi > lo:
            surfaces.append((box + 'fill="url(#grid-floor-ramp)" stroke="#888"/>',
                             f"floor, height {_fmt(lo)} (dark) to {_fmt(hi)} (light); "
                             f"numbers: heights other than {_fmt(base or 0.0)}"))
        else:
            surfaces.append((box + f'fill="{FLOOR_FLAT}" stroke="#888"/>',
                             f"floor, height {_fmt(lo)}"))
    if "wall" in present:
        surfaces.append((box + 'fill="url(#grid-wall)" stroke="#888"/>',
                         "wall (number: height of its top)"))
    if "water" in present:
        swatch = 'fill="url(#grid-water-ramp)"' if dhi > dlo else f'fill="{WATER_FLAT}"'
        depth_text = (f"{_fmt(dlo)} to {_fmt(dhi)} deep" if dhi > dlo else f"{_fmt(dlo)} deep")
        surfaces.append((box + swatch + ' stroke="#888"/>',
                         f"water, {depth_text} (d2: 2 deep; @1: surface at height 1)"))
    if "void" in present:
        surfaces.append((box + f'fill="{VOID_FILL}" stroke="#888"/>', "void (no bottom)"))
    if "unknown" in present:
        surfaces.append((box + f'fill="{UNKNOWN_FILL}" stroke="#888"/>', "unknown surface"))
    row(surfaces)
    features: list[tuple[str, str]] = []
    if current_speeds:
        speeds = ", ".join(_fmt(s) for s in sorted(current_speeds))
        features.append((f'<path d={_attr(_arrow(0, 0, (0, 1), 20))} '
                         f'transform="translate({{xm}},{{ym}})" fill="{CURRENT_DARK}" '
                         f'stroke="{CURRENT_DARK}" stroke-width="1.6"/>',
                         f"current (speed {speeds} {g.unit})"))
    if ceiling_heights:
        features.append((f'<rect x="{{x}}" y="{{y}}" width="26" height="14" fill="none" '
                         f'stroke="{CEILING}" stroke-width="2.4" stroke-dasharray="0.1 4.6" '
                         'stroke-linecap="round"/>',
                         "under a ceiling (c6: its underside at height 6)"))
    for kind in EDGE_KINDS:
        if kind in edge_kinds:
            features.append((_edge_swatch(kind), EDGE_LABELS[kind]))
    for t in tag_names:
        features.append((f'<path d="M{{x}},{{y}} l14,0 l-14,14 Z" '
                         f'fill={_attr(tag_colour[t])}/>', t.replace("_", " ")))  # words
    if features:
        row(features)
    people: list[tuple[str, str]] = [
        (f'<circle cx="{{xm}}" cy="{{ym}}" r="8" fill={_attr(side_colour[s])} '
         f'stroke={_attr(ACTOR_RING)}/>', f"side {s}") for s in side_colour]
    if lifted:
        people.append(("", "z3: at height 3 (not on its cell's surface)"))
    for style, letter in sorted(style_letters.items(), key=lambda kv: (kv[0] == "prone", kv)):
        people.append(("", f"{letter}: {style}"))
    if people:
        row(people)
    if actor is not None:
        if reach and values:
            ramp = (box + 'rx="3" fill="url(#grid-reach-ramp)" '
                    f'fill-opacity="{REACH_OPACITY}" stroke={_attr(HIGHLIGHT)}/>')
            span = (f"{_short(vlo)} to {_short(vhi)}" if vhi > vlo else _short(vlo))
            items = [(ramp, f"{actor} can reach: cost {span}{cost_unit} (light to dark)"
                      + ("; the number on a cell is its cost" if "cost" in marks else ""))]
            if "odds" in marks:
                items.append(("", "75%: best chance of success"))
            if "fall" in marks:
                items.append(("", "fall: a certain fall"))
            row(items)
        elif reach:
            row([(box + f'rx="3" fill="{REACH_FLAT}" fill-opacity="{REACH_OPACITY}" '
                  f'stroke={_attr(HIGHLIGHT)}/>', f"where {actor} can go now")]
                + ([("", "75%: best chance of success")] if "odds" in marks else [])
                + ([("", "fall: a certain fall")] if "fall" in marks else []))
        else:
            row([("", f"{actor} can reach no cell now")])
        for line in wrap_list(f"{actor} may also:", loose, page_w - 2 * MARGIN) if loose else []:
            leg(_text(MARGIN, ly, line, size=11, anchor="start", cls="loose-options"))
            ly += 16
    if off_map:
        gone = [f"{n} (row {i.get('row')}, col {i.get('col')})" for n, i in off_map]
        for line in wrap_list("not on the map:", gone, page_w - 2 * MARGIN):
            leg(_text(MARGIN, ly, line, size=11, anchor="start", cls="off-map"))
            ly += 16
    legend.append("</g>")
    out.extend(legend)

    width = max(page_w, _width(title, 16, bold=True) + 2 * MARGIN,
                _width(sub, 11) + 2 * MARGIN, *widths)
    height = ly + 4
    data = (f'data-map="grid" data-rows="{g.rows}" data-cols="{g.cols}" '
            f'data-px-per-cell="{P}" data-origin="{_num(ox)} {_num(oy)}"')
    return svg_page(width, height, data, title, DEFS, out)
