"""Exact probabilities of dice totals and of named outcome tiers."""

from footwork.odds.brute import brute_force_distribution
from footwork.odds.exact import distribution, tier_odds

__all__ = ["brute_force_distribution", "distribution", "tier_odds"]
