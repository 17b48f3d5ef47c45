"""The `styles` movement pipeline: every cause ruled by the same stages (issue 16), and
the issue-10 rulings it fixed (items 6-8)."""

from __future__ import annotations

from typing import Any

from footwork.rulesets.styles.planning import budget_for, mover_for, reachable, start_spot
from footwork.rulesets.styles.terrain import WALL
from footwork.space.reach import reach

from ._helpers import actor, gm, move, of_type, session, who

ALLEY = ["##..##"] * 3
ALLEY_LEGEND: dict[str, Any] = {".": {"surface": "floor"},
                                "#": {"surface": "wall", "elevation": 8}}


def test_R001_34_no_search_climbs_across_open_air() -> None:
    """R001-34, R001-32 (issue 10 item 7): neither the compiled search nor the pure one
    offers a Climb step between the two faces of an alley; along one face it is fine."""
    s = session([actor("sly", "1,2", styles=["Walk", "Double Climb"], mode="wall", z=6)],
                rows=ALLEY, legend=ALLEY_LEGEND)
    state = s.state
    t = state.space.terrain
    a = state.actors["sly"]
    here = start_spot(t, a)
    assert not t.climb_link(here, (WALL, 1, 3, here[3], 0))
    assert t.climb_link(here, (WALL, 0, 2, here[3], 0))
    mover = mover_for(a, state.options)
    compiled = reachable(t, a, state.options)
    pure = reach(here, lambda sp: t.steps(sp, mover), budget_for(a))
    for found in (compiled, pure):
        # across at 6u (or anywhere above 2u: down, across the floor and up is dearer)
        assert not any(sp[0] == WALL and sp[2] == 3 and sp[3] > 4 for sp in found)
        assert any(sp[0] == WALL and sp[1] == 0 and sp[2] == 2 for sp in found)


def test_R001_03_options_show_a_plan_off_an_edge_as_a_fall_with_its_odds() -> None:
    """R001-02, R001-03, A001-14 (issue 10 item 8): options list the place below the
    balcony as a fall, with the exact odds of its damage."""
    s = session([actor("quin", "1,1")], rows=["#######", "#^^...#", "#######"],
                legend={"#": {"surface": "wall", "elevation": 6}, ".": {"surface": "floor"},
                        "^": {"surface": "floor", "elevation": 4}},
                options={"fall": {"dice": "1d6"}})
    falls = [o for o in s.options("quin") if o.to == "1,3" and "falls 4u" in o.label]
    assert falls, [o.label for o in s.options("quin")]
    odds = falls[0].checks[0].odds
    assert len(odds) == 6 and sum(odds.values()) == 1
    events = s.do(dict(falls[0].command) | {"roll": [4]})
    assert of_type(events, "fell")[0].damage == 4 and who(s, "quin")["z"] == 0


def test_A001_19_a_fall_of_any_cause_sets_off_the_mine_it_lands_on() -> None:
    """A001-19, R001-34, R001-21: an Interrupted climber lands on a mine and sets it off,
    as a walker stepping off an edge onto it does: one arriving rule for every cause."""
    legend = {".": {"surface": "floor"}, "#": {"surface": "wall", "elevation": 4},
              "M": {"surface": "floor", "tags": ["mine"]}}
    s = session([actor("cara", "1,1", styles=["Walk", "Climb"], mode="wall", z=3)],
                rows=["###", "#M.", "..."], legend=legend)
    events = gm(s, "interrupt", target="cara")
    assert [e.type for e in events][-2:] == ["fell", "hazard_triggered"]


def test_R001_35_a_current_stops_where_the_entry_rule_stops_it() -> None:
    """R001-35, A001-20: a drift is a forced path: the water's edge stops it (the entry
    rule), it is never refused; the swimmer ends at the last water cell."""
    s = session([actor("eli", "0,0", styles=["Walk", "Swim"])], rows=[">>.."],
                options={"swim": {"drift": "end_of_own_turn"}})
    events = s.do({"do": "end_turn", "actor": "eli"})
    drifted = of_type(events, "drifted")
    assert drifted and (drifted[0].row, drifted[0].col) == (0, 1)
    assert drifted[0].distance == 1.0


def test_R001_26_walking_into_a_void_is_offered_by_no_option_but_accepted() -> None:
    """R001-26, A001-14: a step into a void is a legal Move (a fall: lost); options do not
    suggest it (see the README's readings)."""
    s = session([actor("ada", "0,0")], rows=[".._"])
    assert not any(o.to == "0,2" for o in s.options("ada"))
    move(s, "ada", to=[0, 2])
    assert who(s, "ada")["lost"] is True
