"""Interrupted movement: the Interrupt command, Slowed stacks, the Improvised Maneuver,
and each style's Interrupted effect (R001-19..22, R001-34, R001-37, R001-38, A001-11,
A001-12, A001-15, A001-16)."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import (
    actor,
    cited,
    end_turns,
    move,
    of_type,
    refused,
    seg,
    session,
    types,
    who,
)

#: a wall 4u high on the west, open floor, and water (surface 0u, 4u deep) on the east
LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "#": {"surface": "wall", "elevation": 4},
    "~": {"surface": "water", "water_depth": 4},
}
ROOM = ["#.....~~~", "#.....~~~", "#.....~~~"]


def _slow(s: Any, target: str, stacks: int = 1, **more: Any) -> Any:
    return s.do({"do": "slow", "actor": "gm", "target": target, "stacks": stacks, **more})


def _interrupt(s: Any, target: str, **more: Any) -> Any:
    return s.do({"do": "interrupt", "actor": "gm", "target": target, **more})


def _room(*actors: dict[str, Any], options: dict[str, Any] | None = None) -> Any:
    """The room, with fall damage rolled as 1d6 per full 2u beyond 2u (A001-14's
    `fall.dice`; by default the table applies its own)."""
    options = {"fall": {"dice": "1d6"}, **(options or {})}
    return session(list(actors), rows=ROOM, legend=LEGEND, options=options)


def test_R001_19_an_ability_that_interrupts_movement_hits_the_active_style() -> None:
    """R001-19: the Interrupt command (an Ability that Interrupts Movement) triggers the
    target's active style's Interrupted effect; anyone's Ability may do it, on any
    turn."""
    s = _room(actor("ada", "1,2"), actor("cy", "1,1,4", mode="wall", styles=["Walk", "Climb"]))
    events = _interrupt(s, "cy", roll=[5])
    hit = of_type(events, "movement_interrupted")[0]
    assert (hit.actor, hit.style, hit.effect) == ("cy", "climb", "fall")
    assert "R001-19" in hit.rules
    assert s.state.current == "ada"


def test_R001_20_two_slowed_stacks_interrupt_movement() -> None:
    """R001-20: one Slowed stack does nothing more; the second Interrupts Movement."""
    s = _room(actor("ada", "1,2"), actor("cy", "1,1,4", mode="wall", styles=["Walk", "Climb"]))
    first = _slow(s, "cy")
    assert types(first) == ["slowed_changed"] and who(s, "cy")["slowed"] == 1
    assert who(s, "cy")["mode"] == "wall"
    second = _slow(s, "cy", roll=[2])
    assert types(second) == ["slowed_changed", "movement_interrupted", "rolled", "fell"]
    assert "R001-20" in cited(second)
    assert who(s, "cy")["slowed"] == 2 and who(s, "cy")["z"] == 0


def test_A001_11_only_a_fresh_crossing_of_two_interrupts_again() -> None:
    """A001-11 (default `crossing`): the Interrupt fires when Slowed goes from below 2 to 2
    or more; a third stack does nothing; losing one and gaining it back fires again."""
    s = _room(actor("ada", "1,2"), actor("fin", "1,7", styles=["Walk", "Swim"]))
    assert of_type(_slow(s, "fin", 3), "movement_interrupted") != []  # 0 -> 3 crosses
    assert of_type(_slow(s, "fin", 1), "movement_interrupted") == []  # 3 -> 4
    assert of_type(_slow(s, "fin", -3), "movement_interrupted") == []  # 4 -> 1
    again = _slow(s, "fin", 1)  # 1 -> 2: a fresh crossing
    assert of_type(again, "movement_interrupted") != [] and "A001-11" in cited(again)
    assert who(s, "fin")["slowed"] == 2
    refused(s, {"do": "slow", "actor": "gm", "target": "fin", "stacks": -3}, "no_stacks",
            "R001-20")
    refused(s, {"do": "slow", "actor": "gm", "target": "fin", "stacks": 0}, "no_stacks",
            "R001-20")


def test_A001_11_two_stacks_in_one_application_is_an_option() -> None:
    """A001-11 (`slowed.interrupt: two_in_one_application`): one stack then another does
    not interrupt; two stacks at once do."""
    opts = {"slowed": {"interrupt": "two_in_one_application"}}
    s = _room(actor("ada", "1,2"), actor("fin", "1,7", styles=["Walk", "Swim"]), options=opts)
    assert of_type(_slow(s, "fin"), "movement_interrupted") == []
    assert of_type(_slow(s, "fin"), "movement_interrupted") == []
    assert who(s, "fin")["slowed"] == 2 and who(s, "fin")["adrift"] is False
    assert of_type(_slow(s, "fin", 2), "movement_interrupted") != []
    assert who(s, "fin")["adrift"] is True


def test_A001_11_the_threshold_is_an_option() -> None:
    """A001-11 (`slowed.threshold`): at 3 the second stack does not interrupt yet."""
    s = _room(actor("ada", "1,2"), actor("fin", "1,7", styles=["Walk", "Swim"]),
              options={"slowed": {"threshold": 3}})
    assert of_type(_slow(s, "fin", 2), "movement_interrupted") == []
    assert of_type(_slow(s, "fin", 1), "movement_interrupted") != []


def test_R001_21_the_effect_is_the_active_styles_own() -> None:
    """R001-21: a walker (Walk describes no effect) and a levitator are unaffected; a flier
    falls; a climber falls; a swimmer floats or sinks."""
    s = _room(actor("ada", "1,2"),
              actor("lev", "1,3,2", mode="levitate", styles=["Walk", "Levitate"]),
              actor("fly", "1,4,4", mode="fly", styles=["Walk", "Fly"]),
              actor("fin", "1,7", styles=["Walk", "Swim"]))
    effects = {}
    for aid in ("ada", "lev", "fly", "fin"):
        hit = of_type(_interrupt(s, aid, **({"roll": [3]} if aid == "fly" else {})),
                      "movement_interrupted")[0]
        effects[aid] = (hit.style, hit.effect)
        assert "R001-21" in hit.rules
    assert effects == {"ada": ("walk", "none"), "lev": ("levitate", "none"),
                       "fly": ("fly", "fall"), "fin": ("swim", "float")}
    assert (who(s, "lev")["mode"], who(s, "lev")["z"]) == ("levitate", 2)
    assert (who(s, "fly")["mode"], who(s, "fly")["z"], who(s, "fly")["damage"]) == (
        "ground", 0, 3)
    assert who(s, "ada")["at"] == "1,2" and who(s, "ada")["mode"] == "ground"


def test_R001_22_an_improvised_maneuver_inflicts_slowed_on_a_hit() -> None:
    """R001-22: a Basic Attack made an Improvised Maneuver (at Disadvantage) also inflicts
    Slowed on a hit; a miss does nothing; two hits Interrupt the target."""
    s = _room(actor("ada", "1,2"), actor("cy", "1,1,4", mode="wall", styles=["Walk", "Climb"]))
    miss = s.do({"do": "maneuver", "actor": "ada", "target": "cy", "hit": False})
    assert types(miss) == ["maneuver_made"] and who(s, "cy")["slowed"] == 0
    assert "Disadvantage" in miss[0].describe() and "R001-22" in cited(miss)
    hit = s.do({"do": "maneuver", "actor": "ada", "target": "cy", "hit": True})
    assert types(hit) == ["maneuver_made", "slowed_changed"]
    assert of_type(hit, "slowed_changed")[0].stacks == 1
    again = s.do({"do": "maneuver", "actor": "ada", "target": "cy", "hit": True, "roll": [6]})
    assert of_type(again, "movement_interrupted")[0].effect == "fall"
    assert who(s, "cy")["damage"] == 6
    refused(s, {"do": "maneuver", "actor": "ada", "target": "ada", "hit": True},
            "self_target", "R001-22")
    refused(s, {"do": "maneuver", "actor": "cy", "target": "ada", "hit": True},
            "not_your_turn")


def test_A001_12_a_maneuver_inflicts_one_stack_or_as_many_as_the_option_says() -> None:
    """A001-12: a hit inflicts 1 stack by default; `slowed.maneuver_stacks: 2` makes one
    hit enough to Interrupt."""
    s = _room(actor("ada", "1,2"), actor("fin", "1,7", styles=["Walk", "Swim"]),
              options={"slowed": {"maneuver_stacks": 2}})
    events = s.do({"do": "maneuver", "actor": "ada", "target": "fin", "hit": True})
    assert of_type(events, "slowed_changed")[0].stacks == 2 and "A001-12" in cited(events)
    assert of_type(events, "movement_interrupted")[0].effect == "float"


def test_R001_34_an_interrupted_climber_falls_to_the_floor_below() -> None:
    """R001-34, A001-14: an Interrupted climber falls at once to what is below, and fall
    damage follows (4u: 1d6 with `fall.dice: 1d6`)."""
    s = _room(actor("ada", "1,2"), actor("cy", "1,1,4", mode="wall", styles=["Walk", "Climb"]))
    events = _interrupt(s, "cy", roll=[4])
    assert types(events) == ["movement_interrupted", "rolled", "fell"]
    fell = of_type(events, "fell")[0]
    assert (fell.row, fell.col, fell.z, fell.distance, fell.damage) == (1, 1, 0.0, 4.0, 4)
    assert "R001-34" in cited(events)
    cy = who(s, "cy")
    assert (cy["mode"], cy["z"], cy["damage"], cy["style"]) == ("ground", 0, 4, "walk")


def test_R001_37_an_interrupted_swimmer_floats_up_1u_each_turn() -> None:
    """R001-37, A001-15: the float is applied at the start of each of the swimmer's turns,
    1u at a time, until it reaches the surface."""
    s = _room(actor("ada", "1,2"), actor("fin", "1,7", z=-3, styles=["Walk", "Swim"]))
    events = _interrupt(s, "fin")
    assert of_type(events, "movement_interrupted")[0].effect == "float"
    assert who(s, "fin")["adrift"] is True and who(s, "fin")["z"] == -3  # not yet
    start = end_turns(s, "ada")
    drift = of_type(start, "drifted")
    assert [(d.cause, d.z, d.distance) for d in drift] == [("float", -2.0, 1.0)]
    assert {"R001-37", "A001-15"} <= cited(drift)
    end_turns(s, "fin", "ada")
    end_turns(s, "fin", "ada")
    assert who(s, "fin")["z"] == 0  # -3 -> -2 -> -1 -> 0: the surface
    assert of_type(end_turns(s, "fin", "ada"), "drifted") == []


def test_R001_37_with_more_than_half_good_spots_filled_it_sinks_2u() -> None:
    """R001-37, A001-15: more than half of the Good spots filled (4 of 6) sinks the
    swimmer 2u a turn instead, down to the bed; exactly half (3 of 6) floats."""
    s = _room(actor("ada", "1,2"), actor("sk", "1,7", styles=["Walk", "Swim"], good_filled=4),
              actor("half", "1,8", z=-2, styles=["Walk", "Swim"], good_filled=3))
    assert of_type(_interrupt(s, "sk"), "movement_interrupted")[0].effect == "sink"
    assert of_type(_interrupt(s, "half"), "movement_interrupted")[0].effect == "float"
    events = end_turns(s, "ada")
    assert [(d.cause, d.z) for d in of_type(events, "drifted")] == [("sink", -2.0)]
    events = end_turns(s, "sk")
    assert [(d.cause, d.z) for d in of_type(events, "drifted")] == [("float", -1.0)]
    end_turns(s, "half", "ada")
    assert who(s, "sk")["z"] == -4  # the bed
    assert of_type(end_turns(s, "sk", "half", "ada"), "drifted") != []  # half still floats
    assert who(s, "sk")["z"] == -4


def test_A001_15_swimming_again_ends_the_float_or_sink() -> None:
    """A001-15: the drift repeats until the swimmer spends Movement in Swim again."""
    s = _room(actor("fin", "1,7", styles=["Walk", "Swim"], good_filled=5), actor("ada", "1,2"))
    _interrupt(s, "fin")
    move(s, "fin", seg("swim", 1, 7, -1))
    assert who(s, "fin")["adrift"] is False
    events = end_turns(s, "fin", "ada")
    assert of_type(events, "drifted") == [] and who(s, "fin")["z"] == -1


def test_A001_15_the_good_spots_come_from_outside() -> None:
    """A001-15: filled Good spots are supplied by the GM (`adjust`), and the next turn's
    drift follows the new count."""
    s = _room(actor("ada", "1,2"), actor("fin", "1,7", z=-2, styles=["Walk", "Swim"]))
    _interrupt(s, "fin")
    events = s.do({"do": "adjust", "actor": "gm", "target": "fin", "good_filled": 6})
    assert types(events) == ["adjusted"] and who(s, "fin")["good_filled"] == 6
    drift = of_type(end_turns(s, "ada"), "drifted")
    assert [(d.cause, d.z) for d in drift] == [("sink", -4.0)]
    refused(s, {"do": "adjust", "actor": "ada", "target": "fin", "good_filled": 1},
            "gm_only")
    refused(s, {"do": "adjust", "actor": "gm", "target": "fin", "good_filled": 7},
            "bad_value", "R001-37")


@pytest.mark.parametrize(("opt", "cause", "z"), [
    ({"float_u": 2.0}, "float", -1.0), ({"sink_u": 1.0}, "sink", -3.5)])
def test_R001_37_float_and_sink_distances_are_options(
        opt: dict[str, float], cause: str, z: float) -> None:
    """R001-37 (`swim.float_u`, `swim.sink_u`): how far the float or the sink goes."""
    filled = 0 if cause == "float" else 6
    s = _room(actor("ada", "1,2"),
              actor("fin", "1,7", z=-3 if cause == "float" else -2.5,
                    styles=["Walk", "Swim"], good_filled=filled),
              options={"swim": opt})
    _interrupt(s, "fin")
    drift = of_type(end_turns(s, "ada"), "drifted")
    assert [(d.cause, d.z) for d in drift] == [(cause, z)]


def test_R001_38_A001_16_a_heavy_load_sinks_a_swimmer_each_turn() -> None:
    """R001-38, A001-16: a non-buoyant load at least as heavy as the swimmer sinks it 2u
    at the start of its turns, Interrupted or not; a buoyant one does not; the GM can
    take the load away."""
    anvil = [{"item": "anvil", "weight": 80}]
    raft = [{"item": "raft", "weight": 80, "buoyant": True}]
    s = _room(actor("ada", "1,2"),
              actor("fin", "1,7", styles=["Walk", "Swim"], weight=70, load=anvil),
              actor("rafa", "1,8", styles=["Walk", "Swim"], weight=70, load=raft))
    events = end_turns(s, "ada")
    drift = of_type(events, "drifted")
    assert [(d.actor, d.cause, d.z) for d in drift] == [("fin", "sink", -2.0)]
    assert {"R001-38", "A001-16"} <= cited(drift)
    end_turns(s, "fin")
    assert who(s, "rafa")["z"] == 0
    s.do({"do": "adjust", "actor": "gm", "target": "fin", "load": []})
    events = end_turns(s, "rafa", "ada")
    assert of_type(events, "drifted") == [] and who(s, "fin")["z"] == -2


def test_A001_16_heavy_load_sinking_is_an_option() -> None:
    """A001-16 (`swim.heavy_load_sinks: false`): the GM rules the load does not sink."""
    anvil = [{"item": "anvil", "weight": 80}]
    s = _room(actor("ada", "1,2"),
              actor("fin", "1,7", styles=["Walk", "Swim"], weight=70, load=anvil),
              options={"swim": {"heavy_load_sinks": False}})
    assert of_type(end_turns(s, "ada"), "drifted") == []
    assert who(s, "fin")["z"] == 0
