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
    compare: Literal["base_score", "current_allowance"] = Field(
        default="base_score",
        description="Which numbers decide that a Type ranks as high or higher in the cascade: "
                    "`base_score` (default) the sheet's Scores, or `current_allowance` what is "
                    "left when the move starts (A002-03).")
    #: R002-04, R002-05, A002-04 (issue 10, item 9): what bounds a move with a Type.
    #: ``own`` (default): that Type's own Allowance pays for it; the cascade takes the
    #: same distance off every Type ranked as high or higher, down to 0, and forbids
    #: nothing (a Rush always gives its metres; a flier whose Flight is spent may still
    #: walk what is left of its Overland). ``drained``: the move must also fit every
    #: Type it drains (A002-04 read as one pool: the round never goes past the highest
    #: Allowance; a Rush on a Type tied with or below another then adds only where the
    #: higher one has room, and a spent flier may not walk).
    limit: Literal["own", "drained"] = Field(
        default="own",
        description="What bounds a move with a Type: `own` (default) its own Allowance, the "
                    "cascade draining the others down to 0; `drained` the move must also fit "
                    "every Type it drains (R002-04, R002-05, A002-04).")


class DistanceOptions(_Frozen):
    #: A002-16, R002-43: ``manhattan`` adds every leg (a diagonal step across costs two
    #: cells); ``euclidean`` prices a diagonal step across at sqrt(2) cells (vertical
    #: legs still add: a grid has no slanted steps)
    metric: Literal["manhattan", "euclidean"] = Field(
        default="manhattan",
        description="How a path's length is counted: `manhattan` (default) adds every leg, a "
                    "diagonal costing two cells; `euclidean` prices a diagonal at the square "
                    "root of 2 cells (R002-43, A002-16).")
    #: the height of one vertical step, in m; heights are rounded to it
    vertical_step_m: float = Field(
        description="The height in m of one vertical step, heights being rounded to it; "
                    "default 1 (R002-43, A002-16).",
        default=1.0, ge=MIN_VERTICAL_STEP, le=MAX_VERTICAL_STEP)
    #: the largest rise or drop an Overland step takes in its stride, in m
    walk_step_m: float = Field(
        description="The largest rise or drop in m an Overland step takes in its stride; "
                    "default 1 (R002-43).",
        default=1.0, ge=0, le=MAX_WALK_STEP)
    #: R002-04, R002-43 (issue 16, item 3): ``true`` (default): a flier may fly at the
    #: height it stands at, so flying across level ground costs what it crosses (the
    #: printed 4 m flight costs 4 m); ``false``: leaving the ground or the water's
    #: surface costs one vertical step up, and landing one down (a take-off and a landing
    #: leg on top of the distance across)
    skim: bool = Field(
        default=True,
        description="Whether a flier may fly at the height it stands at, so flying across "
                    "level ground costs only what it crosses; default true, false adds a "
                    "take-off and a landing step (R002-04, R002-43).")


class DosOptions(_Frozen):
    #: A002-05: degrees are the difference of the tens digits of target and roll
    formula: Literal["tens_digit"] = Field(
        default="tens_digit",
        description="How Degrees of Success are counted; the only value, `tens_digit`, takes "
                    "the difference of the tens digits of target and roll (A002-05).")


class RushOptions(_Frozen):
    #: A002-01, A002-26: ``per_2_dos_allowance`` (R002-10: Demanding, +1 m of Allowance per
    #: 2 DoS) or ``per_dos_score`` (R002-09: +1 to the Score per DoS)
    mode: Literal["per_2_dos_allowance", "per_dos_score"] = Field(
        default="per_2_dos_allowance",
        description="What each Degree of Success of a Rush gives: `per_2_dos_allowance` "
                    "(default) +1 m of Allowance per 2 DoS, or `per_dos_score` +1 to the Score "
                    "per DoS (R002-09, R002-10, A002-01).")
    difficulty: Name = Field(
        default="Demanding",
        description="The difficulty grade of the Rush test; default Demanding (A002-26).")


