"""Improvised styles as the GM's pending decision (R001-23..25, A001-13), the Sneaking
Test (R001-05, A001-08, A001-09) and the Montage of a long chase (R001-08, A001-21)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ._helpers import (
    actor,
    answer,
    cited,
    end_turns,
    move,
    move_cmd,
    of_type,
    refused,
    seg,
    session,
    types,
    who,
)

LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "#": {"surface": "wall", "elevation": 4},
    "~": {"surface": "water", "water_depth": 3},
    "o": {"surface": "floor", "tags": ["obscured"]},
    "b": {"surface": "floor", "tags": ["bushes"]},
}
ROOM = ["#.....", "#.....", "#..~~~"]
#: obscured cells at (0,3), (1,3) and (2,5); bushes at (0,5)
HIDES = ["...o.b", "...o..", ".....o"]


def _improvise(s: Any, who_: str, style: str, how: str = "") -> Any:
    return s.do({"do": "improvise", "actor": who_, "style": style, "how": how})


def test_R001_23_improvising_a_style_asks_the_gm() -> None:
    """R001-23: a character describes how it tries a style it lacks; the GM grants or
    refuses it (a pending decision only the GM answers); the options offer it."""
    s = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    offered = {o.command.get("style") for o in s.options("ada")
               if o.command.get("do") == "improvise"}
    assert offered == {"climb", "fly", "levitate"}
    events = _improvise(s, "ada", "climb", "a bed frame against the wall")
    assert types(events) == ["decision_requested"] and "R001-23" in cited(events)
    pending = s.state.pending
    assert pending is not None and pending.actor == "gm" and pending.kind == "improvise"
    assert set(pending.choices) == {"grant", "grant_normal", "grant_double", "test", "refuse"}
    assert "bed frame" in pending.prompt
    refused(s, move_cmd("ada", seg("walk", 1, 2)), "decision_pending")
    refused(s, {"answer": "grant", "actor": "ada"}, "not_your_decision")
    events = answer(s, "refuse", actor="gm")
    assert types(events) == ["decision_made", "style_refused"]
    assert "climb" not in who(s, "ada")["caps"]
    refused(s, move_cmd("ada", seg("climb", 1, 1, 1)), "no_style", "R001-23")


def test_R001_24_the_gm_may_ask_for_a_test_first() -> None:
    """R001-24: before granting, the GM may require a Test; a pass grants the style, a
    plain failure refuses it."""
    s = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    _improvise(s, "ada", "climb")
    events = answer(s, "test")
    assert s.state.pending is not None and s.state.pending.kind == "improvise_test"
    assert "R001-24" in cited(events)
    answer(s, "pass")
    assert who(s, "ada")["caps"]["climb"] == 2
    t = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    _improvise(t, "ada", "climb")
    answer(t, "test")
    failed = answer(t, "fail")
    assert of_type(failed, "style_refused")[0].why == "failed the Test"
    assert "climb" not in who(t, "ada")["caps"]


def test_R001_24_a_failed_test_may_count_as_the_interrupted_style() -> None:
    """R001-24: failing may count as the Interrupted version of the style: a character in
    water that tries to swim without Swim is left floating up (R001-37)."""
    s = session([actor("dry", "1,1", z=-2, styles=["Walk"])], rows=["~~~~", "~~~~", "...."],
                legend=LEGEND)
    _improvise(s, "dry", "swim", "dog paddle")
    answer(s, "test")
    events = answer(s, "fail_interrupted")
    assert types(events) == ["decision_made", "style_refused", "movement_interrupted"]
    hit = of_type(events, "movement_interrupted")[0]
    assert (hit.style, hit.effect) == ("swim", "float") and "R001-24" in hit.rules
    assert who(s, "dry")["adrift"] is True and "swim" not in who(s, "dry")["caps"]


def test_R001_25_an_improvised_style_is_granted_at_half_unless_the_gm_says_more() -> None:
    """R001-25: a grant is the Half variant (2u); a good improvisation, like a bed frame
    for a ladder, earns Climb (4u)."""
    s = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    _improvise(s, "ada", "climb")
    granted = of_type(answer(s, "grant"), "style_granted")[0]
    assert (granted.grade, granted.cap) == ("half", 2.0) and "R001-25" in granted.rules
    refused(s, move_cmd("ada", seg("climb", 1, 1, 2.5)), "over_cap", "R001-12")
    t = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    _improvise(t, "ada", "climb", "a bed frame tipped against the wall as a ladder")
    granted = of_type(answer(t, "grant_normal"), "style_granted")[0]
    assert (granted.grade, granted.cap) == ("normal", 4.0)
    move(t, "ada", seg("climb", 1, 1, 3))
    assert (who(t, "ada")["mode"], who(t, "ada")["z"]) == ("wall", 3)
    u = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    _improvise(u, "ada", "climb")
    assert of_type(answer(u, "grant_double"), "style_granted")[0].cap == 8.0


def test_R001_25_the_default_grade_is_an_option() -> None:
    """R001-25 (`improvise.default_grade: normal`): a plain grant gives 4u."""
    s = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND,
                options={"improvise": {"default_grade": "normal"}})
    _improvise(s, "ada", "climb")
    assert of_type(answer(s, "grant"), "style_granted")[0].cap == 4.0


def test_A001_13_an_improvised_style_is_not_in_the_pool_and_ends_with_the_turn() -> None:
    """A001-13: an improvised style does not count for the largest style (the pool stays
    4u even with Double Climb granted), and the grant lasts until the turn's end."""
    s = session([actor("ada", "1,1"), actor("bob", "0,5")], rows=ROOM, legend=LEGEND)
    _improvise(s, "ada", "climb")
    answer(s, "grant_double")
    a = who(s, "ada")
    assert a["caps"]["climb"] == 8 and a["pool"] == 4 and a["improvised"] == {"climb": 8}
    events = end_turns(s, "ada")
    expired = of_type(events, "grants_expired")
    assert [(e.actor, e.styles) for e in expired] == [("ada", ("climb",))]
    assert "A001-13" in cited(expired)
    assert "climb" not in who(s, "ada")["caps"] and who(s, "ada")["improvised"] == {}


