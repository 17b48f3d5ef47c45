"""Small builders for inline `spans` encounters, shared by the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from footwork.engine import Session

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


def session(
    actors: Sequence[Mapping[str, Any]],
    *,
    spans: Sequence[Mapping[str, Any]] | None = None,
    links: Sequence[Any] | None = None,
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    seed: int = 5,
) -> Session[Any]:
    """A fresh session of an inline encounter (on YARD unless the map is given)."""
    map_data = {
        "spans": list(YARD if spans is None else spans),
        "links": list(YARD_LINKS if links is None and spans is None else (links or [])),
    }
    return inline_session(inline_data("spans", map_data, actors, options=options, order=order,
                                      seed=seed))
