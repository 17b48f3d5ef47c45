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

from footwork import limits
from footwork.dice import Dice, DiceTerm


def _term_die(term: DiceTerm) -> Any:
    """The icepool Die of one term's (unsigned) contribution."""
    import icepool  # loaded with the first odds asked for, not with every command

    die = icepool.d(term.sides)
    if term.keep is None:
        # `n @ die` convolves directly; Pool(...).sum() gives the same result but
        # runs the multiset evaluator, which is far slower for many dice.
        return term.count @ die
    pool = die.pool(term.count)
    kept = pool.highest(term.keep_n) if term.keep == "h" else pool.lowest(term.keep_n)
    return kept.sum()


def work(dice: Dice) -> int:
    """An estimate of what the exact computation of ``dice`` costs, in the units of the
    ``odds_work`` limit (measured: icepool's convolution grows with the square of the
    span of totals; a kept pool with dice x sides x kept)."""
    span = sum(t.count * t.sides for t in dice.terms if t.keep is None)
    kept = sum(t.count * t.sides * (t.keep_n or 0) * 100 for t in dice.terms
               if t.keep is not None)
    return span * span + kept


def is_exact(dice: Dice) -> bool:
    """Whether :func:`distribution` gives exact odds for ``dice`` under the limits in
    force; otherwise it gives an approximation (see :func:`approximate_distribution`)."""
    return work(dice) <= limits.current().odds_work


#: the draws of the sampled approximation of kept pools, and its fixed seed
SAMPLES, SAMPLE_SEED = 200_000, 20_261_123


@lru_cache(maxsize=64)
def approximate_distribution(dice: Dice) -> Mapping[int, Fraction]:
    """Odds of ``dice`` too costly to compute exactly: plain sums by floating-point
    convolution (Fourier transform; accurate to about 1e-12), kept pools by a fixed-seed
    sample of 200,000 rolls. Probabilities are rounded to fractions of 10^-9.
    Deterministic, and labelled as approximate wherever it is shown."""
    import numpy as np  # only the approximation uses it

    rng = np.random.default_rng(SAMPLE_SEED)
    total = np.zeros(1)
    total[0] = 1.0
    low = dice.modifier
    for term in dice.terms:
        if term.keep is None:
            face = np.zeros(term.sides)
            face[:] = 1.0 / term.sides
            size = term.count * (term.sides - 1) + 1
            n = 1 << (size - 1).bit_length()
            part = np.fft.irfft(np.fft.rfft(face, n) ** term.count, n)[:size]
            start = term.count
        else:
            keep_n = term.kept_count
            counts = np.zeros(keep_n * term.sides + 1)
            left = SAMPLES
            while left:
                batch = min(left, 10_000)
                rolls = np.sort(rng.integers(1, term.sides + 1, size=(batch, term.count)),
                                axis=1)
                kept = rolls[:, -keep_n:] if term.keep == "h" else rolls[:, :keep_n]
                counts += np.bincount(kept.sum(axis=1), minlength=counts.size)
                left -= batch
            start = keep_n
            part = counts[start:] / SAMPLES
        if term.sign < 0:
            part, start = part[::-1], -(start + part.size - 1)
        total = np.convolve(total, np.clip(part, 0.0, None))
        low += start
    total /= total.sum()
    table = {low + i: Fraction(round(p * 1e9), 10**9) for i, p in enumerate(total)
             if round(p * 1e9) > 0}
    return MappingProxyType(table)


@lru_cache(maxsize=1024)
def _distribution(dice: Dice) -> Mapping[int, Fraction]:
    import icepool

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

    Results are cached per :class:`Dice` value and returned read-only. Dice whose
    exact odds would cost more than the ``odds_work`` limit get
    :func:`approximate_distribution` instead (:func:`is_exact` says which).

    >>> from footwork.dice import parse_dice
    >>> distribution(parse_dice("2d20kh1"))[20]
    Fraction(39, 400)
    """
    if not is_exact(dice):
        return approximate_distribution(dice)
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
