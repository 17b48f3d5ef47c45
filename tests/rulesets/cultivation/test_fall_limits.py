"""A fall that ends in a zone at its character limit (R000-32..35, A000-09, A000-17; the
s31 review). Worked by hand in the README ("A fall that ends in a full zone"): only a fall
that enters a new zone meets the limit; the Storyteller's fall onto another zone is a
forced entry ruled by the pipeline's entering stage, as a thrown body's is."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, of_type, refused, session, types

#: the roof above a hall for one (a 10 m drop), the yard and the porch beside the hall
ZONES: list[dict[str, Any]] = [
    {"id": "roof", "floor_m": 10}, {"id": "hall", "limit": 1}, {"id": "yard"}, {"id": "porch"},
    {"id": "shaft", "limit": 1, "tile": {"kind": "antigravity"}},
]
LINKS: list[Any] = [{"a": "roof", "b": "hall", "one_way": True, "drop": True},
                    ["hall", "yard"], ["hall", "porch"], ["yard", "shaft"]]
FALL = {"do": "fall", "actor": "gm", "target": "mei", "metres": 10, "onto": "hall"}


def _roof(**options: Any) -> Any:
    return session([actor("mei", "roof"), actor("ko", "hall", side="x"),
                    actor("bo", "shaft", side="x")],
                   zones=ZONES, links=LINKS, options=options or None)


def test_a_storyteller_fall_onto_a_full_zone_is_turned_away_A000_17_R000_32() -> None:
    """A000-17, R000-48: the collapsing floor forces mei, and a full zone takes no forced
    character; mid-air nothing turns it aside, so the Storyteller who names the landing
    names another (R000-52's remedy): the command is refused and nothing changes. No
    Challenge: the defender of R000-33 is chosen by an entrant trying to get in."""
    s = _roof()
    error = refused(s, FALL, "zone_full", "A000-17", "R000-32")
    assert "hall" in str(error)
    events = s.do({**FALL, "onto": "yard"})
    assert of_type(events, "landed") and a(s, "mei").at == "yard"


def test_a_storyteller_fall_spills_a_full_zone_over_R000_35_A000_09() -> None:
    """R000-35, A000-09: with spill-over the faller is an excess entrant like any other: it
    lands (10 / 5 = 2 damage) and stays, and ko, who was inside, is scattered into the
    yard or the porch by a die counted clockwise."""
    s = _roof(limit={"mode": "spillover"})
    events = s.do(FALL)
    (landed,) = of_type(events, "landed")
    assert landed.damage == 2 and a(s, "mei").at == "hall"
    assert a(s, "ko").at in ("yard", "porch")
    assert [e for e in of_type(events, "rolled") if "R000-35" in e.rules]


def test_forced_characters_that_ignore_limits_land_over_it_A000_17() -> None:
    """A000-17 (``forced_move.respects_limit: false``): forced characters ignore limits,
    so mei lands in the hall beside ko, two in a hall for one."""
    s = _roof(forced_move={"respects_limit": False})
    s.do(FALL)
    assert (a(s, "mei").at, a(s, "ko").at) == ("hall", "hall")


def test_a_long_fall_is_ruled_at_its_start_R000_35_R000_40() -> None:
    """R000-40, R000-35: a 200 m fall lands at the end of round 2 (50 + 100 < 200: it
    lands in round 3), but the body is committed to the hall when it begins, as a drop's
    entry is ruled at the edge: spill-over scatters ko at once."""
    s = _roof(limit={"mode": "spillover"})
    events = s.do({**FALL, "metres": 200})
    assert "landed" not in types(events) and a(s, "mei").fall_onto == "hall"
    assert a(s, "ko").at in ("yard", "porch")


def test_a_fall_into_a_full_anti_gravity_zone_is_turned_away_too_R000_61_A000_17() -> None:
    """R000-61, A000-17: floating in instead of landing is still entering; the shaft for
    one holds bo, so the fall onto it is refused like the fall onto the hall."""
    s = _roof()
    refused(s, {**FALL, "onto": "shaft"}, "zone_full", "A000-17")


def test_a_fall_that_ends_where_it_began_meets_no_limit_R000_32_A000_30() -> None:
    """R000-32: the limit rules who enters. A climber letting go (A000-30) and the
    Storyteller's fall in place land the body in the zone it was counted in already: a
    court for two holding wu and ko stays as it is, even with spill-over (nobody is
    scattered, no Challenge)."""
    zones = [{"id": "court", "limit": 2}, {"id": "cliff", "floor_m": 10}, {"id": "lane"}]
    links = [{"a": "court", "b": "cliff", "climb": "ordinary"}, ["court", "lane"]]
    s = session([actor("wu", "court"), actor("ko", "court", side="x")], zones=zones,
                links=links, options={"climb": {"on_failure": "fall"},
                                      "limit": {"mode": "spillover"}})
    events = s.do({"do": "move", "actor": "wu", "to": "cliff", "element": "air", "roll": [1]})
    assert of_type(events, "landed") and not of_type(events, "moved")
    events = s.do({"do": "fall", "actor": "gm", "target": "ko", "metres": 5})
    assert of_type(events, "landed") and not of_type(events, "moved")
    assert (a(s, "wu").at, a(s, "ko").at) == ("court", "court")


def test_a_storyteller_fall_meets_no_difficult_terrain_and_lands_by_surface_R000_53_R000_41(
) -> None:
    """R000-52 needs a Result to force a body into Difficult Terrain and R000-22 a crossing
    of one's own; the collapsing floor has neither, like the environment (R000-53): mei
    lands in the rubble (DT 15) with no Challenge rolled, and into a deep pool by the
    water's divisor (R000-41: 40 / 20 = 2, not 40 / 5 = 8)."""
    zones = [{"id": "roof", "floor_m": 40}, {"id": "rubble", "dt": 15},
             {"id": "pool", "water_m": 8, "surface": "water"}]
    s = session([actor("mei", "roof")], zones=zones, links=[])
    events = s.do({"do": "fall", "actor": "gm", "target": "mei", "metres": 40,
                   "onto": "rubble"})
    assert not of_type(events, "rolled") and a(s, "mei").at == "rubble"
    s = session([actor("mei", "roof")], zones=zones, links=[])
    (landed,) = of_type(s.do({"do": "fall", "actor": "gm", "target": "mei", "metres": 40,
                              "onto": "pool"}), "landed")
    assert (landed.surface, landed.damage) == ("water", 2)
