"""The site map, positions, occupancy, range categories and revealing zones
(R004-01..12, R004-02; A004-06, A004-07, A004-08, A004-17)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.rulesets.sitemaps import SitemapsRuleset
from footwork.rulesets.sitemaps.ruleset import range_category
from footwork.scenario import encounter_from_text

from ._helpers import actor, encounter_data, move, of_type, refused, session, types

# -- the site map ------------------------------------------------------------------------


def test_a_site_map_is_a_set_of_zones_joined_by_openings_R004_01() -> None:
    """R004-01: the scene is a site map of zones; the zone graph follows the openings."""
    s = session([actor("ada", "r0", [3, 2])])
    m = s.state.space
    assert set(m.specs) == {f"r{i}" for i in range(6)}
    assert m.geometry.neighbours("r0") == ("r1",)
    assert set(m.geometry.neighbours("r2")) == {"r1", "r3"}
    assert m.zone_at((3, 2), 0) == "r0" and m.zone_at((33, 2), 0) == "r5"
    assert m.zone_at((40, 2), 0) is None


def test_a_zone_is_one_floor_tall_R004_04() -> None:
    """R004-04: a zone is 2 to 3 m tall (2.5 by default); anything else is refused."""
    s = session([actor("ada", "r0", [3, 2])])
    assert s.state.space.specs["r0"].height_m == 2.5
    zones: list[dict[str, Any]] = [{"id": "hall", "rect": [0, 0, 6, 4], "height_m": 3}]
    assert session([actor("ada", "hall")], zones=zones).state.space.specs["hall"].height_m == 3
    with pytest.raises(Exception, match="height_m"):
        session([actor("ada", "hall")], zones=[{"id": "hall", "rect": [0, 0, 6, 4],
                                                "height_m": 4}])


def test_a_zone_longer_than_10_m_is_a_warning_R004_03() -> None:
    """R004-03: a zone longer than 10 m loads, with a warning naming the zone and its size;
    `large: true` silences it."""
    zones: list[dict[str, Any]] = [{"id": "hall", "rect": [0, 0, 12, 4]},
                                   {"id": "nook", "rect": [12, 0, 4, 4]}]
    data = encounter_data([actor("ada", "hall")], zones=zones, openings=[])
    enc = encounter_from_text(json.dumps(data), "hall.json")
    assert len(enc.warnings) == 1
    (warning,) = enc.warnings
    assert "hall" in warning and "12.0 m" in warning and "R004-03" in warning
    assert "map.zones[0]" in warning
    zones[0]["large"] = True
    enc = encounter_from_text(json.dumps(data | {"map": {"zones": zones}}), "hall.json")
    assert enc.warnings == ()


def test_the_10_m_guideline_is_an_option_R004_03() -> None:
    """R004-03: `zones.max_dimension_m` moves the guideline; 10 m exactly is fine."""
    zones = [{"id": "hall", "rect": [0, 0, 10, 4]}]
    data = encounter_data([actor("ada", "hall")], zones=zones, openings=[])
    assert encounter_from_text(json.dumps(data), "a.json").warnings == ()
    data["options"] = {"zones": {"max_dimension_m": 8}}
    assert len(encounter_from_text(json.dumps(data), "a.json").warnings) == 1


# -- positions ---------------------------------------------------------------------------


def test_each_character_has_a_zone_and_an_exact_point_R004_05() -> None:
    """R004-05: a character is at an exact point of its zone; left out, footwork puts it
    on a free spot of its zone; the state JSON shows both."""
    s = session([actor("ada", "r0", [1.5, 2.5]), actor("bo", "r1")])
    ada, bo = s.state.actors["ada"], s.state.actors["bo"]
    assert (ada.at, ada.point) == ("r0", (1.5, 2.5))
    assert bo.at == "r1" and s.state.space.zone_at(bo.point, 0) == "r1"
    body = s.to_json()
    assert body["actors"]["ada"]["point"] == [1.5, 2.5]
    assert body["actors"]["ada"]["floor"] == 0


# -- occupancy ---------------------------------------------------------------------------


def test_capacity_defaults_to_floor_area_over_4_R004_06_A004_07() -> None:
    """R004-06, A004-07: a zone holds floor(area / 4) characters unless the GM says;
    `zones.area_per_character_m2` changes the helper."""
    zones = [{"id": "big", "rect": [0, 0, 6, 4]}, {"id": "odd", "rect": [6, 0, 3, 3]},
             {"id": "set", "rect": [9, 0, 3, 3], "capacity": 1}]
    s = session([actor("ada", "big")], zones=zones, openings=[])
    assert s.state.space.capacity == {"big": 6, "odd": 2, "set": 1}
    s = session([actor("ada", "big")], zones=zones, openings=[],
                options={"zones": {"area_per_character_m2": 8}})
    assert s.state.space.capacity == {"big": 3, "odd": 1, "set": 1}
    assert s.to_json()["actors"]["ada"]["at"] == "big"


def test_a_footprint_is_a_2_m_circle_R004_07() -> None:
    """R004-07: two characters may not stand closer than 2 m (centre to centre)."""
    s = session([actor("ada", "r0", [1, 2]), actor("bo", "r1", [9, 2])])
    err = refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [7.5, 2]}, "occupied",
                  "R004-07", "A004-06")
    assert "bo" in err.detail and "(7.5, 2)" in err.detail
    move(s, "ada", "r1", [7, 2])  # exactly 2 m: the circles touch, they do not overlap
    assert s.state.actors["ada"].point == (7.0, 2.0)


def test_the_footprint_is_an_option_R004_07() -> None:
    """R004-07: `move.footprint_m` sets the circle's diameter."""
    s = session([actor("ada", "r0", [1, 2]), actor("bo", "r1", [9, 2])],
                options={"move": {"footprint_m": 1}})
    move(s, "ada", "r1", [8, 2])
    assert s.state.actors["ada"].at == "r1"


