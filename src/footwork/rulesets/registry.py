"""Rulesets by id: the built-in ones, those registered under the entry-point group
``footwork.rulesets``, and those registered at run time with :func:`register`."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from footwork.errors import RulesetError
from footwork.rulesets.base import Ruleset

ENTRY_POINT_GROUP = "footwork.rulesets"

_registered: dict[str, type[Ruleset[Any]]] = {}


#: the built-in rulesets by id: each package is imported only when its ruleset is asked
#: for (a command on a spans file never loads the other four, their maps or numba)
BUILTIN: dict[str, tuple[str, str]] = {
    "cultivation": ("footwork.rulesets.cultivation", "CultivationRuleset"),
    "spans": ("footwork.rulesets.spans", "SpansRuleset"),
    "sitemaps": ("footwork.rulesets.sitemaps", "SitemapsRuleset"),
    "styles": ("footwork.rulesets.styles", "StylesRuleset"),
    "allowances": ("footwork.rulesets.allowances", "AllowancesRuleset"),
}


def entry_points(group: str) -> Any:
    """The installed entry points of ``group`` (importlib.metadata is loaded only when a
    ruleset that is not built in is looked for)."""
    from importlib import metadata

    return metadata.entry_points(group=group)


def _load_builtin(ruleset_id: str) -> type[Ruleset[Any]]:
    module, name = BUILTIN[ruleset_id]
    cls: type[Ruleset[Any]] = getattr(importlib.import_module(module), name)
    return cls


def _builtin() -> dict[str, type[Ruleset[Any]]]:
    return {rid: _load_builtin(rid) for rid in BUILTIN}


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
    """Every ruleset class by id (this imports them all). Built-ins win over plugins of
    the same id, plugins over rulesets registered at run time."""
    return {**_registered, **_plugins(), **_builtin()}


def ids() -> list[str]:
    """The ids of every ruleset, sorted, without importing any (a plugin is named by its
    entry point and loaded only when asked for)."""
    names = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return sorted({*BUILTIN, *_registered, *names})


_instances: dict[type[Ruleset[Any]], Ruleset[Any]] = {}


def _other(ruleset_id: str) -> type[Ruleset[Any]]:
    """A ruleset that is not built in: a plugin's, else one registered at run time."""
    classes = {**_registered, **_plugins()}
    cls = classes.get(ruleset_id)
    if cls is None:
        known = ", ".join(sorted({*BUILTIN, *classes}))
        raise RulesetError(f"unknown ruleset {ruleset_id!r}; expected one of: {known}")
    return cls


def get_ruleset(ruleset_id: str) -> Ruleset[Any]:
    """The ruleset registered as ``ruleset_id`` (rulesets are stateless: one instance each).
    Only that ruleset is imported when it is built in."""
    cls = _load_builtin(ruleset_id) if ruleset_id in BUILTIN else _other(ruleset_id)
    instance = _instances.get(cls)
    if instance is None:
        instance = _instances[cls] = cls()
    return instance
