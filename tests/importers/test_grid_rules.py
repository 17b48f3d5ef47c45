"""The rules on an imported map, for the grid rulesets (`styles`, `allowances`): walls
stop a step, a door lets it through, a diagonal never slips past a wall's corner."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine.seats import Seat
from footwork.importers import read_map
from footwork.rulesets.allowances import floorplan as allowances_plan
from footwork.rulesets.styles import floorplan as styles_plan
from footwork.space.floorplan import FLOOR, Choices, Raster
from tests.importers.maps import cave, dumps, dungeondraft, foundry
from tests.support import actor, inline_data, inline_session

BUILDERS: dict[str, Any] = {"styles": styles_plan, "allowances": allowances_plan}


def _session(ruleset: str, doc: dict[str, Any], at: str,
             stats: dict[str, Any] | None = None) -> tuple[Any, Raster]:
    plan = read_map(dumps(doc), "map.json")
    module = BUILDERS[ruleset]
    section = module.build(plan, Choices())
    assert section.raster is not None
    if stats is None:
        stats = {} if ruleset == "styles" else {"scores": {"Overland": 4}}
    data = inline_data(ruleset, section.map, [actor("ada", at, **stats)])
    return inline_session(data), section.raster


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_the_door_lets_a_step_through_and_the_wall_beside_it_does_not(ruleset: str) -> None:
    # one cell a square (the default): the west room's east wall is x = 5, the edge
    # between columns 4 and 5; the door spans y 3..4 (row 3); ada stands inside the room
    # beside it (R001-26 Walk, R002-01 Overland: one step each way)
    s, raster = _session(ruleset, dungeondraft(), "3,4")
    assert raster.marks[2, 5] == FLOOR and raster.marks[2, 4] == FLOOR  # no wall cells
    opts = s.options("ada")
    assert opts.find("3,5") is not None  # through the door, into the corridor
    # across the wall: as near as the corridor, out of reach (the diagonal passes the
    # door's end, and the way round is far outside)
    assert opts.find("2,5") is None
    assert opts.find("4,5") is None
    assert opts.find("2,4") is not None  # the same distance inside the room
    s2, _ = _session(ruleset, dungeondraft(), "1,4")
    assert s2.options("ada").find("1,5") is None  # straight across the wall


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_a_diagonal_cannot_cross_a_diagonal_wall(ruleset: str) -> None:
    # the east room's north-east corner is cut by a wall from (10, 1) to (11, 2), through
    # cell (1, 10), which falls outside the room; ada stands inside below it
    s, _ = _session(ruleset, dungeondraft(), "2,10")
    opts = s.options("ada")
    assert opts.find("1,9") is not None  # inside: round by (2, 9), never diagonally
    for outside in ("1,10", "0,10", "1,11"):
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
    # the secret door (x = 4, y 2..3) is the edge between (2, 3) and (2, 4)
    # a Half Walk (2u, two 1u cells, R001-11): the way round by the one-way wall below
    # is three steps
    s, _ = _session("styles", foundry(), "2,3", {"styles": ["Half Walk"]})
    gm = s.view(Seat.parse("gm")).space_json(s.state)
    assert {"between": [[2, 3], [2, 4]], "kind": "secret_door"} in gm["grid"]["edges"]  # type: ignore[index, operator]
    players = s.view(Seat.parse("players")).space_json(s.state)
    edges = players["grid"]["edges"]  # type: ignore[index]
    assert {"between": [[2, 3], [2, 4]], "kind": "wall"} in edges  # type: ignore[operator]
    assert "secret" not in str(players)
    assert s.options("ada").find("2,4") is None  # a wall for everyone until made a door


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_the_foundry_one_way_wall_passes_one_way_and_the_window_none(ruleset: str) -> None:
    # the one-way wall x = 4, y 3..5 (rows 3, 4); the window y = 5, x 2..3 (the room's
    # south wall, the edge between (4, 2) and (5, 2))
    s, _ = _session(ruleset, foundry(), "4,2")
    assert s.options("ada").find("5,2") is None
    one_way = {(e["between"][0][0], e["from"][1]) for e in s.view(Seat.parse("gm"))
               .space_json(s.state)["grid"]["edges"]  # type: ignore[index, union-attr]
               if e["kind"] == "one_way"}  # type: ignore[index]
    assert len(one_way) == 2 and len({c for _, c in one_way}) == 1
    side = one_way.pop()[1]
    west, east = _session(ruleset, foundry(), "3,3")[0], _session(ruleset, foundry(), "3,4")[0]
    crossing = (west if side == 3 else east).options("ada").find("3,4" if side == 3 else "3,3")
    blocked = (east if side == 3 else west).options("ada").find("3,3" if side == 3 else "3,4")
    assert crossing is not None and blocked is None


def test_a_wall_along_a_grid_line_separates_the_cells_the_general_test_finds() -> None:
    """The straight walls' shortcut (no arrays) finds the same sides as the general
    segment test, ends, map borders and walls through cell centres included."""
    import random

    from footwork.space import floorgrid

    rng = random.Random(7)
    for _ in range(400):
        shape = (rng.randint(1, 9), rng.randint(1, 9))
        at = rng.choice([rng.randint(-2, 11) + 0.001, rng.uniform(-2, 11),
                         rng.randint(0, 9) + 0.5])
        lo, hi = rng.uniform(-2, 11), rng.uniform(-2, 11)
        for a, b in (((at, lo), (at, hi)), ((lo, at), (hi, at))):
            want = floorgrid._crossed_any(a, b, shape)
            got = floorgrid._crossed_straight(a, b, shape)
            assert (sorted(got[0]), sorted(got[1])) == (sorted(want[0]), sorted(want[1]))
