"""Commands and events as JSON, for a ruleset named by id: what a client sends and reads.

A command is ``{"do": NAME, "actor": ID, ...}`` (or ``{"answer": CHOICE}``), the same
as a step of an encounter file; an event is ``{"event": TYPE, "rules": [...], ...}``,
the same as a line of the state JSON's log (without its ``text``). Each ``*_from_json``
checks what it reads and refuses it in one line; ``*_to_json`` never fails on a value
the engine made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from pydantic import TypeAdapter, ValidationError

from footwork.engine.codec import JSON
from footwork.engine.commands import Command
from footwork.engine.commands import command_to_json as _command_to_json
from footwork.engine.events import Event
from footwork.engine.events import event_to_json as _event_to_json
from footwork.engine.machine import Engine
from footwork.errors import InvalidEvent, excerpt
from footwork.rulesets.base import Ruleset
from footwork.rulesets.registry import get_ruleset

_ENGINES: dict[str, Engine[Any]] = {}


def _engine(ruleset: str | Ruleset[Any]) -> Engine[Any]:
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    engine = _ENGINES.get(rs.id)
    if engine is None or engine.ruleset is not rs:
        engine = _ENGINES[rs.id] = Engine(rs)
    return engine


def command_to_json(command: Command) -> dict[str, JSON]:
    """``command`` as JSON: ``{"do": NAME, ...}``, or ``{"answer": CHOICE, ...}``."""
    return _command_to_json(command)


def command_from_json(data: Mapping[str, Any], ruleset: str | Ruleset[Any]) -> Command:
    """The command of ``ruleset`` (an id or a ruleset) that ``data`` describes.

    Raises :class:`InvalidCommand` (one line with the field at fault) for an unknown
    command, a missing or unknown field, or a value of the wrong type, and
    :class:`RulesetError` for an unknown ruleset id."""
    return _engine(ruleset).parse(data)


def event_to_json(event: Event) -> dict[str, JSON]:
    """``event`` as JSON: ``{"event": TYPE, "rules": [...], ...its fields}``."""
    return _event_to_json(event)


def event_from_json(data: Mapping[str, Any], ruleset: str | Ruleset[Any]) -> Event:
    """The event of ``ruleset`` (an id or a ruleset) that ``data`` describes, as
    :func:`event_to_json` wrote it (a log line's ``text`` is ignored).

    Raises :class:`InvalidEvent` in one line for an unknown type or fields that do not
    fit it, and :class:`RulesetError` for an unknown ruleset id."""
    engine = _engine(ruleset)
    if not isinstance(data, Mapping):
        raise InvalidEvent(f"expected an event mapping like {{'event': 'turn_started', ...}}, "
                           f"got {type(data).__name__}")
    kind = data.get("event")
    cls = engine.event_kinds.get(str(kind))
    if cls is None:
        raise InvalidEvent(f"unknown event type {excerpt(repr(kind))}; expected one of: "
                           f"{', '.join(sorted(engine.event_kinds))}")
    body = {k: v for k, v in data.items() if k not in ("event", "text")}
    unknown = sorted(set(body) - {f.name for f in fields(cls)})
    if unknown:
        raise InvalidEvent(f"event {kind!r}: unknown field {excerpt(str(unknown[0]))!r}; "
                           f"it takes: {', '.join(f.name for f in fields(cls))}")
    try:
        # validated, not just constructed: a field of the wrong type is refused here, not
        # when a replay folds it in
        event: Event = _adapter(cls).validate_python(body)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise InvalidEvent(f"event {kind!r}: {where + ': ' if where else ''}"
                           f"{excerpt(err['msg'], 120)}") from None
    return event


_ADAPTERS: dict[type[Event], TypeAdapter[Any]] = {}


def _adapter(cls: type[Event]) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter
