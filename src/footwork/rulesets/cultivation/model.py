"""The `cultivation` map, actor stats and actor state.

A map is a set of zones (R000-16) joined by links (a place graph). Two zones are
*adjacent* only when a link between them carries both reach and sight (R000-29,
A000-26); a link may carry sight alone (a hole in a wall), may be one-way (a drop),
vertical (a ladder, R000-31), need a climb (R000-37) and have an opening size
(R000-74). Zones have Difficult Terrain ratings, water, a character limit,
traps, items, start-of-turn benefits and one tile effect.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from footwork import limits
from footwork.engine.state import Actor
from footwork.errors import excerpt
from footwork.fields import Coordinate, Name
from footwork.rulesets.cultivation.options import Surface
from footwork.rulesets.cultivation.ranges import (
    MAX_BODY_M,
    MAX_LIMIT,
    MAX_RATING,
    MAX_SCORE,
    Depth,
    Label,
    Metres,
    Points,
    Round,
    Score,
    Small,
    Steps,
)
from footwork.space import Link, Place, PlaceGraph

#: R000-27: the suggested Difficult Terrain ratings, by name
DT_PRESETS: dict[str, float] = {
    "frictionless": 0, "default": 1, "unstable": 8, "rubble": 15, "storm": 25,
}
#: R000-37: the climbing ratings, by name
CLIMB_PRESETS: dict[str, float] = {"ordinary": 10, "sheer": 20, "outrageous": 30}
#: R000-74: opening sizes, smallest first
OPENINGS: tuple[str, ...] = ("none", "hand", "projectile", "weapon", "open")
#: R000-75: the eight bands, top to bottom
BANDS: tuple[str, ...] = (
    "soaring", "flying", "floating", "ground", "swimming", "underwater", "depths", "far_depths",
)
GROUND = BANDS.index("ground")
Band = Literal[
    "soaring", "flying", "floating", "ground", "swimming", "underwater", "depths", "far_depths",
]
Ability = Literal["fly", "levitate", "grants_opportunity"]
TileKind = Literal["current", "elevator", "wave", "whirlpool", "antigravity"]


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


def _rating(value: float | str | bool | None, presets: Mapping[str, float],
            flagged: float) -> float | None:
    if value is None or value is False:
        return None
    if value is True:
        return flagged
    if isinstance(value, str):
        return presets[value]
    return float(value)


def _check_rating(value: object, presets: Mapping[str, float]) -> object:
    if isinstance(value, str) and value not in presets:
        raise ValueError(f"expected a number or one of: {', '.join(presets)}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise ValueError("expected a finite number")
        if value < 0:
            raise ValueError("a rating cannot be negative")
        if value > MAX_RATING:
            raise ValueError(f"expected a rating of at most {MAX_RATING}, got {value:g}")
    return value


class TrapSpec(_Spec):
    """R000-19, R000-54: a trap set off by whoever enters (by luck: a d6 at most ``luck``)."""

    name: Name = Field(
        description="The trap's name, shown in the log when it springs (R000-19).")
    damage: Points = Field(
        description="Damage the trap deals, off the Aura, to whoever sets it off; default 1 "
                    "(R000-19, R000-54).",
        default=1)
    luck: int | None = Field(
        description="When given, the trap goes off only on a d6 at most this (1-6); default null, "
                    "it always goes off (R000-19, R000-54).",
        default=None, ge=1, le=6)
    #: the characters know it is there (in plain sight, or found): options show it as a
    #: hazard; an unknown trap stays a secret until sprung
    known: bool = Field(
        description="Whether the characters know of the trap, so options show it as a hazard; "
                    "default false, a secret until it springs (R000-19).",
        default=False)


class TileSpec(_Spec):
    """R000-56..61: a tile effect, resolved at the end of every round (A000-18, A000-20)."""

    kind: TileKind = Field(
        description="The tile effect: `current`, `elevator`, `wave`, `whirlpool` or `antigravity` "
                    "(R000-56..61).")
    #: current/elevator/whirlpool: the zone occupants are carried to (an adjacent zone)
    to: Name | None = Field(
        description="For a current, an elevator or a whirlpool (bands off), the adjacent zone the "
                    "occupants are carried to each round; default null (R000-57, R000-58, "
                    "R000-60).",
        default=None)
    #: elevator: bands moved per round (positive up), when it moves bands instead of zones
    bands: int | None = Field(
        description="For an elevator moving bands instead of zones, bands moved each round, "
                    "positive up (-7 to 7); default null (R000-58).",
        default=None, ge=1 - len(BANDS), le=len(BANDS) - 1)
    #: wave: repeats every ``period`` rounds (default: wave.period), first in round ``first``
    period: Round | None = Field(
        description="For a wave, the rounds between two waves; default null, `wave.period` "
                    "(R000-59, A000-20).",
        default=None)
    first: Round = Field(
        description="For a wave, the round of the first wave; default 1 (R000-59).",
        default=1)
    #: wave: where the wave carries the occupants of each zone it sweeps (outward)
    sweep: dict[Name, Name] = Field(
        description="For a wave, the zones it sweeps, each mapped to the adjacent zone its "
                    "occupants are carried to; default none (R000-59).",
        default_factory=dict)
    #: antigravity: on at the start; switches off at the end of round ``until``
    active: bool = Field(
        description="For anti-gravity, whether it is on when the encounter starts; default true "
                    "(R000-61).",
        default=True)
    until: Round | None = Field(
        description="For anti-gravity, the round at whose end it switches off; default null, it "
                    "stays on until switched (R000-61).",
        default=None)


class ZoneSpec(_Spec):
    id: Name = Field(
        description="The zone's id, unique on the map, by which links, actors and commands name "
                    "it (R000-16).")
    name: Label = Field(
        description="A readable name for the zone; informational, default empty.",
        default="")
    #: R000-20: the storyteller's size (informational; a 5 m cube by default)
    size_m: Metres = Field(
        description="The zone's size in m, the Storyteller's call and informational; default 5, "
                    "over 50 without the `large` tag draws a warning (R000-20).",
        default=5)
    tags: list[Name] = Field(
        description="Free tags on the zone; `large` silences the warning for a zone over 50 m; "
                    "default none (R000-20).",
        default_factory=list)
    #: R000-22, R000-27, A000-06: a rating, a preset name, or true for the default rating
    dt: float | str | bool | None = Field(
        description="The zone's Difficult Terrain rating: a number from 0, a preset "
                    "(`frictionless`, `default`, `unstable`, `rubble`, `storm`) or true for "
                    "`dt.default_rating`; default null, no roll (R000-22, R000-27, A000-06).",
        default=None)
    #: R000-43..45: water depth in metres
    water_m: Depth = Field(
        description="The water depth in m; default 0, dry (R000-43..45).",
        default=0)
    #: A000-15: the whole zone is under water (breath is held whatever the band)
    submerged: bool = Field(
        description="Whether the whole zone is under water, so breath is held whatever the band; "
                    "default false (R000-47, A000-15).",
        default=False)
    #: R000-32: the most characters the zone holds
    limit: int | None = Field(
        description="The most characters the zone holds; default null, no limit (R000-32).",
        default=None, ge=1, le=MAX_LIMIT)
    #: height of the floor in metres (for drops and sight); default 0
    floor_m: Coordinate = Field(
        description="The floor's height in m, for drops and sight; default 0.",
        default=0)
    #: R000-41: the landing surface; water deep enough to dive lands as water (A000-10)
    surface: Surface = Field(
        description="The landing surface for a fall: `water`, `soft`, `hard` (default) or "
                    "`suicidal`; water deep enough lands as water (R000-41, A000-10).",
        default="hard")
    #: R000-67: in a tall object's shadow (upward sight 10 m); under a roof (no sky)
    shadow: bool = Field(
        description="Whether the zone lies in a tall object's shadow, sight upward reaching "
                    "`sight.shadow_up_m`; default false (R000-67).",
        default=False)
    roofed: bool = Field(
        description="Whether the zone is under a roof, with no sky to see; default false "
                    "(R000-67).",
        default=False)
    #: R000-64: a flat, open field in perfect weather
    open_field: bool = Field(
        description="Whether the zone is a flat, open field in perfect weather, sight reaching "
                    "`sight.open_field_m`; default false (R000-64).",
        default=False)
    traps: list[TrapSpec] = Field(
        description="Traps set off by whoever enters the zone; default none (R000-19, R000-54).",
        default_factory=list)
    #: R000-19: consumable items anyone in the zone may use
    items: list[Label] = Field(
        description="Consumable items lying in the zone that anyone there may `use_item`; default "
                    "none (R000-19).",
        default_factory=list)
    #: R000-19: helpful or harmful elemental effects (described; their effects are the GM's)
    effects: list[Label] = Field(
        description="Elemental effects of the zone, helpful or harmful, recorded but left to the "
                    "Storyteller; default none (R000-19).",
        default_factory=list)
    #: R000-54: start-of-turn benefits (drawing power from a ley line...)
    start_of_turn: list[Label] = Field(
        description="Benefits offered at the start of a turn in the zone, or on a forced arrival, "
                    "such as a ley line; default none (R000-54).",
        default_factory=list)
    tile: TileSpec | None = Field(
        description="The zone's tile effect, resolved at the end of every round; default null, "
                    "none (R000-56..61, A000-18).",
        default=None)
    #: R000-35, A000-09: the adjacent zones counted clockwise from the GM's reference
    clockwise: list[Name] | None = Field(
        description="The adjacent zones in the Storyteller's clockwise order, for spill-over; "
                    "default null, the order of the links (R000-35, A000-09).",
        default=None)
    #: R000-75, A000-24: the deepest band the water reaches (default: from the depth)
    deepest: Band | None = Field(
        description="The deepest band the water reaches; default null, from `water_m`: Swimming "
                    "below 5 m, Underwater from 5, Depths from 50, Far Depths from 200 (R000-75, "
                    "A000-24).",
        default=None)
    #: where to draw the zone (any unit); laid out automatically when left out
    pos: tuple[Coordinate, Coordinate] | None = Field(
        description="Where to draw the zone, as x and y in any unit; default null, laid out "
                    "automatically.",
        default=None)

    @field_validator("dt", mode="before")
    @classmethod
    def _dt(cls, value: object) -> object:
        return _check_rating(value, DT_PRESETS)


class LinkSpec(_Spec):
    """A way between zones: reach (movement), sight, one way, vertical, a climb, a drop."""

    a: Name = Field(
        description="The id of the zone at one end (the start, when one-way).")
    b: Name = Field(
        description="The id of the zone at the other end (the end, when one-way).")
    reach: bool = Field(
        description="Whether one can move through; default true, false is a hole to look or shoot "
                    "through (R000-29, R000-65, A000-26).",
        default=True)
    sight: bool = Field(
        description="Whether one can see through; default true, false is a dark passage; zones "
                    "are adjacent only with reach and sight (R000-29, A000-26).",
        default=True)
    one_way: bool = Field(
        description="Whether the link goes only from `a` to `b`; default false (R000-31).",
        default=False)
    #: R000-31: a ladder, a shaft, a drop
    vertical: bool = Field(
        description="Whether the link is vertical, a ladder or a shaft; default false (R000-31).",
        default=False)
    #: R000-37: entering ``b`` (and ``a``, unless one-way) by climbing: a rating or a preset
    climb: float | str | None = Field(
        description="The climbing rating to enter `b` (and `a`, unless one-way): a number or "
                    "`ordinary` (10), `sheer` (20), `outrageous` (30); default null, no climb "
                    "(R000-37, A000-30).",
        default=None)
    #: R000-39: a drop: crossing it is a fall of ``drop_m`` metres (default: the floors'
    #: difference, or one zone step)
    drop: bool = Field(
        description="Whether crossing the link is a fall; needs `one_way`; default false "
                    "(R000-39, A000-10).",
        default=False)
    drop_m: Metres | None = Field(
        description="The height of the drop in m; default null, the floors' difference, else "
                    "`fall.zone_height_m` (R000-39, A000-10).",
        default=None)
    #: R000-65, R000-74: how big the gap is (default: open for reach links, none otherwise)
    opening: Literal["none", "hand", "projectile", "weapon", "open"] | None = Field(
        description="How big the gap is, for what fits through: `none`, `hand`, `projectile`, "
                    "`weapon` or `open`; default null, `open` for reach links and `none` "
                    "otherwise (R000-65, R000-74).",
        default=None)

    @field_validator("climb", mode="before")
    @classmethod
    def _climb(cls, value: object) -> object:
        return _check_rating(value, CLIMB_PRESETS)

    @model_validator(mode="after")
    def _drop_one_way(self) -> LinkSpec:
        if self.drop and not self.one_way:
            raise ValueError("a drop goes one way: add one_way: true")
        return self


class CultivationMapSpec(_Spec):
    """The `map` of a `cultivation` encounter file."""

    zones: list[ZoneSpec] = Field(
        description="The zones of the map, at least one (R000-16).",
        min_length=1)
    #: a link is ``[a, b]`` or a mapping with the fields of :class:`LinkSpec`
    links: list[LinkSpec | tuple[Name, Name]] = Field(
        description="The ways between zones, each `[a, b]` or a mapping with the link's fields; "
                    "default none (R000-29).",
        default_factory=list)

    @field_validator("zones")
    @classmethod
    def _places(cls, value: list[ZoneSpec]) -> list[ZoneSpec]:
        # the `places` limit, before the place graph is built
        limits.check_in_validator("places", len(value))
        return value

    def link_specs(self) -> list[LinkSpec]:
        return [ln if isinstance(ln, LinkSpec) else LinkSpec(a=ln[0], b=ln[1])
                for ln in self.links]


class CultivationStats(_Spec):
    """The `stats` of a `cultivation` actor."""

    air: Score = Field(
        description="The Air score added to Air Challenges; default 0 (A000-01).",
        default=0)
    earth: Score = Field(
        description="The Earth score added to Earth Challenges; default 0 (A000-01).",
        default=0)
    prowess: Small = Field(
        description="Rounds the character holds its breath before the Penalty starts; default 3 "
                    "(R000-47).",
        default=3)
    height_m: float = Field(
        description="The character's height in m, against which water depth decides swimming; "
                    "default 1.8 (R000-43, A000-12).",
        default=1.8, ge=0.01, le=MAX_BODY_M)
    #: defences: Earth (forced movement, breath) and Stealth (R000-71, A000-32)
    earth_defense: Points = Field(
        description="The Earth defence, the target of a throw or a limit Challenge against it; "
                    "the breath Penalty above it knocks it out; default 10 (R000-33, R000-47, "
                    "A000-17).",
        default=10)
    stealth_defense: Points = Field(
        description="The Stealth defence, the target of a `sense` Challenge against it while "
                    "hidden; default 10 (R000-71, A000-32).",
        default=10)
    aura: Points = Field(
        description="Aura points that damage comes off; default 10 (R000-42, A000-11).",
        default=10)
    wounds: Small = Field(
        description="Wounds taken so far; default 0 (R000-42, A000-11).",
        default=0)
    abilities: list[Ability] = Field(
        description="Abilities: `fly` (rise to any air band), `levitate` (rise to Floating "
                    "only), `grants_opportunity` (a foe leaving its zone offers it an "
                    "Opportunity); default none (R000-06, R000-77, A000-29).",
        default_factory=list)
    #: R000-70: the range (zones) of the actor's Art that ignores line of sight (0: none)
    art_range: Steps = Field(
        description="The range in zones of the character's Art that ignores line of sight, "
                    "counted over any link; default 0, none (R000-70).",
        default=0)
    #: R000-66, R000-71: hidden behind a Stealth defence
    hidden: bool = Field(
        description="Whether the character is hidden, unknown to others until sensed; default "
                    "false (R000-66, R000-71).",
        default=False)
    band: Band = Field(
        description="The band it starts in, bands on: `soaring` to `far_depths`; default `ground` "
                    "(R000-75).",
        default="ground")
    #: a standing bonus or penalty to every Challenge (effects outside this chapter)
    bonus: Score = Field(
        description="A standing bonus added to every Challenge it rolls, from effects outside "
                    "this chapter; default 0.",
        default=0)
    penalty: int = Field(
        description="A standing Penalty taken off every Challenge it rolls, added to the "
                    "others, from effects outside this chapter; default 0.",
        default=0, ge=0, le=MAX_SCORE)


@dataclass(frozen=True, slots=True)
class CultivationActor(Actor):
    """A character in a `cultivation` encounter: stats, position, and this round's flags."""

    air: int
    earth: int
    prowess: int
    height_m: float
    earth_defense: int
    stealth_defense: int
    aura: int
    wounds: int
    abilities: tuple[str, ...]
    art_range: int
    hidden: bool
    bonus: int
    penalty: int
    band: str = "ground"
    #: metres above the zone's floor (floating under anti-gravity with bands off)
    altitude_m: float = 0
    partner: str | None = None
    #: R000-02/03: this round's Speed budget and what is spent of it
    speed: int = 1
    spent: int = 0
    #: the round's Action is used (Sprint, a failed crossing, a throw)
    action_spent: bool = False
    #: A000-04: the Move is over for the round (a blocked crossing; a partner's joint move)
    move_over: bool = False
    #: R000-11: the actor's turn this round has ended
    turn_taken: bool = False
    #: this turn's Move is a joint move with the partner (R000-11..13)
    joint: bool = False
    #: a fall under way: metres still to fall, rounds fallen, metres fallen, where it lands
    fall_left_m: float = 0
    fall_rounds: int = 0
    fallen_m: float = 0
    fall_onto: str | None = None
    #: the fall under way was the faller's own doing (a drop): no R000-54 benefit on landing
    fall_voluntary: bool = False
    #: R000-78: falling (or sinking) one band per round, and how many bands so far
    band_falling: bool = False
    bands_fallen: int = 0
    #: R000-47: rounds holding breath, and the stacking Penalty
    breath_rounds: int = 0
    breath_penalty: int = 0
    unconscious: bool = False
    #: R000-71: hidden characters this one has sensed
    aware_of: tuple[str, ...] = ()
    #: R000-28: zones whose Difficult Terrain the Storyteller waived for this actor this round
    waived: tuple[str, ...] = ()
    #: R000-76: the target in an adjacent band reached this round
    reached: str | None = None
    #: R000-54: start-of-turn benefits it may use now
    benefits: tuple[str, ...] = ()


