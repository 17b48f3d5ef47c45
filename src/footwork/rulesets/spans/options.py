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
    unpaid_struggle: Literal["as_fail", "no_move"] = "as_fail"


class StruggleOptions(_Frozen):
    #: A003-04: may a struggle be bought with a resource already at 0?
    allow_negative: bool = False
    #: A003-03: a paid struggle gives the full 5+ result, or only the first move
    paid_gives: Literal["full_success", "single_move"] = "full_success"


class ClimbOptions(_Frozen):
    #: A003-09: does a failed Climb (1–2, or an unpaid 3–4) cause a fall?
    fail_falls: bool = False
    #: A003-10: Climb may also go down one height, on the same bands
    allow_down: bool = True
    #: A003-24: free hands a Climb needs (R003-06 says two)
    hands_needed: int = Field(default=2, ge=0, le=2)


class FlyOptions(_Frozen):
    #: A003-11: may one Fly move go a span across and a height up or down at once?
    diagonal: bool = False


class CoverOptions(_Frozen):
    #: A003-15: which foes are "beyond" a cover feature
    blocks: Literal["all_not_in_feature", "other_spans_only"] = "all_not_in_feature"


class ThresholdOptions(_Frozen):
    #: A003-16: an occupied threshold stops foes until cleared, or not at all (house rule)
    block: Literal["until_cleared", "off"] = "until_cleared"
    #: issue 10, item 16 (R003-19, R003-20 silent): how many heights above a threshold's
    #: floor an airborne mover is still stopped by its holders; 0 = a flier one height
    #: up passes over (footed movers always go through the choke point)
    reach_above: int = Field(default=0, ge=0, le=MAX_HEIGHT)


class UntetherOptions(_Frozen):
    #: A003-25, issue 10 item 16: what casting Untether on one's turn uses: nothing of the
    #: movement economy (it must also work mid-fall, out of turn), or the bonus free action
    uses: Literal["nothing", "free_action"] = "nothing"


class OnHighOptions(_Frozen):
    #: A003-14: a foe on the ground cannot reach an occupant of raised terrain in melee
    blocks_melee_from_below: bool = True


class SurfaceDamage(_Frozen):
    """How one surface turns heights fallen into guard and lethal damage (A003-08)."""

    guard_per_height: int = Field(default=2, ge=0, le=MAX_GUARD_PER_HEIGHT)
    lethal_offset: int = Field(default=0, ge=-MAX_LETHAL_OFFSET, le=MAX_LETHAL_OFFSET)
    #: falls of at most this many heights deal no lethal damage (water's soft landing)
    no_lethal_up_to: int = Field(default=0, ge=0, le=2 * MAX_HEIGHT)


def _default_surfaces() -> dict[str, SurfaceDamage]:
    return {
        "hard": SurfaceDamage(),
        "soft": SurfaceDamage(lethal_offset=-1),
        "water": SurfaceDamage(no_lethal_up_to=2),
    }


class FallOptions(_Frozen):
    #: A003-08: placeholder table until the published one is known, per surface; the
    #: surfaces a file gives are laid over these defaults, the others keep them
    surfaces: dict[str, SurfaceDamage] = Field(default_factory=_default_surfaces)

    @field_validator("surfaces", mode="before")
    @classmethod
    def _over_defaults(cls, value: object) -> object:
        if isinstance(value, dict):
            return {**_default_surfaces(), **value}
        return value
    #: A003-19: armour reduces the guard part of fall damage (never the lethal part, R003-27)
    armor_reduces_guard: bool = True
    #: A003-20: a fall into the Skysea removes the character from the scene
    skysea: Literal["remove"] = "remove"
    #: A003-21: on a hit, does the jump-attack target get its own Maneuver roll? (default no)
    jump_target_maneuver: bool = False


class FeatureOptions(_Frozen):
    #: A003-06: how many characters a feature holds when the map does not say (None = no limit)
    default_capacity: Capacity | None = None


class TurnOptions(_Frozen):
    #: A003-23: movement actions (Run, Climb, Float, Fly) per turn
    movement_actions: int = Field(default=1, ge=1, le=MAX_MOVEMENT_ACTIONS)


class DiceOptions(_Frozen):
    #: A003-01: the action die a character has when its stats do not say
    default_die: ActionDice = "d6"


class SpansOptions(_Frozen):
    """All options of the `spans` ruleset. Omitted options take these defaults."""

    dice: DiceOptions = DiceOptions()
    run: RunOptions = RunOptions()
    struggle: StruggleOptions = StruggleOptions()
    climb: ClimbOptions = ClimbOptions()
    fly: FlyOptions = FlyOptions()
    cover: CoverOptions = CoverOptions()
    threshold: ThresholdOptions = ThresholdOptions()
    on_high: OnHighOptions = OnHighOptions()
    fall: FallOptions = FallOptions()
    feature: FeatureOptions = FeatureOptions()
    turn: TurnOptions = TurnOptions()
    untether: UntetherOptions = UntetherOptions()
