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

    dice: CheckDice = Field(
        default="d20",
        description="The dice rolled for a STR or AGI roll, in dice notation; default d20 "
                    "(A004-01).")
    #: ``roll_under``: pass when the roll is at most the attribute;
    #: ``roll_over``: pass when roll + attribute reaches ``target``
    mode: Literal["roll_under", "roll_over"] = Field(
        default="roll_under",
        description="How a roll passes: `roll_under` (default) when the total is at most the "
                    "attribute, `roll_over` when total plus attribute reaches `target` "
                    "(A004-01).")
    target: int = Field(
        description="The number total plus attribute must reach under `roll_over`; default 21, "
                    "unused with `roll_under` (A004-01).",
        default=21, ge=1, le=MAX_TARGET)


class MoveOptions(_Frozen):
    #: A004-02: no movement after an action other than rush
    after_action: bool = Field(
        default=False,
        description="Whether a move step left over may still be used after the round action; "
                    "default false, no movement once acted (R004-13, A004-02).")
    #: A004-03: Slow and Fast together cancel out, or Slow wins
    slow_and_fast: Literal["cancel", "slow_wins"] = Field(
        default="cancel",
        description="What a character both slow and fast is: `cancel` (default) neither, or "
                    "`slow_wins` slow only (A004-03).")
    #: R004-07: the diameter of the circle a character occupies, in metres
    footprint_m: Short = Field(
        default=2.0,
        description="The diameter in metres of the circle a character occupies; default 2.0 "
                    "(R004-07, A004-06).")
    #: R004-17, R004-18 (our default where the text leaves exact positions open): a spot
    #: named on its zone's outline is taken 1 cm inside, whatever lies beyond the edge
    spots_off_edges: bool = Field(
        default=True,
        description="Whether a spot named within 1 cm of its zone's outline (a move's or "
                    "rush's `at`, a pinned mover's or rescued ally's placement) is taken at "
                    "the nearest point 1 cm inside; default true, so the same spot lands in "
                    "the same place whether the edge is open, a closed border or a border "
                    "with a zone hidden from the players (R004-02, R004-17, R004-18). False "
                    "keeps the spot as named: on a closed border it is then inside its wall.")


class PinOptions(_Frozen):
    #: A004-04: pins a character may attempt per round
    per_round: int = Field(
        description="How many pins a character may attempt each round; default 1 (A004-04).",
        default=1, ge=0, le=MAX_PINS)
    #: A004-04: who picks STR or AGI for the roll to resist
    chooser: Literal["mover", "pinner"] = Field(
        default="mover",
        description="Who picks STR or AGI for the roll to resist a pin: `mover` (default) or "
                    "`pinner` (A004-04).")
    #: A004-05: a pinned mover is placed within reach of the pinner, or of where the
    #: mover was stopped (the text says "within nearby range" without saying of whom)
    place_within: Literal["pinner", "mover"] = Field(
        default="pinner",
        description="Whose reach a pinned mover is placed within: `pinner` (default) within "
                    "reach of the pinner, or `mover` within reach of where the mover was "
                    "stopped (R004-21, A004-05).")


class RangeOptions(_Frozen):
    #: R004-09: arm's reach, in metres
    nearby_m: Short = Field(
        default=2.0,
        description="Arm's reach in metres, the distance that counts as nearby; default 2.0 "
                    "(R004-09).")
    #: A004-08: nearby is measured centre to centre, or edge to edge of the 2 m circles
    measure: Literal["centre", "edge"] = Field(
        default="centre",
        description="How nearby is measured: `centre` (default) centre to centre, or `edge` "
                    "between the edges of the characters' circles (A004-08).")
    #: A004-08: zone steps that are still Close, and still Far
    close_zones: int = Field(
        description="Zone steps away that still count as Close range; default 1 (A004-08).",
        default=1, ge=0, le=MAX_ZONE_STEPS)
    far_zones: int = Field(
        description="Zone steps away that still count as Far range; default 4 (A004-08).",
        default=4, ge=0, le=MAX_ZONE_STEPS)


class ZoneOptions(_Frozen):
    #: R004-03: the longest dimension a zone should have; larger zones are a warning
    max_dimension_m: Distance = Field(
        default=10.0,
        description="The longest side in metres a zone should have; a larger zone not marked "
                    "`large` gets a warning, not a refusal; default 10.0 (R004-03).")
    #: A004-07: square metres per character when a zone's capacity is not given
    area_per_character_m2: float = Field(
        description="Square metres of floor per character, giving a zone's capacity when the "
                    "map leaves it out; default 4.0 (A004-07).",
        default=4.0, ge=0.1, le=10_000,
                                         allow_inf_nan=False)
    #: A004-17: moving into an unrevealed zone reveals it
    reveal_on_entry: bool = Field(
        default=True,
        description="Whether moving into an unrevealed zone reveals it; default true "
                    "(A004-17).")
    #: A004-17, R004-02 (our default where the text is silent): a player's way goes
    #: through the zones the players know only
    known_routes: bool = Field(
        default=True,
        description="Whether a move ruled on the map as a player seat knows it (the table "
                    "server's player links) finds its way through known zones only: no zone "
                    "hidden from the seat is passed through, though the last one may be an "
                    "unrevealed neighbour (A004-17); default true, so no option or refusal "
                    "shows a hidden room (R004-02). The game master's moves go anywhere.")


