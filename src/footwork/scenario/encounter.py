"""Loading an encounter file into a ready engine, initial state and steps."""

from __future__ import annotations

import difflib
import functools
import gc
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from pydantic import BaseModel, ValidationError

from footwork import limits
from footwork.engine.commands import Command
from footwork.engine.gm import GmAdd
from footwork.engine.machine import Engine
from footwork.engine.session import Session
from footwork.engine.state import State
from footwork.errors import (
    FootworkError,
    InvalidCommand,
    ScenarioError,
    ScenarioErrors,
    excerpt,
)
from footwork.rulesets.base import ActorSetup, Ruleset
from footwork.rulesets.registry import get_ruleset
from footwork.scenario.cast import EncounterCast
from footwork.scenario.models import EncounterHead, encounter_model
from footwork.scenario.source import Source, format_path, parse_text, read_file

STEP_KEYS = ("do", "answer", "expect", "expect_error")


@dataclass(frozen=True)
class Step:
    """One step of a file: a command, an expectation, or a command that must be refused."""

    index: int
    line: int | None
    kind: str  # "command" | "expect" | "expect_error"
    command: Command | None = None
    expected: Mapping[str, Any] | None = None
    reason: str | None = None


@dataclass(frozen=True)
class Encounter:
    """A loaded, valid encounter file: its ruleset, engine, initial state and steps.

    :meth:`session` starts playing it; ``footwork.play(encounter)`` plays its steps."""

    source: Source
    spec: BaseModel
    ruleset: Ruleset[Any]
    engine: Engine[Any]
    initial: State[Any]
    steps: tuple[Step, ...]
    #: doubtful but valid things in the file, each "file:line: path: message"
    warnings: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The file's name (or the name given with its text), as error messages show it."""
        return self.source.name

    def session(self) -> Session[Any]:
        """A new session at the start of the encounter (none of the file's steps played);
        :meth:`Session.save_json` writes it back as this file with the commands given."""
        data = self.source.data
        return Session(self.engine, self.initial,
                       source=data if isinstance(data, dict) else None)


P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while a file is parsed and its map built: a load
    makes hundreds of thousands of objects that all stay alive, and the collector, run
    every few hundred allocations, would walk them again and again (a 10,000-span map
    took longer per span than a 1,000-span one). Reference counting still frees what
    dies; the collector runs again as before once the load is over."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _paused(fn: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with collector_paused():
            return fn(*args, **kwargs)
    return run


@_paused
def load_encounter(path: str | Path) -> Encounter:
    """Read and validate an encounter file (YAML 1.2 or JSON)."""
    return build_encounter(read_file(path))


@_paused
def encounter_from_text(text: str, name: str = "<text>") -> Encounter:
    """An encounter from YAML 1.2 or JSON text (``name`` is used in error messages)."""
    return build_encounter(parse_text(text, name))


@_paused
def encounter_from_data(data: Mapping[str, Any], name: str = "<data>") -> Encounter:
    """An encounter from already-parsed data (a dict as the file would give)."""
    return build_encounter(Source(name, dict(data)))


