"""The `spans` map, actor stats and actor state.

A map is a set of spans (the horizontal unit, R003-10) joined by links; each
span holds terrain features (R003-14, A003-06: a feature belongs to one span).
Heights are whole numbers, one storey each (R003-24, A003-18): every span has
a ground height, an on-high feature stands at its own height.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

from footwork import limits
from footwork.engine.state import Actor
from footwork.errors import ScenarioError, excerpt
from footwork.fields import Coordinate, Name
from footwork.rulesets.spans.options import Surface
from footwork.rulesets.spans.ranges import (
    ActionDice,
    Capacity,
    Height,
    Resource,
)
from footwork.space import Link, Place, PlaceGraph

FeatureKind = Literal["cover", "threshold", "on_high"]
Access = Literal["run", "climb"]
Mode = Literal["grounded", "floating", "flying"]
ActionDie = Literal["attack", "brace", "maneuver"]
Ability = Literal["leaf_on_the_wind", "ride_wind", "untether"]

#: R003-04/08: the resource a struggle costs, by the action die rolled
RESOURCE_OF_DIE: dict[str, str] = {"attack": "guard", "brace": "stamina", "maneuver": "awareness"}
ACTION_DICE: tuple[str, ...] = ("attack", "brace", "maneuver")


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FeatureSpec(_Spec):
    """A terrain feature inside a span (R003-15)."""

    id: Name = Field(
        description="The feature's unique name, used as a place in `at` and in commands.")
    kind: FeatureKind = Field(
        description="What the feature is: `cover`, `threshold` (a choke point) or `on_high` "
                    "(raised terrain) (R003-15).")
    #: on-high features: the height of the top (default: one above the span's ground)
    height: Height | None = Field(
        default=None,
        description="For an on-high feature, the height of its top in storeys; default null, "
                    "one above its span's ground (R003-22, R003-24).")
    #: R003-23: ``run`` when stairs or a slope lead up, else ``climb``
    access: Access | None = Field(
        default=None,
        description="How an on-high feature is reached: `run` when stairs or a slope lead up, "
                    "else `climb`; default null, climbed (R003-23).")
    #: A003-06: how many characters fit (None: the option's default)
    capacity: Capacity | None = Field(
        default=None,
        description="How many characters fit in the feature; default null, the "
                    "`feature.default_capacity` option (A003-06).")
    #: R003-25, R003-26: what one lands on when falling onto the feature; a feature over
    #: the Skysea (a skyreme's deck, R003-22) is something to stand on, so hard by default
    surface: Surface | None = Field(
        default=None,
        description="What a fall onto this feature lands on: `hard`, `soft`, `water` or "
                    "`skysea`; default null, its span's surface, or `hard` over the Skysea "
                    "(a deck is something to stand on) (R003-22, R003-25, R003-26).")
    #: thresholds: the spans whose crossing passes through this choke point (R003-20)
    guards: list[Name] = Field(
        description="For a threshold, the adjacent spans whose crossings pass through it; "
                    "default none (R003-20).",
        default_factory=list)


def _older_ground_key(schema: dict[str, Any]) -> None:
    """The encounter schema accepts the older key `ground` for a span's `height`."""
    props = schema.get("properties", {})
    if "height" in props:
        props["ground"] = {**props["height"], "deprecated": True,
                           "description": "the older name of `height`, still read"}


class SpanSpec(_Spec):
    model_config = ConfigDict(frozen=True, extra="forbid", json_schema_extra=_older_ground_key)

    id: Name = Field(
        description="The span's unique name, used as a place in `at` and in commands.")
    #: the height its ground stands at (R003-24: heights are the one vertical unit); files
    #: write it `height`, and the older key `ground` is still read (issue 13, item 11)
    ground: Height = Field(
        description="The height, in storeys, its ground stands at; default 0 (R003-24, "
                    "A003-18).",
        default=0, validation_alias=AliasChoices("height", "ground"))
    surface: Surface = Field(
        default="hard",
        description="What lies underfoot, for falls: `hard` (default), `soft`, `water` or "
                    "`skysea`, the bottomless sky (R003-25, R003-26).")
    features: list[FeatureSpec] = Field(
        description="The terrain features inside this span, each belonging to it alone; "
                    "default none (R003-14, A003-06).",
        default_factory=list)
    #: where to draw the span (any unit); laid out automatically when left out
    pos: tuple[Coordinate, Coordinate] | None = Field(
        default=None,
        description="Where to draw the span, as two numbers in any unit; default null, laid "
                    "out automatically.")


