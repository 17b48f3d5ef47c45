"""The rules on an imported map, for the grid rulesets (`styles`, `allowances`): walls
stop a step, a door lets it through, a diagonal never slips past a wall's corner."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine.seats import Seat
from footwork.importers import read_map
from footwork.rulesets.allowances import floorplan as allowances_plan
from footwork.rulesets.styles import floorplan as styles_plan
from footwork.space.floorplan import FLOOR, SECRET, Choices, Raster
from tests.importers.maps import cave, dumps, dungeondraft, foundry
from tests.support import actor, inline_data, inline_session

BUILDERS: dict[str, Any] = {"styles": styles_plan, "allowances": allowances_plan}


def _session(ruleset: str, doc: dict[str, Any], at: str) -> tuple[Any, Raster]:
    plan = read_map(dumps(doc), "map.json")
    module = BUILDERS[ruleset]
    section = module.build(plan, Choices())
    assert section.raster is not None
    stats = {} if ruleset == "styles" else {"scores": {"Overland": 4}}
    data = inline_data(ruleset, section.map, [actor("ada", at, **stats)])
    return inline_session(data), section.raster


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_the_door_lets_a_step_through_and_the_wall_beside_it_does_not(ruleset: str) -> None:
    # west room's east wall is x = 5: column 10 at two cells a square; the door spans
    # y 3..4 (rows 6 and 7); ada stands inside the room beside it
    s, raster = _session(ruleset, dungeondraft(), "7,9")
    assert raster.marks[7, 11] == FLOOR and raster.marks[4, 11] == FLOOR
    opts = s.options("ada")
    assert opts.find("7,11") is not None  # through the door, into the corridor
    # the floor across the wall is as near as the corridor, and out of reach
    assert opts.find("4,11") is None
    assert opts.find("4,9") is not None  # the same distance inside the room


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_a_diagonal_cannot_cross_a_diagonal_wall(ruleset: str) -> None:
    # the east room's north-east corner is cut by a wall from (10, 1) to (11, 2): ada
    # stands inside it; the floor just beyond it is a diagonal step or two away
    s, raster = _session(ruleset, dungeondraft(), "4,21")
    assert raster.marks[2, 22] == FLOOR and raster.marks[3, 23] == FLOOR
    opts = s.options("ada")
    assert opts.find("3,20") is not None  # inside: a diagonal step
    for outside in ("2,22", "3,23", "1,21"):
        assert opts.find(outside) is None


@pytest.mark.parametrize("doc", [dungeondraft(), foundry(), cave()],
                         ids=["dungeondraft", "foundry", "cave"])
def test_no_two_wall_cells_meet_only_at_a_corner(doc: dict[str, Any]) -> None:
    """Walls are 4-connected chains: no diagonal step between two floor cells has a
    blocked cell on both sides, so no ruleset's corner rule is needed to stop it."""
    raster = styles_plan.build(read_map(dumps(doc), "m.json"), Choices()).raster

    assert raster is not None
    free = raster.marks == FLOOR
    a, b = free[:-1, :-1] & free[1:, 1:], free[:-1, 1:] & free[1:, :-1]
    shut = ~free[:-1, 1:] & ~free[1:, :-1]
    shut2 = ~free[:-1, :-1] & ~free[1:, 1:]
    assert not (a & shut).any() and not (b & shut2).any()


def test_a_secret_door_is_wall_to_the_players_and_nothing_marks_it() -> None:
    s, raster = _session("styles", foundry(), "6,6")
    # the secret door (x = 4, y 2..3: column 8, rows 4 and 5) is wall like its neighbours
    assert raster.marks[4, 8] == SECRET
    players = s.view(Seat.parse("players")).space_json(s.state)
    surface = players["grid"]["surface"]  # type: ignore[index]
    assert surface[4][8] == surface[3][8] == "#"
    tags = players["grid"]["tags"]  # type: ignore[index]
    assert "secret" not in str(players)
    assert not any([4, 8] in cells for cells in tags.values())
    assert s.options("ada").find("4,9") is None
