"""Brute-force distribution of dice totals: the test oracle for the exact odds.

It enumerates every combination of faces and applies the keep rules on its
own, without icepool, so it is slow but obviously correct. Use it only for
small dice (the number of combinations is the product of all face counts).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from footwork.dice import Dice, DiceTerm


def _term_total(term: DiceTerm, values: tuple[int, ...]) -> int:
    """The signed contribution of one term, keeping dice by sorting (not by icepool)."""
    ordered = sorted(values)
    if term.keep == "h" and term.keep_n is not None:
        ordered = ordered[len(ordered) - term.keep_n :]
    elif term.keep == "l" and term.keep_n is not None:
        ordered = ordered[: term.keep_n]
    return term.sign * sum(ordered)


def brute_force_distribution(dice: Dice) -> dict[int, Fraction]:
    """Every total of ``dice`` with its exact probability, by full enumeration."""
    per_term = [
        list(itertools.product(range(1, term.sides + 1), repeat=term.count)) for term in dice.terms
    ]
    counts: Counter[int] = Counter()
    # With no terms, product() yields one empty combination: the modifier alone.
    for combo in itertools.product(*per_term):
        total = dice.modifier
        for term, values in zip(dice.terms, combo, strict=True):
            total += _term_total(term, values)
        counts[total] += 1
    outcomes = sum(counts.values())
    return {total: Fraction(n, outcomes) for total, n in sorted(counts.items())}