class LinkSpec(_Spec):
    """Two spans side by side. ``stairs`` lets a Run climb or descend between grounds."""

    a: Name = Field(
        description="One span the link joins.")
    b: Name = Field(
        description="The other span the link joins.")
    stairs: bool = Field(
        default=False,
        description="Whether stairs or a slope let a Run change height between the two "
                    "grounds; default false.")
    one_way: bool = Field(
        default=False,
        description="Whether movement only goes from `a` to `b`; default false, both ways.")
    sight: bool = Field(
        default=True,
        description="Whether one can see across the link; default true.")
    reach: bool = Field(
        default=True,
        description="Whether one can reach (target) across the link; default true.")


class SpansMapSpec(_Spec):
    """The `map` of a `spans` encounter file."""

    spans: list[SpanSpec] = Field(
        description="The spans of the map, the horizontal unit of distance; at least one "
                    "(R003-10).",
        min_length=1)
    #: a link is ``[a, b]`` or a mapping with the fields of :class:`LinkSpec`
    links: list[LinkSpec | tuple[Name, Name]] = Field(
        description="Which spans are side by side, each as `[a, b]` or a mapping with the "
                    "fields of a link; default none (R003-13).",
        default_factory=list)

    @field_validator("spans")
    @classmethod
    def _places(cls, value: list[SpanSpec]) -> list[SpanSpec]:
        # the `places` limit (spans and their features), before the place graph is built
        limits.check_in_validator("places", len(value) + sum(len(s.features) for s in value))
        return value

    def link_specs(self) -> list[LinkSpec]:
        return [ln if isinstance(ln, LinkSpec) else LinkSpec(a=ln[0], b=ln[1])
                for ln in self.links]


class SpansStats(_Spec):
    """The `stats` of a `spans` actor. Missing dice take the option's default die (A003-01)."""

    dice: dict[ActionDie, ActionDice] = Field(
        description="The action die for each of attack, brace and maneuver; those left out "
                    "take `dice.default_die` (R003-02, A003-01).",
        default_factory=dict)
    guard: Resource = Field(
        default=3,
        description="Guard points, the resource an Attack-die struggle spends and fall damage "
                    "lowers; default 3 (R003-08, R003-25).")
    stamina: Resource = Field(
        default=3,
        description="Stamina points, the resource a Brace-die struggle spends; default 3 "
                    "(R003-08).")
    awareness: Resource = Field(
        default=3,
        description="Awareness points, the resource a Maneuver-die struggle spends; default 3 "
                    "(R003-08).")
    life: Resource = Field(
        default=5,
        description="Life points, lowered by lethal damage; at 0 the character is defeated "
                    "(option `life.zero`); default 5 (R003-25, R003-27, A003-16).")
    armor: Resource = Field(
        default=0,
        description="Armour, taken off the guard part of fall damage; default 0 (A003-19).")
    hands_free: int = Field(
        description="How many hands (0-2) are free, checked by Climb; default 2 (R003-06, "
                    "A003-24).",
        default=2, ge=0, le=2)
    abilities: list[Ability] = Field(
        description="Special abilities among `leaf_on_the_wind`, `ride_wind` and `untether`; "
                    "default none (R003-37..39).",
        default_factory=list)
    mode: Mode = Field(
        default="grounded",
        description="How the actor starts: `grounded` (default), `floating` or `flying` "
                    "(R003-30..34).")
    can_fly: bool = Field(
        default=False,
        description="Whether the actor may take off and fly; default false (R003-30, R003-34).")
    #: starting height; default: the surface of the place it starts at
    height: Height | None = Field(
        default=None,
        description="The starting height in storeys; default null, the height of the place it "
                    "starts at (R003-24).")


@dataclass(frozen=True, slots=True)
class SpansActor(Actor):
    """A character in a `spans` encounter: position, resources, and this turn's flags."""

    height: int
    mode: str
    dice: Mapping[str, str]
    guard: int
    stamina: int
    awareness: int
    life: int
    armor: int
    hands_free: int
    abilities: tuple[str, ...]
    can_fly: bool
    #: movement actions taken this turn (A003-23)
    movement_actions: int = 0
    #: a 5+ (or paid struggle) left a second move or a free action to take (R003-03)
    bonus: bool = False
    #: no further action or movement this turn (R003-05, R003-32)
    done: bool = False
    #: lost in the Skysea (A003-20)
    removed: bool = False
    #: partway up or down a climb: the place whose top the climb is heading for
    climbing: str | None = None
    #: partway: the place the climb began, to which a climb back returns (A003-10)
    climb_from: str | None = None


