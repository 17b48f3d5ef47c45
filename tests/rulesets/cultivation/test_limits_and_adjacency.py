"""Adjacency, character limits, Throws on entry and spill-over (R000-29..35; A000-08,
A000-09, A000-26)."""

from __future__ import annotations

from typing import Any

from ._helpers import actor, at, cited, of_type, refused, session

#: a closet c (limit 2) with hall h, yard y and a mud patch m (DT 20) around it
CLOSET = [{"id": "h"}, {"id": "c", "limit": 2, "clockwise": ["y", "m", "h"]}, {"id": "y"},
          {"id": "m", "dt": 20}]
CLOSET_LINKS = [["h", "c"], ["c", "y"], ["c", "m"]]


def closet(**options: Any) -> Any:
    return session([actor("ada", "h", earth=5), actor("g1", "c", side="bad", earth_defense=12),
                    actor("g2", "c", side="bad", earth_defense=20)],
                   zones=CLOSET, links=CLOSET_LINKS, options=options or None)


def test_adjacent_means_reachable_and_visible_R000_29_A000_26() -> None:
    """R000-29, A000-26: a zone is adjacent only if the link carries both reach and sight:
    a hole (sight only) or a dark passage (reach only) is not."""
    zones = [{"id": z} for z in ("room", "hole", "dark", "door")]
    links = [{"a": "room", "b": "hole", "reach": False, "opening": "hand"},
             {"a": "room", "b": "dark", "sight": False}, ["room", "door"]]
    s = session([actor("ada", "room")], zones=zones, links=links)
    assert s.state.space.adjacent("room") == ("door",)
    refused(s, {"do": "move", "actor": "ada", "to": "hole"}, "not_adjacent", "R000-29")
    refused(s, {"do": "move", "actor": "ada", "to": "dark"}, "not_adjacent", "R000-29")
    assert {o.to for o in s.options("ada") if o.to} == {"door"}


def test_ranged_targets_in_adjacent_zones_R000_30_A000_28() -> None:
    """R000-30, A000-28: ranged attacks reach the own zone and adjacent zones, no farther."""
    from footwork.rulesets.cultivation.targeting import can_target

    s = session([actor("ada", "a"), actor("foe", "b", side="bad"), actor("far", "c",
                                                                          side="bad")])
    near = can_target(s.state, "ada", "foe", "ranged")
    assert near.allowed and {"R000-30", "A000-28"} <= set(near.rules)
    assert not can_target(s.state, "ada", "far", "ranged").allowed


def test_vertical_and_one_way_adjacency_R000_31() -> None:
    """R000-31: a ladder joins zones vertically both ways; a drop goes one way only."""
    zones = [{"id": "attic", "floor_m": 5}, {"id": "room"}, {"id": "pit", "floor_m": -5}]
    links = [{"a": "room", "b": "attic", "vertical": True},
             {"a": "room", "b": "pit", "one_way": True, "drop": True, "vertical": True}]
    s = session([actor("ada", "room")], zones=zones, links=links)
    m = s.state.space
    assert set(m.adjacent("room")) == {"attic", "pit"} and m.adjacent("pit") == ()
    assert m.adjacent("attic") == ("room",)


def test_full_zone_needs_a_defender_R000_32_R000_33() -> None:
    """R000-32, R000-33: entering a full zone names a defender inside to Challenge (Earth);
    options list one move per defender with the odds."""
    s = closet()
    refused(s, {"do": "move", "actor": "ada", "to": "c"}, "zone_full", "R000-33")
    refused(s, {"do": "move", "actor": "ada", "to": "c", "defender": "ada"}, "bad_defender")
    moves = [o for o in s.options("ada") if o.to == "c"]
    assert {o.command["defender"] for o in moves} == {"g1", "g2"}
    assert all(o.checks for o in moves)


def test_failed_entry_stays_out_R000_34() -> None:
    """R000-34: a Disaster or Failure leaves the entrant outside."""
    s = closet()
    events = s.do({"do": "move", "actor": "ada", "to": "c", "defender": "g2", "roll": [3]})
    assert at(s, "ada") == "h" and of_type(events, "crossing_blocked")


def test_successful_entry_throws_the_defender_where_the_entrant_chooses_R000_34_A000_08() -> None:
    """R000-34, A000-08: on a success the entrant enters and throws the defender into an
    adjacent zone of its choice (its own origin allowed); the Throw must beat the
    destination's DT strictly with the same Result, and is against the Earth defence."""
    s = closet()
    s.do({"do": "move", "actor": "ada", "to": "c", "defender": "g1", "roll": [15]})  # 20
    assert at(s, "ada") == "c"
    assert s.state.pending.kind == "crowd_throw"
    assert set(s.state.pending.choices) == {"h", "y"}  # mud (DT 20) is not beaten by 20
    events = s.do({"answer": "h"})
    assert at(s, "g1") == "h" and "A000-08" in cited(events)
    s = closet()
    s.do({"do": "move", "actor": "ada", "to": "c", "defender": "g1", "roll": [16]})  # 21
    assert "m" in s.state.pending.choices


def test_spillover_scatters_everyone_clockwise_R000_35_A000_09() -> None:
    """R000-35, A000-09: with spill-over the entrant stays and everyone already inside goes
    to an adjacent zone counted clockwise by a d6, re-rolled above the count; DT is
    ignored."""
    s = closet(limit={"mode": "spillover"})
    events = s.do({"do": "move", "actor": "ada", "to": "c", "roll": [5, 2, 3]})
    rolls = of_type(events, "rolled")
    assert [r.outcome for r in rolls] == ["re-roll", "m", "h"]
    assert (at(s, "ada"), at(s, "g1"), at(s, "g2")) == ("c", "m", "h")
    assert {"R000-35", "A000-09"} <= cited(events)
