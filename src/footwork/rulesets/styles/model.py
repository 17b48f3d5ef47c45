"""The `styles` map, actor stats and actor state.

The map is a core grid map in u (:mod:`footwork.space.grid`). A character stands at a
cell and a height, in one *mode*: on the ground, in water, on a wall or ceiling, in the
air by flight or by levitation. Its sheet lists Movement Styles with their grades
(R001-10..12); it spends a shared pool and each style's cap (R001-13).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from footwork.engine.state import Actor
from footwork.fields import Coordinate, Name
from footwork.rulesets.styles.ranges import (
    MAX_COUNT,
    MAX_LOAD,
    MAX_STYLES,
    MAX_WEIGHT,
    Count,
    Weight,
)
from footwork.space.grid import GridSpec

#: the Common styles (R001-17) and the two Uncommon ones this engine adds
STYLES = ("walk", "jump", "climb", "swim", "fly", "levitate")
#: R001-11, R001-12, R001-18: Spearing (2u), Spitting (4u), Throwing (8u) Distance
GRADES: Mapping[str, float] = {"half": 2.0, "normal": 4.0, "double": 8.0}
Mode = Literal["ground", "water", "wall", "fly", "levitate"]
#: the style that is active in each mode (R001-27, R001-36)
MODE_STYLE: Mapping[str, str] = {
    "ground": "walk", "water": "swim", "wall": "climb", "fly": "fly", "levitate": "levitate",
}
#: R001-21, R001-34, R001-37 and the Uncommon styles: what Interrupting a style does
INTERRUPTED: Mapping[str, str] = {
    "walk": "none", "jump": "none", "climb": "fall", "swim": "float_or_sink",
    "fly": "fall", "levitate": "none",
}
#: the modes held up by a style rather than by a floor or water: a "fall" effect (an
#: Interrupt of the active style, or a failed improvisation counted as the Interrupted
#: style it tried, R001-24) drops a body in any of them (R001-21, R001-34)
ALOFT: frozenset[str] = frozenset({"wall", "fly", "levitate"})

_STYLE = re.compile(r"^\s*(?:(half|double)\s+)?([a-z]+)\s*(?:\(\s*(\d+(?:\.\d+)?)\s*u\s*\))?\s*$",
                    re.IGNORECASE)


def parse_style(text: str) -> tuple[str, str]:
    """``"Half Jump"`` → ``("jump", "half")``; ``"Climb (4u)"`` → ``("climb", "normal")``.

    >>> parse_style("Double Swim"), parse_style("walk"), parse_style("Half Jump (2u)")
    (('swim', 'double'), ('walk', 'normal'), ('jump', 'half'))
    """
    m = _STYLE.match(text)
    name = m.group(2).lower() if m else ""
    if m is None or name not in STYLES:
        raise ValueError(f"unknown style {text!r}; expected Walk, Jump, Climb, Swim, Fly or "
                         "Levitate, optionally after Half or Double, as in 'Half Jump'")
    grade = (m.group(1) or "normal").lower()
    if m.group(3) is not None and float(m.group(3)) != GRADES[grade]:
        raise ValueError(f"{text!r}: a {grade} style goes {GRADES[grade]:g}u, not "
                         f"{m.group(3)}u (R001-11, R001-12)")
    return name, grade


#: a style as a sheet writes it (``Half Jump``): a short name, checked by :func:`parse_style`
StyleText = Name


def sheet_caps(styles: list[str]) -> dict[str, float]:
    """Each style's cap; a style listed twice keeps its larger grade."""
    caps: dict[str, float] = {}
    for text in styles:
        name, grade = parse_style(text)
        caps[name] = max(caps.get(name, 0.0), GRADES[grade])
    return caps


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class StylesMapSpec(GridSpec):
    """The `map` of a `styles` encounter: a grid map in u (see docs/grid-maps.md)."""

    @field_validator("unit")
    @classmethod
    def _in_u(cls, unit: str) -> str:
        if unit != "u":
            raise ValueError(f"styles measures in u, not {unit!r}")
        return unit


class LoadSpec(_Spec):
    """Something carried (R001-38, A001-16)."""

    item: Name = Field(
        description="The name of the thing carried.")
    weight: Weight = Field(
        description="Its weight, in whatever unit the table weighs in (R001-38, A001-16).")
    buoyant: bool = Field(
        default=False,
        description="Whether it floats, so it never sinks a swimmer; default false (A001-16).")


