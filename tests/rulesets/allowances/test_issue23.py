"""Issue 23: where a step changes place or mode (a change of medium, a Breach's move, the
closing move of a Dash Action), the actual step goes through the pipeline."""

from __future__ import annotations

from typing import Any

from ._helpers import cited, creature, do, of_type, refused, session, who

#: a floor, a 3 m cliff, a floor
CLIFF = [".^."]
CLIFF_LEGEND = {".": {"surface": "floor"}, "^": {"surface": "floor", "elevation": 3}}
POND = ["~~~~~"]
POND_LEGEND = {"~": {"surface": "water", "water_depth": 4}, ".": {"surface": "floor"}}


def _mole(options: dict[str, Any] | None = None) -> Any:
    return session([creature("m", "0,0", scores={"Overland": 5}, skills={"Running": 120})],
                   rows=CLIFF, legend=CLIFF_LEGEND, options=options)


def test_R002_12_A002_12_A002_17_the_move_completing_a_breach_makes_one_change() -> None:
    """R002-12, A002-12, A002-17 (item j): the move completing a Breach into the earth may
    go under (the one change the Breach allows) but not come up again beyond the cliff in
    the same Activation; going under alone counts 1, logged once."""
    s = _mole()
    do(s, "breach", "m", into="earth", roll=[5])
    assert who(s, "m")["breach_m"] == 4 and who(s, "m")["transitions"] == 0
    refused(s, {"do": "move", "actor": "m", "to": [0, 2, 0]}, "transition_limit", "R002-12")
    moved = of_type(do(s, "move", "m", to=[0, 2, -1]), "moved")[0]
    assert moved.transitions == 1 and moved.distance == 3
    assert who(s, "m")["transitions"] == 1 and who(s, "m")["mode"] == "earth"
    assert "R002-12" in cited([moved])


def test_A002_12_a_breach_that_does_not_count_makes_its_crossing_free() -> None:
    """A002-12 read otherwise (`breach.counts_as_transition: false`): the Breach's own
    crossing is free, so the mole may dig under the cliff and come up beyond it, the
    second crossing being the Activation's one counted change."""
    s = _mole({"breach": {"counts_as_transition": False}})
    do(s, "breach", "m", into="earth", roll=[5])
    moved = of_type(do(s, "move", "m", to=[0, 2, 0]), "moved")[0]
    assert moved.transitions == 1 and who(s, "m")["mode"] == "ground"
    assert who(s, "m")["transitions"] == 1


def test_R002_12_R002_31_R002_33_a_failed_breach_counts_no_change() -> None:
    """R002-12, R002-31, R002-33 (item k): a Breach out of a pond that gains 0 m moves
    nobody across the surface; the swimmer may still dive once this Activation."""
    s = session([creature("b", "0,2", scores={"Swim": 8, "Overland": 4}, skills={"Swim": 50})],
                rows=POND, legend=POND_LEGEND)
    breached = of_type(do(s, "breach", "b", into="air", roll=[60]), "breached")[0]
    assert breached.gained == 0 and who(s, "b")["transitions"] == 0
    do(s, "move", "b", type="swim", to=[0, 2, -2])
    assert who(s, "b")["transitions"] == 1
    refused(s, {"do": "move", "actor": "b", "type": "swim", "to": [0, 2, 0]},
            "transition_limit", "R002-12")


def test_R002_12_A002_12_a_breach_from_under_the_surface_needs_a_change_left() -> None:
    """R002-12, A002-12: a Breach that must cross the surface (from under water) is
    refused once the Activation's change is used; one from the surface is not."""
    s = session([creature("b", "0,2", scores={"Swim": 8}, skills={"Swim": 50})],
                rows=POND, legend=POND_LEGEND)
    do(s, "move", "b", type="swim", to=[0, 2, -1])
    refused(s, {"do": "breach", "actor": "b", "into": "air", "roll": [10]}, "transition_limit",
            "A002-12")


def test_R002_31_R002_33_a_flier_comes_down_to_the_water_it_breaches_into() -> None:
    """R002-31, R002-33, R002-05 (item l): a flier over a pond Breaches into the water; the
    move completing it flies straight down to the surface with its own Flight and dives
    with the Breach's Swim, the same with `type: swim` as with `type` left out; flying
    across first is not part of the Breach: 2 cells away and 2 m down needs 4 m of Swim
    after the 1 m down, more than the Breach's 2 m (over_allowance)."""
    def flier() -> Any:
        s = session([creature("p", "0,1,1", scores={"Flight": 10}, skills={"Acrobatics": 60})],
                    rows=POND, legend=POND_LEGEND)
        do(s, "breach", "p", into="water", roll=[5])
        assert who(s, "p")["breach_type"] == "swim" and who(s, "p")["breach_m"] == 2
        return s

    named, plain = flier(), flier()
    a = of_type(do(named, "move", "p", type="swim", to=[0, 1, -2]), "moved")[0]
    b = of_type(do(plain, "move", "p", to=[0, 1, -2]), "moved")[0]
    for m in (a, b):
        assert (m.row, m.col, m.z, m.mode) == (0, 1, -2, "water")
        assert m.deducted == {"flight": 1} and m.temporary == 2 and m.transitions == 1
    for by in ("swim", None):
        refused(flier(), {"do": "move", "actor": "p", "to": [0, 3, -2],
                          **({"type": by} if by else {})}, "over_allowance", "R002-05")


