"""Small builders for inline `sitemaps` encounters, shared by the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from footwork.engine import Session
from footwork.engine.events import Event

from ...support import (
    cited,
    end_turns,
    inline_data,
    inline_session,
    of_type,
    refused,
    types,
)

__all__ = ["cited", "end_turns", "of_type", "refused", "types"]

#: A row of six 6 x 4 m rooms, r0 .. r5 left to right, each joined to the next by a
#: 2 m doorway in the middle of their shared wall (x = 6, 12, ...; y from 1 to 3).
ROW: list[dict[str, Any]] = [{"id": f"r{i}", "rect": [6 * i, 0, 6, 4]} for i in range(6)]
ROW_OPENINGS: list[dict[str, Any]] = [
    {"between": [f"r{i}", f"r{i + 1}"], "at": [[6 * (i + 1), 1], [6 * (i + 1), 3]]}
    for i in range(5)
]


def actor(aid: str, at: str, point: Sequence[float] | None = None, side: str = "crew",
          **stats: Any) -> dict[str, Any]:
    if point is not None:
        stats["point"] = list(point)
    return {"id": aid, "side": side, "at": at, "stats": stats}


def encounter_data(
    actors: Sequence[Mapping[str, Any]],
    *,
    zones: Sequence[Mapping[str, Any]] | None = None,
    openings: Sequence[Mapping[str, Any]] | None = None,
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    seed: int = 5,
    **more: Any,
) -> dict[str, Any]:
    map_data: dict[str, Any] = {
        "zones": list(ROW if zones is None else zones),
        "openings": list(ROW_OPENINGS if openings is None and zones is None
                         else (openings or [])),
    }
    map_data.update(more)
    return inline_data("sitemaps", map_data, actors, options=options, order=order, seed=seed)


def session(actors: Sequence[Mapping[str, Any]], **kwargs: Any) -> Session[Any]:
    """A fresh session of an encounter written as JSON (which is YAML 1.2 too)."""
    return inline_session(encounter_data(actors, **kwargs))


def move(s: Session[Any], who: str, to: str, at: Sequence[float], *,
         rush: bool = False, via: Sequence[Sequence[float]] | None = None,
         roll: Sequence[int] | None = None) -> tuple[Event, ...]:
    cmd: dict[str, Any] = {"do": "rush" if rush else "move", "actor": who, "to": to,
                           "at": list(at)}
    if via is not None:
        cmd["via"] = [list(p) for p in via]
    if roll is not None:
        cmd["roll"] = list(roll)
    return s.do(cmd)
