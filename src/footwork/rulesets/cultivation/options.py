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
    die: str = Field(
        description="The dice a Challenge rolls before the element score, bonuses and Penalties "
                    "are applied: one kind of die, no modifier; default `d20` (A000-01).",
        default="d20")
    #: A000-01: Flourish when the Result is at least the target plus this margin
    flourish_margin: int = Field(
        description="How far above the target the Result must reach, at least, for a Flourish; "
                    "default 10 (A000-01).",
        default=10, ge=1, le=MAX_RATING)
    #: A000-01: Disaster when the Result is at most the target minus this margin
    disaster_margin: int = Field(
        description="How far below the target the Result must fall, at least, for a Disaster; "
                    "default 10 (A000-01).",
        default=10, ge=1, le=MAX_RATING)
    #: A000-02: an ordinary Challenge that meets its target exactly succeeds
    success_on_tie: bool = Field(
        description="Whether a Result equal to the target succeeds; default true, false makes a "
                    "tie a Failure (A000-02).",
        default=True)
    #: A000-31: a natural 1 on the die is a Disaster whatever the Result
    natural_disaster: bool = Field(
        description="Whether a natural 1 on the die is a Disaster whatever the Result; default "
                    "false (A000-31).",
        default=False)

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
    base: int = Field(
        description="Zones a character's Move covers in a round; default 1 (R000-01, R000-02).",
        default=1, ge=0, le=MAX_SCORE)
    #: R000-03, A000-03: the round's total budget once Sprint is taken (zones already moved count)
    sprint: int = Field(
        description="The round's whole Speed budget in zones once Sprint spends the Action, zones "
                    "already moved included; default 3 (R000-03, A000-03).",
        default=3, ge=1, le=MAX_SCORE)


class DTOptions(_Frozen):
    #: A000-04: a failed crossing with the Action already spent ends the Move (unused Speed lost)
    blocked_ends_move: bool = Field(
        description="Whether a failed Difficult Terrain crossing with the Action already spent "
                    "refuses the crossing and ends the Move, the rest of the Speed lost; default "
                    "true (R000-24, A000-04).",
        default=True)
    #: A000-05: one Challenge against the highest rating when several apply to one crossing
    combine: Literal["max", "sum"] = Field(
        description="How several ratings on one crossing are read: `max` (default) one "
                    "Challenge against the highest; `sum` one Challenge against their sum "
                    "(A000-05).",
        default="max")
    #: A000-06: the rating of a zone flagged as Difficult Terrain without a number
    default_rating: Rating = Field(
        description="The rating of a zone marked `dt: true` without a number; default 1 "
                    "(A000-06).",
        default=1)


class PartnerOptions(_Frozen):
    #: A000-07: a joint move stops for both at a border one of them cannot cross, or splits them
    joint_block: Literal["stop_both", "split"] = Field(
        description="What a joint move does when one partner fails a crossing with no Action to "
                    "pay: `stop_both` (default) both stay at the border; `split` the other "
                    "crosses and the partnership ends (A000-07).",
        default="stop_both")
    #: R000-14, R000-15: a bonus to each partner's Challenges while partnered (effects defined
    #: elsewhere; 0 by default)
    challenge_bonus: Score = Field(
        description="A bonus added to each partner's Challenges while partnered; default 0 "
                    "(R000-14, R000-15).",
        default=0)
    #: R000-10 with R000-77 (the s33 review): the text calls a band step a change "to the
    #: next adjacent zone", while the catalogue reads bands as heights inside one zone
    same_band: bool = Field(
        description="With bands on, whether partners must also share a band: a band step "
                    "then ends the partnership and partners are declared in one band only; "
                    "default false, bands being heights inside one zone (R000-10, R000-76, "
                    "R000-77).",
        default=False)


