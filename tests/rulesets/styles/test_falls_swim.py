"""Falls and their damage (R001-39, A001-14), currents (R001-35, A001-20) and the hazards
a mover sets off (R001-09, A001-19)."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import (
    actor,
    cited,
    end_turns,
    move,
    of_type,
    refused,
    seg,
    session,
    types,
    who,
)

#: a 7u high platform ``H``, water 3u deep below it, a void, and the ground
CLIFF_LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "H": {"surface": "floor", "elevation": 7},
    "~": {"surface": "water", "water_depth": 3},
    "_": {"surface": "void"},
}
CLIFF = ["HH.", "H~.", "H_."]

#: ``>`` a current east at 2u per turn, ``}`` a slow one east at 1u, ``~`` still water
RIVER_LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "~": {"surface": "water", "water_depth": 2},
    ">": {"surface": "water", "water_depth": 2, "current": "E", "current_speed": 2},
    "}": {"surface": "water", "water_depth": 2, "current": "E", "current_speed": 1},
}
RIVER = [">>>>>>.", "}}}}}}.", "~~~~~~."]

HAZARD_LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "M": {"surface": "floor", "tags": ["mine"]},
    "T": {"surface": "floor", "tags": ["trap"]},
}
MINEFIELD = [".MM.T.", "......"]


def _cliff(options: dict[str, Any] | None = None) -> Any:
    return session([actor("ada", "0,1"), actor("bob", "1,0"),
                    actor("cy", "2,0", styles=["Walk", "Jump"])],
                   rows=CLIFF, legend=CLIFF_LEGEND, options=options)


def _fall_of(events: Any) -> Any:
    fell = of_type(events, "fell")
    assert len(fell) == 1
    return fell[0]


D6 = {"fall": {"dice": "1d6"}}


def test_R001_39_A001_14_a_fall_lands_at_once_and_damage_is_the_tables() -> None:
    """R001-39, A001-14: falling is left to another chapter; the faller drops at once to
    the surface below, and by default footwork records the fall's distance and rolls no
    damage (the table's own rule applies it)."""
    s = _cliff()
    option = next(o for o in s.options("ada") if o.to == "0,2")
    assert "falls 7u into floor" in option.label and option.checks == ()
    events = move(s, "ada", seg("walk", 0, 2))
    assert types(events) == ["moved", "fell"]
    fell = _fall_of(events)
    assert (fell.distance, fell.into, fell.damage, fell.z) == (7.0, "floor", 0, 0.0)
    assert {"R001-39", "A001-14"} <= cited(events)


def test_A001_14_fall_dice_roll_damage_with_exact_odds() -> None:
    """A001-14 (`fall.dice: 1d6`): footwork rolls the dice for every full 2u beyond the
    first 2u (a 7u fall: 2d6); the options show those exact odds."""
    s = _cliff(D6)
    option = next(o for o in s.options("ada") if o.to == "0,2")
    assert "falls 7u into floor" in option.label
    odds = option.checks[0]
    assert odds.dice == "2d6" and odds.odds["7 damage"] == pytest.approx(1 / 6)
    assert {"R001-39", "A001-14"} <= set(odds.rules)
    events = move(s, "ada", seg("walk", 0, 2), roll=[4, 5])
    assert types(events) == ["moved", "rolled", "fell"]
    fell = _fall_of(events)
    assert (fell.distance, fell.into, fell.damage, fell.z) == (7.0, "floor", 9, 0.0)
    assert {"R001-39", "A001-14"} <= cited(events)
    a = who(s, "ada")
    assert (a["at"], a["z"], a["damage"], a["mode"]) == ("0,2", 0, 9, "ground")


def test_A001_14_a_fall_into_water_deals_no_damage() -> None:
    """A001-14 (`fall.water_breaks_fall`, default true): water breaks the fall; the faller
    is then swimming."""
    s = _cliff(D6)
    end_turns(s, "ada")
    events = move(s, "bob", seg("walk", 1, 1))
    assert types(events) == ["moved", "fell"]
    fell = _fall_of(events)
    assert (fell.into, fell.damage) == ("water", 0)
    assert who(s, "bob")["mode"] == "water" and who(s, "bob")["style"] == "swim"
    t = _cliff({"fall": {"dice": "1d6", "water_breaks_fall": False}})
    end_turns(t, "ada")
    events = move(t, "bob", seg("walk", 1, 1), roll=[3, 3])
    assert _fall_of(events).damage == 6


def test_A001_14_fall_dice_null_records_the_fall_without_damage() -> None:
    """A001-14 (`fall.dice: null`, the default, given explicitly here over the table's
    dice): the fall happens, no dice are rolled, and the options show no damage odds."""
    s = _cliff({"fall": {"dice": None, "per_u": 1, "safe_u": 0}})
    option = next(o for o in s.options("ada") if o.to == "0,2")
    assert option.checks == ()
    events = move(s, "ada", seg("walk", 0, 2))
    assert types(events) == ["moved", "fell"] and _fall_of(events).damage == 0


@pytest.mark.parametrize(("opts", "dice", "roll", "damage"), [
    ({"dice": "1d6", "per_u": 1, "safe_u": 4}, "3d6", [1, 2, 3], 6),
    ({"dice": "1d4"}, "2d4", [4, 1], 5),
    ({"dice": "1d6", "safe_u": 7}, None, None, 0),
])
def test_A001_14_fall_damage_scale_is_an_option(
        opts: dict[str, Any], dice: str | None, roll: list[int] | None, damage: int) -> None:
    """A001-14 (`fall.dice`, `fall.per_u`, `fall.safe_u`): the dice, the step and the safe
    height of fall damage."""
    s = _cliff({"fall": opts})
    events = move(s, "ada", seg("walk", 0, 2), roll=roll)
    rolled = of_type(events, "rolled")
    assert [r.dice for r in rolled] == ([dice] if dice else [])
    assert _fall_of(events).damage == damage


def test_A001_14_a_fall_into_a_void_loses_the_character() -> None:
    """A001-14: a fall into a void has no bottom: the character is off the map, takes no
    more turns, and nothing can target it."""
    s = _cliff()
    end_turns(s, "ada", "bob")
    events = move(s, "cy", seg("jump", 2, 1))
    fell = _fall_of(events)
    assert fell.into == "void" and "R001-32" in fell.rules
    assert who(s, "cy")["lost"] is True and who(s, "cy")["removed"] is True
    # lost on its own turn: the turn passes at once (a new round: cy was the last)
    kinds = [e.type for e in events]
    assert kinds.index("turn_passed") < kinds.index("turn_ended") < kinds.index("round_ended")
    assert (s.state.current, s.state.round) == ("ada", 2) and not s.options("cy")
    refused(s, {"do": "interrupt", "actor": "gm", "target": "cy"}, "lost", "A001-14")
    end_turns(s, "ada", "bob")
    assert s.state.current == "ada" and s.state.round == 3  # cy's turn is skipped


def test_R001_35_A001_20_a_current_carries_a_halted_swimmer_at_its_speed() -> None:
    """R001-35, A001-20: at the end of its turn a swimmer drifts with the current of its
    water, at that region's own speed (2u, 1u, or none)."""
    s = session([actor("a", "0,0", styles=["Walk", "Swim"]),
                 actor("b", "1,0", styles=["Walk", "Swim"]),
                 actor("c", "2,0", styles=["Walk", "Swim"])],
                rows=RIVER, legend=RIVER_LEGEND)
    events = end_turns(s, "a")
    drift = of_type(events, "drifted")
    assert [(d.actor, d.cause, d.col, d.distance) for d in drift] == [("a", "current", 2, 2.0)]
    assert {"R001-35", "A001-20"} <= cited(drift)
    assert types(events).index("drifted") < types(events).index("turn_started")
    events = end_turns(s, "b", "c")
    assert [(d.actor, d.col) for d in of_type(events, "drifted")] == [("b", 1)]
    assert who(s, "c")["at"] == "2,0"


def test_R001_35_a_current_stops_at_the_waters_edge() -> None:
    """R001-35: the drift carries a swimmer only through water: it stops at the bank."""
    s = session([actor("a", "0,5", styles=["Walk", "Swim"])], rows=RIVER, legend=RIVER_LEGEND)
    events = end_turns(s, "a")
    assert of_type(events, "drifted") == [] and who(s, "a")["at"] == "0,5"
    t = session([actor("a", "0,4", styles=["Walk", "Swim"])], rows=RIVER, legend=RIVER_LEGEND)
    drift = of_type(end_turns(t, "a"), "drifted")
    assert [(d.col, d.distance) for d in drift] == [(5, 1.0)]


def test_A001_20_currents_never_drifting_is_an_option() -> None:
    """A001-20 (`swim.drift: never`): the table moves swimmers with currents itself."""
    s = session([actor("a", "0,0", styles=["Walk", "Swim"])], rows=RIVER, legend=RIVER_LEGEND,
                options={"swim": {"drift": "never"}})
    assert of_type(end_turns(s, "a"), "drifted") == [] and who(s, "a")["at"] == "0,0"


def test_R001_09_A001_19_touching_down_on_a_mine_sets_it_off() -> None:
    """R001-09, A001-19: Reactions to movement are another chapter's; the engine raises a
    HazardTriggered event for each hazard-tagged cell a mover touches down on, in
    order, for the table to resolve."""
    s = session([actor("ada", "0,0")], rows=MINEFIELD, legend=HAZARD_LEGEND)
    events = move(s, "ada", seg("walk", 0, 3, via=[[0, 1], [0, 2]]))
    hits = of_type(events, "hazard_triggered")
    assert [(h.row, h.col, h.tags) for h in hits] == [(0, 1, ("mine",)), (0, 2, ("mine",))]
    assert "A001-19" in cited(hits)
    assert "mine" in hits[0].describe()


def test_A001_19_found_ways_go_round_or_over_hazards() -> None:
    """A001-19: a way footwork finds keeps off hazards where it can: round them on foot,
    over them in a jump (in the air nothing is touched)."""
    s = session([actor("ada", "0,0")], rows=MINEFIELD, legend=HAZARD_LEGEND)
    events = move(s, "ada", to=[0, 3])
    assert of_type(events, "hazard_triggered") == []
    assert of_type(events, "moved")[0].cost > 3.0  # the detour through row 1
    j = session([actor("ada", "0,0", styles=["Walk", "Jump"])], rows=MINEFIELD,
                legend=HAZARD_LEGEND)
    events = move(j, "ada", seg("jump", 0, 3))
    assert of_type(events, "moved")[0].cost == 3.0
    assert of_type(events, "hazard_triggered") == []


def test_A001_19_a_jump_that_lands_on_a_mine_sets_it_off() -> None:
    """A001-19, R001-32: landing on a mine touches it: one HazardTriggered, no fall."""
    s = session([actor("ada", "0,0", styles=["Walk", "Jump"])], rows=MINEFIELD,
                legend=HAZARD_LEGEND)
    events = move(s, "ada", seg("jump", 0, 2))
    assert of_type(events, "fell") == []
    assert [(h.row, h.col) for h in of_type(events, "hazard_triggered")] == [(0, 2)]


def test_A001_19_hazard_tags_are_an_option() -> None:
    """A001-19 (`move.hazard_tags`): which tags are hazards: with only `trap`, mines are
    plain floor and the trap goes off."""
    s = session([actor("ada", "0,0", styles=["Double Walk"])], rows=MINEFIELD,
                legend=HAZARD_LEGEND, options={"move": {"hazard_tags": ["trap"]}})
    events = move(s, "ada", seg("walk", 0, 5, via=[[0, 1], [0, 2], [0, 3], [0, 4]]))
    hits = of_type(events, "hazard_triggered")
    assert [(h.col, h.tags) for h in hits] == [(4, ("trap",))]
    d = session([actor("ada", "0,0", styles=["Double Walk"])], rows=MINEFIELD,
                legend=HAZARD_LEGEND)
    events = move(d, "ada", seg("walk", 0, 5, via=[[0, 1], [0, 2], [0, 3], [0, 4]]))
    assert [h.col for h in of_type(events, "hazard_triggered")] == [1, 2]