def test_a_full_zone_may_be_crossed_but_not_stopped_in_R004_08_A004_06() -> None:
    """R004-08, A004-06: a mover passes through a full zone but cannot end there."""
    zones = [{"id": "a", "rect": [0, 0, 4, 4]}, {"id": "mid", "rect": [4, 0, 4, 4],
                                                   "capacity": 1},
             {"id": "b", "rect": [8, 0, 4, 4]}]
    openings = [{"between": ["a", "mid"]}, {"between": ["mid", "b"]}]
    s = session([actor("ada", "a", [1, 2]), actor("bo", "mid", [6, 3.5])], zones=zones,
                openings=openings)
    err = refused(s, {"do": "move", "actor": "ada", "to": "mid", "at": [6, 0.5]}, "zone_full",
                  "R004-06", "R004-08", "A004-06")
    assert "mid is full (1 characters)" in err.detail
    events = move(s, "ada", "b", [10, 2], rush=True)
    assert types(events) == ["rushed", "moved"]
    assert of_type(events, "moved")[0].zones == 2
    assert s.state.actors["ada"].at == "b"


def test_a_path_may_pass_through_characters_R004_08_A004_16() -> None:
    """R004-08, A004-16: characters never block a path; only the end spot must be free."""
    s = session([actor("ada", "r0", [1, 2]), actor("bo", "r0", [3, 2])])
    move(s, "ada", "r0", [5, 2])  # straight through bo's circle
    assert s.state.actors["ada"].point == (5.0, 2.0)


# -- range categories ----------------------------------------------------------------------


def _pair(a: tuple[str, list[float]], b: tuple[str, list[float]]) -> Any:
    s = session([actor("ada", a[0], a[1]), actor("bo", b[0], b[1])])
    return s, range_category(s.state, s.state.actors["ada"], s.state.actors["bo"])


def test_nearby_reaches_across_a_zone_border_R004_09() -> None:
    """R004-09, A004-08: Nearby is 2 m centre to centre, across a zone border too."""
    _, r = _pair(("r0", [5, 2]), ("r1", [7, 2]))
    assert r["nearby"] is True and r["zones"] == 1 and r["category"] == "Close"
    assert r["metres"] == 2.0 and "R004-09" in r["rules"]