class LimitOptions(_Frozen):
    #: R000-33/34 (a Challenge against a chosen defender) or R000-35 (spill-over)
    mode: Literal["challenge", "spillover"] = Field(
        description="What entering a full zone does: `challenge` (default) an Earth Challenge "
                    "against a named defender inside; `spillover` the entrant gets in and "
                    "scatters those inside (R000-33, R000-34, R000-35).",
        default="challenge")
    #: A000-08: the entrant may throw the defender back into the zone it came from
    throw_to_origin: bool = Field(
        description="Whether the entrant who wins its way into a full zone may throw the "
                    "defender into the zone it came from; default true, false leaves only the "
                    "other adjacent zones (R000-34, A000-08).",
        default=True)
    #: rule questions (R000-34 silent on Speed): a failed limit Challenge costs the crossing's
    #: Speed, as the attempt was declared (the spirit of R000-26 and A000-04)
    failed_entry_spends_speed: bool = Field(
        description="Whether an entrant who fails its limit Challenge still spends the "
                    "crossing's Speed; default true (our default: the attempt was declared, "
                    "R000-26, A000-04); false charges the Speed only on getting in (R000-34).",
        default=True)


class SpilloverOptions(_Frozen):
    #: A000-09: the die counted clockwise round the limited zone's neighbours
    die: int = Field(
        description="The sides of the die that counts clockwise round the full zone's neighbours "
                    "for each scattered character (a bigger die when there are more neighbours); "
                    "default 6 (A000-09).",
        default=6, ge=2, le=MAX_CHALLENGE_SIDES)
    #: A000-09: scattered characters ignore Difficult Terrain and limits (off: zones with
    #: Difficult Terrain or no room are left out of the count)
    ignore_dt: bool = Field(
        description="Whether scattered characters ignore Difficult Terrain and limits; default "
                    "true, false leaves such zones out of the count (A000-09).",
        default=True)


class ForcedOptions(_Frozen):
    #: A000-02, R000-52: a forced movement's Result must be strictly higher than the DT
    dt_strictly_greater: bool = Field(
        description="Whether a throw into Difficult Terrain needs a Result strictly above the "
                    "rating, a tie falling short; default true (R000-52, A000-02).",
        default=True)
    #: A000-17: a full zone cannot receive a forced character
    respects_limit: bool = Field(
        description="Whether a full zone turns a forced character away; default true, false lets "
                    "forced characters ignore limits (A000-17).",
        default=True)
    #: A000-17: the defence a shove, throw or trip is rolled against
    defense: Literal["earth", "stealth"] = Field(
        description="Which defence of the target a shove, throw or trip is rolled against: "
                    "`earth` (default) or `stealth` (R000-49, A000-17).",
        default="earth")
    #: the element the thrower rolls when its command does not say
    element: Element = Field(
        description="The element the thrower rolls when the `throw` command names none: `earth` "
                    "(default) or `air` (A000-17).",
        default="earth")
    #: a shove/throw is an attack: it uses the thrower's Action (the Arts say otherwise)
    uses_action: bool = Field(
        description="Whether a shove or throw spends the thrower's Action; default true "
                    "(R000-48).",
        default=True)


