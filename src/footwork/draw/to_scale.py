"""Draw a to-scale map (``space_json["scale"] == "m"``): zones as polygons in metres.

Ruleset-neutral like :mod:`footwork.draw.zones`: it reads the ruleset's
``space_json``, the state JSON and the actor's options, already fetched by
:func:`footwork.draw.render.render_svg`. One panel per floor, side by side, all at
:data:`PX_PER_M` pixels per metre, each cropped to what stands on its floor
(whole metres, 1 m margin) with metre coordinates on its edges, a 1 m grid and
the zones of the floor below as faint ghosts. Metre coordinates grow to the
right (x) and downward (y), like the SVG's. The output is deterministic.

The ``space_json`` fields read here (beyond ``places``):

- ``places[].props``: ``polygon`` (one ring ``[[x, y], ...]``, or rings
  ``[[exterior], [hole], ...]``), ``floor`` (default 0), ``revealed`` (default
  true), ``capacity``, ``surface``, ``height_m``;
- ``openings``: ``{"between": [a, b], "segment": [[x, y], [x, y]]}``;
- ``walls``: polylines ``[[x, y], ...]`` (or ``{"points": [...], "floor": n}``);
- ``connectors``: ``{"kind", "between": [a, b], "from": [x, y], "to": [x, y], "label"}``;
- ``regions``: ``{"kind", "polygon", "label"}`` (optionally ``"floor"``).

Walls and regions carry no floor in the base contract: with several floors,
an explicit ``floor`` wins, else the floor whose zones cover them most (ties:
the floor on whose zone borders they lie, then the lowest).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from xml.sax.saxutils import escape

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import polylabel, unary_union

from footwork.draw.common import (
    ACTOR_RING,
    HIGHLIGHT,
    _attr,
    _num,
    _text,
    _width,
    heading,
    percent,
    picture_at,
    side_colours,
    success_odds,
    svg_page,
    wrap_list,
)
from footwork.draw.marks import actor_attrs, place_attr, targets_by_place

#: pixels per metre: a zone 8 m wide is drawn ``8 * PX_PER_M`` pixels wide
PX_PER_M = 40
#: the radius of an actor's disc, in metres (a 2 m diameter, to scale)
ACTOR_RADIUS_M = 1.0

MARGIN = 20  # page margin, pixels
MARGIN_LEFT = 34  # room for the y coordinates left of the first panel
TITLE_H = 56
PANEL_TITLE_H = 26
PANEL_GAP = 56
PANEL_PAD_M = 1.0  # blank metres around the drawn things in each panel

ZONE_FILL = "#f6f3ea"
HIDDEN_FILL = "#ececec"
ZONE_STROKE = "#7a7a7a"
WALL = "#262626"
OPENING = "#2e9e5b"
HIDDEN_NOTE = "#a33a3a"
CONNECTOR_COLOUR: dict[str, str] = {"climb": "#4a4a4a", "gap": "#b03a2e"}
REGION_STYLE: dict[str, tuple[str, str]] = {
    # kind: (fill, outline)
    "water": ("#6baed6", "#2b7bba"),
    "rough": ("url(#hatch-rough)", "#8c5a2b"),
    "climb": ("url(#hatch-climb)", "#6e6e6e"),
}
REGION_DEFAULT = ("url(#hatch-other)", "#8a6fb0")

Point2 = tuple[float, float]
Ring = list[Point2]


# -- reading the contract ---------------------------------------------------------


def _pt(value: Any) -> Point2 | None:
    """``[x, y]`` as floats, or None if it is not a point."""
    if (isinstance(value, Sequence) and not isinstance(value, str) and len(value) >= 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value[:2])):
        return float(value[0]), float(value[1])
    return None


def _size(value: Any) -> float:
    """A picture's width or height in metres; 0 for anything else."""
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if ok and math.isfinite(value) and value > 0 else 0.0


def _depth(value: Any) -> int:
    """How deeply numbers are nested: a point is 1, a ring 2, a polygon 3, polygons 4."""
    d = 0
    while isinstance(value, Sequence) and not isinstance(value, str):
        if not value:
            return d + 1
        value = value[0]
        d += 1
    return d


def _ring(value: Any) -> Ring:
    ring = [p for p in (_pt(v) for v in value or []) if p is not None]
    return ring if len(ring) >= 3 else []


def _rings(value: Any) -> list[Ring]:
    """A polygon's rings (exterior first) from one ring or from a list of rings."""
    if _depth(value) == 2:
        return [r] if (r := _ring(value)) else []
    if _depth(value) == 3:
        rings = [_ring(r) for r in value]
        return [r for r in rings if r] if rings and rings[0] else []
    return []


def _polygons(value: Any) -> list[list[Ring]]:
    """An option's region: a list of polygons (each a list of rings), leniently."""
    d = _depth(value)
    if d == 2 or d == 3:
        return [rs] if (rs := _rings(value)) else []
    if d == 4:
        return [rs for rs in (_rings(p) for p in value) if rs]
    return []


def _shape(rings: list[Ring]) -> Any:
    """A shapely polygon (made valid) for measuring, or None."""
    if not rings:
        return None
    try:
        poly = Polygon(rings[0], rings[1:])
        return poly if poly.is_valid else poly.buffer(0)
    except (ValueError, TypeError):  # pragma: no cover - degenerate input
        return None


