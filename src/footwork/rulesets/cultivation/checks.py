"""Challenges: an element (Air or Earth) against a rating or a defence, read in four tiers
(A000-01, A000-02, A000-31).

The Result is the die plus the element score plus bonuses minus penalties. The dice a
Challenge rolls are written with that sum as their modifier (``d20+3``), so the total
of the roll *is* the Result and the exact odds come straight from the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from footwork.dice import Dice, parse_dice
from footwork.engine.choices import CheckOdds
from footwork.engine.events import Rolled
from footwork.engine.rolling import Roller
from footwork.odds import tier_odds
from footwork.rulesets.cultivation.options import ChallengeOptions

DISASTER, FAILURE, SUCCESS, FLOURISH = "disaster", "failure", "success", "flourish"
TIERS: tuple[str, ...] = (DISASTER, FAILURE, SUCCESS, FLOURISH)
PASSED = frozenset({SUCCESS, FLOURISH})


def tier(opts: ChallengeOptions, result: float, target: float, natural: int | None = None) -> str:
    """A000-01/02: Flourish at target + margin, Disaster at target − margin or lower,
    Success at the target (meet-or-beat unless ``success_on_tie`` is off); A000-31: a
    natural 1 is a Disaster only when ``natural_disaster`` is on."""
    if opts.natural_disaster and natural == 1:
        return DISASTER
    if result >= target + opts.flourish_margin:
        return FLOURISH
    passed = result >= target if opts.success_on_tie else result > target
    if passed:
        return SUCCESS
    if result <= target - opts.disaster_margin:
        return DISASTER
    return FAILURE


@cache
def challenge_dice(die: str, modifier: int) -> Dice:
    sign = "+" if modifier >= 0 else "-"
    return parse_dice(f"{die}{sign}{abs(modifier)}" if modifier else die)


def tier_of(opts: ChallengeOptions, modifier: int, target: float) -> Callable[[int], str]:
    """How a rolled total (the Result) reads against ``target``."""
    sides = parse_dice(opts.die).terms[0]
    single = sides.count == 1

    def read(total: int) -> str:
        natural = total - modifier if single else None
        return tier(opts, total, target, natural)

    return read


@cache
def _odds(opts: ChallengeOptions, modifier: int, target: float) -> Mapping[str, Fraction]:
    dice = challenge_dice(opts.die, modifier)
    return MappingProxyType(tier_odds(dice, tier_of(opts, modifier, target), TIERS))


@dataclass(frozen=True, slots=True)
class Challenge:
    """One Challenge to roll: who, with which element and modifier, against what."""

    actor: str
    element: str
    modifier: int
    target: float
    against: str
    rules: tuple[str, ...]
    #: whether meeting the target succeeds; None: ``challenge.success_on_tie`` (A000-02).
    #: A forced movement's Result against Difficult Terrain sets it from
    #: ``forced_move.dt_strictly_greater`` (R000-52)
    tie: bool | None = None

    def _read(self, opts: ChallengeOptions) -> ChallengeOptions:
        if self.tie is None or self.tie == opts.success_on_tie:
            return opts
        return opts.model_copy(update={"success_on_tie": self.tie})

    def dice(self, opts: ChallengeOptions) -> Dice:
        return challenge_dice(opts.die, self.modifier)

    def odds(self, opts: ChallengeOptions) -> CheckOdds:
        """The exact chance of each tier, for ``options()``."""
        opts = self._read(opts)
        return CheckOdds(
            name=f"{self.actor}: {self.element} Challenge against {self.against} "
                 f"({_num(self.target)})",
            dice=str(self.dice(opts)), odds=_odds(opts, self.modifier, self.target),
            rules=self.rules, tier_of=tier_of(opts, self.modifier, self.target))

    def roll(self, opts: ChallengeOptions, roller: Roller) -> tuple[Rolled, str, int]:
        """Roll it: the Rolled event, its tier and the Result."""
        opts = self._read(opts)
        dice = self.dice(opts)
        roll, supplied = roller.roll(dice)
        outcome = tier_of(opts, self.modifier, self.target)(roll.total)
        event = Rolled(
            actor=self.actor, check=f"{self.element} Challenge against {self.against} "
                                    f"({_num(self.target)})",
            dice=str(dice), values=roll.values, total=roll.total, outcome=outcome,
            supplied=supplied, rules=(*self.rules, "A000-01"))
        return event, outcome, roll.total


def _num(value: float) -> str:
    return f"{value:g}"


def clear_dt(actor: str, element: str, modifier: int, rating: float, zone: str,
             strictly: bool) -> Challenge:
    """R000-52, A000-02: a forced movement's Result against a destination's Difficult
    Terrain succeeds when it is above the rating (at least it, if ``strictly`` is off).
    The rating stays the target, fractions included (DT ½ under anti-gravity, R000-61):
    adding 1 to it would ask for more than the rule does."""
    return Challenge(actor, element, modifier, rating, f"the Difficult Terrain of {zone}",
                     ("R000-50", "R000-52"), tie=not strictly)
