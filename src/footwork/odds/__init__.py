"""Exact probabilities of dice totals and of named outcome tiers."""

from footwork.odds.brute import brute_force_distribution
from footwork.odds.exact import (
    approximate_distribution,
    distribution,
    is_exact,
    tier_odds,
)

__all__ = ["approximate_distribution", "brute_force_distribution", "distribution", "is_exact",
           "tier_odds"]
