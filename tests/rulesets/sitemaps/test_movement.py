"""Moving and rushing: the zone budget, Slow and Fast, ending anywhere in a zone, tracing
an unbroken path (R004-13..18; A004-02, A004-03, A004-16, A004-18)."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import actor, end_turns, move, of_type, refused, session, types


def _opts(s: Any, who: str) -> dict[str, str]:
    """zone -> "move" (a rush may go there too) or "rush" (only a rush reaches it)."""
    found: dict[str, set[str]] = {}
    for o in s.options(who):
        if o.to is not None:
            found.setdefault(o.to, set()).add(o.command["do"])
    for dos in found.values():
        assert dos == {"move", "rush"} or dos == {"move"} or dos == {"rush"}, dos
        if "rush" in dos and "move" in dos:
            assert not (s.state.actors[who].acted or s.state.actors[who].slow)
    return {z: "move" if "move" in dos else "rush" for z, dos in found.items()}


# -- R004-13: 1 zone before the action ---------------------------------------------------


def test_a_move_crosses_one_zone_R004_13() -> None:
    """R004-13: the move step crosses 1 zone; 2 zones is refused as too far."""
    s = session([actor("ada", "r0", [3, 2])])
    refused(s, {"do": "move", "actor": "ada", "to": "r2", "at": [15, 2]}, "too_far", "R004-13")
    events = move(s, "ada", "r1", [9, 2])
    (moved,) = of_type(events, "moved")
    assert (moved.to, moved.point, moved.zones, moved.rush) == ("r1", (9.0, 2.0), 1, False)
    assert {"R004-13", "R004-17", "R004-18"} <= set(moved.rules)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.point, ada.zones_moved, ada.rushed, ada.acted) == (
        "r1", (9.0, 2.0), 1, False, False)
    refused(s, {"do": "move", "actor": "ada", "to": "r2", "at": [15, 2]}, "too_far", "R004-13")
    # moving about inside the zone reached costs nothing more
    move(s, "ada", "r1", [10, 3])
    assert s.state.actors["ada"].zones_moved == 1


def test_the_budget_comes_back_each_activation_R004_13() -> None:
    """R004-13: each activation brings a new move step."""
    s = session([actor("ada", "r0", [3, 2])])
    move(s, "ada", "r1", [9, 2])
    end_turns(s, "ada")
    assert s.state.actors["ada"].zones_moved == 0
    move(s, "ada", "r2", [15, 2])
    assert s.state.actors["ada"].at == "r2"


def test_options_list_the_zones_in_reach_R004_13_R004_14() -> None:
    """R004-13, R004-14: options offer the next zone as a move, the one beyond as a rush,
    each with a legal spot; every one is accepted (found: a rush into a zone the move step
    reaches was accepted but not listed; now both are listed)."""
    s = session([actor("ada", "r1", [9, 2])])
    assert _opts(s, "ada") == {"r0": "move", "r1": "move", "r2": "move", "r3": "rush"}
    rushes = {o.to for o in s.options("ada") if o.command["do"] == "rush"}
    assert rushes == {"r0", "r1", "r2", "r3"}
    for option in s.options("ada"):
        s.engine.decide(s.state, s.engine.parse(option.command))


# -- R004-14: rush -----------------------------------------------------------------------


def test_rush_moves_one_more_zone_as_the_action_R004_14_A004_02() -> None:
    """R004-14, A004-02: after the move step, a rush (the round action) moves 1 more zone;
    then nothing more moves."""
    s = session([actor("ada", "r0", [3, 2])])
    move(s, "ada", "r1", [9, 2])
    refused(s, {"do": "rush", "actor": "ada", "to": "r3", "at": [21, 2]}, "too_far", "R004-14")
    events = move(s, "ada", "r2", [15, 2], rush=True)
    assert types(events) == ["rushed", "moved"]
    assert {"R004-14", "A004-02"} <= set(events[0].rules)
    assert of_type(events, "moved")[0].rush is True
    ada = s.state.actors["ada"]
    assert (ada.at, ada.zones_moved, ada.rushed, ada.acted) == ("r2", 2, True, True)
    refused(s, {"do": "move", "actor": "ada", "to": "r2", "at": [16, 2]}, "after_action",
            "A004-02")
    refused(s, {"do": "rush", "actor": "ada", "to": "r3", "at": [21, 2]}, "already_acted",
            "R004-14")
    refused(s, {"do": "act", "actor": "ada", "action": "swing"}, "already_acted", "A004-02")


def test_a_rush_alone_covers_the_move_step_too_R004_14() -> None:
    """R004-14, A004-02: a rush right away may use the unspent move step: 2 zones."""
    s = session([actor("ada", "r0", [3, 2])])
    move(s, "ada", "r2", [15, 2], rush=True)
    assert s.state.actors["ada"].zones_moved == 2


def test_rush_is_its_own_command_not_an_action_R004_14() -> None:
    """R004-14: `act` with the action "rush" is refused: rush names where to go."""
    s = session([actor("ada", "r0", [3, 2])])
    refused(s, {"do": "act", "actor": "ada", "action": "Rush"}, "use_rush", "R004-14")


def test_no_moving_after_a_non_rush_action_A004_02() -> None:
    """A004-02: after taking its action, a character moves no more this activation."""
    s = session([actor("ada", "r0", [3, 2])])
    events = s.do({"do": "act", "actor": "ada", "action": "draw a sword"})
    assert types(events) == ["acted"] and of_type(events, "acted")[0].action == "draw a sword"
    assert s.state.actors["ada"].acted
    refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [9, 2]}, "after_action",
            "R004-13", "A004-02")
    refused(s, {"do": "rush", "actor": "ada", "to": "r1", "at": [9, 2]}, "already_acted")
    assert _opts(s, "ada") == {}


def test_moving_after_the_action_is_an_option_A004_02() -> None:
    """A004-02: `move.after_action: true` lets the move step follow the action."""
    s = session([actor("ada", "r0", [3, 2])], options={"move": {"after_action": True}})
    s.do({"do": "act", "actor": "ada", "action": "open the door"})
    move(s, "ada", "r1", [9, 2])
    assert s.state.actors["ada"].at == "r1"


# -- R004-15, R004-16, A004-03: Slow and Fast -----------------------------------------------


def test_a_slow_character_cannot_rush_R004_15() -> None:
    """R004-15: Slow cannot rush (refused, and no rush option), but moves 1 zone (A004-03)."""
    s = session([actor("ada", "r1", [9, 2], slow=True)])
    refused(s, {"do": "rush", "actor": "ada", "to": "r2", "at": [15, 2]}, "slow", "R004-15")
    assert "rush" not in _opts(s, "ada").values()
    move(s, "ada", "r2", [15, 2])
    assert s.state.actors["ada"].at == "r2"


def test_a_fast_character_moves_2_and_rushes_2_more_R004_16() -> None:
    """R004-16: Fast moves 2 zones, plus 2 with a rush; a fifth is too far."""
    s = session([actor("ada", "r0", [3, 2], fast=True)])
    assert _opts(s, "ada") == {"r0": "move", "r1": "move", "r2": "move", "r3": "rush",
                               "r4": "rush"}
    move(s, "ada", "r2", [15, 2])
    refused(s, {"do": "rush", "actor": "ada", "to": "r5", "at": [33, 2]}, "too_far", "R004-16")
    move(s, "ada", "r4", [27, 2], rush=True)
    assert s.state.actors["ada"].zones_moved == 4


@pytest.mark.parametrize(("policy", "can_rush"), [("cancel", True), ("slow_wins", False)])
def test_slow_and_fast_together_A004_03(policy: str, can_rush: bool) -> None:
    """A004-03: Slow and Fast cancel out (normal movement) by default; with
    `move.slow_and_fast: slow_wins` the character is Slow. Either way the base move is 1."""
    s = session([actor("ada", "r0", [3, 2], slow=True, fast=True)],
                options={"move": {"slow_and_fast": policy}})
    refused(s, {"do": "move", "actor": "ada", "to": "r2", "at": [15, 2]}, "too_far")
    move(s, "ada", "r1", [9, 2])
    command = {"do": "rush", "actor": "ada", "to": "r2", "at": [15, 2]}
    if can_rush:
        s.do(command)
        assert s.state.actors["ada"].at == "r2"
    else:
        refused(s, command, "slow", "R004-15", "A004-03")


# -- R004-17: anywhere in the zone -------------------------------------------------------------


@pytest.mark.parametrize("at", [[6.5, 0.5], [11.5, 3.5], [9, 2], [12, 2]])
def test_the_mover_ends_anywhere_in_its_zone_R004_17(at: list[float]) -> None:
    """R004-17: any point of the destination zone, its corners and border included."""
    s = session([actor("ada", "r0", [3, 2])])
    move(s, "ada", "r1", at)
    assert s.state.actors["ada"].point == (float(at[0]), float(at[1]))


def test_a_point_outside_the_zone_is_refused_R004_17() -> None:
    """R004-17: the end point must lie in the zone named."""
    s = session([actor("ada", "r0", [3, 2])])
    err = refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [3, 3]}, "not_in_zone",
                  "R004-17")
    assert err.detail == "(3, 3) is not in r1"
    refused(s, {"do": "move", "actor": "ada", "to": "attic", "at": [3, 3]}, "unknown_place")


# -- R004-18, A004-16: an unbroken path -----------------------------------------------------


def test_a_path_leaves_a_zone_only_through_an_opening_R004_18_A004_16() -> None:
    """R004-18, A004-16: the way goes through the doorway, not through the wall beside it:
    a move to the far corner of the next room is traced round the door jamb."""
    s = session([actor("ada", "r0", [1, 0.5])])
    move(s, "ada", "r1", [7, 0.5])
    assert s.state.actors["ada"].at == "r1"


def test_a_wall_splitting_a_zone_blocks_the_path_R004_18() -> None:
    """R004-18: a wall right across the room: the far side cannot be reached."""
    s = session([actor("ada", "r0", [1, 2])], walls=[[[3, 0], [3, 4]]])
    err = refused(s, {"do": "move", "actor": "ada", "to": "r0", "at": [5, 2]}, "path_blocked",
                  "R004-18", "A004-16")
    assert "walls are in the way" in err.detail and "(1, 2)" in err.detail
    refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [9, 2]}, "path_blocked")


def test_a_path_goes_round_a_wall_R004_18() -> None:
    """R004-18: a wall with a gap at its end: the traced way goes round it."""
    s = session([actor("ada", "r0", [1, 2])], walls=[[[3, 0], [3, 3]]])
    move(s, "ada", "r0", [5, 2])
    assert s.state.actors["ada"].point == (5.0, 2.0)


def test_a_point_inside_a_wall_is_refused_R004_18() -> None:
    """R004-18: nobody stands inside a wall."""
    s = session([actor("ada", "r0", [1, 2])], walls=[[[3, 0], [3, 3]]])
    refused(s, {"do": "move", "actor": "ada", "to": "r0", "at": [3, 1]}, "in_a_wall",
            "R004-18")


def _two_doors() -> Any:
    zones = [{"id": "a", "rect": [0, 0, 6, 6]}, {"id": "b", "rect": [6, 0, 6, 6]}]
    openings = [{"between": ["a", "b"], "at": [[6, 0.5], [6, 2]]},
                {"between": ["a", "b"], "at": [[6, 4], [6, 5.5]]}]
    return session([actor("ada", "a", [3, 5])], zones=zones, openings=openings)


def test_via_waypoints_pick_the_way_R004_18_A004_16() -> None:
    """R004-18, A004-16: `via` points choose the doorway; a via leg through a wall is
    refused with where it is blocked."""
    s = _two_doors()
    events = move(s, "ada", "b", [9, 5], via=[[6, 4.75]])
    assert s.state.actors["ada"].point == (9.0, 5.0)
    assert of_type(events, "moved")[0].zones == 1
    s = _two_doors()
    err = refused(s, {"do": "move", "actor": "ada", "to": "b", "at": [9, 5],
                      "via": [[6, 3]]}, "path_blocked", "R004-18")
    assert "(3, 5) to (6, 3) crosses a wall" in err.detail


def test_via_waypoints_count_the_zones_they_cross_R004_13_R004_18() -> None:
    """R004-13, R004-18: a via detour through another zone counts that zone."""
    s = session([actor("ada", "r1", [9, 2])])
    refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [10, 2],
                "via": [[15, 2]]}, "too_far", "R004-13")
    events = move(s, "ada", "r1", [10, 2], via=[[15, 2]], rush=True)
    assert of_type(events, "moved")[0].zones == 2


def test_rushing_counts_as_moving_for_pins_and_hazards_A004_18() -> None:
    """A004-18: a rush is checked like the move step (a foe may pin); with
    `hazards.rush_counts: false` it is not."""
    foe = actor("orc", "r1", [10, 2.5], side="foes")
    s = session([actor("ada", "r1", [7, 1]), foe])
    events = move(s, "ada", "r2", [15, 1], rush=True)
    assert types(events) == ["rushed", "decision_requested"]
    assert s.state.pending is not None and s.state.pending.actor == "orc"
    s = session([actor("ada", "r1", [7, 1]), foe], options={"hazards": {"rush_counts": False}})
    assert types(move(s, "ada", "r2", [15, 1], rush=True)) == ["rushed", "moved"]
    s = session([actor("ada", "r1", [7, 1]), foe], options={"hazards": {"rush_counts": False}})
    assert types(move(s, "ada", "r2", [15, 1]))[-1] == "decision_requested"
