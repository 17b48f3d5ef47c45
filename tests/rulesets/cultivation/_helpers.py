"""Small builders for inline `cultivation` encounters, shared by the rule-by-rule tests."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from footwork.engine import Session
from footwork.scenario import encounter_from_text

from ...support import cited, of_type, refused, types

__all__ = ["cited", "of_type", "refused", "types"]

#: A row of plain zones a - b - c - d, and a rubble zone r (DT 15) beside b.
ROW: list[dict[str, Any]] = [{"id": z} for z in "abcd"] + [{"id": "r", "dt": 15}]
ROW_LINKS: list[Any] = [["a", "b"], ["b", "c"], ["c", "d"], ["b", "r"], ["r", "d"]]


def actor(aid: str, at: str, side: str = "crew", **stats: Any) -> dict[str, Any]:
    return {"id": aid, "side": side, "at": at, "stats": stats}


def session(
    actors: Sequence[Mapping[str, Any]],
    *,
    zones: Sequence[Mapping[str, Any]] | None = None,
    links: Sequence[Any] | None = None,
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    seed: int = 5,
) -> Session[Any]:
    """A fresh session of an encounter written as JSON (which is YAML 1.2 too)."""
    data: dict[str, Any] = {
        "footwork": 1,
        "ruleset": "cultivation",
        "seed": seed,
        "map": {
            "zones": list(ROW if zones is None else zones),
            "links": list(ROW_LINKS if links is None and zones is None else (links or [])),
        },
        "actors": list(actors),
    }
    if options is not None:
        data["options"] = dict(options)
    if order is not None:
        data["order"] = list(order)
    return encounter_from_text(json.dumps(data), "inline.json").session()


def end_turns(s: Session[Any], *actors: str) -> None:
    for a in actors:
        s.do({"do": "end_turn", "actor": a})


def at(s: Session[Any], aid: str) -> str:
    return str(s.state.actors[aid].at)


def a(s: Session[Any], aid: str) -> Any:
    return s.state.actors[aid]
