"""The `spans` ruleset (seed text 003): see README.md beside this file."""

from footwork.rulesets.spans.ruleset import SpansRuleset

__all__ = ["SpansRuleset"]