def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return default


@dataclass
class _Zone:
    id: str
    rings: list[Ring]
    floor: int
    revealed: bool
    props: Mapping[str, Any]
    elevation: int
    shape: Any
    label_at: Point2


@dataclass
class _Panel:
    floor: int
    ox: float = 0.0  # the page position of the panel's (min_x, min_y) corner, pixels
    oy: float = 0.0
    min_x: int = 0  # the panel's extent, metres
    min_y: int = 0
    max_x: int = 10
    max_y: int = 10
    zones: list[_Zone] = field(default_factory=list)

    @property
    def w(self) -> float:
        return float((self.max_x - self.min_x) * PX_PER_M)

    @property
    def h(self) -> float:
        return float((self.max_y - self.min_y) * PX_PER_M)


def _zones(places: Sequence[Mapping[str, Any]]) -> list[_Zone]:
    zones: list[_Zone] = []
    for place in places:
        props: Mapping[str, Any] = place.get("props") or {}
        rings = _rings(props.get("polygon"))
        if not rings:
            continue
        shape = _shape(rings)
        label_at = rings[0][0]
        if shape is not None and not shape.is_empty:
            try:
                best = max(getattr(shape, "geoms", [shape]), key=lambda g: float(g.area))
                p = polylabel(best, tolerance=0.05)
            except Exception:  # pragma: no cover - shapely edge cases
                p = shape.representative_point()
            label_at = (round(float(p.x), 3), round(float(p.y), 3))
        zones.append(_Zone(
            id=str(place["id"]), rings=rings,
            floor=_int(props.get("floor", place.get("floor", 0))),
            revealed=props.get("revealed", True) is not False, props=props,
            elevation=_int(place.get("elevation", 0)), shape=shape, label_at=label_at,
        ))
    return zones


def _floor_of(geom: Any, floors: Sequence[int], cover: Mapping[int, Any],
              borders: Mapping[int, Any], explicit: Any) -> list[int]:
    """The floors a wall or region without a zone is drawn on."""
    if len(floors) == 1:
        return list(floors)
    if isinstance(explicit, int) and not isinstance(explicit, bool) and explicit in floors:
        return [explicit]
    if geom is None or geom.is_empty:
        return [floors[0]]
    size = float(geom.area) if geom.area > 0 else float(geom.length)

    def share(of: Mapping[int, Any], f: int) -> float:
        """The share of ``geom`` on floor ``f`` of ``of``: its zones (``cover``) or their
        edges (``borders``)."""
        if of[f] is None or size <= 0:
            return 0.0
        part = geom.intersection(of[f].buffer(0.05))
        got = float(part.area) if geom.area > 0 else float(part.length)
        return round(got / size, 3)

    ranked = sorted(floors, key=lambda f: (-share(cover, f), -share(borders, f), f))
    return [ranked[0]]


def _label_spot(zone: _Zone, width_m: float) -> tuple[Point2, str]:
    """Where a zone's label goes, like a room name on a floor plan: inside, top left.

    The first line's baseline runs 0.45 m below the zone's top; the label starts
    0.25 m into the leftmost stretch of the zone wide enough for it. A zone
    with no such stretch gets its label centred on its pole of inaccessibility.
    """
    shape = zone.shape
    if shape is not None and not shape.is_empty:
        x0, y0, x1, _ = (float(v) for v in shape.bounds)
        y = y0 + 18 / PX_PER_M
        cut = shape.intersection(LineString([(x0 - 1, y), (x1 + 1, y)]))
        parts = [g for g in getattr(cut, "geoms", [cut]) if not g.is_empty and g.length > 0]
        for part in sorted(parts, key=lambda g: float(g.bounds[0])):
            if float(part.length) >= width_m + 0.5:
                return (round(float(part.bounds[0]) + 0.25, 3), round(y, 3)), "start"
    return zone.label_at, "middle"


# -- drawing helpers --------------------------------------------------------------


class _Page:
    """Metre-to-pixel mapping of one panel."""

    def __init__(self, ox: float, oy: float, min_x: float, min_y: float) -> None:
        self.ox, self.oy, self.min_x, self.min_y = ox, oy, min_x, min_y

    def x(self, mx: float) -> float:
        return self.ox + (mx - self.min_x) * PX_PER_M

    def y(self, my: float) -> float:
        return self.oy + (my - self.min_y) * PX_PER_M

    def xy(self, p: Point2) -> str:
        return f"{_num(self.x(p[0]))},{_num(self.y(p[1]))}"

    def path(self, rings: Sequence[Ring]) -> str:
        return " ".join(
            "M" + " L".join(self.xy(p) for p in ring) + " Z" for ring in rings if ring
        )

    def polyline(self, points: Sequence[Point2]) -> str:
        return " ".join(self.xy(p) for p in points)


def _line(x1: float, y1: float, x2: float, y2: float, style: str, cls: str = "") -> str:
    klass = f"class={_attr(cls)} " if cls else ""
    return (f"<line {klass}x1={_attr(_num(x1))} y1={_attr(_num(y1))} "
            f"x2={_attr(_num(x2))} y2={_attr(_num(y2))} {style}/>")