class StylesStats(_Spec):
    """The `stats` of a `styles` actor."""

    #: R001-10..12: the sheet's styles, as "Walk", "Half Jump", "Double Climb"; left out,
    #: the level-1 template option (A001-05, A001-22)
    styles: list[StyleText] | None = Field(
        description="The sheet's styles, written like `Walk`, `Half Jump` or `Swim (4u)`; "
                    "default null, the `template` option (R001-10..12, A001-05, A001-22).",
        default=None, max_length=MAX_STYLES)
    #: the height to start at, in u; left out, standing on the cell's floor or floating
    #: at the water's surface
    z: Coordinate | None = Field(
        default=None,
        description="The height in u to start at; default null, standing on the cell's floor "
                    "or floating at the water's surface.")
    #: start climbing (on a wall or ceiling), flying or levitating at ``z``
    mode: Mode | None = Field(
        default=None,
        description="The mode to start in at `z`: `ground`, `water`, `wall` (climbing), `fly` "
                    "or `levitate`; default null, standing (R001-27, R001-36).")
    #: R001-07: Hooks to pay for Dashes
    hooks: Count = Field(
        default=0,
        description="Hooks the character has to pay for Dashes; default 0 (R001-07).")
    prone: bool = Field(
        default=False,
        description="Whether the character starts prone, on a floor only; default false "
                    "(R001-28).")
    slowed: Count = Field(
        default=0,
        description="Slowed stacks the character starts with; default 0 (R001-20).")
    #: R001-37: the Good spots of the health track, and how many are filled
    good_spots: int = Field(
        description="How many Good spots its health track has; default 6 (R001-37).",
        default=6, ge=1, le=MAX_COUNT)
    good_filled: Count = Field(
        default=0,
        description="How many of its Good spots are filled; default 0 (R001-37).")
    #: R001-38, A001-16: the character's weight and what it carries
    weight: float | None = Field(
        description="The character's own weight, in the table's unit, for sinking under a "
                    "load; default null, not weighed (R001-38, A001-16).",
        default=None, gt=0, le=MAX_WEIGHT)
    load: list[LoadSpec] = Field(
        description="What the character carries, as items with weight and buoyancy; default "
                    "nothing (R001-38, A001-16).",
        default_factory=list, max_length=MAX_LOAD)

    @field_validator("styles")
    @classmethod
    def _known_styles(cls, styles: list[str] | None) -> list[str] | None:
        if styles is not None:
            sheet_caps(styles)
        return styles


class PlacedStats(StylesStats):
    """The stats the game master's fiat (`gm_place`) builds a character from: set down by
    the place, and ``aloft``, the mode of a climber, flier or levitator, for a height in
    the command that is neither a floor's nor in the water."""

    aloft: Mode | None = None


@dataclass(frozen=True, slots=True)
class StyleActor(Actor):
    """A character on a grid: where it is, its styles, and what it has spent this turn.

    ``at`` is ``"row,col"``. Mappings are never changed in place: ``evolve`` builds new
    ones.
    """

    row: int
    col: int
    z: float
    mode: str
    #: R001-10..13: the sheet's styles and their caps in u
    styles: Mapping[str, float]
    hooks: int
    good_spots: int
    good_filled: int
    weight: float | None
    load: tuple[tuple[str, float, bool], ...]
    #: R001-23..25: improvised styles the GM granted, with their caps
    improvised: Mapping[str, float] = field(default_factory=dict)
    #: R001-13: spent this turn, per style, and from the pool
    spent: Mapping[str, float] = field(default_factory=dict)
    pool_spent: float = 0.0
    #: A001-17: diagonals taken this turn, odd (1) or even (0), for the alternate rule
    diagonals: int = 0
    #: R001-06: doubled styles and pool; Dashes taken this turn (A001-03)
    #: Dashes in effect: each doubles again (more than one only with ``dash.per_turn``)
    dash_stack: int = 0
    dashes: int = 0
    prone: bool = False
    slowed: int = 0
    #: R001-37, A001-15: an Interrupted swimmer floats or sinks until it swims again
    adrift: bool = False
    #: R001-05: the round of the last Sneaking Test; Stealth stacks gained
    sneak_round: int = 0
    stealth: Mapping[str, int] = field(default_factory=dict)
    #: A001-14: fall damage taken in this encounter
    damage: int = 0
    #: fell into a void: off the map for good
    lost: bool = False

    @property
    def dashing(self) -> bool:
        """R001-06: a Dash is in effect."""
        return self.dash_stack > 0

    @property
    def style(self) -> str:
        """The active style (R001-10, R001-27, R001-36)."""
        return MODE_STYLE[self.mode]

    def caps(self) -> dict[str, float]:
        """Each usable style's cap this turn, doubled by a Dash (R001-06, R001-40)."""
        factor = 2.0 ** self.dash_stack
        caps = dict(self.styles)
        for name, cap in self.improvised.items():
            caps[name] = max(caps.get(name, 0.0), cap)
        return {k: v * factor for k, v in caps.items()}

    def pool(self) -> float:
        """R001-13, A001-13: the largest sheet style (improvised ones do not count)."""
        return max(self.styles.values(), default=0.0) * 2.0 ** self.dash_stack

    def left(self) -> dict[str, float]:
        """What each style may still spend this turn: its cap left, and the pool left."""
        pool_left = max(0.0, self.pool() - self.pool_spent)
        return {k: max(0.0, min(v - self.spent.get(k, 0.0), pool_left))
                for k, v in self.caps().items()}

    def sinks(self, heavy_load_sinks: bool) -> bool:
        """R001-37, R001-38: sink rather than float (more than half Good spots filled, or
        a non-buoyant load at least as heavy as the character)."""
        if 2 * self.good_filled > self.good_spots:
            return True
        heavy = sum(w for _, w, buoyant in self.load if not buoyant)
        return heavy_load_sinks and self.weight is not None and heavy >= self.weight > 0


def in_u(x: float) -> str:
    """A distance as the log and messages write it: ``2.414u``."""
    return f"{round(x, 3):g}u"


def number(x: float) -> float | int:
    """A number for the state JSON: whole numbers as ints, others to 6 decimals."""
    return int(x) if float(x).is_integer() else round(x, 6)
