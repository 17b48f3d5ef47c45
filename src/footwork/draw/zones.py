"""Draw an encounter as a standalone SVG: places, links, actors, and one actor's options.

Ruleset-neutral: it reads only the ruleset's ``space_json`` (places, links,
positions), the state JSON (actors with ``at`` and ``side``) and
``session.options``. Top-level places are boxes laid out by the map's
positions (or a seeded spring layout); child places (features) are smaller
boxes inside their parent. The output is deterministic.

:func:`footwork.draw.render.render_svg` picks the drawing: this one for graph maps,
:mod:`footwork.draw.to_scale` for maps in metres, :mod:`footwork.draw.grid` for grids.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from xml.sax.saxutils import escape

import networkx as nx

from footwork.draw.common import (
    ACTOR_RING,
    FALL,
    HIGHLIGHT,
    _attr,
    _fall_words,
    _num,
    _text,
    _width,
    fall_odds,
    heading,
    percent,
    side_colours,
    success_odds,
    svg_page,
    wrap_list,
)
from footwork.draw.marks import actor_attrs, place_attr, targets_by_place

# -- geometry constants (pixels) --------------------------------------------------

PAD = 10
TOKEN_R = 12
TOKEN_STEP = 32
HEADER_H = 42
TOKEN_ROW_H = 50
CHILD_MIN_W = 120
CHILD_HEADER_H = 40
GAP = 70  # the least gap between two top-level boxes
TITLE_H = 56
CHILD_COLS = 3
BADGE_W = 44  # room beside a label for an odds badge

KIND_FILL: dict[str, str] = {
    "cover": "#dcefd8",
    "threshold": "#fbe3c4",
    "on_high": "#d6e4f5",
}
EXTRA_FILLS = ("#eadcf2", "#f5f0c8", "#d8efef", "#f2d8dd")
def _halo(x: float, y: float, content: str, *, size: int = 10, fill: str = "#222",
          cls: str = "") -> list[str]:
    """Text over a white outline of itself, readable over the lines it sits on."""
    common = (f'x={_attr(_num(x))} y={_attr(_num(y))} font-size={_attr(size)} '
              'text-anchor="middle"')
    klass = f" class={_attr(cls)}" if cls else ""
    return [f'<text class="halo" {common} fill="#ffffff" stroke="#ffffff" stroke-width="4" '
            f'stroke-linejoin="round" aria-hidden="true">{escape(content)}</text>',
            f"<text{klass} {common} fill={_attr(fill)}>{escape(content)}</text>"]


DEFS = (
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="12" '
    'markerHeight="12" markerUnits="userSpaceOnUse" orient="auto-start-reverse">'
    '<path d="M0,0 L10,5 L0,10 z" '
    'fill="#555"/></marker>'
    '<pattern id="zones-difficult" width="9" height="9" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="9" stroke="#a6611a" '
    'stroke-width="2" stroke-opacity="0.35"/></pattern></defs>'
)


@dataclass
class _Box:
    id: str
    kind: str
    x: float = 0.0  # centre
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    lines: list[str] = field(default_factory=list)
    tip: str = ""
    children: list[_Box] = field(default_factory=list)
    tokens: list[Mapping[str, Any]] = field(default_factory=list)
    head: float = float(HEADER_H)  # from the top to the first row of tokens
    slot: float = float(TOKEN_STEP)  # the room of one token, its label included
    per_row: int = 1
    fill: str | None = None  # water
    dt: bool = False  # difficult terrain


#: the longest line of words under a place's name, in pixels, before it wraps
INFO_W = 230.0
#: tokens side by side in a box before they wrap to another row
TOKENS_PER_ROW = 5
WATER_SHALLOW, WATER_DEEP = "#e6f1fb", "#8fc0e8"


def _value(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _terrain(place: Mapping[str, Any], here: int = 0) -> list[str]:
    """What a place's props say, in words (``water 60 m deep``, ``holds 2``), the
    props without a word of their own as ``key value``."""
    props: Mapping[str, Any] = place.get("props") or {}
    parts: list[str] = []
    dt = place.get("dt")
    if dt not in (None, False, 0):
        parts.append(f"difficult terrain {_value(dt)}")
    for key, value in props.items():
        if value is None or value is False or value == [] or value == {}:
            continue
        if key == "floor_m":
            parts += [f"floor at {_value(value)} m"] if value else []
        elif key == "water_m":
            parts.append(f"water {_value(value)} m deep")
        elif key == "submerged":
            parts.append("under water")
        elif key in ("limit", "capacity"):
            full = isinstance(value, int) and here >= value
            parts.append(f"holds {_value(value)}" + (" · full" if full else ""))
        elif key == "surface":
            parts += [f"surface {value}"] if value != "hard" else []
        elif key == "guards":
            parts.append("guarded by " + ", ".join(str(v) for v in value))
        elif key == "tile":
            parts.append(f"tile: {value}")
        elif key == "start_of_turn":
            parts.append("at turn start: " + ", ".join(str(v) for v in value))
        elif key in ("shadow", "roofed", "open_field") and value is True:
            parts.append({"shadow": "in shadow", "open_field": "open field"}.get(key, key))
        elif key == "deepest":
            parts.append(f"deepest band {value}")
        elif value is True:
            parts.append(str(key).replace("_", " "))
        elif isinstance(value, list):
            parts.append(f"{str(key).replace('_', ' ')}: {', '.join(str(v) for v in value)}")
        elif isinstance(value, str | int | float):
            parts.append(f"{str(key).replace('_', ' ')} {_value(value)}")
    return parts


def _wrap(parts: Sequence[str], width: float, size: int = 10) -> list[str]:
    lines: list[str] = []
    for part in parts:
        if lines and _width(f"{lines[-1]} · {part}", size) <= width:
            lines[-1] = f"{lines[-1]} · {part}"
        else:
            lines.append(part)
    return lines


def token_label(info: Mapping[str, Any]) -> str:
    """The name under a token, with its height (spans) or band (cultivation) when it is
    off the ground."""
    label = str(info["id"])
    height = info.get("height")
    if isinstance(height, int) and not isinstance(height, bool) and height:
        label += f" h{height}"
    band = info.get("band")
    if isinstance(band, str) and band and band != "ground":
        label += f" · {band}"
    return label


def _token_room(tokens: Sequence[Mapping[str, Any]]) -> tuple[float, int, int]:
    """A token's slot width (its disc or its label, whichever is wider), how many go in a
    row, and how many rows."""
    if not tokens:
        return float(TOKEN_STEP), 0, 0
    slot = max(float(TOKEN_STEP), *(_width(token_label(t), 10) + 8 for t in tokens))
    per_row = min(len(tokens), TOKENS_PER_ROW)
    return slot, per_row, -(-len(tokens) // per_row)


def water_fill(place: Mapping[str, Any]) -> str | None:
    """A blue as deep as the place's water (deeper is darker), or None when dry."""
    depth = (place.get("props") or {}).get("water_m")
    if not isinstance(depth, int | float) or isinstance(depth, bool) or depth <= 0:
        return None
    t = min(1.0, math.log1p(float(depth)) / math.log1p(60.0))
    ca = [int(WATER_SHALLOW[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(WATER_DEEP[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(ca, cb, strict=True))


def _child_box(place: Mapping[str, Any], parent_elev: int,
               tokens: list[Mapping[str, Any]], badge: bool) -> _Box:
    kind = str(place.get("kind", ""))
    elev = int(place.get("elevation", 0) or 0)
    second = kind.replace("_", " ")
    if elev != parent_elev or kind == "on_high":
        second += f" · height {elev}"
    info = _wrap([second, *_terrain(place, len(tokens))], INFO_W)
    lines = [str(place["id"]), *info]
    slot, per_row, rows = _token_room(tokens)
    w = max(CHILD_MIN_W, _width(lines[0], bold=True) + 2 * PAD + (2 * BADGE_W if badge else 0),
            *(_width(t, 10) + 2 * PAD for t in lines[1:]), per_row * slot + 2 * PAD)
    head = 26.0 + 12 * len(info)
    h = head + (rows * TOKEN_ROW_H if rows else 6)
    return _Box(str(place["id"]), kind, w=w, h=h, lines=lines, head=head,
                tip=f"{place['id']}: " + " · ".join(info), tokens=tokens, slot=slot,
                per_row=per_row, fill=water_fill(place), dt=place.get("dt") not in (
                    None, False, 0))


def _top_box(place: Mapping[str, Any], children: list[_Box],
             tokens: list[Mapping[str, Any]], badge: bool) -> _Box:
    kind = str(place.get("kind", ""))
    elev = int(place.get("elevation", 0) or 0)
    first = [] if kind == "zone" else [kind.replace("_", " ")]  # every box is a zone
    info = _wrap(first + ([f"height {elev}"] if elev else []) + _terrain(place, len(tokens)),
                 INFO_W)
    lines = [str(place["id"]), *info]
    rows = [children[i:i + CHILD_COLS] for i in range(0, len(children), CHILD_COLS)]
    rows_w = [sum(c.w for c in row) + PAD * (len(row) - 1) for row in rows]
    slot, per_row, token_rows = _token_room(tokens)
    w = max(180.0, _width(lines[0], 13, bold=True) + 2 * PAD + (2 * BADGE_W if badge else 0),
            *(_width(t, 10) + 2 * PAD for t in info), per_row * slot + 2 * PAD,
            *(rw + 2 * PAD for rw in rows_w))
    head = 30.0 + 12 * len(info)
    # room for the tokens there, else a little (more if nothing else is inside)
    h = head + (token_rows * TOKEN_ROW_H if token_rows else 8.0 if children else 30.0)
    for row in rows:
        h += max(c.h for c in row) + PAD
    h += PAD if rows else 0
    return _Box(str(place["id"]), kind, w=w, h=h, lines=lines, head=head,
                tip=f"{place['id']}: " + " · ".join(info), children=children, tokens=tokens,
                slot=slot, per_row=per_row, fill=water_fill(place),
                dt=place.get("dt") not in (None, False, 0))


def _layout(tops: Sequence[_Box], links: Iterable[tuple[str, str]],
            positions: Mapping[str, Sequence[float]]) -> dict[str, tuple[float, float]]:
    """Unit positions of the top-level places: the map's, the missing ones by spring layout."""
    ids = [b.id for b in tops]
    given = {k: (float(v[0]), float(v[1])) for k, v in positions.items() if k in ids}
    if len(given) == len(ids):
        return given
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from((a, b) for a, b in links if a in graph and b in graph and a != b)
    if len(ids) == 1:
        return {ids[0]: (0.0, 0.0)}
    fixed = sorted(given) or None
    if len(ids) - len(given) > SPRING_MAX:
        # the spring layout grows with the square of the places: a big map gets a
        # cheap deterministic one (a circle), still readable as a graph
        pos = {**nx.circular_layout(graph), **{k: tuple(v) for k, v in given.items()}}
    else:
        pos = nx.spring_layout(graph, seed=1, pos=dict(given) or None, fixed=fixed)
    # spring_layout's y grows upward; the map's positions grow downward like the SVG
    return {k: (round(float(v[0]), 6), round(float(v[1]), 6)) for k, v in pos.items()}


def _scale(tops: Sequence[_Box], unit: Mapping[str, tuple[float, float]]) -> float:
    """The least scale at which no two top-level boxes overlap (with a gap between)."""
    scale = 1.0
    for i, a in enumerate(tops):
        for b in tops[i + 1:]:
            dx = abs(unit[a.id][0] - unit[b.id][0])
            dy = abs(unit[a.id][1] - unit[b.id][1])
            need_x = (a.w + b.w) / 2 + GAP
            need_y = (a.h + b.h) / 2 + GAP
            sx = need_x / dx if dx > 1e-9 else math.inf
            sy = need_y / dy if dy > 1e-9 else math.inf
            scale = max(scale, min(sx, sy))
    return scale if math.isfinite(scale) else 200.0


def _edge_point(box: _Box, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the box's centre toward a point leaves the box."""
    dx, dy = toward[0] - box.x, toward[1] - box.y
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return box.x, box.y
    tx = (box.w / 2) / abs(dx) if abs(dx) > 1e-9 else math.inf
    ty = (box.h / 2) / abs(dy) if abs(dy) > 1e-9 else math.inf
    t = min(tx, ty, 1.0)
    return box.x + dx * t, box.y + dy * t


#: above this many places without positions, the map is laid out on a circle
SPRING_MAX = 300


def render_zones(space: Mapping[str, Any], state: Mapping[str, Any], actor: str | None,
                 found: Sequence[Any]) -> str:
    """The SVG of a graph map (zones, spans and their features as boxes and links), from
    the seat's ``space_json`` and state JSON and ``actor``'s options (``found``)."""
    actors: Mapping[str, Mapping[str, Any]] = state.get("actors") or {}
    places: list[Mapping[str, Any]] = list(space.get("places") or [])
    raw_links: list[Mapping[str, Any]] = list(space.get("links") or [])
    positions: Mapping[str, Sequence[float]] = space.get("positions") or {}

    by_id = {str(place["id"]): place for place in places}

    # sides and kinds get colours in a fixed order
    side_colour = side_colours(actors)
    kind_fill = dict(KIND_FILL)
    child_kinds: list[str] = []
    for place in places:
        if place.get("parent") is not None and str(place.get("kind")) not in child_kinds:
            child_kinds.append(str(place.get("kind")))
    extra = [k for k in child_kinds if k not in kind_fill]
    for i, k in enumerate(extra):
        kind_fill[k] = EXTRA_FILLS[i % len(EXTRA_FILLS)]

    # options: the best success odds per destination
    targets = targets_by_place(found)
    best: dict[str, Fraction] = {}
    badge: dict[str, str] = {}
    tips: dict[str, list[str]] = {}
    loose: list[str] = []
    here = str((actors.get(actor) or {}).get("at")) if actor is not None else ""
    drops = {str(ln["b"]): (ln.get("props") or {}).get("drop_m") for ln in raw_links
             if str(ln["a"]) == here and (ln.get("props") or {}).get("drop")}
    for option in found:
        if option.to is None:
            loose.append(option.label)
            continue
        chance = success_odds(option)
        if chance >= best.get(option.to, Fraction(-1)):
            # a move with no roll shows its verb; a certain fall says so (it is no
            # success), and so does a step over a drop, with its height
            if fall_odds(option) == 1:
                badge[option.to] = _fall_words(option)
            elif option.checks:
                badge[option.to] = percent(chance)
            elif option.to in drops and option.command.get("do") != "throw":
                height = drops[option.to]
                badge[option.to] = "fall" + (f" {_value(height)} m" if isinstance(
                    height, int | float) and not isinstance(height, bool) else "")
            else:
                badge[option.to] = str(option.command["do"])
        best[option.to] = max(best.get(option.to, Fraction(0)), chance)
        tips.setdefault(option.to, []).append(f"{option.label}: {percent(chance)}")

    tokens_at: dict[str, list[Mapping[str, Any]]] = {}
    off_map: list[Mapping[str, Any]] = []
    for aid, info in actors.items():
        body = {**info, "id": info.get("id", aid)}
        at = str(info.get("at"))
        if at in by_id:
            tokens_at.setdefault(at, []).append(body)
        else:
            off_map.append(body)

    # nesting: top-level boxes, each holding its children (deeper levels flattened)
    def top_of(pid: str) -> str:
        seen: set[str] = set()
        while by_id[pid].get("parent") is not None and pid not in seen:
            seen.add(pid)
            parent = str(by_id[pid]["parent"])
            if parent not in by_id:
                break
            pid = parent
        return pid

    tops: list[_Box] = []
    boxes: dict[str, _Box] = {}
    for p in places:
        if p.get("parent") is not None:
            continue
        pid = str(p["id"])
        elev = int(p.get("elevation", 0) or 0)
        kids = [
            _child_box(c, elev, tokens_at.get(str(c["id"]), []), str(c["id"]) in best)
            for c in places
            if c.get("parent") is not None and top_of(str(c["id"])) == pid
        ]
        box = _top_box(p, kids, tokens_at.get(pid, []), pid in best)
        tops.append(box)
        boxes[pid] = box
        for kid in kids:
            boxes[kid.id] = kid

    # links: one line per pair, unless it is one-way
    drawn: dict[tuple[str, str], Mapping[str, Any]] = {}
    for ln in raw_links:
        a, b = str(ln["a"]), str(ln["b"])
        if a not in boxes or b not in boxes:
            continue
        key = (a, b) if ln.get("one_way") or a < b else (b, a)
        if key not in drawn:
            drawn[key] = ln
    top_pairs = [(top_of(a), top_of(b)) for a, b in drawn]

    unit = _layout(tops, top_pairs, positions)
    scale = _scale(tops, unit)
    for box in tops:
        box.x, box.y = unit[box.id][0] * scale, unit[box.id][1] * scale
    if tops:
        min_x = min(b.x - b.w / 2 for b in tops)
        min_y = min(b.y - b.h / 2 for b in tops)
        for box in tops:
            box.x += PAD * 2 - min_x
            box.y += TITLE_H - min_y
    for box in tops:
        token_rows = -(-len(box.tokens) // max(box.per_row, 1))
        left = box.x - box.w / 2 + PAD
        y = box.y - box.h / 2 + box.head + (token_rows * TOKEN_ROW_H if token_rows else 8.0)
        for i in range(0, len(box.children), CHILD_COLS):
            row = box.children[i:i + CHILD_COLS]
            row_w = sum(k.w for k in row) + PAD * (len(row) - 1)
            x = max(left, box.x - row_w / 2)
            for kid in row:
                kid.x, kid.y = x + kid.w / 2, y + kid.h / 2
                x += kid.w + PAD
            y += max(k.h for k in row) + PAD

    map_right = max((b.x + b.w / 2 for b in tops), default=200.0)
    map_bottom = max((b.y + b.h / 2 for b in tops), default=TITLE_H)

    out: list[str] = []
    add = out.append

    # title
    title, sub = heading(state, actor, "highlighted places, best success odds")
    add(_text(PAD * 2, 24, title, size=16, anchor="start", weight="bold", cls="title"))
    if sub:
        add(_text(PAD * 2, 42, sub, size=11, anchor="start", fill="#555", cls="subtitle"))

    # links below boxes
    link_kinds: set[str] = set()
    add('<g class="links">')
    for (a, b), ln in drawn.items():
        start = _edge_point(boxes[a], (boxes[b].x, boxes[b].y))
        end = _edge_point(boxes[b], (boxes[a].x, boxes[a].y))
        style = 'stroke="#555" stroke-width="2"'
        kinds = ["two-way"]
        if ln.get("one_way"):
            style += ' stroke-dasharray="8 5" marker-end="url(#arrow)"'
            kinds = ["one-way"]
        if not ln.get("reach", True):
            style = style.replace('stroke="#555"', 'stroke="#888"')
            style += ' stroke-dasharray="2 4"' if "dasharray" not in style else ""
            kinds.append("sight-only" if ln.get("sight", True) else "blocked")
        link_kinds.add("link" if kinds[0] == "two-way" else kinds[0])
        if len(kinds) > 1 and kinds[1] == "sight-only":
            link_kinds.add("sight only")
        add(f'<line class={_attr("link " + " ".join(kinds))} data-a={_attr(a)} '
            f'data-b={_attr(b)} x1={_attr(_num(start[0]))} y1={_attr(_num(start[1]))} '
            f'x2={_attr(_num(end[0]))} y2={_attr(_num(end[1]))} {style}>'
            f'<title>{escape(f"{a} – {b}: " + " ".join(kinds))}</title></line>')
        labels = [str(n) for n in ln.get("needs") or []]
        for k, v in (ln.get("props") or {}).items():
            if v is True and k not in labels:
                labels.append(k)
            elif isinstance(v, int | float) and not isinstance(v, bool) and v:
                # a rating or a height: climb 10, drop 8 m
                labels = [t for t in labels if t != k.removesuffix("_m")]
                labels.append(f"{k[:-2]} {_value(v)} m" if k.endswith("_m") else f"{k} {_value(v)}")
        if labels:
            mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2 - 5
            if len(labels) > 1:  # a climb or a drop is vertical by itself
                labels = [t for t in labels if t != "vertical"]
            out.extend(_halo(mx, my, ", ".join(labels), size=10, fill="#444", cls="link-label"))
    add("</g>")

    def draw_tokens(box: _Box, y: float) -> None:
        for i, a in enumerate(box.tokens):
            row, col = divmod(i, box.per_row)
            in_row = min(box.per_row, len(box.tokens) - row * box.per_row)
            x = box.x + (col - (in_row - 1) / 2) * box.slot
            ty = y + row * TOKEN_ROW_H
            aid = str(a["id"])
            colour = side_colour.get(str(a.get("side", "")), "#777")
            me = aid == actor
            faded = ' opacity="0.4"' if a.get("removed") else ""
            cls = "actor selected" if me else "actor"
            add(f"<g class={_attr(cls)}{actor_attrs(aid, a)}{faded}>")
            tip = f"{aid} ({a.get('side')}) at {a.get('at')}"
            add(f"<title>{escape(tip)}</title>")
            if me:
                add(f'<circle class="selected-ring" cx={_attr(_num(x))} cy={_attr(_num(ty))} '
                    f'r="{TOKEN_R + 4}" fill="none" stroke={_attr(HIGHLIGHT)} stroke-width="3"/>')
            add(f'<circle class="actor-disc" cx={_attr(_num(x))} cy={_attr(_num(ty))} '
                f'r="{TOKEN_R}" fill={_attr(colour)} stroke={_attr(ACTOR_RING)} '
                f'stroke-width="{2 if me else 1}"/>')
            add(_text(x, ty + 4, aid[:4], size=10, weight="bold", fill="#fff",
                      cls="actor-short"))
            add(_text(x, ty + TOKEN_R + 14, token_label(a), size=10, fill="#222",
                      cls="actor-label"))
            add("</g>")

    def draw_box(box: _Box, *, top: bool) -> None:
        classes = ["place", "top" if top else "feature"]
        if box.id in best:
            classes.append("target")
        fill = box.fill or ("#f7f7f4" if top else kind_fill.get(box.kind, "#eeeeee"))
        stroke, width = ("#444", 1.5) if top else ("#777", 1.0)
        if box.id in best:
            stroke, width = HIGHLIGHT, 4.0
        x, y = box.x - box.w / 2, box.y - box.h / 2
        marks = targets[box.id].attrs() if box.id in targets else place_attr(box.id)
        add(f"<g class={_attr(' '.join(classes))}{marks}>")
        tip = box.tip + ("\n" + "\n".join(tips[box.id]) if box.id in tips else "")
        add(f"<title>{escape(tip)}</title>")
        add(f'<rect x={_attr(_num(x))} y={_attr(_num(y))} width={_attr(_num(box.w))} '
            f'height={_attr(_num(box.h))} rx="{12 if top else 8}" fill={_attr(fill)} '
            f'stroke={_attr(stroke)} stroke-width={_attr(_num(width))}/>')
        if box.dt:  # difficult terrain: hatched
            add(f'<rect class="difficult" x={_attr(_num(x))} y={_attr(_num(y))} '
                f'width={_attr(_num(box.w))} height={_attr(_num(box.h))} rx="{12 if top else 8}" '
                'fill="url(#zones-difficult)" stroke="none"/>')
        add(_text(box.x, y + 17, box.lines[0], size=13 if top else 12, weight="bold",
                  cls="place-label"))
        for i, line in enumerate(box.lines[1:]):
            add(_text(box.x, y + 31 + 12 * i, line, size=10, fill="#555", cls="place-kind"))
        if box.id in best:
            falls = badge[box.id].startswith("fall")
            add(_text(x + box.w - 6, y + 14, badge[box.id], size=11, anchor="end",
                      weight="bold", fill=FALL if falls else "#a05a00",
                      cls="fall" if falls else "odds"))
        if box.tokens:
            draw_tokens(box, y + box.head + TOKEN_R + 6)
        add("</g>")
        for kid in box.children:
            draw_box(kid, top=False)

    add('<g class="places">')
    for box in tops:
        draw_box(box, top=True)
    add("</g>")

    # legend (and actors that stand nowhere on the map)
    ly = map_bottom + 30
    legend: list[str] = ['<g class="legend">']
    legend_widths: list[float] = []
    leg = legend.append
    leg(_text(PAD * 2, ly, "legend", size=12, anchor="start", weight="bold"))
    ly += 18
    x = PAD * 2.0
    for side in side_colour:
        leg(f'<circle cx={_attr(_num(x + 8))} cy={_attr(_num(ly - 4))} r="7" '
            f'fill={_attr(side_colour[side])} stroke="#111"/>')
        leg(_text(x + 20, ly, f"side {side}", size=11, anchor="start"))
        x += 40 + _width(f"side {side}", 11)
    ly += 22
    x = PAD * 2.0
    for kind in child_kinds:
        leg(f'<rect x={_attr(_num(x))} y={_attr(_num(ly - 12))} width="16" height="14" rx="3" '
            f'fill={_attr(kind_fill[kind])} stroke="#777"/>')
        leg(_text(x + 22, ly, kind.replace("_", " "), size=11, anchor="start"))
        x += 40 + _width(kind, 11)
    if child_kinds:
        ly += 22
    terrain: list[tuple[str, str]] = []
    if any(b.fill for b in boxes.values()):
        sample = water_fill({"props": {"water_m": 20}}) or ""
        terrain.append((f"fill={_attr(sample)}", "water (deeper: darker)"))
    if any(b.dt for b in boxes.values()):
        terrain.append(('fill="url(#zones-difficult)"', "difficult terrain"))
    x = PAD * 2.0
    for fill, label in terrain:
        leg(f'<rect x={_attr(_num(x))} y={_attr(_num(ly - 12))} width="16" height="14" rx="3" '
            f'{fill} stroke="#777"/>')
        leg(_text(x + 22, ly, label, size=11, anchor="start"))
        x += 40 + _width(label, 11)
    if terrain:
        ly += 22
    x = PAD * 2.0
    for label, style in (
        ("link", 'stroke="#555" stroke-width="2"'),
        ("one-way", 'stroke="#555" stroke-width="2" stroke-dasharray="8 5" '
                    'marker-end="url(#arrow)"'),
        ("sight only", 'stroke="#888" stroke-width="2" stroke-dasharray="2 4"'),
    ):
        if label not in link_kinds:
            continue
        leg(f'<line x1={_attr(_num(x))} y1={_attr(_num(ly - 4))} x2={_attr(_num(x + 36))} '
            f'y2={_attr(_num(ly - 4))} {style}/>')
        leg(_text(x + 44, ly, label, size=11, anchor="start"))
        x += 60 + _width(label, 11)
    labels = [token_label(t) for b in boxes.values() for t in b.tokens]
    for shown, note in ((" h", "h2 = height 2"), (" · ", "floating: the height band")):
        if any(shown in label for label in labels):
            leg(_text(x, ly, note, size=11, anchor="start"))
            x += 20 + _width(note, 11)
    ly += 22
    if actor is not None:
        leg(f'<rect x="{_num(PAD * 2)}" y={_attr(_num(ly - 12))} width="16" height="14" '
            f'rx="3" fill="none" stroke={_attr(HIGHLIGHT)} stroke-width="3"/>')
        text = (f"where {actor} can go now (best chance of success)" if best
                else f"{actor} has no destination now")
        if any(b.startswith("fall") for b in badge.values()):
            text += "; fall: a certain fall"
        leg(_text(PAD * 2 + 22, ly, text, size=11, anchor="start"))
        ly += 20
        page = max(map_right + PAD * 2, 560.0) - 4 * PAD
        for line in wrap_list(f"{actor} may also:", loose, page) if loose else []:
            leg(_text(PAD * 2, ly, line, size=11, anchor="start", cls="loose-options"))
            ly += 16
    if off_map:
        page = max(map_right + PAD * 2, 560.0) - 4 * PAD
        names = [f"{a['id']} (at {a.get('at')})" for a in off_map]
        for line in wrap_list("not on the map:", names, page):
            leg(_text(PAD * 2, ly, line, size=11, anchor="start", cls="off-map"))
            ly += 16
    legend.append("</g>")
    out.extend(legend)

    width = max(map_right + PAD * 2, 560.0, _width(title, 16, bold=True) + 4 * PAD,
                _width(sub, 11) + 4 * PAD, *legend_widths)
    height = ly + PAD
    return svg_page(width, height, 'data-map="zones"', title, DEFS, out)
