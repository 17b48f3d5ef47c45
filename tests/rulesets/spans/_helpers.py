"""Small builders for inline `spans` encounters, shared by the rule-by-rule tests."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from footwork.engine import Session
from footwork.scenario import encounter_from_text

from ...support import cited, of_type, refused, types

__all__ = ["cited", "of_type", "refused", "types"]

#: A yard with one feature of each kind, a street beside it (soft ground), a ledge two
#: storeys up with no stairs, a roof one storey up reached by stairs, a pond, and the
#: Skysea below the yard's edge.
YARD: list[dict[str, Any]] = [
    {
        "id": "yard",
        "surface": "hard",
        "features": [
            {"id": "crates", "kind": "cover"},
            {"id": "door", "kind": "threshold", "guards": ["street"]},
            {"id": "tower", "kind": "on_high", "height": 2, "access": "climb"},
            {"id": "steps", "kind": "on_high", "height": 1, "access": "run"},
        ],
    },
    {"id": "street", "surface": "soft", "features": [{"id": "awning", "kind": "cover"}]},
    {"id": "ledge", "ground": 2, "surface": "hard"},
    {"id": "roof", "ground": 1, "surface": "hard"},
    {"id": "pond", "surface": "water"},
    {"id": "far", "surface": "hard"},
    {"id": "sky", "ground": -4, "surface": "skysea"},
]
YARD_LINKS: list[Any] = [
    ["yard", "street"],
    ["yard", "ledge"],
    {"a": "yard", "b": "roof", "stairs": True},
    ["street", "pond"],
    ["street", "far"],
    ["yard", "sky"],
    ["ledge", "sky"],
]


def actor(aid: str, at: str, side: str = "crew", **stats: Any) -> dict[str, Any]:
    return {"id": aid, "side": side, "at": at, "stats": stats}


def session(
    actors: Sequence[Mapping[str, Any]],
    *,
    spans: Sequence[Mapping[str, Any]] | None = None,
    links: Sequence[Any] | None = None,
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    seed: int = 5,
) -> Session[Any]:
    """A fresh session of an encounter written as JSON (which is YAML 1.2 too)."""
    data: dict[str, Any] = {
        "footwork": 1,
        "ruleset": "spans",
        "seed": seed,
        "map": {
            "spans": list(YARD if spans is None else spans),
            "links": list(YARD_LINKS if links is None and spans is None else (links or [])),
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
