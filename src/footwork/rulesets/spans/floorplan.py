"""An imported floor plan (:mod:`footwork.space.floorplan`) as a `spans` map: rooms
become spans, doors links (:mod:`footwork.space.floorgraph`); see docs/import.md."""

from __future__ import annotations

from typing import Any

from footwork.errors import ScenarioError
from footwork.rulesets.spans.model import SpansMapSpec
from footwork.space.floorgraph import graph_rooms
from footwork.space.floorplan import Choices, FloorPlan, Section

#: one square of a battle map, in metres (five feet), when the game master gives no --cell
SQUARE = 1.5
#: the longest a span is before it is cut: the text leaves a span's size to the table
#: (R003-10); 6 m keeps a room a short run across
SPAN_M = 6.0


def build(plan: FloorPlan, choices: Choices) -> Section:
    m = choices.square or SQUARE
    rooms = graph_rooms(plan, m, SPAN_M, kind="span")
    if not rooms.places:
        raise ScenarioError("no room with a door found; expected a map with rooms", path="map")
    section: dict[str, Any] = {
        "spans": [{"id": pid, "pos": list(pos)} for pid, pos, _ in rooms.places],
        "links": [list(link) for link in rooms.links],
    }
    SpansMapSpec.model_validate(section)
    notes = (*rooms.notes, "every span is ground 0 with a hard surface and no features "
             "(cover, thresholds): add them by hand")
    return Section(section, notes, m, pictured=False)