def _kicker() -> Any:
    return session([creature("h", "0,0", scores={"Overland": 5}, skills={"Running": 40},
                             jump=2, height_m=1.5),
                    creature("o", "0,6", scores={"Overland": 4})])


def test_R002_04_R002_36_R002_37_moving_between_the_closing_leap_and_the_check() -> None:
    """R002-04, R002-36, R002-37 (item m): a Dash Action whose closing Leap falls short
    waits for its Accuracy Check; the user walks the rest with its own Overland (a Free
    Action during the Action) and the Action goes on; other Actions wait for the check."""
    s = _kicker()
    events = do(s, "dash_action", "h", action="Kick", target="o", range_m=1, closing="leap",
                to=[0, 2], roll=[30])
    held = of_type(events, "dash_held")[0]
    assert held.distance == 4 and "R002-04" in cited([held])
    assert who(s, "h")["dash"]["status"] == "open"
    refused(s, {"do": "rush", "actor": "h", "type": "overland", "roll": [10]}, "dash_open",
            "R002-36")
    assert {"do": "dash_check", "actor": "h"} in [o.command for o in s.options("h")]
    do(s, "move", "h", type="overland", to=[0, 5])
    done = of_type(do(s, "dash_check", "h"), "dash_resolved")[0]
    assert done.in_reach and done.distance == 1
    assert who(s, "h")["dash"]["status"] == "in_reach"
    assert who(s, "h")["allowance"] == {"overland": 2}
    refused(s, {"do": "dash_check", "actor": "h"}, "no_dash", "R002-36")


def test_R002_37_the_check_at_the_end_of_the_turn_fails_out_of_reach() -> None:
    """R002-37: a Dash Action still out of reach when the turn ends fails there, and what
    was spent stays spent."""
    s = _kicker()
    do(s, "dash_action", "h", action="Kick", target="o", range_m=1, closing="leap", to=[0, 2],
       roll=[30])
    done = of_type(do(s, "end_turn", "h"), "dash_resolved")[0]
    assert not done.in_reach and "R002-37" in done.rules
    assert who(s, "h")["leaps"] == 1


def test_A002_25_R002_31_a_climber_on_overland_climbs_down_to_the_water_it_breaches() -> None:
    """A002-25, R002-31, R002-33 (review): a climber whose climbing is charged to Overland
    (`climb.overland_fallback`) leaves the wall straight down to the pool it Breaches into,
    paying Overland, whether the move names the Breach's Type or not."""
    for by in ("swim", None):
        s = session([creature("c", "0,0,1", scores={"Overland": 6}, skills={"Athletics": 90},
                              mode="wall")], rows=["~#"],
                    legend={"~": {"surface": "water", "water_depth": 4},
                            "#": {"surface": "wall", "elevation": 4}},
                    options={"climb": {"overland_fallback": True}})
        do(s, "breach", "c", into="water", roll=[5])
        moved = of_type(do(s, "move", "c", to=[0, 0, -1], **({"type": by} if by else {})),
                        "moved")[0]
        assert moved.deducted == {"overland": 1} and moved.transitions == 1
        assert who(s, "c")["mode"] == "water"


def test_A002_12_without_a_solid_launch_a_jump_leaves_the_water_surface() -> None:
    """A002-12, R002-17 (review): with `jump.needs_solid_launch: false` a frog floating on a
    pond Jumps onto the bank (the map gives the hop from the surface); one under the
    surface has nothing to spring from (no_launch)."""
    rows = ["~~~..", "~~~.."]
    legend = {"~": {"surface": "water", "water_depth": 4}, ".": {"surface": "floor"}}
    stats = {"scores": {"Swim": 8, "Overland": 4}, "skills": {"Acrobatics": 60}, "jump": 3,
             "height_m": 1}
    s = session([creature("f", "0,2", **stats), creature("g", "1,2,-1", **stats)], rows=rows,
                legend=legend, options={"jump": {"needs_solid_launch": False}})
    do(s, "jump", "f", roll=[5])
    moved = of_type(do(s, "move", "f", type="jump", to=[0, 4]), "moved")[0]
    assert (moved.row, moved.col, moved.mode, moved.transitions) == (0, 4, "ground", 0)
    do(s, "end_turn", "f")
    refused(s, {"do": "jump", "actor": "g", "roll": [5]}, "no_launch", "A002-12")


#: a bank (cols 0-2) and a pond 3 m deep (cols 3-6)
BANK = ["...~~~~"]
BANK_LEGEND = {".": {"surface": "floor"}, "~": {"surface": "water", "water_depth": 3}}


