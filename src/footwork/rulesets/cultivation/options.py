"""The options of `cultivation`: every gap of the text (A000-xx) settled by a named default,
and every optional rule (R000-35, R000-75..80) behind a switch."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from footwork.dice import parse_dice
from footwork.fields import MAX_COORDINATE, Name, dice_text
from footwork.rulesets.cultivation.ranges import (
    MAX_CHALLENGE_DICE,
    MAX_CHALLENGE_SIDES,
    MAX_RATING,
    MAX_SCORE,
    MIN_DIVISOR,
    Depth,
    Metres,
    Rating,
    Round,
    Score,
    Steps,
)

Surface = Literal["water", "soft", "hard", "suicidal"]
Element = Literal["air", "earth"]


#: R000-41: metres per point of landing damage, by surface
_DIVISORS: dict[Surface, float] = {"water": 20, "soft": 40, "hard": 5, "suicidal": 1}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class ChallengeOptions(_Frozen):
    """A000-01, A000-02, A000-31: how a Challenge is rolled and read."""

    #: A000-01: the die added to the element score (Result = die + score + bonuses − penalties)
    die: str = "d20"
    #: A000-01: Flourish when the Result is at least the target plus this margin
    flourish_margin: int = Field(default=10, ge=1, le=MAX_RATING)
    #: A000-01: Disaster when the Result is at most the target minus this margin
    disaster_margin: int = Field(default=10, ge=1, le=MAX_RATING)
    #: A000-02: an ordinary Challenge that meets its target exactly succeeds
    success_on_tie: bool = True
    #: A000-31: a natural 1 on the die is a Disaster whatever the Result
    natural_disaster: bool = False

    @field_validator("die")
    @classmethod
    def _one_die(cls, value: str) -> str:
        dice = parse_dice(dice_text(value))  # the shared DiceText check first
        if dice.modifier != 0 or len(dice.terms) != 1 or dice.terms[0].sign < 0:
            raise ValueError(f"expected plain dice such as d20 or 2d10, got {value!r}")
        term = dice.terms[0]
        if term.count > MAX_CHALLENGE_DICE or term.sides > MAX_CHALLENGE_SIDES:
            raise ValueError(f"expected at most {MAX_CHALLENGE_DICE} dice of at most "
                             f"{MAX_CHALLENGE_SIDES} sides, got {value!r}")
        return str(dice)


class SpeedOptions(_Frozen):
    #: R000-02: zones a Move covers in a round
    base: int = Field(default=1, ge=0, le=MAX_SCORE)
    #: R000-03, A000-03: the round's total budget once Sprint is taken (zones already moved count)
    sprint: int = Field(default=3, ge=1, le=MAX_SCORE)


class DTOptions(_Frozen):
    #: A000-04: a failed crossing with the Action already spent ends the Move (unused Speed lost)
    blocked_ends_move: bool = True
    #: A000-05: one Challenge against the highest rating when several apply to one crossing
    combine: Literal["max"] = "max"
    #: A000-06: the rating of a zone flagged as Difficult Terrain without a number
    default_rating: Rating = 1


class PartnerOptions(_Frozen):
    #: A000-07: a joint move stops for both at a border one of them cannot cross, or splits them
    joint_block: Literal["stop_both", "split"] = "stop_both"
    #: R000-14, R000-15: a bonus to each partner's Challenges while partnered (effects defined
    #: elsewhere; 0 by default)
    challenge_bonus: Score = 0


class LimitOptions(_Frozen):
    #: R000-33/34 (a Challenge against a chosen defender) or R000-35 (spill-over)
    mode: Literal["challenge", "spillover"] = "challenge"


class SpilloverOptions(_Frozen):
    #: A000-09: the die counted clockwise round the limited zone's neighbours
    die: int = Field(default=6, ge=2, le=MAX_CHALLENGE_SIDES)
    #: A000-09: scattered characters ignore Difficult Terrain and limits (off: zones with
    #: Difficult Terrain or no room are left out of the count)
    ignore_dt: bool = True


class ForcedOptions(_Frozen):
    #: A000-02, R000-52: a forced movement's Result must be strictly higher than the DT
    dt_strictly_greater: bool = True
    #: A000-17: a full zone cannot receive a forced character
    respects_limit: bool = True
    #: A000-17: the defence a shove, throw or trip is rolled against
    defense: Literal["earth", "stealth"] = "earth"
    #: the element the thrower rolls when its command does not say
    element: Element = "earth"
    #: a shove/throw is an attack: it uses the thrower's Action (the Arts say otherwise)
    uses_action: bool = True


class FallOptions(_Frozen):
    #: R000-40, A000-10: the speed gained each round, and the terminal speed (m/round)
    accel_m: Metres = 50
    terminal_m: Metres = 250
    #: R000-41: metres per point of damage, by landing surface (the surfaces a file leaves
    #: out keep their printed divisors)
    divisors: dict[Surface, float] = Field(default_factory=lambda: dict(_DIVISORS))
    #: A000-10: water shallower than this counts as a hard landing
    water_min_depth_m: Depth = 5
    #: A000-10: the height of one zone step, for drops between zones that give no metres
    zone_height_m: Metres = 5
    #: A000-11: a fall that takes aura from above 0 to 0 or below gives a Wound at once
    wound_on_exhaustion: bool = True

    @field_validator("divisors")
    @classmethod
    def _all_surfaces(cls, value: dict[Surface, float]) -> dict[Surface, float]:
        for surface, divisor in value.items():
            if not MIN_DIVISOR <= divisor <= MAX_COORDINATE:
                raise ValueError(f"the divisor for {surface} must be from {MIN_DIVISOR:g} to "
                                 f"{MAX_COORDINATE:g} metres, got {divisor:g}")
        return {**_DIVISORS, **value}


class SwimOptions(_Frozen):
    #: A000-12: swimming starts when the depth is at least this share of the height
    threshold: float = Field(default=0.5, gt=0, le=10)
    #: R000-44, A000-13: Speed a border with a swimming side costs
    border_cost: int = Field(default=2, ge=1, le=MAX_SCORE)
    #: R000-45, A000-14: the Penalty is the depth in metres, rounded up, clamped to these
    penalty_min: int = Field(default=1, ge=0, le=MAX_RATING)
    penalty_max: int = Field(default=10, ge=0, le=MAX_RATING)

    @model_validator(mode="after")
    def _ordered(self) -> SwimOptions:
        if self.penalty_min > self.penalty_max:
            raise ValueError(f"penalty_min ({self.penalty_min}) is above penalty_max "
                             f"({self.penalty_max})")
        return self


class BreathOptions(_Frozen):
    #: R000-47, A000-15: the stacking Penalty per round beyond Prowess
    penalty_per_round: int = Field(default=5, ge=1, le=MAX_RATING)
    #: A000-15: an unconscious character takes no turns (what follows is the GM's)
    unconscious_skips_turns: bool = True


class RoundOptions(_Frozen):
    #: A000-18: environmental movement resolves after all turns
    env_phase: Literal["end"] = "end"


class WaveDefaults(_Frozen):
    #: A000-20: a wave repeats every this many rounds
    period: Round = 2


class AntigravOptions(_Frozen):
    #: A000-21: what "Difficult Terrain ½" means
    dt_mode: Literal["rating_half", "halve_existing", "half_speed"] = "rating_half"
    #: A000-21: bands risen per round (bands on); metres per round with bands off
    rise_bands: int = Field(default=1, ge=1, le=7)
    rise_m: Metres = 5


class BandOptions(_Frozen):
    #: R000-75: track the eight height and depth bands
    enabled: bool = False
    #: A000-22: metres one band counts for a landing
    metres_per_band: Metres = 5
    #: A000-23: Penalty per band strictly between the two
    penalty_per_band: Score = 2


class SightOptions(_Frozen):
    #: R000-64: how far sight reaches on a flat, open field in perfect weather (metres)
    open_field_m: Depth = 5000
    #: R000-67: how far sight reaches upward in a tall object's shadow (metres)
    shadow_up_m: Depth = 10
    #: R000-69, A000-27: Penalty 1 per this many metres of water looked through, up to a limit
    water_m_per_penalty: Metres = 5
    water_limit_m: Depth = 50


class AwarenessOptions(_Frozen):
    #: R000-73: allies know where each other are without sight (the Storyteller may switch off)
    allies: bool = True
    #: R000-72: rivals may Challenge to sense a LoS-ignoring Art and its source
    rivals_may_sense: bool = True
    #: R000-66: the sides the players run. The player view (``--view player``) leaves out
    #: every hidden character of another side that none of theirs has sensed; with no sides
    #: named, every hidden character that no character of another side has sensed
    player_sides: list[Name] = Field(default_factory=list)


class RangeOptions(_Frozen):
    #: A000-28: zones a ranged weapon reaches when it states no range (own zone + adjacent)
    ranged_zones: Steps = 1


class CultivationOptions(_Frozen):
    """All options of the `cultivation` ruleset. Omitted options take these defaults."""

    challenge: ChallengeOptions = ChallengeOptions()
    speed: SpeedOptions = SpeedOptions()
    dt: DTOptions = DTOptions()
    partners: PartnerOptions = PartnerOptions()
    limit: LimitOptions = LimitOptions()
    spillover: SpilloverOptions = SpilloverOptions()
    forced_move: ForcedOptions = ForcedOptions()
    fall: FallOptions = FallOptions()
    swim: SwimOptions = SwimOptions()
    breath: BreathOptions = BreathOptions()
    round: RoundOptions = RoundOptions()
    wave: WaveDefaults = WaveDefaults()
    antigrav: AntigravOptions = AntigravOptions()
    bands: BandOptions = BandOptions()
    sight: SightOptions = SightOptions()
    awareness: AwarenessOptions = AwarenessOptions()
    range: RangeOptions = RangeOptions()
