"""Turn engine values into JSON and back.

Commands, events and pending decisions are frozen dataclasses whose fields are
JSON scalars, tuples of them, or mappings of them. This module is the one
place that knows how such a value looks as JSON.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, get_args, get_origin, get_type_hints

JSON = Any


def to_jsonable(value: Any) -> JSON:
    """A JSON-compatible copy of ``value`` (dataclasses become objects, tuples lists)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else value
        return [to_jsonable(v) for v in items]
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    raise TypeError(f"cannot serialise {type(value).__name__}")


_TUPLE_FIELDS: dict[type, frozenset[str]] = {}


def _tuple_fields(cls: type) -> frozenset[str]:
    found = _TUPLE_FIELDS.get(cls)
    if found is None:
        found = _TUPLE_FIELDS[cls] = _find_tuple_fields(cls)
    return found


def _find_tuple_fields(cls: type) -> frozenset[str]:
    hints = get_type_hints(cls)
    names = set()
    for f in dataclasses.fields(cls):
        hint = hints.get(f.name)
        if get_origin(hint) is tuple or any(get_origin(a) is tuple for a in get_args(hint)):
            names.add(f.name)
    return frozenset(names)


def from_jsonable(cls: type[Any], data: Mapping[str, JSON]) -> Any:
    """Rebuild a flat dataclass written by :func:`to_jsonable` (lists back to tuples)."""
    tuples = _tuple_fields(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    kwargs = {
        k: (_deep_tuple(v) if k in tuples and v is not None else v)
        for k, v in data.items()
        if k in known
    }
    return cls(**kwargs)


def _deep_tuple(value: JSON) -> Any:
    if isinstance(value, list):
        return tuple(_deep_tuple(v) for v in value)
    return value
