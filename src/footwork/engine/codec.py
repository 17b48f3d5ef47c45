"""Turn engine values into JSON and back.

Commands, events and pending decisions are frozen dataclasses whose fields are
JSON scalars, tuples of them, or mappings of them. This module is the one
place that knows how such a value looks as JSON.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, get_args, get_origin, get_type_hints

JSON = Any


def to_jsonable(value: Any) -> JSON:
    """A JSON-compatible copy of ``value`` (dataclasses become objects, tuples lists)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    encode = _ENCODERS.get(kind)
    if encode is not None:  # a dataclass seen before: its encoder, written once
        return encode(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encoder_of(kind)(value)
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else value
        return [to_jsonable(v) for v in items]
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    raise TypeError(f"cannot serialise {type(value).__name__}")


#: the types :func:`to_jsonable` hands back as they are (exactly these: a subclass, such
#: as an enum of ints, takes the long way, which hands it back too)
_PLAIN: frozenset[type] = frozenset({str, int, float, bool, type(None)})

_ENCODERS: dict[type, Callable[[Any], dict[str, JSON]]] = {}


def encoder_of(cls: type[Any]) -> Callable[[Any], dict[str, JSON]]:
    """What :func:`to_jsonable` makes of a ``cls`` dataclass value, as one function
    written for the class on first use: its fields in declaration order, each read once,
    a plain value (or a tuple of them) copied inline and anything else through
    :func:`to_jsonable`, so the JSON is the same to the key order. The table server
    encodes every event it stores with it (issue 24 item 4: this was a tenth of its CPU
    a command, mostly ``dataclasses.fields`` and ``isinstance`` per value)."""
    encode = _ENCODERS.get(cls)
    if encode is None:
        encode = _ENCODERS[cls] = _encoder(cls)
    return encode


def _encoder(cls: type[Any]) -> Callable[[Any], dict[str, JSON]]:
    names = [f.name for f in dataclasses.fields(cls)]
    reads = "".join(f"    v{i} = o.{name}\n" for i, name in enumerate(names))
    items = ", ".join(
        f"{name!r}: (v{i} if type(v{i}) in _P else _l(v{i}) if type(v{i}) is _T "
        f"else _j(v{i}))" for i, name in enumerate(names))
    namespace: dict[str, Any] = {"_P": _PLAIN, "_T": tuple, "_l": _plain_list,
                                 "_j": to_jsonable}
    exec(f"def _encode(o):\n{reads}    return {{{items}}}\n", namespace)
    encode: Callable[[Any], dict[str, JSON]] = namespace["_encode"]
    return encode


def _plain_list(items: tuple[Any, ...]) -> list[JSON]:
    """:func:`to_jsonable` of a tuple, its plain items copied without a call each."""
    return [v if type(v) in _PLAIN else to_jsonable(v) for v in items]


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
    """Rebuild a flat dataclass written by :func:`to_jsonable` (lists back to tuples).

    Keys that are not fields are ignored; a missing field takes its default. Trusted
    data only (a stored log, the engine's own events): nothing is validated. Each class
    gets one decoder, written once, that fills a frozen dataclass in directly when its
    ``__init__`` would only store the fields (see :func:`stores_only`); replay from JSON
    spends much of its time here."""
    return (_DECODERS.get(cls) or decoder_of(cls))(data)


def decoder_of(cls: type[Any]) -> Callable[[Mapping[str, JSON]], Any]:
    """The function :func:`from_jsonable` calls for ``cls``, written on first use (the
    hottest decoders look it up themselves: one call less per value)."""
    decoder = _DECODERS.get(cls)
    if decoder is None:
        decoder = _DECODERS[cls] = _decoder(cls)
    return decoder


_DECODERS: dict[type, Callable[[Mapping[str, JSON]], Any]] = {}


def _decoder(cls: type[Any]) -> Callable[[Mapping[str, JSON]], Any]:
    every = dataclasses.fields(cls)
    tuples = _tuple_fields(cls)

    def through_init(data: Mapping[str, JSON]) -> Any:
        known = {f.name for f in every}
        kwargs = {k: (_deep_tuple(v) if k in tuples and v is not None else v)
                  for k, v in data.items() if k in known}
        return cls(**kwargs)

    if not stores_only(cls) or not all(f.init for f in every):
        return through_init
    required = [f.name for f in every if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    flat = _flat_tuple_fields(cls)
    namespace: dict[str, Any] = {"_C": cls, "_new": object.__new__, "_set": object.__setattr__,
                                 "_M": _ABSENT, "_tup": _deep_tuple, "_init": through_init,
                                 "_list": list}
    lines = []
    for i, f in enumerate(every):
        # a list of scalars is one ``tuple`` call; a list that may hold lists goes deep
        value = ("(tuple(v) if type(v) is _list else v)" if f.name in flat
                 else "(v if v is None else _tup(v))" if f.name in tuples else "v")
        if f.name in required:  # present (checked below): read directly
            fetch, fallback = f"d[{f.name!r}]", ""
        elif f.default is not dataclasses.MISSING:
            namespace[f"_d{i}"] = f.default
            fetch, fallback = f"g({f.name!r}, _d{i})", ""
            if f.name in tuples and f.name not in flat:  # a default is never decoded
                fetch, fallback = f"g({f.name!r}, _M)", f"_d{i} if v is _M else "
        else:
            namespace[f"_f{i}"] = f.default_factory
            fetch, fallback = f"g({f.name!r}, _M)", f"_f{i}() if v is _M else "
        if value == "v":
            lines.append(f"    _set(o, {f.name!r}, {fallback}{fetch})\n" if not fallback else
                         f"    v = {fetch}\n    _set(o, {f.name!r}, {fallback}v)\n")
        else:
            lines.append(f"    v = {fetch}\n    _set(o, {f.name!r}, {fallback}{value})\n")
    # a required field missing: through __init__, which says which (a TypeError)
    check = (f"    if not ({' and '.join(f'{n!r} in d' for n in required)}):\n"
             "        return _init(d)\n") if required else ""
    exec(f"def _decode(d):\n{check}    g = d.get\n    o = _new(_C)\n{''.join(lines)}"
         "    return o\n", namespace)
    decode: Callable[[Mapping[str, JSON]], Any] = namespace["_decode"]
    return decode


_SCALARS = (str, int, float, bool, type(None))


def _flat_tuple_fields(cls: type) -> frozenset[str]:
    """The fields of ``cls`` declared as tuples of scalars only (``tuple[str, ...]``,
    ``tuple[int, int] | None``): a stored list of them becomes a tuple in one call."""
    hints = get_type_hints(cls)
    names = set()
    for name in _tuple_fields(cls):
        hint = hints.get(name)
        shapes = [hint] if get_origin(hint) is tuple else [a for a in get_args(hint)
                                                             if a is not type(None)]
        if shapes and all(get_origin(t) is tuple and all(
                a is Ellipsis or a in _SCALARS for a in get_args(t)) for t in shapes):
            names.add(name)
    return frozenset(names)


_ABSENT: Any = object()


def stores_only(cls: type) -> bool:
    """Whether ``cls.__init__`` is the one ``dataclass`` wrote for a frozen class (it only
    stores the fields with ``object.__setattr__``) and nothing runs after it."""
    params = getattr(cls, "__dataclass_params__", None)
    code = getattr(getattr(cls, "__init__", None), "__code__", None)
    return (params is not None and bool(params.frozen) and code is not None
            and code.co_filename == "<string>" and not hasattr(cls, "__post_init__")
            and getattr(cls, "__new__", None) is object.__new__)


def _deep_tuple(value: JSON) -> Any:
    if type(value) is list:
        return tuple([_deep_tuple(v) if type(v) is list else v for v in value])
    return value
