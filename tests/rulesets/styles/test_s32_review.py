"""The s32 review: causes of movement against conditions, each outcome worked by hand from
the text first (README, "The s32 review"). Five cells were ruled against the text and are
fixed: a plan cut by a fall is still priced whole (R001-02), a hop lands in water higher
than its launch as it lands on a ledge (R001-32, A001-18), a current carries a swimmer
over a rise in its bed (R001-35, A001-20) but not through a corner (A001-17), and a fall
into tagged water sets nothing off (A001-19). The rest pin cells that matched and that
no other test held."""

from __future__ import annotations

import math
from typing import Any

import pytest

from footwork.engine import Session

from ._helpers import (
    actor,
    answer,
    end_turns,
    gm,
    move,
    move_cmd,
    of_type,
    refused,
    seg,
    session,
    types,
    who,
)

#: ``^`` a 2u ledge, ``P`` a raised pool (surface 1u up, 1u deep), ``s`` shallow water
#: (1u deep), ``>`` a 3u-deep current running east at 2u a turn
LEGEND: dict[str, dict[str, Any]] = {
    ".": {"surface": "floor"},
    "^": {"surface": "floor", "elevation": 2},
    "~": {"surface": "water", "water_depth": 3},
    "P": {"surface": "water", "elevation": 1, "water_depth": 1},
    "s": {"surface": "water", "water_depth": 1},
    ">": {"surface": "water", "water_depth": 3, "current": "E", "current_speed": 2},
    "c": {"surface": "water", "water_depth": 3, "ceiling_height": 4},
    "d": {"surface": "floor", "ceiling_height": 4},
}

LEDGE = ["^^^........."]


def _price(s: Session[Any], aid: str, plan: str) -> dict[str, Any]:
    found = s.engine.ruleset.queries()["price"].answer(s.state, aid, plan)
    assert isinstance(found, dict)
    return found


# -- fixed: a plan cut by a fall is priced whole (R001-02) ---------------------------------


def test_R001_02_a_plan_cut_by_a_fall_must_still_fit_the_pool_whole() -> None:
    """R001-02: the Movement to carry out the whole plan must be there when it is laid
    out. Ada (pool 4u) plans 1u off the 2u ledge (a fall, R001-26) and then 6u along the
    floor below: 7u, more than her pool: refused, nothing changes (before: carried out up
    to the fall, 1u spent). ``price`` says the same."""
    s = session([actor("ada", "0,2")], rows=LEDGE, legend=LEGEND)
    refused(s, move_cmd("ada", seg("walk", 0, 3), seg("walk", 0, 9)), "over_pool",
            "R001-02", "R001-13")
    found = _price(s, "ada", "walk:0,3 walk:0,9")
    assert found["ok"] is False and found["refused"]["reason"] == "over_pool"


def test_R001_02_R001_12_a_plan_cut_by_a_fall_must_still_fit_each_cap() -> None:
    """R001-02, R001-12: 1u off the ledge and then a 3u hop (4u in all, within the pool)
    asks 3u of a Half Jump's 2u: refused ``over_cap`` (before: carried out up to the
    fall)."""
    s = session([actor("ada", "0,2")], rows=LEDGE, legend=LEGEND)
    refused(s, move_cmd("ada", seg("walk", 0, 3), seg("jump", 0, 6)), "over_cap",
            "R001-02", "R001-12")


@pytest.mark.parametrize("dash", [False, True])
def test_R001_03_a_plan_cut_by_a_fall_that_fits_spends_what_was_used(dash: bool) -> None:
    """R001-03, A001-14: a plan that fits (1u + 2u = 3u of a 4u pool; or 1u + 6u = 7u of
    a dashed 8u, R001-06) is carried out up to the fall: she falls 2u at (0,3), moves
    herself no further, and only the 1u step is spent (matched before; the Dash's Hook
    is spent too, R001-07)."""
    s = session([actor("ada", "0,2", hooks=1)], rows=LEDGE, legend=LEGEND)
    events = move(s, "ada", seg("walk", 0, 3), seg("walk", 0, 9 if dash else 5), dash=dash)
    assert types(events)[-2:] == ["moved", "fell"]
    fell = of_type(events, "fell")[0]
    assert (fell.col, fell.distance) == (3, 2.0)
    body = who(s, "ada")
    assert body["at"] == "0,3" and body["spent"] == {"walk": 1}
    assert body["hooks"] == (0 if dash else 1)


@pytest.mark.parametrize(("far", "fits"), [(4, True), (7, False)])
def test_R001_02_a_hop_that_falls_into_water_prices_the_swim_after_it(far: int,
                                                                      fits: bool) -> None:
    """R001-02, R001-32: a 2-cell hop over water 1u below its launch ends in the air and
    falls in (2u); a Swim on from there of 2u fits the 4u pool and is dropped by the fall
    (R001-03: 2u spent), one of 5u (7u in all) is refused whole."""
    legend = {".": {"surface": "floor"},
              "w": {"surface": "water", "elevation": -1, "water_depth": 3}}
    s = session([actor("ada", "0,0", styles=["Walk", "Jump", "Swim"])], rows=["..wwwwwwww"],
                legend=legend)
    plan = (seg("jump", 0, 2), seg("swim", 0, far))
    if not fits:
        refused(s, move_cmd("ada", *plan), "over_pool", "R001-02")
        return
    assert of_type(move(s, "ada", *plan), "fell")[0].into == "water"
    body = who(s, "ada")
    assert (body["at"], body["z"], body["spent"]) == ("0,2", -1.0, {"jump": 2})


