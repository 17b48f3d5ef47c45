"""The `allowances` ruleset: Movement Types with cascading per-round Allowances on a grid map
in metres, Rush/Jump/Leap/Breach on d100 degrees of success, [Jump X], PP, the Dash trait
and cover."""

from footwork.rulesets.allowances.ruleset import AllowancesRuleset

__all__ = ["AllowancesRuleset"]