@_paused
def build_encounter(source: Source) -> Encounter:
    data = source.data
    if not isinstance(data, dict):
        raise source.error("expected a mapping with footwork, ruleset, map and actors")
    try:
        # the head alone: the map is validated once, by the ruleset's model below
        head = EncounterHead.model_validate_json(
            _as_json({k: data[k] for k in ("footwork", "ruleset") if k in data}), strict=True)
    except ValidationError as exc:
        raise _validation(source, exc) from None
    try:
        ruleset = get_ruleset(head.ruleset)
    except FootworkError as exc:
        raise source.error(str(exc), ("ruleset",)) from None
    for key, limit in (("actors", "actors"), ("steps", "steps")):
        items = data.get(key)
        if isinstance(items, list) and len(items) > getattr(limits.current(), limit):
            fault = source.error("", (key,))
            raise limits.LimitExceeded(limit, len(items), getattr(limits.current(), limit),
                                       file=fault.file, path=fault.path, line=fault.line)
    try:
        # JSON mode, strict: a boolean or a text is never a number, a list may be a tuple
        spec = encounter_model(ruleset).model_validate_json(_as_json(data), strict=True)
    except ValidationError as exc:
        # type faults only: the names the file gets wrong need its map, and a faulty file
        # builds none (a stranger's file costs no map build until it is well formed)
        raise _validation(source, exc, ruleset) from None
    actors = [
        ActorSetup(a.id, a.side, a.at, a.stats)
        for a in spec.actors  # type: ignore[attr-defined]
    ]
    ids = [a.id for a in actors]
    faults: list[ScenarioError] = []
    for i, aid in enumerate(ids):
        if aid in ids[:i]:
            faults.append(source.error(f"actor id {aid!r} is used twice", ("actors", i, "id")))
        if aid == ruleset.gm:
            faults.append(source.error(f"{aid!r} is reserved for the game master",
                                       ("actors", i, "id")))
    order = ids if spec.order is None else spec.order  # type: ignore[attr-defined]
    if sorted(order) != sorted(ids):
        faults.append(source.error(
            "order must list every actor exactly once; expected a permutation of "
            f"{excerpt(str(ids), 120)}",
            ("order",)))
    if faults:
        raise several(faults)
    try:
        space, built = ruleset.build(spec.options, spec.map, actors)  # type: ignore[attr-defined]
    except limits.LimitExceeded as exc:  # keep the kind and which limit
        fault = source.error("", _split_path(exc.path))
        raise limits.LimitExceeded(exc.limit, exc.count, exc.maximum, file=fault.file,
                                   path=fault.path, line=fault.line) from None
    except ScenarioError as exc:
        path = _split_path(exc.path)
        first = source.error(exc.detail, path)
        # every name the file gets wrong, not only the first the build met
        others = [f for f in reference_faults(source, ruleset) if f.path != first.path]
        raise several([first, *others]) from None
    initial: State[Any] = State(
        ruleset=ruleset.id, seed=spec.seed, space=space,  # type: ignore[attr-defined]
        options=spec.options, order=tuple(order), actors=built,  # type: ignore[attr-defined]
        world=ruleset.initial_world(space, spec.options),  # type: ignore[attr-defined]
    )
    engine = Engine(ruleset, cast=EncounterCast(
        ruleset, spec.options, spec.map, actors))  # type: ignore[attr-defined]
    known = _Known({*ids, ruleset.gm}, frozenset(ruleset.place_ids(space)))
    steps = tuple(_steps(source, engine, spec.steps, known))  # type: ignore[attr-defined]
    warnings = tuple(
        str(source.error(message, _split_path(path))) for path, message in ruleset.lint(initial)
    )
    return Encounter(source, spec, ruleset, engine, initial, steps, warnings)


@dataclass(frozen=True)
class _Known:
    """The actor and place ids a step may name."""

    #: grows as the steps bring newcomers in (``gm_add``)
    actors: set[str]
    places: frozenset[str]


def _check_names(source: Source, command: Command, known: _Known,
                 path: tuple[str | int, ...]) -> None:
    """An unknown actor or place in a step is a fault of the file, found before playing."""
    for name in ("actor", "target"):
        value = getattr(command, name, None)
        if value and value not in known.actors:
            raise source.error(
                f"unknown actor {value!r}; expected one of: {', '.join(sorted(known.actors))}",
                (*path, name))
    if isinstance(command, GmAdd):  # a newcomer: named by the steps after this one
        known.actors.add(command.id)
        if command.at not in known.places and known.places:
            raise source.error(f"no such place {command.at!r}", (*path, "at"))
        return
    to = getattr(command, "to", None)
    if isinstance(to, str) and known.places and to not in known.places:
        raise source.error(f"unknown place {to!r}", (*path, "to"))


def _steps(source: Source, engine: Engine[Any], raw: list[dict[str, Any]],
           known: _Known) -> list[Step]:
    steps: list[Step] = []
    faults: list[ScenarioError] = []
    for i, body in enumerate(raw):
        try:
            steps.append(_step(source, engine, i, body, known))
        except ScenarioError as exc:
            faults.append(exc)
    if faults:
        raise several(faults)
    return steps


