"""Small builders for inline `allowances` encounters, shared by the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from footwork.engine import Session
from footwork.engine.events import Event

from ...support import actor, cited, inline_data, inline_session, of_type, refused, types

__all__ = ["cited", "of_type", "refused", "types"]

LEGEND: dict[str, dict[str, Any]] = {
    ".": {"surface": "floor"},
    "#": {"surface": "wall", "elevation": 4},
    "^": {"surface": "floor", "elevation": 2},
    "_": {"surface": "void"},
    "~": {"surface": "water", "water_depth": 4},
    "R": {"surface": "floor", "tags": ["rock"]},
    "l": {"surface": "floor", "tags": ["low_cover"]},
    "h": {"surface": "floor", "tags": ["high_cover"]},
}

#: an open field, 3 rows by 12 columns, 1 m cells
FIELD = ["............"] * 3
#: a shore (cols 0-3) and a lake 4 m deep (cols 4-11)
LAKE = ["....~~~~~~~~"] * 3


#: a creature of an inline encounter
creature = actor


def session(actors: Sequence[Mapping[str, Any]], *, rows: Sequence[str] | None = None,
            legend: Mapping[str, Any] | None = None,
            options: Mapping[str, Any] | None = None, seed: int = 5) -> Session[Any]:
    map_data = {"cell_size": 1, "unit": "m", "rows": list(FIELD if rows is None else rows),
                "legend": dict(LEGEND if legend is None else legend)}
    return inline_session(inline_data("allowances", map_data, actors, options=options,
                                      seed=seed))


def who(s: Session[Any], aid: str) -> dict[str, Any]:
    body: dict[str, Any] = s.to_json(log=False)["actors"][aid]  # type: ignore[index]
    return body


def do(s: Session[Any], do: str, actor: str, **fields: Any) -> tuple[Event, ...]:
    return s.do({"do": do, "actor": actor, **fields})


def answer(s: Session[Any], choice: str) -> tuple[Event, ...]:
    return s.do({"answer": choice})


def end_round(s: Session[Any]) -> tuple[Event, ...]:
    out: list[Event] = []
    start = s.state.round
    while s.state.round == start:
        out += s.do({"do": "end_turn", "actor": s.state.current})
    return tuple(out)