# -- fixed: a hop into water higher than its launch (R001-32, A001-18) ---------------------


@pytest.mark.parametrize(("start", "cost"), [("0,1", math.sqrt(2.0)), ("0,0", math.sqrt(5.0))])
def test_R001_32_A001_18_a_hop_lands_in_raised_water_as_on_a_ledge(start: str,
                                                                    cost: float) -> None:
    """R001-32, A001-18: a hop goes up onto a ledge at its straight line; water 1u above
    the launch (a raised pool) is reached the same way, and since water is no solid
    surface the hopper ends in it, swimming (R001-36): 1 cell and 1u up costs sqrt 2 =
    1.41u, 2 cells sqrt 5 = 2.24u (before: refused ``no_way`` beyond a walk step up)."""
    s = session([actor("ada", start, styles=["Walk", "Jump"])], rows=["..P.."], legend=LEGEND)
    events = move(s, "ada", seg("jump", 0, 2))
    assert not of_type(events, "fell")
    body = who(s, "ada")
    assert (body["at"], body["z"], body["mode"]) == ("0,2", 1.0, "water")
    assert body["spent"]["jump"] == pytest.approx(cost, abs=1e-6)


def test_R001_32_raised_water_is_offered_by_a_hop_as_the_command_rules_it() -> None:
    """The searches agree with decide: the pool is offered to a Walk/Jump sheet (no Swim)
    at sqrt 2, and ``to`` alone takes that hop."""
    s = session([actor("ada", "0,1", styles=["Walk", "Jump"])], rows=["..P.."], legend=LEGEND)
    events = move(s, "ada", to=[0, 2])
    moved = of_type(events, "moved")
    assert [m.style for m in moved] == ["jump"]
    assert moved[0].cost == pytest.approx(math.sqrt(2.0), abs=1e-6)


# -- fixed: a current over a rise in the bed (R001-35, A001-20) ----------------------------


def test_R001_35_A001_20_a_current_lifts_a_swimmer_over_a_rise_in_its_bed() -> None:
    """R001-35, A001-20: a halted swimmer drifts at its current's speed while there is
    water to drift into. At the bed (-3u) of a 2u/turn current that runs into water 1u
    deep, the water goes on over the rise, and so does she: carried 1u into (0,1), up to
    its bed at -1u, where still water ends the drift (before: held at (0,0), as if the
    shallow water were a bank)."""
    s = session([actor("sw", "0,0,-3", styles=["Walk", "Swim"]), actor("b", "2,0")],
                rows=[">s..", "....", "...."], legend=LEGEND)
    drift = of_type(end_turns(s, "sw"), "drifted")
    assert [(d.col, d.z, d.distance) for d in drift] == [(1, -1.0, 1.0)]
    assert {"R001-35", "A001-20"} <= set(drift[0].rules)


# -- matched, pinned here ------------------------------------------------------------------


def test_R001_29_a_prone_crawler_off_a_ledge_pays_double_and_lands_prone() -> None:
    """R001-29, R001-26: a prone step of 1u costs 2u of Walk; over the 2u edge it is a
    fall, and nothing stands her up: she lies at the foot, still prone."""
    s = session([actor("ada", "0,2")], rows=LEDGE, legend=LEGEND)
    s.do({"do": "prone", "actor": "ada"})
    events = move(s, "ada", seg("walk", 0, 3))
    assert of_type(events, "fell")[0].distance == 2.0
    body = who(s, "ada")
    assert (body["z"], body["prone"], body["spent"]) == (0.0, True, {"walk": 2})


def test_R001_34_R001_36_a_climber_knocked_off_a_ceiling_over_water_swims() -> None:
    """R001-34, R001-36, A001-14: Interrupted on a ceiling 4u over water, the climber
    falls 4u into it, where Swim becomes its style; water breaks the fall (no damage)."""
    s = session([actor("cy", "0,1,4", mode="wall", styles=["Walk", "Climb"])], rows=["dcd"],
                legend=LEGEND)
    events = gm(s, "interrupt", target="cy")
    assert of_type(events, "fell")[0].distance == 4.0
    body = who(s, "cy")
    assert (body["z"], body["mode"], body["style"], body["damage"]) == (0.0, "water", "swim", 0)


def test_R001_24_R001_37_an_improvised_swim_failed_as_interrupted_sets_adrift() -> None:
    """R001-24, R001-37: a walker in the water improvises Swim, fails the Test as its
    Interrupted version: adrift, floating (nothing of its Good spots is filled)."""
    s = session([actor("wal", "0,1", styles=["Walk"])], rows=["~~~"], legend=LEGEND)
    s.do({"do": "improvise", "actor": "wal", "style": "swim", "how": "paddling"})
    answer(s, "test")
    events = answer(s, "fail_interrupted")
    assert [e.effect for e in of_type(events, "movement_interrupted")] == ["float"]
    assert who(s, "wal")["adrift"] is True