def _bank() -> Any:
    return session([creature("g", "0,2", scores={"Overland": 6}, skills={"Running": 60}),
                    creature("f", "0,5,-1", scores={"Swim": 6})],
                   rows=BANK, legend=BANK_LEGEND)


def _held(s: Any, aid: str) -> dict[str, Any]:
    """A creature's state without its Dash Action."""
    return {k: v for k, v in who(s, aid).items() if k != "dash"}


def test_R002_33_A002_15_R002_37_a_refused_closing_breach_keeps_its_metres_held() -> None:
    """R002-33, A002-15, R002-37, R002-04, R002-36 (README note j, scenario 056): a Dash
    Action's closing Breach is ruled as the same Breach outside a Dash. Its closing move
    (2 m with 1 m of Swim) is refused; the Breach's metre "must be used", on the move
    completing it this Activation (R002-33, A002-15), and R002-37 keeps spent only what
    was spent to declare the Action: so it stays held, as after the same refused move
    outside a Dash, while the Action waits for its Accuracy Check (which comes after that
    move, like any other command); it lapses at the end of the turn as outside a Dash."""
    plain = _bank()
    do(plain, "breach", "g", into="water", roll=[30])  # Running 60: 3 DoS -> 1 m of Swim
    refused(plain, {"do": "move", "actor": "g", "type": "swim", "to": [0, 4]},
            "over_allowance")
    s = _bank()
    events = do(s, "dash_action", "g", action="Bite", target="f", range_m=2, closing="breach",
                into="water", to=[0, 4], roll=[30])
    assert not of_type(events, "moved") and not of_type(events, "lapsed")
    assert of_type(events, "dash_held")[0].distance == 4
    assert _held(s, "g") == _held(plain, "g")
    assert who(s, "g")["breach_type"] == "swim" and who(s, "g")["breach_m"] == 1
    refused(s, {"do": "dash_check", "actor": "g"}, "breach_unused", "R002-33", "A002-15")
    for t in (plain, s):  # the move completing the Breach: the same, Dash or not
        moved = of_type(do(t, "move", "g", to=[0, 3]), "moved")[0]
        assert (moved.col, moved.mode, moved.transitions) == (3, "water", 0)
        assert moved.temporary == 1 and moved.deducted.get("overland", 0) == 0
    assert _held(s, "g") == _held(plain, "g") and who(s, "g")["breach_type"] is None
    done = of_type(do(s, "dash_check", "g"), "dash_resolved")[0]
    assert not done.in_reach and done.distance == 3 and "R002-37" in done.rules
    late = _bank()
    do(late, "dash_action", "g", action="Bite", target="f", range_m=2, closing="breach",
       into="water", to=[0, 4], roll=[30])
    end = do(late, "end_turn", "g")
    assert of_type(end, "lapsed")[0].distance == 1 and "A002-15" in cited(of_type(end, "lapsed"))
    assert not of_type(end, "dash_resolved")[0].in_reach
    assert who(late, "g")["breach_type"] is None and who(late, "g")["at"] == "0,2"


def test_A002_13_R002_37_a_refused_closing_leap_keeps_its_distance_held() -> None:
    """A002-13, R002-23, R002-33, R002-37, R002-04 (README note j, the Jump/Leap variant):
    a closing Leap of 2 m whose closing move (3 m) is refused keeps its 2 m held, as the
    same Leap outside a Dash; no other move comes first; the Leap carries the kicker 2 m,
    it walks the rest with Overland, and the Action goes on."""
    plain = _kicker()
    do(plain, "leap", "h", roll=[30])  # Running 40: 1 DoS -> 2 m
    refused(plain, {"do": "move", "actor": "h", "type": "leap", "to": [0, 3]},
            "over_distance")
    s = _kicker()
    events = do(s, "dash_action", "h", action="Kick", target="o", range_m=1, closing="leap",
                to=[0, 3], roll=[30])
    assert not of_type(events, "moved") and not of_type(events, "lapsed")
    assert of_type(events, "dash_held")[0].distance == 6
    assert _held(s, "h") == _held(plain, "h")
    assert who(s, "h")["airborne"] == "leap" and who(s, "h")["airborne_m"] == 2
    refused(s, {"do": "move", "actor": "h", "type": "overland", "to": [0, 1]}, "jump_unused")
    refused(s, {"do": "dash_check", "actor": "h"}, "jump_unused", "A002-13")
    for t in (plain, s):
        moved = of_type(do(t, "move", "h", type="leap", to=[0, 2]), "moved")[0]
        assert moved.col == 2 and moved.deducted.get("overland", 0) == 0
    assert _held(s, "h") == _held(plain, "h") and who(s, "h")["airborne"] is None
    do(s, "move", "h", type="overland", to=[0, 5])
    done = of_type(do(s, "dash_check", "h"), "dash_resolved")[0]
    assert done.in_reach and done.distance == 1
