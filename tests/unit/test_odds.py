"""Exact odds: icepool adapter against the brute-force oracle."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footwork.dice import Dice, DiceTerm, parse_dice
from footwork.odds import brute_force_distribution, distribution, tier_odds

_KEEPS: tuple[Literal["h", "l"] | None, ...] = (None, "h", "l")

_MAX_COMBINATIONS = 50_000


@st.composite
def small_dice(draw: st.DrawFn) -> Dice:
    """Dice whose full enumeration stays under about 50k combinations."""
    terms: list[DiceTerm] = []
    combinations = 1
    for _ in range(draw(st.integers(0, 3))):
        sides = draw(st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20]))
        count = draw(st.integers(1, 4))
        if combinations * sides**count > _MAX_COMBINATIONS:
            continue
        combinations *= sides**count
        keep = draw(st.sampled_from(_KEEPS))
        keep_n = draw(st.integers(1, count)) if keep else None
        sign = draw(st.sampled_from([1, -1]))
        terms.append(DiceTerm(count, sides, keep, keep_n, sign))
    return Dice(tuple(terms), draw(st.integers(-5, 5)))


@settings(max_examples=60, deadline=None)
@given(small_dice())
def test_distribution_matches_brute_force(dice: Dice) -> None:
    """The icepool distribution equals full enumeration, outcome by outcome."""
    assert math.prod(dice.faces()) <= _MAX_COMBINATIONS
    assert dict(distribution(dice)) == brute_force_distribution(dice)


@settings(max_examples=60, deadline=None)
@given(small_dice())
def test_distribution_sums_to_one_within_bounds(dice: Dice) -> None:
    """Probabilities are positive, sum to exactly 1, and span minimum..maximum."""
    odds = distribution(dice)
    assert sum(odds.values()) == 1
    assert all(p > 0 for p in odds.values())
    assert min(odds) == dice.minimum
    assert max(odds) == dice.maximum
    assert list(odds) == sorted(odds)


@pytest.mark.parametrize(
    "text",
    ["1d6", "2d6+1", "4d6kh3", "2d20kl1", "2d20kh1-1d4+3", "d%", "3", "3d6kl2-2d4kh1"],
)
def test_named_expressions_match_brute_force(text: str) -> None:
    """Common checks agree with the oracle exactly."""
    dice = parse_dice(text)
    assert dict(distribution(dice)) == brute_force_distribution(dice)


def test_known_values() -> None:
    """A few hand-checked probabilities."""
    assert distribution(parse_dice("2d6"))[7] == Fraction(1, 6)
    assert distribution(parse_dice("2d20kh1"))[20] == Fraction(39, 400)
    assert distribution(parse_dice("2d20kl1"))[20] == Fraction(1, 400)
    assert distribution(parse_dice("4d6kh3"))[18] == Fraction(21, 1296)
    assert dict(distribution(parse_dice("3"))) == {3: Fraction(1)}


def test_distribution_is_cached_and_read_only() -> None:
    """The same Dice value gives the same cached mapping, which cannot be mutated."""
    first = distribution(parse_dice("3d6"))
    assert distribution(parse_dice("3d6")) is first
    with pytest.raises(TypeError):
        first[3] = Fraction(1)  # type: ignore[index]


def _band(total: int) -> str:
    if total <= 2:
        return "fail"
    return "struggle" if total <= 4 else "success"


def test_tier_odds_of_one_d6_are_a_third_each() -> None:
    """1d6 with bands <=2, 3-4, >=5 gives exactly 1/3 per tier, in tier order."""
    odds = tier_odds(parse_dice("1d6"), _band, ["fail", "struggle", "success"])
    assert odds == {"fail": Fraction(1, 3), "struggle": Fraction(1, 3), "success": Fraction(1, 3)}
    assert list(odds) == ["fail", "struggle", "success"]


def test_tier_odds_keeps_impossible_tiers_at_zero() -> None:
    """A tier no total reaches is present with probability 0, in the given order."""
    odds = tier_odds(parse_dice("1d6+10"), _band, ["success", "struggle", "fail"])
    assert list(odds) == ["success", "struggle", "fail"]
    assert odds == {"success": Fraction(1), "struggle": Fraction(0), "fail": Fraction(0)}


def test_tier_odds_refuses_unknown_tier() -> None:
    """tier_of naming a tier outside tiers is a ValueError."""
    with pytest.raises(ValueError, match="tier_of\\(1\\) returned 'fail', which is not one of"):
        tier_odds(parse_dice("1d6"), _band, ["struggle", "success"])


def test_tier_odds_refuses_duplicate_tiers() -> None:
    """Tier names must be unique."""
    with pytest.raises(ValueError, match="tier names must be unique"):
        tier_odds(parse_dice("1d6"), _band, ["fail", "fail", "struggle", "success"])


@settings(max_examples=30, deadline=None)
@given(small_dice(), st.integers(-10, 30))
def test_tier_odds_sum_to_one(dice: Dice, target: int) -> None:
    """Tier odds of a pass/fail check add up to exactly 1 and match the distribution."""
    odds = tier_odds(dice, lambda t: "pass" if t >= target else "fail", ["pass", "fail"])
    assert sum(odds.values()) == 1
    expected = sum(
        (p for t, p in brute_force_distribution(dice).items() if t >= target), Fraction(0)
    )
    assert odds["pass"] == expected