def test_A001_13_grants_lasting_the_encounter_is_an_option() -> None:
    """A001-13 (`improvise.lasts: encounter`): the grant outlasts the turn."""
    s = session([actor("ada", "1,1"), actor("bob", "0,5")], rows=ROOM, legend=LEGEND,
                options={"improvise": {"lasts": "encounter"}})
    _improvise(s, "ada", "climb")
    answer(s, "grant")
    assert of_type(end_turns(s, "ada", "bob"), "grants_expired") == []
    move(s, "ada", seg("climb", 1, 1, 2))
    assert who(s, "ada")["mode"] == "wall"


def test_R001_05_a_move_into_half_cover_offers_a_sneaking_test() -> None:
    """R001-05: a Move that ends at a new place half obscured from every foe lets the
    mover attempt a Sneaking Test; on a pass it gains a Stealth stack of its choice."""
    s = session([actor("ada", "1,1"), actor("foe", "2,0", side="foes")], rows=HIDES,
                legend=LEGEND)
    events = move(s, "ada", seg("walk", 1, 3))
    assert types(events) == ["moved", "decision_requested"]
    assert "R001-05" in cited(events)
    pending = s.state.pending
    assert pending is not None and pending.actor == "ada" and pending.kind == "sneak"
    assert pending.choices == ("hidden", "skip")
    answer(s, "hidden")
    assert s.state.pending is not None and s.state.pending.actor == "gm"
    passed = answer(s, "pass")
    tested = of_type(passed, "sneak_tested")[0]
    assert tested.passed is True and tested.condition == "hidden"
    assert who(s, "ada")["stealth"] == {"hidden": 1}


def test_R001_05_once_per_round() -> None:
    """R001-05: one Sneaking Test a round: a second Move into cover that round offers
    none; the next round does. Skipping the Test uses nothing up."""
    s = session([actor("ada", "1,2", styles=["Double Walk"]), actor("bob", "2,0")],
                rows=HIDES, legend=LEGEND)
    move(s, "ada", seg("walk", 1, 3))
    declined = answer(s, "skip")
    assert types(declined) == ["decision_made", "sneak_declined"]
    move(s, "ada", seg("walk", 0, 3))  # skipped: still allowed this round
    answer(s, "hidden")
    answer(s, "fail")
    assert who(s, "ada")["stealth"] == {}
    again = move(s, "ada", seg("walk", 1, 3))
    assert of_type(again, "decision_requested") == [] and s.state.pending is None
    end_turns(s, "ada", "bob")
    assert s.state.round == 2
    assert of_type(move(s, "ada", seg("walk", 0, 3)), "decision_requested") != []


def test_A001_08_no_test_where_the_conditions_are_not_met() -> None:
    """A001-08: the asterisked Test happens only when R001-05's conditions hold: a Move
    that ends in the open offers nothing."""
    s = session([actor("ada", "1,0")], rows=HIDES, legend=LEGEND)
    events = move(s, "ada", seg("walk", 1, 2))  # passes by no cover, ends in the open
    assert types(events) == ["moved"] and s.state.pending is None
    events = move(s, "ada", seg("walk", 1, 4, via=[[1, 3]]))  # through cover, out again
    assert types(events) == ["moved"] and s.state.pending is None


