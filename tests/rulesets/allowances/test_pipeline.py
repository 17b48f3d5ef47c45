"""The movement pipeline of `allowances` (issue 16) and the rulings of issue 10, items
9-12: each test cites its rule ids and fails without the code it names."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine.movement import Path
from footwork.errors import IllegalCommand
from footwork.rulesets.allowances.pipeline import Leg, rule
from footwork.rulesets.allowances.planning import plan_search, start_spot
from footwork.rulesets.allowances.ruleset import NO_DICE
from footwork.rulesets.allowances.terrain import AIR, GROUND

from ._helpers import LAKE, creature, do, of_type, refused, session, who

OTTER: dict[str, Any] = {"scores": {"Overland": 8, "Swim": 8}, "skills": {"Running": 60}}
DRAGON: dict[str, Any] = {"scores": {"Overland": 10, "Flight": 15}}


@pytest.mark.parametrize("limit, walks", [("own", 10), ("drained", 8)])
def test_R002_04_R002_05_R002_10_a_rush_gives_its_metres(limit: str, walks: int) -> None:
    """R002-10, R002-04, R002-05, A002-04 (issue 10, item 9): a Rushed Overland of 10 with
    a tied Swim of 8 walks 10 m (``cascade.limit: own``); ``drained`` caps it at 8."""
    s = session([creature("o", "0,0", **OTTER)], rows=["." * 14],
                options={"cascade": {"limit": limit}})
    do(s, "rush", "o", type="overland", roll=[20])
    assert who(s, "o")["effective"]["overland"] == walks
    do(s, "move", "o", type="overland", to=[0, walks])
    refused(s, {"do": "move", "actor": "o", "type": "overland", "to": [0, walks + 1]},
            "over_allowance", "R002-05")
    assert who(s, "o")["allowance"]["swim"] == 0  # the cascade stops at 0


@pytest.mark.parametrize("limit", ["own", "drained"])
def test_R002_05_A002_04_a_spent_flier_walking(limit: str) -> None:
    """R002-04, R002-05, A002-04 (issue 10, item 9): a flier whose Flight is spent walks
    its Overland under ``own`` (the default); ``drained`` (one pool) forbids it."""
    s = session([creature("c", "0,0", **DRAGON)], options={"cascade": {"limit": limit}})
    do(s, "spend", "c", type="flight", distance=15)
    if limit == "own":
        moved = of_type(do(s, "move", "c", type="overland", to=[0, 10]), "moved")[0]
        assert moved.deducted == {"overland": 10, "flight": 0}
    else:
        refused(s, {"do": "move", "actor": "c", "type": "overland", "to": [0, 1]},
                "over_allowance", "R002-05")


@pytest.mark.parametrize("skim, cost", [(True, 4), (False, 6)])
def test_R002_43_R002_04_flight_over_level_ground(skim: bool, cost: int) -> None:
    """R002-04, R002-43 (issue 16, item 3): the printed 4 m flight over level ground costs
    4 m of Flight; ``distance.skim: false`` adds a take-off and a landing leg."""
    s = session([creature("c", "0,0", **DRAGON)], options={"distance": {"skim": skim}})
    moved = of_type(do(s, "move", "c", type="flight", to=[0, 4]), "moved")[0]
    assert moved.distance == cost and moved.mode == "ground"


def test_R002_42_A002_18_burrowed_cover_against_melee() -> None:
    """R002-42, R002-38, A002-18 (issue 10, item 10): a burrowed creature is covered from
    the surface against melee too; an obscured creature on the surface is not."""
    s = session([creature("d", "0,2,-1", scores={"Burrow": 6}),
                 creature("b", "0,1", scores={"Overland": 3}, obscured_pct=60)])
    assert who(s, "d")["melee_cover"] == {"b": 2}
    assert who(s, "b")["melee_cover"] == {"d": 0} and who(s, "b")["cover"] == {"d": 2}


def test_A002_05_a_failure_is_never_reported_as_dos() -> None:
    """A002-05 (issue 10, item 11): 65 against 60 is a failure with 0 DoF, in the log, the
    PP prompt and the decision's context."""
    s = session([creature("e", "0,0", scores={"Overland": 5}, skills={"Running": 60}, pp=2)])
    events = do(s, "rush", "e", type="overland", roll=[65])
    assert of_type(events, "rolled")[0].outcome == "0 DoF"
    pending = s.state.pending
    assert pending is not None and "(0 DoF)" in pending.prompt
    assert pending.context["outcome"] == "0 DoF"


