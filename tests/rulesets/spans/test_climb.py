"""Climb: two free hands, one height per success, struggles, failure, climbing down,
clinging partway (R003-06..09, R003-24; A003-09, A003-10, A003-24)."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import actor, cited, end_turns, of_type, refused, session, types


def climb(s: Any, who: str, to: str, roll: int, die: str = "brace") -> Any:
    return s.do({"do": "climb", "actor": who, "die": die, "to": to, "roll": [roll]})


# -- R003-06, A003-24: two free hands ----------------------------------------------------


@pytest.mark.parametrize("hands", [0, 1])
def test_climb_needs_two_free_hands_R003_06(hands: int) -> None:
    """R003-06, A003-24: a shield or a two-handed weapon (fewer than two free hands)
    blocks Climb."""
    s = session([actor("ada", "yard", hands_free=hands)])
    refused(s, {"do": "climb", "actor": "ada", "die": "brace", "to": "tower", "roll": [6]},
            "hands_full", "R003-06", "A003-24")
    assert not any(o.command["do"] == "climb" for o in s.options("ada"))


def test_freeing_hands_allows_the_climb_A003_24() -> None:
    """A003-24: the `hands` command records free hands, even out of turn; then Climb works."""
    s = session([actor("bo", "yard"), actor("ada", "yard", hands_free=1)])
    events = s.do({"do": "hands", "actor": "ada", "free": 2})  # bo's turn: allowed anyway
    assert types(events) == ["hands_changed"] and "A003-24" in cited(events)
    end_turns(s, "bo")
    climb(s, "ada", "tower", 6)
    assert s.state.actors["ada"].height == 1
    refused(s, {"do": "hands", "actor": "ada", "free": 3}, "bad_hands", "A003-24")


def test_climb_hands_needed_option_A003_24() -> None:
    """A003-24 option `climb.hands_needed: 1`: a climber with a shield may climb."""
    s = session([actor("ada", "yard", hands_free=1)], options={"climb": {"hands_needed": 1}})
    climb(s, "ada", "tower", 5)
    assert s.state.actors["ada"].height == 1


# -- R003-07: 5 or more ------------------------------------------------------------------


def test_climb_success_goes_up_one_height_R003_07() -> None:
    """R003-07, R003-24: a success climbs exactly one height (one storey), and gives no
    bonus move (only Run and Fly do)."""
    s = session([actor("ada", "yard"), actor("bo", "far")])
    events = climb(s, "ada", "tower", 5)
    assert types(events) == ["movement_action_taken", "rolled", "moved"]
    assert of_type(events, "rolled")[0].outcome == "success"
    assert "R003-07" in of_type(events, "moved")[0].rules
    ada = s.state.actors["ada"]
    # the tower is 2 high: one height up, she clings partway
    assert (ada.at, ada.height, ada.climbing, ada.bonus) == ("yard", 1, "tower", False)
    assert s.to_json(log=False)["actors"]["ada"]["conditions"]["clinging"] is True


def test_climb_partway_then_continue_next_turn_R003_07() -> None:
    """R003-07: partway up, the climber continues on a later turn and reaches the top."""
    s = session([actor("ada", "yard"), actor("bo", "far")])
    climb(s, "ada", "tower", 6)
    end_turns(s, "ada", "bo")
    events = climb(s, "ada", "tower", 5)
    assert of_type(events, "moved")[0].climbing is None
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing) == ("tower", 2, None)
    conditions = s.to_json(log=False)["actors"]["ada"]["conditions"]
    assert conditions["on_high"] is True and conditions["clinging"] is False


def test_clinging_climber_can_only_climb_on_back_down_or_drop() -> None:
    """R003-07, A003-10: partway up, a climber cannot Run, nor climb toward somewhere
    else; it may climb on, climb back down, or drop."""
    s = session([actor("ada", "yard"), actor("bo", "far")])
    climb(s, "ada", "tower", 6)
    end_turns(s, "ada", "bo")
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [6]},
            "clinging")
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "ledge", "roll": [6]},
            "clinging")
    kinds = {(o.command["do"], o.to) for o in s.options("ada")}
    assert kinds == {("climb", "tower"), ("climb", "yard"), ("drop", "yard"), ("end_turn", None)}


def test_climb_to_an_adjacent_higher_span_takes_one_climb_per_height_R003_24() -> None:
    """R003-24, R003-07: the ledge's ground is 2 heights up: two climbs."""
    s = session([actor("ada", "yard"), actor("bo", "far")])
    climb(s, "ada", "ledge", 5)
    assert (s.state.actors["ada"].at, s.state.actors["ada"].height) == ("yard", 1)
    end_turns(s, "ada", "bo")
    climb(s, "ada", "ledge", 6)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing) == ("ledge", 2, None)


def test_climb_needs_a_higher_target() -> None:
    """R003-07: Climb goes toward something higher (or lower, A003-10), never level."""
    s = session([actor("ada", "yard")])
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "street"},
            "no_climb_needed")
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "crates"},
            "cannot_climb", "R003-07")
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "far"},
            "not_adjacent", "R003-13")


# -- R003-08: 3–4 ---------------------------------------------------------------------------