class JumpOptions(_Frozen):
    """R002-17..30, A002-08..13: Jump and Leap."""

    #: A002-12: uses of Jump and of Leap per round (null: no limit)
    jump_per_round: PerRound | None = Field(
        default=1,
        description="Uses of Jump each round; default 1, null for no limit (A002-12).")
    leap_per_round: PerRound | None = Field(
        default=1,
        description="Uses of Leap each round; default 1, null for no limit (A002-12).")
    #: A002-13: do Jump and Leap spend Allowance too? (their own distance always applies)
    consumes_allowance: bool = Field(
        default=False,
        description="Whether Jump and Leap also spend Allowance besides their own distance; "
                    "default false (A002-13).")
    #: A002-13 (with ``consumes_allowance``): which Type a jump's metres are (the gap
    #: names none; the s34 review)
    pays_with: Literal["overland", "launch"] = Field(
        default="overland",
        description="With consumes_allowance: the Type a jump's metres are spent from: "
                    "`overland` (default; a creature with no Overland has nothing to pay, "
                    "so its jumps carry it nowhere) or `launch` (the Type of where it springs "
                    "from: Overland off the ground, Swim off the water's surface) (A002-13).")
    #: A002-12: a jump launches from solid ground (a floor)
    needs_solid_launch: bool = Field(
        default=True,
        description="Whether a jump must launch from solid ground (a floor); false: from "
                    "the ground or the water's surface (never from under water, the earth, "
                    "a wall or the air); default true (A002-12).")
    #: falls are not in this chapter: a jump may land at most this much lower than it
    #: was launched (null: any drop)
    max_drop_m: Distance | None = Field(
        default=3.0,
        description="How much lower in m than its launch a jump may land, falls being another "
                    "chapter's; default 3, null for any drop.")
    jump_difficulty: Name = Field(
        default="Challenging",
        description="The difficulty grade of the Jump test; default Challenging (R002-18).")
    leap_difficulty: Name = Field(
        default="Challenging",
        description="The difficulty grade of the Leap test; default Challenging (R002-24).")


class BreachOptions(_Frozen):
    difficulty: Name = Field(
        default="Demanding",
        description="The difficulty grade of the Breach test; default Demanding (R002-32).")
    #: A002-12: a Breach counts as the Activation's one submerged/surfaced transition
    counts_as_transition: bool = Field(
        default=True,
        description="Whether a Breach counts as the Activation's submerged or surfaced "
                    "transition; default true (A002-12).")


class TransitionOptions(_Frozen):
    #: R002-12, A002-17: changes of the submerged flag allowed per Activation
    per_activation: int = Field(
        description="Changes between submerged and surfaced allowed each Activation; default 1 "
                    "(R002-12, A002-17).",
        default=1, ge=0, le=MAX_TRANSITIONS)


class PpOptions(_Frozen):
    #: R002-11, A002-07: at most this many PP on one roll, each worth this much
    max_per_roll: int = Field(
        description="The most PP that may be spent on one roll; default 10 (R002-11, A002-07).",
        default=10, ge=0, le=MAX_PP_PER_ROLL)
    per_point: int = Field(
        description="What each PP spent adds to a roll's target; default 10 (R002-11, "
                    "A002-07).",
        default=10, ge=0, le=MAX_PP_POINT)
    #: A002-07: PP are chosen after the roll is seen ("if they feel they need more"); a
    #: table may rule they are declared with the roll
    after_roll: bool = Field(
        default=True,
        description="Whether PP are chosen after seeing the d100 (a pending decision); "
                    "false: only the `pp` given on the command counts, none if left out; "
                    "default true (A002-07).")


class ClimbOptions(_Frozen):
    #: A002-25: without a Climb Type, may the GM let a creature climb on Overland?
    overland_fallback: bool = Field(
        default=False,
        description="Whether the GM may let a creature without a Climb Type climb on its "
                    "Overland; default false (A002-25).")


class BurrowOptions(_Frozen):
    #: how deep under a floor a burrower may go, in m (cells tagged ``rock`` are solid)
    max_depth_m: float = Field(
        description="How deep in m under a floor a burrower may go; default 5 (R002-02).",
        default=5.0, gt=0, le=MAX_OPTION_M)
    solid_tags: list[Name] = Field(
        description="Cell tags whose cells are solid rock a burrower cannot dig through; "
                    "default `rock` (R002-02).",
        default_factory=lambda: ["rock"], max_length=MAX_NAMES)


