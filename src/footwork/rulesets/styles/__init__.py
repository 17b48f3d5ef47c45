"""The `styles` ruleset (seed text 001): see README.md beside this file."""

from footwork.rulesets.styles.ruleset import StylesRuleset

__all__ = ["StylesRuleset"]
