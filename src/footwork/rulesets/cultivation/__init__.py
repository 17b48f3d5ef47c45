"""The `cultivation` ruleset (seed text 000): see README.md beside this file."""

from footwork.rulesets.cultivation.ruleset import CultivationRuleset

__all__ = ["CultivationRuleset"]
