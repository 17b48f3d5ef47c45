"""Forced movement (R000-48..55; A000-02, A000-17)."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, at, cited, end_turns, of_type, refused, session

ARENA = [{"id": "ring"}, {"id": "mud", "dt": 20}, {"id": "bog", "dt": 30},
         {"id": "yard", "start_of_turn": ["ley line"], "traps": [{"name": "caltrops"}]},
         {"id": "cell", "limit": 1}, {"id": "beyond"}, {"id": "chasm", "floor_m": -500}]
ARENA_LINKS: list[Any] = [["ring", "mud"], ["ring", "bog"], ["ring", "yard"], ["ring", "cell"],
                          ["yard", "beyond"],
                          {"a": "ring", "b": "chasm", "one_way": True, "drop": True}]


def arena(**options: Any) -> Any:
    return session([actor("ada", "ring", earth=5), actor("foe", "ring", side="bad",
                                                         earth_defense=10),
                    actor("jailer", "cell", side="bad")],
                   zones=ARENA, links=ARENA_LINKS, options=options or None)


def test_forced_movement_is_a_challenge_against_a_defence_R000_48_R000_49_A000_17() -> None:
    """R000-48, R000-49, A000-17: a throw is forced movement, rolled against the target's
    Earth defence; a failure leaves it in place."""
    s = arena()
    events = s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "yard"})
    assert s.state.pending.actor == "foe" and "R000-49" in cited(events)
    events = s.do({"answer": "defend", "roll": [2]})  # 7 < 10
    assert at(s, "foe") == "ring" and of_type(events, "rolled")[0].outcome == "failure"
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "yard"})
    events = s.do({"answer": "defend", "roll": [6]})
    assert at(s, "foe") == "yard" and "R000-48" in cited(events)


def test_the_target_may_forfeit_its_defence_R000_50() -> None:
    """R000-50: forfeiting skips the defence: the whole effect applies (traps included)."""
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "yard"})
    events = s.do({"answer": "forfeit"})
    assert at(s, "foe") == "yard" and not of_type(events, "rolled")
    assert of_type(events, "trap_sprung")


def test_only_into_adjacent_zones_R000_51_A000_17() -> None:
    """R000-51, A000-17: the destination is adjacent to the target's zone: one zone at most
    per forced movement."""
    s = arena()
    refused(s, {"do": "throw", "actor": "ada", "target": "foe", "to": "beyond"},
            "not_adjacent", "R000-51")


def test_a_throw_at_25_clears_dt_20_but_not_dt_30_R000_52_A000_02() -> None:
    """R000-52, A000-02: the printed example: a Result of 25 forces a target into DT 20 but
    not into DT 30 (strictly higher), where the thrower must pick another zone."""
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "mud"})
    s.do({"answer": "defend", "roll": [20]})  # 20 + 5 = 25
    assert at(s, "foe") == "mud"
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "bog"})
    events = s.do({"answer": "defend", "roll": [20]})
    assert at(s, "foe") == "ring" and s.state.pending.kind == "forced_destination"
    assert "bog" not in s.state.pending.choices and "mud" in s.state.pending.choices
    assert "R000-52" in cited(events)
    s.do({"answer": "mud"})
    assert at(s, "foe") == "mud"


def test_exactly_the_dt_is_not_enough_unless_the_option_says_so_A000_02() -> None:
    """A000-02: a Result equal to the DT fails by default; `dt_strictly_greater: false`."""
    for strict, where in ((True, "ring"), (False, "mud")):
        s = arena(forced_move={"dt_strictly_greater": strict})
        s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "mud"})
        s.do({"answer": "defend", "roll": [15]})  # 20
        if s.state.pending is not None:
            s.do({"answer": "none"})
        assert at(s, "foe") == where


def test_zone_wide_movement_resolves_last_in_the_round_R000_53() -> None:
    """R000-53: a raft on a river: the zone's current moves everyone after all turns."""
    zones = [{"id": "raft", "tile": {"kind": "current", "to": "rapids"}}, {"id": "rapids"}]
    s = session([actor("ada", "raft"), actor("bo", "raft")], zones=zones,
                links=[["raft", "rapids"]])
    end_turns(s, "ada")
    assert at(s, "ada") == "raft"
    end_turns(s, "bo")
    assert at(s, "ada") == at(s, "bo") == "rapids"


def test_forced_arrival_sets_off_the_location_and_its_benefit_R000_54() -> None:
    """R000-54: a forced arrival sets off traps at once and the start-of-turn benefit may be
    used at once, even out of turn."""
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "yard"})
    events = s.do({"answer": "forfeit"})
    assert of_type(events, "trap_sprung") and a(s, "foe").aura == 9
    assert a(s, "foe").benefits == ("ley line",)
    s.do({"do": "use_benefit", "actor": "foe", "benefit": "ley line"})
    assert a(s, "foe").benefits == ()


def test_forced_movement_ignores_speed_and_can_pitch_off_a_cliff_R000_55() -> None:
    """R000-55: a target with no Speed left can still be thrown; off a drop it falls."""
    s = session([actor("ada", "ring", earth=5), actor("foe", "ring", side="bad")],
                zones=ARENA, links=ARENA_LINKS, options={"speed": {"base": 0}})
    assert a(s, "foe").speed == 0
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "chasm"})
    events = s.do({"answer": "forfeit"})
    assert of_type(events, "fall_started") and a(s, "foe").fall_onto == "chasm"


def test_full_zone_cannot_receive_a_forced_character_A000_17() -> None:
    """A000-17: a full zone is no destination (unless `respects_limit` is off)."""
    s = arena()
    refused(s, {"do": "throw", "actor": "ada", "target": "foe", "to": "cell"}, "zone_full",
            "A000-17")
    s = arena(forced_move={"respects_limit": False})
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "cell"})
    s.do({"answer": "forfeit"})
    assert at(s, "foe") == "cell"