class SpansMap:
    """The fixed map of an encounter: a place graph of spans and their features."""

    def __init__(self, spec: SpansMapSpec, default_capacity: int | None) -> None:
        places: list[Place] = []
        positions: dict[str, tuple[float, float]] = {}
        seen: set[str] = set()

        def fault(message: str, path: str) -> ScenarioError:
            return ScenarioError(message, path=f"map.{path}")

        for i, span in enumerate(spec.spans):
            if span.id in seen:
                raise fault(f"{span.id!r} is declared twice", f"spans[{i}].id")
            seen.add(span.id)
            places.append(Place(span.id, "span", None, span.ground, {"surface": span.surface}))
            if span.pos is not None:
                positions[span.id] = span.pos
            for j, f in enumerate(span.features):
                where = f"spans[{i}].features[{j}]"
                if f.id in seen:
                    raise fault(f"{f.id!r} is declared twice", f"{where}.id")
                seen.add(f.id)
                on_high = f.kind == "on_high"
                height = f.height if f.height is not None else span.ground + int(on_high)
                if on_high and height <= span.ground:
                    raise fault(f"an on-high feature must stand above its span's ground "
                                f"({span.ground}); got height {height}", f"{where}.height")
                if not on_high and f.height not in (None, span.ground):
                    raise fault("only on-high features have a height", f"{where}.height")
                if f.guards and f.kind != "threshold":
                    raise fault("only thresholds guard crossings", f"{where}.guards")
                access = f.access or ("climb" if on_high else "run")
                capacity = f.capacity if f.capacity is not None else default_capacity
                under = "hard" if span.surface == "skysea" else span.surface
                props = {"access": access, "capacity": capacity, "guards": list(f.guards),
                         "surface": f.surface or under}
                places.append(Place(f.id, f.kind, span.id, height, props))
        spans = {s.id for s in spec.spans}
        for i, span in enumerate(spec.spans):
            for j, f in enumerate(span.features):
                for k, guarded in enumerate(f.guards):
                    if guarded not in spans:
                        raise fault(f"unknown span {guarded!r}; expected one of: "
                                    f"{_listed(spans)}",
                                    f"spans[{i}].features[{j}].guards[{k}]")
        specs = spec.link_specs()
        for i, ln in enumerate(specs):
            for end in (ln.a, ln.b):
                if end not in spans:
                    kind = "a feature" if end in seen else "not a place"
                    raise fault(f"{end!r} is {kind}; links join spans: "
                                f"{_listed(spans)}", f"links[{i}]")
        links = [
            Link(ln.a, ln.b, reach=ln.reach, sight=ln.sight, one_way=ln.one_way,
                 props={"stairs": ln.stairs})
            for ln in specs
        ]
        self.graph = PlaceGraph(places, links)
        for place in self.graph:
            for link_end in self.graph.neighbours(place.id):
                if self.graph.place(link_end).kind != "span" or place.kind != "span":
                    raise ValueError(f"links join spans only; {place.id!r}–{link_end!r}")
            for guarded in place.props.get("guards", []):
                if guarded not in self.graph or self.graph.place(guarded).kind != "span":
                    raise ValueError(f"feature {place.id!r} guards unknown span {guarded!r}")
        self.positions = positions

    def __contains__(self, place_id: object) -> bool:
        return place_id in self.graph

    def place(self, place_id: str) -> Place:
        return self.graph.place(place_id)

    def span_of(self, place_id: str) -> str:
        place = self.graph.place(place_id)
        return place.parent if place.parent is not None else place.id

    def ground(self, place_id: str) -> int:
        return self.graph.place(self.span_of(place_id)).elevation

    def top(self, place_id: str) -> int:
        """The height one stands at on this place: a span's ground, a feature's height."""
        return self.graph.place(place_id).elevation

    def surface(self, place_id: str) -> str:
        """What a fall onto this place lands on (R003-25, R003-26): a feature's own surface
        (a deck over the Skysea is solid), else its span's."""
        place = self.graph.place(place_id)
        if "surface" in place.props:
            return str(place.props["surface"])
        return str(self.graph.place(self.span_of(place_id)).props["surface"])

    def is_feature(self, place_id: str) -> bool:
        return self.graph.place(place_id).parent is not None

    def features(self, span_id: str) -> tuple[str, ...]:
        return self.graph.children(span_id)

    def adjacent_spans(self, span_id: str) -> tuple[str, ...]:
        return self.graph.neighbours(span_id)

    def has_stairs(self, a: str, b: str) -> bool:
        link = self.graph.link(a, b)
        return bool(link is not None and link.props.get("stairs"))


def _listed(names: set[str]) -> str:
    """The known names for a message: a short excerpt, never the whole of a big map."""
    return excerpt(", ".join(sorted(names)), 120)