# -- fixed: a fall into tagged water sets nothing off (A001-19) ----------------------------

#: a 1u quay, water tagged ``mine``, a floor
MINED_WATER = {"q": {"surface": "floor", "elevation": 1},
               "W": {"surface": "water", "water_depth": 3, "tags": ["mine"]},
               "#": {"surface": "wall", "elevation": 4},
               "~": {"surface": "water", "water_depth": 3},
               ".": {"surface": "floor"}}


def test_A001_19_a_fall_into_tagged_water_sets_nothing_off_as_a_swim_in_does_not() -> None:
    """A001-19 (our reading): a hazard goes off when one touches down on a floor; water
    is none, so a swimmer in a tagged water cell sets nothing off. A walker falling 1u
    off the quay into that water, or a climber knocked off the wall above it, lands in
    the water just as the swimmer is in it: nothing goes off (before: the fall set the
    mine off, the swim did not)."""
    s = session([actor("wal", "0,0", styles=["Walk"])], rows=["qW."], legend=MINED_WATER)
    events = move(s, "wal", seg("walk", 0, 1))
    assert of_type(events, "fell")[0].into == "water"
    assert not of_type(events, "hazard_triggered")
    c = session([actor("cy", "0,1,3", mode="wall", styles=["Walk", "Climb"])], rows=["#W."],
                legend=MINED_WATER)
    events = gm(c, "interrupt", target="cy")
    assert of_type(events, "fell") and not of_type(events, "hazard_triggered")
    w = session([actor("sw", "0,0", styles=["Walk", "Swim"])], rows=["~W."], legend=MINED_WATER)
    assert not of_type(move(w, "sw", seg("swim", 0, 1)), "hazard_triggered")


def test_A001_19_the_options_show_no_hazard_for_tagged_water() -> None:
    """The options agree with decide: a swim into the tagged water, and a walker's fall
    into it, carry no hazard in their risk."""
    s = session([actor("sw", "0,0", styles=["Walk", "Swim"])], rows=["~W."], legend=MINED_WATER)
    t = session([actor("wal", "0,0", styles=["Walk"])], rows=["qW."], legend=MINED_WATER)
    for sess, aid in ((s, "sw"), (t, "wal")):
        into = [o for o in sess.options(aid) if list(o.command.get("to", ()))[:2] == [0, 1]]
        assert into, aid
        for o in into:
            assert o.risk is None or not o.risk.hazards, (aid, o.label, o.risk)


# -- fixed: a diagonal current between two walls (A001-17, R001-35) ------------------------


def test_A001_17_R001_35_a_diagonal_current_does_not_carry_through_a_corner() -> None:
    """A001-17 (our corner rule), R001-35: no step cuts the corner where two walls meet,
    and a swimmer's stroke from (0,0) to (1,1) there is refused; a current running that
    way holds the swimmer where it is, as the water's edge does (before: it carried her
    through the walls' corner)."""
    legend = {"x": {"surface": "water", "water_depth": 3, "current": "SE", "current_speed": 2},
              "~": {"surface": "water", "water_depth": 3},
              "#": {"surface": "wall", "elevation": 4}, ".": {"surface": "floor"}}
    rows = ["x#.", "#~.", "..."]
    s = session([actor("sw", "0,0", styles=["Walk", "Swim"]), actor("b", "2,2")], rows=rows,
                legend=legend)
    refused(s, move_cmd("sw", seg("swim", 1, 1)), "no_way", "R001-35")
    assert of_type(end_turns(s, "sw"), "drifted") == []
    assert who(s, "sw")["at"] == "0,0"


# -- fixed: the risk a failed improvised Climb shows names the mine it lands on (A001-19) ---


def test_R001_24_A001_19_an_interrupted_fall_shows_the_mine_it_lands_on() -> None:
    """R001-24, R001-34, A001-19: a climber whose granted Climb has ended holds a face 2u
    over a mined floor and improvises Climb again; the GM's Test, failed as Interrupted
    Climb, drops her 2u onto the mine, which goes off (any landing on a floor touches
    down). The pending decision's consequence for that answer names the mine as well as
    the fall (before: the fall only)."""
    legend = {"#": {"surface": "wall", "elevation": 4}, ".": {"surface": "floor"},
              "M": {"surface": "floor", "tags": ["mine"]}}
    s = session([actor("ada", "1,1,2", mode="wall", styles=["Walk"])],
                rows=["###", ".M.", "..."], legend=legend)
    s.do({"do": "improvise", "actor": "ada", "style": "climb", "how": "the same cracks"})
    answer(s, "test")
    consequences = s.to_json(log=False)["pending"]["consequences"]
    risk = next(c["risk"] for c in consequences if c["choice"] == "fail_interrupted")
    assert risk["fall"] is not None and risk["hazards"], risk
    events = answer(s, "fail_interrupted")
    assert types(events)[-2:] == ["fell", "hazard_triggered"]
