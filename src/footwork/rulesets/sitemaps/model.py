"""The `sitemaps` map, actor stats and actor state.

A site map is a set of zones that are polygons in metres on floors (R004-01,
R004-03, R004-04), joined by openings on shared borders, climbs between floors
and gaps to leap; walls, rough surfaces and water are parts of it too. Every
character stands at an exact point of a zone (R004-05).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    field_validator,
    model_validator,
)
from shapely import LineString, Point, Polygon, box, prepare, unary_union

from footwork import limits
from footwork.engine.state import Actor
from footwork.fields import Coordinate, Distance, Name
from footwork.rulesets.sitemaps.ranges import (
    MAX_ATTRIBUTE,
    MAX_BULK,
    MAX_CAPACITY,
    MAX_ZONE_M,
    Floor,
)
from footwork.rulesets.sitemaps.ranges import Point as Coord
from footwork.space.picture import PictureRef
from footwork.space.zonemap import XY, Connector, ZoneMap, ZoneShape

Grade = Literal["trivial", "challenging", "extreme"]
Quality = Literal["narrow", "uneven", "slippery"]


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class _Shaped(_Spec):
    """Something drawn as ``rect: [x, y, width, depth]`` or ``polygon: [[x, y], ...]``."""

    rect: tuple[Coordinate, Coordinate, Distance, Distance] | None = Field(
        default=None,
        description="The shape as an axis-aligned rectangle `[x, y, width, depth]` in metres; "
                    "give this or `polygon`, not both.")
    polygon: list[Coord] | None = Field(
        default=None,
        description="The shape as a list of `[x, y]` corners in metres; give this or `rect`, "
                    "not both.")

    @model_validator(mode="after")
    def _one_shape(self) -> _Shaped:
        if (self.rect is None) == (self.polygon is None):
            raise ValueError("give exactly one of rect [x, y, width, depth] or polygon")
        if self.rect is not None and (self.rect[2] <= 0 or self.rect[3] <= 0):
            raise ValueError("a rect needs a positive width and depth")
        if self.polygon is not None:
            if len(self.polygon) < 3:
                raise ValueError("a polygon needs at least 3 corners")
            if len(set(self.polygon)) < 3:
                raise ValueError("a polygon needs at least 3 different corners")
        return self

    def extent(self) -> tuple[float, float]:
        """Width and depth of the box around the shape, in metres."""
        if self.rect is not None:
            return self.rect[2], self.rect[3]
        assert self.polygon is not None
        xs, ys = [p[0] for p in self.polygon], [p[1] for p in self.polygon]
        return max(xs) - min(xs), max(ys) - min(ys)

    def shape(self) -> Any:
        if self.rect is not None:
            x, y, w, d = self.rect
            return box(x, y, x + w, y + d)
        assert self.polygon is not None
        return Polygon(self.polygon)


class WaterSpec(_Spec):
    """R004-27: the zone is water; turbulent water needs a roll; a current carries drowners."""

    turbulent: bool = Field(
        default=False,
        description="Whether the water is turbulent, so swimming it needs a roll and an "
                    "overloaded character cannot enter it; default false (R004-27, R004-29).")
    #: the zone a drowning character drifts into each round (A004-13)
    current: Name | None = Field(
        default=None,
        description="The water zone a drowning character here drifts into each round, on "
                    "this floor or below (a waterfall: a fall of the floors between); "
                    "default null, no current (R004-28, A004-13, A004-15).")


class ZoneSpec(_Shaped):
    id: Name = Field(
        description="The zone's unique name, used in `at` and in commands.")
    floor: Floor = Field(
        default=0,
        description="Which storey the zone is on; default 0.")
    #: R004-04: a zone is one floor tall, 2 to 3 m
    height_m: float = Field(
        description="How tall the zone is in metres, 2 to 3; default 2.5 (R004-04).",
        default=2.5, ge=2.0, le=3.0)
    #: R004-02: revealed to the players yet?
    revealed: bool = Field(
        default=True,
        description="Whether the players have seen the zone yet; default true (R004-02).")
    #: R004-06, A004-07: how many characters fit; default from the floor area
    capacity: int | None = Field(
        description="How many characters may stop in the zone; default null, its floor area "
                    "divided by `zones.area_per_character_m2` (R004-06, A004-07).",
        default=None, ge=0, le=MAX_CAPACITY)
    #: R004-03: the GM accepts a zone longer than the guideline (no warning)
    large: bool = Field(
        default=False,
        description="Whether the GM accepts the zone being longer than the 10 m guideline, "
                    "silencing the warning; default false (R004-03).")
    water: WaterSpec | None = Field(
        default=None,
        description="Makes the zone water to swim in, with its turbulence and current; default "
                    "null, dry (R004-27, R004-28).")
    #: a climbing face (mid-climb zone): R004-24..26
    climb: Grade | None = Field(
        default=None,
        description="Makes the zone a climbing face of this grade (`trivial`, `challenging`, "
                    "`extreme`), where a character is mid-climb; default null (R004-24..26).")
    #: where a fall from this zone lands (a climbing face's foot, a catwalk's floor)
    below: Name | None = Field(
        default=None,
        description="The zone where a fall from this one lands, such as a face's foot or the "
                    "floor under a catwalk; default null.")

    @model_validator(mode="after")
    def _size(self) -> ZoneSpec:
        width, depth = self.extent()
        if max(width, depth) > MAX_ZONE_M:
            raise ValueError(f"zone {self.id!r} is {width:g} x {depth:g} m; a zone is at most "
                             f"{MAX_ZONE_M:g} m along x and y (R004-03 suggests 10 m)")
        return self


class OpeningSpec(_Spec):
    """A way between two zones of one floor: ``at`` a segment of their shared border (a
    doorway), or the whole border when left out."""

    between: tuple[Name, Name] = Field(
        description="The two zones of one floor the opening joins.")
    at: tuple[Coord, Coord] | None = Field(
        default=None,
        description="The doorway as a segment `[[x1, y1], [x2, y2]]` of the shared border; "
                    "default null, the whole border is open (A004-16).")

    @field_validator("at")
    @classmethod
    def _segment(cls, value: tuple[Coord, Coord] | None) -> tuple[Coord, Coord] | None:
        if value is not None and value[0] == value[1]:
            raise ValueError("a doorway needs two different points")
        return value


class ClimbSpec(_Spec):
    """A way up from zone ``between[0]`` to zone ``between[1]`` (one floor up, A004-11)."""

    between: tuple[Name, Name] = Field(
        description="The lower zone and the zone exactly one floor above it that the climb "
                    "joins (A004-11).")
    at: Coord = Field(
        description="The foot of the climb, `[x, y]` in metres in the lower zone.")
    #: where the climb arrives above (default: the same point)
    top: Coord | None = Field(
        default=None,
        description="Where the climb arrives above, `[x, y]` in metres; default null, the same "
                    "point as `at`.")
    grade: Grade = Field(
        default="trivial",
        description="How hard the climb is: `trivial` (default, no roll), `challenging` (a "
                    "roll) or `extreme` (impossible) (R004-24..26, A004-10).")


class GapSpec(_Spec):
    """A gap to leap, from a take-off point in one zone to a landing point in the other."""

    between: tuple[Name, Name] = Field(
        description="The take-off zone and the landing zone of the leap; it may be crossed "
                    "either way.")
    start: Coord = Field(
        description="The take-off point `[x, y]` in metres, written `from`; the gap's width is "
                    "its distance to `to`, with the floors between as height "
                    "(`leap.between_floors`; R004-30).",
        alias="from")
    end: Coord = Field(
        description="The landing point `[x, y]` in metres, written `to` (R004-30).",
        alias="to")
    #: where a failed leap falls (R004-30); left out, the leaper stays at the take-off
    below: Name | None = Field(
        default=None,
        description="The zone a failed leap falls into; default null, the leaper stays at the "
                    "take-off (R004-30).")
    depth_m: Distance | None = Field(
        default=None,
        description="How far in metres a failed leap falls; default null, the floors between "
                    "the zones times `hazards.floor_height_m` (R004-30, A004-15).")

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True,
                              allow_inf_nan=False)


def _wall_line(line: list[Coord]) -> list[Coord]:
    if len(set(line)) < 2:
        raise ValueError("a wall needs at least two different points")
    return line


class WallSpec(_Spec):
    floor: Floor = Field(
        default=0,
        description="Which storey the wall is on; default 0.")
    line: list[Coord] = Field(
        description="The wall as a polyline of at least two `[x, y]` points in metres, which "
                    "no path may cross.",
        min_length=2)

    @field_validator("line")
    @classmethod
    def _line(cls, value: list[Coord]) -> list[Coord]:
        return _wall_line(value)


def _wall_form(value: Any) -> str:
    return "WallSpec" if isinstance(value, dict | WallSpec) else "Points"


#: a wall is ``{floor, line}`` or a bare list of points on floor 0; the form is picked by
#: the value's shape, so that a fault is reported inside the form given
Wall = Annotated[
    Annotated[WallSpec, Tag("WallSpec")]
    | Annotated[list[Coord], Field(min_length=2), AfterValidator(_wall_line), Tag("Points")],
    Discriminator(_wall_form)]


class RoughSpec(_Shaped):
    """R004-22, R004-23: a surface to balance on, with its qualities."""

    floor: Floor = Field(
        default=0,
        description="Which storey the surface is on; default 0.")
    qualities: list[Quality] = Field(
        description="Its roughness among `narrow`, `uneven` and `slippery`: one means AGI "
                    "rolls, `hazards.impassable_qualities` or more makes it impassable "
                    "(R004-22, R004-23, A004-10).",
        min_length=1)
    below: Name | None = Field(
        default=None,
        description="The zone where a fall from the surface lands; default null (R004-22).")


class SitemapsMapSpec(_Spec):
    """The `map` of a `sitemaps` encounter file."""

    zones: list[ZoneSpec] = Field(
        description="The zones of the site, at least one (R004-01..06).",
        min_length=1)
    openings: list[OpeningSpec] = Field(
        description="The ways between zones of one floor that share a border; any other shared "
                    "border is wall; default none (A004-16).",
        default_factory=list)
    walls: list[Wall] = Field(
        description="Polylines no path may cross, each `{floor, line}` or a bare list of "
                    "points on floor 0; default none.",
        default_factory=list)
    climbs: list[ClimbSpec] = Field(
        description="Ways from a zone up to a zone one floor above; default none (R004-24..26, "
                    "A004-11).",
        default_factory=list)
    gaps: list[GapSpec] = Field(
        description="Gaps to leap from one zone to another; default none (R004-30, R004-31).",
        default_factory=list)
    rough: list[RoughSpec] = Field(
        description="Rough surfaces to balance on; default none (R004-22, R004-23).",
        default_factory=list)
    picture: PictureRef | None = Field(
        default=None,
        description="A picture drawn under the map (an imported battle map), its north-west "
                    "corner at (0, 0); default none.")

    @field_validator("zones")
    @classmethod
    def _zones(cls, value: list[ZoneSpec]) -> list[ZoneSpec]:
        # the `zones` limit, before any geometry is built
        limits.check_in_validator("zones", len(value))
        return value

    @model_validator(mode="after")
    def _vertices(self) -> SitemapsMapSpec:
        # the `vertices` limit: zone and rough-surface corners and wall points, in all
        corners = sum(4 if s.polygon is None else len(s.polygon)
                      for s in (*self.zones, *self.rough))
        points = sum(len(w.line) if isinstance(w, WallSpec) else len(w) for w in self.walls)
        limits.check_in_validator("vertices", corners + points)
        return self


class SitemapsStats(_Spec):
    """The `stats` of a `sitemaps` actor."""

    #: where in its zone the actor stands, in metres (default: a free spot)
    point: Coord | None = Field(
        default=None,
        description="Where in its zone the actor stands, `[x, y]` in metres; default null, a "
                    "free spot near the zone's middle (R004-05).")
    STR: int = Field(
        description="The strength attribute rolled against in STR rolls; default 10 (A004-01).",
        default=10, ge=0, le=MAX_ATTRIBUTE)
    AGI: int = Field(
        description="The agility attribute rolled against in AGI rolls; default 10 (A004-01).",
        default=10, ge=0, le=MAX_ATTRIBUTE)
    slow: bool = Field(
        default=False,
        description="Whether the character is slow and cannot rush; default false (R004-15, "
                    "A004-03).")
    fast: bool = Field(
        default=False,
        description="Whether the character is fast, with a 2-zone move step; default false "
                    "(R004-16, A004-03).")
    #: R004-27, A004-12: bulk carried and the carry limit (default: the option)
    bulk: int = Field(
        description="The bulk the character carries; default 0 (R004-27).",
        default=0, ge=0, le=MAX_BULK)
    carry_limit: int | None = Field(
        description="The bulk it can carry before being overloaded; default null, the "
                    "`hazards.carry_limit` option (R004-27, A004-12).",
        default=None, ge=0, le=MAX_BULK)


@dataclass(frozen=True, slots=True)
class SiteActor(Actor):
    """A character on a site map: its zone and exact point, attributes, this activation."""

    point: tuple[float, float]
    STR: int
    AGI: int
    slow: bool
    fast: bool
    bulk: int
    carry_limit: int
    #: zones moved this activation, by the move step and a rush (R004-13, R004-14)
    zones_moved: int = 0
    rushed: bool = False
    #: took its action (a rush included): no more movement this activation (A004-02)
    acted: bool = False
    #: a pin or a failed roll ended its movement for this activation (R004-21)
    stopped: bool = False
    #: pins attempted this round (A004-04)
    pins_used: int = 0
    #: R004-28: drowning: no actions, drifts with the current
    drowning: bool = False
    #: fell this activation: the fall was the failed roll's outcome, no second roll (A004-09)
    fell: bool = False
    #: the straight run its last movement this activation ended with: unit heading and
    #: metres, for a running start across the move step and a rush (A004-14, A004-18)
    run: tuple[float, float, float] | None = None


@dataclass(frozen=True)
class Rough:
    polygon: Any
    floor: int
    qualities: tuple[str, ...]
    below: str | None


class SiteMap:
    """The fixed site map: geometry (a :class:`ZoneMap`) plus hazards."""

    def __init__(self, spec: SitemapsMapSpec, area_per_character: float) -> None:
        self.specs = {z.id: z for z in spec.zones}
        #: the picture drawn under the map (docs/import.md)
        self.picture = spec.picture.model_dump() if spec.picture else None
        shapes = [ZoneShape(z.id, z.shape(), z.floor) for z in spec.zones]
        openings = [(o.between[0], o.between[1],
                     LineString(o.at) if o.at is not None else None) for o in spec.openings]
        connectors: list[Connector] = []
        for c in spec.climbs:
            lower, upper = c.between
            for z in c.between:
                if z not in self.specs:
                    raise ValueError(f"climb {lower}–{upper}: unknown zone {z!r}")
            if self.specs[upper].floor != self.specs[lower].floor + 1:
                raise ValueError(f"climb {lower}–{upper}: {upper!r} must be one floor above "
                                 f"{lower!r} (A004-11)")
            connectors.append(Connector(lower, upper, "climb", c.at, c.top or c.at,
                                        props={"grade": c.grade}))
        for g in spec.gaps:
            a, b = g.between
            for z in g.between:
                if z not in self.specs:
                    raise ValueError(f"gap {a}–{b}: unknown zone {z!r}")
            if g.below is not None and g.below not in self.specs:
                raise ValueError(f"gap {a}–{b}: unknown zone below {g.below!r}")
            width = math.dist(g.start, g.end)
            connectors.append(Connector(a, b, "gap", g.start, g.end,
                                        props={"width": width, "below": g.below,
                                               "depth_m": g.depth_m}))
        walls = [(w.floor, LineString(w.line)) if isinstance(w, WallSpec)
                 else (0, LineString(w)) for w in spec.walls]
        self.geometry = ZoneMap(shapes, openings, connectors, walls)
        self.rough = [Rough(r.shape(), r.floor, tuple(sorted(set(r.qualities))), r.below)
                      for r in spec.rough]
        for r, rs in zip(self.rough, spec.rough, strict=True):
            if not r.polygon.is_valid or r.polygon.area <= 0:
                raise ValueError("a rough surface's polygon is not valid or has no area")
            if rs.below is not None and rs.below not in self.specs:
                raise ValueError(f"rough surface: unknown zone below {rs.below!r}")
        for zspec in spec.zones:
            for name in (zspec.below, zspec.water.current if zspec.water else None):
                if name is not None and name not in self.specs:
                    raise ValueError(f"zone {zspec.id!r}: unknown zone {name!r}")
            # R004-28, A004-13 (the s31 review): a current carries a drowning body through
            # water; onto dry ground it would leave it drowning with nothing to drown in
            flows_to = zspec.water.current if zspec.water else None
            if flows_to is not None and self.specs[flows_to].water is None:
                raise ValueError(f"zone {zspec.id!r}: its current flows into {flows_to!r}, "
                                 "which is not water; expected a water zone")
            # A004-13: one zone along the current's way, so into one it touches (beside
            # it, or under it over a waterfall), never over the land between (the s34 review)
            if flows_to is not None and not self.geometry.zones[zspec.id].polygon.buffer(
                    1e-6).intersects(self.geometry.zones[flows_to].polygon):
                raise ValueError(f"zone {zspec.id!r}: its current flows into {flows_to!r}, "
                                 "which does not touch it; expected a water zone beside or "
                                 "below it")
            # water runs level or down: a current cannot carry a body up a storey (the
            # s34 review; a current down a storey is a waterfall, a fall, A004-15)
            if flows_to is not None and self.specs[flows_to].floor > zspec.floor:
                raise ValueError(f"zone {zspec.id!r}: its current flows up into {flows_to!r} "
                                 f"(floor {self.specs[flows_to].floor} above floor "
                                 f"{zspec.floor}); expected a zone on its floor or below")
        self.capacity = {
            z.id: z.capacity if z.capacity is not None
            else int(self.geometry.zones[z.id].polygon.area // area_per_character)
            for z in spec.zones
        }
        self._known_graph: Any = None
        self._air: dict[int, Any] = {}

    def reach_clear(self, p: XY, q: XY, floor: int) -> bool:
        """Whether arm's reach from ``p`` to ``q`` on ``floor`` is clear: no wall and no
        closed border in between (A004-16). Besides the zones, it may cross the open air
        of a gap between two zones of the floor, as anyone reaches over a crack that can
        be stepped or leapt across (R004-09, R004-30, R004-31)."""
        if self.geometry.clear(p, q, floor):
            return True
        voids = self._gap_air(floor)
        if voids is None:
            return False
        line = LineString([p, q]) if math.dist(p, q) > 1e-9 else Point(p)
        return bool(voids.covers(line))

    def _gap_air(self, floor: int) -> Any:
        """The free space of ``floor`` with the air of its gaps: between the two zones of
        each gap, what lies in no zone (cached per floor; None without gaps)."""
        if floor not in self._air:
            zones = [z.polygon for z in self.geometry if z.floor == floor]
            hulls = [unary_union([self.geometry.zones[c.a].polygon,
                                  self.geometry.zones[c.b].polygon]).convex_hull
                     for c in self.geometry.connectors
                     if c.kind == "gap" and self.floor(c.a) == self.floor(c.b) == floor]
            air = None
            if hulls:
                gaps = unary_union(hulls).difference(unary_union(zones))
                air = unary_union([self.geometry.loose_free(floor), gaps.buffer(1e-6)])
                prepare(air)
            self._air[floor] = air
        return self._air[floor]

    def known_graph(self) -> Any:
        """The zone graph as a ``networkx.DiGraph`` (built once), for routes that must go
        round some zones (``movement.zone_routes``)."""
        if self._known_graph is None:
            self._known_graph = self.geometry.graph.to_networkx()
        return self._known_graph

    def __contains__(self, zone: object) -> bool:
        return zone in self.specs

    def floor(self, zone: str) -> int:
        return self.specs[zone].floor

    def zone_at(self, point: XY, floor: int) -> str | None:
        return self.geometry.zone_at(point, floor)

    def longest_dimension(self, zone: str) -> float:
        """A zone's length: the long side of the smallest rectangle around it (R004-03)."""
        rect = self.geometry.zones[zone].polygon.minimum_rotated_rectangle
        coords = list(rect.exterior.coords)
        return max(math.dist(p, q) for p, q in pairwise(coords))

    def rough_at(self, point: XY, floor: int) -> Rough | None:
        for r in self.rough:
            if r.floor == floor and r.polygon.covers(Point(point)):
                return r
        return None

    def is_water(self, zone: str) -> bool:
        return self.specs[zone].water is not None
