"""Falls: damage by surface and heights, armour, the Maneuver roll, abilities, the Skysea,
jump attacks (R003-25..29, R003-36..39; A003-08, A003-10, A003-19..21, A003-25)."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.rulesets.spans.damage import applied_damage, fall_damage
from footwork.rulesets.spans.options import SpansOptions

from ._helpers import actor, cited, end_turns, of_type, refused, session, types

DEFAULT = SpansOptions()

#: A cliff top five storeys above a stone quay, a mud flat and a lagoon; the sky below.
CLIFF: list[dict[str, Any]] = [
    {"id": "top", "ground": 5, "features": [{"id": "spire", "kind": "on_high", "height": 7}]},
    {"id": "quay", "surface": "hard"},
    {"id": "mud", "surface": "soft"},
    {"id": "lagoon", "surface": "water"},
    {"id": "low", "ground": 3, "surface": "water"},
    {"id": "void", "ground": -9, "surface": "skysea"},
]
CLIFF_LINKS = [["top", s] for s in ("quay", "mud", "lagoon", "low", "void")]


def cliff(*actors: dict[str, Any], **options: Any) -> Any:
    return session(list(actors), spans=CLIFF, links=CLIFF_LINKS, options=options or None)


def drop(s: Any, who: str, to: str | None = None, roll: int | None = None) -> Any:
    cmd: dict[str, Any] = {"do": "drop", "actor": who}
    if to is not None:
        cmd["to"] = to
    if roll is not None:
        cmd["roll"] = [roll]
    return s.do(cmd)


# -- A003-08, R003-25: the placeholder table ----------------------------------------------


@pytest.mark.parametrize("heights", [1, 2, 3, 5])
def test_fall_damage_table_by_surface_and_heights_A003_08(heights: int) -> None:
    """R003-25, A003-08: guard 2 per height; lethal = heights on hard, heights-1 on soft,
    none in water for 2 heights or less (then as hard)."""
    assert fall_damage(DEFAULT, heights, "hard") == (2 * heights, heights)
    assert fall_damage(DEFAULT, heights, "soft") == (2 * heights, heights - 1)
    water_lethal = 0 if heights <= 2 else heights
    assert fall_damage(DEFAULT, heights, "water") == (2 * heights, water_lethal)


def test_no_heights_no_damage_A003_08() -> None:
    assert fall_damage(DEFAULT, 0, "hard") == (0, 0)


def test_fall_table_is_an_option_A003_08() -> None:
    """A003-08: `fall.surfaces` replaces the placeholder with the published table."""
    opts = SpansOptions.model_validate(
        {"fall": {"surfaces": {"hard": {"guard_per_height": 3, "lethal_offset": 1}}}})
    assert fall_damage(opts, 2, "hard") == (6, 3)


def test_armour_reduces_guard_never_lethal_R003_27() -> None:
    """R003-27, A003-19: armour takes off guard damage only; lethal ignores it."""
    s = cliff(actor("ada", "quay", armor=3))
    victim = s.state.actors["ada"]
    assert applied_damage(DEFAULT, victim, 2, "hard", None) == (1, 2)
    assert applied_damage(DEFAULT, victim, 1, "hard", None) == (0, 1)  # never below 0
    no_armor = SpansOptions.model_validate({"fall": {"armor_reduces_guard": False}})
    assert applied_damage(no_armor, victim, 2, "hard", None) == (4, 2)


@pytest.mark.parametrize(("maneuver", "lethal"), [(0, 4), (1, 3), (3, 1), (4, 0), (6, 0),
                                                  (-2, 4)])
def test_maneuver_result_subtracts_from_lethal_R003_28(maneuver: int, lethal: int) -> None:
    """R003-28: the Maneuver result comes off the lethal damage; a negative result counts
    as zero (it never adds damage), and lethal never goes below zero."""
    s = cliff(actor("ada", "quay", armor=5))
    assert applied_damage(DEFAULT, s.state.actors["ada"], 4, "hard", maneuver) == (3, lethal)


# -- R003-25, R003-28, R003-36: a fall in play ------------------------------------------------


def test_drop_onto_hard_ground_R003_25() -> None:
    """R003-25, R003-28, R003-36: stepping off the cliff (5 heights onto the quay): the free
    Maneuver roll, guard damage first, then lethal damage to life."""
    s = cliff(actor("ada", "top", guard=20, life=9))
    events = drop(s, "ada", "quay", roll=2)
    assert types(events) == ["movement_action_taken", "fell", "rolled", "damaged", "landed"]
    (fell,) = of_type(events, "fell")
    assert (fell.heights, fell.surface, fell.onto) == (5, "hard", "quay")
    (rolled,) = of_type(events, "rolled")
    assert {"R003-28", "R003-36"} <= set(rolled.rules) and rolled.dice == "1d6"
    (damaged,) = of_type(events, "damaged")
    assert (damaged.guard, damaged.lethal) == (10, 3)
    assert {"R003-25", "R003-27", "A003-08"} <= set(damaged.rules)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.guard, ada.life) == ("quay", 0, 10, 6)


def test_drop_onto_soft_ground_and_water_A003_08() -> None:
    """A003-08: the same 5-height fall onto mud (lethal 4) and into the lagoon (5)."""
    s = cliff(actor("ada", "top", guard=20, life=9))
    drop(s, "ada", "mud", roll=1)
    assert s.state.actors["ada"].life == 9 - 3
    s2 = cliff(actor("ada", "top", guard=20, life=9))
    drop(s2, "ada", "lagoon", roll=1)
    assert s2.state.actors["ada"].life == 9 - 4


def test_short_fall_into_water_is_not_lethal_A003_08() -> None:
    """A003-08: into water from 2 heights or less, no lethal damage at all."""
    s = cliff(actor("ada", "top"))
    events = drop(s, "ada", "low", roll=1)
    (damaged,) = of_type(events, "damaged")
    assert (damaged.guard, damaged.lethal) == (4, 0)
    assert (s.state.actors["ada"].life, s.state.actors["ada"].guard) == (5, 0)


def test_negative_maneuver_counts_as_zero_R003_28() -> None:
    """R003-28, A003-01: a Maneuver pushed below zero by a penalty reduces nothing."""
    s = cliff(actor("ada", "top", dice={"maneuver": "d6-4"}, guard=20, life=9))
    events = drop(s, "ada", "quay", roll=1)
    assert of_type(events, "rolled")[0].total == -3
    assert of_type(events, "damaged")[0].lethal == 5
    assert s.state.actors["ada"].life == 4


def test_guard_and_life_never_below_zero_R003_25() -> None:
    s = cliff(actor("ada", "top", guard=1, life=2))
    drop(s, "ada", "quay", roll=1)
    ada = s.state.actors["ada"]
    assert (ada.guard, ada.life) == (0, 0)


def test_drop_from_on_high_to_its_span_A003_10() -> None:
    """A003-10: stepping off an on-high feature is a fall onto its span."""
    s = session([actor("ada", "tower")])
    events = drop(s, "ada", roll=2)
    assert of_type(events, "fell")[0].heights == 2
    assert (s.state.actors["ada"].at, s.state.actors["ada"].life) == ("yard", 5)


def test_cannot_drop_from_the_ground_A003_10() -> None:
    """A003-10: a drop must go down: this span (from above it) or a lower neighbour."""
    s = session([actor("ada", "yard")])
    refused(s, {"do": "drop", "actor": "ada"}, "cannot_drop", "A003-10")
    refused(s, {"do": "drop", "actor": "ada", "to": "street"}, "cannot_drop")
    s2 = session([actor("ada", "tower")])
    refused(s2, {"do": "drop", "actor": "ada", "to": "sky"}, "cannot_drop")  # step off first


def test_drop_after_a_run_uses_the_bonus_move_R003_03() -> None:
    """R003-03: a drop may be the second move of a successful Run."""
    s = session([actor("ada", "yard")])
    s.do({"do": "run", "actor": "ada", "die": "attack", "to": "steps", "roll": [6]})
    events = drop(s, "ada", roll=1)
    assert types(events)[0] == "bonus_used"
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.bonus, ada.guard) == ("yard", 0, False, 1)


# -- R003-37: Leaf on the Wind -----------------------------------------------------------------


def wanderer(**stats: Any) -> Any:
    return cliff(actor("wan", "top", abilities=["leaf_on_the_wind"], guard=20, life=9, **stats))


def test_leaf_on_the_wind_offered_after_the_roll_R003_37() -> None:
    """R003-37: after a poor Maneuver the Wanderer may keep it or reroll."""
    s = wanderer()
    events = drop(s, "wan", "quay", roll=1)
    assert "damaged" not in types(events)
    pending = s.state.pending
    assert pending is not None
    assert (pending.actor, pending.kind, pending.choices) == ("wan", "leaf_on_the_wind",
                                                              ("keep", "reroll"))
    events = s.do({"answer": "keep"})
    assert of_type(events, "damaged")[0].lethal == 4
    assert s.state.actors["wan"].life == 5


@pytest.mark.parametrize(("pick", "life"), [("second", 9 - 1), ("first", 9 - 4)])
def test_leaf_on_the_wind_reroll_then_pick_R003_37(pick: str, life: int) -> None:
    """R003-37: the reroll's result is the Wanderer's pick; one result counts."""
    s = wanderer()
    drop(s, "wan", "quay", roll=1)
    events = s.do({"answer": "reroll", "roll": [4]})
    rerolled = of_type(events, "rolled")
    assert len(rerolled) == 1 and rerolled[0].total == 4 and "R003-37" in rerolled[0].rules
    pending = s.state.pending
    assert pending is not None and pending.kind == "pick_result"
    assert pending.choices == ("first", "second")
    s.do({"answer": pick})
    assert s.state.actors["wan"].life == life


def test_leaf_on_the_wind_results_are_not_added_R003_37() -> None:
    """R003-37: 2 then 2 on a 5-lethal fall leaves 3 lethal, not 1."""
    s = wanderer()
    drop(s, "wan", "quay", roll=2)
    s.do({"answer": "reroll", "roll": [2]})
    events = s.do({"answer": "second"})
    assert of_type(events, "damaged")[0].lethal == 3


def test_no_leaf_on_the_wind_without_the_ability_R003_37() -> None:
    s = cliff(actor("ada", "top"))
    drop(s, "ada", "quay", roll=1)
    assert s.state.pending is None


# -- R003-38, R003-39, A003-25: avoiding the fall -------------------------------------------------


def test_ride_wind_takes_no_falling_damage_R003_38() -> None:
    """R003-38, A003-25: the Messenger is asked first; Ride Wind lands without damage and,
    as a hook, costs nothing here."""
    s = cliff(actor("mes", "top", abilities=["ride_wind"]))
    events = drop(s, "mes", "quay")
    assert "rolled" not in types(events)
    pending = s.state.pending
    assert pending is not None and pending.kind == "avoid_fall"
    assert pending.choices == ("ride_wind", "none")
    events = s.do({"answer": "ride_wind"})
    assert "damaged" not in types(events)
    assert "R003-38" in cited(of_type(events, "fall_avoided"))
    mes = s.state.actors["mes"]
    assert (mes.at, mes.height, mes.guard, mes.life, mes.awareness) == ("quay", 0, 3, 5, 3)


def test_declining_ride_wind_falls_normally_R003_38() -> None:
    s = cliff(actor("mes", "top", abilities=["ride_wind"], guard=20))
    drop(s, "mes", "quay")
    events = s.do({"answer": "none", "roll": [3]})
    assert of_type(events, "damaged")[0].lethal == 2
    assert s.state.actors["mes"].life == 3


def test_untether_instead_of_falling_R003_39() -> None:
    """R003-39: a Sorcerer who falls may Untether and float where it was."""
    s = cliff(actor("sorc", "top", abilities=["untether", "ride_wind"]))
    drop(s, "sorc", "quay")
    assert s.state.pending is not None
    assert s.state.pending.choices == ("ride_wind", "untether", "none")
    events = s.do({"answer": "untether"})
    assert "damaged" not in types(events) and "R003-39" in cited(events)
    sorc = s.state.actors["sorc"]
    assert (sorc.mode, sorc.at, sorc.height, sorc.life) == ("floating", "top", 5, 5)


# -- R003-26, A003-20: the Skysea -------------------------------------------------------------


def test_falling_into_the_skysea_removes_the_character_R003_26() -> None:
    """R003-26, A003-20: no surface, no damage: the character leaves the scene."""
    s = cliff(actor("ada", "top"), actor("bo", "top"))
    events = drop(s, "ada", "void")
    assert types(events)[:3] == ["movement_action_taken", "fell", "lost_in_skysea"]
    assert {"R003-26", "A003-20"} <= cited(events)
    assert of_type(events, "fell")[0].surface == "skysea"
    ada = s.state.actors["ada"]
    assert ada.removed and (ada.guard, ada.life) == (3, 5)
    # out of the scene on her own turn, the turn passes to the next in the order
    assert s.state.current == "bo"
    assert not s.options("ada")


def test_the_turn_passes_when_its_holder_falls_into_the_skysea_R003_26_A003_20() -> None:
    """R003-26, A003-20: a character lost in the Skysea during its own turn cannot act
    again, so the same command ends that turn and starts the next one's (logged as a
    turn that passes); replay equals live, and undo gives the turn back."""
    s = cliff(actor("ada", "top"), actor("bo", "top"))
    before = s.state
    events = drop(s, "ada", "void")
    assert types(events) == ["movement_action_taken", "fell", "lost_in_skysea",
                             "turn_passed", "turn_ended", "turn_started"]
    assert of_type(events, "turn_passed")[0].actor == "ada"
    assert (s.state.current, s.state.round) == ("bo", 1)
    assert s.engine.replay(s.initial, s.events) == s.state
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "quay"},
            "not_your_turn")
    s.undo()
    assert s.state == before and s.state.current == "ada"


def test_a_round_whose_last_holder_falls_ends_and_the_next_begins_A003_20() -> None:
    """A003-20: when the round's last character falls into the Skysea on its turn, the
    round ends as after any last turn and the first still in the scene opens the next."""
    s = cliff(actor("ada", "top"), actor("bo", "top"))
    end_turns(s, "ada")
    events = drop(s, "bo", "void")
    assert "round_ended" in types(events)
    assert (s.state.round, s.state.current) == (2, "ada")


def test_the_encounter_ends_when_the_last_one_in_the_scene_falls_A003_20() -> None:
    """A003-20: nobody left in the scene to take a turn: the encounter is over."""
    s = cliff(actor("ada", "top"))
    events = drop(s, "ada", "void")
    assert types(events)[-1] == "encounter_ended"
    assert s.state.ended and s.actor_to_move is None


def test_nobody_runs_or_climbs_into_the_skysea_R003_26() -> None:
    """R003-26: the Skysea has no ground: a Run or a Climb there is refused (only a fall,
    or an airborne move, goes there). (Regression: Climb once went down into it.)"""
    s = session([actor("ada", "yard"), actor("kite", "yard", mode="flying", can_fly=True)])
    refused(s, {"do": "climb", "actor": "ada", "die": "brace", "to": "sky", "roll": [6]},
            "no_surface", "R003-26")
    refused(s, {"do": "run", "actor": "ada", "die": "brace", "to": "sky", "roll": [6]},
            "no_surface", "R003-26")
    end_turns(s, "ada")
    s.do({"do": "fly", "actor": "kite", "die": "attack", "to": "sky", "roll": [6]})
    assert (s.state.actors["kite"].at, s.state.actors["kite"].height) == ("sky", 0)


def test_skysea_fall_with_a_roll_is_refused() -> None:
    """R003-26: no Maneuver roll is made over the Skysea, so a supplied one is unused."""
    from footwork.errors import DiceError

    s = cliff(actor("ada", "top"))
    before = s.state
    with pytest.raises(DiceError):
        drop(s, "ada", "void", roll=3)
    assert s.state == before


def test_removed_character_takes_no_more_turns_A003_20() -> None:
    """A003-20: the turn order skips a character lost in the Skysea."""
    s = cliff(actor("ada", "top"), actor("bo", "top"), actor("cy", "top"))
    drop(s, "ada", "void")
    end_turns(s, "bo", "cy")
    assert s.state.round == 2
    assert s.state.current == "bo"
    end_turns(s, "bo", "cy")
    assert (s.state.round, s.state.current) == (3, "bo")


def test_ride_wind_is_not_offered_over_the_skysea_R003_26() -> None:
    """R003-26: Ride Wind softens a landing, but the Skysea has nowhere to land; only
    Untether (floating) can save the faller. (Regression: Ride Wind once left the
    character standing on the bottomless sky.)"""
    s = cliff(actor("mes", "top", abilities=["ride_wind"]))
    drop(s, "mes", "void")
    assert s.state.pending is None and s.state.actors["mes"].removed
    s2 = cliff(actor("sorc", "top", abilities=["ride_wind", "untether"]))
    drop(s2, "sorc", "void")
    assert s2.state.pending is not None and s2.state.pending.choices == ("untether", "none")
    s2.do({"answer": "untether"})
    sorc = s2.state.actors["sorc"]
    assert (sorc.mode, sorc.removed, sorc.at) == ("floating", False, "top")


# -- R003-29, A003-21: jump attacks -----------------------------------------------------------


def jumpers(**options: Any) -> Any:
    return cliff(actor("jo", "top", guard=20), actor("foe", "quay", side="raiders", armor=1),
                 actor("pal", "quay"), actor("up", "top", side="raiders"), **options)


def test_jump_attack_hit_passes_the_impact_to_the_foe_R003_29() -> None:
    """R003-29, A003-21: on a hit the foe takes the fall damage of the height difference
    (armour reduces its guard part, no Maneuver roll); the jumper lands unharmed."""
    s = jumpers()
    events = s.do({"do": "jump_attack", "actor": "jo", "target": "foe", "hit": True})
    (resolved,) = of_type(events, "jump_attack_resolved")
    assert (resolved.hit, resolved.heights) == (True, 5)
    assert "rolled" not in types(events)
    foe, jo = s.state.actors["foe"], s.state.actors["jo"]
    assert (foe.guard, foe.life) == (0, 0)  # 10 - 1 armour guard, 5 lethal
    (damaged,) = of_type(events, "damaged")
    assert (damaged.actor, damaged.guard, damaged.lethal) == ("foe", 9, 5)
    assert (jo.at, jo.height, jo.guard, jo.life) == ("quay", 0, 20, 5)


def test_jump_attack_miss_is_a_normal_fall_A003_21() -> None:
    """A003-21: on a miss the jumper falls to where the foe stands and rolls Maneuver."""
    s = jumpers()
    events = s.do({"do": "jump_attack", "actor": "jo", "target": "foe", "hit": False,
                   "roll": [2]})
    # the jump's fall spends the movement action first (rule questions, fall.jump_uses_movement)
    assert types(events)[:4] == ["movement_action_taken", "jump_attack_resolved", "fell",
                                 "rolled"]
    jo, foe = s.state.actors["jo"], s.state.actors["foe"]
    assert (jo.at, jo.guard, jo.life) == ("quay", 10, 2)
    assert (foe.guard, foe.life) == (3, 5)


def test_jump_attack_asks_the_guide_R003_29() -> None:
    """R003-29: whether it misses belongs to the Attacks chapter: the Guide is asked."""
    s = jumpers()
    events = s.do({"do": "jump_attack", "actor": "jo", "target": "foe"})
    assert types(events) == ["movement_action_taken", "decision_requested"]
    pending = s.state.pending
    assert pending is not None
    assert (pending.actor, pending.kind, pending.choices) == ("gm", "jump_attack", ("hit", "miss"))
    refused(s, {"answer": "hit", "actor": "jo"}, "not_your_decision")
    s.do({"answer": "hit", "actor": "gm"})
    assert s.state.actors["foe"].life == 0 and s.state.pending is None


def test_jump_attack_gm_miss_with_roll_R003_29() -> None:
    s = jumpers()
    s.do({"do": "jump_attack", "actor": "jo", "target": "foe"})
    s.do({"answer": "miss", "actor": "gm", "roll": [5]})
    assert s.state.actors["jo"].life == 5  # 5 lethal less 5


def test_jump_attack_target_rolls_with_option_A003_21() -> None:
    """A003-21 option `fall.jump_target_maneuver: true`: the foe rolls to land safely."""
    s = jumpers(fall={"jump_target_maneuver": True})
    events = s.do({"do": "jump_attack", "actor": "jo", "target": "foe", "hit": True,
                   "roll": [4]})
    (rolled,) = of_type(events, "rolled")
    assert rolled.actor == "foe" and rolled.total == 4
    assert s.state.actors["foe"].life == 5 - 1


def test_jump_attack_needs_a_foe_below_R003_29() -> None:
    """R003-29: a foe beneath the jumper, in its span or the next; not an ally, not
    someone level, not a flier in mid-air."""
    s = jumpers()
    refused(s, {"do": "jump_attack", "actor": "jo", "target": "pal", "hit": True},
            "no_jump_target", "R003-29")
    refused(s, {"do": "jump_attack", "actor": "jo", "target": "up", "hit": True},
            "no_jump_target")
    refused(s, {"do": "jump_attack", "actor": "jo", "target": "ghost", "hit": True},
            "unknown_actor")
    targets = {o.command.get("target") for o in s.options("jo")
               if o.command["do"] == "jump_attack"}
    assert targets == {"foe"}
    s2 = cliff(actor("jo", "spire"),
               actor("bird", "top", side="raiders", mode="flying", can_fly=True, height=6))
    refused(s2, {"do": "jump_attack", "actor": "jo", "target": "bird", "hit": True},
            "no_jump_target")


def test_jump_attack_needs_room_where_the_foe_stands_A003_06() -> None:
    """A003-06, A003-21: hit or miss, the jumper ends where the foe stands, so a full
    feature cannot be jumped into. (Regression: the landing overfilled it.)"""
    spans = [{"id": "yard", "features": [
        {"id": "tower", "kind": "on_high", "height": 3},
        {"id": "nook", "kind": "cover", "capacity": 1}]}]
    s = session([actor("jo", "tower"), actor("foe", "nook", side="raiders")],
                spans=spans, links=[])
    refused(s, {"do": "jump_attack", "actor": "jo", "target": "foe", "hit": True},
            "feature_full", "A003-06")
    assert not any(o.command["do"] == "jump_attack" for o in s.options("jo"))


def test_the_guide_gives_no_character_commands() -> None:
    """Only characters act; a `gm` command other than an answer is refused, not a crash."""
    s = session([actor("ada", "yard")])
    refused(s, {"do": "hands", "actor": "gm", "free": 1}, "unknown_actor")
