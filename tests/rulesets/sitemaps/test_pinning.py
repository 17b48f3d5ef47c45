"""Pinning a mover: the offer, the STR/AGI roll to resist, ending the movement and placing
the pinned mover (R004-19..21; A004-04, A004-05)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from ._helpers import actor, end_turns, move, of_type, refused, session, types

ADA = actor("ada", "r0", [2, 2], STR=10, AGI=10)
BRUNO = actor("bruno", "r1", [9, 1], side="house")


def _offered(**kwargs: Any) -> Any:
    """Ada walks from r0 (2, 2) to r1 (11, 2), past Bruno at (9, 1): he is offered a pin."""
    s = session([ADA, BRUNO, *kwargs.pop("more", [])], **kwargs)
    events = move(s, "ada", "r1", [11, 2])
    assert types(events) == ["decision_requested"]
    return s


def _pinned(**kwargs: Any) -> Any:
    """Bruno pins, Ada fails her AGI roll (15 > 10): Bruno must place her."""
    s = _offered(**kwargs)
    s.do({"answer": "pin", "actor": "bruno"})
    events = s.do({"answer": "AGI", "roll": [15]})
    assert types(events)[-1] == "decision_requested"
    return s


def test_a_foe_is_offered_a_pin_when_the_path_comes_within_reach_R004_19_A004_04() -> None:
    """R004-19, A004-04: the path passes within 2 m of Bruno: he may pin or let pass."""
    s = session([ADA, BRUNO])
    (asked,) = of_type(move(s, "ada", "r1", [11, 2]), "decision_requested")
    assert asked.actor == "bruno" and asked.kind == "pin"
    assert {"R004-19", "A004-04"} <= set(asked.rules)
    pending = s.state.pending
    assert pending is not None and pending.choices == ("pin", "let_pass")
    assert s.state.actors["ada"].point == (2.0, 2.0)  # nothing has moved yet
    refused(s, {"do": "end_turn", "actor": "ada"}, "decision_pending")
    refused(s, {"answer": "pin", "actor": "ada"}, "not_your_decision")


def test_a_path_outside_reach_offers_nothing_R004_19() -> None:
    """R004-19: a way that stays more than 2 m from Bruno gives him no chance."""
    s = session([ADA, actor("bruno", "r1", [9, 3.9], side="house")])
    assert types(move(s, "ada", "r1", [11, 1])) == ["moved"]


def test_allies_do_not_pin_A004_04() -> None:
    """A004-04: only characters of another side try to pin."""
    s = session([ADA, actor("bruno", "r1", [9, 1], side="crew")])
    assert types(move(s, "ada", "r1", [11, 2])) == ["moved"]


def test_let_pass_continues_the_move_R004_19() -> None:
    """R004-19: letting the mover pass costs nothing and the move ends where asked."""
    s = _offered()
    events = s.do({"answer": "let_pass", "actor": "bruno"})
    assert types(events) == ["decision_made", "moved"]
    assert s.state.actors["ada"].point == (11.0, 2.0)
    assert s.state.actors["bruno"].pins_used == 0 and s.state.pending is None


def test_the_mover_picks_str_or_agi_to_resist_R004_20_A004_04() -> None:
    """R004-20, A004-04: after a pin the mover (by default) picks STR or AGI."""
    s = _offered()
    events = s.do({"answer": "pin", "actor": "bruno"})
    assert types(events) == ["decision_made", "pin_attempted", "decision_requested"]
    assert s.state.actors["bruno"].pins_used == 1
    pending = s.state.pending
    assert pending is not None
    assert (pending.actor, pending.kind, pending.choices) == ("ada", "resist_pin",
                                                              ("STR", "AGI"))
    assert "R004-20" in events[-1].rules


def test_the_pinner_picks_with_the_option_A004_04() -> None:
    """A004-04: with `pin.chooser: pinner` Bruno picks the attribute Ada rolls."""
    s = _offered(options={"pin": {"chooser": "pinner"}})
    s.do({"answer": "pin", "actor": "bruno"})
    assert s.state.pending is not None and s.state.pending.actor == "bruno"
    events = s.do({"answer": "STR", "actor": "bruno", "roll": [10]})
    (rolled,) = of_type(events, "rolled")
    assert rolled.check.startswith("STR 10") and rolled.actor == "ada"


@pytest.mark.parametrize(("choice", "value"), [("STR", 14), ("AGI", 3)])
def test_a_passed_roll_continues_the_move_R004_20_A004_01(choice: str, value: int) -> None:
    """R004-20, A004-01: roll d20 at most the attribute: the move goes on to its end."""
    s = session([actor("ada", "r0", [2, 2], STR=14, AGI=3), BRUNO])
    move(s, "ada", "r1", [11, 2])
    s.do({"answer": "pin", "actor": "bruno"})
    events = s.do({"answer": choice, "roll": [value]})
    assert types(events) == ["decision_made", "rolled", "moved"]
    (rolled,) = of_type(events, "rolled")
    assert rolled.outcome == "pass" and rolled.supplied
    assert {"R004-20", "A004-01"} <= set(rolled.rules)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.point, ada.stopped) == ("r1", (11.0, 2.0), False)


def test_a_failed_roll_ends_the_movement_at_once_R004_21() -> None:
    """R004-21: a failed roll stops the mover where the pin caught it; the pinner is asked
    where to place it; the movement is over for the activation."""
    s = _offered()
    s.do({"answer": "pin", "actor": "bruno"})
    events = s.do({"answer": "AGI", "roll": [11]})
    assert types(events) == ["decision_made", "rolled", "movement_ended", "decision_requested"]
    (ended,) = of_type(events, "movement_ended")
    assert "R004-21" in ended.rules and ended.why == "pinned by bruno"
    assert math.dist(ended.point, (9, 1)) == pytest.approx(2.0)
    ada = s.state.actors["ada"]
    assert ada.stopped and ada.at == "r1"
    pending = s.state.pending
    assert pending is not None and (pending.actor, pending.kind) == ("bruno", "place_pinned")


def test_the_pinner_places_the_mover_within_2_m_of_himself_R004_21_A004_05() -> None:
    """R004-21, A004-05: the placement must be within 2 m of the pinner, on a free legal
    spot; refused answers keep the decision pending; then movement is over."""
    s = _pinned()
    refused(s, {"answer": "place", "at": [2, 2]}, "not_nearby", "R004-21", "A004-05")
    refused(s, {"answer": "place", "at": [9, 2]}, "occupied", "A004-06")
    refused(s, {"answer": "place", "at": [9, -1]}, "off_the_map", "A004-05")
    assert s.state.pending is not None and s.state.pending.kind == "place_pinned"
    events = s.do({"answer": "place", "at": [9, 3]})
    assert types(events) == ["decision_made", "placed"]
    (placed,) = of_type(events, "placed")
    assert {"R004-21", "A004-05"} <= set(placed.rules)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.point, ada.stopped) == ("r1", (9.0, 3.0), True)
    assert s.state.pending is None
    refused(s, {"do": "rush", "actor": "ada", "to": "r2", "at": [15, 2]}, "movement_over",
            "R004-21")
    refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [11, 3]}, "movement_over")


def test_the_placement_may_be_in_another_zone_A004_05() -> None:
    """A004-05: within 2 m of the pinner, even across a zone border."""
    s = session([ADA, actor("bruno", "r1", [7, 2], side="house")])
    move(s, "ada", "r1", [11, 2])
    s.do({"answer": "pin", "actor": "bruno"})
    s.do({"answer": "AGI", "roll": [20]})
    s.do({"answer": "place", "at": [5, 2]})
    assert (s.state.actors["ada"].at, s.state.actors["ada"].point) == ("r0", (5.0, 2.0))


def test_placing_without_a_point_takes_the_nearest_free_spot_A004_05() -> None:
    """A004-05: `place` without `at` puts the mover on the free spot within reach nearest to
    where it stopped (so the listed answer is always accepted)."""
    s = _pinned()
    stopped = s.state.actors["ada"].point
    events = s.do({"answer": "place"})
    (placed,) = of_type(events, "placed")
    assert math.dist(placed.point, (9, 1)) <= 2 + 1e-9
    assert math.dist(placed.point, stopped) < 0.1


def test_a_placement_is_not_a_move_A004_05() -> None:
    """A004-05: a placement next to another foe offers that foe no pin."""
    s = _pinned(more=[actor("cook", "r2", [13, 1], side="house")])
    events = s.do({"answer": "place", "at": [11, 1]})
    assert types(events) == ["decision_made", "placed"]
    assert s.state.pending is None


def test_one_pin_per_round_A004_04() -> None:
    """A004-04: a pinner tries once per round; the next round he may again."""
    s = _offered(more=[actor("cy", "r0", [4.5, 0.5])], order=["ada", "cy", "bruno"])
    s.do({"answer": "pin", "actor": "bruno"})
    s.do({"answer": "AGI", "roll": [1]})  # Ada breaks free
    end_turns(s, "ada")
    assert types(move(s, "cy", "r1", [7, 1])) == ["moved"]  # Bruno has used his pin
    end_turns(s, "cy", "bruno")
    assert s.state.actors["bruno"].pins_used == 0
    assert types(move(s, "ada", "r1", [7, 3.5])) == ["decision_requested"]


def test_pins_per_round_is_an_option_A004_04() -> None:
    """A004-04: with `pin.per_round: 0` nobody pins."""
    s = session([ADA, BRUNO], options={"pin": {"per_round": 0}})
    assert types(move(s, "ada", "r1", [11, 2])) == ["moved"]


def _pool(bruno_agi: int) -> Any:
    zones = [{"id": "hall", "rect": [0, 0, 8, 4]},
             {"id": "pool", "rect": [0, 4, 8, 3], "water": {"turbulent": True}}]
    s = session([actor("bruno", "pool", [4, 5], side="house", AGI=bruno_agi),
                 actor("ada", "hall", [1, 3])], zones=zones,
                openings=[{"between": ["hall", "pool"]}])
    end_turns(s, "bruno")  # the end-of-activation swim roll: AGI 0 always fails
    return s


def test_a_drowning_character_cannot_pin_A004_04_R004_28() -> None:
    """A004-04, R004-28: the pinner must be able to act; a drowning one cannot."""
    s = _pool(0)
    assert s.state.actors["bruno"].drowning
    assert types(move(s, "ada", "hall", [7, 3])) == ["moved"]
    s = _pool(20)
    assert not s.state.actors["bruno"].drowning
    assert types(move(s, "ada", "hall", [7, 3])) == ["decision_requested"]


def test_no_pin_through_a_wall_R004_09_R004_19() -> None:
    """R004-09, R004-19: arm's reach does not pass through a wall; nor does a placement."""
    zones = [{"id": "hall", "rect": [0, 0, 8, 4]}, {"id": "cell", "rect": [0, 4, 8, 3]}]
    s = session([actor("ada", "hall", [1, 3]), actor("bruno", "cell", [4, 5], side="house")],
                zones=zones, openings=[])
    assert types(move(s, "ada", "hall", [7, 3])) == ["moved"]