def deepest_band(spec: ZoneSpec) -> int:
    """A000-24: how deep the bands of a zone go (index into BANDS; GROUND when dry)."""
    if spec.deepest is not None:
        return BANDS.index(spec.deepest)
    if spec.water_m <= 0:
        return GROUND
    if spec.water_m >= 200:
        return BANDS.index("far_depths")
    if spec.water_m >= 50:
        return BANDS.index("depths")
    if spec.water_m >= 5:
        return BANDS.index("underwater")
    return BANDS.index("swimming")


class CultivationMap:
    """The fixed map of an encounter: zones in a place graph, and their properties."""

    def __init__(self, spec: CultivationMapSpec, flagged_dt: float) -> None:
        self.zones: dict[str, ZoneSpec] = {}
        for i, z in enumerate(spec.zones):
            if z.id in self.zones:
                raise ValueError(f"zones[{i}].id: zone {z.id!r} is declared twice")
            self.zones[z.id] = z
        self.dt: dict[str, float | None] = {
            z.id: _rating(z.dt, DT_PRESETS, flagged_dt) for z in spec.zones}
        specs = spec.link_specs()
        known = excerpt(", ".join(self.zones), 120)
        for i, ln in enumerate(specs):
            for end in (ln.a, ln.b):
                if end not in self.zones:
                    raise ValueError(f"links[{i}]: unknown zone {end!r}; expected one of: {known}")
            if ln.a == ln.b:
                raise ValueError(f"links[{i}]: a link joins two different zones")
        places = [Place(z.id, "zone", None, 0, {"floor_m": z.floor_m}) for z in spec.zones]
        links = []
        for ln in specs:
            opening = ln.opening or ("open" if ln.reach else "none")
            climb = None if ln.climb is None else _rating(ln.climb, CLIMB_PRESETS, 10)
            drop_m = ln.drop_m
            if ln.drop and drop_m is None:
                diff = self.zones[ln.a].floor_m - self.zones[ln.b].floor_m
                drop_m = diff if diff > 0 else None
            links.append(Link(ln.a, ln.b, reach=ln.reach, sight=ln.sight, one_way=ln.one_way,
                              needs=frozenset({"climb"} if climb is not None else ()),
                              props={"vertical": ln.vertical, "climb": climb,
                                     "drop": ln.drop, "drop_m": drop_m, "opening": opening}))
        try:
            self.graph = PlaceGraph(places, links)
        except ValueError as exc:
            raise ValueError(f"links: {exc}") from None
        #: every link's far end, reach and sight or not (for Arts that ignore sight)
        self._any_link: dict[str, list[str]] = {z: [] for z in self.zones}
        for link in self.graph.links():
            self._any_link[link.a].append(link.b)
        for i, z in enumerate(spec.zones):
            self._check_zone(i, z)
        self.positions = {z.id: z.pos for z in spec.zones if z.pos is not None}

    def _check_zone(self, i: int, z: ZoneSpec) -> None:
        where = f"zones[{i}]"
        near = set(self.adjacent(z.id))
        if z.clockwise is not None:
            for j, other in enumerate(z.clockwise):
                if other not in near:
                    raise ValueError(f"{where}.clockwise[{j}]: {other!r} is not adjacent to "
                                     f"{z.id!r}")
        tile = z.tile
        if tile is None:
            return
        if tile.to is not None and tile.to not in near:
            raise ValueError(f"{where}.tile.to: {tile.to!r} is not adjacent to {z.id!r}")
        if tile.kind in ("current",) and tile.to is None:
            raise ValueError(f"{where}.tile.to: a current needs the zone it flows to")
        if tile.kind == "elevator" and (tile.to is None) == (tile.bands is None):
            raise ValueError(f"{where}.tile: an elevator moves to a zone (to) or by bands")
        for src, dst in tile.sweep.items():
            if src not in self.zones or dst not in self.adjacent(src):
                raise ValueError(f"{where}.tile.sweep.{src}: {dst!r} is not adjacent to "
                                 f"{src!r}")

    # -- reading the map ------------------------------------------------------------

    def __contains__(self, zone: object) -> bool:
        return zone in self.zones

    def zone(self, zone_id: str) -> ZoneSpec:
        return self.zones[zone_id]

    def link(self, a: str, b: str) -> Link | None:
        return self.graph.link(a, b)

    def adjacent(self, zone_id: str) -> tuple[str, ...]:
        """R000-29, A000-26: zones one link away that carries both reach and sight."""
        out = []
        for other in self.graph.neighbours(zone_id):
            link = self.graph.link(zone_id, other)
            if link is not None and link.sight:
                out.append(other)
        return tuple(out)

    def clockwise(self, zone_id: str) -> tuple[str, ...]:
        """A000-09: the adjacent zones in the GM's clockwise order (else as the links list)."""
        order = self.zones[zone_id].clockwise
        near = self.adjacent(zone_id)
        if order is None:
            return near
        return tuple(order) + tuple(z for z in near if z not in order)

    def climb(self, a: str, b: str) -> float | None:
        link = self.graph.link(a, b)
        value = None if link is None else link.props.get("climb")
        return None if value is None else float(value)

    def climbed_into(self, zone_id: str) -> bool:
        """R000-37: some way into the zone is a climb (a drop owes none, A000-10)."""
        return any(link.b == zone_id and self.climb(link.a, link.b) is not None
                   and not self.is_drop(link.a, link.b) for link in self.graph.links())

    def is_drop(self, a: str, b: str) -> bool:
        link = self.graph.link(a, b)
        return bool(link is not None and link.props.get("drop"))

    def drop_metres(self, a: str, b: str, zone_height_m: float) -> float:
        link = self.graph.link(a, b)
        value = None if link is None else link.props.get("drop_m")
        return float(value) if value is not None else zone_height_m

    def opening(self, a: str, b: str) -> str:
        link = self.graph.link(a, b)
        return "none" if link is None or not link.sight else str(link.props["opening"])

    def deepest(self, zone_id: str) -> int:
        return deepest_band(self.zones[zone_id])

    def landing_surface(self, zone_id: str, water_min_depth_m: float) -> str:
        """R000-41, A000-10: deep water lands as water; shallow water as hard ground."""
        z = self.zones[zone_id]
        if z.water_m > 0 or z.surface == "water":
            return "water" if z.water_m >= water_min_depth_m else "hard"
        return z.surface

    def distance(self, a: str, b: str, *, any_link: bool = False) -> int | None:
        """Zone steps from a to b: over adjacency, or over any link (LoS-ignoring Arts)."""
        if a == b:
            return 0
        seen = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for here in frontier:
                ways = self._any_link[here] if any_link else self.adjacent(here)
                for there in ways:
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        if there == b:
                            return seen[there]
                        nxt.append(there)
            frontier = nxt
        return None


def swim_penalty(depth_m: float, low: int, high: int) -> int:
    """R000-45, A000-14: the depth in metres, rounded up, clamped to [low, high]."""
    return max(low, min(high, math.ceil(depth_m)))