def _halo(x: float, y: float, content: str, *, size: int = 12, anchor: str = "middle",
          weight: str = "normal", fill: str = "#222", cls: str = "",
          style: str = "") -> list[str]:
    """Text over a white outline of itself, readable over lines, hatching and discs.

    Two elements, since not every SVG renderer honours ``paint-order``; the
    outline carries the class ``halo`` and no other.
    """
    klass = f" class={_attr(cls)}" if cls else ""
    extra = f" {style}" if style else ""
    common = (f"x={_attr(_num(x))} y={_attr(_num(y))} font-size={_attr(size)} "
              f"text-anchor={_attr(anchor)} font-weight={_attr(weight)}{extra}")
    return [
        f'<text class="halo" {common} fill="#ffffff" stroke="#ffffff" stroke-width="3.5" '
        f'stroke-linejoin="round" aria-hidden="true">{escape(content)}</text>',
        f"<text {common} fill={_attr(fill)}{klass}>{escape(content)}</text>",
    ]


DEFS = (
    "<defs>"
    + "".join(
        f'<marker id="arrow-{kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="12" '
        f'markerHeight="12" markerUnits="userSpaceOnUse" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
        for kind, colour in (*CONNECTOR_COLOUR.items(), ("other", "#555555"))
    )
    + '<pattern id="hatch-rough" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="8" height="8" fill="#e9d8c2" '
    'fill-opacity="0.6"/><line x1="0" y1="0" x2="0" y2="8" stroke="#8c5a2b" '
    'stroke-width="2"/></pattern>'
    '<pattern id="hatch-climb" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(-45)"><rect width="8" height="8" fill="#dddddd" '
    'fill-opacity="0.6"/><line x1="0" y1="0" x2="0" y2="8" stroke="#6e6e6e" '
    'stroke-width="2"/></pattern>'
    '<pattern id="hatch-other" width="8" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="8" height="8" fill="#e4dcf0" fill-opacity="0.6"/>'
    '<circle cx="4" cy="4" r="1.5" fill="#8a6fb0"/></pattern>'
    "</defs>"
)


# -- the renderer -----------------------------------------------------------------


