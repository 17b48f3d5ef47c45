"""Small builders for inline `styles` encounters, shared by the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from footwork.engine import Session
from footwork.engine.events import Event

from ...support import (
    actor,
    cited,
    end_turns,
    inline_data,
    inline_session,
    of_type,
    refused,
    types,
)

__all__ = ["actor", "cited", "end_turns", "of_type", "refused", "types"]

#: the legend every inline map uses unless a test gives its own
LEGEND: dict[str, dict[str, Any]] = {
    ".": {"surface": "floor"},
    "#": {"surface": "wall", "elevation": 4},
    "^": {"surface": "floor", "elevation": 2},
    "_": {"surface": "void"},
    "~": {"surface": "water", "water_depth": 3},
    ">": {"surface": "water", "water_depth": 3, "current": "E", "current_speed": 2},
    "M": {"surface": "floor", "tags": ["mine"]},
    "o": {"surface": "floor", "tags": ["obscured"]},
}

#: an open floor, 3 rows by 11 columns, 1u cells
FIELD = ["..........."] * 3


def encounter_data(
    actors: Sequence[Mapping[str, Any]],
    *,
    rows: Sequence[str] | None = None,
    legend: Mapping[str, Any] | None = None,
    overrides: Sequence[Mapping[str, Any]] | None = None,
    cell_size: float = 1.0,
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    seed: int = 5,
) -> dict[str, Any]:
    map_data: dict[str, Any] = {
        "cell_size": cell_size,
        "rows": list(FIELD if rows is None else rows),
        "legend": dict(LEGEND if legend is None else legend),
    }
    if overrides is not None:
        map_data["overrides"] = [dict(o) for o in overrides]
    return inline_data("styles", map_data, actors, options=options, order=order, seed=seed)


def session(actors: Sequence[Mapping[str, Any]], **kwargs: Any) -> Session[Any]:
    """A fresh session of an encounter written as JSON (which is YAML 1.2 too)."""
    return inline_session(encounter_data(actors, **kwargs))


def seg(style: str, *to: float, via: Sequence[Sequence[int]] | None = None) -> dict[str, Any]:
    """One plan segment: ``seg("walk", 1, 3)`` or ``seg("swim", 2, 3, 1.0)``."""
    out: dict[str, Any] = {"style": style, "to": list(to)}
    if via is not None:
        out["via"] = [list(v) for v in via]
    return out


def move(s: Session[Any], who: str, *plan: Mapping[str, Any], to: Sequence[float] | None = None,
         dash: bool = False, roll: Sequence[int] | None = None) -> tuple[Event, ...]:
    """A Move by ``plan`` segments, or by ``to`` alone (footwork plans it)."""
    s_cmd = move_cmd(who, *plan, to=to, dash=dash, roll=roll)
    return s.do(s_cmd)


def move_cmd(who: str, *plan: Mapping[str, Any], to: Sequence[float] | None = None,
             dash: bool = False, roll: Sequence[int] | None = None) -> dict[str, Any]:
    cmd: dict[str, Any] = {"do": "move", "actor": who}
    if plan:
        cmd["plan"] = [dict(p) for p in plan]
    if to is not None:
        cmd["to"] = list(to)
    if dash:
        cmd["dash"] = True
    if roll is not None:
        cmd["roll"] = list(roll)
    return cmd


def who(s: Session[Any], aid: str) -> dict[str, Any]:
    """The actor's state JSON (caps, left, pool, spent, ...)."""
    body: dict[str, Any] = s.to_json(log=False)["actors"][aid]
    return body


def gm(s: Session[Any], do: str, **fields: Any) -> tuple[Event, ...]:
    return s.do({"do": do, "actor": "gm", **fields})


def answer(s: Session[Any], choice: str, **fields: Any) -> tuple[Event, ...]:
    return s.do({"answer": choice, **fields})