class FallOptions(_Frozen):
    #: R000-40, A000-10: the speed gained each round, and the terminal speed (m/round)
    accel_m: Metres = Field(
        description="Metres a fall gains each round, its n-th round covering n times this; "
                    "default 50 (R000-40, A000-10).",
        default=50)
    terminal_m: Metres = Field(
        description="The most metres a fall covers in one round; default 250 (R000-40, A000-10).",
        default=250)
    #: R000-41: metres per point of damage, by landing surface (the surfaces a file leaves
    #: out keep their printed divisors)
    divisors: dict[Surface, float] = Field(
        description="Metres of fall per point of landing damage, by surface (`water`, `soft`, "
                    "`hard`, `suicidal`); surfaces left out keep the printed 20, 40, 5 and 1 "
                    "(R000-41).",
        default_factory=lambda: dict(_DIVISORS))
    #: A000-10: water shallower than this counts as a hard landing
    water_min_depth_m: Depth = Field(
        description="Water shallower than this many metres is a hard landing; default 5 "
                    "(A000-10).",
        default=5)
    #: A000-10: the height of one zone step, for drops between zones that give no metres
    zone_height_m: Metres = Field(
        description="The height in m of one zone step, the length of a drop that gives no metres "
                    "and no floor difference; default 5 (A000-10).",
        default=5)
    #: A000-11: a fall that takes aura from above 0 to 0 or below gives a Wound at once
    wound_on_exhaustion: bool = Field(
        description="Whether a fall that takes the Aura from above 0 to 0 or below gives a Wound "
                    "at once; default true (R000-42, A000-11).",
        default=True)

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
    threshold: float = Field(
        description="The water depth, as a share of the character's height, from which it swims; "
                    "default 0.5, half its height (R000-43, A000-12).",
        default=0.5, gt=0, le=10)
    #: R000-44, A000-13: Speed a border with a swimming side costs
    border_cost: int = Field(
        description="Speed a border with a swimmer's side on either end costs; default 2 "
                    "(R000-44, A000-13).",
        default=2, ge=1, le=MAX_SCORE)
    #: R000-45, A000-14: the Penalty is the depth in metres, rounded up, clamped to these
    penalty_min: int = Field(
        description="The least swim Penalty, the depth in m rounded up being raised to it; "
                    "default 1 (R000-45, A000-14).",
        default=1, ge=0, le=MAX_RATING)
    penalty_max: int = Field(
        description="The greatest swim Penalty, the depth in m rounded up being capped at it; "
                    "default 10 (R000-45, A000-14).",
        default=10, ge=0, le=MAX_RATING)
    #: A000-16: a range in zones halved while swimming is rounded down (or up)
    range_rounding: Literal["down", "up"] = Field(
        description="How a range in zones is rounded when swimming halves it: `down` (default; "
                    "an adjacent-zone range becomes the own zone) or `up` (R000-46, A000-16).",
        default="down")

    @model_validator(mode="after")
    def _ordered(self) -> SwimOptions:
        if self.penalty_min > self.penalty_max:
            raise ValueError(f"penalty_min ({self.penalty_min}) is above penalty_max "
                             f"({self.penalty_max})")
        return self


class BreathOptions(_Frozen):
    #: R000-47, A000-15: the stacking Penalty per round beyond Prowess
    penalty_per_round: int = Field(
        description="The Penalty added each round breath is held beyond Prowess rounds, stacking; "
                    "default 5 (R000-47, A000-15).",
        default=5, ge=1, le=MAX_RATING)
    #: A000-15: an unconscious character takes no turns (what follows is the GM's)
    unconscious_skips_turns: bool = Field(
        description="Whether a character passed out for want of breath takes no more turns; "
                    "default true (R000-47, A000-15).",
        default=True)
    #: A000-15, R000-49, R000-50 (the s33 review): the defence of a body out cold. The text
    #: never lowers it, and the forfeit is a choice the unconscious cannot make, so by
    #: default the Challenge is rolled at once against the defence it has
    unconscious_defense: Literal["keep", "none"] = Field(
        description="The defence an unconscious character puts up: `keep` (default; a throw "
                    "at it is rolled at once against its defence, nobody being asked to "
                    "defend or forfeit) or `none` (its defence counts as 0, for a throw and "
                    "for a crowded entrant's Challenge alike) (R000-49, R000-50, A000-15).",
        default="keep")


class RoundOptions(_Frozen):
    #: A000-18: environmental movement resolves after all turns
    env_phase: Literal["end"] = Field(
        description="When environmental movement (falls under way, tiles) resolves: `end`, the "
                    "only choice, after every turn of the round (A000-18).",
        default="end")


class WaveDefaults(_Frozen):
    #: A000-20: a wave repeats every this many rounds
    period: Round = Field(
        description="Rounds between two waves of a `wave` tile that names no `period`; default 2 "
                    "(R000-59, A000-20).",
        default=2)