def test_R002_36_R002_37_the_declaration_cost_stays_spent() -> None:
    """R002-36, R002-37 (issue 10, item 12): declaring a Dash Action spends its own cost
    (PP, Simple Actions) at once, and it stays spent when the Action fails."""
    s = session([creature("h", "0,0", scores={"Overland": 5}, skills={"Running": 40},
                          jump=2, height_m=1.5, pp=5),
                 creature("o", "0,6", scores={"Overland": 4})])
    refused(s, {"do": "dash_action", "actor": "h", "action": "Kick", "cost": {"pp": 5},
                "target": "o", "range_m": 1, "closing": "leap", "to": [0, 2], "pp": 1,
                "roll": [60]}, "not_enough_pp", "R002-37")
    events = do(s, "dash_action", "h", action="Kick", cost={"pp": 2, "simple": 1}, target="o",
                range_m=1, closing="leap", to=[0, 2], pp=1, roll=[60])
    assert of_type(events, "dash_held")
    assert of_type(do(s, "dash_check", "h"), "dash_resolved")[0].in_reach is False
    assert who(s, "h")["pp"] == 2 and who(s, "h")["simple_used"] == 1


def _ruled(s: object, legs: tuple[Leg, ...]) -> object:
    state = s.state  # type: ignore[attr-defined]
    a = state.actors["c"]
    t = state.space.terrain
    search = plan_search(t, a, state.options, "flight")
    return rule(t, state.options, search, a, start_spot(t, a), Path("c", "move", legs),
                NO_DICE)


def test_R002_02_R002_03_the_pipeline_rules_each_leg() -> None:
    """R002-02, R002-03, R002-43: the pipeline refuses a leg the map does not link or
    prices wrongly, a leg the Allowance cannot pay, and a path that ends in mid-air
    without a Flight Score; a good path passes."""
    s = session([creature("c", "0,0", scores={"Overland": 10, "Flight": 2})])
    def g(c: int) -> tuple[int, int, int, int, int]:
        return (GROUND, 0, c, 0, 0)

    ok = _ruled(s, (Leg(g(0), g(1), "flight", pays="flight", cost=1.0),))
    assert ok.state.spent == {"flight": 1.0}  # type: ignore[attr-defined]
    with pytest.raises(IllegalCommand) as info:
        _ruled(s, (Leg(g(0), g(2), "flight", pays="flight", cost=1.0),))
    assert info.value.reason == "no_way"
    with pytest.raises(IllegalCommand) as info:
        _ruled(s, (Leg(g(0), g(1), "flight", pays="flight", cost=0.5),))
    assert info.value.reason == "no_way"
    with pytest.raises(IllegalCommand) as info:
        _ruled(s, tuple(Leg(g(c), g(c + 1), "flight", pays="flight", cost=1.0)
                        for c in range(3)))
    assert info.value.reason == "over_allowance"


def test_R002_02_no_landing_in_the_air_without_flight() -> None:
    """R002-02, R002-33: a Breach's Flight may not end in mid-air for a creature with no
    Flight Score of its own (the pipeline's arriving rule)."""
    s = session([creature("s", "1,5", scores={"Swim": 14}, skills={"Swim": 120})], rows=LAKE)
    do(s, "breach", "s", into="air", roll=[35])
    refused(s, {"do": "move", "actor": "s", "type": "flight", "to": [1, 5, 2]}, "no_landing",
            "R002-33")
    state = s.state
    a = state.actors["s"]
    t = state.space.terrain
    start = start_spot(t, a)
    up = (AIR, 1, 5, start[3] + 1, 0)
    with pytest.raises(IllegalCommand) as info:
        rule(t, state.options, plan_search(t, a, state.options, "flight"), a, start,
             Path("s", "breach", (Leg(start, up, "flight", pays="breach", cost=1.0),)),
             NO_DICE)
    assert info.value.reason == "no_landing"
