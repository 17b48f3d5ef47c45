"""An imported floor plan (:mod:`footwork.space.floorplan`) as an `allowances` map: a grid in
metres (:class:`~footwork.rulesets.allowances.model.AllowancesMapSpec`); see docs/import.md."""

from __future__ import annotations

from footwork.rulesets.allowances.model import AllowancesMapSpec
from footwork.space.floorgrid import GridSizes, Section, grid_section
from footwork.space.floorplan import FloorPlan

#: one square of a battle map, in metres (five feet), when the game master gives no --cell
SQUARE = 1.5
#: cells a square: 0.75 m cells
PER_SQUARE = 2
#: walls reach well above a jump or a climb of one turn
WALL_HEIGHT = 10.0
#: a pillar or crate: over head height
OBJECT_HEIGHT = 2.0


def sizes(square: float | None = None, per_square: int | None = None, *,
          objects_passable: bool = False) -> GridSizes:
    return GridSizes(square or SQUARE, per_square or PER_SQUARE, WALL_HEIGHT, OBJECT_HEIGHT,
                     objects_passable)


def map_section(plan: FloorPlan, grid: GridSizes) -> Section:
    """The `map` of an `allowances` encounter; the section is checked by the ruleset's map
    model (a bad size is refused there, with the model's own message)."""
    section = grid_section(plan, grid, "m")
    AllowancesMapSpec.model_validate(section.map)
    return section
