"""The options of `styles`: every gap of the text (A001-xx) settled by a named default."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from footwork.fields import Name
from footwork.rulesets.styles.model import StyleText, sheet_caps
from footwork.rulesets.styles.ranges import (
    MAX_COUNT,
    MAX_DASHES,
    MAX_DICE,
    MAX_NAMES,
    MAX_OPTION_U,
    MAX_STYLES,
    MAX_TARGET,
    MAX_VERTICAL_STEP,
    MAX_WALK_STEP,
    MIN_VERTICAL_STEP,
    Count,
    DamageDice,
    OptionU,
    TestDice,
)
from footwork.space.grid import Diagonal


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class MoveOptions(_Frozen):
    #: A001-01: when the pool refills and per-style use resets (always *set*, never added)
    refresh: Literal["end_of_own_turn", "start_of_own_turn"] = Field(
        default="end_of_own_turn",
        description="When the movement pool refills and each style's use resets (set, never "
                    "added to): `end_of_own_turn` (default) or `start_of_own_turn` (A001-01).")
    #: A001-04: is each style's cap counted per own turn or per round?
    caps_per: Literal["turn", "round"] = Field(
        default="turn",
        description="Whether each style's cap is counted per own turn (default: it resets "
                    "with the pool) or per round (it resets when the round ends, so a Move "
                    "off one's turn later in the round finds the style still used) (A001-04).")
    #: A001-02: may Move be used outside the mover's own turn?
    off_turn: bool = Field(
        default=False,
        description="Whether Move may be used outside the mover's own turn; default false "
                    "(A001-02).")
    #: A001-17: the cost of a diagonal step (the square-grid reading of Euclidean length)
    diagonal: Diagonal = Field(
        default=Diagonal.EUCLIDEAN,
        description="What a diagonal step costs on the square grid: `euclidean` (default, the "
                    "square root of 2), `one` or `alternate` 1, 2, 1... (A001-17).")
    #: A001-17: the height of one vertical step, in u (climbing, swimming, flying)
    vertical_step_u: float = Field(
        description="The height in u of one vertical step when climbing, swimming or flying; "
                    "default 0.5 (A001-17).",
        default=0.5, ge=MIN_VERTICAL_STEP, le=MAX_VERTICAL_STEP)
    #: R001-26: the largest rise or drop a Walk step takes in its stride; a deeper drop is
    #: stepping off an edge, and a Fall
    walk_step_u: float = Field(
        description="The largest rise or drop in u a Walk step takes in its stride; a deeper "
                    "drop is stepping off an edge into a Fall; default 0.5 (R001-26).",
        default=0.5, ge=0, le=MAX_WALK_STEP)
    #: A001-19: cell tags whose cells trigger when a mover touches down on them; found
    #: plans go round (or over) them
    hazard_tags: list[Name] = Field(
        description="Cell tags whose cells trigger when a mover touches down on them, so found "
                    "plans go round or over them; default `mine`, `hazard` (A001-19).",
        default_factory=lambda: ["mine", "hazard"],
                                    max_length=MAX_NAMES)


class DashOptions(_Frozen):
    """A001-03: the Dash reaction."""

    #: Block A: until the start of the dasher's next turn; Block B: for this turn only
    duration: Literal["until_next_turn", "this_turn"] = Field(
        default="until_next_turn",
        description="How long a Dash doubles the styles and pool: `until_next_turn` (default) "
                    "until the dasher's next turn starts, or `this_turn` (R001-06, A001-03).")
    #: R001-07: Hooks a Dash costs
    hooks: Count = Field(
        default=1,
        description="Hooks one Dash costs; default 1 (R001-07, A001-03).")
    #: Dashes allowed per turn (each doubles again, so the range is small)
    per_turn: int = Field(
        description="Dashes allowed per turn, each doubling again; default 1 (A001-03).",
        default=1, ge=1, le=MAX_DASHES)


class ProneOptions(_Frozen):
    """A001-10: prone arithmetic."""

    #: a prone character must stand (1u) before using any style but Walk
    blocks_other_styles: bool = Field(
        default=True,
        description="Whether a prone character must stand before using any style but Walk; "
                    "default true (A001-10).")
    #: R001-30: what standing up costs, in u, from the pool and from Walk
    stand_cost_u: OptionU = Field(
        default=1.0,
        description="What standing up costs in u, from the pool and from Walk; default 1 "
                    "(R001-30, A001-10).")
    #: rule questions (R001-08 silent): the Montage replaces the Move Ability; standing up is a
    #: Free Action that spends Movement, not the Move
    stand_in_montage: bool = Field(
        default=True,
        description="Whether a prone character may stand up while the GM runs a Montage; "
                    "default true (our default: the Montage replaces the Move Ability, and "
                    "standing up is a Free Action, R001-08, R001-30); false refuses it until "
                    "the Montage ends.")


class SlowedOptions(_Frozen):
    """A001-11: when Slowed stacks Interrupt Movement."""

    #: ``crossing``: when the count goes from below the threshold to at least it;
    #: ``two_in_one_application``: only when one application adds that many stacks
    interrupt: Literal["crossing", "two_in_one_application"] = Field(
        default="crossing",
        description="When Slowed stacks Interrupt Movement: `crossing` (default) when the "
                    "count rises to `threshold` or past it, or `two_in_one_application` only "
                    "when one application adds that many (A001-11).")
    threshold: int = Field(
        description="The count of Slowed stacks that Interrupts Movement; default 2 (R001-20, "
                    "A001-11).",
        default=2, ge=1, le=MAX_COUNT)
    #: A001-12: Slowed stacks an Improvised Maneuver inflicts on a hit
    maneuver_stacks: int = Field(
        description="Slowed stacks an Improvised Maneuver inflicts on a hit; default 1 "
                    "(R001-22, A001-12).",
        default=1, ge=1, le=MAX_COUNT)


class ImproviseOptions(_Frozen):
    """R001-25, A001-13: improvised styles."""

    #: the grade a grant gives unless the GM picks another
    default_grade: Literal["half", "normal", "double"] = Field(
        default="half",
        description="The grade an improvised style is granted at unless the GM picks another: "
                    "`half` (default), `normal` or `double` (R001-25).")
    #: A001-13: how long a grant lasts
    lasts: Literal["end_of_turn", "encounter"] = Field(
        default="end_of_turn",
        description="How long a granted improvised style lasts: `end_of_turn` (default) or "
                    "`encounter` (A001-13).")


class SwimOptions(_Frozen):
    """R001-35..38, A001-15, A001-16, A001-20."""

    #: R001-37: an Interrupted swimmer floats up this much per turn...
    float_u: OptionU = Field(
        default=1.0,
        description="How far in u an Interrupted swimmer floats up each turn; default 1 "
                    "(R001-37, A001-15).")
    #: ...or sinks this much with more than half its Good spots filled (and R001-38)
    sink_u: OptionU = Field(
        default=2.0,
        description="How far in u an Interrupted swimmer sinks each turn with more than half "
                    "its Good spots filled or weighed down; default 2 (R001-37, R001-38).")
    #: A001-15: when in its turn an adrift or overloaded swimmer floats or sinks
    bob: Literal["start_of_own_turn", "end_of_own_turn"] = Field(
        default="start_of_own_turn",
        description="When an Interrupted or overloaded swimmer floats up or sinks each turn: "
                    "`start_of_own_turn` (default) or `end_of_own_turn` (A001-15).")
    #: A001-16: a non-buoyant load at least as heavy as the swimmer sinks it
    heavy_load_sinks: bool = Field(
        default=True,
        description="Whether a non-buoyant load at least as heavy as the swimmer sinks it; "
                    "default true (R001-38, A001-16).")
    #: A001-20: when a current carries a swimmer (its speed is per turn)
    drift: Literal["end_of_own_turn", "never"] = Field(
        default="end_of_own_turn",
        description="When a current carries a swimmer its speed: `end_of_own_turn` (default) "
                    "or `never` (A001-20).")


class FallOptions(_Frozen):
    """A001-14, R001-39: fall damage is defined outside the chapter, so by default a fall
    is recorded with its distance and the table applies its own damage rule
    (``dice: null``). Give ``dice`` to have footwork roll it: ``dice`` for every full
    ``per_u`` fallen beyond the first ``safe_u`` (e.g. ``1d6``, 2u, 2u), at most
    ``max_dice`` dice in all.
    """

    dice: DamageDice | None = Field(
        default=None,
        description="The damage dice rolled for every full `per_u` fallen beyond `safe_u`, "
                    "e.g. `1d6`; default null, the fall is recorded and the table applies its "
                    "own damage (R001-39, A001-14).")
    per_u: float = Field(
        description="How many u of fall earn one roll of `dice`; default 2 (A001-14).",
        default=2.0, ge=0.5, le=MAX_OPTION_U)
    safe_u: OptionU = Field(
        default=2.0,
        description="How many u a character may fall before any damage dice; default 2 "
                    "(A001-14).")
    #: the most dice one fall rolls (footwork rolls at most 100 dice at once); a longer
    #: fall rolls this many
    max_dice: int = Field(
        description="The most dice one fall rolls, however long; default 100 (A001-14).",
        default=MAX_DICE, ge=1, le=MAX_DICE)
    #: a fall that ends in water deals no damage
    water_breaks_fall: bool = Field(
        default=True,
        description="Whether a fall that ends in water deals no damage; default true "
                    "(A001-14).")


class SneakOptions(_Frozen):
    """R001-05, A001-08, A001-09: the Sneaking Test."""

    #: cell tags that leave a character at least half obscured from every foe
    obscuring_tags: list[Name] = Field(
        description="Cell tags that leave a character at least half obscured from every foe, "
                    "for the Sneaking Test; default `obscured` (A001-09).",
        default_factory=lambda: ["obscured"],
                                       max_length=MAX_NAMES)
    #: the Stealth Conditions a pass may grant
    conditions: list[Name] = Field(
        description="The Stealth Conditions a passed Sneaking Test may grant; default `hidden` "
                    "(R001-05, A001-08).",
        default_factory=lambda: ["hidden"], min_length=1,
                                   max_length=MAX_NAMES)
    #: how the Test is settled: ``gm`` (a pending decision), or rolled: pass when the
    #: total of ``dice`` is at least ``target``
    check: Literal["gm", "roll"] = Field(
        default="gm",
        description="How the Sneaking Test is settled: `gm` (default) as a pending decision, "
                    "or `roll` against `target` (A001-09).")
    dice: TestDice = Field(
        default="1d20",
        description="The dice rolled for the Sneaking Test when `check` is `roll`; default "
                    "1d20 (A001-09).")
    target: int = Field(
        description="The total the Sneaking Test's dice must reach to pass when `check` is "
                    "`roll`; default 11 (A001-09).",
        default=11, ge=-MAX_TARGET, le=MAX_TARGET)


class StylesOptions(_Frozen):
    """All options of the `styles` ruleset. Omitted options take these defaults."""

    move: MoveOptions = Field(
        default=MoveOptions(),
        description="Options for Move: refresh, diagonals, steps and hazards (A001-01, "
                    "A001-02, A001-17, A001-19, R001-26).")
    dash: DashOptions = Field(
        default=DashOptions(),
        description="Options for the Dash reaction (R001-06, R001-07, A001-03).")
    prone: ProneOptions = Field(
        default=ProneOptions(),
        description="Options for being prone and standing up (R001-28..30, A001-10).")
    slowed: SlowedOptions = Field(
        default=SlowedOptions(),
        description="Options for Slowed stacks and when they Interrupt Movement (R001-20, "
                    "A001-11, A001-12).")
    improvise: ImproviseOptions = Field(
        default=ImproviseOptions(),
        description="Options for improvised styles the GM grants (R001-23..25, A001-13).")
    swim: SwimOptions = Field(
        default=SwimOptions(),
        description="Options for swimmers floating, sinking and drifting (R001-35..38, "
                    "A001-15, A001-16, A001-20).")
    fall: FallOptions = Field(
        default=FallOptions(),
        description="Options for fall damage (R001-39, A001-14).")
    sneak: SneakOptions = Field(
        default=SneakOptions(),
        description="Options for the Sneaking Test (R001-05, A001-08, A001-09).")
    #: A001-05, A001-22: the styles of an actor whose sheet lists none (level 1)
    template: list[StyleText] = Field(
        description="The styles of an actor whose sheet lists none; default Walk, Half Jump, "
                    "Half Swim (A001-05, A001-22).",
        default_factory=lambda: ["Walk", "Half Jump", "Half Swim"], max_length=MAX_STYLES)

    @field_validator("template")
    @classmethod
    def _known_styles(cls, template: list[str]) -> list[str]:
        sheet_caps(template)
        return template
