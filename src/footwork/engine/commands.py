"""Commands: what a player or the game master asks for.

A command is a frozen dataclass named in files by ``do: <name>``. The engine
owns ``end_turn`` and ``answer``; rulesets add their own.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Annotated, Any, ClassVar

from pydantic import ConfigDict, Field, Strict, TypeAdapter, ValidationError

from footwork.engine.codec import JSON, to_jsonable
from footwork.errors import InvalidCommand, excerpt
from footwork.fields import Name

#: a face rolled at the table: a whole number, never a boolean or a string
Face = Annotated[int, Strict()]
#: the faces a command supplies, in the order its rolls take them
Faces = tuple[Face, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """Base of every command. ``actor`` is who acts (or ``gm``)."""

    name: ClassVar[str] = "command"
    #: commands that only the actor whose turn it is may give
    needs_turn: ClassVar[bool] = True
    __pydantic_config__ = ConfigDict(extra="forbid", strict=False)

    actor: Annotated[str, Field(
        description="The id of the character who acts, or `gm` for the game master.")]
    #: how many of the last faces of ``roll`` the engine rolled when the command was first
    #: played (a saved session writes them down): they replay as the engine's rolls
    engine_rolled: Annotated[int | None, Field(
        description="How many of the last faces in `roll` the engine rolled when the command "
                    "was first played, written by footwork when it saves a session so that "
                    "they replay as the engine's rolls; default null, none.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Command):
    """End the current actor's turn; the next in the order begins. ``roll`` supplies the
    faces of any roll the end of the turn or round calls for."""

    name: ClassVar[str] = "end_turn"
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the rolls the end of the turn "
                    "or round calls for; default null, the engine rolls what is not given.")] = (
        None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer(Command):
    """Answer the pending decision. ``actor`` may be left out: it is then the one asked."""

    name: ClassVar[str] = "answer"
    needs_turn: ClassVar[bool] = False
    actor: Annotated[str, Field(
        description="The id of the one answering; default empty, the one the pending "
                    "decision asks.")] = ""
    choice: Annotated[str, Field(
        description="The choice that answers the pending decision (`answer` in a file).")]
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the rolls the answer calls "
                    "for; default null, the engine rolls what is not given.")] = None
    #: a point the answer names (where to place a character, for instance)
    at: Annotated[tuple[float, float] | None, Field(
        description="A point the answer names, as x and y in the map's unit (where to place "
                    "a character, for instance); default null, none.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EndEncounter(Command):
    """The game master ends the encounter (the scene is over, whoever could still act):
    nobody acts after it. Only the referee (``actor: gm``) may give it."""

    name: ClassVar[str] = "end_encounter"
    needs_turn: ClassVar[bool] = False
    reason: Annotated[Name, Field(description="why, in a few words, for the log")] = (
        "the game master ends the encounter")


CORE_COMMANDS: tuple[type[Command], ...] = (EndTurn, Answer, EndEncounter)


_ADAPTERS: dict[type[Command], TypeAdapter[Any]] = {}


def _adapter(cls: type[Command]) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def command_from_json(
    data: Mapping[str, Any], kinds: Mapping[str, type[Command]], *, where: str = ""
) -> Command:
    """Parse ``{do: name, ...}`` (or ``{answer: choice}``) into a command value."""
    body = dict(data)
    if "answer" in body and "do" not in body:
        body["choice"] = body.pop("answer")
        body["do"] = "answer"
    name = body.pop("do", None)
    if not isinstance(name, str):
        raise InvalidCommand("expected a 'do' field naming the command", path=where)
    cls = kinds.get(name)
    if cls is None:
        known = ", ".join(sorted(kinds))
        raise InvalidCommand(f"unknown command {name!r}; expected one of: {known}", path=where)
    _check_values(body, where)
    try:
        text = json.dumps(body, allow_nan=False)
    except (TypeError, ValueError):
        raise InvalidCommand("expected plain JSON values (text, numbers, lists, mappings)",
                             path=where) from None
    try:
        # JSON mode, strict: a boolean or a text is never a number; a list may be a tuple
        command: Command = _adapter(cls).validate_json(text, strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"]).lstrip(".")
        prefix = f"{where}.{loc}" if where and loc else (where or loc)
        # engine_rolled is written by footwork when it saves, not typed by people
        names = ", ".join(f.name for f in fields(cls) if f.name != "engine_rolled")
        got = excerpt(repr(err.get("input")), 40)
        message = {
            "unexpected_keyword_argument": f"unknown field; command {name!r} takes: {names}",
            "missing": f"missing field; command {name!r} takes: {names}",
            "missing_argument": f"missing field; command {name!r} takes: {names}",
            "tuple_type": f"expected a list (got {got})",
            "list_type": f"expected a list (got {got})",
            "int_type": f"expected a whole number (got {got})",
            "int_parsing": f"expected a whole number (got {got})",
            "int_from_float": f"expected a whole number (got {got})",
            "float_type": f"expected a number (got {got})",
            "string_type": f"expected text (got {got})",
            "finite_number": f"expected a finite number (got {got})",
        }.get(err["type"], f"{err['msg'][0].lower()}{err['msg'][1:]} (command {name!r})")
        raise InvalidCommand(message, path=prefix) from None
    return command


#: the longest text a command field may hold, the most items of a list, the deepest nesting
MAX_TEXT, MAX_ITEMS, MAX_DEPTH = 200, 1000, 8


def _check_values(value: Any, where: str, depth: int = 0) -> None:
    """Refuse, before any validation, what could make a message or a search huge:
    long or multi-line text, long lists, deep nesting, non-finite numbers."""
    if depth > MAX_DEPTH:
        raise InvalidCommand(f"nested deeper than {MAX_DEPTH} levels", path=where)
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise InvalidCommand(f"expected text of at most {MAX_TEXT} characters, got "
                                 f"{len(value)}", path=where)
        if any(not ch.isprintable() for ch in value):
            raise InvalidCommand("expected printable text on one line", path=where)
    elif isinstance(value, float) and not math.isfinite(value):
        raise InvalidCommand("expected a finite number", path=where)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidCommand("expected field names as text", path=where)
            _check_values(key, where, depth + 1)
            _check_values(item, f"{where}.{key}" if where else key, depth + 1)
    elif isinstance(value, list | tuple):
        if len(value) > MAX_ITEMS:
            raise InvalidCommand(f"expected at most {MAX_ITEMS} items, got {len(value)}",
                                 path=where)
        for i, item in enumerate(value):
            _check_values(item, f"{where}[{i}]", depth + 1)


def command_to_json(command: Command) -> dict[str, JSON]:
    body: dict[str, JSON] = {"do": command.name}
    for f in fields(command):
        value = getattr(command, f.name)
        if value is None or (f.name == "actor" and value == ""):
            continue
        body[f.name] = to_jsonable(value)
    if command.name == "answer":
        body.pop("do")
        body = {"answer": body.pop("choice"), **body}
    return body
