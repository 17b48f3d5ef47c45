"""STR and AGI rolls (R004-20, R004-22, R004-24, R004-27, R004-30; A004-01)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from footwork.dice import Dice, parse_dice
from footwork.odds import tier_odds
from footwork.rulesets.sitemaps.options import CheckOptions

PASS, FAIL = "pass", "fail"
TIERS = (PASS, FAIL)


def dice_of(opts: CheckOptions) -> Dice:
    return parse_dice(opts.dice)


def judge(opts: CheckOptions, attribute: int) -> Callable[[int], str]:
    """How a total reads for a character with ``attribute``."""
    if opts.mode == "roll_under":
        return lambda total: PASS if total <= attribute else FAIL
    return lambda total: PASS if total + attribute >= opts.target else FAIL


def odds(opts: CheckOptions, attribute: int) -> dict[str, Fraction]:
    """The exact chance of each tier of a roll against ``attribute`` (a new dict)."""
    return dict(_odds(opts, attribute))


@lru_cache(maxsize=512)
def _odds(opts: CheckOptions, attribute: int) -> dict[str, Fraction]:
    # the same few rolls are priced for every option of a listing (one AGI value, one
    # kind of check): folded once per options and value, not once per option
    return tier_odds(dice_of(opts), judge(opts, attribute), TIERS)
