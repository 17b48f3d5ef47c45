"""Rulesets by id: the built-in ones and any registered under ``footwork.rulesets``."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from footwork.errors import RulesetError
from footwork.rulesets.base import Ruleset

ENTRY_POINT_GROUP = "footwork.rulesets"


def _builtin() -> dict[str, type[Ruleset[Any]]]:
    from footwork.rulesets.spans import SpansRuleset

    return {SpansRuleset.id: SpansRuleset}


@cache
def available() -> dict[str, type[Ruleset[Any]]]:
    """Every ruleset class by id. Third-party packages add theirs by entry point."""
    found = _builtin()
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in found:
            continue
        try:
            cls = ep.load()
        except Exception as exc:  # a broken plugin must not break footwork
            raise RulesetError(f"ruleset entry point {ep.name!r} failed to load: {exc}") from exc
        if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
            raise RulesetError(f"entry point {ep.name!r} is not a Ruleset subclass")
        found[ep.name] = cls
    return found


def get_ruleset(ruleset_id: str) -> Ruleset[Any]:
    """An instance of the ruleset registered as ``ruleset_id``."""
    classes = available()
    cls = classes.get(ruleset_id)
    if cls is None:
        known = ", ".join(sorted(classes))
        raise RulesetError(f"unknown ruleset {ruleset_id!r}; expected one of: {known}")
    return cls()
