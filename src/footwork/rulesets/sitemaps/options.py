"""The options of `sitemaps`: every gap of the text (A004-xx) settled by a named default."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from footwork.fields import Distance
from footwork.rulesets.sitemaps.ranges import (
    MAX_BULK,
    MAX_DRIFT,
    MAX_PINS,
    MAX_TARGET,
    MAX_ZONE_STEPS,
    CheckDice,
    Short,
    ShortOrZero,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class CheckOptions(_Frozen):
    """A004-01: how a STR or AGI roll is made."""

    dice: CheckDice = "d20"
    #: ``roll_under``: pass when the roll is at most the attribute;
    #: ``roll_over``: pass when roll + attribute reaches ``target``
    mode: Literal["roll_under", "roll_over"] = "roll_under"
    target: int = Field(default=21, ge=1, le=MAX_TARGET)


class MoveOptions(_Frozen):
    #: A004-02: no movement after an action other than rush
    after_action: bool = False
    #: A004-03: Slow and Fast together cancel out, or Slow wins
    slow_and_fast: Literal["cancel", "slow_wins"] = "cancel"
    #: R004-07: the diameter of the circle a character occupies, in metres
    footprint_m: Short = 2.0


class PinOptions(_Frozen):
    #: A004-04: pins a character may attempt per round
    per_round: int = Field(default=1, ge=0, le=MAX_PINS)
    #: A004-04: who picks STR or AGI for the roll to resist
    chooser: Literal["mover", "pinner"] = "mover"


class RangeOptions(_Frozen):
    #: R004-09: arm's reach, in metres
    nearby_m: Short = 2.0
    #: A004-08: nearby is measured centre to centre, or edge to edge of the 2 m circles
    measure: Literal["centre", "edge"] = "centre"
    #: A004-08: zone steps that are still Close, and still Far
    close_zones: int = Field(default=1, ge=0, le=MAX_ZONE_STEPS)
    far_zones: int = Field(default=4, ge=0, le=MAX_ZONE_STEPS)


class ZoneOptions(_Frozen):
    #: R004-03: the longest dimension a zone should have; larger zones are a warning
    max_dimension_m: Distance = 10.0
    #: A004-07: square metres per character when a zone's capacity is not given
    area_per_character_m2: float = Field(default=4.0, ge=0.1, le=10_000,
                                         allow_inf_nan=False)
    #: A004-17: moving into an unrevealed zone reveals it
    reveal_on_entry: bool = True


class HazardOptions(_Frozen):
    #: A004-10: how many roughness qualities make a surface impossible to balance on
    impassable_qualities: int = Field(default=2, ge=1, le=4)
    #: A004-12: the carry limit when an actor's stats do not give one
    carry_limit: int = Field(default=16, ge=0, le=MAX_BULK)
    #: A004-11: does climbing down a challenging surface need a roll too?
    roll_climbing_down: bool = False
    #: A004-13: zones a drowning character drifts along the current each round
    drift_zones: int = Field(default=1, ge=0, le=MAX_DRIFT)
    #: A004-15: the height of one floor, for falls
    floor_height_m: Short = 2.5
    #: A004-18: do rushing moves count for pins and hazard rolls?
    rush_counts: bool = True


class LeapOptions(_Frozen):
    """A004-14: leap bands (inclusive) and what a running start is."""

    trivial_below_m: ShortOrZero = 2.0
    max_m: ShortOrZero = 4.0
    #: without a running start both limits are halved (R004-30)
    standing_factor: float = Field(default=0.5, ge=0, le=1, allow_inf_nan=False)
    run_up_m: ShortOrZero = 2.0


class SitemapsOptions(_Frozen):
    """All options of the `sitemaps` ruleset. Omitted options take these defaults."""

    check: CheckOptions = CheckOptions()
    move: MoveOptions = MoveOptions()
    pin: PinOptions = PinOptions()
    range: RangeOptions = RangeOptions()
    zones: ZoneOptions = ZoneOptions()
    hazards: HazardOptions = HazardOptions()
    leap: LeapOptions = LeapOptions()