class HazardOptions(_Frozen):
    #: A004-10: how many roughness qualities make a surface impossible to balance on
    impassable_qualities: int = Field(
        description="How many roughness qualities make a surface impossible to balance on; "
                    "default 2, and 4 means nothing is too rough (R004-23, A004-10).",
        default=2, ge=1, le=4)
    #: A004-12: the carry limit when an actor's stats do not give one
    carry_limit: int = Field(
        description="The bulk an actor may carry when its stats give no `carry_limit`; default "
                    "16 (R004-27, A004-12).",
        default=16, ge=0, le=MAX_BULK)
    #: A004-11: does climbing down a challenging surface need a roll too?
    roll_climbing_down: bool = Field(
        default=False,
        description="Whether climbing down a challenging climb or face needs a roll as "
                    "climbing up does (one per descent, where it reaches the foot); "
                    "default false (A004-11).")
    #: A004-13: zones a drowning character drifts along the current each round
    drift_zones: int = Field(
        description="Zones a drowning character drifts along the current each round; default 1 "
                    "(R004-28, A004-13).",
        default=1, ge=0, le=MAX_DRIFT)
    #: A004-13 (silent on where a rescued character ends up): hauled out of the water
    rescue_pulls_out: bool = Field(
        default=True,
        description="Whether a rescue hauls the drowning ally out of the water, onto a free "
                    "dry spot within the rescuer's reach; default true (our default: the text "
                    "says only that someone else must save it; false leaves it where it is, "
                    "still swimming; R004-28, A004-13).")
    #: A004-15: the height of one floor, for falls
    floor_height_m: Short = Field(
        default=2.5,
        description="The height in metres of one floor, for the length of falls; default 2.5 "
                    "(A004-15).")
    #: A004-18: do rushing moves count for pins and hazard rolls?
    rush_counts: bool = Field(
        default=True,
        description="Whether the zones moved by a rush count for pins and hazard rolls; "
                    "default true (A004-18).")


class LeapOptions(_Frozen):
    """A004-14: leap bands (inclusive) and what a running start is."""

    trivial_below_m: ShortOrZero = Field(
        default=2.0,
        description="Gaps narrower than this many metres are leapt without a roll; default "
                    "2.0, halved without a running start (R004-30, A004-14).")
    max_m: ShortOrZero = Field(
        default=4.0,
        description="The widest gap in metres that can be leapt, with an AGI roll; default "
                    "4.0, halved without a running start (R004-30, A004-14).")
    #: without a running start both limits are halved (R004-30)
    standing_factor: float = Field(
        description="What both leap limits are multiplied by without a running start; default "
                    "0.5 (R004-30, A004-14).",
        default=0.5, ge=0, le=1, allow_inf_nan=False)
    run_up_m: ShortOrZero = Field(
        default=2.0,
        description="How many metres of straight walk up to the take-off point make a running "
                    "start; default 2.0 (A004-14).")
    #: R004-30 gives a leap a distance only; a gap drawn between two floors also rises or
    #: drops the floors between x ``hazards.floor_height_m`` (R004-04, A004-15)
    between_floors: Literal["line", "rise", "across"] = Field(
        default="line",
        description="How a gap between zones of different floors is measured: `line` "
                    "(default) the straight line from take-off to landing, each floor between "
                    "counted as `hazards.floor_height_m` metres of height, up or down; `rise` "
                    "the height only leaping up (down is measured across); `across` the "
                    "distance as drawn, height ignored (R004-04, R004-30, A004-14, A004-15).")


class SitemapsOptions(_Frozen):
    """All options of the `sitemaps` ruleset. Omitted options take these defaults."""

    check: CheckOptions = Field(
        default=CheckOptions(),
        description="How STR and AGI rolls are made (A004-01).")
    move: MoveOptions = Field(
        default=MoveOptions(),
        description="Options for the move step, rushes and the footprint (R004-07, "
                    "R004-13..16, A004-02, A004-03).")
    pin: PinOptions = Field(
        default=PinOptions(),
        description="Options for pinning a mover that enters a foe's reach (R004-19..21, "
                    "A004-04).")
    range: RangeOptions = Field(
        default=RangeOptions(),
        description="Options for nearby, Close and Far ranges (R004-09, A004-08).")
    zones: ZoneOptions = Field(
        default=ZoneOptions(),
        description="Options for zone size, capacity and revealing (R004-03, A004-07, "
                    "A004-17).")
    hazards: HazardOptions = Field(
        default=HazardOptions(),
        description="Options for rough surfaces, climbs, water, falls and rushes (R004-22..28, "
                    "A004-10..13, A004-15, A004-18).")
    leap: LeapOptions = Field(
        default=LeapOptions(),
        description="Options for leaping gaps and running starts (R004-30, A004-14).")