class AntigravOptions(_Frozen):
    #: A000-21: what "Difficult Terrain ½" means
    dt_mode: Literal["rating_half", "halve_existing", "half_speed"] = Field(
        description="What Difficult Terrain ½ on an active anti-gravity zone's borders means: "
                    "`rating_half` (default) a Challenge against 0.5; `halve_existing` halves the "
                    "ratings; `half_speed` doubles the crossing cost (R000-61, A000-21).",
        default="rating_half")
    #: A000-21: bands risen per round (bands on); metres per round with bands off
    rise_bands: int = Field(
        description="Bands an anti-gravity tile lifts its occupants each round, bands on; default "
                    "1 (R000-61, A000-21).",
        default=1, ge=1, le=7)
    rise_m: Metres = Field(
        description="Metres an anti-gravity tile lifts its occupants each round, bands off; "
                    "default 5 (R000-61, A000-21).",
        default=5)


class BandOptions(_Frozen):
    #: R000-75: track the eight height and depth bands
    enabled: bool = Field(
        description="Whether characters are tracked in the eight height and depth bands, Soaring "
                    "to Far Depths; default false (R000-75).",
        default=False)
    #: A000-22: metres one band counts for a landing
    metres_per_band: Metres = Field(
        description="Metres one band counts for, in a landing and for sight; default 5 (R000-78, "
                    "A000-22).",
        default=5)
    #: A000-23: Penalty per band strictly between the two
    penalty_per_band: Score = Field(
        description="The ranged Penalty for each band counted (see `penalty_counts`); "
                    "default 2 (R000-79, A000-23).",
        default=2)
    #: A000-23: the printed examples (bands strictly between) or the formula (bands crossed)
    penalty_counts: Literal["between", "crossed"] = Field(
        description="Which bands the ranged Penalty counts: `between` (default, the printed "
                    "examples: Ground to Floating 0) or `crossed` (the formula: every band of "
                    "the difference, Ground to Floating 2) (R000-79, A000-23).",
        default="between")


class SightOptions(_Frozen):
    #: R000-64: how far sight reaches on a flat, open field in perfect weather (metres)
    open_field_m: Depth = Field(
        description="How far sight reaches in m across a zone marked `open_field`; default 5000 "
                    "(R000-64).",
        default=5000)
    #: R000-67: how far sight reaches upward in a tall object's shadow (metres)
    shadow_up_m: Depth = Field(
        description="How far sight reaches upward in m from a zone in `shadow`; default 10 "
                    "(R000-67).",
        default=10)
    #: R000-69, A000-27: Penalty 1 per this many metres of water looked through, up to a limit
    water_m_per_penalty: Metres = Field(
        description="Metres of water looked through per point of Penalty, rounded down; default 5 "
                    "(R000-69, A000-27).",
        default=5)
    water_limit_m: Depth = Field(
        description="Water deeper than this many metres hides what is in it; default 50 (R000-69, "
                    "A000-27).",
        default=50)


class AwarenessOptions(_Frozen):
    #: R000-73: allies know where each other are without sight (the Storyteller may switch off)
    allies: bool = Field(
        description="Whether allies know where each other are without sight; default true, the "
                    "Storyteller may switch it off (R000-73).",
        default=True)
    #: R000-72: rivals may Challenge to sense a LoS-ignoring Art and its source
    rivals_may_sense: bool = Field(
        description="Whether a rival may `sense` the user of an Art that ignores sight, and its "
                    "source, against its Stealth defence; default true (R000-72).",
        default=True)
    #: R000-66: the sides the players run. The player view (``--view player``) leaves out
    #: every hidden character of another side that none of theirs has sensed; with no sides
    #: named, every hidden character that no character of another side has sensed
    player_sides: list[Name] = Field(
        description="The sides the players run: the player view leaves out hidden characters none "
                    "of theirs has sensed; default none, every hidden character no other side has "
                    "sensed is left out (R000-66).",
        default_factory=list)


