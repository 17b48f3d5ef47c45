"""Rulesets by id: the built-in ones, those registered under the entry-point group
``footwork.rulesets``, and those registered at run time with :func:`register`."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from footwork.errors import RulesetError
from footwork.rulesets.base import Ruleset

ENTRY_POINT_GROUP = "footwork.rulesets"

_registered: dict[str, type[Ruleset[Any]]] = {}


def _builtin() -> dict[str, type[Ruleset[Any]]]:
    from footwork.rulesets.allowances import AllowancesRuleset
    from footwork.rulesets.cultivation import CultivationRuleset
    from footwork.rulesets.sitemaps import SitemapsRuleset
    from footwork.rulesets.spans import SpansRuleset
    from footwork.rulesets.styles import StylesRuleset

    return {CultivationRuleset.id: CultivationRuleset,
            SpansRuleset.id: SpansRuleset, SitemapsRuleset.id: SitemapsRuleset,
            StylesRuleset.id: StylesRuleset, AllowancesRuleset.id: AllowancesRuleset}


@cache
def _plugins() -> dict[str, type[Ruleset[Any]]]:
    found: dict[str, type[Ruleset[Any]]] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            cls = ep.load()
        except Exception as exc:  # a broken plugin must say so, not crash with a traceback
            raise RulesetError(f"ruleset entry point {ep.name!r} failed to load: {exc}") from exc
        if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
            raise RulesetError(f"entry point {ep.name!r} is not a footwork Ruleset subclass")
        found[ep.name] = cls
    return found


def register(cls: type[Ruleset[Any]]) -> type[Ruleset[Any]]:
    """Register a ruleset class under its ``id`` (usable as a class decorator)."""
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        raise RulesetError(f"{cls!r} is not a footwork Ruleset subclass")
    _registered[cls.id] = cls
    return cls


def unregister(ruleset_id: str) -> None:
    _registered.pop(ruleset_id, None)


def available() -> dict[str, type[Ruleset[Any]]]:
    """Every ruleset class by id. Built-ins win over plugins of the same id."""
    return {**_registered, **_plugins(), **_builtin()}


_instances: dict[type[Ruleset[Any]], Ruleset[Any]] = {}


def get_ruleset(ruleset_id: str) -> Ruleset[Any]:
    """The ruleset registered as ``ruleset_id`` (rulesets are stateless: one instance each)."""
    classes = available()
    cls = classes.get(ruleset_id)
    if cls is None:
        known = ", ".join(sorted(classes))
        raise RulesetError(f"unknown ruleset {ruleset_id!r}; expected one of: {known}")
    instance = _instances.get(cls)
    if instance is None:
        instance = _instances[cls] = cls()
    return instance