def test_same_zone_is_not_necessarily_nearby_R004_09() -> None:
    """R004-09: in the same zone but 4 m apart: Close, not Nearby."""
    _, r = _pair(("r0", [1, 2]), ("r0", [5, 2]))
    assert (r["nearby"], r["zones"], r["category"]) == (False, 0, "Close")


def test_nearby_measure_edge_to_edge_is_an_option_A004_08() -> None:
    """A004-08: with `range.measure: edge`, 2 m between the circles' edges (4 m centres)."""
    s = session([actor("ada", "r0", [1, 2]), actor("bo", "r0", [5, 2])],
                options={"range": {"measure": "edge"}})
    r = range_category(s.state, s.state.actors["ada"], s.state.actors["bo"])
    assert r["nearby"] is True


@pytest.mark.parametrize(
    ("zone", "steps", "category", "rule"),
    [("r0", 0, "Close", "R004-10"), ("r1", 1, "Close", "R004-10"),
     ("r2", 2, "Far", "R004-11"), ("r4", 4, "Far", "R004-11"),
     ("r5", 5, "Extreme", "R004-12")],
)
def test_range_bands_by_zone_steps_R004_10_R004_11_R004_12_A004_08(
        zone: str, steps: int, category: str, rule: str) -> None:
    """R004-10 Close (0–1 zones), R004-11 Far (up to 4), R004-12 Extreme (5 or more),
    counted along the zone graph (A004-08)."""
    x = 6 * int(zone[1]) + 5.5
    _, r = _pair(("r0", [1, 2]), (zone, [x, 2]))
    assert (r["zones"], r["category"]) == (steps, category)
    assert rule in r["rules"] and "A004-08" in r["rules"]
    assert r["nearby"] is False


def test_zone_steps_follow_openings_not_straight_lines_A004_08() -> None:
    """A004-08, R004-09: range counts zone steps on the graph; two rooms side by side
    with no opening between them are further apart than they look, and a wall between
    two characters 2 m apart means they are not Nearby."""
    zones = [{"id": "a", "rect": [0, 0, 4, 4]}, {"id": "b", "rect": [4, 0, 4, 4]},
             {"id": "hall", "rect": [0, 4, 8, 2]}]
    openings = [{"between": ["a", "hall"]}, {"between": ["b", "hall"]}]
    s = session([actor("ada", "a", [3, 2]), actor("bo", "b", [5, 2])], zones=zones,
                openings=openings)
    r = range_category(s.state, s.state.actors["ada"], s.state.actors["bo"])
    assert (r["zones"], r["category"], r["nearby"]) == (2, "Far", False)


def test_range_query_through_the_ruleset_R004_09_R004_10() -> None:
    """R004-09, R004-10: the `range` query answers A to B by actor ids."""
    s, _ = _pair(("r0", [5, 2]), ("r1", [7, 2]))
    query = SitemapsRuleset().queries()["range"]
    assert query.params == ("A", "B")
    r = query.answer(s.state, "ada", "bo")
    assert r["nearby"] is True and r["category"] == "Close"
    with pytest.raises(Exception, match="no actor 'zed'"):
        query.answer(s.state, "ada", "zed")


def test_range_bands_are_options_A004_08() -> None:
    """A004-08: `range.close_zones` and `range.far_zones` move the bands."""
    s = session([actor("ada", "r0", [3, 2]), actor("bo", "r2", [15, 2])],
                options={"range": {"close_zones": 2, "far_zones": 2}})
    r = range_category(s.state, s.state.actors["ada"], s.state.actors["bo"])
    assert r["category"] == "Close"
    s2 = session([actor("ada", "r0", [3, 2]), actor("bo", "r3", [21, 2])],
                 options={"range": {"close_zones": 2, "far_zones": 2}})
    r = range_category(s2.state, s2.state.actors["ada"], s2.state.actors["bo"])
    assert r["category"] == "Extreme"


# -- revealing zones -------------------------------------------------------------------------


