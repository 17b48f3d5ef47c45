"""Run: the action die, its bands, struggles, the bonus move or free action (R003-01..05,
R003-10, R003-13, R003-23; A003-01..04, A003-13, A003-23)."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import DiceError

from ._helpers import actor, cited, of_type, refused, session, types

RESOURCE = {"attack": "guard", "brace": "stamina", "maneuver": "awareness"}


def run(s: Any, who: str, to: str, die: str = "maneuver", roll: int | None = None) -> Any:
    cmd: dict[str, Any] = {"do": "run", "actor": who, "die": die, "to": to}
    if roll is not None:
        cmd["roll"] = [roll]
    return s.do(cmd)


# -- R003-02: the chosen action die ---------------------------------------------------


@pytest.mark.parametrize("die", ["attack", "brace", "maneuver"])
def test_run_rolls_the_chosen_action_die_R003_02(die: str) -> None:
    """R003-02, A003-01: the player picks Attack, Brace or Maneuver; that die is rolled."""
    dice = {"attack": "d4", "brace": "d8", "maneuver": "d10"}
    s = session([actor("ada", "yard", dice=dice)])
    events = run(s, "ada", "street", die, roll=1)
    (rolled,) = of_type(events, "rolled")
    assert rolled.dice == f"1{dice[die]}"
    assert rolled.check == f"run ({die})"
    assert rolled.values == (1,) and rolled.supplied
    assert {"R003-02", "A003-01"} <= set(rolled.rules)


# -- R003-03: 5 or more ----------------------------------------------------------------


@pytest.mark.parametrize("face", [5, 6])
def test_run_success_moves_and_grants_a_bonus_R003_03(face: int) -> None:
    """R003-03: on 5+ the runner moves into an adjacent span and earns a bonus."""
    s = session([actor("ada", "yard")])
    events = run(s, "ada", "street", roll=face)
    assert types(events) == ["movement_action_taken", "rolled", "moved", "bonus_granted"]
    assert of_type(events, "rolled")[0].outcome == "success"
    assert "R003-03" in of_type(events, "moved")[0].rules
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.bonus, ada.done, ada.movement_actions) == (
        "street", 0, True, False, 1)
    assert s.state.pending is None


def test_run_success_second_move_needs_no_roll_R003_03() -> None:
    """R003-03: the second move is taken without rolling."""
    s = session([actor("ada", "yard")])
    run(s, "ada", "street", roll=5)
    events = s.do({"do": "move", "actor": "ada", "to": "far"})
    assert "rolled" not in types(events)
    assert types(events) == ["bonus_used", "moved"]
    ada = s.state.actors["ada"]
    assert (ada.at, ada.bonus) == ("far", False)
    refused(s, {"do": "move", "actor": "ada", "to": "street"}, "no_bonus", "R003-03")
    refused(s, {"do": "free_action", "actor": "ada", "action": "shout"}, "no_bonus", "R003-03")


def test_run_success_free_action_instead_of_second_move_R003_03() -> None:
    """R003-03: either the free action or the second move, not both."""
    s = session([actor("ada", "yard")])
    run(s, "ada", "street", roll=6)
    events = s.do({"do": "free_action", "actor": "ada", "action": "draw a knife"})
    assert types(events) == ["bonus_used", "free_action_taken"]
    assert of_type(events, "free_action_taken")[0].action == "draw a knife"
    assert s.state.actors["ada"].bonus is False
    refused(s, {"do": "move", "actor": "ada", "to": "far"}, "no_bonus", "R003-03")


@pytest.mark.parametrize("action", ["Run", "run", " fly "])
def test_bonus_free_action_cannot_be_run_or_fly_A003_13(action: str) -> None:
    """R003-03, A003-13: the free action may be anything but Run (or Fly)."""
    s = session([actor("ada", "yard")])
    run(s, "ada", "street", roll=5)
    refused(s, {"do": "free_action", "actor": "ada", "action": action},
            "not_free", "R003-03", "A003-13")
    assert s.state.actors["ada"].bonus is True


# -- R003-04, A003-02..04: 3–4 ----------------------------------------------------------


@pytest.mark.parametrize(("die", "face"), [("attack", 3), ("brace", 4), ("maneuver", 3)])
def test_run_struggle_can_be_paid_R003_04(die: str, face: int) -> None:
    """R003-04: a 3–4 asks whether to pay 1 of the die's resource (guard / stamina /
    awareness); paying succeeds with the full 5+ result (A003-03)."""
    s = session([actor("ada", "yard")])
    events = run(s, "ada", "street", die, roll=face)
    assert of_type(events, "rolled")[0].outcome == "struggle"
    assert "moved" not in types(events)
    pending = s.state.pending
    assert pending is not None
    assert (pending.actor, pending.kind, pending.choices) == ("ada", "struggle", ("pay", "decline"))
    assert pending.context["resource"] == RESOURCE[die]
    assert s.state.actors["ada"].at == "yard"  # nothing moves before the answer

    events = s.do({"answer": "pay"})
    (paid,) = of_type(events, "paid")
    assert (paid.resource, paid.amount) == (RESOURCE[die], 1)
    assert {"R003-04", "A003-03"} <= set(paid.rules)
    ada = s.state.actors["ada"]
    assert getattr(ada, RESOURCE[die]) == 2
    assert sum(getattr(ada, r) for r in RESOURCE.values()) == 8  # only that one resource paid
    assert (ada.at, ada.bonus, ada.done) == ("street", True, False)
    assert s.state.pending is None


def test_run_struggle_declined_is_a_fail_A003_02() -> None:
    """R003-04, A003-02 (default as_fail): without paying, the Run reads as a 1–2:
    one move and nothing further."""
    s = session([actor("ada", "yard")])
    run(s, "ada", "street", "brace", roll=4)
    events = s.do({"answer": "decline"})
    assert "paid" not in types(events)
    assert "turn_spent" in types(events)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.done, ada.bonus, ada.stamina) == ("street", True, False, 3)


def test_run_unpaid_struggle_no_move_option_A003_02() -> None:
    """A003-02 alternative (`run.unpaid_struggle: no_move`): the unpaid Run goes nowhere."""
    s = session([actor("ada", "yard")], options={"run": {"unpaid_struggle": "no_move"}})
    run(s, "ada", "street", roll=3)
    events = s.do({"answer": "decline"})
    assert "moved" not in types(events)
    assert {"R003-04", "A003-02"} <= cited(events)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.done) == ("yard", True)


def test_paid_struggle_single_move_option_A003_03() -> None:
    """A003-03 alternative (`struggle.paid_gives: single_move`): paying buys the move
    but not the bonus."""
    s = session([actor("ada", "yard")], options={"struggle": {"paid_gives": "single_move"}})
    run(s, "ada", "street", roll=4)
    s.do({"answer": "pay"})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.bonus, ada.awareness) == ("street", False, 2)
    refused(s, {"do": "move", "actor": "ada", "to": "far"}, "no_bonus")


def test_struggle_with_resource_at_zero_is_not_offered_A003_04() -> None:
    """A003-04 (default): with the resource at 0 the struggle cannot be bought: no
    decision is asked and the Run is unpaid."""
    s = session([actor("ada", "yard", awareness=0)])
    events = run(s, "ada", "street", "maneuver", roll=3)
    assert s.state.pending is None
    assert "decision_requested" not in types(events)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.done, ada.awareness) == ("street", True, 0)


def test_struggle_allow_negative_option_A003_04() -> None:
    """A003-04 alternative (`struggle.allow_negative: true`): paying below zero is allowed."""
    s = session([actor("ada", "yard", awareness=0)],
                options={"struggle": {"allow_negative": True}})
    run(s, "ada", "street", "maneuver", roll=3)
    assert s.state.pending is not None and s.state.pending.kind == "struggle"
    s.do({"answer": "pay"})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.awareness, ada.bonus) == ("street", -1, True)


def test_struggle_answer_only_by_the_runner() -> None:
    """R003-04: the struggle is the runner's decision; nobody else may answer it."""
    s = session([actor("ada", "yard"), actor("bo", "yard")])
    run(s, "ada", "street", roll=3)
    refused(s, {"answer": "pay", "actor": "bo"}, "not_your_decision")
    refused(s, {"answer": "maybe"}, "bad_choice")
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "street"}, "decision_pending")


