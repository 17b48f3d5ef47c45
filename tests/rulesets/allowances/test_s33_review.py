"""The s33 cause-by-condition review of `allowances` (README, "The s33 review"): cells the
issue-23 and s31 tables left out, each worked by hand from the text before footwork ran."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine import Session

from ...support import inline_data, inline_session
from ._helpers import LAKE, creature, do, end_round, refused, session, who

#: an upper pool (cols 0-2, surface at 1 m) over a weir into a lower one (surface at 0 m)
WEIR = ["uuu~~~"]
WEIR_LEGEND: dict[str, Any] = {"u": {"surface": "water", "elevation": 1, "water_depth": 3},
                               "~": {"surface": "water", "water_depth": 3}}

#: A002-13 read the other way: a jump's metres are Overland's too
CONSUMES: dict[str, Any] = {"jump": {"consumes_allowance": True}}


def _leaper() -> Session[Any]:
    """A [Jump 3] creature 5 m tall (Jump Height 4 m, Leap base 4 m) with Overland 2 Leaps:
    Running 60, roll 10, 5 DoS: 2 steps of 1 + 3/3 = 2 m, so 8 m (R002-25, R002-26)."""
    s = session([creature("e", "0,0", scores={"Overland": 2}, skills={"Running": 60},
                          jump=3, height_m=5)], options=CONSUMES)
    do(s, "leap", "e", roll=[10], pp=0)
    assert who(s, "e")["airborne_m"] == 8
    return s


def test_A002_13_a_jump_that_spends_overland_offers_only_what_overland_pays() -> None:
    """A002-13 (`jump.consumes_allowance: true`): the Leap's 8 m are Overland's too, and
    Overland has 2 m left (R002-05), so the Leap carries it 2 m at most: options offer no
    landing farther (they offered 3 m and more, which the move then refused), a 3 m
    landing is refused `over_allowance` citing A002-13, and a 2 m one leaves Overland 0."""
    s = _leaper()
    far = [o.command for o in s.options("e")
           if o.command.get("type") == "leap" and abs(o.command["to"][0])
           + abs(o.command["to"][1]) > 2]
    assert far == []
    assert any(o.command.get("to") == [0, 2, 0] for o in s.options("e"))
    refused(s, {"do": "move", "actor": "e", "type": "leap", "to": [0, 3]}, "over_allowance",
            "A002-13")
    do(s, "move", "e", type="leap", to=[0, 2])
    e = who(s, "e")
    assert (e["at"], e["allowance"], e["airborne"]) == ("0,2", {"overland": 0}, None)


def test_A002_13_a_jump_s_odds_and_risk_read_what_overland_may_pay() -> None:
    """A002-13 (`jump.consumes_allowance: true`): the Leap's odds list what it carries the
    creature, at most Overland's 2 m (not 8 m); with Overland spent it carries it nowhere
    whatever the roll, so its risk of not moving is certain (it was the chance of 0 DoS
    steps, 1 in 100)."""
    s = session([creature("e", "0,0", scores={"Overland": 2}, skills={"Running": 60},
                          jump=3, height_m=5)], options=CONSUMES)
    leap = next(o for o in s.options("e") if o.command["do"] == "leap")
    assert set(leap.checks[0].odds) == {"0 m", "2 m"}
    do(s, "spend", "e", type="overland", distance=2)
    leap = next(o for o in s.options("e") if o.command["do"] == "leap")
    assert set(leap.checks[0].odds) == {"0 m"}
    assert leap.risk.loses is not None and leap.risk.loses.chance == 1


def test_A002_13_by_default_a_jump_spends_no_overland() -> None:
    """A002-13 (default): the same Leap spends no Allowance, so 3 m is granted and Overland
    keeps its 2 m."""
    s = session([creature("e", "0,0", scores={"Overland": 2}, skills={"Running": 60},
                          jump=3, height_m=5)])
    do(s, "leap", "e", roll=[10], pp=0)
    do(s, "move", "e", type="leap", to=[0, 3])
    assert who(s, "e")["allowance"] == {"overland": 2}


def _otter(limit: str) -> Session[Any]:
    """An otter (Swim 4, Overland 6) on the shore at (1,3) that has moved 5 m off the map
    (Overland 6 -> 1; Swim, ranked lower, keeps 4, R002-05) Breaches into the lake: Running
    60, Demanding +0, roll 5: 6 DoS, 2 steps: 2 m of Swim (R002-32, R002-33)."""
    s = session([creature("o", "1,3", scores={"Swim": 4, "Overland": 6},
                          skills={"Running": 60})], rows=LAKE,
                options={"cascade": {"limit": limit}})
    do(s, "spend", "o", type="overland", distance=5)
    do(s, "breach", "o", into="water", roll=[5])
    o = who(s, "o")
    assert (o["allowance"], o["breach_type"], o["breach_m"]) == (
        {"swim": 4, "overland": 1}, "swim", 2)
    return s


def test_R002_33_R002_05_a_breach_s_metres_cascade_like_any_move_of_its_type() -> None:
    """R002-33: the Breach adds its 2 m to Swim's Allowance; R002-05: moving them with Swim
    takes them from Swim (4 + 2 - 2 = 4) and from every Type scored as high or higher:
    Overland (6 >= 4) loses them too, down to 0 (it had 1). footwork took nothing from
    Overland (the Breach's metres were a pool of their own)."""
    s = _otter("own")
    do(s, "move", "o", to=[1, 5])
    o = who(s, "o")
    assert (o["at"], o["mode"], o["allowance"]) == ("1,5", "water", {"swim": 4, "overland": 0})


@pytest.mark.parametrize("limit", ["own", "drained"])
def test_R002_33_a_flier_s_move_completing_a_breach_uses_its_metres(limit: str) -> None:
    """R002-33: the Breach's metres must be used, and a move completing it with `type`
    left out is ruled as one with the Breach's Type. A bird (Swim 4, Flight 8, Overland 6)
    on the shore breaches into the lake (2 m of Swim) and moves 2 m out: it swims them
    (Swim 4, Flight and Overland, both scored as high, 2 m less each, R002-05) rather
    than skimming over the water on its own Flight and letting them lapse (which spares
    Overland: once the cascade counted, the search preferred that)."""
    s = session([creature("b", "1,3", scores={"Swim": 4, "Flight": 8, "Overland": 6},
                          skills={"Running": 60})], rows=LAKE,
                options={"cascade": {"limit": limit}})
    do(s, "breach", "b", into="water", roll=[5])
    moved = do(s, "move", "b", to=[1, 5])[0]
    assert (moved.temporary, who(s, "b")["allowance"]) == (
        2.0, {"swim": 4, "flight": 6, "overland": 4})


def test_R002_33_R002_05_under_drained_a_breach_s_metres_fit_the_types_they_drain() -> None:
    """`cascade.limit: drained` (R002-05, A002-04 read as one pool): a move must also fit
    every Type it drains, so the Breach's 2 m of Swim must fit Overland's 1 m: the lake's
    first cell (1 m) is offered and reached, the second (2 m) is not offered and is refused
    `over_allowance`."""
    s = _otter("drained")
    offered = [o.command["to"][:2] for o in s.options("o") if o.command.get("do") == "move"]
    assert [1, 4] in offered and [1, 5] not in offered
    refused(s, {"do": "move", "actor": "o", "to": [1, 5]}, "over_allowance", "R002-05")
    do(s, "move", "o", to=[1, 4])
    assert who(s, "o")["allowance"] == {"swim": 4, "overland": 0}


def test_A002_15_a_breach_in_a_type_it_lacks_takes_from_no_other_type() -> None:
    """A002-15: a Type the creature lacks has no Score to rank, so the Breach's metres in
    it take from no other Type (the printed Sharpedo keeps its Swim; S024's growlithe keeps
    its Overland): a dog (Overland 5) breaching into the lake swims 2 m and keeps 5."""
    s = session([creature("d", "1,3", scores={"Overland": 5}, skills={"Running": 60})],
                rows=LAKE)
    do(s, "breach", "d", into="water", roll=[5])
    do(s, "move", "d", to=[1, 5])
    assert who(s, "d")["allowance"] == {"overland": 5}


def test_R002_12_R002_43_a_swimmer_goes_over_a_weir_without_going_under() -> None:
    """R002-12: only going under the surface or coming up is a change; R002-43: legs add.
    A swimmer on the upper pool's surface at (0,2) swims over the lip onto the lower
    pool's surface at (0,3): 1 m across and 1 m down, 2 m of Swim, no change, at 0 m.
    footwork had no step between surfaces of different heights: it dived 2 m, crossed
    under and stayed 1 m down (3 m, a change). Upstream, naming the upper surface, is
    the same 2 m and no change."""
    s = session([creature("k", "0,2", scores={"Swim": 6})], rows=WEIR, legend=WEIR_LEGEND)
    moved = do(s, "move", "k", to=[0, 3])[0]
    k = who(s, "k")
    assert (moved.distance, moved.transitions, k["z"], k["submerged"]) == (2.0, 0, 0.0, False)
    assert k["allowance"] == {"swim": 4}
    up = session([creature("k", "0,3", scores={"Swim": 6})], rows=WEIR, legend=WEIR_LEGEND)
    moved = do(up, "move", "k", to=[0, 2, 1])[0]
    assert (moved.distance, moved.transitions, who(up, "k")["transitions"]) == (2.0, 0, 0)


#: a floor (cols 0-1) at the foot of a cliff 4 m high (cols 2-4)
CLIFF = ["..HHH", "..HHH"]
CLIFF_LEGEND: dict[str, Any] = {".": {"surface": "floor"},
                                "H": {"surface": "floor", "elevation": 4}}


def test_A002_25_R002_43_a_climber_climbs_down_the_cliff_it_climbs_up() -> None:
    """A002-25: Climb goes up and down a face. A climber (Climb 8, Overland 4) on the
    cliff's top at (0,2) climbs down to the floor at (0,1): over the edge onto the face
    (1 m across), 4 m down: 5 m of Climb, the same as the way up (R002-43); Overland,
    ranked lower, keeps its 4 (R002-05). It may also stop on the face: options list the
    face's nearest hold (4 m up, 1 m away), and 2 m up costs 3 m.
    footwork refused it (`no_way`): a top had no step onto the face below it."""
    s = session([creature("a", "0,2", scores={"Climb": 8, "Overland": 4})], rows=CLIFF,
                legend=CLIFF_LEGEND)
    moved = do(s, "move", "a", to=[0, 1])[0]
    a = who(s, "a")
    assert (moved.distance, a["mode"], a["allowance"]) == (5.0, "ground",
                                                           {"climb": 3, "overland": 4})
    face = session([creature("a", "0,2", scores={"Climb": 8, "Overland": 4})], rows=CLIFF,
                   legend=CLIFF_LEGEND)
    assert any(o.command.get("to") == [0, 1, 4] and o.cost.startswith("1 m")
               for o in face.options("a"))
    do(face, "move", "a", type="climb", to=[0, 1, 2])
    assert (who(face, "a")["mode"], who(face, "a")["allowance"]["climb"]) == ("wall", 5)
    walker = session([creature("w", "0,2", scores={"Overland": 4})], rows=CLIFF,
                     legend=CLIFF_LEGEND)
    refused(walker, {"do": "move", "actor": "w", "to": [0, 1]}, "no_way", "R002-02")


# -- cells that already matched (worked by hand first; pinned so they stay so) ----------


def test_R002_21_A002_07_a_pending_pp_decision_holds_everything_else() -> None:
    """A002-07: the PP are chosen after the d100 is seen, before anything else happens: with
    the decision open, the roller's move, the GM's new Activation and the end of the turn
    are refused (`decision_pending`), nothing changes, and the only options are the
    answers. Eric's printed Jump (92 against 60, 3 DoF) with 3 PP spent is 1 m (R002-20);
    only then does the GM's Activation lapse the metres unused, and a second Jump in the
    round is refused (A002-12: once a round, not once an Activation; A002-22)."""
    s = session([creature("e", "0,0", scores={"Overland": 4}, skills={"Acrobatics": 60},
                          jump=2, height_m=1.8, pp=3)])
    do(s, "jump", "e", roll=[92])
    for command in ({"do": "move", "actor": "e", "to": [0, 1]},
                    {"do": "activation", "actor": "gm"}, {"do": "end_turn", "actor": "e"}):
        refused(s, command, "decision_pending")
    assert [o.command for o in s.options("e")] == [
        {"answer": str(n), "actor": "e"} for n in range(4)]
    s.do({"answer": "3"})
    assert (who(s, "e")["airborne"], who(s, "e")["airborne_m"]) == ("jump", 1)
    lapsed = do(s, "activation", "gm")
    assert [e.type for e in lapsed] == ["lapsed", "activation_started"]
    e = who(s, "e")
    assert (e["at"], e["airborne"], e["jumps"], e["allowance"]) == ("0,0", None, 1,
                                                                    {"overland": 4})
    refused(s, {"do": "jump", "actor": "e", "roll": [5]}, "jump_used", "A002-12")


def test_no_blocking_in_the_text_a_creature_may_end_where_another_stands() -> None:
    """The chapter says nothing of occupied places (the rules catalogue's comparison: not
    covered) and has no gap for it: footwork blocks nothing. A walker ends on another
    creature's cell (offered and granted), and a Leap lands there too."""
    s = session([creature("a", "0,0", scores={"Overland": 4}, skills={"Running": 60},
                          jump=3, height_m=5),
                 creature("b", "0,2", scores={"Overland": 4})])
    assert any(o.command.get("to", [None])[:2] == [0, 2] for o in s.options("a"))
    do(s, "move", "a", to=[0, 2])
    assert who(s, "a")["at"] == who(s, "b")["at"] == "0,2"
    do(s, "leap", "a", roll=[10], pp=0)
    do(s, "move", "a", type="leap", to=[0, 2])
    assert who(s, "a")["at"] == "0,2"


def _secret(scores: dict[str, int], **stats: Any) -> Session[Any]:
    grid = {"cell_size": 1, "unit": "m", "rows": ["...."],
            "legend": {".": {"surface": "floor"}},
            "edges": [{"between": [[0, 1], [0, 2]], "kind": "secret_door"}]}
    return inline_session(inline_data("allowances", grid, [
        {"id": "e", "side": "x", "at": "0,1", "stats": {"scores": scores, **stats}}]))


def test_a_secret_door_stops_a_hop_and_a_burrow_until_the_gm_reveals_it() -> None:
    """The map's secret door is a wall for everyone until revealed (map data; edges are
    full height, docs/grid-maps.md): a Jump's hop (R002-17) cannot cross it and no landing
    beyond it is offered; a burrower cannot dig under it. Once the GM reveals it, the same
    hop crosses."""
    s = _secret({"Overland": 1}, skills={"Acrobatics": 60}, jump=5, height_m=2)
    do(s, "jump", "e", roll=[10], pp=0)
    assert all(o.command.get("to", [0, 0])[1] < 2 for o in s.options("e"))
    refused(s, {"do": "move", "actor": "e", "type": "jump", "to": [0, 2]}, "no_way")
    s.do({"do": "reveal", "actor": "gm", "between": [[0, 1], [0, 2]]})
    do(s, "move", "e", type="jump", to=[0, 2])
    assert who(s, "e")["at"] == "0,2"
    mole = _secret({"Burrow": 6})
    do(mole, "move", "e", to=[0, 1, -1])
    refused(mole, {"do": "move", "actor": "e", "to": [0, 2, -1]}, "no_way")


def test_R002_12_with_no_change_allowed_a_jump_still_lands_on_the_lake() -> None:
    """`transitions.per_activation: 0` (R002-12, A002-17): a Jump's hop that lands on the
    lake's surface goes under nothing, so it is granted; diving after it is a change,
    refused `transition_limit`, and no place under the surface is offered."""
    s = session([creature("e", "1,3", scores={"Overland": 4, "Swim": 6},
                          skills={"Acrobatics": 60}, jump=5, height_m=2)],
                rows=LAKE, options={"transitions": {"per_activation": 0}})
    do(s, "jump", "e", roll=[10], pp=0)
    do(s, "move", "e", type="jump", to=[1, 5])
    assert (who(s, "e")["mode"], who(s, "e")["transitions"]) == ("water", 0)
    assert all(o.command.get("to", [0, 0, 0])[2] >= 0 for o in s.options("e"))
    refused(s, {"do": "move", "actor": "e", "type": "swim", "to": [1, 5, -1]},
            "transition_limit", "R002-12")


def test_A002_22_A002_21_no_simple_action_no_rush_but_a_dash_still_closes_by_rush() -> None:
    """`actions.simple_per_activation: 0` (A002-22): Rush is a Simple Action, so it is
    refused and not offered; a Dash's closing Rush waives that cost (A002-21), so it is
    rolled and the closing move made."""
    s = session([creature("r", "0,0", scores={"Overland": 4}, skills={"Running": 60}),
                 creature("t", "0,9", scores={"Overland": 4})],
                options={"actions": {"simple_per_activation": 0}})
    assert not any(o.command["do"] == "rush" for o in s.options("r"))
    refused(s, {"do": "rush", "actor": "r", "type": "overland", "roll": [10]},
            "no_simple_action", "A002-22")
    events = do(s, "dash_action", "r", action="Tackle", target="t", range_m=1,
                closing="rush", type="overland", to=[0, 4], roll=[10])
    assert [e.type for e in events][:4] == ["dash_declared", "rolled", "rushed", "moved"]


def test_R002_12_A002_12_a_breach_that_must_cross_waits_for_the_next_activation() -> None:
    """R002-12, A002-12: a swimmer that dived (its one change) cannot Breach into the air
    from under the surface (bursting out is a second change): refused `transition_limit`
    and not offered."""
    s = session([creature("k", "1,5", scores={"Swim": 6}, skills={"Swim": 60})], rows=LAKE)
    do(s, "move", "k", to=[1, 6, -1])
    assert not any(o.command["do"] == "breach" for o in s.options("k"))
    refused(s, {"do": "breach", "actor": "k", "into": "air", "roll": [5]},
            "transition_limit", "R002-12")


def test_R002_07_R002_02_a_flier_with_no_flight_left_stays_up_until_the_round_ends() -> None:
    """R002-02: a creature with a Flight Score may stay in the air; with its Flight spent it
    cannot move, but nothing brings it down (falls are not in the chapter); R002-07: the
    round's end gives its 3 m back where it is."""
    s = session([creature("f", "0,0", scores={"Flight": 3})])
    do(s, "move", "f", to=[0, 1, 2])
    assert (who(s, "f")["mode"], who(s, "f")["allowance"]) == ("air", {"flight": 0})
    end_round(s)
    f = who(s, "f")
    assert (f["mode"], f["z"], f["allowance"]) == ("air", 2.0, {"flight": 3})


def test_R002_31_R002_43_a_breach_dive_off_a_bank_and_none_off_a_cliff() -> None:
    """A dog (Overland 5, Running 60) on a bank 1 m above a pond Breaches in: 6 DoS, 2 m of
    Swim (R002-33); the dive is 1 m across and 1 m down (R002-43), all of it. On a cliff
    3 m above the pond it is at no boundary with the water (A002-12): refused
    `not_at_boundary`; a Leap (R002-23) comes down the 3 m onto the water
    (`jump.max_drop_m` 3)."""
    legend: dict[str, Any] = {"^": {"surface": "floor", "elevation": 1},
                              "~": {"surface": "water", "water_depth": 3}}
    s = session([creature("d", "0,1", scores={"Overland": 5}, skills={"Running": 60})],
                rows=["^^~~~"], legend=legend)
    do(s, "breach", "d", into="water", roll=[5])
    moved = do(s, "move", "d", to=[0, 2])[0]
    assert (moved.distance, who(s, "d")["mode"], who(s, "d")["allowance"]) == (
        2.0, "water", {"overland": 5})
    cliff = session([creature("d", "0,1", scores={"Overland": 5}, skills={"Running": 60},
                              jump=5, height_m=2)],
                    rows=["^^~~~"], legend={**legend, "^": {"surface": "floor",
                                                            "elevation": 3}})
    refused(cliff, {"do": "breach", "actor": "d", "into": "water", "roll": [5]},
            "not_at_boundary", "A002-12")
    do(cliff, "leap", "d", roll=[10], pp=0)
    do(cliff, "move", "d", type="leap", to=[0, 3])
    assert (who(cliff, "d")["mode"], who(cliff, "d")["z"]) == ("water", 0.0)


def test_R002_37_A002_22_the_gm_s_activation_brings_a_waiting_dash_s_check() -> None:
    """R002-36, R002-37, A002-22: a Dash Action whose closing Rush failed (Overland 3 does
    not reach (0,5)) waits 9 m from its target; the GM's new Activation brings its Accuracy
    Check: out of reach, it fails, and nothing spent comes back."""
    s = session([creature("r", "0,0", scores={"Overland": 3}, skills={"Running": 60}),
                 creature("t", "0,9", scores={"Overland": 4})])
    do(s, "dash_action", "r", action="Tackle", target="t", range_m=1, closing="rush",
       type="overland", to=[0, 5], roll=[95])
    assert who(s, "r")["dash"]["status"] == "open"
    events = do(s, "activation", "gm")
    assert [e.type for e in events] == ["dash_resolved", "activation_started"]
    assert events[0].in_reach is False
    assert (who(s, "r")["dash"]["status"], who(s, "r")["at"]) == ("failed", "0,0")


def test_A002_25_R002_05_a_swimmer_climbs_out_of_the_lake_and_back() -> None:
    """A002-25, R002-43: from the lake's surface at (0,1) up the 3 m face onto the top at
    (0,2): 1 m up onto the face, 2 m more, 1 m onto the top: 4 m of Climb; Swim, scored as
    high (6 >= 5), loses them too (R002-05). Back down into the water is the same 4 m."""
    legend: dict[str, Any] = {"~": {"surface": "water", "water_depth": 3},
                              "H": {"surface": "floor", "elevation": 3}}
    s = session([creature("k", "0,1", scores={"Swim": 6, "Climb": 5})], rows=["~~H"],
                legend=legend)
    assert do(s, "move", "k", to=[0, 2])[0].distance == 4.0
    assert (who(s, "k")["mode"], who(s, "k")["allowance"]) == ("ground",
                                                               {"swim": 2, "climb": 1})
    down = session([creature("k", "0,2", scores={"Swim": 6, "Climb": 5})], rows=["~~H"],
                   legend=legend)
    assert do(down, "move", "k", to=[0, 1])[0].distance == 4.0
    assert who(down, "k")["mode"] == "water"