def render_to_scale(space: Mapping[str, Any], state: Mapping[str, Any], actor: str | None,
                    found: Sequence[Any], *, picture: str | None = None) -> str:
    """The to-scale SVG of a map whose ``space_json`` has ``"scale": "m"``. With a
    ``space["picture"]`` and ``picture`` (the URL of its file), the picture is drawn
    under the lowest floor's zones, its north-west corner at (0, 0) m."""
    ref = space.get("picture")
    pic = ref if isinstance(ref, Mapping) and picture else None
    places: list[Mapping[str, Any]] = list(space.get("places") or [])
    actors: Mapping[str, Mapping[str, Any]] = state.get("actors") or {}
    zones = _zones(places)
    zone_by_id = {z.id: z for z in zones}
    floors = sorted({z.floor for z in zones}) or [0]

    cover: dict[int, Any] = {}
    borders: dict[int, Any] = {}
    for f in floors:
        shapes = [z.shape for z in zones if z.floor == f and z.shape is not None]
        cover[f] = unary_union(shapes) if shapes else None
        borders[f] = unary_union([s.boundary for s in shapes]) if shapes else None

    def zone_floor(zid: Any, fallback: int | None = None) -> int | None:
        zone = zone_by_id.get(str(zid))
        return zone.floor if zone is not None else fallback

    # sides get colours in a fixed order, as in the other renderers
    side_colour = side_colours(actors)

    # walls, openings, regions, connectors, each with the floors it is drawn on
    walls: list[tuple[list[Point2], list[int]]] = []
    for raw in space.get("walls") or []:
        explicit = raw.get("floor") if isinstance(raw, Mapping) else None
        pts = [p for p in (_pt(v) for v in (
            raw.get("points") if isinstance(raw, Mapping) else raw) or []) if p is not None]
        if len(pts) < 2:
            continue
        walls.append((pts, _floor_of(LineString(pts), floors, cover, borders, explicit)))

    openings: list[tuple[list[Point2], list[str], list[int]]] = []
    for raw in space.get("openings") or []:
        seg = [p for p in (_pt(v) for v in raw.get("segment") or []) if p is not None]
        if len(seg) < 2:
            continue
        between = [str(b) for b in raw.get("between") or []]
        on = sorted({fl for b in between if (fl := zone_floor(b)) is not None})
        if not on:
            on = _floor_of(LineString(seg), floors, cover, borders, raw.get("floor"))
        openings.append((seg, between, on))

    regions: list[tuple[str, list[Ring], str, list[int]]] = []
    for raw in space.get("regions") or []:
        rings = _rings(raw.get("polygon"))
        if not rings:
            continue
        explicit = raw.get("floor")
        if explicit is None and raw.get("zone") is not None:
            explicit = zone_floor(raw.get("zone"))
        on = _floor_of(_shape(rings), floors, cover, borders, explicit)
        regions.append((str(raw.get("kind", "")), rings, str(raw.get("label") or ""), on))

    # options: the best odds per destination zone, and the regions where a move may end
    targets = targets_by_place(found)
    best: dict[str, Fraction] = {}
    badge: dict[str, str] = {}
    tips: dict[str, list[str]] = {}
    loose: list[str] = []
    option_regions: list[tuple[str, str, list[list[Ring]], Point2 | None]] = []
    for option in found:
        to = option.to
        if to is None:
            loose.append(str(option.label))
            continue
        to = str(to)
        chance = success_odds(option)
        if chance >= best.get(to, Fraction(-1)):
            badge[to] = percent(chance) if option.checks else str(option.command.get("do", ""))
        best[to] = max(best.get(to, Fraction(0)), chance)
        tips.setdefault(to, []).append(f"{option.label}: {percent(chance)}")
        end = _pt(option.command.get("at")) if isinstance(option.command, Mapping) else None
        polys = _polygons(getattr(option, "region", None))
        if polys or end is not None:
            option_regions.append((to, str(option.label), polys, end))

    # actors: where each is drawn
    placed: list[tuple[str, Mapping[str, Any], Point2, int]] = []
    off_map: list[tuple[str, Mapping[str, Any]]] = []
    for aid, info in actors.items():
        name = str(info.get("id", aid))
        zone = zone_by_id.get(str(info.get("at")))
        point = _pt(info.get("point")) or (zone.label_at if zone is not None else None)
        floor = zone.floor if zone is not None else _int(info.get("floor"), floors[0])
        if point is None or floor not in floors:
            off_map.append((name, info))
            continue
        placed.append((name, info, point, floor))

    connectors: list[tuple[str, list[str], Point2, Point2, int, int, str]] = []
    for c in space.get("connectors") or []:
        if not isinstance(c, Mapping):
            continue
        start, stop = _pt(c.get("from")), _pt(c.get("to"))
        if start is None or stop is None:
            continue
        kind = str(c.get("kind", ""))
        between = ([str(b) for b in c.get("between") or []] + ["", ""])[:2]
        fa = zone_floor(between[0], None)
        if fa is None:
            fa = _floor_of(Point(start), floors, cover, borders, None)[0]
        fb = zone_floor(between[1], None)
        if fb is None:
            fb = _floor_of(Point(stop), floors, cover, borders, None)[0] if between[1] else fa
        connectors.append((kind, between, start, stop, fa, fb, str(c.get("label") or kind)))

    # each panel's extent, in whole metres: what is drawn on its floor
    panels: list[_Panel] = []
    x = float(MARGIN_LEFT)
    for f in floors:
        seen: list[Point2] = []
        for z in zones:
            if z.floor == f:
                seen.extend(p for ring in z.rings for p in ring)
        for wall, on in walls:
            seen.extend(wall if f in on else [])
        for _, rings, _, on in regions:
            seen.extend(rings[0] if f in on else [])
        for _, between, start, stop, fa, fb, label in connectors:
            for here, there, p, other in ((fa, fb, start, between[1]),
                                          (fb, fa, stop, between[0])):
                if here != f:
                    continue
                seen.append(p)
                if there != here:  # room for the marker's label on its right
                    need = max(_width(label, 11, bold=True),
                               _width(f"down to {other} (floor {there})", 10)) + 16
                    seen.append((p[0] + need / PX_PER_M - PANEL_PAD_M + 0.2, p[1]))
        for _, _, p, floor in placed:
            if floor == f:
                seen.extend([(p[0] - ACTOR_RADIUS_M, p[1] - ACTOR_RADIUS_M),
                             (p[0] + ACTOR_RADIUS_M, p[1] + ACTOR_RADIUS_M)])
        if not seen:
            seen = [(0.0, 0.0), (10.0, 10.0)]
        panel = _Panel(
            f, ox=x, oy=TITLE_H + PANEL_TITLE_H,
            min_x=math.floor(min(p[0] for p in seen) - PANEL_PAD_M),
            min_y=math.floor(min(p[1] for p in seen) - PANEL_PAD_M),
            max_x=math.ceil(max(p[0] for p in seen) + PANEL_PAD_M),
            max_y=math.ceil(max(p[1] for p in seen) + PANEL_PAD_M),
            zones=[z for z in zones if z.floor == f],
        )
        panels.append(panel)
        x += panel.w + PANEL_GAP
    panels_right = x - PANEL_GAP
    panels_bottom = TITLE_H + PANEL_TITLE_H + max(p.h for p in panels)

    out: list[str] = []
    add = out.append

    # title
    title, sub = heading(state, actor, "where each move may end, best success odds")
    add(_text(MARGIN, 24, title, size=16, anchor="start", weight="bold", cls="title"))
    if sub:
        add(_text(MARGIN, 42, sub, size=11, anchor="start", fill="#555", cls="subtitle"))

    for index, panel in enumerate(panels):
        min_x, min_y, max_x, max_y = panel.min_x, panel.min_y, panel.max_x, panel.max_y
        page = _Page(panel.ox, panel.oy, min_x, min_y)
        f = panel.floor
        add(f'<g class="floor" data-floor={_attr(f)} data-origin-m="{min_x} {min_y}">')
        add(_text(panel.ox, panel.oy - 8, f"floor {f}", size=13, anchor="start",
                  weight="bold", cls="floor-title"))
        add(f'<clipPath id="clip-floor-{index}"><rect x={_attr(_num(panel.ox))} '
            f'y={_attr(_num(panel.oy))} width={_attr(_num(panel.w))} '
            f'height={_attr(_num(panel.h))}/></clipPath>')
        add(f'<rect class="panel" x={_attr(_num(panel.ox))} y={_attr(_num(panel.oy))} '
            f'width={_attr(_num(panel.w))} height={_attr(_num(panel.h))} fill="#fcfcfb" '
            f'stroke="#bbbbbb" stroke-width="1"/>')

        if pic is not None and index == 0:
            pw = _size(pic.get("width")) * PX_PER_M
            ph = _size(pic.get("height")) * PX_PER_M
            east, south = picture_at(pic)
            add(f'<image class="picture" href={_attr(picture)} x={_attr(_num(page.x(east)))} '
                f'y={_attr(_num(page.y(south)))} width={_attr(_num(pw))} '
                f'height={_attr(_num(ph))} preserveAspectRatio="none" '
                f'clip-path="url(#clip-floor-{index})"/>')

        # the zones of the floor below, as faint ghosts: what this floor stands over
        under = max((g for g in floors if g < f), default=None)
        ghosts = [z for z in zones if z.floor == under]
        if ghosts:
            add(f'<g class="ghosts" clip-path="url(#clip-floor-{index})">')
            for z in ghosts:
                add(f'<path class="ghost"{place_attr(z.id)} d={_attr(page.path(z.rings))} '
                    'fill="none" stroke="#9a9a9a" stroke-width="1" stroke-dasharray="6 4"/>')
                gx, gy = page.x(z.rings[0][0][0]), page.y(z.rings[0][0][1])
                add(_text(gx + 4, gy + 12, f"{z.id} (floor {z.floor})", size=9,
                          anchor="start", fill="#9a9a9a", cls="ghost-label"))
            add("</g>")

        # zone fills (outlines come later, over the hazards and the option regions)
        add('<g class="zones"' + (' fill-opacity="0.35">' if pic is not None and index == 0
                                  else ">"))
        for z in panel.zones:
            classes = ["place", "zone"] + (["target"] if z.id in best else []) + (
                [] if z.revealed else ["hidden"])
            marks = targets[z.id].attrs() if z.id in targets else place_attr(z.id)
            add(f"<g class={_attr(' '.join(classes))}{marks}>")
            tip = [f"{z.id}: zone on floor {z.floor}"]
            for key in ("capacity", "surface", "height_m"):
                if z.props.get(key) is not None:
                    tip.append(f"{key} {z.props[key]}")
            if z.elevation:
                tip.append(f"elevation {z.elevation}")
            if not z.revealed:
                tip.append("hidden from the players")
            text = " · ".join(tip) + ("\n" + "\n".join(tips[z.id]) if z.id in tips else "")
            add(f"<title>{escape(text)}</title>")
            add(f'<path class="zone-area" d={_attr(page.path(z.rings))} '
                f'fill={_attr(ZONE_FILL if z.revealed else HIDDEN_FILL)} fill-rule="evenodd"/>')
            add("</g>")
        add("</g>")

        # the 1 m grid, light, over the zone fills
        grid: list[str] = []
        for mx in range(min_x, max_x + 1):
            strong = mx % 5 == 0
            grid.append(_line(page.x(mx), page.y(min_y), page.x(mx), page.y(max_y),
                              f'stroke="#000" stroke-opacity="{0.14 if strong else 0.06}" '
                              'stroke-width="1"'))
        for my in range(min_y, max_y + 1):
            strong = my % 5 == 0
            grid.append(_line(page.x(min_x), page.y(my), page.x(max_x), page.y(my),
                              f'stroke="#000" stroke-opacity="{0.14 if strong else 0.06}" '
                              'stroke-width="1"'))
        for mx in range(min_x, max_x + 1):
            if mx % 5 == 0:
                grid.append(_text(page.x(mx), page.y(max_y) + 12, str(mx), size=9,
                                  fill="#888", cls="axis"))
        for my in range(min_y, max_y + 1):
            if my % 5 == 0:
                grid.append(_text(page.x(min_x) - 4, page.y(my) + 3, str(my), size=9,
                                  anchor="end", fill="#888", cls="axis"))
        add('<g class="grid">' + "".join(grid) + "</g>")

        # hazard regions
        add('<g class="regions">')
        for kind, rings, label, on in regions:
            if f not in on:
                continue
            fill, stroke = REGION_STYLE.get(kind, REGION_DEFAULT)
            opacity = ' fill-opacity="0.45"' if kind == "water" else ""
            add(f"<g class={_attr('region ' + kind)} data-kind={_attr(kind)}>")
            add(f"<title>{escape(f'{kind}: {label}' if label else kind)}</title>")
            add(f'<path d={_attr(page.path(rings))} fill={_attr(fill)}{opacity} '
                f'fill-rule="evenodd" stroke={_attr(stroke)} stroke-width="1.5"/>')
            add("</g>")
        add("</g>")

        # where the actor's moves may end
        if option_regions:
            add('<g class="option-regions">')
            for to, label, polys, end in option_regions:
                if zone_floor(to) != f:
                    continue
                add(f'<g class="option-region"{place_attr(to)}>')
                add(f"<title>{escape(label)}</title>")
                for rings in polys:
                    add(f'<path d={_attr(page.path(rings))} fill={_attr(HIGHLIGHT)} '
                        f'fill-opacity="0.22" fill-rule="evenodd" stroke={_attr(HIGHLIGHT)} '
                        f'stroke-width="1.5" stroke-dasharray="5 3"/>')
                if end is not None:
                    cx, cy, r = page.x(end[0]), page.y(end[1]), 5.0
                    style = f'stroke={_attr(HIGHLIGHT)} stroke-width="2.5"'
                    add(_line(cx - r, cy - r, cx + r, cy + r, style, "option-point"))
                    add(_line(cx - r, cy + r, cx + r, cy - r, style))
                add("</g>")
            add("</g>")

        # zone outlines: hidden ones dotted, destinations highlighted
        add('<g class="zone-outlines">')
        for z in panel.zones:
            style = f'stroke={_attr(ZONE_STROKE)} stroke-width="1.5"'
            if not z.revealed:
                style = f'stroke={_attr(HIDDEN_NOTE)} stroke-width="1.5" stroke-dasharray="2 4"'
            if z.id in best:
                style = f'stroke={_attr(HIGHLIGHT)} stroke-width="3.5"' + (
                    ' stroke-dasharray="6 4"' if not z.revealed else "")
            add(f'<path class="zone-outline"{place_attr(z.id)} '
                f'd={_attr(page.path(z.rings))} fill="none" stroke-linejoin="round" {style}/>')
        add("</g>")

        # walls, thick and dark
        add('<g class="walls">')
        for pts, on in walls:
            if f in on:
                add(f'<polyline class="wall" points={_attr(page.polyline(pts))} fill="none" '
                    f'stroke={_attr(WALL)} stroke-width="6" stroke-linecap="square" '
                    'stroke-linejoin="miter"/>')
        add("</g>")

        # openings: a gap in the border, in their own colour, with the jambs marked
        add('<g class="openings">')
        for seg, between, on in openings:
            if f not in on:
                continue
            add(f'<g class="opening" data-between={_attr(" ".join(between))}>')
            add(f"<title>{escape('opening ' + ' – '.join(between))}</title>")
            points = _attr(page.polyline(seg))
            add(f'<polyline points={points} fill="none" stroke="#ffffff" stroke-width="8"/>')
            add(f'<polyline class="opening-gap" points={points} fill="none" '
                f'stroke={_attr(OPENING)} stroke-width="4" stroke-opacity="0.85"/>')
            for (ax, ay), (bx, by) in ((seg[0], seg[1]), (seg[-1], seg[-2])):
                x1, y1, x2, y2 = page.x(ax), page.y(ay), page.x(bx), page.y(by)
                length = math.hypot(x2 - x1, y2 - y1) or 1.0
                nx, ny = -(y2 - y1) / length * 6, (x2 - x1) / length * 6
                add(_line(x1 - nx, y1 - ny, x1 + nx, y1 + ny,
                          f'stroke={_attr(OPENING)} stroke-width="2.5"', "jamb"))
            add("</g>")
        add("</g>")

        # connectors: a dashed arrow on one floor, a marker in both panels across floors
        add('<g class="connectors">')
        for kind, between, start, stop, fa, fb, label in connectors:
            colour = CONNECTOR_COLOUR.get(kind, "#555555")
            mark = kind if kind in CONNECTOR_COLOUR else "other"
            pair = " ".join(b for b in between if b)
            if fa == fb:
                if fa != f:
                    continue
                x1, y1 = page.x(start[0]), page.y(start[1])
                x2, y2 = page.x(stop[0]), page.y(stop[1])
                add(f"<g class={_attr('connector ' + kind)} data-between={_attr(pair)}>")
                add(f"<title>{escape(f'{kind} {between[0]} → {between[1]}: {label}')}</title>")
                add(f'<circle cx={_attr(_num(x1))} cy={_attr(_num(y1))} r="3.5" '
                    f'fill={_attr(colour)}/>')
                add(_line(x1, y1, x2, y2, f'stroke={_attr(colour)} stroke-width="2.5" '
                          f'stroke-dasharray="7 4" marker-end="url(#arrow-{mark})"'))
                vertical = abs(x2 - x1) < abs(y2 - y1)
                midx, midy = (x1 + x2) / 2, (y1 + y2) / 2
                out.extend(_halo(midx + 7 if vertical else midx,
                                 midy + 4 if vertical else midy - 7,
                                 label, size=11, anchor="start" if vertical else "middle",
                                 fill=colour, cls="connector-label"))
                add("</g>")
                continue
            for here, there, p, other in ((fa, fb, start, between[1]),
                                          (fb, fa, stop, between[0])):
                if here != f:
                    continue
                way = "up" if there > here else "down"
                cx, cy = page.x(p[0]), page.y(p[1])
                add(f"<g class={_attr('connector floor-marker ' + kind)} "
                    f"data-between={_attr(pair)}>")
                add(f"<title>{escape(f'{kind}: {label}, {way} to {other} (floor {there})')}"
                    "</title>")
                add(f'<rect x={_attr(_num(cx - 9))} y={_attr(_num(cy - 9))} width="18" '
                    f'height="18" rx="3" fill="#ffffff" stroke={_attr(colour)} '
                    'stroke-width="2.5"/>')
                tip_y = cy - 4 if way == "up" else cy + 4
                base_y = cy + 4 if way == "up" else cy - 4
                add(f'<path d="M{_num(cx - 5)},{_num(base_y)} L{_num(cx)},{_num(tip_y)} '
                    f'L{_num(cx + 5)},{_num(base_y)}" fill="none" stroke={_attr(colour)} '
                    'stroke-width="2.5" stroke-linejoin="round"/>')
                second = f"{way} to {other} (floor {there})"
                need = max(_width(label, 11, bold=True), _width(second, 10)) + 13
                left = cx + need > panel.ox + panel.w - 4
                tx, anchor = (cx - 13, "end") if left else (cx + 13, "start")
                out.extend(_halo(tx, cy - 2, label, size=11, anchor=anchor, fill=colour,
                                 weight="bold", cls="connector-label"))
                out.extend(_halo(tx, cy + 11, second, size=10, anchor=anchor, fill=colour,
                                 cls="connector-label"))
                add("</g>")
        add("</g>")

        # zone labels, over everything but the actors
        add('<g class="zone-labels">')
        for z in panel.zones:
            name = z.id
            cap = z.props.get("capacity")
            if cap is not None:
                name += f" · cap {cap}"
            notes: list[str] = []
            if z.props.get("surface"):
                notes.append(str(z.props["surface"]))
            if z.elevation not in (0, z.floor):
                notes.append(f"elevation {z.elevation}")
            spot, anchor = _label_spot(z, _width(name, 13, bold=True) / PX_PER_M)
            lx, ly = page.x(spot[0]), page.y(spot[1])
            add(f'<g class="zone-label"{place_attr(z.id)}>')
            out.extend(_halo(lx, ly, name, size=13, anchor=anchor, weight="bold", fill="#333",
                             cls="place-label"))
            y = ly + 13
            if notes:
                out.extend(_halo(lx, y, " · ".join(notes), size=10, anchor=anchor, fill="#666",
                                 cls="place-kind"))
                y += 13
            if not z.revealed:
                out.extend(_halo(lx, y, "hidden", size=11, anchor=anchor, weight="bold",
                                 fill=HIDDEN_NOTE, cls="hidden-note",
                                 style='font-style="italic"'))
                y += 14
            if z.id in best:
                out.extend(_halo(lx, y, badge[z.id], size=12, anchor=anchor, weight="bold",
                                 fill="#a05a00", cls="odds"))
            add("</g>")
        add("</g>")

        # actors: 2 m discs, to scale
        add('<g class="actors">')
        r = ACTOR_RADIUS_M * PX_PER_M
        for name, info, p, floor in placed:
            if floor != f:
                continue
            cx, cy = page.x(p[0]), page.y(p[1])
            colour = side_colour.get(str(info.get("side", "")), "#777777")
            me = name == actor
            faded = ' opacity="0.4"' if info.get("removed") else ""
            add(f"<g class={_attr('actor selected' if me else 'actor')}"
                f"{actor_attrs(name, info)}{faded}>")
            about = f"{name} ({info.get('side')}) at {info.get('at')}, "
            about += f"({_num(p[0])}, {_num(p[1])}) m"
            if info.get("drowning"):
                about += ", drowning"
            if info.get("removed"):
                about += ", removed"
            add(f"<title>{escape(about)}</title>")
            if me:
                add(f'<circle cx={_attr(_num(cx))} cy={_attr(_num(cy))} r={_attr(_num(r + 5))} '
                    f'fill="none" stroke={_attr(HIGHLIGHT)} stroke-width="3.5"/>')
            add(f'<circle class="actor-disc" cx={_attr(_num(cx))} cy={_attr(_num(cy))} '
                f'r={_attr(_num(r))} fill={_attr(colour)} fill-opacity="0.3" '
                f'stroke={_attr(colour)} stroke-width="{2.5 if me else 1.5}"/>')
            if info.get("drowning"):
                add(f'<circle cx={_attr(_num(cx))} cy={_attr(_num(cy))} '
                    f'r={_attr(_num(r - 4))} fill="none" stroke="#1f5fa8" stroke-width="2" '
                    'stroke-dasharray="4 3"/>')
            add(f'<circle class="actor-dot" cx={_attr(_num(cx))} cy={_attr(_num(cy))} r="3" '
                f'fill={_attr(ACTOR_RING)}/>')
            out.extend(_halo(cx, cy + 17, name, size=12, weight="bold", fill="#111",
                      cls="actor-label"))
            below = [w for w, on in (("drowning", info.get("drowning")),
                                      ("removed", info.get("removed"))) if on]
            if below:
                out.extend(_halo(cx, cy + 30, ", ".join(below), size=10, weight="bold",
                          fill="#1f5fa8" if info.get("drowning") else "#555",
                          cls="actor-state"))
            add("</g>")
        add("</g>")
        add("</g>")

    # the scale bar, under the first panel
    span = panels[0].max_x - panels[0].min_x
    bar_m = next((n for n in (20, 10, 5, 2, 1) if n <= span * 0.6), 1)
    bx, by = float(MARGIN_LEFT), panels_bottom + 40
    bar = [f'<g class="scale-bar" data-metres="{bar_m}">']
    for i in range(bar_m):
        bar.append(f'<rect x={_attr(_num(bx + i * PX_PER_M))} y={_attr(_num(by - 6))} '
                   f'width="{PX_PER_M}" height="6" fill={_attr("#333" if i % 2 == 0 else "#fff")}'
                   ' stroke="#333" stroke-width="1"/>')
    bar.append(_text(bx, by + 14, "0", size=10, cls="scale-label"))
    bar.append(_text(bx + bar_m * PX_PER_M, by + 14, f"{bar_m} m", size=10, cls="scale-label"))
    bar.append(_text(bx + bar_m * PX_PER_M + 24, by, f"grid 1 m · {PX_PER_M} px = 1 m",
                     size=10, anchor="start", fill="#666"))
    bar.append("</g>")
    out.extend(bar)

    # legend
    ly = by + 40
    legend: list[str] = ['<g class="legend">']
    widths: list[float] = []
    leg = legend.append
    leg(_text(MARGIN, ly, "legend", size=12, anchor="start", weight="bold"))
    ly += 20

    def row(items: list[tuple[str, str]]) -> None:
        """Swatches with their labels on one line (a swatch is drawn at its left edge x)."""
        nonlocal ly
        x = float(MARGIN)
        for swatch, label in items:
            leg(swatch.replace("{x}", _num(x)).replace("{x2}", _num(x + 26))
                .replace("{xm}", _num(x + 13)).replace("{y}", _num(ly - 11))
                .replace("{ym}", _num(ly - 4)))
            leg(_text(x + 32, ly, label, size=11, anchor="start"))
            x += 48 + _width(label, 11)
        widths.append(x + MARGIN)
        ly += 22

    if side_colour:
        row([(f'<circle cx="{{xm}}" cy="{{ym}}" r="8" fill={_attr(side_colour[s])} '
              f'fill-opacity="0.3" stroke={_attr(side_colour[s])} stroke-width="1.5"/>',
              f"side {s}") for s in side_colour])
    things: list[tuple[str, str]] = []  # only what is drawn
    if walls:
        things.append((f'<line x1="{{x}}" y1="{{ym}}" x2="{{x2}}" y2="{{ym}}" '
                       f'stroke={_attr(WALL)} stroke-width="6"/>', "wall"))
    if openings:
        things.append((f'<line x1="{{x}}" y1="{{ym}}" x2="{{x2}}" y2="{{ym}}" '
                       f'stroke={_attr(OPENING)} stroke-width="4"/>', "opening"))
    if any(not z.revealed for z in zones):
        things.append((f'<rect x="{{x}}" y="{{y}}" width="26" height="14" '
                       f'fill={_attr(HIDDEN_FILL)} stroke={_attr(HIDDEN_NOTE)} '
                       'stroke-dasharray="2 3"/>', "hidden zone (GM only)"))
    things.append((f'<rect x="{{x}}" y="{{y}}" width="26" height="14" fill={_attr(ZONE_FILL)} '
                   f'stroke={_attr(ZONE_STROKE)}/>',
                   "zone · cap: most people in it" if any(
                       z.props.get("capacity") is not None for z in zones) else "zone"))
    row(things)
    kinds = sorted({k for k, *_ in regions} | {c[0] for c in connectors})
    hazards: list[tuple[str, str]] = []
    for kind in kinds:
        if kind in {k for k, *_ in regions}:
            fill, stroke = REGION_STYLE.get(kind, REGION_DEFAULT)
            opacity = ' fill-opacity="0.45"' if kind == "water" else ""
            hazards.append((f'<rect x="{{x}}" y="{{y}}" width="26" height="14" '
                            f'fill={_attr(fill)}{opacity} stroke={_attr(stroke)}/>', kind))
    for kind in kinds:
        if kind in {c[0] for c in connectors}:
            colour = CONNECTOR_COLOUR.get(kind, "#555555")
            hazards.append((f'<line x1="{{x}}" y1="{{ym}}" x2="{{x2}}" y2="{{ym}}" '
                            f'stroke={_attr(colour)} stroke-width="2.5" '
                            'stroke-dasharray="7 4"/>', f"{kind} (connector)"))
    if hazards:
        row(hazards)
    if actor is not None:
        text = (f"where {actor} may end each move (best chance of success)" if best
                else f"{actor} has no destination now")
        row([(f'<rect x="{{x}}" y="{{y}}" width="26" height="14" fill={_attr(HIGHLIGHT)} '
              f'fill-opacity="0.22" stroke={_attr(HIGHLIGHT)} stroke-width="2.5"/>', text)])
        room = max(panels_right + MARGIN, 560.0) - 2 * MARGIN
        for line in wrap_list(f"{actor} may also:", loose, room) if loose else []:
            leg(_text(MARGIN, ly, line, size=11, anchor="start", cls="loose-options"))
            ly += 16
    if off_map:
        room = max(panels_right + MARGIN, 560.0) - 2 * MARGIN
        names = [f"{n} (at {i.get('at')})" for n, i in off_map]
        for line in wrap_list("not on the map:", names, room):
            leg(_text(MARGIN, ly, line, size=11, anchor="start", cls="off-map"))
            ly += 16
    legend.append("</g>")
    out.extend(legend)

    width = max(panels_right + MARGIN, 560.0,
                _width(title, 16, bold=True) + 2 * MARGIN, _width(sub, 11) + 2 * MARGIN,
                *widths)
    height = ly + 4
    data = f'data-map="to-scale" data-scale="m" data-px-per-m="{PX_PER_M}"'
    return svg_page(width, height, data, title, DEFS, out)
