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
    refresh: Literal["end_of_own_turn", "start_of_own_turn"] = "end_of_own_turn"
    #: A001-02: may Move be used outside the mover's own turn?
    off_turn: bool = False
    #: A001-17: the cost of a diagonal step (the square-grid reading of Euclidean length)
    diagonal: Diagonal = Diagonal.EUCLIDEAN
    #: A001-17: the height of one vertical step, in u (climbing, swimming, flying)
    vertical_step_u: float = Field(default=0.5, ge=MIN_VERTICAL_STEP, le=MAX_VERTICAL_STEP)
    #: R001-26: the largest rise or drop a Walk step takes in its stride; a deeper drop is
    #: stepping off an edge, and a Fall
    walk_step_u: float = Field(default=0.5, ge=0, le=MAX_WALK_STEP)
    #: A001-19: cell tags whose cells trigger when a mover touches down on them; found
    #: plans go round (or over) them
    hazard_tags: list[Name] = Field(default_factory=lambda: ["mine", "hazard"],
                                    max_length=MAX_NAMES)


class DashOptions(_Frozen):
    """A001-03: the Dash reaction."""

    #: Block A: until the start of the dasher's next turn; Block B: for this turn only
    duration: Literal["until_next_turn", "this_turn"] = "until_next_turn"
    #: R001-07: Hooks a Dash costs
    hooks: Count = 1
    #: Dashes allowed per turn (each doubles again, so the range is small)
    per_turn: int = Field(default=1, ge=1, le=MAX_DASHES)


class ProneOptions(_Frozen):
    """A001-10: prone arithmetic."""

    #: a prone character must stand (1u) before using any style but Walk
    blocks_other_styles: bool = True
    #: R001-30: what standing up costs, in u, from the pool and from Walk
    stand_cost_u: OptionU = 1.0


class SlowedOptions(_Frozen):
    """A001-11: when Slowed stacks Interrupt Movement."""

    #: ``crossing``: when the count goes from below the threshold to at least it;
    #: ``two_in_one_application``: only when one application adds that many stacks
    interrupt: Literal["crossing", "two_in_one_application"] = "crossing"
    threshold: int = Field(default=2, ge=1, le=MAX_COUNT)
    #: A001-12: Slowed stacks an Improvised Maneuver inflicts on a hit
    maneuver_stacks: int = Field(default=1, ge=1, le=MAX_COUNT)


class ImproviseOptions(_Frozen):
    """R001-25, A001-13: improvised styles."""

    #: the grade a grant gives unless the GM picks another
    default_grade: Literal["half", "normal", "double"] = "half"
    #: A001-13: how long a grant lasts
    lasts: Literal["end_of_turn", "encounter"] = "end_of_turn"


class SwimOptions(_Frozen):
    """R001-35..38, A001-15, A001-16, A001-20."""

    #: R001-37: an Interrupted swimmer floats up this much per turn...
    float_u: OptionU = 1.0
    #: ...or sinks this much with more than half its Good spots filled (and R001-38)
    sink_u: OptionU = 2.0
    #: A001-16: a non-buoyant load at least as heavy as the swimmer sinks it
    heavy_load_sinks: bool = True
    #: A001-20: when a current carries a swimmer (its speed is per turn)
    drift: Literal["end_of_own_turn", "never"] = "end_of_own_turn"


class FallOptions(_Frozen):
    """A001-14, R001-39: fall damage is defined outside the chapter, so by default a fall
    is recorded with its distance and the table applies its own damage rule
    (``dice: null``). Give ``dice`` to have footwork roll it: ``dice`` for every full
    ``per_u`` fallen beyond the first ``safe_u`` (e.g. ``1d6``, 2u, 2u), at most
    ``max_dice`` dice in all.
    """

    dice: DamageDice | None = None
    per_u: float = Field(default=2.0, ge=0.5, le=MAX_OPTION_U)
    safe_u: OptionU = 2.0
    #: the most dice one fall rolls (footwork rolls at most 100 dice at once); a longer
    #: fall rolls this many
    max_dice: int = Field(default=MAX_DICE, ge=1, le=MAX_DICE)
    #: a fall that ends in water deals no damage
    water_breaks_fall: bool = True


class SneakOptions(_Frozen):
    """R001-05, A001-08, A001-09: the Sneaking Test."""

    #: cell tags that leave a character at least half obscured from every foe
    obscuring_tags: list[Name] = Field(default_factory=lambda: ["obscured"],
                                       max_length=MAX_NAMES)
    #: the Stealth Conditions a pass may grant
    conditions: list[Name] = Field(default_factory=lambda: ["hidden"], min_length=1,
                                   max_length=MAX_NAMES)
    #: how the Test is settled: ``gm`` (a pending decision), or rolled: pass when the
    #: total of ``dice`` is at least ``target``
    check: Literal["gm", "roll"] = "gm"
    dice: TestDice = "1d20"
    target: int = Field(default=11, ge=-MAX_TARGET, le=MAX_TARGET)


class StylesOptions(_Frozen):
    """All options of the `styles` ruleset. Omitted options take these defaults."""

    move: MoveOptions = MoveOptions()
    dash: DashOptions = DashOptions()
    prone: ProneOptions = ProneOptions()
    slowed: SlowedOptions = SlowedOptions()
    improvise: ImproviseOptions = ImproviseOptions()
    swim: SwimOptions = SwimOptions()
    fall: FallOptions = FallOptions()
    sneak: SneakOptions = SneakOptions()
    #: A001-05, A001-22: the styles of an actor whose sheet lists none (level 1)
    template: list[StyleText] = Field(
        default_factory=lambda: ["Walk", "Half Jump", "Half Swim"], max_length=MAX_STYLES)

    @field_validator("template")
    @classmethod
    def _known_styles(cls, template: list[str]) -> list[str]:
        sheet_caps(template)
        return template
