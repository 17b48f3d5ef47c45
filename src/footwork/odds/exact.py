"""Exact odds of dice totals, computed with icepool behind this adapter.

Nothing else in footwork imports icepool: if it is ever replaced by a
hand-written convolution, only this module changes (the brute-force oracle in
:mod:`footwork.odds.brute` keeps both honest).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import icepool

from footwork.dice import Dice, DiceTerm


def _term_die(term: DiceTerm) -> Any:
    """The icepool Die of one term's (unsigned) contribution."""
    die = icepool.d(term.sides)
    if term.keep is None:
        # `n @ die` convolves directly; Pool(...).sum() gives the same result but
        # runs the multiset evaluator, which is far slower for many dice.
        return term.count @ die
    pool = die.pool(term.count)
    kept = pool.highest(term.keep_n) if term.keep == "h" else pool.lowest(term.keep_n)
    return kept.sum()


@lru_cache(maxsize=1024)
def _distribution(dice: Dice) -> Mapping[int, Fraction]:
    total: Any = icepool.Die([dice.modifier])
    for term in dice.terms:
        part = _term_die(term)
        total = total + part if term.sign > 0 else total - part
    denominator = int(total.denominator())
    # icepool may keep zero-quantity outcomes and unreduced denominators; normalise.
    table = {
        int(outcome): Fraction(int(quantity), denominator)
        for outcome, quantity in sorted(total.items())
        if quantity
    }
    # Read-only, because the cache hands the same object to every caller.
    return MappingProxyType(table)


def distribution(dice: Dice) -> Mapping[int, Fraction]:
    """The exact probability of every possible total of ``dice``, in ascending order.

    Results are cached per :class:`Dice` value and returned read-only.

    >>> from footwork.dice import parse_dice
    >>> distribution(parse_dice("2d20kh1"))[20]
    Fraction(39, 400)
    """
    return _distribution(dice)


def tier_odds(
    dice: Dice, tier_of: Callable[[int], str], tiers: Sequence[str]
) -> dict[str, Fraction]:
    """Fold the distribution of ``dice`` into named outcome tiers.

    Every name in ``tiers`` is a key, in that order, with 0 when it cannot
    happen. Raises ValueError if ``tier_of`` names a tier not in ``tiers``.
    """
    odds = dict.fromkeys(tiers, Fraction(0))
    if len(odds) != len(tiers):
        raise ValueError(f"tier names must be unique, got {list(tiers)!r}")
    for total, chance in distribution(dice).items():
        name = tier_of(total)
        if name not in odds:
            raise ValueError(
                f"tier_of({total}) returned {name!r}, which is not one of {list(tiers)!r}"
            )
        odds[name] += chance
    return odds
