"""Rulesets: the protocol every game implements, and the registry that finds them by id."""

from footwork.rulesets.base import ActorSetup, Ruleset
from footwork.rulesets.registry import (
    ENTRY_POINT_GROUP,
    available,
    get_ruleset,
    register,
    unregister,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "ActorSetup",
    "Ruleset",
    "available",
    "get_ruleset",
    "register",
    "unregister",
]