def test_climb_struggle_paid_R003_08() -> None:
    """R003-08: a 3–4 may be bought with 1 of the die's resource (stamina for Brace)."""
    s = session([actor("ada", "yard")])
    events = climb(s, "ada", "tower", 3)
    assert "moved" not in types(events)
    pending = s.state.pending
    assert pending is not None and pending.kind == "struggle"
    assert pending.context["resource"] == "stamina"
    assert "R003-08" in of_type(events, "decision_requested")[0].rules
    events = s.do({"answer": "pay"})
    assert "R003-08" in of_type(events, "paid")[0].rules
    ada = s.state.actors["ada"]
    assert (ada.stamina, ada.height, ada.climbing, ada.bonus) == (2, 1, "tower", False)


def test_climb_struggle_declined_fails_R003_08() -> None:
    """R003-08: without paying the climb fails: nothing moves, nothing is paid."""
    s = session([actor("ada", "yard")])
    climb(s, "ada", "tower", 4, die="attack")
    events = s.do({"answer": "decline"})
    assert "moved" not in types(events) and "paid" not in types(events)
    ada = s.state.actors["ada"]
    assert (ada.height, ada.guard, ada.movement_actions) == (0, 3, 1)


# -- R003-09, A003-09: 1–2 -------------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 2])
def test_climb_fail_goes_nowhere_R003_09(face: int) -> None:
    """R003-09: on 1–2 the climb fails; the movement action is spent."""
    s = session([actor("ada", "yard")])
    events = climb(s, "ada", "tower", face)
    assert of_type(events, "rolled")[0].outcome == "fail"
    assert "moved" not in types(events)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.movement_actions) == ("yard", 0, 1)
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "tower"}, "already_moved")


def test_failed_climb_does_not_fall_by_default_A003_09() -> None:
    """A003-09 (default `climb.fail_falls: false`): a clinging climber who fails stays put."""
    s = session([actor("ada", "yard"), actor("bo", "far")])
    climb(s, "ada", "tower", 6)
    end_turns(s, "ada", "bo")
    events = climb(s, "ada", "tower", 1)
    assert "fell" not in types(events)
    ada = s.state.actors["ada"]
    assert (ada.height, ada.climbing, ada.guard, ada.life) == (1, "tower", 3, 5)


def test_failed_climb_falls_with_option_A003_09() -> None:
    """A003-09 alternative (`climb.fail_falls: true`): a failed climb partway up falls."""
    s = session([actor("ada", "yard"), actor("bo", "far")],
                options={"climb": {"fail_falls": True}})
    climb(s, "ada", "tower", 6)
    end_turns(s, "ada", "bo")
    events = s.do({"do": "climb", "actor": "ada", "die": "brace", "to": "tower",
                   "roll": [2, 1]})  # the climb, then the Maneuver to land
    (fell,) = of_type(events, "fell")
    assert (fell.heights, fell.onto) == (1, "yard")
    ada = s.state.actors["ada"]
    # 1 height onto hard ground: 2 guard, 1 lethal less the Maneuver 1
    assert (ada.at, ada.height, ada.climbing, ada.guard, ada.life) == ("yard", 0, None, 1, 5)


def test_failed_climb_from_the_ground_never_falls_A003_09() -> None:
    """A003-09: with `fail_falls` on, a climber still on the ground has nowhere to fall."""
    s = session([actor("ada", "yard")], options={"climb": {"fail_falls": True}})
    events = climb(s, "ada", "tower", 1)
    assert "fell" not in types(events)
    assert s.state.actors["ada"].height == 0


# -- A003-10: climbing down ---------------------------------------------------------------


def test_climb_down_from_on_high_A003_10() -> None:
    """A003-10 (default `climb.allow_down: true`): Climb goes down a height at a time."""
    s = session([actor("ada", "tower"), actor("bo", "far")])
    assert s.state.actors["ada"].height == 2
    climb(s, "ada", "yard", 5)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing) == ("yard", 1, "yard")
    end_turns(s, "ada", "bo")
    climb(s, "ada", "yard", 6)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing) == ("yard", 0, None)


def test_climb_down_to_an_adjacent_lower_span_A003_10() -> None:
    """A003-10: from the ledge (ground 2) down to the yard, same bands as going up."""
    s = session([actor("ada", "ledge")])
    climb(s, "ada", "yard", 3)
    s.do({"answer": "pay"})
    ada = s.state.actors["ada"]
    assert (ada.height, ada.climbing, ada.stamina) == (1, "yard", 2)


def test_climb_down_switched_off_A003_10() -> None:
    """A003-10 alternative (`climb.allow_down: false`): down is only by dropping."""
    s = session([actor("ada", "tower")], options={"climb": {"allow_down": False}})
    refused(s, {"do": "climb", "actor": "ada", "die": "brace", "to": "yard", "roll": [6]},
            "no_climbing_down", "A003-10")
    assert not any(o.command["do"] == "climb" for o in s.options("ada"))
    assert any(o.command["do"] == "drop" for o in s.options("ada"))


def test_climb_needs_grounded_actor() -> None:
    s = session([actor("ada", "yard", mode="flying", can_fly=True)])
    refused(s, {"do": "climb", "actor": "ada", "die": "brace", "to": "tower"}, "airborne")