def _step(source: Source, engine: Engine[Any], i: int, body: dict[str, Any],
          known: _Known) -> Step:
    """The step at index ``i`` of the file, or the ScenarioError that says its fault."""
    path: tuple[str | int, ...] = ("steps", i)
    line = source.line_of(path)
    keys = [k for k in STEP_KEYS if k in body]
    if len(keys) != 1 or (keys[0] in ("expect", "expect_error") and
                          set(body) - {keys[0], "reason"}):
        raise source.error(
            "a step has exactly one of: do (a command), answer, expect, expect_error", path)
    kind = keys[0]
    if kind == "expect":
        if not isinstance(body["expect"], dict):
            raise source.error("expect takes a mapping (a subset of the state JSON)", path)
        return Step(i, line, "expect", expected=body["expect"])
    raw_cmd = body["expect_error"] if kind == "expect_error" else body
    if not isinstance(raw_cmd, dict):
        raise source.error("expected a command mapping", path)
    try:
        command = engine.parse(raw_cmd)
    except InvalidCommand as exc:
        sub = (*path, "expect_error") if kind == "expect_error" else path
        raise source.error(exc.detail, (*sub, *_split_path(exc.path))) from None
    if kind == "do":
        _check_names(source, command, known, path)
    reason = body.get("reason") if kind == "expect_error" else None
    return Step(i, line, "expect_error" if kind == "expect_error" else "command",
                command=command, reason=None if reason is None else str(reason))


#: the most faults of one file reported at once
MAX_ERRORS = 20


def several(faults: list[ScenarioError]) -> ScenarioError:
    """One error for the faults of a file, in the file's order: the fault itself when
    there is one, else :class:`ScenarioErrors` (at most :data:`MAX_ERRORS` shown)."""
    if len(faults) == 1:
        return faults[0]
    over = [f for f in faults if isinstance(f, limits.LimitExceeded)]
    if over:  # what is too large is refused as such, before any other fault
        return over[0]
    ordered = sorted(faults, key=lambda e: e.line if e.line is not None else 1 << 62)
    return ScenarioErrors(ordered[:MAX_ERRORS], more=len(ordered) - MAX_ERRORS)


def _validation(source: Source, exc: ValidationError,
                ruleset: Ruleset[Any] | None = None) -> ScenarioError:
    """Every fault, each as one line with its path (pydantic's own names left out). A
    field that takes one of several forms is reported once, as its first form's fault.
    With the ruleset, an unknown key names the nearest known one."""
    faults: list[ScenarioError] = []
    seen: set[tuple[int | str, ...]] = set()
    known = _vocabulary(ruleset) if ruleset is not None else frozenset()
    for err in exc.errors():
        # the location up to the first union member: its other members' faults are
        # the same fault seen through another form
        loc = err["loc"]
        cut = next((i for i, part in enumerate(loc) if _internal(part)), len(loc))
        key = _file_path(source.data, loc[:cut])
        if key in seen:
            continue
        seen.add(key)
        faults.append(_one_fault(source, err, known))
    return several(faults)


def _one_fault(source: Source, err: Any, known: frozenset[str] = frozenset()
               ) -> ScenarioError:
    """One pydantic error as one line with its path in the file; an unknown key names
    the nearest of the ``known`` keys."""
    loc = _file_path(source.data, err["loc"])
    over = err.get("ctx", {}).get("error")
    if isinstance(over, limits.OverLimit):  # a limit keeps its kind (a server's 413)
        hit = over.exceeded
        return limits.LimitExceeded(hit.limit, hit.count, hit.maximum, file=source.name,
                                    path=format_path(loc), line=source.line_of(loc))
    union = len(loc) < len(err["loc"]) and any(
        isinstance(p, str) and not p.startswith("function-") for p in err["loc"]
        if p not in loc)
    msg = err["msg"]
    if msg.lower().startswith("value error, "):
        msg = msg[len("value error, "):]
    for theirs, ours in _WORDS.items():
        msg = msg.replace(f"should be {theirs}", f"should be {ours}")
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
        name = loc[-1] if loc else None
        near = difflib.get_close_matches(str(name), sorted(known), n=1, cutoff=0.7)
        if isinstance(name, str) and near:
            msg = f"unknown field; did you mean {near[0]!r}?"
    elif err["type"] == "missing":
        msg = "missing field"
    elif err["type"] in ("too_short", "too_long") and "ctx" in err:
        bound = err["ctx"].get("min_length" if err["type"] == "too_short" else "max_length")
        msg = (f"expected at {'least' if err['type'] == 'too_short' else 'most'} {bound} "
               f"item{'s' if bound != 1 else ''}, got {err['ctx'].get('actual_length')}")
    elif "input" in err and err["type"] not in ("model_type", "dict_type", "value_error"):
        msg = f"{msg} (got {_shown(err['input'])})"
    if union:
        msg = f"{msg}; this field takes one of several forms, see `footwork schema`"
    return source.error(msg[0].lower() + msg[1:], loc)


