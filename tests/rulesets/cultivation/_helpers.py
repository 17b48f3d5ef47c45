"""Small builders for inline `cultivation` encounters, shared by the rule-by-rule tests."""

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

#: A row of plain zones a - b - c - d, and a rubble zone r (DT 15) beside b.
ROW: list[dict[str, Any]] = [{"id": z} for z in "abcd"] + [{"id": "r", "dt": 15}]
ROW_LINKS: list[Any] = [["a", "b"], ["b", "c"], ["c", "d"], ["b", "r"], ["r", "d"]]


def session(
    actors: Sequence[Mapping[str, Any]],
    *,
    zones: Sequence[Mapping[str, Any]] | None = None,
    links: Sequence[Any] | None = None,
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    seed: int = 5,
) -> Session[Any]:
    """A fresh session of an inline encounter (on ROW unless the map is given)."""
    map_data = {
        "zones": list(ROW if zones is None else zones),
        "links": list(ROW_LINKS if links is None and zones is None else (links or [])),
    }
    return inline_session(inline_data("cultivation", map_data, actors, options=options, order=order,
                                      seed=seed))


def at(s: Session[Any], aid: str) -> str:
    return str(s.state.actors[aid].at)


def a(s: Session[Any], aid: str) -> Any:
    return s.state.actors[aid]
