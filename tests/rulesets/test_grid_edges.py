"""Edges between grid cells (map data) on both grid rulesets: a step of any Movement
Style / Type that crosses a wall edge is refused, a door lets it through, a diagonal never
passes a corner a wall touches, a one-way wall is crossed from one side only, and a
current does not carry a swimmer through a wall."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine import Session
from tests.support import actor, inline_data, inline_session

# a 3×4 floor; a wall runs down between columns 1 and 2 except for a door in row 1
#   . . | . .
#   . . D . .
#   . . | . .
WALLED = [
    {"between": [[0, 1], [0, 2]], "kind": "wall"},
    {"between": [[1, 1], [1, 2]], "kind": "door"},
    {"between": [[2, 1], [2, 2]], "kind": "window"},
]
#: one step's worth: a Half Walk of 2u on 2u cells (R001-11, R001-26; under the `one`
#: diagonal option a diagonal is one cell, A001-17), an Overland Score of 1.5 m under the
#: euclidean metric (R002-01, A002-16: a diagonal is 1.41 m, two orthogonal steps 2 m)
ONE_STEP: dict[str, dict[str, Any]] = {
    "styles": {"styles": ["Half Walk"]},
    "allowances": {"scores": {"Overland": 1.5}},
}
#: a whole turn: the level-1 template's Walk 4, Half Jump 2, Half Swim 2 (A001-05) and
#: Overland, Flight (skimming across at floor height, R002-04) and Climb of 6 m
WHOLE_TURN: dict[str, dict[str, Any]] = {
    "styles": {},
    "allowances": {"scores": {"Overland": 6, "Flight": 6, "Climb": 6}},
}
OPTIONS: dict[str, dict[str, Any] | None] = {
    "styles": {"move": {"diagonal": "one"}},
    "allowances": {"distance": {"metric": "euclidean"}}}


def _session(ruleset: str, edges: list[dict[str, Any]], at: str,
             stats: dict[str, dict[str, Any]]) -> Session[Any]:
    unit, side = ("u", 2) if ruleset == "styles" else ("m", 1)
    data = inline_data(ruleset, {"cell_size": side, "unit": unit,
                                 "rows": ["....", "....", "...."], "edges": edges},
                       [actor("ada", at, **stats[ruleset])], options=OPTIONS[ruleset])
    return inline_session(data)


def _reached(s: Session[Any], cell: str) -> bool:
    return s.options("ada").find(cell) is not None


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_one_step_goes_through_the_door_not_across_the_wall_or_its_corner(
        ruleset: str) -> None:
    s = _session(ruleset, WALLED, "1,1", ONE_STEP)
    assert _reached(s, "1,2")  # through the door
    assert _reached(s, "0,1") and _reached(s, "2,0")  # the open floor around
    # the diagonals pass the ends of the wall and of the window: refused
    assert not _reached(s, "0,2")
    assert not _reached(s, "2,2")
    # and straight across the wall or the window from beside them
    assert not _reached(_session(ruleset, WALLED, "0,1", ONE_STEP), "0,2")
    assert not _reached(_session(ruleset, WALLED, "2,1", ONE_STEP), "2,2")
    # without the edges every one of them is a step
    open_map = _session(ruleset, [], "1,1", ONE_STEP)
    assert _reached(open_map, "0,2") and _reached(open_map, "2,2")


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_no_style_or_type_crosses_a_closed_wall_in_a_whole_turn(ruleset: str) -> None:
    closed = [{**e, "kind": "wall"} for e in WALLED]
    s = _session(ruleset, closed, "1,1", WHOLE_TURN)
    for cell in ("0,2", "1,2", "2,2", "1,3", "0,3"):
        assert not _reached(s, cell), cell
    assert _reached(s, "2,0")  # the west side is open
    assert _reached(_session(ruleset, WALLED, "1,1", WHOLE_TURN), "0,3")  # by the door


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_a_one_way_wall_is_crossed_from_its_open_side_only(ruleset: str) -> None:
    # a one-way wall the whole height of the map between columns 1 and 2, crossed from the
    # west only
    edges = [{"between": [[r, 1], [r, 2]], "kind": "one_way", "from": [r, 1]}
             for r in range(3)]
    assert _reached(_session(ruleset, edges, "1,1", ONE_STEP), "1,2")
    east = _session(ruleset, edges, "1,2", WHOLE_TURN)
    for cell in ("1,1", "0,1", "2,1", "1,0"):
        assert not _reached(east, cell), cell


def test_a_current_does_not_carry_a_swimmer_through_a_wall() -> None:
    """R001-35, A001-20: a halted swimmer drifts with the current, cell by cell; a wall
    edge across the water holds them where it stands."""
    legend = {"~": {"surface": "water", "water_depth": 3, "current": "E",
                    "current_speed": 4}}

    def drifted(edges: list[dict[str, Any]]) -> tuple[int, int]:
        data = inline_data("styles", {"rows": ["~~~~~"], "legend": legend, "edges": edges},
                           [actor("ada", "0,0", styles=["Swim"])])
        s = inline_session(data)
        s.do({"do": "end_turn", "actor": "ada"})
        a = s.state.actors["ada"]
        return a.row, a.col

    assert drifted([])[1] > 2
    assert drifted([{"between": [[0, 1], [0, 2]]}]) == (0, 1)


@pytest.mark.parametrize("ruleset", ["styles", "allowances"])
def test_the_gm_reveals_a_secret_door_and_it_lets_steps_through(ruleset: str) -> None:
    """A secret door is a wall for everyone, shown to players as a wall, until the game
    master reveals it (map data: `reveal`); then it is a door (R001-26 a Walk step,
    R002-01 an Overland one). Undo shuts it again; the event survives JSON."""
    from footwork.engine.events import event_from_json, event_to_json
    from footwork.engine.seats import Seat
    from footwork.errors import IllegalCommand

    edges = [{"between": [[r, 1], [r, 2]], "kind": "wall"} for r in (0, 2)]
    edges.append({"between": [[1, 1], [1, 2]], "kind": "secret_door"})
    s = _session(ruleset, edges, "1,1", ONE_STEP)
    assert not _reached(s, "1,2")
    assert "secret" not in str(s.view(Seat.parse("players")).space_json(s.state))
    with pytest.raises(IllegalCommand, match="only the game master"):
        s.do({"do": "reveal", "actor": "ada", "between": [[1, 1], [1, 2]]})
    with pytest.raises(IllegalCommand, match="no secret door between 0,1 and 0,2"):
        s.do({"do": "reveal", "actor": "gm", "between": [[0, 1], [0, 2]]})
    assert not _reached(s, "1,2")  # the refusals changed nothing
    (event,) = s.do({"do": "reveal", "actor": "gm", "between": [[1, 1], [1, 2]]})
    assert event_from_json(event_to_json(event), {"door_revealed": type(event)}) == event
    assert _reached(s, "1,2")
    seen = s.view(Seat.parse("players")).space_json(s.state)
    assert {"between": [[1, 1], [1, 2]], "kind": "door"} in seen["grid"]["edges"]  # type: ignore[index, operator]
    s.undo()
    assert not _reached(s, "1,2")