@functools.cache
def _vocabulary(ruleset: Ruleset[Any]) -> frozenset[str]:
    """Every key an encounter file of ``ruleset`` may hold, at any depth."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                names.update(str(k) for k in props)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(encounter_model(ruleset).model_json_schema())
    return frozenset(names)


def reference_faults(source: Source, ruleset: Ruleset[Any]) -> list[ScenarioError]:
    """The names a file gets wrong, found on its raw data even when other parts of it
    are faulty: an actor's place that the map lacks, a step's actor, target or place
    that does not exist. The places are known only when the map itself is valid."""
    data = source.data if isinstance(source.data, dict) else {}
    listed = data.get("actors") if isinstance(data.get("actors"), list) else []
    actors = {i: a for i, a in enumerate(listed or []) if isinstance(a, dict)}
    ids = {str(a["id"]) for a in actors.values() if isinstance(a.get("id"), str)} | {ruleset.gm}
    places = _places(ruleset, data)
    faults: list[ScenarioError] = []

    def place(value: Any, path: tuple[str | int, ...]) -> None:
        if places and isinstance(value, str) and value not in places:
            near = difflib.get_close_matches(value, sorted(places), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            faults.append(source.error(f"unknown place {value!r}{hint}", path))

    for i, actor in actors.items():
        place(actor.get("at"), ("actors", i, "at"))
    steps = data.get("steps") if isinstance(data.get("steps"), list) else []
    for i, step in enumerate(steps or []):
        if not isinstance(step, dict) or "do" not in step:
            continue
        if step.get("do") == "gm_add" and isinstance(step.get("id"), str):
            ids.add(step["id"])
        for key in ("actor", "target"):
            value = step.get(key)
            if isinstance(value, str) and value not in ids:
                near = difflib.get_close_matches(value, sorted(ids), n=1)
                hint = (f"; did you mean {near[0]!r}?" if near else
                        f"; expected one of: {excerpt(', '.join(sorted(ids)), 120)}")
                faults.append(source.error(f"unknown actor {value!r}{hint}", ("steps", i, key)))
        place(step.get("to"), ("steps", i, "to"))
    return faults


def _places(ruleset: Ruleset[Any], data: Mapping[str, Any]) -> frozenset[str]:
    """The map's place ids, when the map and options are valid on their own."""
    try:
        options = ruleset.options_model.model_validate_json(
            _as_json(data.get("options") or {}), strict=True)
        spec = ruleset.map_model.model_validate_json(_as_json(data.get("map")), strict=True)
        space, _ = ruleset.build(options, spec, [])
        return frozenset(ruleset.place_ids(space))
    except (FootworkError, ValidationError, ValueError, TypeError):
        return frozenset()


def _as_json(data: Any) -> str:
    return json.dumps(data, allow_nan=False)


#: pydantic's JSON-mode wording, in the words the rest of footwork uses
_WORDS = {"an object": "a mapping", "a valid dictionary": "a mapping",
          "a valid array": "a list", "a valid tuple": "a list",
          "a valid integer": "a whole number", "a valid number": "a number",
          "a valid string": "text", "a valid boolean": "true or false"}


def _shown(value: Any) -> str:
    """A short excerpt of a faulty value: its type for collections, the start of text."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return excerpt(repr(value), 40)


def _file_path(data: Any, loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """pydantic's location as a path in the file: a part that is a key or an index of the
    data there is kept (a `Flight` score, say), pydantic's own names are left out."""
    path: list[int | str] = []
    node = data
    for part in loc:
        here = (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node))
        if here:
            path.append(part)
            node = node[part]
        elif not _internal(part):
            path.append(part)  # a missing field: named, though not in the file
            node = None
    return tuple(path)


def _internal(part: object) -> bool:
    """A location part that names pydantic's machinery, not a field of the file:
    validators (``function-after[...]``) and the members of a union (``LinkSpec``,
    ``tuple[str, str]``)."""
    if not isinstance(part, str):
        return False
    camel = len(part) > 1 and part[0].isupper() and part[1].islower()  # LinkSpec, not STR
    return part.startswith("function-") or "[" in part or camel


def _split_path(path: str) -> tuple[str | int, ...]:
    out: list[str | int] = []
    for part in path.replace("]", "").replace("[", ".").split("."):
        if part:
            out.append(int(part) if part.isdigit() else part)
    return tuple(out)