def test_A001_09_a_new_location_is_an_end_other_than_the_start() -> None:
    """A001-09: a Move that leaves the cover and comes back to where it started is not a
    new location: no Test."""
    s = session([actor("ada", "1,3")], rows=HIDES, legend=LEGEND)
    events = move(s, "ada", seg("walk", 1, 4), seg("walk", 1, 3))
    assert types(events) == ["moved", "moved"] and s.state.pending is None
    assert who(s, "ada")["at"] == "1,3"


def test_A001_09_obscuring_tags_and_conditions_are_options() -> None:
    """A001-09 (`sneak.obscuring_tags`, `sneak.conditions`): bushes obscure when the
    table says so, and the Stealth Conditions to choose from are the table's."""
    opts = {"sneak": {"obscuring_tags": ["bushes"], "conditions": ["hidden", "unseen"]}}
    s = session([actor("ada", "0,4")], rows=HIDES, legend=LEGEND, options=opts)
    assert types(move(s, "ada", seg("walk", 1, 3))) == ["moved"]  # "obscured" no longer
    move(s, "ada", seg("walk", 0, 5), to=[0, 5])
    pending = s.state.pending
    assert pending is not None and pending.choices == ("hidden", "unseen", "skip")
    answer(s, "unseen")
    answer(s, "pass")
    assert who(s, "ada")["stealth"] == {"unseen": 1}


def test_A001_09_a_rolled_sneaking_test_is_an_option() -> None:
    """A001-09 (`sneak.check: roll`): the Test is rolled (d20, pass on 11+ by default,
    or the table's dice and target); the options show its exact odds."""
    opts = {"sneak": {"check": "roll"}}
    s = session([actor("ada", "1,1")], rows=HIDES, legend=LEGEND, options=opts)
    to_cover = [o for o in s.options("ada") if o.to == "1,3"]
    assert to_cover and to_cover[0].checks[0].name == "Sneaking Test"
    assert to_cover[0].checks[0].odds == {"pass": Fraction(1, 2), "fail": Fraction(1, 2)}
    move(s, "ada", seg("walk", 1, 3))
    events = answer(s, "hidden", roll=[11])
    rolled = of_type(events, "rolled")[0]
    assert (rolled.values, rolled.outcome) == ((11,), "pass")
    assert who(s, "ada")["stealth"] == {"hidden": 1} and s.state.pending is None
    hard = {"sneak": {"check": "roll", "dice": "1d6", "target": 6}}
    t = session([actor("ada", "1,1")], rows=HIDES, legend=LEGEND, options=hard)
    to_cover = [o for o in t.options("ada") if o.to == "1,3"]
    assert to_cover[0].checks[0].odds == {"pass": Fraction(1, 6), "fail": Fraction(5, 6)}
    move(t, "ada", seg("walk", 1, 3))
    events = answer(t, "hidden", roll=[5])
    assert of_type(events, "sneak_tested")[0].passed is False


def test_R001_08_A001_21_the_gm_may_run_a_long_chase_as_a_montage() -> None:
    """R001-08, A001-21: the GM switches to a Montage (the Athletics Tests are resolved
    outside the engine): Move is refused and not offered until the Montage ends; only
    the GM may switch."""
    s = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    refused(s, {"do": "montage", "actor": "ada"}, "gm_only", "R001-08")
    events = s.do({"do": "montage", "actor": "gm"})
    assert types(events) == ["montage_set"] and {"R001-08", "A001-21"} <= cited(events)
    assert s.to_json(log=False)["world"] == {"montage": True}
    refused(s, move_cmd("ada", seg("walk", 1, 2)), "montage", "R001-08")
    refused(s, {"do": "montage", "actor": "gm"}, "montage", "R001-08")
    assert not any(o.command.get("do") == "move" for o in s.options("ada"))
    s.do({"do": "montage", "actor": "gm", "on": False})
    move(s, "ada", seg("walk", 1, 2))
    assert who(s, "ada")["at"] == "1,2"


@pytest.mark.parametrize("choice", ["grant", "refuse"])
def test_R001_23_the_improvise_decision_is_logged_and_replayable(choice: str) -> None:
    """R001-23: the GM's answer is part of the log: replaying the events gives the same
    state."""
    s = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    _improvise(s, "ada", "climb")
    answer(s, choice)
    assert s.engine.replay(s.initial, s.events) == s.state
