"""The options of `allowances`: every gap of the text (A002-xx) settled by a named default."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from footwork.fields import Distance, Name
from footwork.rulesets.allowances.ranges import (
    MAX_DIFFICULTY,
    MAX_GRADES,
    MAX_NAMES,
    MAX_OPTION_M,
    MAX_PER_ROUND,
    MAX_PP_PER_ROLL,
    MAX_PP_POINT,
    MAX_TRANSITIONS,
    MAX_TYPES,
    MAX_VERTICAL_STEP,
    MAX_WALK_STEP,
    MIN_VERTICAL_STEP,
    PerRound,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class CascadeOptions(_Frozen):
    #: A002-03: which numbers decide "as high or higher": the base Scores, or the
    #: Allowances left when the move starts
    compare: Literal["base_score", "current_allowance"] = "base_score"
    #: R002-04, R002-05, A002-04 (issue 10, item 9): what bounds a move with a Type.
    #: ``own`` (default): that Type's own Allowance pays for it; the cascade takes the
    #: same distance off every Type ranked as high or higher, down to 0, and forbids
    #: nothing (a Rush always gives its metres; a flier whose Flight is spent may still
    #: walk what is left of its Overland). ``drained``: the move must also fit every
    #: Type it drains (A002-04 read as one pool: the round never goes past the highest
    #: Allowance; a Rush on a Type tied with or below another then adds only where the
    #: higher one has room, and a spent flier may not walk).
    limit: Literal["own", "drained"] = "own"


class DistanceOptions(_Frozen):
    #: A002-16, R002-43: ``manhattan`` adds every leg (a diagonal step across costs two
    #: cells); ``euclidean`` prices a diagonal step across at sqrt(2) cells (vertical
    #: legs still add: a grid has no slanted steps)
    metric: Literal["manhattan", "euclidean"] = "manhattan"
    #: the height of one vertical step, in m; heights are rounded to it
    vertical_step_m: float = Field(default=1.0, ge=MIN_VERTICAL_STEP, le=MAX_VERTICAL_STEP)
    #: the largest rise or drop an Overland step takes in its stride, in m
    walk_step_m: float = Field(default=1.0, ge=0, le=MAX_WALK_STEP)
    #: R002-04, R002-43 (issue 16, item 3): ``true`` (default): a flier may fly at the
    #: height it stands at, so flying across level ground costs what it crosses (the
    #: printed 4 m flight costs 4 m); ``false``: leaving the ground or the water's
    #: surface costs one vertical step up, and landing one down (a take-off and a landing
    #: leg on top of the distance across)
    skim: bool = True


class DosOptions(_Frozen):
    #: A002-05: degrees are the difference of the tens digits of target and roll
    formula: Literal["tens_digit"] = "tens_digit"


class RushOptions(_Frozen):
    #: A002-01, A002-26: ``per_2_dos_allowance`` (R002-10: Demanding, +1 m of Allowance per
    #: 2 DoS) or ``per_dos_score`` (R002-09: +1 to the Score per DoS)
    mode: Literal["per_2_dos_allowance", "per_dos_score"] = "per_2_dos_allowance"
    difficulty: Name = "Demanding"


class JumpOptions(_Frozen):
    """R002-17..30, A002-08..13: Jump and Leap."""

    #: A002-12: uses of Jump and of Leap per round (null: no limit)
    jump_per_round: PerRound | None = 1
    leap_per_round: PerRound | None = 1
    #: A002-13: do Jump and Leap spend Allowance too? (their own distance always applies)
    consumes_allowance: bool = False
    #: A002-12: a jump launches from solid ground (a floor)
    needs_solid_launch: bool = True
    #: falls are not in this chapter: a jump may land at most this much lower than it
    #: was launched (null: any drop)
    max_drop_m: Distance | None = 3.0
    jump_difficulty: Name = "Challenging"
    leap_difficulty: Name = "Challenging"


class BreachOptions(_Frozen):
    difficulty: Name = "Demanding"
    #: A002-12: a Breach counts as the Activation's one submerged/surfaced transition
    counts_as_transition: bool = True


class TransitionOptions(_Frozen):
    #: R002-12, A002-17: changes of the submerged flag allowed per Activation
    per_activation: int = Field(default=1, ge=0, le=MAX_TRANSITIONS)


class PpOptions(_Frozen):
    #: R002-11, A002-07: at most this many PP on one roll, each worth this much
    max_per_roll: int = Field(default=10, ge=0, le=MAX_PP_PER_ROLL)
    per_point: int = Field(default=10, ge=0, le=MAX_PP_POINT)


class ClimbOptions(_Frozen):
    #: A002-25: without a Climb Type, may the GM let a creature climb on Overland?
    overland_fallback: bool = False


class BurrowOptions(_Frozen):
    #: how deep under a floor a burrower may go, in m (cells tagged ``rock`` are solid)
    max_depth_m: float = Field(default=5.0, gt=0, le=MAX_OPTION_M)
    solid_tags: list[Name] = Field(default_factory=lambda: ["rock"], max_length=MAX_NAMES)


class CoverOptions(_Frozen):
    #: A002-19, R002-41: what a fluid surface gives on both sides (the GM may raise it)
    fluid: Literal["low", "high"] = "low"
    #: R002-42: what a burrowed creature has against attacks from the surface
    burrowed: Literal["high", "total"] = "high"
    #: A002-18: cover against melee attacks (the GM may rule otherwise)
    melee: bool = False
    #: R002-38: in Fog, cover applies to melee too and every target has at least this stage
    fog_stage: int = Field(default=1, ge=0, le=2)
    #: map tags that give their occupants cover against ranged attacks
    low_tags: list[Name] = Field(default_factory=lambda: ["low_cover"], max_length=MAX_NAMES)
    high_tags: list[Name] = Field(default_factory=lambda: ["high_cover"],
                                  max_length=MAX_NAMES)


class ActionOptions(_Frozen):
    #: A002-22: Simple Actions per Activation (the action economy is another chapter's;
    #: Rush is one); null: no limit
    simple_per_activation: int | None = Field(default=1, ge=0, le=MAX_PER_ROUND)


def _default_difficulty() -> dict[str, int]:
    return {"Challenging": 0, "Demanding": 0, "Intense": -40}


def _default_skills() -> dict[str, str]:
    return {"overland": "Running", "swim": "Swim", "flight": "Acrobatics",
            "burrow": "Athletics", "climb": "Athletics"}


class AllowancesOptions(_Frozen):
    """All options of the `allowances` ruleset. Omitted options take these defaults."""

    cascade: CascadeOptions = CascadeOptions()
    distance: DistanceOptions = DistanceOptions()
    dos: DosOptions = DosOptions()
    #: A002-06: the difficulty ladder, added to the Skill (other grades may be supplied)
    #: (each grade -300 to 300: checked below, so that the message names the grade)
    difficulty: dict[Name, int] = Field(default_factory=_default_difficulty,
                                        max_length=MAX_GRADES)
    rush: RushOptions = RushOptions()
    jump: JumpOptions = JumpOptions()
    breach: BreachOptions = BreachOptions()
    transitions: TransitionOptions = TransitionOptions()
    pp: PpOptions = PpOptions()
    #: A002-14: the Skill tied to each Type (and so to each medium)
    skills: dict[Name, Name] = Field(default_factory=_default_skills, max_length=MAX_TYPES)
    climb: ClimbOptions = ClimbOptions()
    burrow: BurrowOptions = BurrowOptions()
    cover: CoverOptions = CoverOptions()
    actions: ActionOptions = ActionOptions()

    @field_validator("difficulty")
    @classmethod
    def _ladder(cls, ladder: dict[str, int]) -> dict[str, int]:
        for grade, value in ladder.items():
            if not -MAX_DIFFICULTY <= value <= MAX_DIFFICULTY:
                raise ValueError(f"the grade {grade!r} must add -{MAX_DIFFICULTY} to "
                                 f"{MAX_DIFFICULTY} to the Skill, not {value}")
        return ladder
