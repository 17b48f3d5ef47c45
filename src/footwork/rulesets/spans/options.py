"""The options of `spans`: every gap of the text (A003-xx) settled by a named default."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from footwork.rulesets.spans.ranges import (
    MAX_GUARD_PER_HEIGHT,
    MAX_HEIGHT,
    MAX_LETHAL_OFFSET,
    MAX_MOVEMENT_ACTIONS,
    ActionDice,
    Capacity,
)

Surface = Literal["hard", "soft", "water", "skysea"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RunOptions(_Frozen):
    #: A003-02: an unpaid 3–4 reads as a 1–2 (one move, nothing more), or as no move at all
    unpaid_struggle: Literal["as_fail", "no_move"] = Field(
        default="as_fail",
        description="How a Run's 3-4 left unpaid is read: `as_fail` (default) gives the one "
                    "move and nothing more, `no_move` gives no move at all (A003-02).")


class StruggleOptions(_Frozen):
    #: A003-04: may a struggle be bought with a resource already at 0?
    allow_negative: bool = Field(
        default=False,
        description="Whether a struggle may be paid from a resource already at 0; default "
                    "false, so a struggle at 0 stays unpaid (A003-04).")
    #: A003-03: a paid struggle gives the full 5+ result, or only the first move
    paid_gives: Literal["full_success", "single_move"] = Field(
        default="full_success",
        description="What paying 1 for a struggle earns: `full_success` (default) the whole 5+ "
                    "result, `single_move` only the first move (A003-03).")


class ClimbOptions(_Frozen):
    #: A003-09: does a failed Climb (1–2, or an unpaid 3–4) cause a fall?
    fail_falls: bool = Field(
        default=False,
        description="Whether a failed Climb (1-2, or a 3-4 left unpaid) makes the climber "
                    "fall; default false, nothing happens (A003-09).")
    #: A003-10: Climb may also go down one height, on the same bands
    allow_down: bool = Field(
        default=True,
        description="Whether Climb may also go down one height on the same bands; default true "
                    "(A003-10).")
    #: A003-24: free hands a Climb needs (R003-06 says two)
    hands_needed: int = Field(
        description="The number of free hands (0-2) a Climb requires; default 2, as R003-06 "
                    "says (A003-24).",
        default=2, ge=0, le=2)


class FlyOptions(_Frozen):
    #: A003-11: may one Fly move go a span across and a height up or down at once?
    diagonal: bool = Field(
        default=False,
        description="Whether one Fly move may cross a span and change height at once; default "
                    "false, one or the other (A003-11).")
    #: A003-12: the text gives no Fly 1-2; read as Run's (one move, nothing else) or as a
    #: flight that goes nowhere this turn
    fail: Literal["one_move", "no_move"] = Field(
        default="one_move",
        description="What a Fly on 1-2 (or a struggle read as one) does: `one_move` "
                    "(default) one move and nothing else, as Run's 1-2; `no_move` no move "
                    "and nothing else this turn (A003-12).")


class CoverOptions(_Frozen):
    #: A003-15: which foes are "beyond" a cover feature
    blocks: Literal["all_not_in_feature", "other_spans_only"] = Field(
        default="all_not_in_feature",
        description="Which foes a cover feature shields its occupants from: "
                    "`all_not_in_feature` (default) everyone outside it, `other_spans_only` "
                    "only foes in other spans (A003-15).")


class ThresholdOptions(_Frozen):
    #: A003-16: an occupied threshold stops foes until cleared, or not at all (house rule)
    block: Literal["until_cleared", "off"] = Field(
        default="until_cleared",
        description="Whether a held threshold stops foes: `until_cleared` (default) until its "
                    "holder leaves, is shoved out or is defeated, `off` never (A003-16).")
    #: issue 10, item 16 (R003-19, R003-20 silent): how many heights above a threshold's
    #: floor an airborne mover is still stopped by its holders; 0 = a flier one height
    #: up passes over (footed movers always go through the choke point)
    reach_above: int = Field(
        description="How many heights above a threshold's floor its holders still stop an "
                    "airborne mover; default 0, so a flier one height up passes over (R003-19, "
                    "R003-20).",
        default=0, ge=0, le=MAX_HEIGHT)


class UntetherOptions(_Frozen):
    #: A003-25, issue 10 item 16: what casting Untether on one's turn uses: nothing of the
    #: movement economy (it must also work mid-fall, out of turn), or the bonus free action
    uses: Literal["nothing", "free_action"] = Field(
        default="nothing",
        description="What casting Untether on one's own turn spends: `nothing` (default) from "
                    "the movement economy, or `free_action` the bonus free action (A003-25).")


class OnHighOptions(_Frozen):
    #: A003-14: a foe on the ground cannot reach an occupant of raised terrain in melee
    blocks_melee_from_below: bool = Field(
        default=True,
        description="Whether a foe on the ground is kept from reaching someone on an on-high "
                    "feature in melee; default true (A003-14).")


class SurfaceDamage(_Frozen):
    """How one surface turns heights fallen into guard and lethal damage (A003-08)."""

    guard_per_height: int = Field(
        description="Guard damage dealt per height fallen onto this surface; default 2 "
                    "(A003-08).",
        default=2, ge=0, le=MAX_GUARD_PER_HEIGHT)
    lethal_offset: int = Field(
        description="Added to the heights fallen to give the lethal damage (never below 0); "
                    "default 0, soft ground uses -1 (A003-08).",
        default=0, ge=-MAX_LETHAL_OFFSET, le=MAX_LETHAL_OFFSET)
    #: falls of at most this many heights deal no lethal damage (water's soft landing)
    no_lethal_up_to: int = Field(
        description="Falls of at most this many heights deal no lethal damage on this surface; "
                    "default 0, water uses 2 (A003-08).",
        default=0, ge=0, le=2 * MAX_HEIGHT)


def _default_surfaces() -> dict[str, SurfaceDamage]:
    return {
        "hard": SurfaceDamage(),
        "soft": SurfaceDamage(lethal_offset=-1),
        "water": SurfaceDamage(no_lethal_up_to=2),
    }


class FallOptions(_Frozen):
    #: A003-08: placeholder table until the published one is known, per surface; the
    #: surfaces a file gives are laid over these defaults, the others keep them
    surfaces: dict[str, SurfaceDamage] = Field(
        description="Fall damage per surface (hard, soft, water), a placeholder table; "
                    "surfaces given here replace those defaults one by one (A003-08).",
        default_factory=_default_surfaces)

    @field_validator("surfaces", mode="before")
    @classmethod
    def _over_defaults(cls, value: object) -> object:
        if isinstance(value, dict):
            return {**_default_surfaces(), **value}
        return value
    #: A003-19: armour reduces the guard part of fall damage (never the lethal part, R003-27)
    armor_reduces_guard: bool = Field(
        default=True,
        description="Whether armour lowers the guard part of fall damage (the lethal part "
                    "never, R003-27); default true (A003-19).")
    #: A003-20: a fall into the Skysea removes the character from the scene
    skysea: Literal["remove"] = Field(
        default="remove",
        description="What a fall into the Skysea does; the only value, `remove`, takes the "
                    "character out of the scene (R003-26, A003-20).")
    #: rule questions (the text is silent on shoving; R003-22 names falling as the drawback of
    #: heights, R003-26 plunging into the Skysea): a shove over an edge is a fall
    shove_over_edge: Literal["fall", "refuse"] = Field(
        default="fall",
        description="What a shove does toward a place with nothing under the target's feet "
                    "(the open Skysea, a lower span or top with no stairs): `fall` (default, "
                    "our reading) the target falls there, as any fall; `refuse` the shove is "
                    "refused, as a Run there would be (R003-23, R003-25, R003-26, A003-16).")
    #: rule questions (R003-29 silent on its cost): a jump attack's fall is a drop the jumper
    #: chooses, so it spends what a drop spends
    jump_uses_movement: bool = Field(
        default=True,
        description="Whether a jump attack spends what a drop spends: the movement action, or "
                    "the Run's second move when that is used (default true, our reading: the "
                    "jumper falls on purpose, R003-29, A003-23); false leaves both unused.")
    #: the s31 review (the text is silent; A003-06 makes capacity the Guide's): a body falling
    #: off a climb onto a raised top that has no room left
    onto_full_feature: Literal["past", "lands"] = Field(
        default="past",
        description="Where a fall off a climb (let go, or failed with climb.fail_falls) goes "
                    "when the raised top at the climb's foot is full: `past` (default, our "
                    "reading) it is not caught there and falls on to the open span below, "
                    "heights counted to there; `lands` it lands on the top over its capacity "
                    "(A003-06, A003-09, A003-10, R003-25).")
    #: A003-21: on a hit, does the jump-attack target get its own Maneuver roll? (default no)
    jump_target_maneuver: bool = Field(
        default=False,
        description="Whether the foe hit by a jump attack rolls its own Maneuver against the "
                    "damage; default false (R003-29, A003-21).")


class FeatureOptions(_Frozen):
    #: A003-06: how many characters a feature holds when the map does not say (None = no limit)
    default_capacity: Capacity | None = Field(
        default=None,
        description="How many characters a feature holds when the map gives no capacity; "
                    "default null, no limit (A003-06).")


class TurnOptions(_Frozen):
    #: A003-23: movement actions (Run, Climb, Float, Fly) per turn
    movement_actions: int = Field(
        description="Movement actions (Run, Climb, Float, Fly) each actor has per turn; "
                    "default 1 (A003-23).",
        default=1, ge=1, le=MAX_MOVEMENT_ACTIONS)


class DiceOptions(_Frozen):
    #: A003-01: the action die a character has when its stats do not say
    default_die: ActionDice = Field(
        default="d6",
        description="The action die (e.g. `d6`, `d6+1`) used for any of attack, brace or "
                    "maneuver an actor's stats leave out; default d6 (A003-01).")


class LifeOptions(_Frozen):
    #: A003-16 names "defeated" among the ways a threshold is cleared; the text never says
    #: what life 0 means. Footwork's reading: life 0 is that defeat; `guide` leaves it to
    #: the Guide (the character plays on until gm_remove takes it out)
    zero: Literal["defeated", "guide"] = Field(
        default="defeated",
        description="What life 0 means: `defeated` (default) the character is out of the "
                    "fight: it takes no turns, is refused every command and holds no "
                    "threshold; `guide` nothing by itself: the character plays on and the "
                    "Guide takes it out with gm_remove if the story says so (A003-16).")
    #: whether a defeated body still counts against a feature's capacity (A003-06): the
    #: text is silent; A003-16 already says a defeated body no longer blocks a choke point
    defeated_takes_room: bool = Field(
        default=False,
        description="Whether a defeated character still counts against a feature's "
                    "capacity; default false, as a defeated holder no longer blocks a "
                    "threshold (A003-06, A003-16).")
    #: whether attacks, jump attacks and shoves may be aimed at a defeated character:
    #: the text is silent; A003-16 counts the defeated out of the fight, like one who left
    defeated_targetable: bool = Field(
        default=False,
        description="Whether an attack, a jump attack or a shove may be aimed at a defeated "
                    "character; default false, it is out of the fight (R003-11, R003-29, "
                    "A003-16).")


class SpansOptions(_Frozen):
    """All options of the `spans` ruleset. Omitted options take these defaults."""

    dice: DiceOptions = Field(
        default=DiceOptions(),
        description="Options for action dice: the die a character has when its stats give none "
                    "(A003-01).")
    run: RunOptions = Field(
        default=RunOptions(),
        description="Options for the Run movement action (R003-03..05, A003-02).")
    struggle: StruggleOptions = Field(
        default=StruggleOptions(),
        description="Options for paying a resource on a 3-4 struggle (R003-04, A003-03, "
                    "A003-04).")
    climb: ClimbOptions = Field(
        default=ClimbOptions(),
        description="Options for the Climb movement action (R003-06..09, A003-09, A003-10, "
                    "A003-24).")
    fly: FlyOptions = Field(
        default=FlyOptions(),
        description="Options for the Fly movement action (R003-34, A003-11).")
    cover: CoverOptions = Field(
        default=CoverOptions(),
        description="Options for cover features and ranged targeting (R003-17, A003-15).")
    threshold: ThresholdOptions = Field(
        default=ThresholdOptions(),
        description="Options for threshold features as choke points (R003-19, R003-20, "
                    "A003-16).")
    on_high: OnHighOptions = Field(
        default=OnHighOptions(),
        description="Options for on-high features and melee from below (A003-14).")
    fall: FallOptions = Field(
        default=FallOptions(),
        description="Options for falls, their damage and the Skysea (R003-25..29, A003-08, "
                    "A003-19..21).")
    feature: FeatureOptions = Field(
        default=FeatureOptions(),
        description="Options for terrain features: their default capacity (A003-06).")
    turn: TurnOptions = Field(
        default=TurnOptions(),
        description="Options for the turn's movement economy (A003-23).")
    untether: UntetherOptions = Field(
        default=UntetherOptions(),
        description="Options for the Untether ability (R003-39, A003-25).")
    life: LifeOptions = Field(
        default=LifeOptions(),
        description="Options for life 0 and what a defeated body still counts for "
                    "(A003-06, A003-16).")
