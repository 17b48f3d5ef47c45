"""An imported floor plan (:mod:`footwork.space.floorplan`) as a `styles` map: a grid in
u (:class:`~footwork.rulesets.styles.model.StylesMapSpec`); see docs/import.md."""

from __future__ import annotations

from footwork.rulesets.styles.model import StylesMapSpec
from footwork.space.floorgrid import GridSizes, grid_section
from footwork.space.floorplan import Choices, FloorPlan, Section

#: one square of a battle map, in u, when the game master gives no --cell
SQUARE = 1.0
#: cells a square: walls are edges between cells and take no floor, so one is enough
PER_SQUARE = 1
#: walls reach well above a jump or a climb of one turn
WALL_HEIGHT = 10.0
#: a pillar or crate: over head height
OBJECT_HEIGHT = 2.0


DEFAULTS = GridSizes(SQUARE, PER_SQUARE, WALL_HEIGHT, OBJECT_HEIGHT)


def build(plan: FloorPlan, choices: Choices) -> Section:
    """The `map` section; checked by the ruleset's own map model (a size it refuses is
    refused with the model's message)."""
    section = grid_section(plan, GridSizes.chosen(choices, DEFAULTS), "u")
    StylesMapSpec.model_validate(section.map)
    return section