def _hidden_kitchen() -> Any:
    zones = [{"id": "hall", "rect": [0, 0, 6, 4]},
             {"id": "kitchen", "rect": [6, 0, 4, 4], "revealed": False},
             {"id": "cellar", "rect": [10, 0, 4, 4], "revealed": False}]
    openings = [{"between": ["hall", "kitchen"]}, {"between": ["kitchen", "cellar"]}]
    return session([actor("ada", "hall", [2, 2]), actor("cook", "kitchen", [8, 2], side="x"),
                    actor("rat", "cellar", [12, 2], side="x")],
                   zones=zones, openings=openings)


def test_the_gm_reveals_zones_R004_02() -> None:
    """R004-02: the GM reveals a zone with `reveal` (no turn needed); twice is refused."""
    s = _hidden_kitchen()
    assert s.state.world["revealed"] == ["hall"]
    events = s.do({"do": "reveal", "actor": "gm", "zone": "cellar"})
    assert types(events) == ["revealed"] and "R004-02" in events[0].rules
    assert s.state.world["revealed"] == ["cellar", "hall"]
    refused(s, {"do": "reveal", "actor": "gm", "zone": "cellar"}, "already_revealed")
    refused(s, {"do": "reveal", "actor": "gm", "zone": "attic"}, "unknown_place")


def test_the_player_view_hides_unrevealed_zones_and_who_is_in_them_R004_02() -> None:
    """R004-02: the player view leaves out characters in unrevealed zones; the GM sees all."""
    s = _hidden_kitchen()
    assert set(s.to_json()["actors"]) == {"ada", "cook", "rat"}
    player = s.to_json(view="player")
    assert set(player["actors"]) == {"ada"}
    s.do({"do": "reveal", "actor": "gm", "zone": "kitchen"})
    assert set(s.to_json(view="player")["actors"]) == {"ada", "cook"}


def test_entering_an_unrevealed_zone_reveals_it_A004_17() -> None:
    """A004-17: a character the players see may walk into an unrevealed neighbour, which
    reveals it (and the way on from there, while it is seen)."""
    s = _hidden_kitchen()
    events = move(s, "ada", "kitchen", [6.5, 0.5])
    assert types(events) == ["moved", "revealed"]
    assert of_type(events, "revealed")[0].zone == "kitchen"
    assert set(of_type(events, "revealed")[0].rules) == {"R004-02", "A004-17"}
    assert "kitchen" in s.state.world["revealed"]


def test_an_unseen_entry_reveals_nothing_R004_02_A004_17() -> None:
    """R004-02, A004-17: the rat goes from the hidden cellar into the hidden kitchen where
    no player sees it: nothing is revealed, and the players' log has no line of it."""
    s = _hidden_kitchen()
    s.do({"do": "end_turn", "actor": "ada"})
    s.do({"do": "end_turn", "actor": "cook"})
    events = move(s, "rat", "kitchen", [6.5, 0.5])
    assert types(events) == ["moved"]
    assert s.state.world["revealed"] == ["hall"]
    players = s.to_json(view="players")
    assert "rat" not in str(players) and "kitchen" not in str(players)
    # once ada walks in, the kitchen and the rat are shown, but not the earlier line
    s.do({"do": "end_turn", "actor": "rat"})
    move(s, "ada", "kitchen", [9.5, 3.8])
    assert s.to_json(view="players")["pending"] is None  # the hidden cook is asked to pin
    s.do({"answer": "let_pass"})
    players = s.to_json(view="players")
    assert "rat" in players["actors"]
    assert not [line for line in players["log"] if line.get("actor") == "rat"]


def test_revealing_on_entry_is_an_option_A004_17() -> None:
    """A004-17: with `zones.reveal_on_entry: false` only the GM reveals."""
    zones = [{"id": "hall", "rect": [0, 0, 6, 4]},
             {"id": "kitchen", "rect": [6, 0, 4, 4], "revealed": False}]
    s = session([actor("ada", "hall", [2, 2])], zones=zones,
                openings=[{"between": ["hall", "kitchen"]}],
                options={"zones": {"reveal_on_entry": False}})
    assert types(move(s, "ada", "kitchen", [8, 2])) == ["moved"]
    assert s.state.world["revealed"] == ["hall"]
    assert s.to_json(view="player")["actors"] == {}