class CoverOptions(_Frozen):
    #: A002-19, R002-41: what a fluid surface gives on both sides (the GM may raise it)
    fluid: Literal["low", "high"] = Field(
        default="low",
        description="The cover a fluid surface gives on both of its sides: `low` (default) or "
                    "`high`; the GM may raise it (R002-41, A002-19).")
    #: R002-42: what a burrowed creature has against attacks from the surface
    burrowed: Literal["high", "total"] = Field(
        default="high",
        description="The cover a burrowed creature has against attacks from the surface: "
                    "`high` (default) or `total` (R002-42).")
    #: A002-18: cover against melee attacks (the GM may rule otherwise)
    melee: bool = Field(
        default=False,
        description="Whether cover also counts against melee attacks; default false, the GM "
                    "may rule otherwise (A002-18).")
    #: R002-38: in Fog, cover applies to melee too and every target has at least this stage
    fog_stage: int = Field(
        description="In Fog, the least cover stage (0-2) every target has, melee included; "
                    "default 1 (R002-38).",
        default=1, ge=0, le=2)
    #: map tags that give their occupants cover against ranged attacks
    low_tags: list[Name] = Field(
        description="Cell tags that give their occupants low cover against ranged attacks; "
                    "default `low_cover` (R002-39, R002-40).",
        default_factory=lambda: ["low_cover"], max_length=MAX_NAMES)
    high_tags: list[Name] = Field(
        description="Cell tags that give their occupants high cover against ranged attacks; "
                    "default `high_cover` (R002-39, R002-40).",
        default_factory=lambda: ["high_cover"],
                                  max_length=MAX_NAMES)


class ActionOptions(_Frozen):
    #: A002-22: Simple Actions per Activation (the action economy is another chapter's;
    #: Rush is one); null: no limit
    simple_per_activation: int | None = Field(
        description="Simple Actions (Rush among them) each Activation; default 1, null for no "
                    "limit (A002-22).",
        default=1, ge=0, le=MAX_PER_ROUND)


def _default_difficulty() -> dict[str, int]:
    return {"Challenging": 0, "Demanding": 0, "Intense": -40}


def _default_skills() -> dict[str, str]:
    return {"overland": "Running", "swim": "Swim", "flight": "Acrobatics",
            "burrow": "Athletics", "climb": "Athletics"}


class AllowancesOptions(_Frozen):
    """All options of the `allowances` ruleset. Omitted options take these defaults."""

    cascade: CascadeOptions = Field(
        default=CascadeOptions(),
        description="Options for how a move drains the Allowances of higher Types (R002-04, "
                    "R002-05, A002-03, A002-04).")
    distance: DistanceOptions = Field(
        default=DistanceOptions(),
        description="Options for measuring paths on the grid (R002-04, R002-43, A002-16).")
    dos: DosOptions = Field(
        default=DosOptions(),
        description="Options for counting Degrees of Success (A002-05).")
    #: A002-06: the difficulty ladder, added to the Skill (other grades may be supplied)
    #: (each grade -300 to 300: checked below, so that the message names the grade)
    difficulty: dict[Name, int] = Field(
        description="The difficulty ladder: each grade's modifier added to the Skill target; "
                    "default Challenging 0, Demanding 0, Intense -40 (A002-06).",
        default_factory=_default_difficulty,
                                        max_length=MAX_GRADES)
    rush: RushOptions = Field(
        default=RushOptions(),
        description="Options for the Rush action (R002-08..10, A002-01, A002-26).")
    jump: JumpOptions = Field(
        default=JumpOptions(),
        description="Options for Jump and Leap (R002-17..30, A002-08..13).")
    breach: BreachOptions = Field(
        default=BreachOptions(),
        description="Options for Breach (R002-32, A002-12).")
    transitions: TransitionOptions = Field(
        default=TransitionOptions(),
        description="Options for submerged and surfaced transitions (R002-12, A002-17).")
    pp: PpOptions = Field(
        default=PpOptions(),
        description="Options for spending PP on rolls (R002-11, A002-07).")
    #: A002-14: the Skill tied to each Type (and so to each medium)
    skills: dict[Name, Name] = Field(
        description="The Skill tested for each Type; default Overland Running, Swim Swim, "
                    "Flight Acrobatics, Burrow and Climb Athletics (A002-14).",
        default_factory=_default_skills, max_length=MAX_TYPES)
    climb: ClimbOptions = Field(
        default=ClimbOptions(),
        description="Options for climbing (A002-25).")
    burrow: BurrowOptions = Field(
        default=BurrowOptions(),
        description="Options for burrowing (R002-02).")
    cover: CoverOptions = Field(
        default=CoverOptions(),
        description="Options for cover and obscurement (R002-38..42, A002-18, A002-19).")
    actions: ActionOptions = Field(
        default=ActionOptions(),
        description="Options for the action economy (A002-22).")

    @field_validator("difficulty")
    @classmethod
    def _ladder(cls, ladder: dict[str, int]) -> dict[str, int]:
        for grade, value in ladder.items():
            if not -MAX_DIFFICULTY <= value <= MAX_DIFFICULTY:
                raise ValueError(f"the grade {grade!r} must add -{MAX_DIFFICULTY} to "
                                 f"{MAX_DIFFICULTY} to the Skill, not {value}")
        return ladder