class RangeOptions(_Frozen):
    #: A000-28: zones a ranged weapon reaches when it states no range (own zone + adjacent)
    ranged_zones: Steps = Field(
        description="Zones a ranged weapon reaches beyond its own when it states no range; "
                    "default 1, the adjacent zones (R000-30, A000-28).",
        default=1)


class ClimbOptions(_Frozen):
    #: A000-30: a failed climb is paid like Difficult Terrain (the Action), or the climber falls
    on_failure: Literal["dt", "fall"] = Field(
        description="What a failed climb does: `dt` (default) it is paid like a failed "
                    "Difficult Terrain crossing, the Action or, without it, the border holds; "
                    "`fall` the climber does not get up and falls back the climb's height, "
                    "its Move over (R000-37, A000-30).",
        default="dt")


class CultivationOptions(_Frozen):
    """All options of the `cultivation` ruleset. Omitted options take these defaults."""

    challenge: ChallengeOptions = Field(
        description="How a Challenge is rolled and read: die, margins, ties, natural 1 (A000-01, "
                    "A000-02, A000-31).",
        default=ChallengeOptions())
    speed: SpeedOptions = Field(
        description="Speed in zones per round, and the Sprint budget (R000-02, R000-03).",
        default=SpeedOptions())
    climb: ClimbOptions = Field(
        description="Climbing: what a failed climb does (A000-30).",
        default=ClimbOptions())
    dt: DTOptions = Field(
        description="Difficult Terrain: a blocked crossing, several ratings, the flagged rating "
                    "(A000-04..06).",
        default=DTOptions())
    partners: PartnerOptions = Field(
        description="Partners: a blocked joint move, and the partnership bonus (R000-14, "
                    "A000-07).",
        default=PartnerOptions())
    limit: LimitOptions = Field(
        description="What entering a zone at its character limit does (R000-33..35).",
        default=LimitOptions())
    spillover: SpilloverOptions = Field(
        description="The spill-over scatter, when `limit.mode` is `spillover` (R000-35, A000-09).",
        default=SpilloverOptions())
    forced_move: ForcedOptions = Field(
        description="Shoves, throws and trips: Difficult Terrain, limits, defence, element, "
                    "Action (R000-48..52, A000-17).",
        default=ForcedOptions())
    fall: FallOptions = Field(
        description="Falls: speed per round, damage by surface, shallow water, zone height, "
                    "Wounds (R000-40..42, A000-10, A000-11).",
        default=FallOptions())
    swim: SwimOptions = Field(
        description="Swimming: the depth it starts at, border cost, Penalty range (R000-43..45, "
                    "A000-12..14).",
        default=SwimOptions())
    breath: BreathOptions = Field(
        description="Holding breath: the stacking Penalty, and passing out (R000-47, A000-15).",
        default=BreathOptions())
    round: RoundOptions = Field(
        description="When the environment acts in a round (A000-18).",
        default=RoundOptions())
    wave: WaveDefaults = Field(
        description="Defaults for `wave` tiles (A000-20).",
        default=WaveDefaults())
    antigrav: AntigravOptions = Field(
        description="Anti-gravity tiles: Difficult Terrain ½ and the rise per round (R000-61, "
                    "A000-21).",
        default=AntigravOptions())
    bands: BandOptions = Field(
        description="The optional height and depth bands (R000-75..80, A000-22, A000-23).",
        default=BandOptions())
    sight: SightOptions = Field(
        description="How far sight reaches: open field, shadow, water (R000-64, R000-67, R000-69, "
                    "A000-27).",
        default=SightOptions())
    awareness: AwarenessOptions = Field(
        description="Awareness without sight: allies, sensing an Art, the players' sides "
                    "(R000-66, R000-72, R000-73).",
        default=AwarenessOptions())
    range: RangeOptions = Field(
        description="Ranged weapons' reach in zones (R000-30, A000-28).",
        default=RangeOptions())