# -- R003-05: 1–2 ------------------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 2])
def test_run_fail_moves_once_then_nothing_R003_05(face: int) -> None:
    """R003-05: on 1–2 the runner still moves once, then can do nothing more."""
    s = session([actor("ada", "yard"), actor("foe", "yard", side="raiders")])
    events = run(s, "ada", "street", roll=face)
    assert of_type(events, "rolled")[0].outcome == "fail"
    assert types(events)[-2:] == ["moved", "turn_spent"]
    assert "R003-05" in cited(events)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.done, ada.bonus) == ("street", True, False)
    refused(s, {"do": "move", "actor": "ada", "to": "far"}, "no_bonus")
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "far"}, "turn_spent", "R003-05")
    # the only thing left is to end the turn
    assert [o.command["do"] for o in s.options("ada")] == ["end_turn"]


def test_modified_result_below_one_reads_as_fail_A003_01() -> None:
    """A003-01: modifiers may push the result below 1; it reads as a 1–2."""
    s = session([actor("ada", "yard", dice={"maneuver": "d6-3"})])
    events = run(s, "ada", "street", roll=1)
    rolled = of_type(events, "rolled")[0]
    assert (rolled.total, rolled.outcome) == (-2, "fail")
    assert s.state.actors["ada"].done is True


