"""Where a spot named on its zone's outline is taken (``move.spots_off_edges``, our default
where the text leaves exact positions open): 1 cm inside, whatever lies beyond the edge,
unless it is on a way out (R004-02, R004-17, R004-18, A004-16)."""

from __future__ import annotations

from typing import Any

from footwork.engine.state import fast_replace
from footwork.engine.view import UNKNOWN_PLACES
from footwork.rulesets.sitemaps.pipeline import zone_holding

from ._helpers import actor, move, refused, session

OFF = {"move": {"spots_off_edges": False}}


def point(s: Any, who: str = "ada") -> tuple[float, float]:
    p = s.state.actors[who].point
    return (p[0], p[1])


def test_a_spot_on_the_edge_of_the_map_is_taken_1_cm_inside_R004_17() -> None:
    """R004-17: a spot on r0's bottom edge, with nothing beyond, and one 3 mm from its
    corner, each land 1 cm inside (the corner's spot 1 cm from both sides)."""
    s = session([actor("ada", "r0", [1, 2])])
    move(s, "ada", "r0", [3, 0])
    assert point(s) == (3.0, 0.01)
    move(s, "ada", "r0", [0.003, 3.998])
    assert point(s) == (0.01, 3.99)


def test_a_spot_on_a_closed_border_is_taken_inside_its_zone_R004_18() -> None:
    """R004-18, A004-16: a spot on the closed part of r0's border with r1 (beside the
    doorway) is no longer inside the wall drawn there: it lands 1 cm inside the zone
    the move names, on either side of the border."""
    s = session([actor("ada", "r0", [1, 2])])
    move(s, "ada", "r0", [6, 3.5])
    assert point(s) == (5.99, 3.5)
    move(s, "ada", "r1", [6, 0.5])
    assert point(s) == (6.01, 0.5)


def test_a_spot_in_a_doorway_or_at_a_take_off_stays_where_it_is_named_R004_17() -> None:
    """R004-17, A004-16: a way out the mover's map knows has no wall to keep clear of: a
    spot in r0's doorway to r1 and a gap's take-off point on the edge stay exact."""
    s = session([actor("ada", "r0", [1, 2])])
    move(s, "ada", "r1", [6, 2])
    assert point(s) == (6.0, 2.0)
    zones = [{"id": "ledge", "rect": [0, 0, 4, 4]}, {"id": "roof", "rect": [7, 0, 4, 4]}]
    gaps = [{"between": ["ledge", "roof"], "from": [4, 2], "to": [7, 2]}]
    s = session([actor("ada", "ledge", [1, 2])], zones=zones, openings=[], gaps=gaps)
    move(s, "ada", "ledge", [4, 2])
    assert point(s) == (4.0, 2.0)


def test_with_the_option_off_a_spot_stays_as_named_R004_18() -> None:
    """``move.spots_off_edges: false``: the edge's spot stays on the edge, and the spot on
    the closed border is refused as inside its wall (R004-18)."""
    s = session([actor("ada", "r0", [1, 2])], options=OFF)
    move(s, "ada", "r0", [3, 0])
    assert point(s) == (3.0, 0.0)
    refused(s, {"do": "move", "actor": "ada", "to": "r0", "at": [6, 3.5]}, "in_a_wall",
            "R004-18")


def test_a_spot_outside_its_zone_is_still_refused_R004_17() -> None:
    """R004-17: only a spot in the zone or on its outline is moved; 5 mm outside the
    map's edge is not in the zone."""
    s = session([actor("ada", "r0", [1, 2])])
    refused(s, {"do": "move", "actor": "ada", "to": "r0", "at": [3, -0.005]},
            "not_in_zone", "R004-17")


def test_a_placement_is_judged_on_the_map_as_the_seat_knows_it_R004_02_A004_05() -> None:
    """R004-02, A004-05: where a pinner's or rescuer's placement lies is judged on the
    seat's map: a point on the hall's border with the cellar hidden from the seat is in
    the hall (the cellar declared first, the whole map puts it there), and a point inside
    the cellar is in no zone, as on a map without it."""
    zones = [{"id": "cellar", "rect": [0, 4, 6, 3], "revealed": False},
             {"id": "hall", "rect": [0, 0, 6, 4]}]
    s = session([actor("ada", "hall", [3, 2])], zones=zones, openings=[])
    whole = s.state
    seat = fast_replace(whole, world={**whole.world, UNKNOWN_PLACES: frozenset({"cellar"})})
    assert zone_holding(whole, (2, 4), 0) == "cellar"
    assert zone_holding(seat, (2, 4), 0) == "hall"
    assert zone_holding(whole, (2, 5), 0) == "cellar"
    assert zone_holding(seat, (2, 5), 0) is None
    assert zone_holding(seat, (2, 3), 0) == "hall"
