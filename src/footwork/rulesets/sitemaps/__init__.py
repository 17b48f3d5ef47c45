"""The `sitemaps` ruleset (seed text 004): see README.md beside this file."""

from footwork.rulesets.sitemaps.ruleset import SitemapsRuleset

__all__ = ["SitemapsRuleset"]
