"""An imported floor plan (:mod:`footwork.space.floorplan`) as a `cultivation` map:
rooms become zones, doors links (:mod:`footwork.space.floorgraph`); see docs/import.md."""

from __future__ import annotations

from typing import Any

from footwork.errors import ScenarioError
from footwork.rulesets.cultivation.model import CultivationMapSpec
from footwork.space.floorgraph import graph_rooms
from footwork.space.floorplan import Choices, FloorPlan, Section

#: one square of a battle map, in metres (five feet), when the game master gives no --cell
SQUARE = 1.5
#: the longest a zone is before it is cut: the Storyteller sizes zones (R000-20, a 5 m
#: cube by default); a room up to 10 m stays one zone
ZONE_M = 10.0


def build(plan: FloorPlan, choices: Choices) -> Section:
    m = choices.square or SQUARE
    rooms = graph_rooms(plan, m, ZONE_M, kind="zone")
    if not rooms.places:
        raise ScenarioError("no room with a door found; expected a map with rooms", path="map")
    section: dict[str, Any] = {
        "zones": [{"id": pid, "pos": list(pos), "size_m": size}
                  for pid, pos, size in rooms.places],
        "links": [list(link) for link in rooms.links],
    }
    CultivationMapSpec.model_validate(section)
    notes = (*rooms.notes, "each zone's size_m is its room's longer side (R000-20: the "
             "Storyteller's call); no zone has Difficult Terrain, water or a height yet")
    return Section(section, notes, m, pictured=False)