def test_modifier_can_lift_a_result_into_success_A003_01() -> None:
    """A003-01: bands read the modified total (a 3 on d6+2 is a 5)."""
    s = session([actor("ada", "yard", dice={"brace": "d6+2"})])
    events = run(s, "ada", "street", "brace", roll=3)
    rolled = of_type(events, "rolled")[0]
    assert (rolled.total, rolled.outcome) == (5, "success")
    assert s.state.actors["ada"].bonus is True


def test_default_die_option_A003_01() -> None:
    """A003-01: dice a character lacks take `dice.default_die` (d6 unless set)."""
    s = session([actor("ada", "yard", dice={"attack": "d12"})])
    assert dict(s.state.actors["ada"].dice) == {"attack": "d12", "brace": "d6", "maneuver": "d6"}
    with pytest.raises(DiceError):
        run(s, "ada", "street", "brace", roll=8)  # a d6 cannot show 8
    s8 = session([actor("ada", "yard")], options={"dice": {"default_die": "d8"}})
    assert set(s8.state.actors["ada"].dice.values()) == {"d8"}
    events = run(s8, "ada", "street", "brace", roll=8)
    assert of_type(events, "rolled")[0].dice == "1d8"


# -- A003-23: one movement action per turn -------------------------------------------------


def test_one_movement_action_per_turn_A003_23() -> None:
    """A003-23: one movement action a turn; the bonus move is part of the same action."""
    s = session([actor("ada", "yard"), actor("bo", "far")])
    run(s, "ada", "street", roll=5)
    s.do({"do": "move", "actor": "ada", "to": "far"})
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [6]},
            "already_moved", "A003-23")
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "street", "roll": [6]},
            "already_moved", "A003-23")
    # the next turn gives a fresh action
    s.do({"do": "end_turn", "actor": "ada"})
    s.do({"do": "end_turn", "actor": "bo"})
    assert s.state.actors["ada"].movement_actions == 0
    run(s, "ada", "street", roll=6)
    assert s.state.actors["ada"].at == "street"


def test_more_movement_actions_option_A003_23() -> None:
    """A003-23 option `turn.movement_actions: 2`: a second Run in the same turn."""
    s = session([actor("ada", "yard")], options={"turn": {"movement_actions": 2}})
    run(s, "ada", "street", roll=5)
    run(s, "ada", "far", roll=6)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.movement_actions) == ("far", 2)
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "street"}, "already_moved")


# -- R003-13, R003-10, R003-01: where one Run move goes ------------------------------------


def test_run_into_a_feature_of_the_current_span_R003_13() -> None:
    """R003-13: a Run either enters an adjacent span or a feature of this span."""
    s = session([actor("ada", "yard")])
    run(s, "ada", "crates", roll=5)
    assert s.state.actors["ada"].at == "crates"
    # leaving the feature for the open span is one move too (A003-06)
    s.do({"do": "move", "actor": "ada", "to": "yard"})
    assert s.state.actors["ada"].at == "yard"


def test_run_cannot_reach_a_feature_of_another_span_R003_13() -> None:
    """R003-13: a feature of a neighbouring span is two moves away."""
    s = session([actor("ada", "yard")])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "awning", "roll": [6]},
            "not_adjacent", "R003-13")
    run(s, "ada", "street", roll=6)
    s.do({"do": "move", "actor": "ada", "to": "awning"})
    assert s.state.actors["ada"].at == "awning"


def test_one_move_covers_one_span_R003_10() -> None:
    """R003-10: distance is counted in spans; a move crosses one span, never two."""
    s = session([actor("ada", "yard")])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "far", "roll": [6]},
            "not_adjacent", "R003-13")
    run(s, "ada", "street", roll=6)
    s.do({"do": "move", "actor": "ada", "to": "far"})
    assert s.state.actors["ada"].at == "far"


def test_shifting_inside_a_span_is_not_a_move_R003_01() -> None:
    """R003-01: moving about within one's span is abstract; there is no Run to one's own
    span, and the open span is not a destination the options list."""
    s = session([actor("ada", "yard")])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "yard"}, "already_there")
    destinations = {o.to for o in s.options("ada") if o.command["do"] == "run"}
    assert "yard" not in destinations
    assert {"street", "crates", "door", "steps", "roof"} <= destinations


def test_run_to_an_unknown_place_is_refused() -> None:
    s = session([actor("ada", "yard")])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "nowhere"}, "unknown_place")


def test_run_up_stairs_between_spans_of_different_ground_R003_23() -> None:
    """R003-23, A003-10: with stairs a Run changes ground height; without, it must climb."""
    s = session([actor("ada", "yard")])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "ledge", "roll": [6]},
            "needs_climb", "R003-23")
    run(s, "ada", "roof", roll=5)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height) == ("roof", 1)


def test_run_down_to_a_lower_span_without_stairs_is_refused_A003_10() -> None:
    """A003-10: going down without stairs is a climb down or a drop, not a Run."""
    s = session([actor("ada", "ledge")])
    assert s.state.actors["ada"].height == 2
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "yard", "roll": [6]},
            "needs_climb", "A003-10")
