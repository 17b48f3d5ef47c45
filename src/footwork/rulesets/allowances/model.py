"""The `allowances` map, creature sheets and creature state.

The map is a core grid map in metres (:mod:`footwork.space.grid`). A creature stands at
a cell and a height in one *mode*: on the ground, in water, in the air (flying), in the
earth (burrowed) or on a wall (climbing). Its sheet lists Movement Types with Scores in
metres (R002-01, R002-02); each has a per-round Allowance (R002-03).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from footwork.engine.state import Actor
from footwork.errors import excerpt
from footwork.fields import Coordinate, Name
from footwork.rulesets.allowances.ranges import (
    MAX_HEIGHT_M,
    MAX_JUMP_HEIGHT_M,
    MAX_PP,
    MAX_SCORE,
    MAX_SKILL,
    MAX_SKILLS,
    MAX_TRAITS,
    MAX_TYPES,
)
from footwork.space.grid import GridSpec

#: R002-02, A002-25: the Types footwork moves on a map (others are tracked and cascade)
MAP_TYPES = ("overland", "swim", "flight", "burrow", "climb")
Mode = Literal["ground", "water", "air", "earth", "wall"]
#: the medium each mode is in (standing or climbing is in the air)
MODE_MEDIUM: Mapping[str, str] = {"ground": "air", "water": "water", "air": "air",
                                  "earth": "earth", "wall": "air"}
#: R002-33: the Type a creature needs to move in each medium it may breach into
MEDIUM_TYPE: Mapping[str, str] = {"air": "flight", "water": "swim", "earth": "burrow"}
#: the Type a mode moves with (the Skill of a Breach goes with it, R002-32)
MODE_TYPE: Mapping[str, str] = {"ground": "overland", "water": "swim", "air": "flight",
                                "earth": "burrow", "wall": "climb"}


def type_name(text: str) -> str:
    """``"Overland"``, ``"Fly"``, ``"Flying"`` → ``overland``, ``flight``, ``flight``."""
    t = text.strip().lower()
    return {"fly": "flight", "flying": "flight", "dig": "burrow", "burrowing": "burrow",
            "swimming": "swim", "climbing": "climb"}.get(t, t)


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class AllowancesMapSpec(GridSpec):
    """The `map` of an `allowances` encounter: a grid map in metres (docs/grid-maps.md)."""

    unit: str = Field(
        default="m",
        description="The unit lengths and heights are given in; allowances measures in metres, "
                    "so only `m`, the default.")

    @field_validator("unit")
    @classmethod
    def _in_m(cls, unit: str) -> str:
        if unit != "m":
            raise ValueError(f"allowances measures in metres (m), not {unit!r}")
        return unit


class AllowancesStats(_Spec):
    """The `stats` of an `allowances` creature."""

    #: R002-01, R002-02: Movement Scores in metres per round, by Type
    #: (0 to 50 m each: checked below, so that the message names the Type)
    scores: dict[Name, float] = Field(
        description="Movement Scores in m per round by Type (`overland`, `swim`, `flight`, "
                    "`burrow`, `climb`...), at least one (R002-01, R002-02).",
        min_length=1, max_length=MAX_TYPES)
    #: d100 Skill targets by name (Running, Swim, Acrobatics, Athletics...), 0 to 300
    skills: dict[Name, int] = Field(
        description="d100 Skill targets by name (Running, Swim, Acrobatics, Athletics...); "
                    "default none (A002-14).",
        default_factory=dict, max_length=MAX_SKILLS)
    #: R002-14: the X of a [Jump X] Trait; null: the creature cannot jump (A002-24)
    jump: int | None = Field(
        description="The X of the creature's [Jump X] Trait (1-8); default null, it cannot "
                    "jump (R002-14, A002-24).",
        default=None, ge=1, le=8)
    #: A002-23: the creature's Height in m, and the sheet's precomputed Jump Height
    height_m: float | None = Field(
        description="The creature's Height in m, from which its Jump Height follows; default "
                    "null (A002-23).",
        default=None, gt=0, le=MAX_HEIGHT_M)
    jump_height_m: float | None = Field(
        description="The sheet's precomputed Jump Height in m, used instead of `height_m`; "
                    "default null (R002-15, A002-23).",
        default=None, ge=0, le=MAX_JUMP_HEIGHT_M)
    #: A002-07: PP the creature may spend on rolls
    pp: int = Field(
        description="PP the creature may spend on rolls; default 0 (A002-07).",
        default=0, ge=0, le=MAX_PP)
    #: other Traits (Tremorsense...)
    traits: list[Name] = Field(
        description="Other Traits, such as Tremorsense; default none (R002-42).",
        default_factory=list, max_length=MAX_TRAITS)
    #: where it starts: a height in m, and a mode (left out: standing, or at the surface)
    z: Coordinate | None = Field(
        default=None,
        description="The height in m to start at; default null, standing on the floor or at "
                    "the water's surface.")
    mode: Mode | None = Field(
        default=None,
        description="The mode to start in at `z`: `ground`, `water`, `air`, `earth` (burrowed) "
                    "or `wall` (climbing); default null, standing.")
    #: R002-39, R002-40, A002-18: how much of the body something obscures, in %
    obscured_pct: int = Field(
        description="How much of the creature's body is obscured, in percent; default 0 "
                    "(R002-39, R002-40, A002-18).",
        default=0, ge=0, le=100)

    @field_validator("scores")
    @classmethod
    def _scores(cls, scores: dict[str, float]) -> dict[str, float]:
        out: dict[str, float] = {}
        for name, value in scores.items():
            key = type_name(name)
            if not key or key in out:
                raise ValueError(f"Type {name!r} is empty or listed twice")
            if not (math.isfinite(value) and 0 <= value <= MAX_SCORE):
                raise ValueError(f"the Score of {name!r} must be a number of m from 0 to "
                                 f"{MAX_SCORE:g}, not {excerpt(repr(value), 24)}")
            out[key] = float(value)
        return out

    @field_validator("skills")
    @classmethod
    def _skills(cls, skills: dict[str, int]) -> dict[str, int]:
        for name, value in skills.items():
            if not 0 <= value <= MAX_SKILL:
                raise ValueError(f"the Skill {name!r} must be a d100 target from 0 to "
                                 f"{MAX_SKILL}, not {excerpt(repr(value), 24)}")
        return skills

    @model_validator(mode="after")
    def _jump_height(self) -> AllowancesStats:
        if self.jump is not None and self.height_m is None and self.jump_height_m is None:
            raise ValueError("a creature with a [Jump X] Trait needs height_m (or the sheet's "
                             "jump_height_m) for its Jump Height (A002-23)")
        return self


@dataclass(frozen=True, slots=True)
class Creature(Actor):
    """A creature on the grid: where it is, its Types and what is left of its Allowances.

    ``at`` is ``"row,col"``. Mappings are never changed in place: ``evolve`` builds new ones.
    """

    row: int
    col: int
    z: float
    mode: str
    #: R002-01: the sheet's Scores, by Type, in m
    scores: Mapping[str, float]
    #: R002-03: what is left of each Allowance this round (Rush bonuses included)
    allowance: Mapping[str, float]
    skills: Mapping[str, int]
    jump: int | None
    jump_height_m: float | None
    pp: int
    traits: tuple[str, ...]
    obscured_pct: int = 0
    #: R002-08..10, A002-02: what Rush added to each Allowance this round
    rush_bonus: Mapping[str, float] = field(default_factory=dict)
    #: R002-33, A002-15: a Breach's temporary Allowance, to use at once
    breach_type: str | None = None
    breach_m: float = 0.0
    #: R002-17..30, A002-13: the distance a Jump or Leap produced, to use at once
    airborne: str | None = None
    airborne_m: float = 0.0
    #: R002-12, A002-17: submerged/surfaced changes in this Activation
    transitions: int = 0
    #: A002-22: Activations so far this round, and Simple Actions in this one
    activation: int = 0
    simple_used: int = 0
    #: A002-12: Jumps and Leaps this round
    jumps: int = 0
    leaps: int = 0
    #: R002-04, R002-36, R002-37: the Dash Action declared this turn (action, target,
    #: range_m, distance, status: ``open`` until its Accuracy Check, then ``in_reach`` or
    #: ``failed``); None before any
    dash: Mapping[str, str | float] | None = None

    @property
    def medium(self) -> str:
        return MODE_MEDIUM[self.mode]
