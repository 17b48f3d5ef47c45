"""The Dash trait and cover (R002-36..42, A002-18..21)."""

from __future__ import annotations

from ._helpers import LAKE, answer, cited, creature, do, of_type, refused, session, who

BUIZEL = {"scores": {"Overland": 6, "Swim": 10}, "skills": {"Swim": 80, "Running": 60},
          "jump": 3, "height_m": 0.7}


def test_R002_36_A002_21_dash_closes_in_at_no_action_cost() -> None:
    """R002-36, A002-21: after declaring a Dash Action and before its Accuracy Check, one
    movement Action closes the gap for free (a Rush uses no Simple Action; its roll
    applies); in range, the Action goes on."""
    s = session([creature("b", "1,0", **BUIZEL), creature("t", "1,9", scores={"Overland": 1})])
    events = do(s, "dash_action", "b", action="Tackle", target="t", range_m=1,
                closing="rush", type="overland", to=[1, 8], roll=[10])  # 60 vs 10: 5 DoS → +2
    assert {"R002-36", "A002-21"} <= cited(events)
    done = of_type(events, "dash_resolved")[0]
    assert done.in_reach and done.distance == 1
    assert who(s, "b")["simple_used"] == 0 and who(s, "b")["allowance"]["overland"] == 0


def test_R002_37_out_of_reach_the_action_fails_and_costs_stay_spent() -> None:
    """R002-37: if the user still cannot get close enough the Action fails; the roll, the
    PP and the closing Action's use stay spent. The Accuracy Check waits until the user
    says it comes (R002-04: it could have moved first). The closing move to 10 m is
    refused, and the Leap's 2 m stay held for the move completing it, as outside a Dash
    (A002-13; README note j): that move comes before the Accuracy Check."""
    s = session([creature("b", "1,0", pp=2, **BUIZEL),
                 creature("t", "1,11", scores={"Overland": 1})])
    events = do(s, "dash_action", "b", action="Tackle", target="t", range_m=1,
                closing="leap", to=[1, 10], roll=[95])
    events += answer(s, "2")  # 80 vs 95: 1 DoF → base 2 m, no whole step → 2 m
    assert of_type(events, "dash_held") and not of_type(events, "dash_resolved")
    assert not of_type(events, "lapsed")
    assert who(s, "b")["airborne"] == "leap" and who(s, "b")["airborne_m"] == 2
    refused(s, {"do": "dash_check", "actor": "b"}, "jump_unused", "A002-13")
    do(s, "move", "b", type="leap", to=[1, 2])
    events = do(s, "dash_check", "b")
    done = of_type(events, "dash_resolved")[0]
    assert not done.in_reach and "R002-37" in done.rules and done.distance == 9
    a = who(s, "b")
    assert a["pp"] == 0 and a["leaps"] == 1 and a["at"] == "1,2" and a["airborne"] is None


def test_A002_18_R002_39_R002_40_obscurement_bands() -> None:
    """R002-39, R002-40, A002-18: 10–50% obscured is Low (+1), 51–90% High (+2), over 90%
    total; below 10% none; cover counts only against ranged attacks."""
    s = session([creature("a", "1,0", scores={"Overland": 1}),
                 creature("t", "1,5", scores={"Overland": 1})])
    q = s.engine.ruleset.queries()["cover"].answer
    for pct, stage in ((5, 0), (10, 1), (50, 1), (51, 2), (90, 2), (91, "total")):
        do(s, "obscure", "gm", target="t", percent=pct)
        assert q(s.state, "a", "t", "ranged")["stage"] == stage
        assert who(s, "t")["cover"] == {"a": stage}
    assert q(s.state, "a", "t", "melee")["stage"] == 0
    refused(s, {"do": "obscure", "actor": "a", "target": "t", "percent": 5}, "gm_only")


def test_R002_38_fog_brings_cover_into_melee() -> None:
    """R002-38: in Fog cover comes into play for melee too, at least `cover.fog_stage`."""
    s = session([creature("a", "1,0", scores={"Overland": 1}),
                 creature("t", "1,1", scores={"Overland": 1})])
    q = s.engine.ruleset.queries()["cover"].answer
    assert q(s.state, "a", "t", "melee")["stage"] == 0
    do(s, "weather", "gm", fog=True)
    assert q(s.state, "a", "t", "melee")["stage"] == 1
    assert "R002-38" in q(s.state, "a", "t", "melee")["rules"]


def test_cover_from_tagged_cells() -> None:
    """R002-39, R002-40: cells tagged low_cover/high_cover give their occupants cover."""
    s = session([creature("a", "0,0", scores={"Overland": 1}),
                 creature("l", "1,1", scores={"Overland": 1}),
                 creature("h", "1,2", scores={"Overland": 1})], rows=["....", ".lh."])
    assert who(s, "l")["cover"]["a"] == 1 and who(s, "h")["cover"]["a"] == 2


def test_R002_41_A002_19_a_fluid_surface_covers_both_sides() -> None:
    """R002-41, A002-19: an attack across the water's surface gives Low Cover (the GM may
    make it High) to the target, whichever side it is on."""
    actors = [creature("m", "1,8,-1", scores={"Swim": 6}),
              creature("p", "1,6,3", mode="air", scores={"Flight": 9})]
    s = session(actors, rows=LAKE)
    assert who(s, "m")["cover"] == {"p": 1} and who(s, "p")["cover"] == {"m": 1}
    h = session(actors, rows=LAKE, options={"cover": {"fluid": "high"}})
    assert who(h, "m")["cover"] == {"p": 2}


def test_R002_42_a_burrowed_creature_has_high_cover() -> None:
    """R002-42: burrowed, High Cover against attacks from the surface (or total, by option),
    except a Tremorsense attacker using an [Earthbound] move."""
    actors = [creature("d", "1,1,-1", scores={"Burrow": 6}),
              creature("x", "1,4", scores={"Overland": 4}, traits=["Tremorsense"])]
    s = session(actors)
    q = s.engine.ruleset.queries()["cover"].answer
    assert q(s.state, "x", "d", "ranged")["stage"] == 2
    assert q(s.state, "x", "d", "earthbound")["stage"] == 0
    t = session(actors, options={"cover": {"burrowed": "total"}})
    assert who(t, "d")["cover"] == {"x": "total"}


def test_A002_20_only_the_stage_is_reported() -> None:
    """A002-20: the engine reports the stage bonus (0, 1, 2 or total) and why, not EVA."""
    s = session([creature("a", "1,0", scores={"Overland": 1}),
                 creature("t", "1,5", scores={"Overland": 1}, obscured_pct=30)])
    got = s.engine.ruleset.queries()["cover"].answer(s.state, "a", "t", "ranged")
    assert set(got) == {"stage", "why", "rules"} and "A002-20" in got["rules"]


def test_R002_37_a_closing_jump_of_zero_metres_moves_nothing() -> None:
    """R002-37: a closing Leap that comes to 0 m cannot move the user; the Action fails."""
    s = session([creature("b", "1,0", **BUIZEL), creature("t", "1,11",
                                                           scores={"Overland": 1})],
                options={"difficulty": {"Challenging": -100, "Demanding": 0, "Intense": -40}})
    events = do(s, "dash_action", "b", action="Tackle", target="t", range_m=1,
                closing="leap", to=[1, 1], roll=[99])
    assert of_type(events, "jumped")[0].distance == 0
    assert of_type(events, "dash_held")[0].distance == 11
    assert not of_type(do(s, "end_turn", "b"), "dash_resolved")[0].in_reach
    assert who(s, "b")["at"] == "1,0" and who(s, "b")["allowance"]["overland"] == 6
