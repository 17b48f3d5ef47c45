"""How much input footwork takes before it refuses: named limits with safe defaults.

Encounter files and commands may come from strangers (a shared file, a table
server), so everything whose cost grows with the input is bounded *before* the
expensive work starts: the file's bytes, YAML nodes after aliases, nesting,
map sizes, actors, steps, and the work of computing exact odds. The limits
belong to whoever runs footwork (a CLI flag, a server setting), never to the
file, which could otherwise raise them itself.

>>> with using(Limits(cells=100)):
...     check("cells", 120, "map.grid")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
footwork.limits.LimitExceeded: map.grid: 120 grid cells are over the limit of 100 (raise ...)

docs/limits.md lists every limit with its default.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace
from typing import Any

from footwork.errors import ScenarioError


@dataclass(frozen=True, slots=True)
class Limits:
    """Upper bounds on what one encounter may ask for. Every field is a count."""

    #: bytes of an encounter file or text
    file_bytes: int = 4_000_000
    #: values in the parsed document, counting what YAML aliases expand to (the YAML
    #: parser reads about 30,000 values a second: this bounds a hostile file to seconds)
    nodes: int = 100_000
    #: how deep mappings and lists may nest
    nesting: int = 64
    #: actors in an encounter
    actors: int = 500
    #: steps in an encounter file
    steps: int = 10_000
    #: places of a graph map: spans and their features, cultivation zones
    places: int = 5_000
    #: zones of a site map (polygons)
    zones: int = 1_000
    #: polygon and wall vertices of a site map, in all
    vertices: int = 50_000
    #: cells of a grid map (rows times columns)
    cells: int = 250_000
    #: the work of one exact-odds computation (about dice x outcomes); above it,
    #: odds are an approximation that says so
    odds_work: int = 2_000_000
    #: runs of one study the table server plays (its runs times its --vary values)
    study_runs: int = 1_000
    #: rounds the policies of a server's study play after the table's state
    study_rounds: int = 10
    #: seconds of play one server study may take; the runs finished by then are kept
    #: and the answer says the study was cut short
    study_seconds: int = 5
    #: bytes of a map file to import (a Universal VTT file carries its picture as base64:
    #: real ones weigh 5-50 MB)
    map_file_bytes: int = 80_000_000
    #: points of the walls, doors and obstacles of a map file to import, in all
    map_points: int = 200_000
    #: bytes of a map's picture, decoded
    picture_bytes: int = 50_000_000
    #: pixels of a map's picture (width times height, read from its header before anything
    #: decodes it: a small file can claim a huge picture)
    picture_pixels: int = 100_000_000

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def raised(self, changes: Mapping[str, int]) -> Limits:
        """A copy with some limits changed; unknown names and non-positive values refused."""
        for name, value in changes.items():
            if name not in self.names():
                raise ScenarioError(
                    f"unknown limit {name!r}; expected one of: {', '.join(self.names())}")
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ScenarioError(f"limit {name}: expected a positive whole number")
        return replace(self, **changes)


_NOUNS = {
    "file_bytes": "bytes", "nodes": "values (after YAML aliases)",
    "nesting": "levels of nesting", "actors": "actors", "steps": "steps",
    "places": "places", "zones": "zones", "vertices": "vertices",
    "cells": "grid cells", "odds_work": "units of odds work",
    "study_runs": "study runs", "study_rounds": "study rounds",
    "study_seconds": "seconds of study", "map_file_bytes": "bytes of map file",
    "map_points": "wall, door and obstacle points", "picture_bytes": "bytes of picture",
    "picture_pixels": "pixels of picture",
}

_DEFAULTS = Limits()
_current: ContextVar[Limits | None] = ContextVar("footwork_limits", default=None)


class LimitExceeded(ScenarioError):
    """The input asks for more than a limit allows. ``limit`` names it."""

    def __init__(self, limit: str, count: int, maximum: int, *, file: str = "",
                 path: str = "", line: int | None = None) -> None:
        noun = _NOUNS.get(limit, limit)
        super().__init__(
            f"{count:,} {noun} are over the limit of {maximum:,} "
            f"(raise it with --limit {limit}=N)",
            file=file, path=path, line=line)
        self.limit = limit
        self.count = count
        self.maximum = maximum

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from its fields (a study's worker process sends it back pickled)
        return (_limit_exceeded, (self.limit, self.count, self.maximum, self.file,
                                  self.path, self.line))


def _limit_exceeded(limit: str, count: int, maximum: int, file: str, path: str,
                    line: int | None) -> LimitExceeded:
    return LimitExceeded(limit, count, maximum, file=file, path=path, line=line)


def current() -> Limits:
    """The limits in force in this context (the defaults unless :func:`using` set others)."""
    return _current.get() or _DEFAULTS


@contextmanager
def using(limits: Limits) -> Iterator[Limits]:
    """Put ``limits`` in force for the code inside the ``with`` block (per thread/task)."""
    token = _current.set(limits)
    try:
        yield limits
    finally:
        _current.reset(token)


def set_current(limits: Limits) -> Callable[[], None]:
    """Put ``limits`` in force for the rest of this context (a CLI command, say);
    returns the function that puts the earlier limits back."""
    token = _current.set(limits)
    return lambda: _current.reset(token)


def parse_settings(settings: list[str]) -> Limits:
    """Limits from ``NAME=N`` settings (``--limit cells=1000000``) over the defaults."""
    changes: dict[str, int] = {}
    for setting in settings:
        name, sep, value = setting.partition("=")
        if not sep or not value.strip().isdigit():
            raise ScenarioError(f"--limit {setting!r}: expected NAME=N with N a whole number "
                                f"and NAME one of: {', '.join(Limits.names())}")
        changes[name.strip()] = int(value)
    return _DEFAULTS.raised(changes)


class OutOfTime(ScenarioError):
    """Reading an input took longer than the time budget in force (:func:`time_budget`):
    a table server's guard against a file built to cost CPU within the other limits."""


_deadline: ContextVar[tuple[float, float] | None] = ContextVar("footwork_deadline",
                                                               default=None)


@contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    """Give the code inside the ``with`` block ``seconds`` of reading (per thread/task):
    :func:`check_time`, called by the file reader as it goes, refuses past it."""
    token = _deadline.set((time.monotonic() + seconds, seconds))
    try:
        yield
    finally:
        _deadline.reset(token)


def check_time() -> None:
    """Refuse (:class:`OutOfTime`) once the time budget in force, if any, is spent."""
    budget = _deadline.get()
    if budget is not None and time.monotonic() > budget[0]:
        raise OutOfTime(f"reading it took over {budget[1]:g} s, the time this server gives "
                        "one file (footwork serve --parse-seconds)")


def check(limit: str, count: int, path: str = "") -> None:
    """Refuse ``count`` if it is over the named limit; ``path`` says where in the file."""
    maximum: int = getattr(current(), limit)
    if count > maximum:
        raise LimitExceeded(limit, count, maximum, path=path)


class OverLimit(ValueError):
    """A limit hit inside a pydantic validator: a ValueError, so that pydantic gives the
    file's path and line; the file loader turns it back into :class:`LimitExceeded`."""

    def __init__(self, exceeded: LimitExceeded) -> None:
        super().__init__(exceeded.detail)
        self.exceeded = exceeded


def check_in_validator(limit: str, count: int) -> None:
    """:func:`check` for a pydantic validator (run before the map is built)."""
    try:
        check(limit, count)
    except LimitExceeded as exc:
        raise OverLimit(exc) from None
