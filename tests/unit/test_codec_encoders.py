"""The events' JSON written by a per-class encoder (issue 24 item 4: what the table
server spends to store a command) is the JSON the generic walk wrote, to the key
order: a stored log must not change. The oracle is that walk, kept here as it was."""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest
from pydantic import BaseModel

from footwork.engine.codec import encoder_of, to_jsonable
from footwork.engine.events import Event, event_to_json
from footwork.scenario import load_encounter
from footwork.scenario.runner import play
from tests.conftest import example_files


def oracle(value: Any) -> Any:
    """to_jsonable as it was before the encoders: a walk of every value."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: oracle(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): oracle(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else value
        return [oracle(v) for v in items]
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    raise TypeError(f"cannot serialise {type(value).__name__}")


def text(value: Any) -> str:
    """JSON text as a store keeps it: equal texts, equal key order."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: examples whose play is seconds of search (their kinds of event are in the others)
SLOW = {"charizard-allowances.yaml", "bob-dash.yaml"}


@pytest.fixture(scope="module")
def played() -> list[tuple[Any, tuple[Event, ...]]]:
    """Every command and its events of every example's steps (each ruleset's events)."""
    found = []
    for path in example_files():
        if path.name in SLOW:
            continue
        session = play(load_encounter(path)).session
        found.append((None, session.opening))
        found += [(entry.command, entry.events) for entry in session.history]
    return found


def test_every_example_event_is_written_as_before(
        played: list[tuple[Any, tuple[Event, ...]]]) -> None:
    kinds = set()
    for command, events in played:
        for event in events:
            kinds.add(type(event))
            assert text(event_to_json(event)) == text({"event": event.type, **oracle(event)})
        if command is not None:  # a command's fields go through to_jsonable
            for f in dataclasses.fields(command):
                value = getattr(command, f.name)
                assert text(to_jsonable(value)) == text(oracle(value))
    assert len(kinds) >= 30  # the examples reach many kinds of event of five rulesets


class Colour(enum.Enum):
    RED = "red"


class Level(int, enum.Enum):
    HIGH = 3


class Shape(BaseModel):
    sides: int
    name: str = "square"


@dataclasses.dataclass(frozen=True, slots=True)
class Inner:
    at: tuple[int, int] | None
    share: Fraction = Fraction(1, 3)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Everything(Event):
    """A made-up event with every kind of value to_jsonable takes."""

    name: str = "x"
    level: Level = Level.HIGH
    nothing: None = None
    flag: bool = True
    ratio: float = 0.5
    part: Fraction = Fraction(3, 4)
    inner: Inner = Inner(at=(1, 2))
    nested: tuple[Any, ...] = ((1, "a"), (Inner(at=None),), Fraction(1, 2))
    mapping: Mapping[Any, Any] = dataclasses.field(
        default_factory=lambda: {"b": 1, 2: (3, 4), "a": {"z": Fraction(1, 4)}})
    some: frozenset[str] = frozenset({"c", "a", "b"})
    listed: list[Any] = dataclasses.field(default_factory=lambda: [Inner(at=(0, 0))])
    shape: Shape = dataclasses.field(default_factory=lambda: Shape(sides=4))
    colour: Any = None


def test_every_kind_of_value_is_written_as_before() -> None:
    event = Everything()
    assert text(event_to_json(event)) == text({"event": event.type, **oracle(event)})
    assert list(encoder_of(Everything)(event)) == [f.name for f in
                                                   dataclasses.fields(Everything)]
    assert encoder_of(Everything)(event)["level"] is Level.HIGH  # kept as it is
    with pytest.raises(TypeError, match="cannot serialise Colour"):  # refused as before
        event_to_json(Everything(colour=Colour.RED))
    with pytest.raises(TypeError, match="cannot serialise Colour"):
        oracle(Everything(colour=Colour.RED))
